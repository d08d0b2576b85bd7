package dataset

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// readSparseString reads s with ReadSparse.
func readSparseString(s string) (mat.Matrix, []float64, error) {
	return ReadSparse(strings.NewReader(s))
}

// sameAsRead fails t unless ReadSparse and Read agree on in: the same
// numbers and labels, or both an error wrapping the same sentinel at the
// same line and field. A file that Read refuses only for the size of its
// dense matrix ReadSparse may read.
func sameAsRead(t *testing.T, in string) {
	t.Helper()
	x, y, err := readSparseString(in)
	s, rerr := Read(strings.NewReader(in))
	if (err == nil) != (x != nil) {
		t.Fatalf("ReadSparse: matrix %v with error %v", x, err)
	}
	dense := rerr != nil && errors.Is(rerr, ErrTooLarge) && strings.Contains(rerr.Error(), "features") // n·(d+1) too large
	switch {
	case dense && err != nil:
		// Read stops at the size of its dense matrix, before the checks
		// at the end of the file.
	case rerr != nil && err != nil && strings.ContainsAny(in, "\x00"):
		// Read checks the bytes as it buffers them, and may report a NUL
		// byte of a later line first.
	case rerr != nil && err != nil:
		var a, b *LineError
		if errors.As(err, &a) != errors.As(rerr, &b) || a != nil && (a.Line != b.Line || a.Field != b.Field || !errors.Is(err, b.Err)) {
			t.Errorf("%q: ReadSparse: %v; Read: %v", in, err, rerr)
		}
		for _, sentinel := range []error{ErrEmpty, ErrFormat, ErrLabel, ErrNotFinite, ErrTooLarge, ErrRagged} {
			if errors.Is(rerr, sentinel) != errors.Is(err, sentinel) {
				t.Errorf("%q: ReadSparse: %v; Read: %v", in, err, rerr)
			}
		}
	case rerr != nil && errors.Is(rerr, ErrTooLarge) && err == nil:
		// Too large or too sparse for a dense matrix: the CSR matrix
		// holds the entries.
		n, d := x.Dims()
		if cells := int64(n) * int64(d+1); cells <= int64(maxCells) && (cells <= FreeCells || cells <= MaxCellsPerByte*int64(len(in))) {
			t.Errorf("%q: ReadSparse read %d×%d, Read: %v", in, n, d, rerr)
		}
	case rerr != nil || err != nil:
		t.Errorf("%q: ReadSparse: %v; Read: %v", in, err, rerr)
	default:
		if c, ok := x.(*CSR); ok {
			if err := c.Validate(y); err != nil {
				t.Fatalf("%q: invalid CSR: %v", in, err)
			}
			if c.Full() {
				t.Errorf("%q: a full matrix returned as CSR", in)
			}
			x = c.Dense()
		}
		if !mat.Equal(x, s.X) || !equalFloats(y, s.Y) {
			t.Errorf("%q: ReadSparse %v %v, Read %v %v", in, mat.Formatted(x), y, mat.Formatted(s.X), s.Y)
		}
	}
}

// equalFloats compares bit for bit (−0 is not 0).
func equalFloats(a, b []float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if math.Float64bits(a[i]) != math.Float64bits(b[i]) {
			return false
		}
	}
	return true
}

// sparseInputs are LIBSVM texts, well formed and not, for the comparisons
// with Read.
var sparseInputs = []string{
	"+1 1:3 2:3\n+1 1:4 2:3\n-1 1:1 2:1\n",
	"+1 2:2.5\n-1 4:-1 # comment\n\n1\t1:0.001\n",
	"+1\n-1 3:0\n",
	"+1 1:1\n-1 3:1 2:1\n",
	"1 1:1\n0 1:2\n",
	"+1 99999999:1\n",
	"1:2 3:4\n",
	"1 1:3 2:3 # x1, positive\n-1 1:1 2:1\n",
	"\n# nothing\n", "+1\n-1\n", "+1 1:2 3\n", "+1 0:2\n", "+1 a:2\n", "+1 +2:2 3:1\n", "-1 01:2 002:1\n",
	"+1 2:1 2:1\n", "+1 1:x\n", "\n+1 1:1 2:-Inf\n", "pos 1:1\n", "inf 1:1\n", "+1 1:1_0\n", "0x1p0 1:1\n",
	"1 1:1\n\n-1 1:\x00", "+1 1:1:2\n", "+1 1:\n", "+1 :1\n", "+1 1:.5 2:5. 3:-.0 4:+1e-3 5:1E+2\n",
	"-1 1:123456789012345678 2:0.1000000000000000055511151231257827 3:1e-400 4:4.9e-324 5:1.7976931348623157e308\n",
	"+1 1:1e309\n", "+1 1:1e\n", "+1 1:1e+\n", "+1 1:e5\n", "+1 1:.\n", "+1 1:-\n", "+1 1:NaN\n",
	"+1.0 1:1\r\n-1.000 1:-0\r\n", "+1 1:1 # a:b 7:8\n-1 2:2\n", "1 16777216:1\n-1 1:1\n", "1 16777217:1\n",
	"\ufeff+1 1:1\n-1 1:2\n", "\xff\xfe+\x001\x00", "1 1:1\n2 1:1\n",
	strings.Repeat("+1 1:3 16777216:3\n-1 1:1\n", 2),
}

func TestReadSparseAgreesWithRead(t *testing.T) {
	for _, in := range sparseInputs {
		sameAsRead(t, in)
	}
}

// A file that lists every feature on every row is dense, in the memory of
// the values read; one that leaves some out is a CSR of its entries.
func TestReadSparseKinds(t *testing.T) {
	x, _, err := readSparseString("+1 1:3 2:3\n-1 1:1 2:1\n")
	if _, ok := x.(*mat.Dense); !ok || err != nil {
		t.Errorf("full file: %T, %v; want *mat.Dense", x, err)
	}
	x, _, err = readSparseString("3,3,1\n1,1,-1\n")
	if _, ok := x.(*mat.Dense); !ok || err != nil {
		t.Errorf("CSV: %T, %v; want *mat.Dense", x, err)
	}
	x, y, err := readSparseString("+1 2:2.5\n-1 16777216:1 # one word of 2²⁴\n")
	c, ok := x.(*CSR)
	if !ok || err != nil {
		t.Fatalf("sparse file: %T, %v; want *CSR", x, err)
	}
	if c.N != 2 || c.D != 1<<24 || c.NNZ() != 2 || c.At(0, 1) != 2.5 || c.At(1, 1<<24-1) != 1 || c.At(1, 0) != 0 || !equalFloats(y, []float64{1, -1}) {
		t.Errorf("sparse file: %d×%d with %d entries %v %v, labels %v", c.N, c.D, c.NNZ(), c.Ind, c.Val, y)
	}
}

// TestParseNumber: the fast parser gives strconv's float64, bit for bit,
// on decimal numbers of every shape; and refuses what parseValue refuses.
func TestParseNumber(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	var cases []string
	for range 20000 {
		v := math.Float64frombits(rng.Uint64())
		if math.IsNaN(v) || math.IsInf(v, 0) {
			continue
		}
		prec := -1
		if rng.IntN(2) == 0 {
			prec = 1 + rng.IntN(17)
		}
		cases = append(cases, strconv.FormatFloat(v, "eEfg"[rng.IntN(4)], prec, 64))
		w := (rng.Float64() - 0.5) * math.Pow(10, float64(rng.IntN(12)-6))
		cases = append(cases, strconv.FormatFloat(w, 'f', rng.IntN(10), 64), strconv.FormatFloat(w, 'g', 6, 64))
	}
	cases = append(cases, "0", "-0", "+0.000", "00012.5000", ".5", "5.", "1e22", "1e23", "9007199254740993",
		"123456789012345", "1234567890123456", "0.000000000000000000001", "1e-400", "-1e-400", "4.9e-324",
		"1.7976931348623157e308", "1.7976931348623159e308", "1e309", "1_0", "0x1p-2", "NaN", "Inf", "-inf", "1e", "e1",
		".", "+", "-", "", "1.2.3", "1e+", "1e5.5", "١")
	for _, s := range cases {
		want, err := parseValue(s, 1, 1)
		got, ok := parseNumber([]byte(s))
		if ok != (err == nil) || ok && math.Float64bits(got) != math.Float64bits(want) {
			t.Errorf("parseNumber(%q) = %v, %v; parseValue: %v, %v", s, got, ok, want, err)
		}
	}
}

// TestReadSparseLimits: endless inputs stop with a bounded allocation, and
// MaxCells bounds the entries and rows.
func TestReadSparseLimits(t *testing.T) {
	read := func(r io.Reader) (*Set, error) {
		_, _, err := ReadSparse(r)
		return nil, err
	}
	const budget = 128 * MaxLineBytes
	for _, in := range []struct {
		name, head, body string
		want             error
	}{
		{"zeros", "", "\x00", ErrFormat},
		{"one line", "+1", " 1:1", ErrTooLarge},
		{"blanks", "", " ", ErrTooLarge},
	} {
		var err error
		bytes := allocated(func() { _, err = read(&repeat{head: in.head, body: in.body}) })
		if !errors.Is(err, in.want) {
			t.Errorf("%s: got %v, want %v", in.name, err, in.want)
		}
		if bytes > budget {
			t.Errorf("%s: allocated %d MiB, want at most %d", in.name, bytes>>20, budget>>20)
		}
	}
	defer func(l, c int) { maxLineBytes, maxCells = l, c }(maxLineBytes, maxCells)
	maxLineBytes, maxCells = 1<<10, 1<<10
	// 205 rows of 4 entries: 1025 numbers.
	_, err := read(&repeat{head: "# c\n", body: "+1 1:1 2:1 3:1 4:1\n"})
	var le *LineError
	if !errors.As(err, &le) || !errors.Is(err, ErrTooLarge) || le.Line != 206 {
		t.Errorf("cells: got %v, want ErrTooLarge at line 206", err)
	}
	_, err = read(strings.NewReader("+1 1:1\n" + strings.Repeat(" 1:1", 300) + "\n"))
	if !errors.Is(err, ErrTooLarge) {
		t.Errorf("long line: got %v, want ErrTooLarge", err)
	}
}

// TestReadSparseFile: from a regular file the arrays are allocated once,
// at their size: about 12 bytes an entry and 16 a row, where growing them
// by appending would allocate twice as much or more.
func TestReadSparseFile(t *testing.T) {
	const n, perRow = 20000, 30
	rng := rand.New(rand.NewPCG(7, 7))
	var buf bytes.Buffer
	for i := range n {
		fmt.Fprintf(&buf, "%+d", 1-2*(i%2))
		j := 0
		for range perRow {
			j += 1 + rng.IntN(100)
			fmt.Fprintf(&buf, " %d:%.6g", j, rng.NormFloat64())
		}
		buf.WriteString("\n")
	}
	path := filepath.Join(t.TempDir(), "data.libsvm")
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var x mat.Matrix
	got := allocated(func() { x, _, err = ReadSparse(f) })
	if err != nil {
		t.Fatal(err)
	}
	c := x.(*CSR)
	want := uint64(12*c.NNZ() + 16*c.N)
	if c.NNZ() != n*perRow || got > want+2<<20 {
		t.Errorf("%d entries; allocated %d bytes, want about %d", c.NNZ(), got, want)
	}
	// The same data as Read.
	sameAsRead(t, buf.String())
}

func FuzzReadSparse(f *testing.F) {
	for _, s := range sparseInputs {
		f.Add(s)
	}
	defer func(m int) { maxCells = m }(maxCells)
	maxCells = fuzzMaxCells
	f.Fuzz(func(t *testing.T, in string) {
		sameAsRead(t, in)
	})
}

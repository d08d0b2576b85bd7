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
	"slices"
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
	var dx mat.Matrix
	var dy []float64
	if s != nil {
		dx, dy = s.X, s.Y
	}
	agree(t, in, x, y, err, dx, dy, rerr)
}

// sameAsReadPoints is sameAsRead for SparseReader.ReadPoints and
// ReadPoints, points of d features.
func sameAsReadPoints(t *testing.T, in string, d int) {
	t.Helper()
	x, y, err := SparseReader{}.ReadPoints(strings.NewReader(in), d)
	dx, dy, rerr := ReadPoints(strings.NewReader(in), d)
	if dx == nil {
		agree(t, in, x, y, err, nil, dy, rerr)
		return
	}
	agree(t, in, x, y, err, dx, dy, rerr)
}

// agree compares what a sparse reader read (x, y, err) with what the
// dense one did (s, sy, rerr); see sameAsRead.
func agree(t *testing.T, in string, x mat.Matrix, y []float64, err error, sx mat.Matrix, sy []float64, rerr error) {
	t.Helper()
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
		if err.Error() != rerr.Error() {
			t.Errorf("%q: messages differ: ReadSparse: %v; Read: %v", in, err, rerr)
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
			labels := y
			if labels == nil { // points without labels
				labels = make([]float64, c.N)
				for i := range labels {
					labels[i] = 1
				}
			}
			if err := c.Validate(labels); err != nil {
				t.Fatalf("%q: invalid CSR: %v", in, err)
			}
			if c.Full() {
				t.Errorf("%q: a full matrix returned as CSR", in)
			}
			x = c.Dense()
		}
		if !mat.Equal(x, sx) || !equalFloats(y, sy) || (y == nil) != (sy == nil) {
			t.Errorf("%q: ReadSparse %v %v, Read %v %v", in, mat.Formatted(x), y, mat.Formatted(sx), sy)
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
// with Read: the fuzz seeds and more.
var sparseInputs = append(slices.Clone(libsvmSeeds),
	"\n# nothing\n", "+1\n-1\n", "+1 1:2 3\n", "+1 0:2\n", "+1 a:2\n", "+1 +2:2 3:1\n", "-1 01:2 002:1\n",
	"+1 2:1 2:1\n", "+1 1:x\n", "\n+1 1:1 2:-Inf\n", "pos 1:1\n", "inf 1:1\n", "+1 1:1_0\n", "0x1p0 1:1\n",
	"1 1:1\n\n-1 1:\x00", "+1 1:1:2\n", "+1 1:\n", "+1 :1\n", "+1 1:.5 2:5. 3:-.0 4:+1e-3 5:1E+2\n",
	"-1 1:123456789012345678 2:0.1000000000000000055511151231257827 3:1e-400 4:4.9e-324 5:1.7976931348623157e308\n",
	"+1 1:1e309\n", "+1 1:1e\n", "+1 1:1e+\n", "+1 1:e5\n", "+1 1:.\n", "+1 1:-\n", "+1 1:NaN\n",
	"+1.0 1:1\r\n-1.000 1:-0\r\n", "+1 1:1 # a:b 7:8\n-1 2:2\n", "1 4194304:1\n-1 1:1\n", "1 4194305:1\n",
	"1 16777216:1\n",
	"\ufeff+1 1:1\n-1 1:2\n", "\xff\xfe+\x001\x00", "1 1:1\n2 1:1\n",
	strings.Repeat("+1 1:3 4194304:3\n-1 1:1\n", 2),
	// Points without labels, for ReadPoints; a mixture.
	"1:1 2:2\n3:0.5\n", "2:1\n+1 1:1\n", "+1 2:1\n1:1\n", "1:1 2:1 3:1\n", "  # c\n\n1:-1e-3 2:7\n",
)

func TestReadSparseAgreesWithRead(t *testing.T) {
	for _, in := range sparseInputs {
		sameAsRead(t, in)
		for _, d := range []int{1, 2, 3, 5} {
			sameAsReadPoints(t, in, d)
		}
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
	x, y, err := readSparseString("+1 2:2.5\n-1 4194304:1 # one word of 2²²\n")
	c, ok := x.(*CSR)
	if !ok || err != nil {
		t.Fatalf("sparse file: %T, %v; want *CSR", x, err)
	}
	if c.N != 2 || c.D != MaxIndex || c.NNZ() != 2 || c.At(0, 1) != 2.5 || c.At(1, MaxIndex-1) != 1 || c.At(1, 0) != 0 || !equalFloats(y, []float64{1, -1}) {
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

// TestSparseReaderMaxCells: ReadSparse stops at MaxCells numbers (entries
// and rows), and a SparseReader with a larger MaxCells reads further, from
// a stream and from a regular file alike.
func TestSparseReaderMaxCells(t *testing.T) {
	defer func(c int) { maxCells = c }(maxCells)
	maxCells = 1 << 10
	in := strings.Repeat("+1 1:1 2:-1 3:0.5 4:2\n", 300) // 1500 numbers
	path := filepath.Join(t.TempDir(), "data.libsvm")
	if err := os.WriteFile(path, []byte(in), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		r    SparseReader
		line int // of the error, 0 for none
	}{
		{"ReadSparse", SparseReader{}, 205}, // 205·5 = 1025 > 2¹⁰
		{"1400", SparseReader{MaxCells: 1400}, 281},
		{"1500", SparseReader{MaxCells: 1500}, 0},
	} {
		for _, src := range []string{"stream", "file"} {
			var r io.Reader = strings.NewReader(in)
			if src == "file" {
				f, err := os.Open(path)
				if err != nil {
					t.Fatal(err)
				}
				defer f.Close()
				r = f
			}
			x, y, err := tc.r.Read(r)
			if tc.line > 0 {
				var le *LineError
				if !errors.As(err, &le) || !errors.Is(err, ErrTooLarge) || le.Line != tc.line {
					t.Errorf("%s, %s: got %v, want ErrTooLarge at line %d", tc.name, src, err, tc.line)
				}
				continue
			}
			if err != nil {
				t.Errorf("%s, %s: %v", tc.name, src, err)
				continue
			}
			if n, d := x.Dims(); n != 300 || d != 4 || len(y) != 300 || x.At(299, 2) != 0.5 {
				t.Errorf("%s, %s: %d×%d, %d labels", tc.name, src, n, d, len(y))
			}
		}
	}
}

// TestSparseReaderReadPoints: points are as wide as asked, with or without
// labels, sparse when rows leave features out; an index above d is an
// error of dimension naming the line and field.
func TestSparseReaderReadPoints(t *testing.T) {
	x, y, err := SparseReader{}.ReadPoints(strings.NewReader("2:1.5\n\n1:-1 7:2 # x2\n"), 7)
	c, ok := x.(*CSR)
	if err != nil || !ok || y != nil {
		t.Fatalf("got %T, %v, %v; want a *CSR without labels", x, y, err)
	}
	if c.N != 2 || c.D != 7 || c.At(0, 1) != 1.5 || c.At(1, 0) != -1 || c.At(1, 6) != 2 || c.NNZ() != 3 {
		t.Errorf("got %d×%d %v %v", c.N, c.D, c.Ind, c.Val)
	}
	_, _, err = SparseReader{}.ReadPoints(strings.NewReader("+1 2:1.5\n-1 1:-1 7:2\n"), 5)
	var le *LineError
	if !errors.As(err, &le) || !errors.Is(err, ErrDimension) || le.Line != 2 || le.Field != 3 || !strings.Contains(err.Error(), "want 5 features") {
		t.Errorf("index 7 of 5 features: got %v", err)
	}
	x, y, err = SparseReader{}.ReadPoints(strings.NewReader("+1 1:1 2:1.5\n-1 1:-1 2:2\n"), 2)
	if _, ok := x.(*mat.Dense); !ok || err != nil || !equalFloats(y, []float64{1, -1}) {
		t.Errorf("full labelled points: %T, %v, %v; want *mat.Dense with labels", x, y, err)
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
		sameAsReadPoints(t, in, 1+len(in)%4)
	})
}

package dataset

import (
	"bytes"
	"io"
	"slices"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// fuzzMaxCells keeps the fuzzer's inputs from building huge matrices.
const fuzzMaxCells = 1 << 16

// checkRoundTrip fails t unless s is valid and reads back unchanged after
// write.
func checkRoundTrip(t *testing.T, s *Set, write func(*bytes.Buffer, *Set) error, read func(*bytes.Buffer) (*Set, error)) {
	t.Helper()
	if err := s.Validate(); err != nil {
		t.Fatalf("reader returned an invalid set: %v", err)
	}
	var buf bytes.Buffer
	if err := write(&buf, s); err != nil {
		t.Fatalf("write: %v", err)
	}
	text := buf.String()
	got, err := read(&buf)
	if err != nil {
		t.Fatalf("reading what was written: %v\n%s", err, text)
	}
	if !mat.Equal(got.X, s.X) || !slices.Equal(got.Y, s.Y) || !slices.Equal(got.Names, s.Names) {
		t.Fatalf("round trip changed the set:\n%s", text)
	}
}

func FuzzReadCSV(f *testing.F) {
	fuzzReader(f, ReadCSV, WriteCSV,
		"3,3,1\n4,3,1\n1,1,-1\n",
		"# Example 2.1\r\n\r\nx1, \"x 2\",y\r\n3, 3, +1\r\n4,3,1.0\r\n1 ,1,-1\r\n",
		"\ufeffa,b,label\n1e-3,-0,1\n.25,5.,-1\n",
		"  # indented, \"quoted\"\n1_0,0x1p-2,1\n",
		"\"#a\",\"c,\"\"d\"\"\",\"\",label\n1,2,3,1\n",
		"1,2,1\n3,4,0\n",
		"1,NaN,1\n",
		"1,\"2,1\n",
	)
}

func FuzzReadLIBSVM(f *testing.F) {
	fuzzReader(f, ReadLIBSVM, WriteLIBSVM, libsvmSeeds...)
}

// libsvmSeeds are the LIBSVM texts FuzzReadLIBSVM starts from; the sparse
// reader's tests compare Read on them and more (sparseInputs).
var libsvmSeeds = []string{
	"+1 1:3 2:3\n+1 1:4 2:3\n-1 1:1 2:1\n",
	"+1 2:2.5\n-1 4:-1 # comment\n\n1\t1:0.001\n",
	"+1\n-1 3:0\n",
	"+1 1:1\n-1 3:1 2:1\n",
	"1 1:1\n0 1:2\n",
	"+1 99999999:1\n",
	"1:2 3:4\n",
	"1 1:3 2:3 # x1, positive\n-1 1:1 2:1\n",
}

// fuzzReader fuzzes a reader from the seed inputs: it must return either an
// error and no set, or a valid set that the matching writer writes and both
// the reader and Read read back unchanged. Read, on the same input, must
// return an error and no set or a valid set.
func fuzzReader(f *testing.F, read func(io.Reader) (*Set, error), write func(io.Writer, *Set) error, seeds ...string) {
	for _, s := range seeds {
		f.Add(s)
	}
	defer func(m int) { maxCells = m }(maxCells)
	maxCells = fuzzMaxCells
	f.Fuzz(func(t *testing.T, in string) {
		if s, err := Read(bytes.NewBufferString(in)); err != nil && s != nil {
			t.Fatal("Read: a set and an error")
		} else if err == nil {
			if err := s.Validate(); err != nil {
				t.Fatalf("Read returned an invalid set: %v", err)
			}
		}
		s, err := read(bytes.NewBufferString(in))
		if err != nil {
			if s != nil {
				t.Fatal("a set and an error")
			}
			return
		}
		writeTo := func(b *bytes.Buffer, s *Set) error { return write(b, s) }
		checkRoundTrip(t, s, writeTo, func(b *bytes.Buffer) (*Set, error) { return read(b) })
		checkRoundTrip(t, s, writeTo, func(b *bytes.Buffer) (*Set, error) { return Read(b) })
	})
}

// FuzzReadPoints: ReadPoints returns an error and nothing else, or d-wide
// finite points with no labels or one label ±1 per point; and a labelled
// set that Read reads, ReadPoints reads alike at its width (for d > 1: a
// file of lone numbers with d = 1 is CSV, see ReadPoints).
func FuzzReadPoints(f *testing.F) {
	for _, s := range []string{
		"3,3,1\n4,3,1\n1,1,-1\n", "3,3\n1,1\n", "x1,x2\n1,1\n", "3\n-1\n",
		"+1 1:3 2:3\n-1 2:1\n", "1:3 2:3\n2:1\n", "+1\n-1 3:2\n", "1:1\n-1 1:1\n", "1,1\n1,1,1\n",
	} {
		f.Add(s, 2)
		f.Add(s, 3)
	}
	defer func(m int) { maxCells = m }(maxCells)
	maxCells = fuzzMaxCells
	f.Fuzz(func(t *testing.T, in string, d int) {
		if d < 1 || d > 64 {
			return
		}
		x, y, err := ReadPoints(bytes.NewBufferString(in), d)
		if err != nil {
			if x != nil || y != nil {
				t.Fatal("points and an error")
			}
		} else {
			n, c := x.Dims()
			if c != d || y != nil && len(y) != n {
				t.Fatalf("%d×%d points and %d labels for d = %d", n, c, len(y), d)
			}
			if err := Validate(x, y); y != nil && err != nil {
				t.Fatalf("invalid points: %v", err)
			}
		}
		s, err := Read(bytes.NewBufferString(in))
		if err != nil {
			return
		}
		_, w := s.Dims()
		if w < 2 {
			return
		}
		x, y, err = ReadPoints(bytes.NewBufferString(in), w)
		if err != nil || !mat.Equal(x, s.X) || !slices.Equal(y, s.Y) {
			t.Fatalf("Read gives a %d-wide set, ReadPoints(%d) %v (err %v)", w, w, y, err)
		}
	})
}

package dataset

import (
	"errors"
	"io"
	"runtime"
	"strings"
	"testing"
)

// repeat is an endless reader: head, then body over and over.
type repeat struct {
	head, body string
	off        int // in head+body, then in body
}

func (r *repeat) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) {
		if r.off < len(r.head) {
			k := copy(p[n:], r.head[r.off:])
			n, r.off = n+k, r.off+k
			continue
		}
		i := (r.off - len(r.head)) % len(r.body)
		k := copy(p[n:], r.body[i:])
		n, r.off = n+k, r.off+k
	}
	return n, nil
}

// allocated returns the bytes f allocates.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

var readers = []struct {
	name string
	read func(io.Reader) (*Set, error)
}{{"csv", ReadCSV}, {"libsvm", ReadLIBSVM}, {"read", Read}}

// TestEndlessInput reads inputs that never end, at the real limits: each
// reader stops with an error, having allocated a bounded amount.
func TestEndlessInput(t *testing.T) {
	// Bytes a reader may allocate on the way: csv.Reader keeps about 40
	// bytes per field, and a field may take two bytes of the line.
	const budget = 128 * MaxLineBytes
	for _, in := range []struct {
		name, head, body string
		want             error
		hint             string
	}{
		{"zeros", "", "\x00", ErrFormat, "NUL byte"},
		{"one line", "", "1,", ErrTooLarge, "longer than"},
		{"one libsvm line", "+1", " 1:1", ErrTooLarge, "longer than"},
		{"blanks", "", " ", ErrTooLarge, "longer than"},
	} {
		for _, r := range readers {
			t.Run(in.name+"/"+r.name, func(t *testing.T) {
				var err error
				bytes := allocated(func() { _, err = r.read(&repeat{head: in.head, body: in.body}) })
				if !errors.Is(err, in.want) || !strings.Contains(err.Error(), in.hint) {
					t.Errorf("got %v, want %v (%s)", err, in.want, in.hint)
				}
				if bytes > budget {
					t.Errorf("allocated %d MiB, want at most %d", bytes>>20, budget>>20)
				}
			})
		}
	}
}

// TestLimits checks the limits at lowered values.
func TestLimits(t *testing.T) {
	defer func(l, c int) { maxLineBytes, maxCells = l, c }(maxLineBytes, maxCells)
	maxLineBytes, maxCells = 1<<10, 1<<10
	for _, tc := range []struct {
		name string
		read func(io.Reader) (*Set, error)
		in   io.Reader
		line int
	}{
		// A quoted field that never closes is one endless CSV record.
		{"csv/open quote", ReadCSV, &repeat{head: "1,\"", body: "a\n"}, 1},
		{"read/open quote", Read, &repeat{head: "1,\"", body: "a\n"}, 1},
		// Comment lines with no data after them.
		{"read/comments", Read, &repeat{body: "#\n"}, 0},
		{"csv/cells", ReadCSV, &repeat{body: "1,2,3,4,1\n"}, 205},
		{"libsvm/cells", ReadLIBSVM, &repeat{body: "+1 1:1 2:1 3:1 4:1\n"}, 205},
		{"read/cells", Read, &repeat{head: "# c\n", body: "+1 1:1 2:1 3:1 4:1\n"}, 206},
		{"csv/wide line", ReadCSV, strings.NewReader("1,2\n" + strings.Repeat("1,", 600) + "1\n"), 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := tc.read(tc.in)
			if !errors.Is(err, ErrTooLarge) || s != nil {
				t.Fatalf("got %v, want ErrTooLarge", err)
			}
			var le *LineError
			if got := 0; errors.As(err, &le) {
				got = le.Line
				if got != tc.line {
					t.Errorf("at line %d, want %d: %v", got, tc.line, err)
				}
			} else if tc.line != 0 {
				t.Errorf("no line in %v", err)
			}
		})
	}
}

// TestHugeIndexAllocation: a LIBSVM file of a few lines with index 2²² is
// refused before the dense matrix is allocated.
func TestHugeIndexAllocation(t *testing.T) {
	in := strings.Repeat("+1 1:3 4194304:3\n-1 1:1 2:1\n", 2) // 4×2²² numbers, 128 MiB dense
	for _, r := range readers[1:] {
		var err error
		bytes := allocated(func() { _, err = r.read(strings.NewReader(in)) })
		if !errors.Is(err, ErrTooLarge) {
			t.Errorf("%s: got %v, want ErrTooLarge", r.name, err)
		}
		if bytes > 1<<20 {
			t.Errorf("%s: allocated %d bytes for a %d-byte file", r.name, bytes, len(in))
		}
	}
}

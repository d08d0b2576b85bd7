package modelio_test

import (
	"errors"
	"fmt"
	"io"
	"runtime"
	"strings"
	"testing"

	"github.com/marginnotes/marginnotes/pkg/modelio"
)

// repeated is a reader of body, n times, then tail.
type repeated struct {
	body string
	n    int
	tail string
	off  int
}

func (r *repeated) Read(p []byte) (int, error) {
	k := 0
	for k < len(p) && r.n > 0 {
		c := copy(p[k:], r.body[r.off:])
		k += c
		if r.off += c; r.off == len(r.body) {
			r.off = 0
			r.n--
		}
	}
	if r.n == 0 && k < len(p) {
		c := copy(p[k:], r.tail)
		k += c
		r.tail = r.tail[c:]
	}
	if k == 0 {
		return 0, io.EOF
	}
	return k, nil
}

// dcdStream streams the file of an svm.DCD model whose w has d zeros.
func dcdStream(d int) io.Reader {
	head := fmt.Sprintf(`{"format": "marginnotes-model", "version": 1, "kind": "svm.DCD", "dim": %d,
"settings": {"c": 1, "loss": "hinge", "bias": 1, "no_bias": false, "eps": 0.1, "max_iter": 1000},
"linear": {"w": [0`, d)
	return io.MultiReader(strings.NewReader(head), &repeated{body: ",0", n: d - 1, tail: `], "b": 0}}`})
}

// rbfStream streams the file of an RBF svm.SMO model of n support vectors
// of dimension d, zeros, with coefficients 1.
func rbfStream(n, d int) io.Reader {
	head := fmt.Sprintf(`{"format": "marginnotes-model", "version": 1, "kind": "svm.SMO", "dim": %d,
"settings": {"c": 0, "eps": 0, "cache_bytes": 0, "no_shrinking": false, "max_iter": 0},
"expansion": {"kernel": {"name": "rbf", "gamma": 1}, "support": [`, d)
	sv := "[0" + strings.Repeat(",0", d-1) + "]"
	coef := `], "coef": [1` + strings.Repeat(",1", n-1) + `], "b": 0}}`
	return io.MultiReader(strings.NewReader(head+sv), &repeated{body: "," + sv, n: n - 1, tail: coef})
}

// allocated returns the bytes that f allocates, garbage included.
func allocated(f func()) uint64 {
	var a, b runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&a)
	f()
	runtime.ReadMemStats(&b)
	return b.TotalAlloc - a.TotalAlloc
}

// TestReadMemory: reading a model of m numbers allocates at most about
// twice their 8m bytes, garbage included, so that the heap never holds
// more: one long vector (2²¹ numbers) and many short ones (2¹⁸ support
// vectors of 2), each vector's slice header counting as the three words
// MaxCells counts. Issue 23 §1.2: a scratch slice grown by append, checked
// after it grew, allocated about 5 times the vector, and a w at the limit
// took 1.6 GB before it was refused.
func TestReadMemory(t *testing.T) {
	for _, c := range []struct {
		name  string
		in    func() io.Reader
		cells int // the words of the model's numbers and slice headers
	}{
		{"w of 2²¹", func() io.Reader { return dcdStream(1 << 21) }, 1<<21 + 3},
		{"2¹⁸ support vectors of 2", func() io.Reader { return rbfStream(1<<18, 2) }, 1<<18*(2+3) + 1<<18 + 3 + 3},
	} {
		var m *modelio.Model
		var err error
		got := allocated(func() { m, err = modelio.Read(c.in()) })
		if err != nil || m.Dim() < 2 {
			t.Fatalf("%s: %v", c.name, err)
		}
		limit := uint64(2*8*c.cells + 1<<20)
		t.Logf("%s: %d bytes allocated for %d words of model (%.2f×)", c.name, got, c.cells, float64(got)/float64(8*c.cells))
		if got > limit {
			t.Errorf("%s: %d bytes allocated, want at most %d (twice the %d words of the model, and 1 MiB)", c.name, got, limit, c.cells)
		}
	}
}

// TestReadMemoryAtTheLimit: a w past MaxCells is refused once its numbers
// pass the limit, having allocated about their 512 MiB (issue 23 §1.2:
// 1.6 GB, and "out of memory" under a 3 GB limit).
func TestReadMemoryAtTheLimit(t *testing.T) {
	if testing.Short() {
		t.Skip("a 134 MB model file")
	}
	var err error
	got := allocated(func() { _, err = modelio.Read(dcdStream(modelio.MaxCells)) })
	if !errors.Is(err, modelio.ErrFormat) || !strings.Contains(err.Error(), "MaxCells") {
		t.Fatalf("a w of MaxCells numbers: %v, want the MaxCells error", err)
	}
	t.Logf("%d bytes allocated (%.2f × the limit's 512 MiB)", got, float64(got)/(8<<26))
	if limit := uint64(8*modelio.MaxCells + 8<<20); got > limit {
		t.Errorf("%d bytes allocated before the refusal, want at most %d (the limit's 512 MiB and 8 MiB)", got, limit)
	}
}

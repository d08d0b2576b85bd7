package main

import (
	"bufio"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"gonum.org/v1/gonum/mat"

	"github.com/marginnotes/marginnotes/pkg/classify"
	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/kernel"
	"github.com/marginnotes/marginnotes/pkg/modelio"
	"github.com/marginnotes/marginnotes/pkg/svm"
)

// memoryLimitMiB is the virtual memory limit (ulimit -v) of the runs below:
// 1 GiB, where a Gram matrix of 200,000 points would need 320 GB.
const memoryLimitMiB = 1 << 10

// limited runs the command under the memory limit (see runLimited).
func limited(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	return runLimited(t, limits{MemMiB: memoryLimitMiB}, args...)
}

// writeCSV writes n points in the plane with labels to a file: separable
// with a margin (the line x⁽¹⁾ + x⁽²⁾ = 0.1, no point within 0.05 of it) or
// noisy (labels of that line, 10% flipped).
func writeCSV(t *testing.T, n int, noisy bool, seed uint64) string {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 1))
	p := filepath.Join(t.TempDir(), "data.csv")
	f, err := os.Create(p)
	if err != nil {
		t.Fatal(err)
	}
	w := bufio.NewWriter(f)
	for i := 0; i < n; {
		a, b := 2*rng.Float64()-1, 2*rng.Float64()-1
		z := a + b - 0.1
		if !noisy && z*z < 2*0.05*0.05 {
			continue
		}
		y := 1
		if z < 0 {
			y = -1
		}
		if noisy && rng.Float64() < 0.1 {
			y = -y
		}
		fmt.Fprintf(w, "%.6f,%.6f,%d\n", a, b, y)
		i++
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	return p
}

// The dual and kernel forms on 200,000 points run within 1 GiB: they keep
// the rows of the Gram matrix they need, not the 320 GB matrix (issue 9 §3:
// they used to die with "fatal error: out of memory").
func TestMemoryDualLargeN(t *testing.T) {
	if testing.Short() {
		t.Skip("200,000 points")
	}
	file := writeCSV(t, 200_000, false, 1)
	for _, form := range []string{"dual", "kernel"} {
		code, out, errOut := limited(t, "perceptron", "--form", form, "--json", file)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", form, code, errOut)
		}
		got := decode[perceptronOutput](t, out)
		if !got.Converged || len(got.Alpha) != 200_000 {
			t.Errorf("%s: converged %v with %d α, want a converged run over 200,000 points", form, got.Converged, len(got.Alpha))
		}
	}
}

// The voted perceptron on 200,000 noisy points runs its default 10 epochs
// within 1 GiB with at most perceptron.DefaultMaxVotes votes (issue 9 §3: the
// command passed --max-epochs, 1000, as its epochs and every vector was
// kept, past 7.7 GB).
func TestMemoryVotedLargeN(t *testing.T) {
	if testing.Short() {
		t.Skip("200,000 points")
	}
	file := writeCSV(t, 200_000, true, 2)
	code, out, errOut := limited(t, "perceptron", "--form", "voted", "--json", file)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	got := decode[votedOutput](t, out)
	if got.Epochs != 10 || got.Vectors > 1024 || got.Group < 2 || got.TrainingErrors > 30_000 {
		t.Errorf("%d epochs, %d votes of %d vectors, %d training errors; want 10 epochs, at most 1024 votes, about 20,000 errors",
			got.Epochs, got.Vectors, got.Group, got.TrainingErrors)
	}
}

// --trace on 2,000 noisy points keeps the first perceptron.MaxTraceSteps
// steps, one α each, and says so (issue 9 §3: every step held all n α, 4–5
// GB).
func TestMemoryTraceNoisy(t *testing.T) {
	file := writeCSV(t, 2000, true, 3)
	for _, form := range []string{"primal", "dual"} {
		code, out, errOut := limited(t, "perceptron", "--form", form, "--max-epochs", "300", "--trace", "--json", file)
		if code != 1 || !strings.Contains(errOut, "not converged") {
			t.Fatalf("%s: exit %d: %s; want 1, not converged", form, code, errOut)
		}
		got := decode[perceptronOutput](t, out)
		if len(got.Trace) != 1<<16 || !got.TraceTruncated || got.Updates < 1<<16 {
			t.Errorf("%s: %d steps of %d updates, truncated %v; want the first 65536", form, len(got.Trace), got.Updates, got.TraceTruncated)
		}
	}
}

// A valid model file of about 130 MB — an RBF SVM of 65,000 support
// vectors of 100 features, written by modelio — is read by predict within
// 1 GiB of virtual memory and a peak resident memory below twice the
// file's size: its numbers take 8 bytes each, about 21 in the file, and Go's
// collector lets the heap grow to twice what is live. Issue 18 §1.3:
// the file was buffered whole and decoded at about 18 times its size (a
// peak of 1 GB for this one; 1.17 GB files crashed under 3 GB).
func TestMemoryModelFile(t *testing.T) {
	if testing.Short() {
		t.Skip("a 130 MB model file")
	}
	rng := rand.New(rand.NewPCG(1, 2))
	const n, d = 65_000, 100
	rbf := kernel.RBF{Gamma: 0.01}
	e := kernel.Expansion{Kernel: rbf, D: d, Support: make([][]float64, n), Coef: make([]float64, n)}
	for j := range n {
		e.Support[j] = make([]float64, d)
		for k := range d {
			e.Support[j][k] = rng.NormFloat64()
		}
		e.Coef[j] = rng.NormFloat64()
	}
	m := modelio.Model{Solver: svm.SMO{C: 1, Kernel: rbf}, Classifier: &svm.Model{Expansion: e}}
	file := filepath.Join(t.TempDir(), "model.json")
	if err := modelio.Save(file, m); err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(file)
	if err != nil {
		t.Fatal(err)
	}
	q := mat.NewDense(3, d, nil)
	for i := range 3 {
		for k := range d {
			q.Set(i, k, rng.NormFloat64())
		}
	}
	points := writeSet(t, "points.csv", q, nil)
	var rss int64
	code, out, errOut := runLimited(t, limits{MemMiB: memoryLimitMiB, RSS: &rss, Timeout: 5 * time.Minute},
		"predict", "--json", "--model", file, points)
	if code != 0 {
		t.Fatalf("exit %d: %.300s", code, errOut)
	}
	got := decode[predictOutput](t, out)
	for i, f := range classify.Decisions(nil, m, q) {
		if got.Decisions[i] != f {
			t.Errorf("point %d: f = %v, want %v", i+1, got.Decisions[i], f)
		}
	}
	t.Logf("a %d-byte model: peak resident memory %d bytes (%.2f × the file)", fi.Size(), rss, float64(rss)/float64(fi.Size()))
	if rss > 2*fi.Size() {
		t.Errorf("peak resident memory %d MB for a %d MB model file, want less than twice the file's size", rss>>20, fi.Size()>>20)
	}
}

// A CSV file at the readers' limit, dataset.MaxCells numbers as one
// feature and a label (2²³ points: the shape where the solvers' costs per
// point weigh most), runs every command within 3 GiB of virtual memory.
// Issue 18 §1.9: a 302 MB CSV within the 2²⁷ numbers the readers then
// accepted needed 2.7 GB for one perceptron epoch and crashed under 3 GB.
func TestMemoryAtTheLimit(t *testing.T) {
	if testing.Short() {
		t.Skip("millions of points")
	}
	n := dataset.MaxCells / 2
	file := filepath.Join(t.TempDir(), "limit.csv")
	f, err := os.Create(file)
	if err != nil {
		t.Fatal(err)
	}
	w := bufio.NewWriter(f)
	for i := range n {
		if i%2 == 0 {
			w.WriteString("-1,-1\n")
		} else {
			w.WriteString("1,1\n")
		}
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"perceptron", "--max-epochs", "2"},
		{"perceptron", "--form", "dual", "--max-epochs", "2"},
		{"perceptron", "--form", "kernel", "--max-epochs", "2"},
		{"perceptron", "--form", "voted", "--epochs", "1"},
		{"bound"},
		{"svm"},
		{"svm", "--solver", "interior-point"},
	} {
		var rss int64
		code, _, errOut := runLimited(t, limits{MemMiB: 3 << 10, RSS: &rss, Timeout: 10 * time.Minute}, append(args, file)...)
		t.Logf("%s: exit %d, peak resident memory %d MB", strings.Join(args, " "), code, rss>>20)
		if code != 0 {
			t.Errorf("%s on %d points: exit %d: %.200s", strings.Join(args, " "), n, code, errOut)
		}
	}
}

// A DCD model whose w passes MaxCells (dimension 7·10⁷, 140 MB), streamed
// to predict through a pipe, is refused at the limit within 3 GiB of
// virtual memory at a peak resident memory of about the limit's 512 MiB;
// one of dimension 2²⁵ (67 MB) is read at about twice its 256 MiB of
// numbers. Issue 23 §1.2: the first died with "runtime: out of memory"
// under 3 GiB and took 1.6 GB without the limit, the second 1.06 GB.
func TestMemoryModelStream(t *testing.T) {
	if testing.Short() {
		t.Skip("a 140 MB model file")
	}
	points := writeFile(t, "points.csv", "1,2\n")
	for _, c := range []struct {
		d        int
		wantCode int
		wantErr  string
		maxRSS   int64
	}{
		{70_000_000, 1, "MaxCells", 640 << 20},
		{1 << 25, 1, "want 33554432 features", 640 << 20},
	} {
		head := fmt.Sprintf(`{"format": "marginnotes-model", "version": 1, "kind": "svm.DCD", "dim": %d,
"settings": {"c": 1, "loss": "hinge", "bias": 1, "no_bias": false, "eps": 0.1, "max_iter": 1000},
"linear": {"w": [0`, c.d)
		in := io.MultiReader(strings.NewReader(head), io.LimitReader(&endless{body: ",0"}, int64(2*(c.d-1))), strings.NewReader(`], "b": 0}}`))
		var rss int64
		code, _, errOut := runLimited(t, limits{MemMiB: 3 << 10, RSS: &rss, Stdin: in, Timeout: 5 * time.Minute},
			"predict", "--model", "/dev/stdin", points)
		t.Logf("dimension %d: exit %d, peak resident memory %d MB: %.120s", c.d, code, rss>>20, errOut)
		if code != c.wantCode || !strings.Contains(errOut, c.wantErr) {
			t.Errorf("dimension %d: exit %d: %.300s; want %d and %q", c.d, code, errOut, c.wantCode, c.wantErr)
		}
		if rss > c.maxRSS {
			t.Errorf("dimension %d: peak resident memory %d MB, want at most %d MB", c.d, rss>>20, c.maxRSS>>20)
		}
	}
}

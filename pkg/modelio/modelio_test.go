package modelio_test

import (
	"bytes"
	"errors"
	"flag"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/marginnotes/marginnotes/pkg/classify"
	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/kernel"
	"github.com/marginnotes/marginnotes/pkg/modelio"
	"github.com/marginnotes/marginnotes/pkg/perceptron"
	"github.com/marginnotes/marginnotes/pkg/separability"
	"github.com/marginnotes/marginnotes/pkg/svm"
)

var regen = flag.Bool("regen", false, "rewrite the golden model files in testdata")

// fitted is a solver and what its Fit returned.
type fitted struct {
	name string
	m    modelio.Model
	x    mat.Matrix // points to classify
}

// fit runs a solver's Fit (through classify.FitterOf) and keeps its model.
func fit(t *testing.T, name string, solver any, f classify.Fitter, s *dataset.Set) fitted {
	t.Helper()
	m, err := f(s.X, s.Y)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return fitted{name, modelio.Model{Solver: solver, Classifier: m}, s.X}
}

// models fits every kind of model: on the book's Example 2.1, and on
// seeded random data with an RBF kernel (XOR) or noise (the voted
// perceptron, the soft-margin interior-point solver).
func models(t *testing.T) []fitted {
	x, y := dataset.Example21().XY()
	book := &dataset.Set{X: x, Y: y}
	xor := dataset.XOR(rand.NewPCG(3, 4), 60, 0.2)
	small := dataset.XOR(rand.NewPCG(5, 6), 10, 0.2)
	noisy := dataset.Noisy(rand.NewPCG(7, 8), 200, 5, 0.05)
	rbf := kernel.RBF{Gamma: 0.7}
	poly := kernel.Polynomial{Degree: 2, Gamma: 0.5, Coef0: 1}
	primal := perceptron.Primal{Settings: perceptron.Settings{Eta: 0.5, MaxEpochs: 50}, B0: 0.25}
	dual := perceptron.Dual{Settings: perceptron.Settings{Order: perceptron.Choices, Sequence: []int{0, 2, 2, 2, 1, 2, 2, 2, 0, 2, 2}}}
	kd := perceptron.KernelDual{Settings: perceptron.Settings{Order: perceptron.Shuffle}, Kernel: rbf}
	voted := perceptron.Voted{Settings: perceptron.Settings{MaxEpochs: 20, Order: perceptron.Shuffle}, MaxVotes: 16}
	smo := svm.SMO{C: 2, Kernel: rbf, Eps: 1e-4}
	smoLinear := svm.SMO{}
	platt := svm.PlattSMO{C: 2, Kernel: rbf, Eps: 1e-4, MaxIter: 100_000}
	exact := svm.Exact{C: 1, Kernel: poly}
	exactLinear := svm.Exact{}
	ip := svm.InteriorPoint{C: 0.5, Tol: 1e-10}
	ipHard := svm.InteriorPoint{}
	squared := svm.SquaredSlack{C: 2, Kernel: rbf, Eps: 1e-4}
	squaredPrimal := svm.SquaredSlack{C: 0.5, MaxIter: 50}
	margin := separability.MaxMargin{Tol: 1e-10}
	augmented := &dataset.Set{X: perceptron.Augment(x), Y: y} // (xᵢ, 1): Novikoff's γ of Theorem 2.1
	dcd := svm.DCD{C: 0.5, Loss: svm.SquaredHinge, Bias: 2, Eps: 0.01, MaxIter: 500}
	dcdNoBias := svm.DCD{NoBias: true}
	dcdSparse := svm.DCD{C: 2}
	return []fitted{
		fit(t, "primal", primal, classify.FitterOf(primal.Fit), book),
		fit(t, "dual choices", dual, classify.FitterOf(dual.Fit), book),
		fit(t, "kernel rbf", kd, classify.FitterOf(kd.Fit), xor),
		fit(t, "voted", voted, classify.FitterOf(voted.Fit), noisy),
		fit(t, "voted book", perceptron.Voted{}, classify.FitterOf(perceptron.Voted{}.Fit), book),
		fit(t, "smo rbf", smo, classify.FitterOf(smo.Fit), xor),
		fit(t, "smo linear", smoLinear, classify.FitterOf(smoLinear.Fit), book),
		fit(t, "platt smo rbf", platt, classify.FitterOf(platt.Fit), xor),
		fit(t, "platt smo book", svm.PlattSMO{}, classify.FitterOf(svm.PlattSMO{}.Fit), book),
		fit(t, "exact poly", exact, classify.FitterOf(exact.Fit), small),
		fit(t, "exact linear", exactLinear, classify.FitterOf(exactLinear.Fit), book),
		fit(t, "interior point", ip, classify.FitterOf(ip.Fit), noisy),
		fit(t, "interior point hard", ipHard, classify.FitterOf(ipHard.Fit), book),
		fit(t, "squared slack rbf", squared, classify.FitterOf(squared.Fit), xor),
		fit(t, "squared slack primal", squaredPrimal, classify.FitterOf(squaredPrimal.FitPrimal), noisy),
		fit(t, "max margin", margin, classify.FitterOf(margin.Fit), augmented),
		fit(t, "dcd squared hinge", dcd, classify.FitterOf(dcd.Fit), noisy),
		fit(t, "dcd book", svm.DCD{}, classify.FitterOf(svm.DCD{}.Fit), book),
		fit(t, "dcd no bias", dcdNoBias, classify.FitterOf(dcdNoBias.Fit), noisy),
		fitSparse(t, "dcd sparse", dcdSparse, classify.FitterOf(dcdSparse.Fit)),
	}
}

// fitSparse fits a solver on sparse text-like data kept as a *dataset.CSR
// (pkg/svm/testdata/text800.libsvm: 800 documents).
func fitSparse(t *testing.T, name string, solver any, f classify.Fitter) fitted {
	t.Helper()
	file, err := os.Open(filepath.Join("..", "svm", "testdata", "text800.libsvm"))
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	x, y, err := dataset.ReadSparse(file)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := x.(*dataset.CSR); !ok {
		t.Fatalf("%s: the data read as %T, want a *dataset.CSR", name, x)
	}
	m, err := f(x, y)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return fitted{name, modelio.Model{Solver: solver, Classifier: m}, x}
}

// TestRoundTrip: a model written and read back has the solver's settings
// and classifies every training point and random points with bit for bit
// the decision values of the model that was fitted; writing it again gives
// the same file.
func TestRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	for _, f := range models(t) {
		t.Run(f.name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := modelio.Write(&buf, f.m); err != nil {
				t.Fatal(err)
			}
			text := buf.String()
			got, err := modelio.Read(&buf)
			if err != nil {
				t.Fatalf("%v\n%s", err, text)
			}
			if !reflect.DeepEqual(got.Solver, linearKernel(f.m.Solver)) {
				t.Errorf("solver %+v, want %+v", got.Solver, f.m.Solver)
			}
			n, d := f.x.Dims()
			if got.Dim() != d {
				t.Errorf("Dim = %d, want %d", got.Dim(), d)
			}
			points := kernel.Rows(f.x)
			for range 200 {
				p := make([]float64, d)
				for j := range p {
					p[j] = 3 * rng.NormFloat64()
				}
				points = append(points, p)
			}
			for i, p := range points {
				want, have := f.m.Decision(p), got.Decision(p)
				if math.Float64bits(want) != math.Float64bits(have) || f.m.Predict(p) != got.Predict(p) {
					t.Fatalf("point %d of %d: f = %v, read back %v", i+1, n, want, have)
				}
			}
			var again bytes.Buffer
			if err := modelio.Write(&again, *got); err != nil || again.String() != text {
				t.Errorf("written again (err %v):\n%s\nwant\n%s", err, again.String(), text)
			}
		})
	}
}

// linearKernel returns solver with kernel.Linear{} for a nil kernel, as a
// file names it.
func linearKernel(solver any) any {
	switch s := solver.(type) {
	case perceptron.KernelDual:
		if s.Kernel == nil {
			s.Kernel = kernel.Linear{}
		}
		return s
	case svm.SMO:
		if s.Kernel == nil {
			s.Kernel = kernel.Linear{}
		}
		return s
	case svm.PlattSMO:
		if s.Kernel == nil {
			s.Kernel = kernel.Linear{}
		}
		return s
	case svm.Exact:
		if s.Kernel == nil {
			s.Kernel = kernel.Linear{}
		}
		return s
	case svm.SquaredSlack:
		if s.Kernel == nil {
			s.Kernel = kernel.Linear{}
		}
		return s
	}
	return solver
}

// TestGolden: the file of Example 7.2's SVM, w = (1/2, 1/2), b = −2 with
// the support vectors x1 and x3 (book Example 7.2), is the one in the
// package documentation, so that version 1 of the format stays readable.
func TestGolden(t *testing.T) {
	m := modelio.Model{Solver: svm.SMO{}, Classifier: &svm.Model{
		Expansion: kernel.Expansion{Kernel: kernel.Linear{}, Support: [][]float64{{3, 3}, {1, 1}}, Coef: []float64{0.25, -0.25}, B: -2, D: 2},
		W:         []float64{0.5, 0.5},
	}}
	var buf bytes.Buffer
	if err := modelio.Write(&buf, m); err != nil {
		t.Fatal(err)
	}
	golden := filepath.Join("testdata", "example72.json")
	if *regen {
		if err := os.WriteFile(golden, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if buf.String() != string(want) {
		t.Errorf("Write gives\n%s\nwant (%s)\n%s", buf.String(), golden, want)
	}
	got, err := modelio.Load(golden)
	if err != nil {
		t.Fatal(err)
	}
	// f(x) = ½x⁽¹⁾ + ½x⁽²⁾ − 2: 1 at x1, −1 at x3, 0 at (2, 2), predicted +1.
	for _, c := range []struct{ x, f, label float64 }{{3, 1, 1}, {1, -1, -1}, {2, 0, 1}} {
		p := []float64{c.x, c.x}
		if got.Decision(p) != c.f || got.Predict(p) != c.label {
			t.Errorf("f(%v) = %v, Predict = %v; want %v, %v", p, got.Decision(p), got.Predict(p), c.f, c.label)
		}
	}
}

// TestRenamedKind: a file that names MaxMargin by its name before it moved
// from package svm to package separability (issue 23 §3), as files of
// version 1 written then do, reads as a separability.MaxMargin model, and
// is written again under the new name.
func TestRenamedKind(t *testing.T) {
	old := `{"format": "marginnotes-model", "version": 1, "kind": "svm.MaxMargin", "dim": 3,
		"settings": {"tol": 1e-10, "max_iter": 0}, "linear": {"w": [0.2357022603955158, 0.2357022603955158, -0.9428090415820634], "b": 0}}`
	m, err := modelio.Read(strings.NewReader(old))
	if err != nil {
		t.Fatal(err)
	}
	if s, ok := m.Solver.(separability.MaxMargin); !ok || s.Tol != 1e-10 {
		t.Fatalf("solver %#v, want separability.MaxMargin{Tol: 1e-10}", m.Solver)
	}
	// Example 2.1 augmented: x̂1 = (3, 3, 1) at √2/3 from the hyperplane.
	if got := m.Decision([]float64{3, 3, 1}); math.Abs(got-math.Sqrt2/3) > 1e-12 {
		t.Errorf("f(x̂1) = %v, want √2/3", got)
	}
	var buf bytes.Buffer
	if err := modelio.Write(&buf, *m); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), `"kind": "separability.MaxMargin"`) {
		t.Errorf("written again as\n%s\nwant kind separability.MaxMargin", buf.String())
	}
}

// TestSaveLoad: Save replaces a file whole and leaves nothing else behind.
func TestSaveLoad(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "model.json")
	if err := os.WriteFile(path, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	m := modelio.Model{Solver: perceptron.Primal{}, Classifier: classify.Linear{W: []float64{1, 1}, B: -3}}
	if err := modelio.Save(path, m); err != nil {
		t.Fatal(err)
	}
	got, err := modelio.Load(path)
	if err != nil || got.Decision([]float64{1, 2}) != 0 {
		t.Fatalf("Load: %v", err)
	}
	bad := modelio.Model{Solver: perceptron.Primal{}, Classifier: classify.Linear{W: []float64{math.NaN()}}}
	if err := modelio.Save(path, bad); !errors.Is(err, classify.ErrNonFinite) {
		t.Errorf("Save of NaN weights: %v, want ErrNonFinite", err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("%d files in the directory, want the model alone", len(entries))
	}
	if got, err := modelio.Load(path); err != nil || got.Decision([]float64{1, 2}) != 0 {
		t.Errorf("a failed Save changed the file: %v", err)
	}
	if _, err := modelio.Load(filepath.Join(dir, "missing.json")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("Load of a missing file: %v", err)
	}
}

// customKernel is a kernel a file cannot name.
type customKernel struct{}

func (customKernel) Eval(x, z []float64) float64 { return 1 }

func TestWriteErrors(t *testing.T) {
	lin := classify.Linear{W: []float64{1, 1}, B: -3}
	for _, c := range []struct {
		name string
		m    modelio.Model
		want error
	}{
		{"unknown solver", modelio.Model{Solver: "svm", Classifier: lin}, modelio.ErrKind},
		{"pointer solver", modelio.Model{Solver: &perceptron.Primal{}, Classifier: lin}, modelio.ErrKind},
		{"model of another solver", modelio.Model{Solver: svm.SMO{}, Classifier: lin}, modelio.ErrKind},
		{"voted as linear", modelio.Model{Solver: perceptron.Voted{}, Classifier: lin}, modelio.ErrKind},
		{"custom kernel", modelio.Model{Solver: perceptron.KernelDual{}, Classifier: &kernel.Expansion{Kernel: customKernel{}, D: 2}}, modelio.ErrKernel},
		{"NaN", modelio.Model{Solver: perceptron.Primal{}, Classifier: classify.Linear{W: []float64{1, math.Inf(1)}}}, classify.ErrNonFinite},
		{"NaN setting", modelio.Model{Solver: svm.InteriorPoint{C: math.NaN()}, Classifier: lin}, classify.ErrSetting},
		{"dimension 0", modelio.Model{Solver: perceptron.Primal{}, Classifier: classify.Linear{}}, modelio.ErrFormat},
	} {
		t.Run(c.name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := modelio.Write(&buf, c.m); !errors.Is(err, c.want) || buf.Len() != 0 {
				t.Errorf("Write: %v and %d bytes; want %v and nothing", err, buf.Len(), c.want)
			}
		})
	}
}

// TestReadErrors: every malformed file gets an error that says what is
// wrong, and none a panic.
func TestReadErrors(t *testing.T) {
	good, edit := goldenEdits(t)
	linear := `{"format": "marginnotes-model", "version": 1, "kind": "perceptron.Primal", "dim": 2,
		"settings": {"eta": 0, "order": "cyclic", "max_epochs": 0, "cs229": false, "b0": 0, "no_bias": false}, `
	for _, c := range []struct {
		name, in string
		want     error
		msg      string
	}{
		{"empty", "", modelio.ErrFormat, "empty"},
		{"binary", "\x00\x00\x00", modelio.ErrFormat, "line 1: invalid character"},
		{"array", "[1, 2]", modelio.ErrFormat, "malformed model file: line 1: an array, want an object"},
		{"not json", "w = (1, 1)\n", modelio.ErrFormat, "line 1"},
		{"truncated", good[:len(good)/2], modelio.ErrFormat, "truncated"},
		{"two values", good + good, modelio.ErrFormat, "more than one JSON value"},
		{"format", edit(`"marginnotes-model"`, `"libsvm"`), modelio.ErrFormat, `format "libsvm"`},
		{"version", edit(`"version": 1`, `"version": 2`), modelio.ErrVersion, "version 2; this program reads version 1"},
		{"kind", edit(`"svm.SMO"`, `"svm.Primal"`), modelio.ErrKind, `"svm.Primal" is no solver`},
		{"kernel name", edit(`"linear"`, `"sigmoid"`), modelio.ErrKernel, `"sigmoid"`},
		{"kernel gamma", edit(`{"name": "linear"}`, `{"name": "rbf", "gamma": -1}`), kernel.ErrParameter, "Gamma = -1"},
		{"kernel missing", edit(`{"name": "linear"}`, `{"name": "poly", "gamma": 1}`), modelio.ErrKernel, "needs degree, gamma and coef0"},
		{"kernel extra", edit(`{"name": "linear"}`, `{"name": "linear", "gamma": 1}`), modelio.ErrKernel, "does not take"},
		{"w for rbf", edit(`{"name": "linear"}`, `{"name": "rbf", "gamma": 1}`), modelio.ErrFormat, "w is for the linear kernel"},
		{"dim", edit(`"dim": 2`, `"dim": 3`), modelio.ErrFormat, "support vector 1 has 2 entries, want dim = 3"},
		{"dim 0", edit(`"dim": 2`, `"dim": 0`), modelio.ErrFormat, "dim 0"},
		{"coefficients", edit(`[0.25, -0.25]`, `[0.25]`), modelio.ErrFormat, "2 support vectors and 1 coefficients"},
		{"w length", edit(`"w": [0.5, 0.5]`, `"w": [0.5]`), modelio.ErrFormat, "w has 1 entries"},
		{"number", edit(`-2`, `-2e999`), modelio.ErrFormat, "line 14: expansion.b: number -2e999 is beyond the range of a float64"},
		{"type", edit(`"dim": 2`, `"dim": "2"`), modelio.ErrFormat, "line 5: dim: a string, want an integer"},
		{"unknown field", edit(`"dim": 2`, `"dim": 2, "alpha": [1]`), modelio.ErrFormat, `unknown field "alpha"`},
		{"unknown setting", edit(`"max_iter": 0`, `"max_iter": 0, "gamma": 1`), modelio.ErrFormat, `unknown field "gamma"`},
		{"no settings", edit(`"settings"`, `"other"`), modelio.ErrFormat, `unknown field "other"`},
		{"second section", linear + `"linear": {"w": [1, 1], "b": -3}, "voted": {"votes": [], "group": 1, "averaged": {"w": [0, 0], "b": 0}, "predict": "vote"}}`, modelio.ErrFormat, `one section "linear"`},
		{"wrong section", linear + `"expansion": {"kernel": {"name": "linear"}, "support": [], "coef": [], "b": 0}}`, modelio.ErrFormat, `one section "linear"`},
		{"linear dim", linear + `"linear": {"w": [1, 1, 1], "b": -3}}`, modelio.ErrFormat, "w has 3 entries, want dim = 2"},
		{"order", strings.Replace(linear, `"cyclic"`, `"random"`, 1) + `"linear": {"w": [1, 1], "b": -3}}`, modelio.ErrFormat, `order "random"`},
		{"voted predict", votedFile(`"averaged"`, `[{"w": [1, 1], "b": -3, "c": 2}]`), modelio.ErrFormat, `predict "averaged", want "vote"`},
		{"voted no votes", votedFile(`"vote"`, `[]`), modelio.ErrFormat, "0 votes"},
		{"voted count", votedFile(`"vote"`, `[{"w": [1, 1], "b": -3, "c": 0}]`), modelio.ErrFormat, "vote 1 has count 0"},
		{"voted dim", votedFile(`"vote"`, `[{"w": [1], "b": -3, "c": 1}]`), modelio.ErrFormat, "w of vote 1 has 1 entries"},
		{"dcd loss", dcdFile(`"logistic"`), modelio.ErrFormat, `loss "logistic" (want hinge or squared-hinge)`},
		{"dcd loss type", dcdFile(`1`), modelio.ErrFormat, `loss`},
		{"dcd bias", strings.Replace(dcdFile(`"hinge"`), `"bias": 0`, `"bias": -1`, 1), classify.ErrSetting, "Bias = -1"},
	} {
		t.Run(c.name, func(t *testing.T) { readFails(t, c.in, c.want, c.msg) })
	}
	if m, err := modelio.Read(strings.NewReader(votedFile(`"vote"`, `[{"w": [1, 1], "b": -3, "c": 2}]`))); err != nil || m.Predict([]float64{1, 2}) != 1 {
		t.Errorf("a good voted file: %v", err)
	}
	m, err := modelio.Read(strings.NewReader(dcdFile(`"squared-hinge"`)))
	if err != nil || m.Solver.(svm.DCD).Loss != svm.SquaredHinge || m.Predict([]float64{2, 1.9}) != -1 || m.Predict([]float64{2, 2}) != 1 {
		t.Errorf("a good DCD file: %v", err)
	}
}

// dcdFile is the file of an svm.DCD model, ½x⁽¹⁾ + ½x⁽²⁾ − 2, with the
// loss given.
func dcdFile(loss string) string {
	return `{"format": "marginnotes-model", "version": 1, "kind": "svm.DCD", "dim": 2,
		"settings": {"c": 1, "loss": ` + loss + `, "bias": 0, "no_bias": false, "eps": 0, "max_iter": 0},
		"linear": {"w": [0.5, 0.5], "b": -2}}`
}

func votedFile(predict, votes string) string {
	return `{"format": "marginnotes-model", "version": 1, "kind": "perceptron.Voted", "dim": 2,
		"settings": {"epochs": 0, "order": "cyclic", "max_votes": 0},
		"voted": {"votes": ` + votes + `, "group": 1, "averaged": {"w": [1, 1], "b": -3}, "predict": ` + predict + `}}`
}

// TestReadStrict: what Read used to accept and should not (issue 18): keys
// in another case, a key twice, settings that are null or that the solver
// refuses, an SVM whose w is not Σ coefⱼ·supportⱼ, vote counts past 2⁵³
// (where their float64 sum is no longer exact); and a UTF-8 byte order
// mark, which it refused. Errors quote at most a few dozen bytes of the
// file, however long the offending text.
func TestReadStrict(t *testing.T) {
	good, edit := goldenEdits(t)
	linear := func(settings string) string {
		return `{"format": "marginnotes-model", "version": 1, "kind": "perceptron.Primal", "dim": 2,
		"settings": {` + settings + `}, "linear": {"w": [1, 1], "b": -3}}`
	}
	long := strings.Repeat("x", 1<<20)
	for _, c := range []struct {
		name, in string
		want     error
		msg      string
	}{
		{"key case", edit(`"format"`, `"Format"`), modelio.ErrFormat, `unknown field "Format"`},
		{"key case inside", edit(`"coef"`, `"Coef"`), modelio.ErrFormat, `unknown field "Coef"`},
		{"key twice", edit(`"dim": 2`, `"dim": 2, "dim": 2`), modelio.ErrFormat, `"dim" twice`},
		{"setting twice", edit(`"eps": 0`, `"eps": 0, "eps": 0`), modelio.ErrFormat, `"eps" twice`},
		{"settings null", edit(`"settings": {"c": 0, "eps": 0, "cache_bytes": 0, "no_shrinking": false, "max_iter": 0}`, `"settings": null`),
			modelio.ErrFormat, "settings: null, want an object"},
		{"negative eps", edit(`"eps": 0`, `"eps": -1`), classify.ErrSetting, "Eps = -1"},
		{"negative cache", edit(`"cache_bytes": 0`, `"cache_bytes": -5`), classify.ErrSetting, "CacheBytes = -5"},
		{"eta", linear(`"eta": -1`), classify.ErrSetting, "Eta = -1"},
		{"choices without sequence", linear(`"order": "choices"`), classify.ErrSetting, "Sequence"},
		{"sequence for shuffle", linear(`"order": "shuffle", "sequence": [0, 1]`), classify.ErrSetting, "Sequence"},
		{"cyclic sequence", linear(`"order": "cyclic", "sequence": [0, 0, 2]`), classify.ErrSetting, "permutation"},
		{"w0 length", linear(`"w0": [1, 2, 3]`), classify.ErrSetting, "W0"},
		{"w contradicts", edit(`"w": [0.5, 0.5]`, `"w": [0.5, 0.75]`), modelio.ErrFormat, "w[2] = 0.75, but the support vectors give 0.5"},
		{"vote count", votedFile(`"vote"`, `[{"w": [1, 1], "b": -3, "c": 9007199254740993}]`), modelio.ErrFormat, "2⁵³"},
		{"vote counts", votedFile(`"vote"`, `[{"w": [1, 1], "b": -3, "c": 4503599627370497}, {"w": [1, 1], "b": -3, "c": 4503599627370496}]`),
			modelio.ErrFormat, "2⁵³"},
		{"long format", edit(`"marginnotes-model"`, `"`+long+`"`), modelio.ErrFormat, "format"},
		{"long kind", edit(`"svm.SMO"`, `"`+long+`"`), modelio.ErrFormat, "kind"},
		{"long number", edit(`"b": -2`, `"b": -2.`+strings.Repeat("0", 1<<20)), modelio.ErrFormat, "expansion.b"},
		{"long key", edit(`"dim": 2`, `"dim": 2, "`+long+`": 1`), modelio.ErrFormat, "a string longer than 4096 bytes"},
	} {
		t.Run(c.name, func(t *testing.T) { readFails(t, c.in, c.want, c.msg) })
	}
	if _, err := modelio.Read(strings.NewReader("\ufeff" + good)); err != nil {
		t.Errorf("a file with a byte order mark: %v", err)
	}
}

// goldenEdits returns the golden file of Example 7.2 and a function that
// returns it with one edit.
func goldenEdits(t *testing.T) (good string, edit func(old, new string) string) {
	t.Helper()
	golden, err := os.ReadFile(filepath.Join("testdata", "example72.json"))
	if err != nil {
		t.Fatal(err)
	}
	good = string(golden)
	return good, func(old, new string) string {
		if !strings.Contains(good, old) {
			t.Fatalf("%q is not in the golden file", old)
		}
		return strings.Replace(good, old, new, 1)
	}
}

// readFails checks that Read refuses in with an error wrapping want, in one
// line of at most 300 bytes containing msg.
func readFails(t *testing.T, in string, want error, msg string) {
	t.Helper()
	m, err := modelio.Read(strings.NewReader(in))
	if !errors.Is(err, want) || m != nil {
		t.Fatalf("got %.300v, want %v", err, want)
	}
	if testing.Verbose() {
		t.Log(err)
	}
	if s := err.Error(); !strings.Contains(s, msg) || strings.Contains(s, "\n") || len(s) > 300 {
		t.Errorf("error %.400q (%d bytes), want one short line containing %q", s, len(s), msg)
	}
}

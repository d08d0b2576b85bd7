package playground

import (
	"bytes"
	"encoding/json"
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/marginnotes/marginnotes/pkg/classify"
	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/kernel"
	"github.com/marginnotes/marginnotes/pkg/modelio"
	"github.com/marginnotes/marginnotes/pkg/perceptron"
	"github.com/marginnotes/marginnotes/pkg/svm"
)

const ex21 = "points=3,3,1;4,3,1;1,1,-1"

func run(t *testing.T, frag string) *Fitted {
	t.Helper()
	st, err := ParseFragment(frag)
	if err != nil {
		t.Fatalf("%s: %v", frag, err)
	}
	return Run(st, "en")
}

func near(a, b float64) bool {
	return math.Abs(a-b) <= 1e-12*math.Max(1, math.Max(math.Abs(a), math.Abs(b)))
}

func nearAll(a, b []float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !near(a[i], b[i]) {
			return false
		}
	}
	return true
}

// Example 2.1 under primal is Table 2.1: seven updates with x1, x3, x3, x3,
// x1, x3, x3 to x⁽¹⁾ + x⁽²⁾ − 3 = 0, and Novikoff's R = √26, γ = √2/3,
// (R/γ)² = 117 (notebook 04).
func TestExample21Primal(t *testing.T) {
	f := run(t, ex21)
	r := f.Output.Result
	if r.Status != StatusConverged || *r.Steps != 7 || *r.Step != 7 || !nearAll(r.W, []float64{1, 1}) || *r.B != -3 {
		t.Fatalf("result %+v", r)
	}
	var points []int
	for _, row := range f.Output.Table[1:] {
		points = append(points, row.Point)
	}
	if !slices.Equal(points, []int{0, 2, 2, 2, 0, 2, 2}) {
		t.Errorf("misclassified points %v, Table 2.1 has x1, x3, x3, x3, x1, x3, x3", points)
	}
	if row := f.Output.Table[3]; !slices.Equal(row.W, []float64{1, 1}) || row.B != -1 {
		t.Errorf("row 3 %+v, Table 2.1: w = (1, 1)ᵀ, b = −1", row)
	}
	if !near(*r.R, math.Sqrt(26)) || !near(*r.Gamma, math.Sqrt2/3) || math.Abs(*r.Bound-117) > 1e-9*117 {
		t.Errorf("R %v γ %v bound %v, want √26, √2/3, 117", *r.R, *r.Gamma, *r.Bound)
	}
	if !slices.Equal(r.Alpha, []float64{2, 0, 5}) || !slices.Equal(r.Support, []int{0, 2}) {
		t.Errorf("α %v support %v, Table 2.2 ends at α = (2, 0, 5)", r.Alpha, r.Support)
	}
	if !strings.Contains(r.Message, "x⁽¹⁾ + x⁽²⁾ − 3 = 0") || !strings.Contains(r.Message, "117") {
		t.Errorf("message %q", r.Message)
	}
	// Step 3 of the dual: Table 2.2's α = (1, 0, 2), b = −1.
	d := run(t, "algo=dual&step=3&"+ex21).Output
	if !slices.Equal(d.Result.Alpha, []float64{1, 0, 2}) || *d.Result.B != -1 || d.Highlight != 2 || len(d.Table) != 4 {
		t.Errorf("dual step 3: %+v", d)
	}
	if d.Gram[0][1] != 21 || d.Gram[2][2] != 2 {
		t.Errorf("Gram %v: x1·x2 = 21, x3·x3 = 2", d.Gram)
	}
}

// Example 7.2: w* = (½, ½), b* = −2, α = (¼, 0, ¼), support vectors x1, x3,
// from svm and from the last step of smo.
func TestExample72(t *testing.T) {
	for _, algo := range []string{SVM, SMO} {
		r := run(t, "algo="+algo+"&"+ex21).Output.Result
		if r.Status != StatusConverged || !nearAll(r.W, []float64{0.5, 0.5}) || !near(*r.B, -2) ||
			!nearAll(r.Alpha, []float64{0.25, 0, 0.25}) || !slices.Equal(r.Support, []int{0, 2}) {
			t.Errorf("%s: %+v", algo, r)
		}
	}
	o := run(t, "algo=smo&step=0&"+ex21).Output
	if *o.Result.B != 0 || !slices.Equal(o.Result.Alpha, []float64{0, 0, 0}) || !slices.Equal(o.Errors, []float64{-1, -1, 1}) {
		t.Errorf("smo step 0: %+v", o)
	}
}

// Every preset under every algorithm gives what the library's own Fit gives
// on the same points, to 1e-12.
func TestSameAsLibrary(t *testing.T) {
	for _, name := range Presets {
		for _, algo := range []string{Primal, Dual, SVM, SMO} {
			st, ok := Preset(name, 7)
			if !ok {
				t.Fatal(name)
			}
			st.Algo = algo
			if algo == Primal || algo == Dual {
				st.Kernel = ""
			}
			f := Run(st, "en")
			r := f.Output.Result
			x := matrix(st.X)
			var w []float64
			var b float64
			var alpha []float64
			switch algo {
			case Primal, Dual:
				set := perceptron.Settings{Eta: 1, MaxEpochs: MaxEpochs}
				var res *perceptron.Result
				if algo == Primal {
					res, _ = perceptron.Primal{Settings: set}.Fit(x, st.Y)
				} else {
					res, _ = perceptron.Dual{Settings: set}.Fit(x, st.Y)
				}
				w, b, alpha = res.W, res.B, res.Alpha
				if res.Converged != (r.Status == StatusConverged) {
					t.Errorf("%s %s: status %s, library converged %v", name, algo, r.Status, res.Converged)
				}
			case SVM:
				res, err := svm.SMO{C: st.C, Kernel: KernelOf(st), MaxIter: MaxSVMIter}.Fit(x, st.Y)
				if err != nil {
					t.Fatalf("%s %s: %v", name, algo, err)
				}
				w, b, alpha = res.W, res.B, res.Alpha
			case SMO:
				res, err := svm.PlattSMO{C: st.C, Kernel: KernelOf(st), MaxIter: MaxSMOSteps}.Fit(x, st.Y)
				if err != nil {
					t.Fatalf("%s %s: %v", name, algo, err)
				}
				w, b, alpha = res.W, res.B, res.Alpha
			}
			if !nearAll(r.W, w) || !near(*r.B, b) || !nearAll(r.Alpha, alpha) {
				t.Errorf("%s %s: w %v b %v, library w %v b %v", name, algo, r.W, *r.B, w, b)
			}
			// The JSON the page reads holds the same numbers.
			var back Output
			if err := json.Unmarshal(f.JSON(), &back); err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(back.Result.Alpha, r.Alpha) || *back.Result.B != *r.B {
				t.Errorf("%s %s: JSON does not read back", name, algo)
			}
		}
	}
}

// XOR (exercise 2.1) is not separable: primal stops at its epoch limit and
// shows the linear program's certificate, λ = (¼, ¼, ¼, ¼) and (½, ½);
// a hard margin says so and offers C.
func TestNotSeparable(t *testing.T) {
	xor := "points=0,0,1;1,1,1;1,0,-1;0,1,-1"
	for _, algo := range []string{Primal, Dual, SVM, SMO} {
		o := run(t, "algo="+algo+"&"+xor).Output
		if o.Result.Status != StatusNotSeparable || !strings.Contains(o.Result.Message, "not linearly separable") {
			t.Errorf("%s: %s %q", algo, o.Result.Status, o.Result.Message)
		}
		if !nearAll(o.Lambda, []float64{0.25, 0.25, 0.25, 0.25}) || !nearAll(o.Meet, []float64{0.5, 0.5}) {
			t.Errorf("%s: certificate %v %v", algo, o.Lambda, o.Meet)
		}
		if (algo == SVM || algo == SMO) && !strings.Contains(o.Result.Message, "set C") {
			t.Errorf("%s: %q does not offer C", algo, o.Result.Message)
		}
	}
	zh := Run(mustParse(t, "algo=svm&"+xor), "zh").Output.Result.Message
	if !strings.Contains(zh, "线性不可分") || !strings.Contains(zh, "软间隔") || strings.ContainsAny(zh, "abcdefghijklmnopqrstuvwxyz") {
		t.Errorf("Chinese message %q", zh)
	}
	// With C the same points fit.
	if r := run(t, "algo=svm&C=1&"+xor).Output.Result; r.Status != StatusConverged {
		t.Errorf("C = 1: %+v", r)
	}
}

func mustParse(t *testing.T, frag string) State {
	t.Helper()
	st, err := ParseFragment(frag)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// The cases where no algorithm can fit say why, and name the points.
func TestMessages(t *testing.T) {
	for _, c := range []struct{ frag, status, en, zh string }{
		{"", StatusError, "0 point", "只有 0 个点"},
		{"points=1,1,1", StatusError, "1 point", "只有 1 个点"},
		{"points=1,1,1;2,2,1", StatusError, "label +1", "标签都是 +1"},
		{"algo=svm&points=1,1,-1;2,2,-1", StatusError, "class +1", "+1 类"},
		{"points=1,1,1;1,1,-1;3,3,1", StatusNotSeparable, "points 1 and 2 are the same point", "第 1 个点与第 2 个点位置相同"},
		{"algo=svm&points=1,1,1;1,1,-1;3,3,1", StatusNotSeparable, "set C", "请设置 C"},
		{"kernel=gauss&" + ex21, StatusError, "kernel applies to svm", "核函数只用于"},
	} {
		st := mustParse(t, c.frag)
		en, zh := Run(st, "en").Output.Result, Run(st, "zh").Output.Result
		if en.Status != c.status || !strings.Contains(en.Message, c.en) || !strings.Contains(zh.Message, c.zh) {
			t.Errorf("%s: %s %q / %q", c.frag, en.Status, en.Message, zh.Message)
		}
	}
	// Soft margin fits points that coincide with opposite labels.
	if r := run(t, "algo=svm&C=1&points=1,1,1;1,1,-1;3,3,1;0,0,-1").Output.Result; r.Status != StatusConverged {
		t.Errorf("soft margin with twins: %+v", r)
	}
}

// A point far from the others is left out of the view and named.
func TestFarPoint(t *testing.T) {
	o := run(t, "points=3,3,1;4,3,1;1,1,-1;2,1,-1;1e6,0,1").Output
	if !slices.Equal(o.Far, []int{4}) || o.View[1] > 100 || len(o.Notes) != 1 || !strings.Contains(o.Notes[0], "point 5 (1e+06, 0)") {
		t.Errorf("far %v view %v notes %q", o.Far, o.View, o.Notes)
	}
	v, far := View([][2]float64{{3, 3}, {4, 3}, {1, 1}})
	if far != nil || !(v[0] < 1 && v[1] > 4 && v[2] < 1 && v[3] > 3) || !near(v[1]-v[0], v[3]-v[2]) {
		t.Errorf("view of Example 2.1 %v", v)
	}
}

// Bad fragments give messages that name what is wrong, in both languages.
func TestBadFragments(t *testing.T) {
	many := strings.Repeat("1,1,1;", MaxPoints) + "2,2,-1"
	for _, c := range []struct{ frag, en, zh string }{
		{"colour=red", "unknown key “colour”", "未知的键“colour”"},
		{"algo=svm&algo=dual", "appears twice", "出现了两次"},
		{"algo=knn", "algo=knn", "algo=knn"},
		{"points=1,x,1", "point 1 “1,x,1”", "第 1 个点"},
		{"points=1,2,1;NaN,1,1", "point 2 “NaN,1,1”", "不是有限的数"},
		{"points=1,2,1;1,1,inf", "the label is 1 or -1", "标签只能是 1 或 -1"},
		{"points=1,2,0", "not 0", "不能是 0"},
		{"points=1,2", "write x1,x2,label", "x1,x2,标签"},
		{"C=0", "leave C out", "硬间隔请不写 C"},
		{"C=-1", "C must be > 0", "必须大于 0"},
		{"sigma=abc", "sigma=abc is not a number", "不是一个数"},
		{"p=1.5", "p=1.5", "1 到 10"},
		{"step=-2", "step=-2", "非负整数"},
		{"seed=x", "seed=x", "非负整数"},
		{"C", "has no value", "没有值"},
		{"points=" + many, "5001 points", "5001 个点"},
	} {
		_, err := ParseFragment(c.frag)
		var e *Error
		if !errors.As(err, &e) || !strings.Contains(e.EN, c.en) || !strings.Contains(e.ZH, c.zh) {
			t.Errorf("%.40s: %v", c.frag, err)
			continue
		}
		// The page gets the message, and no points.
		o := RunFragment(c.frag, "zh").Output
		if o.Result.Status != StatusError || o.Result.Message != e.ZH || len(o.State.Points) != 0 {
			t.Errorf("%.40s: page output %+v", c.frag, o.Result)
		}
	}
}

// A fragment reads back to the same state, and the escapes a browser adds
// are undone.
func TestFragmentRoundTrip(t *testing.T) {
	for _, frag := range []string{
		ex21,
		"algo=svm&kernel=gauss&C=10&sigma=0.7&points=3,3,1;4,3,1;1,1,-1",
		"algo=dual&eta=0.5&order=random&seed=3&step=2&points=0.1,-2e-05,1;1e+300,3,-1",
		"algo=smo&kernel=poly&p=3&points=1,1,1;2,2,-1",
	} {
		st := mustParse(t, frag)
		if got := st.Fragment(); got != frag {
			t.Errorf("%s → %s", frag, got)
		}
	}
	st := mustParse(t, "#algo=svm&points=1%2C2%2C1;3,4,-1")
	if st.Algo != SVM || st.X[0] != [2]float64{1, 2} {
		t.Errorf("escaped fragment: %+v", st)
	}
	for _, name := range Presets {
		st, _ := Preset(name, 5)
		if back := mustParse(t, st.Fragment()); !slices.Equal(back.X, st.X) || !slices.Equal(back.Y, st.Y) || back.Seed != st.Seed {
			t.Errorf("preset %s does not round-trip", name)
		}
	}
	if _, ok := Preset("moons", 1); ok {
		t.Error("unknown preset accepted")
	}
}

// The preset menu follows the points: each preset read back from its
// fragment is itself (the seed drawn anew for the generated ones), Example
// 2.1's points are example21 under the perceptron and example71 under the
// SVM, whatever the fragment's other keys; moved, relabelled, reordered or
// another seed's points are the student's own.
func TestPresetOf(t *testing.T) {
	for _, name := range Presets {
		for _, seed := range []uint64{1, 5} {
			st, _ := Preset(name, seed)
			if got := run(t, st.Fragment()).Output.Preset; got != name {
				t.Errorf("preset %s, seed %d: the page's menu would show %q", name, seed, got)
			}
		}
	}
	for frag, want := range map[string]string{
		ex21: "example21", "algo=dual&" + ex21: "example21", "algo=primal&order=random&seed=7&" + ex21: "example21",
		"algo=svm&" + ex21: "example71", "algo=smo&C=10&" + ex21: "example71",
		"points=3,3,1;4,3.01,1;1,1,-1": "", "points=3,3,1;4,3,-1;1,1,-1": "", "points=4,3,1;3,3,1;1,1,-1": "",
		"points=3,3,1;4,3,1": "", "": "",
	} {
		if got := run(t, frag).Output.Preset; got != want {
			t.Errorf("#%s: preset %q, want %q", frag, got, want)
		}
	}
	rings, _ := Preset("rings", 5)
	rings.Seed = 6
	if got := PresetOf(rings); got != "" {
		t.Errorf("the rings of seed 5 under seed 6: preset %q", got)
	}
}

// Random order is seeded: the same seed, the same run; another seed,
// another run (on Example 2.1 the orders give different hyperplanes).
func TestRandomOrderSeeded(t *testing.T) {
	a := run(t, "order=random&seed=2&"+ex21).Output.Result
	b := run(t, "order=random&seed=2&"+ex21).Output.Result
	if !slices.Equal(a.W, b.W) || *a.Steps != *b.Steps {
		t.Error("the same seed gave different runs")
	}
	x, y := dataset.Example21().XY()
	res, _ := perceptron.Primal{Settings: perceptron.Settings{Eta: 1, MaxEpochs: MaxEpochs, Order: perceptron.RandomMistake,
		Src: rand.NewPCG(2, 0)}}.Fit(x, y)
	if !slices.Equal(a.W, res.W) || *a.B != res.B {
		t.Errorf("seed 2: %v %v, library %v %v", a.W, *a.B, res.W, res.B)
	}
}

// The model file is modelio.Write's, byte for byte, and predicts as the fit.
func TestModelJSON(t *testing.T) {
	for _, frag := range []string{
		ex21,
		"algo=dual&eta=0.5&order=random&" + ex21,
		"algo=svm&" + ex21,
		"algo=svm&kernel=gauss&sigma=0.7&C=10&" + ex21,
		"algo=smo&kernel=poly&p=2&" + ex21,
		"algo=smo&step=0&points=3,3,1;4,3,1;1,1,-1;2,0,-1",
	} {
		f := run(t, frag)
		got, err := f.ModelJSON()
		if err != nil {
			t.Fatalf("%s: %v", frag, err)
		}
		var want bytes.Buffer
		if err := modelio.Write(&want, modelio.Model{Solver: f.solver, Classifier: f.model}); err != nil {
			t.Fatalf("%s: modelio: %v", frag, err)
		}
		if !bytes.Equal(got, want.Bytes()) {
			t.Errorf("%s:\n%s\nmodelio writes\n%s", frag, got, want.Bytes())
		}
		m, err := modelio.Read(bytes.NewReader(got))
		if err != nil {
			t.Fatalf("%s: %v", frag, err)
		}
		for _, p := range [][]float64{{3, 3}, {2, 0.5}, {-1, 4}} {
			if m.Decision(p) != f.model.Decision(p) {
				t.Errorf("%s: decision at %v: %v, fit %v", frag, p, m.Decision(p), f.model.Decision(p))
			}
		}
	}
	if _, err := run(t, "points=1,1,1").ModelJSON(); err == nil {
		t.Error("a model from one point")
	}
}

// The exports read back as the same points.
func TestExports(t *testing.T) {
	st := mustParse(t, "points=0.1,-2.5,1;3,1e-07,-1")
	for _, w := range []func() ([]byte, error){st.CSV, st.LIBSVM} {
		b, err := w()
		if err != nil {
			t.Fatal(err)
		}
		s, err := dataset.Read(bytes.NewReader(b))
		if err != nil {
			t.Fatalf("%s: %v", b, err)
		}
		if s.X.At(0, 1) != -2.5 || s.X.At(1, 1) != 1e-07 || !slices.Equal(s.Y, st.Y) {
			t.Errorf("%s read back as %v %v", b, s.X, s.Y)
		}
	}
}

// Grid evaluates the model: for Example 7.2, f = ½x⁽¹⁾ + ½x⁽²⁾ − 2 at the
// centres of the cells, rows from the top.
func TestGrid(t *testing.T) {
	f := run(t, "algo=svm&"+ex21)
	g := f.Grid([4]float64{0, 4, 0, 2}, 2, 1)
	if !nearAll(g, []float64{0.5*1 + 0.5*1 - 2, 0.5*3 + 0.5*1 - 2}) {
		t.Errorf("grid %v", g)
	}
	k := run(t, "algo=svm&kernel=gauss&C=10&"+ex21)
	res, _ := svm.SMO{C: 10, Kernel: kernel.Gaussian(1), MaxIter: MaxSVMIter}.Fit(matrix(k.State.X), k.State.Y)
	if g := k.Grid([4]float64{0, 4, 0, 4}, 1, 1); !near(g[0], res.Decision([]float64{2, 2})) {
		t.Errorf("Gaussian grid %v, library %v", g, res.Decision([]float64{2, 2}))
	}
	// The Gaussian grid by products of exponentials is the model's Decision.
	for _, name := range []string{"xor", "rings"} {
		st, _ := Preset(name, 2)
		f := Run(st, "en")
		m := f.model.(*svm.Model)
		scale := math.Abs(m.B)
		for _, c := range m.Coef {
			scale += math.Abs(c)
		}
		v := f.Output.View
		g := f.Grid(v, 7, 5)
		for r := range 5 {
			for c := range 7 {
				p := []float64{v[0] + (float64(c)+0.5)*(v[1]-v[0])/7, v[3] - (float64(r)+0.5)*(v[3]-v[2])/5}
				if d := m.Decision(p); math.Abs(g[r*7+c]-d) > 1e-12*scale {
					t.Errorf("%s: grid %v, Decision %v at %v", name, g[r*7+c], d, p)
				}
			}
		}
	}
	if run(t, "points=1,1,1").Grid([4]float64{0, 1, 0, 1}, 2, 2) != nil {
		t.Error("a grid without a model")
	}
	var _ classify.Classifier = f.model
}

// Embed puts the state into the page and the page into an iframe.
func TestEmbed(t *testing.T) {
	page := []byte("<html><body><canvas id=\"plane\"></canvas>" + stateSlot + "<script>if (a < b && c) {}</script></body></html>")
	st, err := FromSet(dataset.Example21(), State{Algo: SVM, Step: -1})
	if err != nil {
		t.Fatal(err)
	}
	h, err := Embed(page, st, 700)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`height: 700px`, `srcdoc="&lt;html&gt;`, `id=&#34;state&#34;&gt;algo=svm&amp;points=3,3,1;4,3,1;1,1,-1&lt;/script&gt;`, `a &lt; b &amp;&amp; c`} {
		if !strings.Contains(h, want) {
			t.Errorf("no %s in %s", want, h)
		}
	}
	if strings.Count(h, `"`) != 8 { // class, title, style, srcdoc
		t.Errorf("a quote of the page is not escaped: %s", h)
	}
	if _, err := Embed([]byte("<html></html>"), st, 700); err == nil {
		t.Error("a page without the state's slot")
	}
	if _, err := FromSet(dataset.Iris(), State{}); err == nil || !strings.Contains(err.Error(), "4 features") {
		t.Errorf("Iris (4 features): %v", err)
	}
}

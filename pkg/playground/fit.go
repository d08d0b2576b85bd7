package playground

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"gonum.org/v1/gonum/mat"

	"github.com/marginnotes/marginnotes/pkg/classify"
	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/kernel"
	"github.com/marginnotes/marginnotes/pkg/perceptron"
	"github.com/marginnotes/marginnotes/pkg/separability"
	"github.com/marginnotes/marginnotes/pkg/svm"
)

// Limits of the playground: what keeps a click's answer within a frame or
// two. Past them the page says so.
const (
	// MaxEpochs is the perceptron's epoch limit (perceptron.Settings).
	MaxEpochs = 200
	// MaxSVMIter bounds svm.SMO's iterations.
	MaxSVMIter = 200000
	// MaxSMOPoints and MaxSMOSteps bound the step-by-step svm.PlattSMO,
	// which keeps α after every step.
	MaxSMOPoints = 300
	MaxSMOSteps  = 5000
	// MaxGram is the largest n whose Gram matrix the dual shows.
	MaxGram = 12
	// TableRows is the number of rows of the iteration table shown up to
	// the current step.
	TableRows = 40
)

// The statuses of a Result.
const (
	StatusConverged    = "converged"
	StatusNotSeparable = "not separable"
	StatusLimit        = "iteration limit"
	StatusError        = "error"
)

// Result is the page's result, the JSON of the data-result attribute of
// the element #result. Fields that do not apply are omitted: w for a kernel,
// R, gamma and bound outside the perceptron, everything but algo, n, status
// and message for an error.
type Result struct {
	Algo    string    `json:"algo"`
	N       int       `json:"n"`
	W       []float64 `json:"w,omitempty"`
	B       *float64  `json:"b,omitempty"`
	Alpha   []float64 `json:"alpha,omitempty"`
	Support []int     `json:"support,omitempty"`
	// Step is the step shown (primal, dual, smo), Steps the number of
	// steps: updates of the perceptron, SMO iterations, Algorithm 7.5's
	// steps.
	Step    *int     `json:"step,omitempty"`
	Steps   *int     `json:"steps,omitempty"`
	Status  string   `json:"status"`
	Message string   `json:"message,omitempty"`
	R       *float64 `json:"R,omitempty"`
	Gamma   *float64 `json:"gamma,omitempty"`
	Bound   *float64 `json:"bound,omitempty"`
}

// Output is everything the page draws besides the Result.
type Output struct {
	Result Result `json:"result"`
	// Fragment is the state, written canonically (State.Fragment).
	Fragment string `json:"fragment"`
	// Linear reports a linear decision function w·x + b.
	Linear bool `json:"linear"`
	// Free and Bounded are the support vectors with 0 < αᵢ < C and αᵢ = C.
	Free    []int `json:"free,omitempty"`
	Bounded []int `json:"bounded,omitempty"`
	// Xi holds the slacks ξᵢ = [1 − yᵢf(xᵢ)]₊ (soft margin).
	Xi []float64 `json:"xi,omitempty"`
	// Highlight is the point of the update shown (−1: none).
	Highlight int `json:"highlight"`
	// Table is the iteration table up to the step shown (primal, dual).
	Table []Row `json:"table,omitempty"`
	// Gram is the Gram matrix (dual, at most MaxGram points).
	Gram [][]float64 `json:"gram,omitempty"`
	// Pair is the step of Algorithm 7.5 that led to the step shown (smo).
	Pair *Pair `json:"pair,omitempty"`
	// Errors are Eᵢ = g(xᵢ) − yᵢ at the step shown (smo).
	Errors []float64 `json:"errors,omitempty"`
	// Lambda and Meet are the certificate that no line separates the
	// points: λ and the point where the classes' convex hulls meet.
	Lambda []float64 `json:"lambda,omitempty"`
	Meet   []float64 `json:"meet,omitempty"`
	// View is the part of the plane shown, [x0, x1, y0, y1], and Far the
	// points outside it.
	View [4]float64 `json:"view"`
	Far  []int      `json:"far,omitempty"`
	// State is the state fitted, with its defaults filled in (Step −1: the
	// last).
	State StateJSON `json:"state"`
	// Notes are further messages, in the page's language.
	Notes []string `json:"notes,omitempty"`
	// Preset is the preset whose points these are (PresetOf), "" for the
	// student's own points: the page's preset menu shows it.
	Preset string `json:"preset,omitempty"`
}

// Row is a row of Table 2.1 (primal) or 2.2 (dual): after update K with
// point Point (−1 for the start), the weights W (primal) or Alpha (dual)
// and b.
type Row struct {
	K     int       `json:"k"`
	Point int       `json:"point"`
	W     []float64 `json:"w,omitempty"`
	Alpha []float64 `json:"alpha,omitempty"`
	B     float64   `json:"b"`
}

// Pair is one step of svm.PlattSMO as notebook 11 shows it.
type Pair struct {
	I1        int      `json:"i1"`
	I2        int      `json:"i2"`
	E1        float64  `json:"e1"`
	E2        float64  `json:"e2"`
	L         float64  `json:"L"`
	H         *float64 `json:"H,omitempty"` // nil: +∞
	Unclipped *float64 `json:"unclipped,omitempty"`
	New1      float64  `json:"new1"`
	New2      float64  `json:"new2"`
	B         float64  `json:"b"`
}

// Fitted is a state with its fit: the Output and the model, which Grid
// evaluates and ModelJSON saves.
type Fitted struct {
	State  State
	Lang   string
	Output Output
	model  classify.Classifier // nil when there is none
	solver any                 // the solver, for ModelJSON
}

// Run fits st with the library's solver for st.Algo and returns what the
// page shows, its messages in language lang ("en" or "zh"). It never fails:
// a state the solvers refuse gives Status "error" or "not separable" with a
// message that says why.
func Run(st State, lang string) *Fitted {
	f := &Fitted{State: st, Lang: lang}
	o := &f.Output
	o.Result = Result{Algo: st.algo(), N: len(st.X)}
	o.Fragment = st.Fragment()
	o.State = st.JSON()
	o.Preset = PresetOf(st)
	o.Highlight = -1
	o.View, o.Far = View(st.X)
	for _, i := range o.Far {
		o.note(lang, errorf("point %d (%s, %s) lies far outside the view: it is drawn at the edge and still counts",
			"第 %d 个点 (%s, %s) 远在视图之外：画在边缘处，仍参与计算", i+1, num(st.X[i][0]), num(st.X[i][1])))
	}
	if err := f.check(); err != nil {
		o.fail(lang, StatusError, err)
		return f
	}
	switch st.algo() {
	case Primal, Dual:
		f.perceptron()
	case SVM:
		f.svm()
	case SMO:
		f.smo()
	}
	return f
}

func (o *Output) note(lang string, e *Error) { o.Notes = append(o.Notes, e.Text(lang)) }

func (o *Output) fail(lang, status string, e *Error) {
	o.Result.Status = status
	o.Result.Message = e.Text(lang)
}

// check refuses what no algorithm of the page can fit.
func (f *Fitted) check() *Error {
	st := f.State
	n := len(st.X)
	if n < 2 {
		return errorf("%d point: click on the plane to add points of both classes", "只有 %d 个点：请在平面上点击，添加两类的点", n)
	}
	pos, neg := dataset.Counts(st.Y)
	if pos == 0 || neg == 0 {
		cls, other := "+1", "−1"
		if pos == 0 {
			cls, other = "−1", "+1"
		}
		return errorf("every point has the label %s: add a point of the class %s", "所有点的标签都是 %s：请添加一个 %s 类的点", cls, other)
	}
	if st.kernel() != Linear && (st.algo() == Primal || st.algo() == Dual) {
		return errorf("the kernel applies to svm and smo; the perceptron here is linear", "核函数只用于 svm 和 smo；这里的感知机是线性的")
	}
	if st.algo() == SMO && n > MaxSMOPoints {
		return errorf("%d points: step-by-step smo takes at most %d; svm fits any number", "共 %d 个点：逐步 smo 最多 %d 个点；svm 不受此限", n, MaxSMOPoints)
	}
	return nil
}

// oppositeTwins returns a pair of equal points with opposite labels, or
// nil.
func oppositeTwins(x [][2]float64, y []float64) []int {
	first := map[[2]float64]int{}
	for i, p := range x {
		if j, ok := first[p]; ok && y[j] != y[i] {
			return []int{j, i}
		}
		if _, ok := first[p]; !ok {
			first[p] = i
		}
	}
	return nil
}

func matrix(x [][2]float64) *mat.Dense {
	m := mat.NewDense(len(x), 2, nil)
	for i, p := range x {
		m.Set(i, 0, p[0])
		m.Set(i, 1, p[1])
	}
	return m
}

func ptr[T any](v T) *T { return &v }

// finite returns v, or nil when it is not finite (JSON has no ∞).
func finite(v float64) *float64 {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return nil
	}
	return &v
}

// notSeparable fills in the linear program's certificate that no line
// separates the points, and returns the message.
func (f *Fitted) notSeparable(x *mat.Dense) *Error {
	if tw := oppositeTwins(f.State.X, f.State.Y); tw != nil {
		return errorf("points %d and %d are the same point with opposite labels: no line separates them",
			"第 %d 个点与第 %d 个点位置相同而标签相反：没有直线能把它们分开", tw[0]+1, tw[1]+1)
	}
	res, err := separability.LP{}.Decide(x, f.State.Y)
	if err != nil || res.Separable {
		return nil
	}
	f.Output.Lambda = res.Lambda
	f.Output.Meet = res.Positive
	return errorf("the points are not linearly separable: the convex hulls of the two classes meet at (%s, %s) (the linear program's certificate λ)",
		"数据集线性不可分：两类的凸壳相交于 (%s, %s)（线性规划给出的证书 λ）", short(res.Positive[0]), short(res.Positive[1]))
}

func short(v float64) string { return strconv.FormatFloat(v, 'g', 4, 64) }

// perceptron runs Algorithm 2.1 or 2.2.
func (f *Fitted) perceptron() {
	st, o, lang := f.State, &f.Output, f.Lang
	x := matrix(st.X)
	set := perceptron.Settings{Eta: st.eta(), MaxEpochs: MaxEpochs, Record: true}
	if st.order() == Random {
		set.Order = perceptron.RandomMistake
		set.Src = rand.NewPCG(st.seed(), 0)
	}
	var res *perceptron.Result
	var err error
	if st.algo() == Primal {
		p := perceptron.Primal{Settings: set}
		res, err = p.Fit(x, st.Y)
		p.Src, p.Record = nil, false
		f.solver = p
	} else {
		d := perceptron.Dual{Settings: set}
		res, err = d.Fit(x, st.Y)
		d.Src, d.Record = nil, false
		f.solver = d
		if len(st.X) <= MaxGram {
			g := kernel.Gram(kernel.Linear{}, x)
			o.Gram = make([][]float64, len(st.X))
			for i := range o.Gram {
				o.Gram[i] = make([]float64, len(st.X))
				for j := range o.Gram[i] {
					o.Gram[i][j] = g.At(i, j)
				}
			}
		}
	}
	r := &o.Result
	o.Linear = true
	if res == nil {
		o.fail(lang, StatusError, errorf("the perceptron failed: %s", "感知机出错：%s", err.Error()))
		return
	}
	r.Steps = ptr(res.Updates)
	// The trace holds the first perceptron.MaxTraceSteps steps; the last
	// step is the run's result.
	last := len(res.Trace) - 1
	k := res.Updates
	if st.Step >= 0 && st.Step <= last {
		k = st.Step
	} else if st.Step > res.Updates {
		o.note(lang, errorf("step=%d: the run has %d steps; showing the last", "step=%d：这次运行只有 %d 步；显示最后一步", st.Step, res.Updates))
	}
	r.Step = ptr(k)
	if k == res.Updates {
		r.W, r.B, r.Alpha = slices.Clone(res.W), ptr(res.B), slices.Clone(res.Alpha)
		if n := len(res.Mistakes); n > 0 && n == res.Updates {
			o.Highlight = res.Mistakes[n-1]
		}
	} else {
		s := res.Trace[k]
		alpha, _ := res.AlphaAt(k)
		r.W, r.B, r.Alpha = slices.Clone(s.W), ptr(s.B), alpha
		o.Highlight = s.Point
	}
	k = min(k, last)
	for i, a := range r.Alpha {
		if a > 0 {
			r.Support = append(r.Support, i)
		}
	}
	for j := max(0, k-TableRows+1); j <= k; j++ {
		t := res.Trace[j]
		row := Row{K: t.K, Point: t.Point, B: t.B}
		if st.algo() == Primal {
			row.W = t.W
		} else {
			row.Alpha, _ = res.AlphaAt(j)
		}
		o.Table = append(o.Table, row)
	}
	if bd, err := perceptron.NovikoffBound(x, st.Y); err == nil {
		r.R, r.Gamma, r.Bound = finite(bd.R), finite(bd.Gamma), finite(bd.Bound)
	}
	switch {
	case err == nil && res.Converged:
		r.Status = StatusConverged
		msg := errorf("converged after %d updates: %s", "经过 %d 次更新后收敛：%s", res.Updates, hyperplane(res.W, res.B))
		if r.Bound != nil {
			msg = join(msg, errorf("k = %d ≤ (R/γ)² = %s", "k = %d ≤ (R/γ)² = %s", res.Updates, short(*r.Bound)))
		}
		r.Message = msg.Text(lang)
	case errors.Is(err, perceptron.ErrNotConverged):
		stop := errorf("stopped after %d epochs without converging", "迭代 %d 轮后仍未收敛而停止", res.Epochs)
		if e := f.notSeparable(x); e != nil {
			o.fail(lang, StatusNotSeparable, join(stop, e))
			return
		}
		o.fail(lang, StatusLimit, join(stop, errorf("the points are linearly separable, but the run needs more than %d epochs",
			"数据集线性可分，但需要超过 %d 轮", MaxEpochs)))
	default:
		o.fail(lang, StatusError, errorf("the perceptron failed: %s", "感知机出错：%s", err.Error()))
	}
	f.model = classify.Linear{W: r.W, B: *r.B}
}

// join joins two messages: “a; b”.
func join(a, b *Error) *Error { return &Error{EN: a.EN + "; " + b.EN, ZH: a.ZH + "；" + b.ZH} }

// hyperplane writes w·x + b = 0 as the book does.
func hyperplane(w []float64, b float64) string {
	var s strings.Builder
	for j, c := range w {
		if j > 0 {
			if c < 0 {
				s.WriteString(" − ")
				c = -c
			} else {
				s.WriteString(" + ")
			}
		}
		if c != 1 {
			s.WriteString(short(c))
		}
		s.WriteString("x⁽" + []string{"¹", "²"}[j] + "⁾")
	}
	if b < 0 {
		s.WriteString(" − " + short(-b))
	} else {
		s.WriteString(" + " + short(b))
	}
	return s.String() + " = 0"
}

// KernelOf is the kernel of st as package kernel writes it: Linear,
// Polynomial{Degree: p, Gamma: 1, Coef0: 1} for (x·z + 1)^p, or
// Gaussian(σ).
func KernelOf(st State) kernel.Kernel {
	switch st.kernel() {
	case Poly:
		return kernel.Polynomial{Degree: st.p(), Gamma: 1, Coef0: 1}
	case Gauss:
		return kernel.Gaussian(st.sigma())
	}
	return kernel.Linear{}
}

// svmStatus turns a solver's Status into the Result's.
func svmStatus(s svm.Status) string {
	switch s {
	case svm.Converged, svm.RoundingLimit:
		return StatusConverged
	case svm.IterationLimit, svm.NoProgress:
		return StatusLimit
	case svm.NotSeparable:
		return StatusNotSeparable
	}
	return StatusError
}

// svmResult fills in the Result and the Output from a fitted SVM.
func (f *Fitted) svmResult(res *svm.Result) {
	o, r := &f.Output, &f.Output.Result
	r.W, r.B, r.Alpha = res.W, finite(res.B), res.Alpha
	r.Support = res.SupportIndices
	o.Linear = res.W != nil
	if f.State.C > 0 {
		o.Free, o.Bounded = res.FreeIndices, res.BoundedIndices
		o.Xi = make([]float64, len(f.State.X))
		for i, p := range f.State.X {
			o.Xi[i] = max(0, 1-f.State.Y[i]*res.Decision(p[:]))
		}
	} else {
		o.Free = res.SupportIndices
	}
	f.model = &res.Model
}

// hardMarginFails is the message for a hard margin on points that it
// cannot separate.
func (f *Fitted) hardMarginFails() *Error {
	if tw := oppositeTwins(f.State.X, f.State.Y); tw != nil {
		return errorf("points %d and %d are the same point with opposite labels, so no hard margin exists: set C for a soft margin",
			"第 %d 个点与第 %d 个点位置相同而标签相反，硬间隔不存在：请设置 C，改用软间隔", tw[0]+1, tw[1]+1)
	}
	if f.State.kernel() == Linear {
		if e := f.notSeparable(matrix(f.State.X)); e != nil {
			return join(e, errorf("no hard margin exists: set C for a soft margin", "硬间隔不存在：请设置 C，改用软间隔"))
		}
	}
	return errorf("no hard margin exists for these points with this kernel: set C for a soft margin", "在这个核函数下这些点没有硬间隔：请设置 C，改用软间隔")
}

// svm fits the SVM to convergence with svm.SMO.
func (f *Fitted) svm() {
	st, o, lang := f.State, &f.Output, f.Lang
	s := svm.SMO{C: st.C, Kernel: KernelOf(st), MaxIter: MaxSVMIter}
	f.solver = s
	res, err := s.Fit(matrix(st.X), st.Y)
	r := &o.Result
	if res == nil || errors.Is(err, svm.ErrNotSeparable) {
		if errors.Is(err, svm.ErrNotSeparable) {
			o.fail(lang, StatusNotSeparable, f.hardMarginFails())
			return
		}
		o.fail(lang, StatusError, errorf("the SVM failed: %s", "支持向量机出错：%s", errText(err)))
		return
	}
	r.Steps = ptr(res.Iterations)
	f.svmResult(res)
	r.Status = svmStatus(res.Status)
	switch r.Status {
	case StatusConverged:
		msg := errorf("converged: %d support vectors", "已收敛：%d 个支持向量", len(res.SupportIndices))
		if res.W != nil {
			msg = errorf("converged: %s, %d support vectors, margin 2/‖w‖ = %s", "已收敛：%s，%d 个支持向量，间隔 2/‖w‖ = %s",
				hyperplane(res.W, res.B), len(res.SupportIndices), short(2/math.Hypot(res.W[0], res.W[1])))
		}
		r.Message = msg.Text(lang)
	case StatusLimit:
		r.Message = errorf("stopped after %d iterations without converging: try a smaller C", "迭代 %d 次后仍未收敛而停止：请减小 C", res.Iterations).Text(lang)
	default:
		r.Message = errorf("the SVM failed: %s", "支持向量机出错：%s", errText(err)).Text(lang)
	}
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// smo runs Algorithm 7.5 step by step with svm.PlattSMO.
func (f *Fitted) smo() {
	st, o, lang := f.State, &f.Output, f.Lang
	p := svm.PlattSMO{C: st.C, Kernel: KernelOf(st), MaxIter: MaxSMOSteps}
	f.solver = p
	x := matrix(st.X)
	res, steps, err := p.FitSteps(x, st.Y)
	r := &o.Result
	if errors.Is(err, svm.ErrNotSeparable) {
		o.fail(lang, StatusNotSeparable, f.hardMarginFails())
		return
	}
	if res == nil {
		o.fail(lang, StatusError, errorf("Algorithm 7.5 failed: %s", "算法 7.5 出错：%s", errText(err)))
		return
	}
	r.Steps = ptr(len(steps))
	k := len(steps)
	if st.Step >= 0 && st.Step < k {
		k = st.Step
	} else if st.Step > k {
		o.note(lang, errorf("step=%d: the run has %d steps; showing the last", "step=%d：这次运行只有 %d 步；显示最后一步", st.Step, k))
	}
	r.Step = ptr(k)
	r.Status = svmStatus(res.Status)
	if k == len(steps) {
		f.svmResult(res)
	} else {
		alpha, b := make([]float64, len(st.X)), 0.0
		if k > 0 {
			alpha, b = slices.Clone(steps[k-1].Alpha), steps[k-1].B
		}
		e := &kernel.Expansion{Kernel: p.Kernel, B: b, D: 2}
		for i, a := range alpha {
			if a > 0 {
				r.Support = append(r.Support, i)
				e.Support = append(e.Support, st.X[i][:])
				e.Coef = append(e.Coef, a*st.Y[i])
			}
		}
		r.Alpha, r.B = alpha, ptr(b)
		if st.kernel() == Linear {
			w := make([]float64, 2)
			for j, xi := range e.Support {
				w[0] += e.Coef[j] * xi[0]
				w[1] += e.Coef[j] * xi[1]
			}
			r.W = w
			o.Linear = true
		}
		f.model = &svm.Model{Expansion: *e, W: r.W}
	}
	if k > 0 {
		s := steps[k-1]
		o.Pair = &Pair{I1: s.I1, I2: s.I2, E1: s.E1, E2: s.E2, L: s.L, H: finite(s.H), Unclipped: finite(s.Unclipped),
			New1: s.New1, New2: s.New2, B: s.B}
		o.Highlight = s.I2
	}
	o.Errors = make([]float64, len(st.X))
	for i, xi := range st.X {
		o.Errors[i] = f.model.Decision(xi[:]) - st.Y[i]
	}
	switch {
	case k < len(steps):
		r.Message = errorf("step %d of %d", "第 %d 步，共 %d 步", k, len(steps)).Text(lang)
	case r.Status == StatusConverged:
		r.Message = errorf("converged (steps: %d): %d support vectors", "经过 %d 步后收敛：%d 个支持向量", len(steps), len(res.SupportIndices)).Text(lang)
	case r.Status == StatusLimit:
		r.Message = errorf("stopped at the limit of %d steps", "达到 %d 步的上限而停止", MaxSMOSteps).Text(lang)
	default:
		r.Message = errorf("Algorithm 7.5 failed: %s", "算法 7.5 出错：%s", errText(err)).Text(lang)
	}
}

// Grid returns the decision values f(x) of the fitted model at nx × ny
// points of the rectangle v = [x0, x1, y0, y1], row by row from the top
// (y1) down, each row from x0 to x1, at the centres of the cells; nil when
// there is no model. For the Gaussian kernel it uses
// exp(−γ‖x − z‖²) = exp(−γ(x⁽¹⁾ − z⁽¹⁾)²)·exp(−γ(x⁽²⁾ − z⁽²⁾)²), so that a grid
// costs (nx + ny) exponentials per support vector instead of nx·ny (the
// values agree with the model's Decision to rounding, see the tests).
func (f *Fitted) Grid(v [4]float64, nx, ny int) []float64 {
	if f.model == nil || nx < 1 || ny < 1 {
		return nil
	}
	xs, ys := make([]float64, nx), make([]float64, ny)
	for c := range xs {
		xs[c] = v[0] + (float64(c)+0.5)*(v[1]-v[0])/float64(nx)
	}
	for r := range ys {
		ys[r] = v[3] - (float64(r)+0.5)*(v[3]-v[2])/float64(ny)
	}
	out := make([]float64, nx*ny)
	if m, ok := f.model.(*svm.Model); ok {
		if k, ok := m.Kernel.(kernel.RBF); ok {
			for i := range out {
				out[i] = m.B
			}
			ex, ey := make([]float64, nx), make([]float64, ny)
			for j, z := range m.Support {
				for c, x := range xs {
					ex[c] = math.Exp(-k.Gamma * (x - z[0]) * (x - z[0]))
				}
				for r, y := range ys {
					ey[r] = m.Coef[j] * math.Exp(-k.Gamma*(y-z[1])*(y-z[1]))
				}
				for r := range ys {
					row := out[r*nx : (r+1)*nx]
					for c := range row {
						row[c] += ey[r] * ex[c]
					}
				}
			}
			return out
		}
	}
	p := make([]float64, 2)
	for r, y := range ys {
		for c, x := range xs {
			p[0], p[1] = x, y
			out[r*nx+c] = f.model.Decision(p)
		}
	}
	return out
}

// Set returns the points as a data set.
func (st State) Set() (*dataset.Set, error) {
	rows := make([][]float64, len(st.X))
	for i, p := range st.X {
		rows[i] = []float64{p[0], p[1]}
	}
	return dataset.FromRows(rows, st.Y)
}

// CSV and LIBSVM write the points as `marginnotes svm` reads them.
func (st State) CSV() ([]byte, error) {
	return st.write(dataset.WriteCSV)
}

// LIBSVM writes the points in LIBSVM's format.
func (st State) LIBSVM() ([]byte, error) {
	return st.write(dataset.WriteLIBSVM)
}

func (st State) write(w func(io.Writer, *dataset.Set) error) ([]byte, error) {
	s, err := st.Set()
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	err = w(&b, s)
	return b.Bytes(), err
}

// JSON returns the Output as JSON.
func (f *Fitted) JSON() []byte {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	err := enc.Encode(f.Output)
	b := bytes.TrimSpace(buf.Bytes())
	if err != nil { // only non-finite numbers can fail, and Run keeps them out
		b, _ = json.Marshal(Output{Result: Result{Algo: f.Output.Result.Algo, N: f.Output.Result.N, Status: StatusError,
			Message: errorf("a number is not finite: %s", "出现了非有限的数：%s", err.Error()).Text(f.Lang)}})
	}
	return b
}

// StateJSON is a State as the page's script holds it: points as
// [x1, x2, label] and every default filled in (C 0: a hard margin).
type StateJSON struct {
	Points [][3]float64 `json:"points"`
	Algo   string       `json:"algo"`
	C      float64      `json:"C"`
	Kernel string       `json:"kernel"`
	P      int          `json:"p"`
	Sigma  float64      `json:"sigma"`
	Eta    float64      `json:"eta"`
	Order  string       `json:"order"`
	Seed   uint64       `json:"seed"`
	Step   int          `json:"step"`
}

// JSON returns st as the page's script holds it.
func (st State) JSON() StateJSON {
	j := StateJSON{Points: make([][3]float64, len(st.X)), Algo: st.algo(), C: st.C, Kernel: st.kernel(), P: st.p(),
		Sigma: st.sigma(), Eta: st.eta(), Order: st.order(), Seed: st.seed(), Step: st.Step}
	for i, p := range st.X {
		j.Points[i] = [3]float64{p[0], p[1], st.Y[i]}
	}
	return j
}

// RunFragment parses the fragment and runs its state; a bad fragment gives
// an Output with Status "error", its message, and no points.
func RunFragment(frag, lang string) *Fitted {
	st, err := ParseFragment(frag)
	if err != nil {
		f := Run(State{Step: -1}, lang)
		var e *Error
		if !errors.As(err, &e) {
			e = errorf("%s", "%s", err.Error())
		}
		f.Output.fail(lang, StatusError, e)
		f.Output.Notes = append(f.Output.Notes, errorf("the page was opened with a fragment it cannot read", "打开本页的网址片段无法读取").Text(lang))
		return f
	}
	return Run(st, lang)
}

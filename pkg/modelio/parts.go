package modelio

import (
	"fmt"
	"math"
	"reflect"

	"github.com/marginnotes/marginnotes/internal/errtext"
	"github.com/marginnotes/marginnotes/pkg/classify"
	"github.com/marginnotes/marginnotes/pkg/kernel"
	"github.com/marginnotes/marginnotes/pkg/perceptron"
	"github.com/marginnotes/marginnotes/pkg/svm"
)

// parts is a model as a file holds it: the kind, the solver with its
// settings, the dimension and one section. Write checks the parts of a
// model before it writes a byte, and Read the parts it read, with the same
// rules (check), so that Read reads what Write writes and Write writes
// nothing that Read refuses.
type parts struct {
	kind     *kind
	solver   func() any // the solver, with the settings bound to params
	params   []param
	dim      int
	linear   classify.Linear         // linearModel
	exp      *kernel.Expansion       // expansionModel, svmModel
	w        []float64               // svmModel with the linear kernel
	voted    *perceptron.VotedResult // votedModel
	validate bool                    // check the model's numbers are finite (Write)
}

// encode returns the parts of m, checked.
func encode(m Model) (*parts, error) {
	var k *kind
	ks := kinds()
	for i := range ks {
		if reflect.TypeOf(m.Solver) == ks[i].solver {
			k = &ks[i]
		}
	}
	if k == nil {
		return nil, errtext.Errorf("modelio: %w: solver of type %T (want a value of one of %s)", ErrKind, m.Solver, kindNames())
	}
	value, params := k.bind(m.Solver)
	p := &parts{kind: k, solver: value, params: params, validate: true}
	c := m.Classifier
	if t := reflect.TypeOf(c); t != k.result && t != k.section.modelType() && (k.section != linearModel || t != reflect.TypeFor[classify.Linear]()) {
		return nil, errtext.Errorf("modelio: %w: %T is not a model of %s (want %v or %v)", ErrKind, c, k.name, k.result, k.section.modelType())
	}
	ok := false
	switch k.section {
	case linearModel:
		if l, is := c.(*classify.Linear); is && l != nil {
			p.linear, ok = *l, true
		} else {
			p.linear, ok = embedded[classify.Linear](c)
		}
	case expansionModel:
		if e, has := c.(interface{ Expansion() *kernel.Expansion }); has {
			p.exp, ok = e.Expansion(), true
		} else if e, has := c.(*kernel.Expansion); has {
			p.exp, ok = e, true
		} else {
			var e kernel.Expansion
			e, ok = embedded[kernel.Expansion](c)
			p.exp = &e
		}
	case svmModel:
		var sm *svm.Model
		if sm, ok = c.(*svm.Model); !ok {
			var v svm.Model
			v, ok = embedded[svm.Model](c)
			sm = &v
		}
		if ok {
			p.exp, p.w = &sm.Expansion, sm.W
		}
	case votedModel:
		p.voted, ok = c.(*perceptron.VotedResult)
	}
	if !ok {
		return nil, errtext.Errorf("modelio: %w: %T holds no model of %s", ErrKind, c, k.name)
	}
	p.dim = c.(classify.Dimensioned).Dim()
	if err := p.check(); err != nil {
		return nil, err
	}
	if p.exp != nil {
		if err := p.sameKernel(); err != nil {
			return nil, err
		}
	}
	return p, nil
}

// embedded returns the value of type T that c is, or that the struct c
// points to embeds.
func embedded[T any](c classify.Classifier) (T, bool) {
	if v, ok := c.(T); ok {
		return v, true
	}
	var zero T
	v := reflect.ValueOf(c)
	if v.Kind() != reflect.Pointer || v.IsNil() || v.Elem().Kind() != reflect.Struct {
		return zero, false
	}
	s := v.Elem()
	for i := range s.NumField() {
		if f := s.Type().Field(i); f.Anonymous && f.Type == reflect.TypeFor[T]() {
			return s.Field(i).Interface().(T), true
		}
	}
	return zero, false
}

// kernelParam returns the solver's kernel field, or nil.
func (p *parts) kernelParam() *kernel.Kernel {
	for _, q := range p.params {
		if k, ok := q.ptr.(*kernel.Kernel); ok {
			return k
		}
	}
	return nil
}

// sameKernel checks that the solver has the kernel of the model it is
// written with (nil is the linear kernel).
func (p *parts) sameKernel() error {
	k := p.kernelParam()
	if k == nil {
		return nil
	}
	solver, model := *k, p.exp.Kernel
	if solver == nil {
		solver = kernel.Linear{}
	}
	if model == nil {
		model = kernel.Linear{}
	}
	if !reflect.DeepEqual(solver, model) {
		return errtext.Errorf("modelio: %w: the solver has the kernel %v, its model %v", ErrKind, solver, model)
	}
	return nil
}

// maxVotes bounds the sum of the vote counts: up to 2⁵³ the float64 sum
// of VotedResult.Decision is exact.
const maxVotes = 1 << 53

// check checks the parts: the settings by the rules of the solver's Fit,
// the vectors against the dimension, the kernel, w against the support
// vectors, the vote counts, and the size against MaxCells.
func (p *parts) check() error {
	if p.dim < 1 || p.dim > MaxCells {
		return errtext.Errorf("modelio: %w: dim %d, want 1 to %d", ErrFormat, p.dim, MaxCells)
	}
	for _, q := range p.params {
		if q.check == nil {
			continue
		}
		if want := q.check(p.dim); want != "" {
			return &classify.SettingError{Solver: p.kind.name, Field: q.field, Value: reflect.ValueOf(q.ptr).Elem().Interface(), Want: want}
		}
	}
	var cells cellCount
	var err error
	number := func(name label, v float64) {
		if err == nil && p.validate && (math.IsInf(v, 0) || math.IsNaN(v)) {
			err = errtext.Errorf("modelio: %w: the model holds %s = %v", classify.ErrNotFinite, name, v)
		}
	}
	vector := func(name label, v []float64) {
		cells.vector(len(v))
		switch {
		case err != nil:
		case len(v) != p.dim:
			err = errtext.Errorf("modelio: %w: %s has %d entries, want dim = %d", ErrFormat, name, len(v), p.dim)
		case p.validate:
			for j, x := range v {
				if math.IsInf(x, 0) || math.IsNaN(x) {
					number(label{name.String() + "[%d]", j + 1}, x)
					break
				}
			}
		}
	}
	switch p.kind.section {
	case linearModel:
		vector(label{"w", 0}, p.linear.W)
		number(label{"b", 0}, p.linear.B)
		if err == nil {
			err = p.biasAgrees()
		}
	case expansionModel, svmModel:
		e := p.exp
		if _, err := kernelFieldsOf(e.Kernel); err != nil {
			return err
		}
		if e.Kernel != nil {
			if err := kernel.Validate(e.Kernel); err != nil {
				return errtext.Errorf("modelio: %w: %w", ErrKernel, err)
			}
		}
		if len(e.Support) != len(e.Coef) {
			return errtext.Errorf("modelio: %w: %d support vectors and %d coefficients", ErrFormat, len(e.Support), len(e.Coef))
		}
		for j, sv := range e.Support {
			vector(label{"support vector %d", j + 1}, sv)
		}
		cells.vector(len(e.Coef))
		for j, c := range e.Coef {
			number(label{"coefficient %d", j + 1}, c)
		}
		number(label{"b", 0}, e.B)
		_, linear := e.Kernel.(kernel.Linear)
		linear = linear || e.Kernel == nil
		switch {
		case err != nil:
		case p.kind.section == expansionModel && p.w != nil:
			return errtext.Errorf("modelio: %w: a %s model has no w", ErrFormat, p.kind.name)
		case p.kind.section == expansionModel:
		case linear && p.w == nil:
			return errtext.Errorf("modelio: %w: an SVM with the linear kernel needs w", ErrFormat)
		case !linear && p.w != nil:
			return errtext.Errorf("modelio: %w: w is for the linear kernel, not %v", ErrFormat, e.Kernel)
		case linear:
			vector(label{"w", 0}, p.w)
			if err == nil {
				err = weightsAgree(p.w, e.Support, e.Coef)
			}
		}
	case votedModel:
		v := p.voted
		if v.Group < 1 || len(v.Votes) == 0 {
			return errtext.Errorf("modelio: %w: %d votes of group %d, want at least one vote and a group ≥ 1", ErrFormat, len(v.Votes), v.Group)
		}
		vector(label{"averaged w", 0}, v.Averaged.W)
		number(label{"averaged b", 0}, v.Averaged.B)
		total := 0
		for s, vote := range v.Votes {
			vector(label{"w of vote %d", s + 1}, vote.W)
			number(label{"b of vote %d", s + 1}, vote.B)
			cells.vote()
			if vote.C < 1 || vote.C > maxVotes-total {
				return errtext.Errorf("modelio: %w: vote %d has count %d; want counts ≥ 1 whose sum is at most 2⁵³ (where a float64 sum of them is exact)",
					ErrFormat, s+1, vote.C)
			}
			total += vote.C
		}
	}
	for _, q := range p.params {
		switch v := q.ptr.(type) {
		case *[]float64:
			cells.vector(len(*v))
		case *[]int:
			cells.vector(len(*v))
		}
	}
	if err != nil {
		return err
	}
	return cells.err()
}

// biasAgrees checks b against a solver that fits no bias: svm.DCD with
// NoBias has b = 0, perceptron.Primal with NoBias keeps b = B0.
func (p *parts) biasAgrees() error {
	b := p.linear.B
	switch s := p.solver().(type) {
	case svm.DCD:
		if s.NoBias && b != 0 {
			return fmt.Errorf("%w: no_bias is true, but b = %v (svm.DCD without a bias fits b = 0)", ErrFormat, b)
		}
	case perceptron.Primal:
		if s.NoBias && b != s.B0 {
			return fmt.Errorf("%w: no_bias is true, but b = %v (perceptron.Primal without a bias keeps b = b0 = %v)", ErrFormat, b, s.B0)
		}
	}
	return nil
}

// weightsAgree checks that w = Σⱼ coefⱼ·supportⱼ, up to the rounding of
// two sums of the same terms in different orders: 2(n+1)ε·Σⱼ|coefⱼ·supportⱼ|
// per entry, for n support vectors.
func weightsAgree(w []float64, support [][]float64, coef []float64) error {
	sum := make([]float64, len(w))
	scale := make([]float64, len(w))
	for j, sv := range support {
		for k, x := range sv {
			t := coef[j] * x
			sum[k] += t
			scale[k] += math.Abs(t)
		}
	}
	n := float64(len(support))
	for k := range w {
		tol := 2*(n+1)*0x1p-52*scale[k] + 4*(n+1)*math.SmallestNonzeroFloat64
		if !(math.Abs(w[k]-sum[k]) <= tol) {
			return errtext.Errorf("modelio: %w: w[%d] = %v, but the support vectors give %v (w = Σⱼ coefⱼ·supportⱼ)", ErrFormat, k+1, w[k], sum[k])
		}
	}
	return nil
}

// label names a number or vector of a model for an error: format, with j
// when j > 0; it is formatted only when an error names it.
type label struct {
	format string
	j      int
}

func (l label) String() string {
	if l.j == 0 {
		return l.format
	}
	return fmt.Sprintf(l.format, l.j)
}

// cellCount counts the cells of a model: 8-byte words, a number each and
// three for each vector (its slice header) and two for each vote's b and
// c, as MaxCells bounds them.
type cellCount int64

func (c *cellCount) vector(n int) { *c += cellCount(n) + 3 }
func (c *cellCount) vote()        { *c += 2 }

func (c cellCount) err() error {
	if c > MaxCells {
		return errCells
	}
	return nil
}

var errCells = errtext.Errorf("modelio: %w: the model has more than %d numbers (MaxCells: its numbers, and three for each vector)", ErrFormat, MaxCells)

// model returns the model of the parts: the solver with its settings and
// the fitted model, of the type Read returns for the section.
func (p *parts) model() *Model {
	var c classify.Classifier
	switch p.kind.section {
	case linearModel:
		l := p.linear
		c = &l
	case expansionModel:
		c = p.exp
	case svmModel:
		c = &svm.Model{Expansion: *p.exp, W: p.w}
	case votedModel:
		c = p.voted
	}
	if k := p.kernelParam(); k != nil {
		*k = p.exp.Kernel
	}
	return &Model{Solver: p.solver(), Classifier: c}
}

// kernelJSON returns the file's object for the kernel k.
func kernelFieldsOf(k kernel.Kernel) (kernelFields, error) {
	switch k := k.(type) {
	case nil, kernel.Linear:
		return kernelFields{name: "linear"}, nil
	case kernel.Polynomial:
		return kernelFields{name: "poly", degree: &k.Degree, gamma: &k.Gamma, coef0: &k.Coef0}, nil
	case kernel.RBF:
		return kernelFields{name: "rbf", gamma: &k.Gamma}, nil
	}
	return kernelFields{}, errtext.Errorf("modelio: %w: kernel of type %T (a file holds kernel.Linear, Polynomial or RBF)", ErrKernel, k)
}

// kernelFields are the fields of a kernel's object in a file.
type kernelFields struct {
	name         string
	degree       *int
	gamma, coef0 *float64
}

// kernel returns the kernel the fields describe, validated.
func (k kernelFields) kernel() (kernel.Kernel, error) {
	var kern kernel.Kernel
	var missing string
	switch {
	case k.name == "linear" && k.degree == nil && k.gamma == nil && k.coef0 == nil:
		return kernel.Linear{}, nil
	case k.name == "rbf" && k.degree == nil && k.coef0 == nil:
		if k.gamma == nil {
			missing = "gamma"
			break
		}
		kern = kernel.RBF{Gamma: *k.gamma}
	case k.name == "poly":
		if k.degree == nil || k.gamma == nil || k.coef0 == nil {
			missing = "degree, gamma and coef0"
			break
		}
		kern = kernel.Polynomial{Degree: *k.degree, Gamma: *k.gamma, Coef0: *k.coef0}
	case k.name == "linear", k.name == "rbf":
		return nil, errtext.Errorf("modelio: %w: parameters the %s kernel does not take", ErrKernel, k.name)
	default:
		return nil, errtext.Errorf("modelio: %w: %q (want linear, poly or rbf)", ErrKernel, short(k.name))
	}
	if missing != "" {
		return nil, errtext.Errorf("modelio: %w: the %s kernel needs %s", ErrKernel, k.name, missing)
	}
	if err := kernel.Validate(kern); err != nil {
		return nil, errtext.Errorf("modelio: %w: %w", ErrKernel, err)
	}
	return kern, nil
}

// short shortens s for an error message, as the data readers do.
func short(s string) string {
	const n = 40
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

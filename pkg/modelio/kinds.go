package modelio

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/marginnotes/marginnotes/pkg/classify"
	"github.com/marginnotes/marginnotes/pkg/kernel"
	"github.com/marginnotes/marginnotes/pkg/perceptron"
	"github.com/marginnotes/marginnotes/pkg/svm"
)

// The kinds of model, named after their solvers.
const (
	kindPrimal        = "perceptron.Primal"
	kindDual          = "perceptron.Dual"
	kindKernelDual    = "perceptron.KernelDual"
	kindVoted         = "perceptron.Voted"
	kindSMO           = "svm.SMO"
	kindExact         = "svm.Exact"
	kindInteriorPoint = "svm.InteriorPoint"
	kindDCD           = "svm.DCD"
)

// The settings of each solver as the file holds them, with the Go field's
// value (0 means the default).
type (
	primalSettings struct {
		perceptronSettings
		W0     []float64 `json:"w0,omitempty"`
		B0     float64   `json:"b0"`
		NoBias bool      `json:"no_bias"`
	}
	dualSettings struct {
		perceptronSettings
		GramBudget int `json:"gram_budget"`
	}
	perceptronSettings struct {
		Eta       float64 `json:"eta"`
		Order     string  `json:"order"`
		Sequence  []int   `json:"sequence,omitempty"`
		MaxEpochs int     `json:"max_epochs"`
		CS229     bool    `json:"cs229"`
	}
	votedSettings struct {
		Epochs   int    `json:"epochs"`
		Order    string `json:"order"`
		MaxVotes int    `json:"max_votes"`
	}
	smoSettings struct {
		C           float64 `json:"c"`
		Eps         float64 `json:"eps"`
		CacheBytes  int     `json:"cache_bytes"`
		NoShrinking bool    `json:"no_shrinking"`
		MaxIter     int     `json:"max_iter"`
	}
	exactSettings struct {
		C         float64 `json:"c"`
		MaxPoints int     `json:"max_points"`
	}
	interiorSettings struct {
		C       float64 `json:"c"`
		MaxIter int     `json:"max_iter"`
		Tol     float64 `json:"tol"`
	}
	dcdSettings struct {
		C       float64 `json:"c"`
		Loss    string  `json:"loss"`
		Bias    float64 `json:"bias"`
		NoBias  bool    `json:"no_bias"`
		Eps     float64 `json:"eps"`
		MaxIter int     `json:"max_iter"`
	}
)

// dcdLoss returns the svm.Loss named s.
func dcdLoss(s string) (svm.Loss, error) {
	for _, l := range []svm.Loss{svm.Hinge, svm.SquaredHinge} {
		if l.String() == s {
			return l, nil
		}
	}
	return 0, fmt.Errorf("%w: loss %q (want hinge or squared-hinge)", ErrFormat, s)
}

func fromPerceptron(s perceptron.Settings) perceptronSettings {
	return perceptronSettings{Eta: s.Eta, Order: s.Order.String(), Sequence: s.Sequence, MaxEpochs: s.MaxEpochs, CS229: s.CS229}
}

func (p perceptronSettings) settings() (perceptron.Settings, error) {
	o, err := order(p.Order)
	return perceptron.Settings{Eta: p.Eta, Order: o, Sequence: p.Sequence, MaxEpochs: p.MaxEpochs, CS229: p.CS229}, err
}

// order returns the Order named s.
func order(s string) (perceptron.Order, error) {
	for _, o := range []perceptron.Order{perceptron.Cyclic, perceptron.Shuffle, perceptron.RandomMistake, perceptron.Choices} {
		if o.String() == s {
			return o, nil
		}
	}
	return 0, fmt.Errorf("%w: order %q (want cyclic, shuffle, random-mistake or choices)", ErrFormat, s)
}

// encode returns the file of m.
func encode(m Model) (*file, error) {
	f := &file{Format: Format, Version: Version}
	wrongModel := func() error {
		return fmt.Errorf("%w: %T is not a model of %s", ErrKind, m.Classifier, f.Kind)
	}
	var settings any
	var err error
	switch s := m.Solver.(type) {
	case perceptron.Primal:
		f.Kind, settings = kindPrimal, primalSettings{fromPerceptron(s.Settings), s.W0, s.B0, s.NoBias}
		f.Linear, err = linearOf(m.Classifier)
	case perceptron.Dual:
		f.Kind, settings = kindDual, dualSettings{fromPerceptron(s.Settings), s.GramBudget}
		f.Linear, err = linearOf(m.Classifier)
	case svm.InteriorPoint:
		f.Kind, settings = kindInteriorPoint, interiorSettings{s.C, s.MaxIter, s.Tol}
		f.Linear, err = linearOf(m.Classifier)
	case svm.DCD:
		f.Kind, settings = kindDCD, dcdSettings{s.C, s.Loss.String(), s.Bias, s.NoBias, s.Eps, s.MaxIter}
		f.Linear, err = linearOf(m.Classifier)
	case perceptron.KernelDual:
		f.Kind, settings = kindKernelDual, dualSettings{fromPerceptron(s.Settings), s.GramBudget}
		var e *kernel.Expansion
		switch c := m.Classifier.(type) {
		case *perceptron.KernelResult:
			e = &c.Expansion
		case *kernel.Expansion:
			e = c
		}
		f.Expansion, err = expansionOf(e, nil)
	case svm.SMO:
		f.Kind, settings = kindSMO, smoSettings{s.C, s.Eps, s.CacheBytes, s.NoShrinking, s.MaxIter}
		f.Expansion, err = expansionOf(svmModel(m.Classifier))
	case svm.Exact:
		f.Kind, settings = kindExact, exactSettings{s.C, s.MaxPoints}
		f.Expansion, err = expansionOf(svmModel(m.Classifier))
	case perceptron.Voted:
		f.Kind, settings = kindVoted, votedSettings{s.MaxEpochs, s.Order.String(), s.MaxVotes}
		f.Voted, err = votedOf(m.Classifier)
	default:
		return nil, fmt.Errorf("%w: solver of type %T (want a perceptron or svm solver value)", ErrKind, m.Solver)
	}
	if err != nil {
		return nil, err
	}
	if f.Linear == nil && f.Expansion == nil && f.Voted == nil {
		return nil, wrongModel()
	}
	if f.Dim = m.Classifier.(classify.Dimensioned).Dim(); f.Dim < 1 {
		return nil, fmt.Errorf("%w: a model of dimension %d", ErrFormat, f.Dim)
	}
	if f.Settings, err = json.Marshal(settings); err != nil {
		return nil, fmt.Errorf("%w: settings: %v", classify.ErrNonFinite, err)
	}
	return f, nil
}

// linearOf returns the linear model c, or nil if c is not one.
func linearOf(c classify.Classifier) (*linearJSON, error) {
	var l classify.Linear
	switch c := c.(type) {
	case classify.Linear:
		l = c
	case *perceptron.Result:
		l = c.Linear
	case *svm.PrimalResult:
		l = c.Linear
	case *svm.DCDResult:
		l = c.Linear
	default:
		return nil, nil
	}
	return &linearJSON{W: l.W, B: l.B}, nil
}

// svmModel returns the expansion and weights of an SVM model c, or nil.
func svmModel(c classify.Classifier) (*kernel.Expansion, []float64) {
	switch c := c.(type) {
	case *svm.Result:
		return &c.Expansion, c.W
	case *svm.Model:
		return &c.Expansion, c.W
	}
	return nil, nil
}

// expansionOf returns the expansion e with the weights w, or nil if e is.
func expansionOf(e *kernel.Expansion, w []float64) (*expansionJSON, error) {
	if e == nil {
		return nil, nil
	}
	k, err := kernelOf(e.Kernel)
	if err != nil {
		return nil, err
	}
	return &expansionJSON{Kernel: k, Support: e.Support, Coef: e.Coef, B: e.B, W: w}, nil
}

func kernelOf(k kernel.Kernel) (kernelJSON, error) {
	switch k := k.(type) {
	case nil, kernel.Linear:
		return kernelJSON{Name: "linear"}, nil
	case kernel.Polynomial:
		return kernelJSON{Name: "poly", Degree: &k.Degree, Gamma: &k.Gamma, Coef0: &k.Coef0}, nil
	case kernel.RBF:
		return kernelJSON{Name: "rbf", Gamma: &k.Gamma}, nil
	}
	return kernelJSON{}, fmt.Errorf("%w: kernel of type %T (a file holds kernel.Linear, Polynomial or RBF)", ErrKernel, k)
}

// votedOf returns the voted model c, or nil if c is not one.
func votedOf(c classify.Classifier) (*votedJSON, error) {
	vr, ok := c.(*perceptron.VotedResult)
	if !ok {
		return nil, nil
	}
	v := &votedJSON{Group: vr.Group, Averaged: linearJSON{vr.Averaged.W, vr.Averaged.B}, Predict: predictVote,
		Votes: make([]voteJSON, len(vr.Votes))}
	for i, vote := range vr.Votes {
		v.Votes[i] = voteJSON{vote.W, vote.B, vote.C}
	}
	return v, nil
}

// decode returns the model of f, checked.
func decode(f *file) (*Model, error) {
	if f.Dim < 1 {
		return nil, fmt.Errorf("%w: dim %d, want ≥ 1", ErrFormat, f.Dim)
	}
	var sections []string
	for name, present := range map[string]bool{"linear": f.Linear != nil, "expansion": f.Expansion != nil, "voted": f.Voted != nil} {
		if present {
			sections = append(sections, name)
		}
	}
	slices.Sort(sections)
	want := "expansion"
	switch f.Kind {
	case kindPrimal, kindDual, kindInteriorPoint, kindDCD:
		want = "linear"
	case kindVoted:
		want = "voted"
	case kindKernelDual, kindSMO, kindExact:
	default:
		return nil, fmt.Errorf("%w: %q is no solver of this library (want %s, %s, %s, %s, %s, %s, %s, %s)", ErrKind, f.Kind,
			kindPrimal, kindDual, kindKernelDual, kindVoted, kindSMO, kindExact, kindInteriorPoint, kindDCD)
	}
	if len(sections) != 1 || sections[0] != want {
		return nil, fmt.Errorf("%w: a %s model has one section %q, this file has %q", ErrFormat, f.Kind, want, sections)
	}
	solver, err := f.solver()
	if err != nil {
		return nil, err
	}
	m := &Model{Solver: solver}
	switch want {
	case "linear":
		if err := vector("w", f.Linear.W, f.Dim); err != nil {
			return nil, err
		}
		m.Classifier = classify.Linear{W: f.Linear.W, B: f.Linear.B}
	case "expansion":
		m.Classifier, err = f.expansion(m)
	case "voted":
		m.Classifier, err = f.voted()
	}
	if err != nil {
		return nil, err
	}
	return m, nil
}

// solver returns the solver of f with its settings (the kernel is set by
// expansion).
func (f *file) solver() (any, error) {
	switch f.Kind {
	case kindPrimal:
		var s primalSettings
		if err := settings(f, &s); err != nil {
			return nil, err
		}
		ps, err := s.settings()
		return perceptron.Primal{Settings: ps, W0: s.W0, B0: s.B0, NoBias: s.NoBias}, err
	case kindDual, kindKernelDual:
		var s dualSettings
		if err := settings(f, &s); err != nil {
			return nil, err
		}
		ps, err := s.settings()
		if f.Kind == kindDual {
			return perceptron.Dual{Settings: ps, GramBudget: s.GramBudget}, err
		}
		return perceptron.KernelDual{Settings: ps, GramBudget: s.GramBudget}, err
	case kindVoted:
		var s votedSettings
		if err := settings(f, &s); err != nil {
			return nil, err
		}
		o, err := order(s.Order)
		return perceptron.Voted{Settings: perceptron.Settings{MaxEpochs: s.Epochs, Order: o}, MaxVotes: s.MaxVotes}, err
	case kindSMO:
		var s smoSettings
		err := settings(f, &s)
		return svm.SMO{C: s.C, Eps: s.Eps, CacheBytes: s.CacheBytes, NoShrinking: s.NoShrinking, MaxIter: s.MaxIter}, err
	case kindExact:
		var s exactSettings
		err := settings(f, &s)
		return svm.Exact{C: s.C, MaxPoints: s.MaxPoints}, err
	case kindDCD:
		var s dcdSettings
		if err := settings(f, &s); err != nil {
			return nil, err
		}
		loss, err := dcdLoss(s.Loss)
		return svm.DCD{C: s.C, Loss: loss, Bias: s.Bias, NoBias: s.NoBias, Eps: s.Eps, MaxIter: s.MaxIter}, err
	}
	var s interiorSettings
	err := settings(f, &s)
	return svm.InteriorPoint{C: s.C, MaxIter: s.MaxIter, Tol: s.Tol}, err
}

// settings decodes the settings of f into s; unknown fields are an error.
func settings(f *file, s any) error {
	if len(f.Settings) == 0 {
		return fmt.Errorf("%w: no settings", ErrFormat)
	}
	dec := json.NewDecoder(bytes.NewReader(f.Settings))
	dec.DisallowUnknownFields()
	if err := dec.Decode(s); err != nil {
		return fmt.Errorf("%w: settings of %s: %v", ErrFormat, f.Kind, jsonError(f.Settings, err))
	}
	return nil
}

// vector checks that v has d entries.
func vector(name string, v []float64, d int) error {
	if len(v) != d {
		return fmt.Errorf("%w: %s has %d entries, want dim = %d", ErrFormat, name, len(v), d)
	}
	return nil
}

// expansion returns the expansion of f, setting the kernel of m's solver.
func (f *file) expansion(m *Model) (classify.Classifier, error) {
	e := f.Expansion
	k, err := e.Kernel.kernel()
	if err != nil {
		return nil, err
	}
	if len(e.Support) != len(e.Coef) {
		return nil, fmt.Errorf("%w: %d support vectors and %d coefficients", ErrFormat, len(e.Support), len(e.Coef))
	}
	for j, sv := range e.Support {
		if err := vector(fmt.Sprintf("support vector %d", j+1), sv, f.Dim); err != nil {
			return nil, err
		}
	}
	exp := kernel.Expansion{Kernel: k, Support: e.Support, Coef: e.Coef, B: e.B, D: f.Dim}
	_, linear := k.(kernel.Linear)
	switch s := m.Solver.(type) {
	case perceptron.KernelDual:
		if e.W != nil {
			return nil, fmt.Errorf("%w: a %s model has no w", ErrFormat, f.Kind)
		}
		s.Kernel = k
		m.Solver = s
		return &exp, nil
	case svm.SMO:
		s.Kernel = k
		m.Solver = s
	case svm.Exact:
		s.Kernel = k
		m.Solver = s
	}
	switch {
	case linear && e.W == nil:
		return nil, fmt.Errorf("%w: an SVM with the linear kernel needs w", ErrFormat)
	case !linear && e.W != nil:
		return nil, fmt.Errorf("%w: w is for the linear kernel, not %v", ErrFormat, k)
	case linear:
		if err := vector("w", e.W, f.Dim); err != nil {
			return nil, err
		}
	}
	return &svm.Model{Expansion: exp, W: e.W}, nil
}

// kernel returns the kernel k describes, validated.
func (k kernelJSON) kernel() (kernel.Kernel, error) {
	var kern kernel.Kernel
	var missing string
	switch {
	case k.Name == "linear" && k.Degree == nil && k.Gamma == nil && k.Coef0 == nil:
		return kernel.Linear{}, nil
	case k.Name == "rbf" && k.Degree == nil && k.Coef0 == nil:
		if k.Gamma == nil {
			missing = "gamma"
			break
		}
		kern = kernel.RBF{Gamma: *k.Gamma}
	case k.Name == "poly":
		if k.Degree == nil || k.Gamma == nil || k.Coef0 == nil {
			missing = "degree, gamma and coef0"
			break
		}
		kern = kernel.Polynomial{Degree: *k.Degree, Gamma: *k.Gamma, Coef0: *k.Coef0}
	case k.Name == "linear", k.Name == "rbf":
		return nil, fmt.Errorf("%w: parameters the %s kernel does not take", ErrKernel, k.Name)
	default:
		return nil, fmt.Errorf("%w: %q (want linear, poly or rbf)", ErrKernel, k.Name)
	}
	if missing != "" {
		return nil, fmt.Errorf("%w: the %s kernel needs %s", ErrKernel, k.Name, missing)
	}
	if err := kernel.Validate(kern); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrKernel, err)
	}
	return kern, nil
}

// voted returns the voted perceptron of f.
func (f *file) voted() (classify.Classifier, error) {
	v := f.Voted
	if v.Predict != predictVote {
		return nil, fmt.Errorf("%w: predict %q, want %q", ErrFormat, v.Predict, predictVote)
	}
	if v.Group < 1 || len(v.Votes) == 0 {
		return nil, fmt.Errorf("%w: %d votes of group %d, want at least one vote and a group ≥ 1", ErrFormat, len(v.Votes), v.Group)
	}
	if err := vector("averaged w", v.Averaged.W, f.Dim); err != nil {
		return nil, err
	}
	vr := &perceptron.VotedResult{Group: v.Group, Averaged: classify.Linear{W: v.Averaged.W, B: v.Averaged.B},
		Votes: make([]perceptron.Vote, len(v.Votes))}
	for s, vote := range v.Votes {
		if err := vector(fmt.Sprintf("w of vote %d", s+1), vote.W, f.Dim); err != nil {
			return nil, err
		}
		if vote.C < 1 {
			return nil, fmt.Errorf("%w: vote %d has count %d, want ≥ 1", ErrFormat, s+1, vote.C)
		}
		vr.Votes[s] = perceptron.Vote{W: vote.W, B: vote.B, C: vote.C}
	}
	return vr, nil
}

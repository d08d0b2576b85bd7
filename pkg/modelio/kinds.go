package modelio

import (
	"fmt"
	"math"
	"reflect"
	"strings"
	"sync"

	"github.com/marginnotes/marginnotes/pkg/classify"
	"github.com/marginnotes/marginnotes/pkg/kernel"
	"github.com/marginnotes/marginnotes/pkg/perceptron"
	"github.com/marginnotes/marginnotes/pkg/separability"
	"github.com/marginnotes/marginnotes/pkg/svm"
)

// kinds returns the solvers whose models a file holds, in the order the
// package documentation lists them. The table is built on first use, not
// when the program starts: its reflection cost every command, one that
// never reads or writes a model (marginnotes --help) included, 0.18 ms
// and 220 allocations at start-up.
//
// A solver added to the library gets an entry here: its name (the file's
// "kind", its package and type), the section its model takes, and its
// settings, each bound to a field of the solver with the rule Fit applies
// to it (TestEverySetting fails until every exported field is bound or
// listed as not saved, and TestSettingRules until the rules agree with
// Fit's). The model is found in what Fit returns by its type: a
// classify.Linear, kernel.Expansion or svm.Model that the result embeds or
// is, or a method Expansion() *kernel.Expansion.
var kinds = sync.OnceValue(func() []kind {
	return []kind{
		kindOf("perceptron.Primal", linearModel, func(s *perceptron.Primal) []param {
			return append(perceptronParams(&s.Settings),
				param{key: "w0", field: "W0", ptr: &s.W0, check: func(d int) string {
					switch {
					case len(s.W0) != 0 && len(s.W0) != d:
						return fmt.Sprintf("nil or one entry per feature (%d)", d)
					case !allFinite(s.W0):
						return "finite numbers"
					}
					return ""
				}},
				param{key: "b0", field: "B0", ptr: &s.B0, check: finiteNumber(&s.B0)},
				param{key: "no_bias", field: "NoBias", ptr: &s.NoBias})
		}),
		kindOf("perceptron.Dual", linearModel, func(s *perceptron.Dual) []param {
			return append(perceptronParams(&s.Settings), count("gram_budget", "GramBudget", &s.GramBudget))
		}),
		kindOf("perceptron.KernelDual", expansionModel, func(s *perceptron.KernelDual) []param {
			return append(perceptronParams(&s.Settings), count("gram_budget", "GramBudget", &s.GramBudget),
				param{field: "Kernel", ptr: &s.Kernel})
		}),
		kindOf("perceptron.Voted", votedModel, func(s *perceptron.Voted) []param {
			p := perceptronParams(&s.Settings)
			for i := range p {
				switch p[i].key {
				case "max_epochs":
					// A voted run's MaxEpochs is its number of epochs, which
					// the file names "epochs", as version 1 always has.
					p[i].key = "epochs"
				case "order":
					p[i].check = func(int) string {
						if s.Order != perceptron.Cyclic && s.Order != perceptron.Shuffle {
							return "Cyclic or Shuffle"
						}
						return ""
					}
				}
			}
			return append(p, param{key: "max_votes", field: "MaxVotes", ptr: &s.MaxVotes, check: func(int) string {
				if s.MaxVotes != 0 && s.MaxVotes < 2 {
					return "0 or a number ≥ 2"
				}
				return ""
			}})
		}),
		kindOf("svm.SMO", svmModel, func(s *svm.SMO) []param {
			return []param{boxBound(&s.C), kktTolerance(&s.Eps), count("cache_bytes", "CacheBytes", &s.CacheBytes),
				{key: "no_shrinking", field: "NoShrinking", ptr: &s.NoShrinking}, count("max_iter", "MaxIter", &s.MaxIter),
				{field: "Kernel", ptr: &s.Kernel}}
		}),
		kindOf("svm.PlattSMO", svmModel, func(s *svm.PlattSMO) []param {
			return []param{boxBound(&s.C), kktTolerance(&s.Eps), count("max_iter", "MaxIter", &s.MaxIter),
				{field: "Kernel", ptr: &s.Kernel}}
		}),
		kindOf("svm.Exact", svmModel, func(s *svm.Exact) []param {
			return []param{boxBound(&s.C), count("max_points", "MaxPoints", &s.MaxPoints), {field: "Kernel", ptr: &s.Kernel}}
		}),
		kindOf("svm.InteriorPoint", linearModel, func(s *svm.InteriorPoint) []param {
			eps := tolerance("eps", "Eps", &s.Eps)
			eps.was = "tol"
			return []param{boxBound(&s.C), count("max_iter", "MaxIter", &s.MaxIter), eps}
		}),
		kindOf("svm.SquaredSlack", expansionModel, func(s *svm.SquaredSlack) []param {
			return []param{
				softBound(&s.C, nil),
				kktTolerance(&s.Eps), count("max_iter", "MaxIter", &s.MaxIter), {field: "Kernel", ptr: &s.Kernel}}
		}),
		kindOf("separability.MaxMargin", linearModel, func(s *separability.MaxMargin) []param {
			return []param{tolerance("tol", "Tol", &s.Tol), count("max_iter", "MaxIter", &s.MaxIter)}
		}),
		kindOf("svm.DCD", linearModel, func(s *svm.DCD) []param {
			return []param{
				softBound(&s.C, func() string {
					if s.Loss == svm.SquaredHinge && math.IsInf(0.5/s.C, 0) {
						return "a number whose 1/(2C) is finite for the squared hinge"
					}
					return ""
				}),
				{key: "loss", field: "Loss", ptr: &s.Loss, check: func(int) string {
					if _, ok := lossNamed(s.Loss.String()); !ok {
						return "Hinge or SquaredHinge"
					}
					return ""
				}},
				{key: "bias", field: "Bias", ptr: &s.Bias, check: func(int) string {
					switch {
					case !(s.Bias >= 0) || math.IsInf(s.Bias, 0):
						return "a finite number > 0 (0 for 1; NoBias for none)"
					case !s.NoBias && math.IsInf(s.Bias*s.Bias, 0):
						return "a smaller Bias: B² overflows float64"
					}
					return ""
				}},
				{key: "no_bias", field: "NoBias", ptr: &s.NoBias, check: func(int) string {
					if s.NoBias && s.Bias != 0 {
						return "false with a bias (no_bias has no constant feature: bias 0)"
					}
					return ""
				}},
				tolerance("eps", "Eps", &s.Eps), count("max_iter", "MaxIter", &s.MaxIter)}
		}),
	}
})

// section is the form of the model a kind of file holds.
type section int

const (
	// linearModel is "linear" {"w", "b"}, read as a *classify.Linear.
	linearModel section = iota + 1
	// expansionModel is "expansion" {"kernel", "support", "coef", "b"},
	// read as a *kernel.Expansion.
	expansionModel
	// svmModel is "expansion" with "w" for the linear kernel, read as an
	// *svm.Model.
	svmModel
	// votedModel is "voted" {"votes", "group", "averaged", "predict"},
	// read as a *perceptron.VotedResult.
	votedModel
)

// key returns the file's name of the section.
func (s section) key() string {
	switch s {
	case linearModel:
		return "linear"
	case votedModel:
		return "voted"
	}
	return "expansion"
}

// modelType returns the type of the model Read returns for the section.
func (s section) modelType() reflect.Type {
	switch s {
	case linearModel:
		return reflect.TypeFor[*classify.Linear]()
	case expansionModel:
		return reflect.TypeFor[*kernel.Expansion]()
	case svmModel:
		return reflect.TypeFor[*svm.Model]()
	}
	return reflect.TypeFor[*perceptron.VotedResult]()
}

// A kind is a solver whose models a file holds.
type kind struct {
	name    string       // the file's "kind": the solver's package and type
	section section      // the model the file holds
	solver  reflect.Type // the solver's type
	result  reflect.Type // the type its Fit returns
	// bind returns a copy of solver (its zero value for nil) and its
	// settings, bound to the fields of the copy.
	bind func(solver any) (value func() any, settings []param)
}

// kindOf returns the kind of the solvers of type S: settings binds the
// settings of a solver.
func kindOf[S any](name string, sec section, settings func(*S) []param) kind {
	t := reflect.TypeFor[S]()
	fit, ok := t.MethodByName("Fit")
	if !ok {
		panic("modelio: " + name + " has no method Fit")
	}
	return kind{name: name, section: sec, solver: t, result: fit.Type.Out(0),
		bind: func(solver any) (func() any, []param) {
			s := new(S)
			if solver != nil {
				*s = solver.(S)
			}
			return func() any { return *s }, settings(s)
		}}
}

// renamed maps the kind a file written by an earlier version of the
// library names to the solver's name now: MaxMargin moved from package svm
// to package separability (issue 23 §3).
var renamed = map[string]string{"svm.MaxMargin": "separability.MaxMargin"}

// kindNamed returns the kind named name, or an earlier name of it, or nil.
func kindNamed(name string) *kind {
	if now, ok := renamed[name]; ok {
		name = now
	}
	ks := kinds()
	for i := range ks {
		if ks[i].name == name {
			return &ks[i]
		}
	}
	return nil
}

// kindNames lists the kinds, for errors.
func kindNames() string {
	names := make([]string, len(kinds()))
	for i, k := range kinds() {
		names[i] = k.name
	}
	return strings.Join(names, ", ")
}

// A param is a setting of a solver: its key in the file's settings, the
// Go field it is bound to, and the rule the field's value must satisfy.
// The kernel (ptr of type *kernel.Kernel, no key) is not a setting: the
// file holds it in the model.
type param struct {
	key   string
	field string
	// ptr points to the field: a *float64, *int, *bool, *[]float64,
	// *[]int, *perceptron.Order, *svm.Loss or *kernel.Kernel.
	ptr any
	// check returns what the field accepts when its value, for points of
	// dimension d, is invalid, and "" when it is valid; nil accepts every
	// value.
	check func(d int) (want string)
	// was is the key an earlier release wrote for the setting, read as key
	// ("tol" for svm.InteriorPoint's Eps, once Tol), or "".
	was string
}

// perceptronParams binds the settings shared by the perceptrons.
func perceptronParams(s *perceptron.Settings) []param {
	return []param{
		{key: "eta", field: "Eta", ptr: &s.Eta, check: func(int) string {
			if !(s.Eta >= 0) || math.IsInf(s.Eta, 0) {
				return "a finite number > 0, or 0 for 1"
			}
			return ""
		}},
		{key: "order", field: "Order", ptr: &s.Order, check: func(int) string {
			if _, ok := orderNamed(s.Order.String()); !ok {
				return "Cyclic, Shuffle, RandomMistake or Choices"
			}
			return ""
		}},
		{key: "sequence", field: "Sequence", ptr: &s.Sequence, check: func(int) string { return sequenceRule(s) }},
		count("max_epochs", "MaxEpochs", &s.MaxEpochs),
		{key: "cs229", field: "CS229", ptr: &s.CS229},
		{key: "record", field: "Record", ptr: &s.Record},
	}
}

// sequenceRule checks the sequence of s as far as it does not depend on
// the data: nil for the random orders, not empty for Choices, a
// permutation of the point indices for Cyclic.
func sequenceRule(s *perceptron.Settings) string {
	for _, i := range s.Sequence {
		if i < 0 {
			return "point indices ≥ 0"
		}
	}
	switch s.Order {
	case perceptron.Shuffle, perceptron.RandomMistake:
		if s.Sequence != nil {
			return "nil for the order " + s.Order.String()
		}
	case perceptron.Choices:
		if len(s.Sequence) == 0 {
			return "a non-empty list of choices"
		}
	case perceptron.Cyclic:
		if s.Sequence != nil && len(s.Sequence) == 0 {
			return "nil or a permutation of the point indices 0, 1, …"
		}
		seen := make([]bool, len(s.Sequence))
		for _, i := range s.Sequence {
			if i >= len(seen) || seen[i] {
				return "a permutation of the point indices 0, 1, …"
			}
			seen[i] = true
		}
	}
	return ""
}

// count binds a count: an integer ≥ 0, 0 for the default.
func count(key, field string, p *int) param {
	return param{key: key, field: field, ptr: p, check: func(int) string {
		if *p < 0 {
			return "an integer ≥ 0 (0 for the default)"
		}
		return ""
	}}
}

// tolerance binds a tolerance: a finite number ≥ 0, 0 for the default.
func tolerance(key, field string, p *float64) param {
	return param{key: key, field: field, ptr: p, check: func(int) string {
		if !(*p >= 0) || math.IsInf(*p, 0) {
			return "a finite number ≥ 0 (0 for the default)"
		}
		return ""
	}}
}

// kktTolerance binds the Eps of a solver that stops on SMO's KKT violation
// (svm.SMO, PlattSMO, SquaredSlack): a tolerance, and 0 or at least
// svm.MinEps, as their Fit requires.
func kktTolerance(p *float64) param {
	t := tolerance("eps", "Eps", p)
	finite := t.check
	t.check = func(dim int) string {
		if want := finite(dim); want != "" {
			return want
		}
		if *p != 0 && *p < svm.MinEps {
			return fmt.Sprintf("0 for the default, or at least svm.MinEps = %.2g", svm.MinEps)
		}
		return ""
	}
	return t
}

// boxBound binds the box bound C of an SVM: 0 for a hard margin.
func boxBound(p *float64) param {
	return param{key: "c", field: "C", ptr: p, check: func(int) string {
		if !(*p >= 0) || math.IsInf(*p, 0) {
			return "a finite number > 0, or 0 for a hard margin"
		}
		return ""
	}}
}

// softBound binds the C of a solver without a hard margin: a finite number
// > 0, and then what more, if not nil, requires.
func softBound(p *float64, more func() string) param {
	return param{key: "c", field: "C", ptr: p, check: func(int) string {
		switch {
		case *p == 0:
			return "a finite number > 0 (there is no hard margin, C = 0)"
		case !(*p > 0) || math.IsInf(*p, 0):
			return "a finite number > 0"
		case more != nil:
			return more()
		}
		return ""
	}}
}

// finiteNumber is the rule of a number that may take any finite value.
func finiteNumber(p *float64) func(int) string {
	return func(int) string {
		if math.IsInf(*p, 0) || math.IsNaN(*p) {
			return "a finite number"
		}
		return ""
	}
}

// orders are the visiting orders of the perceptron, by name.
var orders = []perceptron.Order{perceptron.Cyclic, perceptron.Shuffle, perceptron.RandomMistake, perceptron.Choices}

// orderNamed returns the order named s.
func orderNamed(s string) (perceptron.Order, bool) {
	for _, o := range orders {
		if o.String() == s {
			return o, true
		}
	}
	return 0, false
}

// losses are the losses of svm.DCD, by name.
var losses = []svm.Loss{svm.Hinge, svm.SquaredHinge}

// lossNamed returns the loss named s.
func lossNamed(s string) (svm.Loss, bool) {
	for _, l := range losses {
		if l.String() == s {
			return l, true
		}
	}
	return 0, false
}

// allFinite reports whether every entry of v is finite.
func allFinite(v []float64) bool {
	for _, x := range v {
		if math.IsInf(x, 0) || math.IsNaN(x) {
			return false
		}
	}
	return true
}

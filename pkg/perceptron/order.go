package perceptron

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/marginnotes/marginnotes/pkg/classify"
)

// Order is the rule by which the perceptron picks the next point to examine.
type Order int

const (
	// Cyclic is the book's order (Algorithm 2.1, Example 2.1): examine the
	// points in index order, cyclically, continuing after an update with the
	// next point, until n consecutive examinations find no mistake. When
	// Sequence is set it must be a permutation of 0…n−1 and replaces index
	// order. An epoch is n examinations.
	Cyclic Order = iota

	// Shuffle examines the points in a new random order each epoch (the
	// previous epoch's order shuffled with Src) and stops after an epoch
	// without a mistake.
	Shuffle

	// RandomMistake is the rule of the seed notes' Python code: scan the
	// data for the misclassified points and update with one of them chosen
	// uniformly at random with Src. An epoch is one scan, so there is one
	// update per epoch.
	RandomMistake

	// Choices follows Sequence as the list of misclassified points chosen,
	// in update order — the way the book states its alternative run
	// x1, x3, x3, x3, x2, x3, x3, x3, x1, x3, x3 (0-based: 0, 2, 2, 2, 1, 2,
	// 2, 2, 0, 2, 2). Each listed point must be misclassified when its turn
	// comes (else ErrNotMisclassified). After the last choice the data are
	// scanned once (one epoch); if a point is still misclassified the run
	// ends with ErrNotConverged. MaxEpochs is not used.
	Choices
)

func (o Order) String() string {
	switch o {
	case Cyclic:
		return "cyclic"
	case Shuffle:
		return "shuffle"
	case RandomMistake:
		return "random-mistake"
	case Choices:
		return "choices"
	}
	return fmt.Sprintf("Order(%d)", int(o))
}

// Defaults of the zero values and limits of what a run keeps.
const (
	// DefaultMaxEpochs is the epoch limit used when MaxEpochs is 0.
	DefaultMaxEpochs = 1000
	// MaxRecorded is the number of updates whose point indices are kept in
	// Run.Mistakes; Run.Updates counts all of them.
	MaxRecorded = 1 << 20
	// MaxTraceSteps is the number of steps that Record keeps in Run.Trace
	// (k = 0 … MaxTraceSteps−1). Each step holds a copy of w, so the trace
	// takes at most MaxTraceSteps·(d+6)·8 bytes; Trace sees every step.
	MaxTraceSteps = 1 << 16
	// defaultSeed1 and defaultSeed2 seed rand.NewPCG when Src is nil.
	defaultSeed1, defaultSeed2 = 1, 2
)

// Settings are the settings that Primal, Dual, KernelDual and Voted share
// (each embeds them). The zero value is the book's Example 2.1: η = 1, the
// cyclic order, at most DefaultMaxEpochs epochs, the book's mistake rule,
// no trace. Voted reads MaxEpochs as its fixed number of epochs and takes
// the orders Cyclic and Shuffle only.
type Settings struct {
	// Eta is the learning rate η, a finite number > 0; 0 means 1.
	Eta float64
	// Order is the visiting order; the zero value is the book's Cyclic.
	Order Order
	// Sequence is the explicit order used by Cyclic (a permutation of the
	// 0-based point indices) and Choices (the misclassified points chosen,
	// in update order). Nil for the other orders.
	Sequence []int
	// MaxEpochs limits the run; 0 means DefaultMaxEpochs (for Voted, the
	// number of epochs run; 0 means DefaultVotedEpochs).
	MaxEpochs int
	// CS229 selects the mistake rule of the CS229 notes: a point is a
	// mistake when sign(w·x+b) ≠ y with sign(0) = +1, instead of the book's
	// y(w·x+b) ≤ 0. The rules differ only where w·x+b = 0: there a point
	// of label +1 is correct under CS229 and a mistake in the book.
	CS229 bool
	// Src drives Shuffle and RandomMistake. Nil means rand.NewPCG(1, 2), so
	// runs are reproducible by default.
	Src rand.Source
	// Trace, if not nil, is called with every step, k = 0 first. The Step's
	// W is a copy that the callee may keep.
	Trace func(Step)
	// Record keeps the first MaxTraceSteps steps in Run.Trace (in
	// VotedResult.Trace for Voted).
	Record bool
}

// config is a validated copy of Settings with the defaults applied.
type config struct {
	Settings
	solver string // "perceptron.Primal", … for setting errors
	rng    *rand.Rand
}

// config checks the settings that do not depend on the data and applies
// the defaults; solver names the algorithm in errors.
func (s Settings) config(solver string) (config, error) {
	c := config{Settings: s, solver: solver}
	if c.Eta == 0 {
		c.Eta = 1
	}
	if !(c.Eta > 0) || math.IsInf(c.Eta, 0) {
		return c, c.bad("Eta", s.Eta, "a finite number > 0")
	}
	if c.MaxEpochs < 0 {
		return c, c.bad("MaxEpochs", s.MaxEpochs, "a number ≥ 0")
	}
	if c.MaxEpochs == 0 {
		c.MaxEpochs = DefaultMaxEpochs
	}
	switch s.Order {
	case Cyclic:
	case Shuffle, RandomMistake:
		if s.Sequence != nil {
			return c, c.bad("Sequence", s.Sequence, "nil for the order "+s.Order.String())
		}
	case Choices:
		if len(s.Sequence) == 0 {
			return c, c.bad("Sequence", s.Sequence, "a non-empty list of choices")
		}
	default:
		return c, c.bad("Order", int(s.Order), "Cyclic, Shuffle, RandomMistake or Choices")
	}
	src := s.Src
	if src == nil {
		src = rand.NewPCG(defaultSeed1, defaultSeed2)
	}
	c.rng = rand.New(src)
	return c, nil
}

// bad returns the error for an invalid setting.
func (c *config) bad(field string, value any, want string) error {
	return &classify.SettingError{Solver: c.solver, Field: field, Value: value, Want: want}
}

// checkSeq checks Sequence against the number of points n.
func (c *config) checkSeq(n int) error {
	for k, i := range c.Sequence {
		if i < 0 || i >= n {
			return c.bad(fmt.Sprintf("Sequence[%d]", k), i, fmt.Sprintf("a point index in 0…%d", n-1))
		}
	}
	if c.Order == Cyclic && c.Sequence != nil {
		if len(c.Sequence) != n {
			return c.bad("Sequence", fmt.Sprintf("%d entries", len(c.Sequence)), fmt.Sprintf("a permutation of the %d points", n))
		}
		seen := make([]bool, n)
		for k, i := range c.Sequence {
			if seen[i] {
				return c.bad(fmt.Sprintf("Sequence[%d]", k), i, "a permutation (the point repeats)")
			}
			seen[i] = true
		}
	}
	return nil
}

// correct reports whether a point with label y and score z = w·x+b is
// classified correctly under the run's rule: y·z > 0 in the book,
// Sign(z) = y in CS229. A score that is not finite is never correct.
func correct(cs229 bool, y, z float64) bool {
	if cs229 {
		return classify.Sign(z) == y && math.Abs(z) <= math.MaxFloat64
	}
	t := y * z // y = ±1, so |t| = |z|
	return t > 0 && t <= math.MaxFloat64
}

// finite reports whether z is neither infinite nor NaN.
func finite(z float64) bool { return math.Abs(z) <= math.MaxFloat64 }

// allFinite reports whether every value of v is finite and, if not, the
// index of the first one that is not.
func allFinite(v []float64) (int, bool) {
	for j, x := range v {
		if !finite(x) {
			return j, false
		}
	}
	return -1, true
}

package perceptron

import (
	"fmt"
	"math"
	"math/rand/v2"
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

// Defaults of the zero values.
const (
	// DefaultMaxEpochs is the epoch limit used when MaxEpochs is 0.
	DefaultMaxEpochs = 1000
	// MaxRecorded is the number of updates whose point indices are kept in
	// Result.Mistakes; Result.Updates counts all of them.
	MaxRecorded = 1 << 20
	// defaultSeed1 and defaultSeed2 seed rand.NewPCG when Src is nil.
	defaultSeed1, defaultSeed2 = 1, 2
)

// config is the validated common part of the settings of Primal, Dual and
// Kernel.
type config struct {
	eta       float64
	order     Order
	seq       []int
	maxEpochs int
	cs229     bool
	rng       *rand.Rand
	trace     func(Step)
	record    bool
}

// newConfig applies the defaults and checks the settings that do not depend
// on the data.
func newConfig(eta float64, order Order, seq []int, maxEpochs int, cs229 bool, src rand.Source, trace func(Step), record bool) (config, error) {
	c := config{eta: eta, order: order, seq: seq, maxEpochs: maxEpochs, cs229: cs229, trace: trace, record: record}
	if c.eta == 0 {
		c.eta = 1
	}
	if !(c.eta > 0) || math.IsInf(c.eta, 0) {
		return c, fmt.Errorf("%w: η = %v", ErrEta, eta)
	}
	if c.maxEpochs < 0 {
		return c, fmt.Errorf("%w: MaxEpochs = %d", ErrMaxEpochs, maxEpochs)
	}
	if c.maxEpochs == 0 {
		c.maxEpochs = DefaultMaxEpochs
	}
	switch order {
	case Cyclic:
	case Shuffle, RandomMistake:
		if seq != nil {
			return c, fmt.Errorf("%w: order %v does not use Sequence", ErrOrder, order)
		}
	case Choices:
		if len(seq) == 0 {
			return c, fmt.Errorf("%w: order %v needs a non-empty Sequence", ErrOrder, order)
		}
	default:
		return c, fmt.Errorf("%w: unknown order %d", ErrOrder, int(order))
	}
	if src == nil {
		src = rand.NewPCG(defaultSeed1, defaultSeed2)
	}
	c.rng = rand.New(src)
	return c, nil
}

// checkSeq checks Sequence against the number of points n.
func (c *config) checkSeq(n int) error {
	for k, i := range c.seq {
		if i < 0 || i >= n {
			return fmt.Errorf("%w: Sequence[%d] = %d, want 0…%d", ErrOrder, k, i, n-1)
		}
	}
	if c.order == Cyclic && c.seq != nil {
		if len(c.seq) != n {
			return fmt.Errorf("%w: cyclic Sequence has %d entries, want a permutation of the %d points", ErrOrder, len(c.seq), n)
		}
		seen := make([]bool, n)
		for k, i := range c.seq {
			if seen[i] {
				return fmt.Errorf("%w: cyclic Sequence[%d] = %d repeats a point; want a permutation", ErrOrder, k, i)
			}
			seen[i] = true
		}
	}
	return nil
}

// miss reports whether a point with label y and score z = w·x+b counts as a
// mistake: y·z ≤ 0 in the book, sign disagreement with sign(0) = +1 in CS229.
func miss(cs229 bool, y, z float64) bool {
	if cs229 {
		return (z >= 0) != (y > 0)
	}
	return y*z <= 0
}

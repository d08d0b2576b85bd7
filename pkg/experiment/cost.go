package experiment

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"time"

	"gonum.org/v1/gonum/mat"

	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/kernel"
	"github.com/marginnotes/marginnotes/pkg/perceptron"
)

// Cost counts the multiply–adds of a perceptron run, split by where they
// are spent. It is the deterministic cost model behind the choice between
// the primal form (Algorithm 2.1, perceptron.Primal) and the dual form
// (Algorithm 2.2, perceptron.Dual).
type Cost struct {
	// Gram is the cost of the Gram matrix G = [xᵢ·xⱼ]: n(n+1)/2 inner
	// products of length d (0 for the primal form).
	Gram int64
	// Checks is the cost of deciding, at each examination, whether the
	// point is misclassified.
	Checks int64
	// Updates is the cost of the updates.
	Updates int64
}

// Total returns Gram + Checks + Updates.
func (c Cost) Total() int64 { return c.Gram + c.Checks + c.Updates }

// PrimalCost is the cost of Algorithm 2.1 on n points in R^d that examines
// points examined times and updates updates times: a check computes w·xᵢ
// (d multiply–adds) and an update w ← w + ηyᵢxᵢ (d more).
func PrimalCost(n, d, examined, updates int) Cost {
	return Cost{Checks: int64(examined) * int64(d), Updates: int64(updates) * int64(d)}
}

// DualCost is the cost of Algorithm 2.2 as perceptron.Dual runs it: the
// Gram matrix once, then checks in O(1) by reading the score sᵢ = Σⱼ αⱼyⱼGⱼᵢ, which
// every update keeps up to date by adding ηyᵢ times row i of G (n
// multiply–adds). Dual also keeps w = Σⱼ αⱼyⱼxⱼ current for its trace and
// pocket, d more per update, which the algorithm itself does not need.
func DualCost(n, d, examined, updates int) Cost {
	return Cost{Gram: gramCost(n, d), Checks: int64(examined), Updates: int64(updates) * int64(n+d)}
}

// BookDualCost is the cost of Algorithm 2.2 as the book writes it: the Gram
// matrix once, then each check sums Σⱼ αⱼyⱼGⱼᵢ afresh (n multiply–adds) and
// each update changes one αᵢ and b (O(1), counted as 1).
func BookDualCost(n, d, examined, updates int) Cost {
	return Cost{Gram: gramCost(n, d), Checks: int64(examined) * int64(n), Updates: int64(updates)}
}

func gramCost(n, d int) int64 { return int64(n) * int64(n+1) / 2 * int64(d) }

// Examinations returns the number of examinations of a converged run of the
// Cyclic order on n points: the points are examined in the order perm (nil
// means 0, 1, …, n−1), cyclically, the updates use the points mistakes
// (perceptron.Run.Mistakes), and the run ends after n consecutive correct
// examinations. It panics if perm is not a permutation of 0…n−1 or a
// mistake is out of range.
func Examinations(n int, perm []int, mistakes []int) int {
	pos := make([]int, n)
	for i := range pos {
		pos[i] = -1
	}
	for p := range n {
		i := p
		if perm != nil {
			if len(perm) != n {
				panic(errExamPerm)
			}
			i = perm[p]
		}
		if i < 0 || i >= n || pos[i] >= 0 {
			panic(errExamPerm)
		}
		pos[i] = p
	}
	e, cur := 0, 0
	for _, m := range mistakes {
		if m < 0 || m >= n {
			panic(errExamMistake)
		}
		e += (pos[m]-cur+n)%n + 1
		cur = (pos[m] + 1) % n
	}
	return e + n
}

const (
	errExamPerm    = "experiment: Examinations: perm is not a permutation of 0…n−1"
	errExamMistake = "experiment: Examinations: mistake index out of range"
)

// FormTiming compares the primal and the dual form on one data set, both
// run with the book's cyclic order (η = 1, zero start), which makes them
// take the same updates.
type FormTiming struct {
	// N and D are the size of the data; Epochs, Examined and Updates
	// describe the (common) run, Converged whether it separated the data.
	N, D                      int
	Epochs, Examined, Updates int
	Converged                 bool
	// PrimalCost and DualCost are the cost models of the run (PrimalCost,
	// DualCost).
	PrimalCost, DualCost Cost
	// Primal is the wall time of perceptron.Primal.Fit, Gram that of the
	// Gram matrix (kernel.Gram with kernel.Linear) and DualLoop that of
	// perceptron.Dual.Fit given the Gram matrix; the dual form takes
	// Gram + DualLoop. Each is the minimum over the repeats. Wall times vary from run to run.
	Primal, Gram, DualLoop time.Duration
}

// DualTotal returns Gram + DualLoop, the time of perceptron.Dual.Fit
// without a Gram matrix given.
func (t *FormTiming) DualTotal() time.Duration { return t.Gram + t.DualLoop }

// errFormsDiffer reports a primal and a dual run that did not make the same
// updates; it would be a bug in package perceptron.
var errFormsDiffer = errors.New("experiment: primal and dual forms made different updates")

// TimeForms runs perceptron.Primal and perceptron.Dual (cyclic order,
// η = 1, at most maxEpochs epochs, 0 meaning perceptron.DefaultMaxEpochs)
// on x and y repeats times each (0 means 1), checks that both make the same updates, and returns the cost
// model of the run and the wall times. A run that stops at the epoch limit
// is timed like any other (on data that are not separable every run does,
// and then it examines exactly maxEpochs·n points). Invalid data give an
// error wrapping a dataset sentinel.
func TimeForms(x mat.Matrix, y []float64, maxEpochs, repeats int) (*FormTiming, error) {
	repeats = max(repeats, 1)
	n, d := x.Dims()
	dense, ok := x.(*mat.Dense)
	if !ok {
		dense = mat.DenseCopyOf(x)
	}
	t := &FormTiming{N: n, D: d}
	fit := func(f func() (*perceptron.Result, error), best *time.Duration) (*perceptron.Result, error) {
		var res *perceptron.Result
		for range repeats {
			start := time.Now()
			r, err := f()
			el := time.Since(start)
			if err != nil && !errors.Is(err, perceptron.ErrNotConverged) {
				return nil, err
			}
			res = r
			if *best == 0 || el < *best {
				*best = el
			}
		}
		return res, nil
	}
	settings := perceptron.Settings{MaxEpochs: maxEpochs}
	pr, err := fit(func() (*perceptron.Result, error) { return perceptron.Primal{Settings: settings}.Fit(dense, y) }, &t.Primal)
	if err != nil {
		return nil, fmt.Errorf("experiment: timing the primal form: %w", err)
	}
	var g *mat.SymDense
	for range repeats {
		start := time.Now()
		g = kernel.Gram(kernel.Linear{}, dense)
		if el := time.Since(start); t.Gram == 0 || el < t.Gram {
			t.Gram = el
		}
	}
	dr, err := fit(func() (*perceptron.Result, error) { return perceptron.Dual{Settings: settings, Gram: g}.Fit(dense, y) }, &t.DualLoop)
	if err != nil {
		return nil, fmt.Errorf("experiment: timing the dual form: %w", err)
	}
	if pr.Updates != dr.Updates || !slices.Equal(pr.Mistakes, dr.Mistakes) {
		return nil, fmt.Errorf("%w: %d and %d updates", errFormsDiffer, pr.Updates, dr.Updates)
	}
	if len(pr.Mistakes) != pr.Updates {
		return nil, fmt.Errorf("experiment: timing: %d updates, more than the %d recorded ones", pr.Updates, len(pr.Mistakes))
	}
	t.Epochs, t.Updates, t.Converged = pr.Epochs, pr.Updates, pr.Converged
	if pr.Converged {
		t.Examined = Examinations(n, nil, pr.Mistakes)
	} else {
		t.Examined = pr.Epochs * n
	}
	t.PrimalCost = PrimalCost(n, d, t.Examined, t.Updates)
	t.DualCost = DualCost(n, d, t.Examined, t.Updates)
	return t, nil
}

// Size is a problem size for SweepForms: N points in R^D.
type Size struct{ N, D int }

// SweepForms times the primal and the dual form (TimeForms, with at most
// epochs epochs and repeats repeats) on problems of the given sizes cut
// from one data set: the first N rows of base, mapped into R^D by a random
// isometry (dataset.Embed, drawn from src; nil means its default). The
// isometry keeps every inner product, so the runs at one N make the same
// updates whatever D is: only the cost of an inner product changes with D.
// It panics if a size asks for more rows than base has or fewer dimensions.
func SweepForms(base *dataset.Set, sizes []Size, epochs, repeats int, src rand.Source) ([]*FormTiming, error) {
	n0, d0 := base.X.Dims()
	out := make([]*FormTiming, 0, len(sizes))
	for _, s := range sizes {
		if s.N > n0 || s.N < 1 || s.D < d0 {
			panic(errSweepSize)
		}
		x := dataset.Embed(src, base.X.Slice(0, s.N, 0, d0), s.D)
		t, err := TimeForms(x, base.Y[:s.N], epochs, repeats)
		if err != nil {
			return out, fmt.Errorf("experiment: sweep at N=%d, D=%d: %w", s.N, s.D, err)
		}
		out = append(out, t)
	}
	return out, nil
}

const errSweepSize = "experiment: SweepForms: size outside the base data set"

package perceptron

import (
	"fmt"
	"slices"

	"gonum.org/v1/gonum/floats"
)

// Step is one row of the iteration tables 2.1 and 2.2: the state after the
// k-th update. The step k = 0 holds the initial state and has Point = −1.
// W is nil for the kernel perceptron.
type Step struct {
	K     int       // number of updates so far
	Point int       // 0-based index of the point used by update k; −1 at k = 0
	W     []float64 // weights after update k
	B     float64   // bias after update k
	Alpha []float64 // αᵢ = η·(number of updates with point i) after update k
}

// Pocket holds the best weights seen during a run, judged by the number of
// training points they misclassify (Gallant 1990). See Result.
type Pocket struct {
	W       []float64 // nil for the kernel perceptron
	B       float64
	Alpha   []float64 // dual and kernel forms only
	Errors  int       // training points misclassified by (W, B), by the rule of the run
	Updates int       // the weights are those after this many updates
}

// Result is the outcome of a perceptron run.
type Result struct {
	// W and B are the final weights: f(x) = sign(W·x + B). W is nil for the
	// kernel perceptron.
	W []float64
	B float64
	// Alpha[i] is η times the number of updates made with point i. For the
	// dual form (and the primal started at W0 = 0, B0 = 0) W = Σᵢ Alpha[i]·yᵢ·xᵢ
	// and B = Σᵢ Alpha[i]·yᵢ.
	Alpha []float64
	// Mistakes lists the 0-based indices of the points used by the updates,
	// in update order (the first MaxRecorded of them).
	Mistakes []int
	// Updates is the number of updates k.
	Updates int
	// Epochs is the number of epochs started (see Order for what an epoch is).
	Epochs int
	// Converged reports that no training point is misclassified by (W, B).
	Converged bool
	// Trace holds every step k = 0, 1, …, Updates when the algorithm's
	// Record field is set.
	Trace []Step
	// Pocket holds the best weights seen. When the run converged they are
	// the final weights with Errors = 0. Otherwise, for Cyclic and Shuffle,
	// they are the best by training errors among the final weights and the
	// weights that survived the longest runs of correct classifications
	// (the pocket algorithm with ratchet, Gallant 1990, keeping
	// PocketCandidates of them; each costs one pass over the data at the
	// end); for RandomMistake and Choices every weight vector of the run is
	// counted, so they are the best seen.
	Pocket Pocket
}

// PocketCandidates is the number of longest-surviving weight vectors that
// Cyclic and Shuffle runs keep as pocket candidates.
const PocketCandidates = 8

// learner is the form-specific part of a run: the primal keeps (w, b), the
// dual and kernel forms keep α, b and the scores Σⱼ αⱼyⱼGⱼᵢ.
type learner interface {
	// score returns the current w·xᵢ + b (or its dual expression).
	score(i int) float64
	// update adds step = η·yᵢ times point i to the weights.
	update(i int, step float64)
	// weights returns the current weights (not copies; w may be nil).
	weights() (w []float64, b float64)
	// save copies the current weights into s.
	save(s *snap)
	// errors returns the number of training points that the weights saved
	// in s misclassify.
	errors(s *snap, cs229 bool) int
}

// snap is a saved weight vector.
type snap struct {
	w       []float64
	b       float64
	alpha   []float64 // dual: α; primal: nil
	s       []float64 // dual: the scores Σⱼ αⱼyⱼGⱼᵢ; primal: nil
	updates int
	run     int // correct examinations the weights survived
}

// runner drives a learner through one of the orders.
type runner struct {
	cfg   config
	l     learner
	y     []float64
	n     int
	res   *Result
	dual  bool // learner keeps α itself: save it in the pocket
	cands []*snap
	best  *snap // exact pocket for RandomMistake and Choices
	bestE int
	spare snap
	// finalErrors is the number of training points the final weights
	// misclassify.
	finalErrors int
}

// drive runs the learner with the settings of cfg and fills res. The caller
// sets res.W and res.B from the learner afterwards.
func drive(l learner, y []float64, cfg config, dual bool) (*Result, error) {
	n := len(y)
	r := &runner{cfg: cfg, l: l, y: y, n: n, dual: dual, bestE: -1}
	r.res = &Result{Alpha: make([]float64, n)}
	r.step(-1)
	var err error
	switch cfg.order {
	case Cyclic, Shuffle:
		err = r.cyclic()
	case RandomMistake:
		err = r.randomMistake()
	case Choices:
		err = r.choices()
	}
	w, b := l.weights()
	r.res.W = slices.Clone(w)
	r.res.B = b
	r.finishPocket()
	if err == nil && !r.res.Converged {
		err = fmt.Errorf("%w after %d epochs and %d updates; %d training points still misclassified (the pocket weights misclassify %d)",
			ErrNotConverged, r.res.Epochs, r.res.Updates, r.finalErrors, r.res.Pocket.Errors)
	}
	return r.res, err
}

// cyclic runs the Cyclic and Shuffle orders.
func (r *runner) cyclic() error {
	n := r.n
	var perm []int
	if r.cfg.order == Shuffle {
		perm = make([]int, n)
		for i := range perm {
			perm[i] = i
		}
	} else if r.cfg.seq != nil {
		perm = r.cfg.seq
	}
	run := 0
	for r.res.Epochs < r.cfg.maxEpochs && run < n {
		r.res.Epochs++
		if r.cfg.order == Shuffle {
			r.cfg.rng.Shuffle(n, func(i, j int) { perm[i], perm[j] = perm[j], perm[i] })
			run = 0
		}
		run = r.pass(perm, run)
	}
	r.res.Converged = run >= n
	return nil
}

// pass examines the points in the order perm (nil: index order) once,
// starting with run consecutive correct examinations, and returns the run
// length at the end. It returns early when the run reaches n.
func (r *runner) pass(perm []int, run int) int {
	if p, ok := r.l.(*primal); ok {
		return r.passPrimal(p, perm, run)
	}
	n, y, l, cs229 := r.n, r.y, r.l, r.cfg.cs229
	for j := 0; j < n; j++ {
		i := j
		if perm != nil {
			i = perm[j]
		}
		if !miss(cs229, y[i], l.score(i)) {
			run++
			if run == n {
				return run
			}
			continue
		}
		r.candidate(run)
		r.update(i)
		run = 0
	}
	return run
}

// passPrimal is pass for the primal learner: the hot loop of Algorithm 2.1,
// without interface calls on the path of a correct classification.
func (r *runner) passPrimal(p *primal, perm []int, run int) int {
	n, y, cs229 := r.n, r.y, r.cfg.cs229
	x, stride, d, w := p.x, p.stride, p.d, p.w
	for j := 0; j < n; j++ {
		i := j
		if perm != nil {
			i = perm[j]
		}
		xi := x[i*stride : i*stride+d : i*stride+d]
		if !miss(cs229, y[i], floats.Dot(w, xi)+p.b) {
			run++
			if run == n {
				return run
			}
			continue
		}
		r.candidate(run)
		r.update(i)
		run = 0
	}
	return run
}

// randomMistake runs the RandomMistake order.
func (r *runner) randomMistake() error {
	var m []int
	for r.res.Epochs < r.cfg.maxEpochs {
		r.res.Epochs++
		m = r.misclassified(m[:0])
		r.consider(len(m))
		if len(m) == 0 {
			r.res.Converged = true
			return nil
		}
		r.update(m[r.cfg.rng.IntN(len(m))])
	}
	return nil
}

// choices runs the Choices order.
func (r *runner) choices() error {
	var m []int
	for k, i := range r.cfg.seq {
		m = r.misclassified(m[:0])
		r.consider(len(m))
		if z := r.l.score(i); !miss(r.cfg.cs229, r.y[i], z) {
			return fmt.Errorf("%w: choice %d is x%d, but y·(w·x+b) = %g there, so it is classified correctly",
				ErrNotMisclassified, k+1, i+1, r.y[i]*z)
		}
		r.update(i)
	}
	r.res.Epochs = 1
	m = r.misclassified(m[:0])
	r.consider(len(m))
	r.res.Converged = len(m) == 0
	return nil
}

// misclassified appends the indices of the misclassified points to m.
func (r *runner) misclassified(m []int) []int {
	for i, yi := range r.y {
		if miss(r.cfg.cs229, yi, r.l.score(i)) {
			m = append(m, i)
		}
	}
	return m
}

// update applies the update with point i and records it.
func (r *runner) update(i int) {
	res := r.res
	r.l.update(i, r.cfg.eta*r.y[i])
	res.Alpha[i] += r.cfg.eta
	res.Updates++
	if len(res.Mistakes) < MaxRecorded {
		res.Mistakes = append(res.Mistakes, i)
	}
	r.step(i)
}

// step reports the current state to the trace.
func (r *runner) step(i int) {
	if r.cfg.trace == nil && !r.cfg.record {
		return
	}
	w, b := r.l.weights()
	s := Step{K: r.res.Updates, Point: i, W: slices.Clone(w), B: b, Alpha: slices.Clone(r.res.Alpha)}
	if r.cfg.record {
		r.res.Trace = append(r.res.Trace, s)
	}
	if r.cfg.trace != nil {
		if r.cfg.record {
			s = Step{K: s.K, Point: i, W: slices.Clone(w), B: b, Alpha: slices.Clone(r.res.Alpha)}
		}
		r.cfg.trace(s)
	}
}

// candidate keeps the current weights as a pocket candidate if they
// survived one of the PocketCandidates longest runs so far.
func (r *runner) candidate(run int) {
	if run == 0 {
		return
	}
	var s *snap
	if len(r.cands) < PocketCandidates {
		s = new(snap)
		r.cands = append(r.cands, s)
	} else {
		s = r.cands[0]
		for _, c := range r.cands[1:] {
			if c.run < s.run {
				s = c
			}
		}
		if run <= s.run {
			return
		}
	}
	r.l.save(s)
	s.updates = r.res.Updates
	s.run = run
}

// consider counts the weights that misclassify e points toward the exact
// pocket (RandomMistake and Choices).
func (r *runner) consider(e int) {
	if r.best != nil && e >= r.bestE {
		return
	}
	if r.best == nil {
		r.best = new(snap)
	}
	r.l.save(r.best)
	r.best.updates = r.res.Updates
	r.bestE = e
}

// finishPocket chooses the pocket weights and sets finalErrors.
func (r *runner) finishPocket() {
	res := r.res
	r.l.save(&r.spare)
	r.spare.updates = res.Updates
	best, bestE := &r.spare, 0
	if !res.Converged {
		bestE = r.l.errors(&r.spare, r.cfg.cs229)
	}
	r.finalErrors = bestE
	if bestE > 0 {
		if r.best != nil {
			if r.bestE < bestE {
				best, bestE = r.best, r.bestE
			}
		}
		// Longest runs first.
		slices.SortFunc(r.cands, func(a, b *snap) int { return b.run - a.run })
		for _, c := range r.cands {
			if e := r.l.errors(c, r.cfg.cs229); e < bestE {
				best, bestE = c, e
			}
		}
	}
	res.Pocket = Pocket{W: best.w, B: best.b, Errors: bestE, Updates: best.updates}
	if r.dual {
		res.Pocket.Alpha = best.alpha
	}
}

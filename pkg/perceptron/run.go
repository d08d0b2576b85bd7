package perceptron

import (
	"fmt"
	"slices"

	"gonum.org/v1/gonum/floats"

	"github.com/marginnotes/marginnotes/pkg/classify"
)

// Step is one row of the iteration tables 2.1 and 2.2: the state after the
// k-th update. The step k = 0 holds the initial state and has Point = −1.
type Step struct {
	K     int       // number of updates so far
	Point int       // 0-based index of the point used by update k; −1 at k = 0
	W     []float64 // weights after update k; nil for the kernel perceptron
	B     float64   // bias after update k
	Alpha float64   // α of Point after update k (0 at k = 0); Run.AlphaAt gives all of α when Record is set
}

// Pocket holds the best weights seen during a run, judged by the number of
// training points they misclassify (Gallant 1990). See Run.Pocket.
type Pocket struct {
	W       []float64 // nil for the kernel perceptron
	B       float64
	Alpha   []float64 // dual and kernel forms only
	Errors  int       // training points misclassified by the weights, by the rule of the run
	Updates int       // the weights are those after this many updates
}

// Run is what a run of Primal, Dual or KernelDual did, besides the model it
// found.
type Run struct {
	// Alpha[i] is η times the number of updates made with point i. Started
	// from w₀ = 0, b₀ = 0, w = Σᵢ Alpha[i]·yᵢ·xᵢ and b = Σᵢ Alpha[i]·yᵢ.
	Alpha []float64
	// Mistakes lists the 0-based indices of the points used by the updates,
	// in update order (the first MaxRecorded of them).
	Mistakes []int
	// Updates is the number of updates k.
	Updates int
	// Epochs is the number of epochs started (see Order for what an epoch is).
	Epochs int
	// Converged reports that the run found every training point classified
	// correctly, with a finite score, by the final weights: a pass (for
	// Choices, the end of the sequence) without a mistake. A run stopped by
	// its limit right after the update that separates the data has not
	// converged, and its Pocket holds the final weights with Errors = 0.
	Converged bool
	// Trace holds the steps k = 0, 1, … (the first MaxTraceSteps of them)
	// when Record is set.
	Trace []Step
	// Pocket holds the best weights seen. When the run converged they are
	// the final weights with Errors = 0. Otherwise, for Cyclic and Shuffle,
	// they are the best by training errors among the final weights and the
	// PocketCandidates weight vectors that survived the longest runs of
	// correct classifications (the pocket algorithm with ratchet, Gallant
	// 1990); for RandomMistake and Choices every weight vector of the run is
	// counted, so they are the best seen.
	Pocket Pocket
}

// AlphaAt returns α after update k, replayed from the recorded trace, and
// ok = true. Only a run with Record set keeps a trace: when step k is not
// in Trace (Record was off, k < 0, or k is beyond the MaxTraceSteps steps
// kept) it returns nil and false. Run.Alpha is α at the end of any run.
func (r *Run) AlphaAt(k int) (alpha []float64, ok bool) {
	if k < 0 || k >= len(r.Trace) {
		return nil, false
	}
	a := make([]float64, len(r.Alpha))
	for _, s := range r.Trace[1 : k+1] {
		a[s.Point] = s.Alpha
	}
	return a, true
}

// PocketCandidates is the number of longest-surviving weight vectors that
// Cyclic and Shuffle runs keep as pocket candidates; each costs one pass
// over the data at the end of a run that did not converge.
const PocketCandidates = 8

// learner is the form-specific part of a run: the primal keeps (w, b), the
// dual and kernel forms keep α, b and the scores Σⱼ αⱼyⱼGⱼᵢ.
type learner interface {
	// score returns the current w·xᵢ + b (or its dual expression).
	score(i int) float64
	// update adds step = η·yᵢ times point i to the weights.
	update(i int, step float64)
	// weights returns the current weights (not copies; w is nil for the
	// kernel form).
	weights() (w []float64, b float64)
	// save copies the current weights into s.
	save(s *snap)
	// errors returns the number of training points that the weights saved
	// in s misclassify.
	errors(s *snap, cs229 bool) int
	// check returns an error wrapping classify.ErrNonFinite if a weight is
	// not finite.
	check() error
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
	res   *Run
	dual  bool // learner keeps α itself: save it in the pocket
	cands []*snap
	best  *snap // exact pocket for RandomMistake and Choices
	bestE int
	spare snap
	// finalErrors is the number of training points the final weights
	// misclassify.
	finalErrors int
	// err, once set, stops the run: a score that is not finite.
	err error
}

// drive runs the learner with the settings of cfg. The caller reads the
// final weights from the learner.
func drive(l learner, y []float64, cfg config, dual bool) (*Run, error) {
	n := len(y)
	r := &runner{cfg: cfg, l: l, y: y, n: n, dual: dual, bestE: -1}
	r.res = &Run{Alpha: make([]float64, n)}
	r.step(-1)
	switch cfg.Order {
	case Cyclic, Shuffle:
		r.cyclic()
	case RandomMistake:
		r.randomMistake()
	case Choices:
		r.choices()
	}
	err := r.err
	if err == nil {
		err = l.check()
	}
	if err != nil {
		r.res.Converged = false
	}
	r.finishPocket()
	switch {
	case err != nil || r.res.Converged:
	case r.finalErrors == 0:
		err = fmt.Errorf("%w after %s and %s: the last weights separate the training data, but the run stopped before a pass without mistakes",
			ErrNotConverged, plural(r.res.Epochs, "epoch"), plural(r.res.Updates, "update"))
	default:
		err = fmt.Errorf("%w after %s and %s; %s still misclassified (the pocket weights misclassify %d)",
			ErrNotConverged, plural(r.res.Epochs, "epoch"), plural(r.res.Updates, "update"),
			plural(r.finalErrors, "training point"), r.res.Pocket.Errors)
	}
	return r.res, err
}

// plural returns "1 noun" or "n nouns".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// fail stops the run at the non-finite score z of point i.
func (r *runner) fail(i int, z float64) {
	r.err = fmt.Errorf("%w: the score of x%d is %v after %d updates", classify.ErrNonFinite, i+1, z, r.res.Updates)
}

// cyclic runs the Cyclic and Shuffle orders.
func (r *runner) cyclic() {
	n := r.n
	var perm []int
	if r.cfg.Order == Shuffle {
		perm = make([]int, n)
		for i := range perm {
			perm[i] = i
		}
	} else if r.cfg.Sequence != nil {
		perm = r.cfg.Sequence
	}
	run := 0
	for r.res.Epochs < r.cfg.MaxEpochs && run < n && r.err == nil {
		r.res.Epochs++
		if r.cfg.Order == Shuffle {
			r.cfg.rng.Shuffle(n, func(i, j int) { perm[i], perm[j] = perm[j], perm[i] })
			run = 0
		}
		run = r.pass(perm, run)
	}
	r.res.Converged = run >= n && r.err == nil
}

// pass examines the points in the order perm (nil: index order) once,
// starting with run consecutive correct examinations, and returns the run
// length at the end. It returns early when the run reaches n or a score is
// not finite.
func (r *runner) pass(perm []int, run int) int {
	switch l := r.l.(type) {
	case *primal:
		return r.passPrimal(l, perm, run)
	case *wideDual:
		return r.passPrimal(l.primal, perm, run) // updates go through r.l, the wideDual
	}
	n, y, l, cs229 := r.n, r.y, r.l, r.cfg.CS229
	for j := 0; j < n; j++ {
		i := j
		if perm != nil {
			i = perm[j]
		}
		z := l.score(i)
		if correct(cs229, y[i], z) {
			run++
			if run == n {
				return run
			}
			continue
		}
		if !finite(z) {
			r.fail(i, z)
			return run
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
	n, y, cs229 := r.n, r.y, r.cfg.CS229
	x, stride, d, w := p.x, p.stride, p.d, p.w
	for j := 0; j < n; j++ {
		i := j
		if perm != nil {
			i = perm[j]
		}
		xi := x[i*stride : i*stride+d : i*stride+d]
		z := floats.Dot(w, xi) + p.b
		if correct(cs229, y[i], z) {
			run++
			if run == n {
				return run
			}
			continue
		}
		if !finite(z) {
			r.fail(i, z)
			return run
		}
		r.candidate(run)
		r.update(i)
		run = 0
	}
	return run
}

// randomMistake runs the RandomMistake order.
func (r *runner) randomMistake() {
	var m []int
	for r.res.Epochs < r.cfg.MaxEpochs {
		r.res.Epochs++
		m = r.misclassified(m[:0])
		if r.err != nil {
			return
		}
		r.consider(len(m))
		if len(m) == 0 {
			r.res.Converged = true
			return
		}
		r.update(m[r.cfg.rng.IntN(len(m))])
	}
}

// choices runs the Choices order.
func (r *runner) choices() {
	var m []int
	for k, i := range r.cfg.Sequence {
		m = r.misclassified(m[:0])
		if r.err != nil {
			return
		}
		r.consider(len(m))
		if z := r.l.score(i); correct(r.cfg.CS229, r.y[i], z) {
			r.err = fmt.Errorf("%w: choice %d is x%d, but y·(w·x+b) = %g there, so it is classified correctly",
				ErrNotMisclassified, k+1, i+1, r.y[i]*z)
			return
		}
		r.update(i)
	}
	r.res.Epochs = 1
	m = r.misclassified(m[:0])
	if r.err != nil {
		return
	}
	r.consider(len(m))
	r.res.Converged = len(m) == 0
}

// misclassified appends the indices of the misclassified points to m; it
// stops at the first score that is not finite.
func (r *runner) misclassified(m []int) []int {
	for i, yi := range r.y {
		z := r.l.score(i)
		if correct(r.cfg.CS229, yi, z) {
			continue
		}
		if !finite(z) {
			r.fail(i, z)
			return m
		}
		m = append(m, i)
	}
	return m
}

// update applies the update with point i and records it.
func (r *runner) update(i int) {
	res := r.res
	r.l.update(i, r.cfg.Eta*r.y[i])
	res.Alpha[i] += r.cfg.Eta
	res.Updates++
	if len(res.Mistakes) < MaxRecorded {
		res.Mistakes = append(res.Mistakes, i)
	}
	r.step(i)
}

// step reports the current state to the trace.
func (r *runner) step(i int) {
	record := r.cfg.Record && len(r.res.Trace) < MaxTraceSteps
	if r.cfg.Trace == nil && !record {
		return
	}
	w, b := r.l.weights()
	s := Step{K: r.res.Updates, Point: i, W: slices.Clone(w), B: b}
	if i >= 0 {
		s.Alpha = r.res.Alpha[i]
	}
	if record {
		r.res.Trace = append(r.res.Trace, s)
	}
	if r.cfg.Trace != nil {
		if record {
			s.W = slices.Clone(w)
		}
		r.cfg.Trace(s)
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
		bestE = r.l.errors(&r.spare, r.cfg.CS229)
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
			if e := r.l.errors(c, r.cfg.CS229); e < bestE {
				best, bestE = c, e
			}
		}
	}
	res.Pocket = Pocket{W: best.w, B: best.b, Errors: bestE, Updates: best.updates}
	if r.dual {
		res.Pocket.Alpha = best.alpha
	}
}

// checkWeights returns an error wrapping classify.ErrNonFinite if an entry
// of w or b is not finite.
func checkWeights(w []float64, b float64) error {
	if j, ok := allFinite(w); !ok {
		return fmt.Errorf("%w: w[%d] = %v", classify.ErrNonFinite, j, w[j])
	}
	if !finite(b) {
		return fmt.Errorf("%w: b = %v", classify.ErrNonFinite, b)
	}
	return nil
}

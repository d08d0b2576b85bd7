package perceptron

import (
	"fmt"
	"slices"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"

	"github.com/marginnotes/marginnotes/pkg/classify"
	"github.com/marginnotes/marginnotes/pkg/dataset"
)

// Voted is the voted perceptron of Freund & Schapire (1999), the practical
// perceptron for data that are not linearly separable. It runs Algorithm
// 2.1 (w₀ = 0, b₀ = 0) for a fixed number of epochs; every weight vector
// ŵₖ = (wₖ, bₖ) of the run gets a vote cₖ, the number of examinations it
// survived. The result predicts by the vote and also holds the averaged
// perceptron Σₖ cₖŵₖ / Σₖ cₖ.
//
// The shared Settings mean what they mean for Primal, except MaxEpochs,
// which is the number of passes T over the data (0 means
// DefaultVotedEpochs): the run does not stop early, since once an epoch has
// no mistake the remaining epochs only add to the last vector's count.
// Order is Cyclic (with or without Sequence) or Shuffle; the zero value is
// Freund & Schapire's algorithm with η = 1 and the book's mistake rule.
// (η only scales every vector, so it changes neither the votes nor the
// predictions.)
//
// Memory is bounded by MaxVotes: while the run has made fewer than
// MaxVotes vectors each is kept; from then on consecutive vectors are
// merged into groups of Group (a power of two), each voting with the
// average of its vectors, so that fewer than MaxVotes votes are kept (see
// VotedResult).
type Voted struct {
	Settings
	// MaxVotes bounds the number of votes kept (see above); it is at least
	// 2, an odd number counts as the even number below it, and 0 means
	// DefaultMaxVotes.
	MaxVotes int
}

// votedName is the prefix of Voted's errors.
const votedName = "perceptron.Voted"

// Defaults of Voted.
const (
	// DefaultVotedEpochs is the number of epochs Voted runs when MaxEpochs
	// is 0.
	DefaultVotedEpochs = 10
	// DefaultMaxVotes is the number of votes kept when Voted.MaxVotes is 0.
	DefaultMaxVotes = 1024
)

// Vote is one vote of the voted perceptron: the weights W, B and the number
// of examinations C they stand for.
type Vote struct {
	W []float64
	B float64
	C int
}

// VotedResult is the outcome of a voted perceptron run. Its decision
// function is the vote
//
//	f(x) = Σₛ Cₛ·sign(Wₛ·x + Bₛ)
//
// over Votes, with sign(0) = +1 (classify.Sign), and Predict is sign(f(x)):
// see its methods Decision and Predict. With Group = 1 the votes are the
// run's weight vectors with their counts cₖ > 0, in the order they were
// made, and f is Freund & Schapire's vote. With Group = 2ᵐ each vote stands
// for Group consecutive vectors (the last one for fewer): Cₛ is the sum of
// their counts and (Wₛ, Bₛ) their average weighted by the counts, so f is
// the vote of the averaged perceptrons of consecutive stretches of the run.
type VotedResult struct {
	Votes []Vote
	// Group is the number of consecutive weight vectors per vote.
	Group int
	// Averaged is the averaged perceptron (w̄, b̄) = Σₖ cₖŵₖ / Σₖ cₖ, a
	// classifier of its own (classify.Linear).
	Averaged classify.Linear
	// Mistakes lists the points of the updates (the first MaxRecorded),
	// Updates counts them.
	Mistakes []int
	Updates  int
	Epochs   int
	// Trace holds the steps k = 0, 1, … (the first MaxTraceSteps of them)
	// when Record is set, as Run.Trace does.
	Trace []Step
}

var (
	_ classify.Classifier  = (*VotedResult)(nil)
	_ classify.Dimensioned = (*VotedResult)(nil)
)

// Fit runs the voted perceptron on x (n×d) and labels y. Invalid settings
// (the orders RandomMistake and Choices included) give a
// *classify.SettingError, invalid data an error wrapping a dataset
// sentinel, and a score or weight that overflows an error wrapping
// classify.ErrNotFinite with the partial result.
func (v Voted) Fit(x mat.Matrix, y []float64) (*VotedResult, error) {
	s := v.Settings
	if s.MaxEpochs == 0 {
		s.MaxEpochs = DefaultVotedEpochs
	}
	cfg, err := s.config(votedName)
	if err != nil {
		return nil, err
	}
	if cfg.Order != Cyclic && cfg.Order != Shuffle {
		return nil, cfg.bad("Order", cfg.Order.String(), "Cyclic or Shuffle")
	}
	maxVotes := v.MaxVotes
	switch {
	case maxVotes == 0:
		maxVotes = DefaultMaxVotes
	case maxVotes < 2:
		return nil, cfg.bad("MaxVotes", maxVotes, "0 or a number ≥ 2")
	}
	if err := dataset.Validate(x, y); err != nil {
		return nil, wrap(votedName, err)
	}
	n, d := x.Dims()
	if err := cfg.checkSeq(n); err != nil {
		return nil, err
	}
	epochs := cfg.MaxEpochs
	data, stride := rawRows(x)
	vr := &voter{res: &VotedResult{Group: 1}, maxVotes: maxVotes &^ 1, cfg: cfg,
		w: make([]float64, d), gw: make([]float64, d), sum: make([]float64, d)}
	if cfg.Trace != nil || cfg.Record {
		vr.alpha = make([]float64, n)
	}
	res := vr.res
	vr.step(-1)
	perm := make([]int, n)
	for i := range perm {
		perm[i] = i
	}
	if cfg.Sequence != nil {
		copy(perm, cfg.Sequence)
	}
	for res.Epochs < epochs && err == nil {
		res.Epochs++
		if cfg.Order == Shuffle {
			cfg.rng.Shuffle(n, func(i, j int) { perm[i], perm[j] = perm[j], perm[i] })
		}
		mistakes := res.Updates
		for _, i := range perm {
			xi := data[i*stride : i*stride+d : i*stride+d]
			z := floats.Dot(vr.w, xi) + vr.b
			if correct(cfg.CS229, y[i], z) {
				vr.c++
				continue
			}
			if !finite(z) {
				err = fmt.Errorf("%w: the score of x%d is %v after %s", classify.ErrNotFinite, i+1, z, plural(res.Updates, "update"))
				break
			}
			vr.retire()
			step := cfg.Eta * y[i]
			floats.AddScaled(vr.w, step, xi)
			vr.b += step
			vr.c = 1
			res.Updates++
			if len(res.Mistakes) < MaxRecorded {
				res.Mistakes = append(res.Mistakes, i)
			}
			vr.step(i)
		}
		if err == nil && res.Updates == mistakes {
			// A clean epoch: (w, b) classifies every point correctly and
			// survives all remaining epochs.
			vr.c += (epochs - res.Epochs) * n
			res.Epochs = epochs
		}
	}
	vr.retire()
	vr.flush()
	if vr.total > 0 {
		floats.Scale(1/vr.total, vr.sum)
		res.Averaged = classify.Linear{W: vr.sum, B: vr.sumB / vr.total}
	} else {
		res.Averaged = classify.Linear{W: vr.sum}
	}
	if err == nil {
		err = checkWeights(res.Averaged.W, res.Averaged.B)
		for s := 0; s < len(res.Votes) && err == nil; s++ {
			err = checkWeights(res.Votes[s].W, res.Votes[s].B)
		}
	}
	return res, wrap(votedName, err)
}

// voter keeps the state of a voted run: the current vector (w, b) with its
// count c, the group of vectors being merged into one vote, and the sums of
// the averaged perceptron.
type voter struct {
	res      *VotedResult
	maxVotes int
	cfg      config
	alpha    []float64 // αᵢ for the trace; nil without one
	w        []float64
	b        float64
	c        int
	gw       []float64 // Σ cₖwₖ over the current group
	gb       float64
	gc, gk   int // Σ cₖ and the number of vectors in the group
	sum      []float64
	sumB     float64
	total    float64
}

// step reports the state after update k (point i; −1 for k = 0) to the
// trace, as the runner of Primal does.
func (vr *voter) step(i int) {
	record := vr.cfg.Record && len(vr.res.Trace) < MaxTraceSteps
	if vr.cfg.Trace == nil && !record {
		return
	}
	s := Step{K: vr.res.Updates, Point: i, W: slices.Clone(vr.w), B: vr.b}
	if i >= 0 {
		vr.alpha[i] += vr.cfg.Eta
		s.Alpha = vr.alpha[i]
	}
	if record {
		vr.res.Trace = append(vr.res.Trace, s)
	}
	if vr.cfg.Trace != nil {
		if record {
			s.W = slices.Clone(vr.w)
		}
		vr.cfg.Trace(s)
	}
}

// retire adds the current vector to the group and to the averaged
// perceptron.
func (vr *voter) retire() {
	if vr.c == 0 {
		return
	}
	c := float64(vr.c)
	floats.AddScaled(vr.sum, c, vr.w)
	vr.sumB += c * vr.b
	vr.total += c
	if vr.res.Group == 1 {
		vr.push(Vote{W: slices.Clone(vr.w), B: vr.b, C: vr.c})
		return
	}
	floats.AddScaled(vr.gw, c, vr.w)
	vr.gb += c * vr.b
	vr.gc += vr.c
	vr.gk++
	if vr.gk == vr.res.Group {
		vr.flush()
	}
}

// flush turns the group into a vote.
func (vr *voter) flush() {
	if vr.gk == 0 {
		return
	}
	c := float64(vr.gc)
	w := slices.Clone(vr.gw)
	floats.Scale(1/c, w)
	v := Vote{W: w, B: vr.gb / c, C: vr.gc}
	clear(vr.gw)
	vr.gb, vr.gc, vr.gk = 0, 0, 0
	vr.push(v)
}

// push appends a vote and, when MaxVotes are reached, merges the votes in
// pairs and doubles Group.
func (vr *voter) push(v Vote) {
	res := vr.res
	res.Votes = append(res.Votes, v)
	if len(res.Votes) < vr.maxVotes {
		return
	}
	for s := range len(res.Votes) / 2 {
		a, b := res.Votes[2*s], res.Votes[2*s+1]
		ca, cb := float64(a.C), float64(b.C)
		floats.Scale(ca/(ca+cb), a.W)
		floats.AddScaled(a.W, cb/(ca+cb), b.W)
		res.Votes[s] = Vote{W: a.W, B: (ca*a.B + cb*b.B) / (ca + cb), C: a.C + b.C}
	}
	clear(res.Votes[len(res.Votes)/2:])
	res.Votes = res.Votes[:len(res.Votes)/2]
	res.Group *= 2
}

// Decision returns the vote Σₛ Cₛ·sign(Wₛ·x + Bₛ), with sign(0) = +1. It
// panics if len(x) is not the dimension of the training data.
func (r *VotedResult) Decision(x []float64) float64 {
	if len(x) != r.Dim() {
		panic(errLength)
	}
	var f float64
	for _, vt := range r.Votes {
		f += float64(vt.C) * classify.Sign(floats.Dot(vt.W, x)+vt.B)
	}
	return f
}

// Predict returns classify.Sign(Decision(x)): +1 on a tied vote. It panics
// as Decision does.
func (r *VotedResult) Predict(x []float64) float64 { return classify.Sign(r.Decision(x)) }

// Dim returns the dimension of the training data, len(Averaged.W).
func (r *VotedResult) Dim() int { return r.Averaged.Dim() }

package perceptron

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"

	"github.com/marginnotes/marginnotes/pkg/dataset"
)

// Voted is the voted perceptron of Freund & Schapire (1999), the practical
// perceptron for data that are not linearly separable. It runs Algorithm
// 2.1 (η = 1, w₀ = 0, b₀ = 0, the book's mistake rule) for a fixed number of
// epochs and keeps every weight vector ŵₖ = (wₖ, bₖ) with the number cₖ of
// examinations it survived. It predicts by the vote
//
//	sign(Σₖ cₖ·sign(wₖ·x + bₖ))
//
// or, as the averaged perceptron, by sign(w̄·x + b̄) with
// (w̄, b̄) = Σₖ cₖ·ŵₖ / Σₖ cₖ.
//
// Each mistake adds a vector, so the result needs O(mistakes·d) memory.
type Voted struct {
	// Epochs is the number of passes T over the data; 0 means 10. The run
	// does not stop early: once an epoch has no mistake the remaining
	// epochs only add to the last vector's count, which is done directly.
	Epochs int
	// Order is Cyclic (index order, the zero value) or Shuffle.
	Order Order
	// Src drives Shuffle; nil means rand.NewPCG(1, 2).
	Src rand.Source
}

// Vote is one prediction vector of the voted perceptron with the number of
// examinations C it survived.
type Vote struct {
	W []float64
	B float64
	C int
}

// VotedResult is the outcome of a voted perceptron run.
type VotedResult struct {
	// Votes are the prediction vectors with C > 0, in the order they were
	// made.
	Votes []Vote
	// W and B are the averaged weights Σₖ cₖ·ŵₖ / Σₖ cₖ.
	W []float64
	B float64
	// Mistakes lists the points of the updates (the first MaxRecorded),
	// Updates counts them.
	Mistakes []int
	Updates  int
	Epochs   int
}

// DefaultVotedEpochs is the number of epochs used when Voted.Epochs is 0.
const DefaultVotedEpochs = 10

// Fit runs the voted perceptron on x (n×d) and labels y. Invalid data give
// an error wrapping a dataset sentinel, a negative Epochs ErrMaxEpochs and
// an order other than Cyclic or Shuffle ErrOrder.
func (v Voted) Fit(x mat.Matrix, y []float64) (*VotedResult, error) {
	epochs := v.Epochs
	if epochs < 0 {
		return nil, wrap("voted", fmt.Errorf("%w: Epochs = %d", ErrMaxEpochs, epochs))
	}
	if epochs == 0 {
		epochs = DefaultVotedEpochs
	}
	if v.Order != Cyclic && v.Order != Shuffle {
		return nil, wrap("voted", fmt.Errorf("%w: order %v, want cyclic or shuffle", ErrOrder, v.Order))
	}
	if err := dataset.Validate(x, y); err != nil {
		return nil, wrap("voted", err)
	}
	src := v.Src
	if src == nil {
		src = rand.NewPCG(defaultSeed1, defaultSeed2)
	}
	rng := rand.New(src)
	n, d := x.Dims()
	data, stride := rawRows(x)
	row := func(i int) []float64 { return data[i*stride : i*stride+d : i*stride+d] }

	res := &VotedResult{W: make([]float64, d)}
	w := make([]float64, d)
	var b float64
	c := 0 // survival count of the current vector
	retire := func() {
		if c == 0 {
			return
		}
		res.Votes = append(res.Votes, Vote{W: slices.Clone(w), B: b, C: c})
		floats.AddScaled(res.W, float64(c), w)
		res.B += float64(c) * b
	}
	perm := make([]int, n)
	for i := range perm {
		perm[i] = i
	}
	for res.Epochs < epochs {
		res.Epochs++
		if v.Order == Shuffle {
			rng.Shuffle(n, func(i, j int) { perm[i], perm[j] = perm[j], perm[i] })
		}
		mistakes := res.Updates
		for _, i := range perm {
			xi := row(i)
			if y[i]*(floats.Dot(w, xi)+b) > 0 {
				c++
				continue
			}
			retire()
			floats.AddScaled(w, y[i], xi)
			b += y[i]
			c = 1
			res.Updates++
			if len(res.Mistakes) < MaxRecorded {
				res.Mistakes = append(res.Mistakes, i)
			}
		}
		if res.Updates == mistakes {
			// A clean epoch: (w, b) classifies every point correctly and
			// survives all remaining epochs.
			c += (epochs - res.Epochs) * n
			res.Epochs = epochs
		}
	}
	retire()
	var total float64
	for _, vt := range res.Votes {
		total += float64(vt.C)
	}
	if total > 0 {
		floats.Scale(1/total, res.W)
		res.B /= total
	}
	return res, nil
}

// Score returns the vote Σₖ cₖ·sign(wₖ·x + bₖ) divided by Σₖ cₖ, a number in
// [−1, 1]; a vector with wₖ·x + bₖ = 0 abstains. It panics if len(x) is not
// the number of features.
func (r *VotedResult) Score(x []float64) float64 {
	var s, total float64
	for _, vt := range r.Votes {
		if len(vt.W) != len(x) {
			panic(errLength)
		}
		z := floats.Dot(vt.W, x) + vt.B
		switch {
		case z > 0:
			s += float64(vt.C)
		case z < 0:
			s -= float64(vt.C)
		}
		total += float64(vt.C)
	}
	if total == 0 {
		return 0
	}
	return s / total
}

// Predict returns the voted prediction in {−1, +1}; a tied vote gives +1.
func (r *VotedResult) Predict(x []float64) float64 {
	if r.Score(x) >= 0 {
		return 1
	}
	return -1
}

// Averaged returns w̄·x + b̄, the decision value of the averaged perceptron.
// It panics if len(x) is not the number of features.
func (r *VotedResult) Averaged(x []float64) float64 {
	if len(r.W) != len(x) {
		panic(errLength)
	}
	return floats.Dot(r.W, x) + r.B
}

// PredictAveraged returns sign(w̄·x + b̄) in {−1, +1}, with sign(0) = +1.
func (r *VotedResult) PredictAveraged(x []float64) float64 {
	if r.Averaged(x) >= 0 {
		return 1
	}
	return -1
}

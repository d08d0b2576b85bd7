package perceptron

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"gonum.org/v1/gonum/mat"

	"github.com/marginnotes/marginnotes/pkg/dataset"
)

// Defaults of Enumeration.
const (
	// DefaultEnumUpdates is the run length limit used when
	// Enumeration.MaxUpdates is 0.
	DefaultEnumUpdates = 1000
	// DefaultEnumStates is the limit on distinct states used when
	// Enumeration.MaxStates is 0.
	DefaultEnumStates = 1 << 20
)

// Enumeration explores every run of Algorithm 2.1 at once: step 2 of the
// algorithm lets it update with any misclassified point, and Enumeration
// follows all of these choices from w₀ = 0, b₀ = 0, so that it finds every
// hyperplane the perceptron can end at, whatever the visiting order.
//
// After k updates the weights are w = Σᵢ nᵢyᵢxᵢ and b = Σᵢ nᵢyᵢ, where nᵢ
// counts the updates made with point i, so the state of a run is the count
// vector n and the runs form a graph whose layer k holds the count vectors
// with Σnᵢ = k. Enumeration walks it layer by layer, merging runs that reach
// the same counts, and stops at the count vectors that classify every point
// correctly. The learning rate does not matter: from w₀ = 0, b₀ = 0 a run
// with rate η visits η times the weights of the run with rate 1, and so makes
// the same choices; the outcomes are given for η = 1.
//
// The zero value uses DefaultEnumUpdates and DefaultEnumStates.
type Enumeration struct {
	// MaxUpdates limits the length of the runs followed; 0 means
	// DefaultEnumUpdates. On separable data Novikoff's bound (R/γ)² limits
	// every run (see NovikoffBound).
	MaxUpdates int
	// MaxStates limits the number of distinct count vectors in one layer;
	// 0 means DefaultEnumStates.
	MaxStates int
}

// Outcome is one hyperplane at which some run of Algorithm 2.1 from w₀ = 0,
// b₀ = 0 (η = 1) stops, with the runs that lead to it.
type Outcome struct {
	// W and B are the final weights, w = Σᵢ nᵢyᵢxᵢ and b = Σᵢ nᵢyᵢ.
	W []float64
	B float64
	// Counts[i] is nᵢ, the number of updates made with point i; for η = 1
	// it is the αᵢ of the dual form (Algorithm 2.2).
	Counts []int
	// Updates is k = Σᵢ nᵢ.
	Updates int
	// Runs is the number of distinct sequences of choices that end here.
	Runs float64
	// Prob is the probability of ending here when every update picks one
	// of the misclassified points uniformly at random (RandomMistake).
	Prob float64
	// Example is the lexicographically first sequence of choices (0-based
	// point indices, in update order) that ends here; use it as the
	// Sequence of the Choices order to replay the run.
	Example []int
}

// enumNode is one count vector of a layer with the runs that reach it.
type enumNode struct {
	counts  []int
	runs    float64
	prob    float64
	example []int
}

// Outcomes returns every hyperplane at which a run of Algorithm 2.1 from
// w₀ = 0, b₀ = 0 can stop, sorted by the number of updates and then by
// Example. The probabilities sum to 1 when every run stops within the
// limits.
//
// When some run is still going after MaxUpdates updates, or a layer holds
// more than MaxStates count vectors, Outcomes returns the outcomes found so
// far with an error wrapping ErrNotConverged: on data that are not linearly
// separable some run never stops. Invalid data give an error wrapping a
// dataset sentinel, a negative limit ErrMaxEpochs.
func (e Enumeration) Outcomes(x mat.Matrix, y []float64) ([]Outcome, error) {
	if err := dataset.Validate(x, y); err != nil {
		return nil, fmt.Errorf("perceptron: enumeration: %w", err)
	}
	if e.MaxUpdates < 0 || e.MaxStates < 0 {
		return nil, fmt.Errorf("perceptron: enumeration: %w", ErrMaxEpochs)
	}
	maxUpdates := cmp.Or(e.MaxUpdates, DefaultEnumUpdates)
	maxStates := cmp.Or(e.MaxStates, DefaultEnumStates)
	n, d := x.Dims()
	rows := make([][]float64, n)
	for i := range rows {
		rows[i] = mat.Row(nil, i, x)
	}

	var out []Outcome
	layer := []*enumNode{{counts: make([]int, n), runs: 1, prob: 1}}
	w := make([]float64, d)
	var miss []int
	for k := 0; len(layer) > 0; k++ {
		if k > maxUpdates {
			return finishOutcomes(out), fmt.Errorf("%w: %d count vectors still have misclassified points after %d updates",
				ErrNotConverged, len(layer), maxUpdates)
		}
		next := make(map[string]*enumNode)
		var order []string // keys of next in first-seen order, for determinism
		for _, nd := range layer {
			b := weightsOf(w, nd.counts, rows, y)
			miss = miss[:0]
			for i, xi := range rows {
				if y[i]*(dot(w, xi)+b) <= 0 {
					miss = append(miss, i)
				}
			}
			if len(miss) == 0 {
				out = append(out, Outcome{
					W: slices.Clone(w), B: b, Counts: nd.counts, Updates: k,
					Runs: nd.runs, Prob: nd.prob, Example: nd.example,
				})
				continue
			}
			p := nd.prob / float64(len(miss))
			for _, i := range miss {
				nd.counts[i]++
				key := countsKey(nd.counts)
				c, ok := next[key]
				if !ok {
					c = &enumNode{counts: slices.Clone(nd.counts), example: append(slices.Clone(nd.example), i)}
					next[key] = c
					order = append(order, key)
				} else if ex := append(slices.Clone(nd.example), i); slices.Compare(ex, c.example) < 0 {
					c.example = ex
				}
				nd.counts[i]--
				c.runs += nd.runs
				c.prob += p
			}
		}
		if len(next) > maxStates {
			return finishOutcomes(out), fmt.Errorf("%w: %d count vectors after %d updates exceed MaxStates = %d",
				ErrNotConverged, len(next), k+1, maxStates)
		}
		layer = layer[:0]
		for _, key := range order {
			layer = append(layer, next[key])
		}
	}
	return finishOutcomes(out), nil
}

// weightsOf sets w = Σᵢ nᵢyᵢxᵢ and returns b = Σᵢ nᵢyᵢ.
func weightsOf(w []float64, counts []int, rows [][]float64, y []float64) float64 {
	clear(w)
	var b float64
	for i, c := range counts {
		if c == 0 {
			continue
		}
		s := float64(c) * y[i]
		for j, v := range rows[i] {
			w[j] += s * v
		}
		b += s
	}
	return b
}

func countsKey(c []int) string {
	var sb strings.Builder
	for _, v := range c {
		sb.WriteString(strconv.Itoa(v))
		sb.WriteByte(',')
	}
	return sb.String()
}

func finishOutcomes(out []Outcome) []Outcome {
	slices.SortFunc(out, func(a, b Outcome) int {
		return cmp.Or(cmp.Compare(a.Updates, b.Updates), slices.Compare(a.Example, b.Example))
	})
	return out
}

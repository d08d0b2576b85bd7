package perceptron

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"

	"github.com/marginnotes/marginnotes/pkg/classify"
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
// follows all of these choices from the start w₀, b₀ (0 by default), so
// that it finds every hyperplane the perceptron can end at, whatever the
// visiting order.
//
// After k updates the weights are w = w₀ + Σᵢ nᵢyᵢxᵢ and b = b₀ + Σᵢ nᵢyᵢ,
// where nᵢ counts the updates made with point i, so the state of a run is
// the count vector n and the runs form a graph whose layer k holds the
// count vectors with Σnᵢ = k. Enumeration walks it layer by layer, merging
// runs that reach the same counts, and stops at the count vectors that
// classify every point correctly. The runs are those of η = 1. From
// w₀ = 0, b₀ = 0 the learning rate does not matter: a run with rate η visits
// η times the weights of the run with rate 1, and so makes the same choices.
// From another start it does (the start is not scaled with η).
//
// The zero value starts at w₀ = 0, b₀ = 0 and uses DefaultEnumUpdates and
// DefaultEnumStates.
type Enumeration struct {
	// W0 and B0 are the initial weights, finite; a nil W0 means the zero
	// vector.
	W0 []float64
	B0 float64
	// MaxUpdates limits the length of the runs followed; 0 means
	// DefaultEnumUpdates. On separable data Novikoff's bound (R/γ)² limits
	// every run (see NovikoffBound).
	MaxUpdates int
	// MaxStates limits the number of distinct count vectors in one layer;
	// 0 means DefaultEnumStates.
	MaxStates int
}

// Outcome is one hyperplane at which some run of Algorithm 2.1 from the
// start of an Enumeration (η = 1) stops, with the runs that lead to it.
type Outcome struct {
	// W and B are the final weights, w = w₀ + Σᵢ nᵢyᵢxᵢ and b = b₀ + Σᵢ nᵢyᵢ.
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
	w       []float64
	b       float64
	miss    []int
	runs    float64
	prob    float64
	example []int
}

// Outcomes returns every hyperplane at which a run of Algorithm 2.1 from
// w₀, b₀ can stop, sorted by the number of updates and then by
// Example. The probabilities sum to 1 when every run stops within the
// limits.
//
// When some run is still going after MaxUpdates updates, or a layer holds
// more than MaxStates count vectors, Outcomes returns the outcomes found so
// far with an error wrapping ErrNotConverged: on data that are not linearly
// separable some run never stops. Invalid data give an error wrapping a
// dataset sentinel, a negative limit or a W0 of the wrong length or not
// finite (or B0) a *classify.SettingError.
func (e Enumeration) Outcomes(x mat.Matrix, y []float64) ([]Outcome, error) {
	var out []Outcome
	err := e.walk(x, y, func(k int, layer []*enumNode) bool {
		for _, nd := range layer {
			if len(nd.miss) == 0 {
				out = append(out, Outcome{
					W: nd.w, B: nd.b, Counts: nd.counts, Updates: k,
					Runs: nd.runs, Prob: nd.prob, Example: nd.example,
				})
			}
		}
		return true
	})
	slices.SortFunc(out, func(a, b Outcome) int {
		return cmp.Or(cmp.Compare(a.Updates, b.Updates), slices.Compare(a.Example, b.Example))
	})
	return out, err
}

// State is a point that runs of Algorithm 2.1 from the start of an
// Enumeration (η = 1) reach after some number of updates.
type State struct {
	// Counts[i] is nᵢ, the number of updates made so far with point i (the
	// αᵢ of the dual form for η = 1); W = w₀ + Σᵢ nᵢyᵢxᵢ and
	// B = b₀ + Σᵢ nᵢyᵢ.
	Counts []int
	W      []float64
	B      float64
	// Misclassified lists the 0-based indices of the points with
	// yᵢ(W·xᵢ + B) ≤ 0, the choices open to the next update; empty where
	// the runs stop.
	Misclassified []int
	// Runs, Prob and Example mean what they mean for Outcome, for the runs
	// that pass through this state.
	Runs    float64
	Prob    float64
	Example []int
}

// States returns every state that runs of Algorithm 2.1 from w₀, b₀
// reach after exactly k updates, sorted by Example; a count vector
// missing from the list cannot be the α of any run of Algorithm 2.2 at
// step k. Errors are those of Outcomes; a k outside 0…MaxUpdates gives a
// *classify.SettingError.
func (e Enumeration) States(x mat.Matrix, y []float64, k int) ([]State, error) {
	if m := cmp.Or(e.MaxUpdates, DefaultEnumUpdates); k < 0 || k > m {
		return nil, &classify.SettingError{Solver: "perceptron.Enumeration.States", Field: "k", Value: k, Want: fmt.Sprintf("a step in 0…MaxUpdates = %d", m)}
	}
	var out []State
	err := e.walk(x, y, func(j int, layer []*enumNode) bool {
		if j < k {
			return true
		}
		for _, nd := range layer {
			out = append(out, State{Counts: nd.counts, W: nd.w, B: nd.b, Misclassified: nd.miss,
				Runs: nd.runs, Prob: nd.prob, Example: nd.example})
		}
		return false
	})
	slices.SortFunc(out, func(a, b State) int { return slices.Compare(a.Example, b.Example) })
	return out, err
}

// walk visits the layers k = 0, 1, … of the graph of runs until no run is
// left or visit returns false.
func (e Enumeration) walk(x mat.Matrix, y []float64, visit func(k int, layer []*enumNode) bool) error {
	if err := dataset.Validate(x, y); err != nil {
		return wrap("perceptron.Enumeration", err)
	}
	if e.MaxUpdates < 0 {
		return &classify.SettingError{Solver: "perceptron.Enumeration", Field: "MaxUpdates", Value: e.MaxUpdates, Want: "a number ≥ 0"}
	}
	if e.MaxStates < 0 {
		return &classify.SettingError{Solver: "perceptron.Enumeration", Field: "MaxStates", Value: e.MaxStates, Want: "a number ≥ 0"}
	}
	maxUpdates := cmp.Or(e.MaxUpdates, DefaultEnumUpdates)
	maxStates := cmp.Or(e.MaxStates, DefaultEnumStates)
	n, d := x.Dims()
	bad := func(field string, value any, want string) error {
		return &classify.SettingError{Solver: "perceptron.Enumeration", Field: field, Value: value, Want: want}
	}
	if len(e.W0) != 0 && len(e.W0) != d {
		return bad("W0", fmt.Sprintf("%d entries", len(e.W0)), fmt.Sprintf("nil or one entry per feature (%d)", d))
	}
	if j, ok := allFinite(e.W0); !ok {
		return bad(fmt.Sprintf("W0[%d]", j), e.W0[j], "a finite number")
	}
	if !finite(e.B0) {
		return bad("B0", e.B0, "a finite number")
	}
	rows := make([][]float64, n)
	for i := range rows {
		rows[i] = mat.Row(nil, i, x)
	}

	layer := []*enumNode{{counts: make([]int, n), runs: 1, prob: 1}}
	for k := 0; ; k++ {
		for _, nd := range layer {
			nd.w = make([]float64, d)
			nd.b = e.B0 + weightsOf(nd.w, nd.counts, rows, y)
			if e.W0 != nil {
				floats.Add(nd.w, e.W0)
			}
			for i, xi := range rows {
				if y[i]*(floats.Dot(nd.w, xi)+nd.b) <= 0 {
					nd.miss = append(nd.miss, i)
				}
			}
		}
		if !visit(k, layer) {
			return nil
		}
		next := make(map[string]*enumNode)
		var order []string // keys of next in first-seen order, for determinism
		for _, nd := range layer {
			if len(nd.miss) == 0 {
				continue
			}
			p := nd.prob / float64(len(nd.miss))
			for _, i := range nd.miss {
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
		if len(next) == 0 {
			return nil
		}
		if k+1 > maxUpdates {
			return fmt.Errorf("%w: %d count vectors still have misclassified points after %d updates",
				ErrNotConverged, len(layer), maxUpdates)
		}
		if len(next) > maxStates {
			return fmt.Errorf("%w: %d count vectors after %d updates exceed MaxStates = %d",
				ErrNotConverged, len(next), k+1, maxStates)
		}
		layer = layer[:0]
		for _, key := range order {
			layer = append(layer, next[key])
		}
	}
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

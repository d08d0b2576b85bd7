package experiment

import (
	"fmt"
	"math"
	"math/rand/v2"

	"gonum.org/v1/gonum/floats"

	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/separability"
)

// HullComparison is the outcome of HullsVsLP: how often the two tests of
// book exercise 2.3 were run and how often they agreed.
type HullComparison struct {
	// Sets is the number of data sets drawn, Touching how many of them were
	// made to have hulls that touch (a point on a segment of the other
	// class).
	Sets, Touching int
	// Separable counts the sets separability.LP found separable, Disjoint
	// those whose convex hulls are more than separability.DefaultTol·R
	// apart (separability.HullDistance), Agree those on which both said
	// the same.
	Separable, Disjoint, Agree int
	// MinGap is the smallest hull distance, relative to R, among the
	// disjoint sets; MaxMeet the largest distance, relative to R, between
	// the two hull points of a certificate among the sets the LP found not
	// separable.
	MinGap, MaxMeet float64
}

// HullsVsLP draws n planar data sets and decides each one's separability
// twice: with the linear programs of separability.LP and with plane
// geometry, the distance between the convex hulls of the classes. Each set
// has 4 to 40 points from two Gaussian clouds whose centres are 0 to 8
// apart (dataset.Blobs); in one set of four the last point is then moved
// to the midpoint of two points of the other class, so that the hulls
// touch. A nil src means rand.NewPCG(1, 2).
func HullsVsLP(src rand.Source, n int) (*HullComparison, error) {
	if src == nil {
		src = rand.NewPCG(1, 2)
	}
	rng := rand.New(src)
	c := &HullComparison{MinGap: math.Inf(1)}
	for t := range n {
		s := dataset.Blobs(src, 4+rng.IntN(37), 8*rng.Float64())
		m, _ := s.X.Dims()
		if t%4 == 3 {
			var other []int
			for i := range m - 1 {
				if s.Y[i] != s.Y[m-1] {
					other = append(other, i)
				}
			}
			if len(other) > 0 {
				a, b := other[rng.IntN(len(other))], other[rng.IntN(len(other))]
				last := s.X.RawRowView(m - 1)
				for j := range last {
					last[j] = (s.X.At(a, j) + s.X.At(b, j)) / 2
				}
				c.Touching++
			}
		}
		pos, neg := separability.ClassHulls(s.X, s.Y)
		if len(pos) == 0 || len(neg) == 0 {
			continue // one class: nothing to compare
		}
		c.Sets++
		r := spread(s)
		d, _, _ := separability.HullDistance(pos, neg)
		disjoint := d > separability.DefaultTol*r
		res, err := separability.LP{}.Decide(s.X, s.Y)
		if err != nil {
			return c, fmt.Errorf("set %d: %w", t, err)
		}
		if disjoint {
			c.Disjoint++
			c.MinGap = math.Min(c.MinGap, d/r)
		}
		if res.Separable {
			c.Separable++
		} else {
			c.MaxMeet = math.Max(c.MaxMeet, res.Distance/r)
		}
		if res.Separable == disjoint {
			c.Agree++
		}
	}
	return c, nil
}

// spread returns R = maxᵢ‖xᵢ − x̄‖.
func spread(s *dataset.Set) float64 {
	n, d := s.X.Dims()
	mean := make([]float64, d)
	for i := range n {
		floats.Add(mean, s.X.RawRowView(i))
	}
	floats.Scale(1/float64(n), mean)
	var r float64
	for i := range n {
		r = math.Max(r, floats.Distance(s.X.RawRowView(i), mean, 2))
	}
	return r
}

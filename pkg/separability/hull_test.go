package separability

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/floats/scalar"
	"gonum.org/v1/gonum/mat"

	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/svm"
)

func TestConvexHull(t *testing.T) {
	for _, c := range []struct {
		name   string
		points [][]float64
		want   [][]float64
	}{
		{"one point", [][]float64{{1, 2}}, [][]float64{{1, 2}}},
		{"copies of a point", [][]float64{{1, 2}, {1, 2}, {1, 2}}, [][]float64{{1, 2}}},
		{"segment with inner points", [][]float64{{2, 2}, {0, 0}, {1, 1}, {3, 3}}, [][]float64{{0, 0}, {3, 3}}},
		// A square with its centre, the midpoints of two sides and a
		// repeated corner: four corners, counter-clockwise.
		{"square", [][]float64{{1, 1}, {0, 0}, {2, 0}, {2, 2}, {0, 2}, {1, 0}, {0, 1}, {2, 2}},
			[][]float64{{0, 0}, {2, 0}, {2, 2}, {0, 2}}},
		// Exercise 7.2's positive points: a triangle.
		{"exercise 7.2, positive", [][]float64{{1, 2}, {2, 3}, {3, 3}}, [][]float64{{1, 2}, {3, 3}, {2, 3}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := ConvexHull(c.points)
			if fmt.Sprint(got) != fmt.Sprint(c.want) {
				t.Errorf("hull %v, want %v", got, c.want)
			}
		})
	}
}

// TestConvexHullProperties checks on random sets that every point lies in
// the hull, every vertex is one of the points, and the vertices turn left.
func TestConvexHullProperties(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	for trial := range 200 {
		n := 1 + rng.IntN(40)
		pts := make([][]float64, n)
		for i := range pts {
			// Small integers: many collinear and repeated points, all
			// orientation tests exact.
			pts[i] = []float64{float64(rng.IntN(7)), float64(rng.IntN(7))}
		}
		h := ConvexHull(pts)
		hv := toArrays(h)
		if len(hv) >= 3 {
			for i := range hv {
				if c := cross(hv[i], hv[(i+1)%len(hv)], hv[(i+2)%len(hv)]); c <= 0 {
					t.Fatalf("trial %d: vertices %v do not turn strictly left at %d", trial, h, i)
				}
			}
		}
		for _, p := range pts {
			if d, _, _ := HullDistance([][]float64{p}, h); d > 1e-12 {
				t.Fatalf("trial %d: point %v at distance %g outside its hull %v", trial, p, d, h)
			}
		}
	}
}

func TestHullDistance(t *testing.T) {
	sq := func(x0, y0, s float64) [][]float64 {
		return [][]float64{{x0, y0}, {x0 + s, y0}, {x0 + s, y0 + s}, {x0, y0 + s}}
	}
	for _, c := range []struct {
		name string
		a, b [][]float64
		want float64
	}{
		// Example 2.1: the segment x1x2 and the point x3; the distance is
		// ‖x1 − x3‖ = 2√2, twice the margin √2 of Example 7.1.
		{"Example 2.1", [][]float64{{3, 3}, {4, 3}}, [][]float64{{1, 1}}, 2 * math.Sqrt2},
		{"XOR diagonals cross", [][]float64{{0, 1}, {1, 0}}, [][]float64{{0, 0}, {1, 1}}, 0},
		{"disjoint squares", sq(0, 0, 1), sq(3, 0, 1), 2},
		{"squares touching at a corner", sq(0, 0, 1), sq(1, 1, 1), 0},
		{"square inside another", sq(0, 0, 10), sq(2, 2, 1), 0},
		{"point inside a square", sq(0, 0, 2), [][]float64{{1, 1}}, 0},
		{"collinear disjoint segments", [][]float64{{0, 0}, {1, 0}}, [][]float64{{3, 0}, {5, 0}}, 2},
		{"collinear overlapping segments", [][]float64{{0, 0}, {2, 0}}, [][]float64{{1, 0}, {5, 0}}, 0},
		{"point on an edge", sq(0, 0, 2), [][]float64{{2, 1}}, 0},
		{"two points", [][]float64{{0, 0}}, [][]float64{{3, 4}}, 5},
	} {
		t.Run(c.name, func(t *testing.T) {
			d, p, q := HullDistance(c.a, c.b)
			if !scalar.EqualWithinAbsOrRel(d, c.want, 1e-12, 1e-12) {
				t.Errorf("distance %g, want %g", d, c.want)
			}
			if e := floats.Distance(p, q, 2); !scalar.EqualWithinAbsOrRel(e, d, 1e-12, 1e-12) {
				t.Errorf("closest points %v, %v are %g apart, distance %g", p, q, e, d)
			}
			if d2, _, _ := HullDistance(c.b, c.a); !scalar.EqualWithinAbsOrRel(d2, d, 1e-12, 1e-12) {
				t.Errorf("not symmetric: %g and %g", d, d2)
			}
		})
	}
}

// randomSet draws one of several kinds of planar data sets and says whether
// its classes are separable, by construction or from the hull distance.
type randomSet struct {
	kind string
	x    *mat.Dense
	y    []float64
}

func drawSet(rng *rand.Rand) randomSet {
	n := 2 + rng.IntN(25)
	scale := math.Pow(10, float64(rng.IntN(7)-3)) // 10⁻³ … 10³
	rows := make([]float64, 0, 2*n)
	y := make([]float64, 0, n)
	add := func(p [2]float64, label float64) {
		rows = append(rows, scale*p[0], scale*p[1])
		y = append(y, label)
	}
	kind := []string{"random labels", "gap 1/2", "gap 1e-3", "gap 1e-6", "touching", "collinear", "grid"}[rng.IntN(7)]
	switch kind {
	case "random labels":
		for range n {
			add([2]float64{rng.NormFloat64(), rng.NormFloat64()}, float64(2*rng.IntN(2)-1))
		}
	case "gap 1/2", "gap 1e-3", "gap 1e-6":
		// Separable by a random line: signed distances ≥ g/2 from it,
		// with one point of each class exactly at g/2.
		g := map[string]float64{"gap 1/2": 0.5, "gap 1e-3": 1e-3, "gap 1e-6": 1e-6}[kind]
		th := 2 * math.Pi * rng.Float64()
		u, v := [2]float64{math.Cos(th), math.Sin(th)}, [2]float64{-math.Sin(th), math.Cos(th)}
		for i := range n {
			s := float64(2*(i%2) - 1)
			dist := g / 2
			if i >= 2 {
				dist += rng.Float64()
			}
			along := 2*rng.Float64() - 1
			add([2]float64{s*dist*u[0] + along*v[0], s*dist*u[1] + along*v[1]}, s)
		}
	case "touching":
		// Integer points; then a point of the other class exactly at the
		// midpoint of two points of one class (even coordinates make the
		// midpoint an integer): not separable, the hulls meet there.
		for range n {
			add([2]float64{float64(2 * rng.IntN(5)), float64(2 * rng.IntN(5))}, float64(2*rng.IntN(2)-1))
		}
		i, j := rng.IntN(len(y)), rng.IntN(len(y))
		for y[j] != y[i] {
			j = rng.IntN(len(y))
		}
		mid := [2]float64{(rows[2*i] + rows[2*j]) / 2 / scale, (rows[2*i+1] + rows[2*j+1]) / 2 / scale}
		add(mid, -y[i])
	case "collinear":
		for range n {
			t := float64(rng.IntN(10))
			add([2]float64{t, 2*t + 1}, float64(2*rng.IntN(2)-1))
		}
	case "grid":
		for range n {
			add([2]float64{float64(rng.IntN(4)), float64(rng.IntN(4))}, float64(2*rng.IntN(2)-1))
		}
	}
	return randomSet{kind: kind, x: mat.NewDense(len(y), 2, rows), y: y}
}

// TestHullsAgreeWithLP is exercise 2.3 checked numerically: on seeded random
// sets (separable with gaps from 1/2 down to 10⁻⁶ of the scale, hulls that
// touch at one point, collinear sets, grids with repeated points, units
// from 10⁻³ to 10³), the convex hulls are disjoint exactly when the
// separability LP finds a hyperplane, and exactly one of the two linear
// programs has a solution. For separable sets the hull distance is twice the
// largest margin, found independently by the SVM.
func TestHullsAgreeWithLP(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 3))
	count := map[string]int{}
	for trial := range 3000 {
		s := drawSet(rng)
		pos, neg := ClassHulls(s.x, s.y)
		if len(pos) == 0 || len(neg) == 0 {
			continue
		}
		count[s.kind]++
		r := spread(s.x)
		dist, _, _ := HullDistance(pos, neg)
		disjoint := dist > DefaultTol*r
		res, err := LP{}.Decide(s.x, s.y)
		if err != nil {
			t.Fatalf("trial %d (%s): %v", trial, s.kind, err)
		}
		if res.Separable != disjoint {
			t.Fatalf("trial %d (%s): LP separable %v, hull distance %g (R = %g)", trial, s.kind, res.Separable, dist, r)
		}
		switch s.kind {
		case "touching":
			if disjoint {
				t.Fatalf("trial %d: touching hulls at distance %g", trial, dist)
			}
		case "gap 1/2", "gap 1e-3", "gap 1e-6":
			if !disjoint {
				t.Fatalf("trial %d (%s): separable set with hulls at distance %g", trial, s.kind, dist)
			}
		}
		_, _, errP := LP{}.Hyperplane(s.x, s.y)
		_, errD := LP{}.Certificate(s.x, s.y)
		if (errP == nil) == (errD == nil) || (errP != nil && !errors.Is(errP, ErrInfeasible)) || (errD != nil && !errors.Is(errD, ErrInfeasible)) {
			t.Fatalf("trial %d (%s): hyperplane error %v, certificate error %v: want exactly one ErrInfeasible", trial, s.kind, errP, errD)
		}
		if res.Separable {
			checkHyperplane(t, s.x, s.y, res.W, res.B)
			if res.Margin > dist/2*(1+1e-9) {
				t.Fatalf("trial %d (%s): margin %g exceeds half the hull distance %g", trial, s.kind, res.Margin, dist/2)
			}
		} else {
			checkCertificate(t, s.x, s.y, res.Lambda, r)
		}
		// The largest margin is half the hull distance (well-separated
		// sets, where SMO's hard margin is reliable).
		if s.kind == "gap 1/2" {
			m, err := svm.SMO{Eps: 1e-10}.Fit(s.x, s.y)
			if err != nil {
				t.Fatalf("trial %d: SMO: %v", trial, err)
			}
			if g := 1 / floats.Norm(m.W, 2); !scalar.EqualWithinRel(g, dist/2, 1e-6) {
				t.Errorf("trial %d: SVM margin %g, half the hull distance %g", trial, g, dist/2)
			}
		}
	}
	for _, k := range []string{"random labels", "gap 1/2", "gap 1e-3", "gap 1e-6", "touching", "collinear", "grid"} {
		if count[k] < 20 {
			t.Errorf("only %d sets of kind %s", count[k], k)
		}
	}
}

// TestLPInHigherDimensions checks the verdict against the construction in
// d = 3 and 10: separable sets with a known gap, and sets where a point of
// one class is a convex combination of points of the other (its hull meets
// the other class).
func TestLPInHigherDimensions(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 8))
	for trial := range 400 {
		d := []int{3, 10}[trial%2]
		n := d + 2 + rng.IntN(20)
		separable := trial%4 < 2
		x := mat.NewDense(n, d, nil)
		y := make([]float64, n)
		u := make([]float64, d)
		for j := range u {
			u[j] = rng.NormFloat64()
		}
		floats.Scale(1/floats.Norm(u, 2), u)
		for i := range n {
			y[i] = float64(2*(i%2) - 1)
			row := x.RawRowView(i)
			for j := range row {
				row[j] = rng.NormFloat64()
			}
			if separable { // move the point to signed distance ≥ 10⁻³ along u
				off := y[i]*(1e-3+rng.Float64()) - floats.Dot(row, u)
				floats.AddScaled(row, off, u)
			}
		}
		if !separable { // the last point: a convex combination of the other class
			last := x.RawRowView(n - 1)
			for j := range last {
				last[j] = 0
			}
			var wsum float64
			for i := range n - 1 {
				if y[i] != y[n-1] {
					w := rng.Float64()
					floats.AddScaled(last, w, x.RawRowView(i))
					wsum += w
				}
			}
			floats.Scale(1/wsum, last) // keeps its label, inside the other class's hull
		}
		res, err := LP{}.Decide(x, y)
		if err != nil {
			t.Fatalf("trial %d (d = %d): %v", trial, d, err)
		}
		if res.Separable != separable {
			t.Fatalf("trial %d (d = %d): separable %v, constructed %v", trial, d, res.Separable, separable)
		}
		if separable {
			checkHyperplane(t, x, y, res.W, res.B)
		} else {
			checkCertificate(t, x, y, res.Lambda, spread(x))
		}
	}
}

// spread returns R = maxᵢ‖xᵢ − x̄‖.
func spread(x mat.Matrix) float64 {
	n, d := x.Dims()
	mean := make([]float64, d)
	for i := range n {
		floats.Add(mean, mat.Row(nil, i, x))
	}
	floats.Scale(1/float64(n), mean)
	var r float64
	for i := range n {
		r = math.Max(r, floats.Distance(mat.Row(nil, i, x), mean, 2))
	}
	return r
}

func TestExample21Hulls(t *testing.T) {
	x, y := dataset.Example21().XY()
	pos, neg := ClassHulls(x, y)
	d, p, q := HullDistance(pos, neg)
	if !scalar.EqualWithinRel(d, 2*math.Sqrt2, 1e-15) || fmt.Sprint(p, q) != "[3 3] [1 1]" {
		t.Errorf("distance %g between %v and %v, want 2√2 between (3, 3) and (1, 1)", d, p, q)
	}
}

package dataset_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/floats/scalar"
	"gonum.org/v1/gonum/mat"

	"github.com/marginnotes/marginnotes/pkg/dataset"
)

// genTol is the rounding allowance of the generators' guarantees.
const genTol = 1e-12

func TestSeparable(t *testing.T) {
	for _, tc := range []struct {
		n, d          int
		gamma, radius float64
	}{
		{2, 1, 0.5, 2},
		{3, 1, 0.01, 1.5},
		{100, 2, 0.1, 5},
		{101, 5, 1, 3},
		{500, 20, 0.05, 10},
		{50, 3, 2.8, 3}, // γ close to its limit √(R²−1) ≈ 2.83
	} {
		s, w := dataset.Separable(rand.NewPCG(uint64(tc.n), uint64(tc.d)), tc.n, tc.d, tc.gamma, tc.radius)
		if err := s.Validate(); err != nil {
			t.Fatal(err)
		}
		n, d := s.Dims()
		if n != tc.n || d != tc.d || len(w) != d+1 {
			t.Fatalf("dims %d×%d, len(w) = %d", n, d, len(w))
		}
		if nw := floats.Norm(w, 2); !scalar.EqualWithinAbsOrRel(nw, 1, genTol, genTol) {
			t.Errorf("‖ŵ_opt‖ = %v, want 1", nw)
		}
		pos, neg := s.Counts()
		if pos != (n+1)/2 || neg != n/2 {
			t.Errorf("classes %d/%d, want balanced", pos, neg)
		}
		minMargin := math.Inf(1)
		for i := 0; i < n; i++ {
			x := s.X.RawRowView(i)
			xhat := append(append([]float64(nil), x...), 1)
			if r := floats.Norm(xhat, 2); r > tc.radius*(1+genTol) {
				t.Errorf("‖x̂_%d‖ = %v > R = %v", i+1, r, tc.radius)
			}
			minMargin = min(minMargin, s.Y[i]*floats.Dot(w, xhat))
		}
		if !scalar.EqualWithinAbsOrRel(minMargin, tc.gamma, genTol, genTol) {
			t.Errorf("%+v: smallest margin %v, want γ = %v", tc, minMargin, tc.gamma)
		}
	}
}

func TestGeneratorsDeterministic(t *testing.T) {
	gens := map[string]func(rand.Source) *dataset.Set{
		"Separable": func(src rand.Source) *dataset.Set { s, _ := dataset.Separable(src, 20, 3, 0.1, 2); return s },
		"Noisy":     func(src rand.Source) *dataset.Set { return dataset.Noisy(src, 20, 3, 0.1) },
		"Gaussian":  func(src rand.Source) *dataset.Set { return dataset.Gaussian(src, 20, 3, 2) },
		"Blobs":     func(src rand.Source) *dataset.Set { return dataset.Blobs(src, 20, 2) },
		"XOR":       func(src rand.Source) *dataset.Set { return dataset.XOR(src, 20, 0.2) },
		"Rings":     func(src rand.Source) *dataset.Set { return dataset.Rings(src, 20, 1, 2, 0.1) },
	}
	for name, gen := range gens {
		t.Run(name, func(t *testing.T) {
			a, b := gen(nil), gen(nil)
			c := gen(rand.NewPCG(dataset.DefaultSeed, dataset.DefaultSeed))
			d := gen(rand.NewPCG(7, 7))
			if !equalSets(a, b) || !equalSets(a, c) {
				t.Errorf("nil source is not the documented default")
			}
			if equalSets(a, d) {
				t.Errorf("another seed gives the same data")
			}
			if err := a.Validate(); err != nil {
				t.Error(err)
			}
			if pos, neg := a.Counts(); pos < 9 || neg < 9 {
				t.Errorf("classes %d/%d, want balanced", pos, neg)
			}
		})
	}
}

func TestNoisyFlip(t *testing.T) {
	const n, d = 2000, 4
	clean := dataset.Noisy(rand.NewPCG(3, 3), n, d, 0)
	noisy := dataset.Noisy(rand.NewPCG(3, 3), n, d, 0.2)
	if !mat.Equal(clean.X, noisy.X) {
		t.Fatal("flip changed the features")
	}
	flipped := 0
	for i := range clean.Y {
		if clean.Y[i] != noisy.Y[i] {
			flipped++
		}
	}
	// Binomial(2000, 0.2): mean 400, standard deviation ≈ 18.
	if flipped < 300 || flipped > 500 {
		t.Errorf("%d labels flipped, want about 400", flipped)
	}
	all := dataset.Noisy(rand.NewPCG(3, 3), n, d, 1)
	for i := range clean.Y {
		if all.Y[i] != -clean.Y[i] {
			t.Fatalf("flip=1 kept label %d", i+1)
		}
	}
}

func TestGaussianMeans(t *testing.T) {
	const n, d, sep = 20000, 4, 3.0
	s := dataset.Gaussian(rand.NewPCG(5, 5), n, d, sep)
	var mean [2][d]float64
	var count [2]float64
	for i := 0; i < n; i++ {
		c := 0
		if s.Y[i] > 0 {
			c = 1
		}
		count[c]++
		floats.Add(mean[c][:], s.X.RawRowView(i))
	}
	// Class means ±(sep/2)/√d in each coordinate; the sample means have
	// standard deviation 1/√(n/2) = 0.01, so allow 5 of them.
	const meanTol = 0.05
	want := sep / 2 / math.Sqrt(d)
	for c, sign := range []float64{-1, 1} {
		for j := 0; j < d; j++ {
			if got := mean[c][j] / count[c]; math.Abs(got-sign*want) > meanTol {
				t.Errorf("class %v, coordinate %d: mean %.4g, want %.4g", sign, j+1, got, sign*want)
			}
		}
	}
}

func TestPlanarGenerators(t *testing.T) {
	const noiseTol = 1e-12
	xor := dataset.XOR(nil, 40, 0)
	for i := 0; i < 40; i++ {
		x1, x2 := xor.X.At(i, 0), xor.X.At(i, 1)
		if math.Abs(x1) != 1 || math.Abs(x2) != 1 || xor.Y[i] != x1*x2 {
			t.Errorf("XOR point %d: (%v, %v) label %v", i+1, x1, x2, xor.Y[i])
		}
	}
	if pos, neg := xor.Counts(); pos != 20 || neg != 20 {
		t.Errorf("XOR classes %d/%d", pos, neg)
	}
	rings := dataset.Rings(nil, 41, 1, 3, 0)
	for i := 0; i < 41; i++ {
		r := math.Hypot(rings.X.At(i, 0), rings.X.At(i, 1))
		want := 3.0
		if rings.Y[i] > 0 {
			want = 1
		}
		if !scalar.EqualWithinAbsOrRel(r, want, noiseTol, noiseTol) {
			t.Errorf("Rings point %d at radius %v, label %v", i+1, r, rings.Y[i])
		}
	}
	blobs := dataset.Blobs(nil, 10, 4)
	if n, d := blobs.Dims(); n != 10 || d != 2 {
		t.Errorf("Blobs dims %d×%d", n, d)
	}
}

func TestGeneratorPanics(t *testing.T) {
	for name, f := range map[string]func(){
		"Separable n":     func() { dataset.Separable(nil, 1, 2, 0.1, 2) },
		"Separable d":     func() { dataset.Separable(nil, 4, 0, 0.1, 2) },
		"Separable gamma": func() { dataset.Separable(nil, 4, 2, 2, 2) }, // γ ≥ √3
		"Separable R":     func() { dataset.Separable(nil, 4, 2, 0.1, 1) },
		"Separable NaN":   func() { dataset.Separable(nil, 4, 2, math.NaN(), 2) },
		"Noisy flip":      func() { dataset.Noisy(nil, 4, 2, 1.5) },
		"Gaussian sep":    func() { dataset.Gaussian(nil, 4, 2, -1) },
		"Blobs n":         func() { dataset.Blobs(nil, 1, 2) },
		"XOR noise":       func() { dataset.XOR(nil, 4, -1) },
		"Rings radii":     func() { dataset.Rings(nil, 4, 2, 1, 0) },
	} {
		t.Run(name, func(t *testing.T) {
			defer func() {
				if r := recover(); r == nil {
					t.Error("no panic")
				}
			}()
			f()
		})
	}
}

func TestScaleToUnit(t *testing.T) {
	const tol = 1e-15
	x := mat.NewDense(3, 3, []float64{
		1, 5, 7,
		3, 5, -1,
		2, 5, 3,
	})
	got, sc := dataset.ScaleToUnit(x)
	want := mat.NewDense(3, 3, []float64{
		-1, 0, 1,
		1, 0, -1,
		0, 0, 0,
	})
	if !mat.EqualApprox(got, want, tol) {
		t.Errorf("scaled\n%v\nwant\n%v", mat.Formatted(got), mat.Formatted(want))
	}
	if x.At(0, 0) != 1 {
		t.Error("ScaleToUnit modified its input")
	}
	if sc.Min[2] != -1 || sc.Max[2] != 7 {
		t.Errorf("Scaling %+v", sc)
	}
	test := sc.Apply(mat.NewDense(1, 3, []float64{5, 9, 11}))
	if !mat.EqualApprox(test, mat.NewDense(1, 3, []float64{3, 0, 2}), tol) {
		t.Errorf("Apply to new data: %v", mat.Formatted(test))
	}
	wdbc, _ := dataset.BreastCancer().ScaleToUnit()
	for j := 0; j < 30; j++ {
		col := mat.Col(nil, j, wdbc.X)
		if floats.Min(col) != -1 || floats.Max(col) != 1 {
			t.Errorf("WDBC column %d scaled to [%v, %v]", j+1, floats.Min(col), floats.Max(col))
		}
	}
	defer func() {
		if recover() == nil {
			t.Error("Apply to a wrong width did not panic")
		}
	}()
	sc.Apply(mat.NewDense(1, 2, nil))
}

func TestRealData(t *testing.T) {
	const valTol = 1e-12
	for _, tc := range []struct {
		name     string
		set      *dataset.Set
		n, d     int
		pos, neg int
		cells    map[[2]int]float64 // (row, column) 0-based → value
		labels   map[int]float64
		name0    string
	}{
		// Fisher (1936), as in scikit-learn's iris.csv: rows 1, 35, 38 (setosa), 51 (versicolor).
		{"iris", dataset.Iris(), 100, 4, 50, 50,
			map[[2]int]float64{{0, 0}: 5.1, {0, 3}: 0.2, {34, 3}: 0.2, {37, 1}: 3.6, {50, 0}: 7.0, {99, 2}: 4.1},
			map[int]float64{0: 1, 49: 1, 50: -1, 99: -1}, "sepal_length"},
		// UCI wdbc.data: first row (id 842302, M), last row (id 92751, B).
		{"wdbc", dataset.BreastCancer(), 569, 30, 212, 357,
			map[[2]int]float64{{0, 0}: 17.99, {0, 3}: 1001, {0, 29}: 0.1189, {568, 0}: 7.76, {568, 23}: 268.6},
			map[int]float64{0: 1, 568: -1}, "radius_mean"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := tc.set
			if err := s.Validate(); err != nil {
				t.Fatal(err)
			}
			if n, d := s.Dims(); n != tc.n || d != tc.d {
				t.Errorf("dims %d×%d, want %d×%d", n, d, tc.n, tc.d)
			}
			if pos, neg := s.Counts(); pos != tc.pos || neg != tc.neg {
				t.Errorf("classes %d/%d, want %d/%d", pos, neg, tc.pos, tc.neg)
			}
			for rc, v := range tc.cells {
				if got := s.X.At(rc[0], rc[1]); !scalar.EqualWithinAbsOrRel(got, v, valTol, valTol) {
					t.Errorf("x[%d][%d] = %v, want %v", rc[0]+1, rc[1]+1, got, v)
				}
			}
			for i, v := range tc.labels {
				if s.Y[i] != v {
					t.Errorf("y[%d] = %v, want %v", i+1, s.Y[i], v)
				}
			}
			if len(s.Names) != tc.d || s.Names[0] != tc.name0 {
				t.Errorf("names %q", s.Names)
			}
			if s.Source == "" || s.Licence == "" {
				t.Error("no source or licence")
			}
		})
	}
	a, b := dataset.Iris(), dataset.Iris()
	a.X.Set(0, 0, -1)
	if b.X.At(0, 0) != 5.1 {
		t.Error("Iris returns shared data")
	}
}

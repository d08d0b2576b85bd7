package playground

import (
	"math"
	"math/rand/v2"
	"slices"

	"github.com/marginnotes/marginnotes/pkg/dataset"
)

// Presets are the names of the data sets Preset returns, in the page's
// order.
var Presets = []string{"example21", "example71", "xor", "rings", "clouds"}

// Preset returns the state of a preset: "example21" (Li Hang, Example 2.1,
// primal), "example71" (the same points, Examples 7.1 and 7.2, svm), "xor"
// (40 points, dataset.XOR, svm with the Gaussian kernel), "rings" (60
// points, dataset.Rings, Gaussian svm) and "clouds" (60 points from two
// overlapping Gaussian clouds, dataset.Blobs, soft-margin svm with C = 1).
// The generated sets are drawn with rand.NewPCG(seed, 0); the seed is part
// of the state (key seed) so that the page shows it. ok is false for an
// unknown name.
func Preset(name string, seed uint64) (st State, ok bool) {
	if seed == 0 {
		seed = DefaultSeed
	}
	src := rand.NewPCG(seed, 0)
	var s *dataset.Set
	st = State{Step: -1}
	switch name {
	case "example21":
		s, st.Algo = dataset.Example21(), Primal
	case "example71":
		s, st.Algo = dataset.Example21(), SVM
	case "xor":
		s, st.Algo, st.Kernel, st.C = dataset.XOR(src, 40, 0.25), SVM, Gauss, 10
		st.Seed = seed
	case "rings":
		s, st.Algo, st.Kernel, st.C = dataset.Rings(src, 60, 1, 2.5, 0.2), SVM, Gauss, 10
		st.Seed = seed
	case "clouds":
		s, st.Algo, st.C = dataset.Blobs(src, 60, 2), SVM, 1
		st.Seed = seed
	default:
		return State{Step: -1}, false
	}
	st, _ = FromSet(s, st)
	for i := range st.X {
		// Three decimals keep the fragment short.
		st.X[i] = [2]float64{math.Round(st.X[i][0]*1000) / 1000, math.Round(st.X[i][1]*1000) / 1000}
	}
	return st, true
}

// PresetOf returns the name of the preset whose points, drawn with st's
// seed, are st's points (the same labels in the same order), or "" when
// they are the student's own. Examples 2.1 and 7.1 have the same points:
// the one of st's kind of algorithm is returned (example21 for primal and
// dual, example71 for svm and smo). The page's preset menu shows it.
func PresetOf(st State) string {
	first := ""
	for _, name := range Presets {
		p, _ := Preset(name, st.seed())
		if !slices.Equal(p.X, st.X) || !slices.Equal(p.Y, st.Y) {
			continue
		}
		if perceptronAlgo(p.algo()) == perceptronAlgo(st.algo()) {
			return name
		}
		if first == "" {
			first = name
		}
	}
	return first
}

func perceptronAlgo(algo string) bool { return algo == Primal || algo == Dual }

// FromSet returns st with the points of s: the book's examples, a data set
// read from a student's CSV file. s must be valid, with two features and at
// most MaxPoints points.
func FromSet(s *dataset.Set, st State) (State, error) {
	if err := s.Validate(); err != nil {
		return st, err
	}
	n, d := s.Dims()
	if d != 2 {
		return st, errorf("the data have %d features: the playground's plane shows 2", "数据有 %d 个特征：演练场的平面只能显示 2 个", d)
	}
	if n > MaxPoints {
		return st, errorf("%d points: the playground takes at most %d", "共 %d 个点：演练场最多接受 %d 个点", n, MaxPoints)
	}
	st.X, st.Y = make([][2]float64, n), make([]float64, n)
	for i := range n {
		st.X[i] = [2]float64{s.X.At(i, 0), s.X.At(i, 1)}
		st.Y[i] = s.Y[i]
	}
	return st, nil
}

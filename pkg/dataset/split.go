package dataset

import (
	"math"
	"math/rand/v2"
)

// Split divides the set at random into a training set and a test set, class
// by class (a stratified split), so that both keep the class proportions:
// of the m examples of a class, round(testFrac·m) go to the test set and the
// rest to the training set. Within each set the examples keep their
// original relative order. The same src state gives the same split; nil
// means rand.NewPCG(DefaultSeed, DefaultSeed).
//
// It panics unless 0 < testFrac < 1.
func (s *Set) Split(src rand.Source, testFrac float64) (train, test *Set) {
	if !(testFrac > 0 && testFrac < 1) {
		panic("dataset: split fraction not in (0, 1)")
	}
	rng := newRand(src)
	inTest := make([]bool, len(s.Y))
	for _, label := range []float64{1, -1} {
		var idx []int
		for i, v := range s.Y {
			if v == label {
				idx = append(idx, i)
			}
		}
		rng.Shuffle(len(idx), func(i, j int) { idx[i], idx[j] = idx[j], idx[i] })
		k := int(math.Round(testFrac * float64(len(idx))))
		for _, i := range idx[:k] {
			inTest[i] = true
		}
	}
	var tr, te []int
	for i, t := range inTest {
		if t {
			te = append(te, i)
		} else {
			tr = append(tr, i)
		}
	}
	return s.Subset(tr), s.Subset(te)
}

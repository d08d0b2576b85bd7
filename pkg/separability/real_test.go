package separability

import (
	"testing"

	"github.com/marginnotes/marginnotes/pkg/dataset"
)

// TestRealData decides the shipped data sets, checked against MaxMargin on
// the augmented points (Wolfe's nearest-point algorithm, an independent
// method, which perceptron.NovikoffBound uses):
// iris setosa/versicolor is separable with a wide margin, the Wisconsin
// breast-cancer set scaled to [−1, 1] is separable by a hair (γ ≈ 4·10⁻⁴,
// notebook 12-real-data).
func TestRealData(t *testing.T) {
	if testing.Short() {
		t.Skip("a 569×30 linear program")
	}
	bc, _ := dataset.BreastCancer().ScaleToUnit()
	for _, s := range []struct {
		name string
		set  *dataset.Set
	}{{"iris", dataset.Iris()}, {"breast cancer, scaled", bc}} {
		res, err := LP{}.Decide(s.set.X, s.set.Y)
		if err != nil {
			t.Fatalf("%s: %v", s.name, err)
		}
		_, errN := MaxMargin{}.Fit(augment(s.set.X), s.set.Y)
		if res.Separable != (errN == nil) {
			t.Errorf("%s: LP separable %v, MaxMargin error %v", s.name, res.Separable, errN)
		}
		if res.Separable {
			checkHyperplane(t, s.set.X, s.set.Y, res.W, res.B)
		}
	}
}

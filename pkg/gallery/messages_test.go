package gallery

import (
	"errors"
	"math"
	"regexp"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/figures"
	"github.com/marginnotes/marginnotes/pkg/kernel"
	"github.com/marginnotes/marginnotes/pkg/lang"
	"github.com/marginnotes/marginnotes/pkg/perceptron"
)

// prefixLike is a segment of a message that names a package or a solver.
var prefixLike = regexp.MustCompile(`^[a-z][a-z0-9]*(\.[A-Z][A-Za-z0-9]*)?$`)

// TestMessages walks the failure paths of gallery's builders that take
// their data from the caller: each error starts with "gallery: ", names
// every package once (never "gallery: …: figures: …"), and still matches
// its sentinel.
func TestMessages(t *testing.T) {
	x, y := dataset.Example21().XY()
	badLabels := &dataset.Set{X: x, Y: []float64{1, 1, 0}}
	nan := &dataset.Set{X: mat.NewDense(3, 2, []float64{3, 3, math.NaN(), 3, 1, 1}), Y: y}
	en := lang.English
	for _, c := range []struct {
		name string
		err  error
		want error
	}{
		{"PerceptronSteps no steps", second(PerceptronSteps(x, y, nil, 4, en)), figures.ErrEmpty},
		{"PerceptronSteps index 7", second(PerceptronSteps(x, y, []perceptron.Step{{Point: 7, W: []float64{1, 1}}}, 4, en)), figures.ErrIndex},
		{"PerceptronSteps two labels", second(PerceptronSteps(x, y[:2], []perceptron.Step{{Point: -1, W: []float64{0, 0}}}, 4, en)), dataset.ErrLength},
		{"Novikoff no steps", second(Novikoff(nil, nil, 1, 1, 1, en)), figures.ErrEmpty},
		{"Novikoff NaN η", second(Novikoff([]float64{0}, []float64{0}, math.NaN(), 1, 1, en)), figures.ErrNotFinite},
		{"SoftMarginSweep label 0", second(SoftMarginSweep(badLabels, []float64{1}, en)), dataset.ErrLabel},
		{"SoftMarginSweep no C", second(SoftMarginSweep(dataset.Example21(), nil, en)), nil},
		{"KernelFits NaN", second(KernelFits([]NamedSet{{Name: "nan", Set: nan}}, []kernel.Kernel{kernel.Linear{}})), dataset.ErrNotFinite},
		{"KernelSVMRegions no fits", second(KernelSVMRegions(nil, en)), nil},
		{"HullPanels label 0", second(HullPanels(en, badLabels)), dataset.ErrLabel},
		{"XORLinear NaN", second(XORLinear(nan, en)), dataset.ErrNotFinite},
		{"PocketErrors label 0", second(PocketErrors(badLabels, []float64{1}, en)), dataset.ErrLabel},
		{"KernelRegions label 0", second(KernelRegions(badLabels, RingsData(), en)), dataset.ErrLabel},
		{"Match [", second(Match("[")), ErrPattern},
		{"Match nothing", second(Match("no-such-figure")), ErrNoMatch},
	} {
		if c.err == nil {
			t.Errorf("%s: no error", c.name)
			continue
		}
		msg := c.err.Error()
		if !strings.HasPrefix(msg, "gallery: ") {
			t.Errorf("%s: %q does not start with \"gallery: \"", c.name, msg)
		}
		seen := map[string]bool{}
		for _, seg := range strings.Split(msg, ": ") {
			if !prefixLike.MatchString(seg) {
				continue
			}
			pkg, _, _ := strings.Cut(seg, ".")
			if seen[pkg] || pkg == "figures" {
				t.Errorf("%s: %q names %s twice or mid-message", c.name, msg, pkg)
			}
			seen[pkg] = true
		}
		if c.want != nil && !errors.Is(c.err, c.want) {
			t.Errorf("%s: %v, want %v", c.name, c.err, c.want)
		}
	}
}

// second returns the error of a builder's two results.
func second[T any](_ T, err error) error { return err }

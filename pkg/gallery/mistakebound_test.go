package gallery

import (
	"errors"
	"testing"

	"github.com/marginnotes/marginnotes/pkg/figures"
	"github.com/marginnotes/marginnotes/pkg/lang"
)

func TestMistakeBound(t *testing.T) {
	bound := []float64{4, 40, 400, 4000}
	mistakes := []float64{2, 7, 30, 90}
	p, err := mistakeBound(bound, mistakes, -1, lang.English)
	if err != nil {
		t.Fatal(err)
	}
	if p.X.Min != p.Y.Min || p.X.Max != p.Y.Max {
		t.Errorf("ranges [%v, %v] and [%v, %v] differ", p.X.Min, p.X.Max, p.Y.Min, p.Y.Max)
	}
	if !(p.X.Min < 2 && p.X.Max > 4000) {
		t.Errorf("range [%v, %v] misses a point", p.X.Min, p.X.Max)
	}
	checkLegendOutside(t, p, []string{"k > (R/γ)²: impossible", "k = (R/γ)²", "data sets (4)"}, figures.Width, figures.AspectHeight(p, figures.Width))
	if _, err := mistakeBound([]float64{1}, []float64{0}, -1, lang.English); !errors.Is(err, figures.ErrNotPositive) {
		t.Errorf("zero mistakes: got %v, want ErrNotPositive", err)
	}
	if _, err := mistakeBound(nil, nil, -1, lang.English); !errors.Is(err, figures.ErrEmpty) {
		t.Errorf("no data sets: got %v, want ErrEmpty", err)
	}
}

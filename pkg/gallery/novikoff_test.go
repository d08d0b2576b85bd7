package gallery

import (
	"errors"
	"math"
	"testing"

	"gonum.org/v1/gonum/floats/scalar"

	"github.com/marginnotes/marginnotes/pkg/figures"
	"github.com/marginnotes/marginnotes/pkg/figures/figtest"
	"github.com/marginnotes/marginnotes/pkg/lang"
)

// TestNovikoff: ŵ_k·ŵ_opt and ‖ŵ_k‖² along Table 2.1 with
// ŵ_opt = (1, 1, −3)/√11, γ = 1/√11, R = ‖(4, 3, 1)‖ = √26 (augmented
// vectors, book §2.3.2), against their bounds kηγ and kη²R².
func TestNovikoff(t *testing.T) {
	table21 := [][3]float64{{0, 0, 0}, {3, 3, 1}, {2, 2, 0}, {1, 1, -1}, {0, 0, -2}, {3, 3, -1}, {2, 2, -2}, {1, 1, -3}}
	s11 := math.Sqrt(11)
	dot := make([]float64, len(table21))
	norm2 := make([]float64, len(table21))
	for i, st := range table21 {
		dot[i] = (st[0] + st[1] - 3*st[2]) / s11
		norm2[i] = st[0]*st[0] + st[1]*st[1] + st[2]*st[2]
	}
	g, err := Novikoff(dot, norm2, 1, 1/s11, math.Sqrt(26), lang.English)
	if err != nil {
		t.Fatal(err)
	}
	if r, c := g.Dims(); r != 1 || c != 2 {
		t.Fatalf("grid %d×%d, want 1×2", r, c)
	}
	left, right := g.Panels[0][0], g.Panels[0][1]
	if left.Title.Text != "ŵₖ·ŵₒₚₜ ≥ kηγ" || right.Title.Text != "‖ŵₖ‖² ≤ kη²R²" {
		t.Errorf("titles %q, %q", left.Title.Text, right.Title.Text)
	}
	// The upper bound reaches 7·26 = 182 at k = 7.
	if right.Y.Max < 182 {
		t.Errorf("right panel tops at %v, below kη²R² = 182", right.Y.Max)
	}
	if !scalar.EqualWithinAbs(left.X.Max, 7+0.04*7, 1e-9) {
		t.Errorf("k axis ends at %v, want 7.28", left.X.Max)
	}
	found := false
	for _, tx := range figtest.Texts(g, figures.Wide, figures.Height) {
		found = found || tx.String == "Novikoff's proof along a run: η = 1, γ = 0.3015, R = 5.099"
	}
	if !found {
		t.Error("grid title not drawn")
	}
	if _, err := Novikoff(nil, nil, 1, 1, 1, lang.English); !errors.Is(err, figures.ErrEmpty) {
		t.Errorf("no steps: got %v, want figures.ErrEmpty", err)
	}
	if _, err := Novikoff(dot, norm2, 1, math.NaN(), 1, lang.English); !errors.Is(err, figures.ErrNotFinite) {
		t.Errorf("γ = NaN: got %v, want figures.ErrNotFinite", err)
	}
}

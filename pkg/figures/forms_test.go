package figures

import (
	"errors"
	"testing"
	"time"

	"github.com/marginnotes/marginnotes/pkg/lang"
)

func TestFormTimes(t *testing.T) {
	ts := []FormTime{
		{N: 25, D: 1000, Primal: time.Millisecond, Dual: 2 * time.Millisecond, DualLoop: time.Millisecond / 2},
		{N: 100, D: 1000, Primal: 4 * time.Millisecond, Dual: 3 * time.Millisecond, DualLoop: time.Millisecond},
		{N: 100, D: 10, Primal: time.Millisecond / 10, Dual: time.Millisecond / 5, DualLoop: time.Millisecond / 5},
	}
	g, err := FormTimes(ts, 1000, 100, lang.English)
	if err != nil {
		t.Fatal(err)
	}
	if r, c := g.Dims(); r != 1 || c != 2 {
		t.Fatalf("grid %d×%d, want 1×2", r, c)
	}
	left, right := g.Panels[0][0], g.Panels[0][1]
	if left.Title.Text != "d = 1000" || left.X.Label.Text != "N (points)" || right.X.Label.Text != "d (dimension)" {
		t.Errorf("titles %q, %q, %q", left.Title.Text, left.X.Label.Text, right.X.Label.Text)
	}
	// Log axes around the data: N from 25 to 100, times from 0.5 to 4 ms.
	if !(left.X.Min < 25 && left.X.Max > 100 && left.Y.Min < 0.5 && left.Y.Max > 4) {
		t.Errorf("left ranges x [%v, %v], y [%v, %v]", left.X.Min, left.X.Max, left.Y.Min, left.Y.Max)
	}
	if !(right.X.Min < 10 && right.X.Max > 1000) {
		t.Errorf("right x range [%v, %v]", right.X.Min, right.X.Max)
	}
	if _, err := FormTimes(ts, 7, 100, lang.English); !errors.Is(err, ErrEmpty) {
		t.Errorf("no problem with d = 7: err = %v, want ErrEmpty", err)
	}
	if _, err := FormTimes([]FormTime{{N: 1, D: 1}}, 1, 1, lang.English); !errors.Is(err, ErrNotPositive) {
		t.Errorf("zero times: err = %v, want ErrNotPositive", err)
	}
}

package gallery

import (
	"slices"
	"testing"

	"github.com/marginnotes/marginnotes/pkg/figures"
	"github.com/marginnotes/marginnotes/pkg/figures/figtest"
	"github.com/marginnotes/marginnotes/pkg/lang"
)

// drawn returns the strings a figure draws at its house size.
func drawn(f figures.Figure) []string {
	w, h := figures.Size(f)
	var out []string
	for _, tx := range figtest.Texts(f, w, h) {
		out = append(out, tx.String)
	}
	return out
}

// Table 2.1's panels show each point with the weights it was examined
// under, then the update (book Table 2.1: x1 at w = 0, b = 0 gives
// w = (3, 3), b = 1; the run ends at w = (1, 1), b = −3).
func TestTable21Panels(t *testing.T) {
	for _, c := range []struct {
		l    lang.Lang
		want []string
	}{
		{lang.English, []string{"k = 1: x1 misclassified by", "w = (0, 0), b = 0", "→ w = (3, 3), b = 1",
			"k = 4: x3 misclassified by", "w = (1, 1), b = −1", "→ w = (0, 0), b = −2",
			"end: no point misclassified", "by w = (1, 1), b = −3",
			"examined under w, b (shaded)", "after the update"}},
		{lang.Chinese, []string{"k = 1：x1 被误分类", "在 w = (0, 0), b = 0 下", "→ w = (3, 3), b = 1",
			"结束：在 w = (1, 1), b = −3 下", "没有误分类点"}},
	} {
		g, err := Table21Steps(c.l)
		if err != nil {
			t.Fatal(err)
		}
		got := drawn(g)
		for _, s := range c.want {
			if !slices.Contains(got, s) {
				t.Errorf("%v: %q not drawn", c.l, s)
			}
		}
	}
}

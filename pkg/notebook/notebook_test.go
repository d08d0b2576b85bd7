package notebook

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/janpfeifer/gonb/gonbui/protocol"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"github.com/marginnotes/marginnotes/pkg/figures"
)

func TestTableMarkdown(t *testing.T) {
	for _, tc := range []struct {
		name   string
		header []string
		rows   [][]string
		want   string
	}{
		{
			name:   "plain",
			header: []string{"a", "b"},
			rows:   [][]string{{"1", "2"}},
			want:   "| a | b |\n|---|---|\n| 1 | 2 |",
		},
		{
			name:   "no rows",
			header: []string{"a"},
			want:   "| a |\n|---|",
		},
		{
			name:   "short row padded",
			header: []string{"a", "b", "c"},
			rows:   [][]string{{"1"}},
			want:   "| a | b | c |\n|---|---|---|\n| 1 |  |  |",
		},
		{
			name:   "bar and line breaks escaped",
			header: []string{"|x|"},
			rows:   [][]string{{"p\nq"}, {"r\r\ns"}, {"t\ru"}},
			want:   "| &#124;x&#124; |\n|---|\n| p q |\n| r s |\n| t u |",
		},
		{
			// Cells as pkg/report writes them: the Unicode of the book's
			// notation passes as it is; _, [, ] and < become references to
			// the same characters.
			name:   "book notation",
			header: []string{"k", "ŵ_k·ŵ_opt", "Σ[−yᵢ(w·xᵢ+b)]₊"},
			rows:   [][]string{{"1", "x⁽¹⁾ + x⁽²⁾ − 3 = 0", "0 < αᵢ < C"}},
			want: "| k | ŵ&#95;k·ŵ&#95;opt | Σ&#91;−yᵢ(w·xᵢ+b)&#93;₊ |\n|---|---|---|\n" +
				"| 1 | x⁽¹⁾ + x⁽²⁾ − 3 = 0 | 0 &#60; αᵢ &#60; C |",
		},
		{
			// A $ after k backslashes reaches the page as 2k+1 backslashes
			// and $, which MathJax shows as k backslashes and $.
			name:   "dollars",
			header: []string{"$x$", `\$`, `a\`},
			want:   "| &#92;&#36;x&#92;&#36; | &#92;&#92;&#92;&#36; | a&#92; |\n|---|---|---|",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := TableMarkdown(tc.header, tc.rows); got != tc.want {
				t.Errorf("TableMarkdown:\n got %q\nwant %q", got, tc.want)
			}
		})
	}
}

func TestTableMarkdownPanicsOnLongRow(t *testing.T) {
	defer func() {
		if r := recover(); r != "notebook: table row longer than header" {
			t.Errorf("recover() = %v, want the long-row panic", r)
		}
	}()
	TableMarkdown([]string{"a"}, [][]string{{"1", "2"}})
}

func linePlot(t testing.TB) *plot.Plot {
	p := plot.New()
	p.Title.Text = "y = x²"
	pts := make(plotter.XYs, 21)
	for i := range pts {
		x := float64(i-10) / 5
		pts[i] = plotter.XY{X: x, Y: x * x}
	}
	l, err := plotter.NewLine(pts)
	if err != nil {
		t.Fatal(err)
	}
	p.Add(l)
	return p
}

func TestBundle(t *testing.T) {
	d, err := bundle(linePlot(t), figures.Width, figures.Height)
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Data) != 2 {
		t.Errorf("bundle has %d MIME types, want 2 (SVG and PNG)", len(d.Data))
	}
	svg, _ := d.Data[protocol.MIMEImageSVG].(string)
	if !strings.Contains(svg, "<svg") || !strings.Contains(svg, "y = x²") {
		t.Errorf("image/svg+xml is not an SVG of the plot: %.80q", svg)
	}
	png, _ := d.Data[protocol.MIMEImagePNG].([]byte)
	if !bytes.HasPrefix(png, []byte("\x89PNG\r\n\x1a\n")) {
		t.Errorf("image/png does not start with the PNG signature: %.16q", png)
	}
	// figures.Width×Height is 5in×3.75in: 480×360 CSS pixels.
	size, _ := d.Metadata[string(protocol.MIMEImagePNG)].(map[string]int)
	if size["width"] != 480 || size["height"] != 360 {
		t.Errorf("PNG display size = %v, want width 480, height 360", size)
	}
}

func TestBundleBadSize(t *testing.T) {
	for _, wh := range [][2]vg.Length{{0, figures.Height}, {figures.Width, -1}} {
		if _, err := bundle(linePlot(t), wh[0], wh[1]); !errors.Is(err, figures.ErrSize) {
			t.Errorf("bundle at %v×%v: err = %v, want figures.ErrSize", wh[0], wh[1], err)
		}
	}
}

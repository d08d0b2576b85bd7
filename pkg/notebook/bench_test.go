package notebook

import (
	"testing"

	"gonum.org/v1/plot/vg"

	"github.com/marginnotes/marginnotes/pkg/figures"
)

// BenchmarkBundle measures what Show adds to a plot cell besides building
// the plot: rendering it as SVG and as PNG.
func BenchmarkBundle(b *testing.B) {
	for _, s := range []struct {
		name string
		w, h vg.Length
	}{
		{"size=single", figures.Width, figures.Height},
		{"size=wide", figures.Wide, figures.Height},
	} {
		b.Run(s.name, func(b *testing.B) {
			p := linePlot(b)
			b.ReportAllocs()
			for b.Loop() {
				if _, err := bundle(p, s.w, s.h); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

package gallery

import (
	"testing"

	"github.com/marginnotes/marginnotes/pkg/figures"
	"github.com/marginnotes/marginnotes/pkg/lang"
)

// BenchmarkBuild builds each figure of the catalogue, the work a notebook's
// plot cell does before rendering.
func BenchmarkBuild(b *testing.B) {
	for _, e := range All() {
		b.Run(e.Name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := e.Build(lang.English); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkRender renders a single plot and a grid of small multiples as
// PNG at their notebook sizes.
func BenchmarkRender(b *testing.B) {
	for _, name := range []string{"09-soft-margin-figure76-losses", "02-primal-table21-steps"} {
		es, err := Match(name)
		if err != nil {
			b.Fatal(err)
		}
		f, err := es[0].Build(lang.English)
		if err != nil {
			b.Fatal(err)
		}
		w, h := figures.Size(f)
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := figures.Render(f, w, h, "png"); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

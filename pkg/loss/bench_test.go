package loss_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/marginnotes/marginnotes/pkg/classify"
	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/loss"
)

func BenchmarkEmpiricalRisk(b *testing.B) {
	for _, n := range []int{1000, 100000} {
		const d = 100
		s := dataset.Gaussian(rand.NewPCG(1, 1), n, d, 2)
		w := make([]float64, d)
		for j := range w {
			w[j] = 0.1
		}
		c := classify.Linear{W: w, B: 0.5}
		b.Run(fmt.Sprintf("n=%d,d=%d", n, d), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				loss.EmpiricalRisk(loss.Hinge, c, s.X, s.Y)
			}
		})
	}
}

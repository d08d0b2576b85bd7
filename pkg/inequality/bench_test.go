package inequality_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/marginnotes/marginnotes/pkg/inequality"
)

func BenchmarkCauchySchwarz(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 1))
	for _, d := range []int{3, 100, 10000} {
		x, y := randVec(rng, d), randVec(rng, d)
		b.Run(fmt.Sprintf("d=%d", d), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				inequality.CauchySchwarz(x, y)
			}
		})
	}
}

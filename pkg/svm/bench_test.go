package svm

import (
	"fmt"
	"math/rand/v2"
	"syscall"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/kernel"
)

// benchSet returns seeded overlapping Gaussian classes (dataset.Gaussian,
// centres 2.5 apart: about 10% of the points on the wrong side of the best
// line), the kind of set where many α end at C.
func benchSet(n, d int) *dataset.Set {
	s, _ := dataset.Gaussian(rand.NewPCG(1, uint64(n*1000+d)), n, d, 2.5).ScaleToUnit()
	return s
}

func BenchmarkSMO(b *testing.B) {
	for _, n := range []int{500, 2000, 5000} {
		for _, d := range []int{20, 100} {
			s := benchSet(n, d)
			for _, k := range []kernel.Kernel{kernel.Linear{}, kernel.RBF{Gamma: 1 / float64(d)}} {
				name := "linear"
				if _, ok := k.(kernel.RBF); ok {
					name = "rbf"
				}
				b.Run(fmt.Sprintf("n=%d/d=%d/%s", n, d, name), func(b *testing.B) {
					b.ReportAllocs()
					for b.Loop() {
						if _, err := (SMO{C: 1, Kernel: k}).Fit(s.X, s.Y); err != nil {
							b.Fatal(err)
						}
					}
				})
			}
		}
	}
}

// BenchmarkSMOVariants measures the design choices at n = 5000: the
// default (float32 cache, shrinking, long columns in two goroutines) against
// no shrinking, a float64 cache, and one goroutine.
func BenchmarkSMOVariants(b *testing.B) {
	variants := []struct {
		name string
		smo  SMO
	}{
		{"default", SMO{C: 1}},
		{"no-shrinking", SMO{C: 1, NoShrinking: true}},
		{"float64-cache", SMO{C: 1, cache64: true}},
		{"serial", SMO{C: 1, serial: true}},
	}
	for _, d := range []int{20, 100} {
		s := benchSet(5000, d)
		for _, k := range []kernel.Kernel{kernel.Linear{}, kernel.RBF{Gamma: 1 / float64(d)}} {
			for _, v := range variants {
				b.Run(fmt.Sprintf("d=%d/%v/%s", d, k, v.name), func(b *testing.B) {
					smo := v.smo
					smo.Kernel = k
					cfg, _, err := smo.config(s.X, s.Y)
					if err != nil {
						b.Fatal(err)
					}
					var st stats
					b.ReportAllocs()
					cpu := cpuTime()
					for b.Loop() {
						if _, st, err = solve(s.X, s.Y, k, cfg); err != nil {
							b.Fatal(err)
						}
					}
					b.ReportMetric(float64(cpuTime()-cpu)/float64(b.N), "cpu-ns/op")
					b.ReportMetric(float64(st.evals), "evals/op")
				})
			}
		}
	}
}

// BenchmarkKernelColumn measures one kernel column K(x₀, xₖ), k < n, the
// work of a cache miss.
func BenchmarkKernelColumn(b *testing.B) {
	for _, n := range []int{2000, 5000} {
		for _, d := range []int{20, 100} {
			s := benchSet(n, d)
			for _, k := range []kernel.Kernel{kernel.Linear{}, kernel.RBF{Gamma: 1 / float64(d)}} {
				b.Run(fmt.Sprintf("n=%d/d=%d/%v", n, d, k), func(b *testing.B) {
					cols := newColumns(k, s.X, 0)
					col := make([]float32, n)
					b.ReportAllocs()
					for b.Loop() {
						fillColumn(cols, col, 0, 0, n)
					}
				})
			}
		}
	}
}

// cpuTime returns the user and system CPU time of the process in
// nanoseconds: on a shared machine it measures the solver better than the
// wall clock.
func cpuTime() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}

// BenchmarkDCD fits svm.DCD at LIBLINEAR's defaults on a dense set (the
// benchmark clouds) and on a sparse one of 30 entries a row among 20000
// features, most of them among the first.
func BenchmarkDCD(b *testing.B) {
	dense := benchSet(20000, 20)
	csr, y := sparseSet(rand.NewPCG(8, 8), 20000, 20000, 30)
	for _, c := range []struct {
		name string
		x    mat.Matrix
		y    []float64
	}{{"dense/n=20000/d=20", dense.X, dense.Y}, {"sparse/n=20000/d=20000", csr, y}} {
		for _, loss := range []Loss{Hinge, SquaredHinge} {
			b.Run(fmt.Sprintf("%s/%v", c.name, loss), func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					if _, err := (DCD{C: 1, Loss: loss}).Fit(c.x, c.y); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// Command gram times kernel.Gram for bench/svm/gram.py: on seeded standard
// normal data of -n rows and -d columns it computes the Gram matrix of the
// linear and of the Gaussian kernel (γ = 1/d) -repeat times each, on one
// thread (GOMAXPROCS 1, as numpy with one BLAS thread), and prints one JSON
// object with the median CPU seconds of one matrix for each kernel.
//
//	go run ./bench/svm/gram -n 2000 -d 100 -repeat 5
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"runtime"
	"slices"

	"gonum.org/v1/gonum/mat"

	"github.com/marginnotes/marginnotes/bench/internal/rusage"
	"github.com/marginnotes/marginnotes/pkg/kernel"
)

func main() {
	n := flag.Int("n", 2000, "rows")
	d := flag.Int("d", 100, "columns")
	repeat := flag.Int("repeat", 5, "matrices per kernel")
	seed := flag.Uint64("seed", 1, "seed of the data")
	flag.Parse()
	if *n < 1 || *d < 1 || *repeat < 1 {
		fmt.Fprintln(os.Stderr, "gram: -n, -d and -repeat must be positive")
		os.Exit(2)
	}
	runtime.GOMAXPROCS(1)
	rng := rand.New(rand.NewPCG(*seed, 0))
	x := mat.NewDense(*n, *d, nil)
	for i := range *n {
		for j := range *d {
			x.Set(i, j, rng.NormFloat64())
		}
	}
	out := map[string]float64{}
	for _, k := range []struct {
		name string
		k    kernel.Kernel
	}{{"linear", kernel.Linear{}}, {"rbf", kernel.RBF{Gamma: 1 / float64(*d)}}} {
		kernel.Gram(k.k, x) // untimed: first-call costs
		var cpu []float64
		for range *repeat {
			c := rusage.CPUSeconds()
			kernel.Gram(k.k, x)
			cpu = append(cpu, rusage.CPUSeconds()-c)
		}
		slices.Sort(cpu)
		out[k.name] = cpu[len(cpu)/2]
	}
	if err := json.NewEncoder(os.Stdout).Encode(out); err != nil {
		fmt.Fprintln(os.Stderr, "gram:", err)
		os.Exit(1)
	}
}

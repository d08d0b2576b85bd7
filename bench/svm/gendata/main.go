// Command gendata writes the data sets of bench/compare.sh in LIBSVM format
// (unscaled; the script scales them with svm-scale -l -1 -u 1), and with
// -scale scaled to [−1, 1] by dataset.ScaleToUnit, written exactly (the
// reference data of pkg/svm/testdata/wdbc-rbf.sh):
//
//	go run ./bench/svm/gendata -set breast-cancer -out FILE
//	go run ./bench/svm/gendata -set breast-cancer -scale -out FILE
//	go run ./bench/svm/gendata -set gaussian -n 5000 -d 20 -seed 1 -out FILE
//
// breast-cancer is the Wisconsin diagnostic set of dataset.BreastCancer
// (569 × 30). gaussian draws two unit-variance Gaussian clouds whose centres
// are sep apart (dataset.Gaussian; with the default sep = 2.5 the best linear
// rule errs on about 10% of the points, so the set is neither separable nor
// noise) and then bends the boundary: a point is labelled by the sign of
// ⟨x, u⟩ + 0.5·(x₁² − 1) for the direction u of the centres, so an RBF
// kernel has something to gain over a line.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"os"

	"github.com/marginnotes/marginnotes/pkg/dataset"
)

func main() {
	name := flag.String("set", "gaussian", "breast-cancer or gaussian")
	n := flag.Int("n", 5000, "examples (gaussian)")
	d := flag.Int("d", 20, "features (gaussian)")
	sep := flag.Float64("sep", 2.5, "distance of the class centres (gaussian)")
	seed := flag.Uint64("seed", 1, "seed (gaussian)")
	out := flag.String("out", "", "output file")
	scale := flag.Bool("scale", false, "scale every feature to [−1, 1] (dataset.ScaleToUnit)")
	flag.Parse()
	var s *dataset.Set
	switch *name {
	case "breast-cancer":
		s = dataset.BreastCancer()
	case "gaussian":
		s = gaussian(*n, *d, *sep, *seed)
	default:
		fail(fmt.Errorf("unknown set %q", *name))
	}
	if *scale {
		s, _ = s.ScaleToUnit()
	}
	f, err := os.Create(*out)
	if err != nil {
		fail(err)
	}
	w := bufio.NewWriter(f)
	if err := dataset.WriteLIBSVM(w, s); err != nil {
		fail(err)
	}
	if err := w.Flush(); err != nil {
		fail(err)
	}
	if err := f.Close(); err != nil {
		fail(err)
	}
}

// gaussian returns dataset.Gaussian's clouds relabelled by a curved rule.
func gaussian(n, d int, sep float64, seed uint64) *dataset.Set {
	s := dataset.Gaussian(rand.NewPCG(seed, seed), n, d, sep)
	u := 1 / math.Sqrt(float64(d)) // the centres lie along (1, …, 1)/√d
	for i := range n {
		row := s.X.RawRowView(i)
		var z float64
		for _, v := range row {
			z += v * u
		}
		z += 0.5 * (row[0]*row[0] - 1)
		s.Y[i] = 1
		if z < 0 {
			s.Y[i] = -1
		}
	}
	return s
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "gendata:", err)
	os.Exit(1)
}

// Command gendata writes the data sets of bench/compare.sh in LIBSVM format
// (unscaled; the script scales them with svm-scale -l -1 -u 1), and with
// -scale scaled to [−1, 1] by dataset.ScaleToUnit, written exactly (the
// reference data of pkg/svm/testdata/wdbc-rbf.sh):
//
//	go run ./bench/svm/gendata -set breast-cancer -out FILE
//	go run ./bench/svm/gendata -set breast-cancer -scale -out FILE
//	go run ./bench/svm/gendata -set gaussian -n 5000 -d 20 -seed 1 -out FILE
//	go run ./bench/svm/gendata -set text -n 100000 -d 100000 -nnz 50 -seed 3 -out FILE
//
// breast-cancer is the Wisconsin diagnostic set of dataset.BreastCancer
// (569 × 30). gaussian draws two unit-variance Gaussian clouds whose centres
// are sep apart (dataset.Gaussian; with the default sep = 2.5 the best linear
// rule errs on about 10% of the points, so the set is neither separable nor
// noise) and then bends the boundary: a point is labelled by the sign of
// ⟨x, u⟩ + 0.5·(x₁² − 1) for the direction u of the centres, so an RBF
// kernel has something to gain over a line.
//
// text is a sparse set shaped like documents over a vocabulary (for
// svm.DCD and LIBLINEAR): each of the n rows draws word occurrences from a
// Zipf law over the d features (a few words in most rows, most words in
// few) until it has -nnz distinct words, its values are the counts scaled to unit length, and its label is
// the sign of a fixed random linear score plus noise (about 10% of the
// labels disagree with the score alone). It is written with 6 significant
// digits, as svm-scale writes.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"

	"github.com/marginnotes/marginnotes/pkg/dataset"
)

func main() {
	name := flag.String("set", "gaussian", "breast-cancer, gaussian or text")
	nnz := flag.Int("nnz", 50, "distinct words per row (text)")
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
	case "text":
		if err := writeText(*out, *n, *d, *nnz, *seed); err != nil {
			fail(err)
		}
		return
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

// writeText writes the text set (see the package documentation) to path.
func writeText(path string, n, d, nnz int, seed uint64) error {
	rng := rand.New(rand.NewPCG(seed, seed))
	zipf := rand.NewZipf(rng, 1.1, 1, uint64(d-1))
	score := make([]float64, d)
	for j := range score {
		score[j] = rng.NormFloat64()
	}
	type entry struct {
		j int
		v float64
	}
	rows := make([][]entry, n)
	z := make([]float64, n)
	counts := map[int]float64{}
	for i := range rows {
		clear(counts)
		for draws := 0; len(counts) < nnz && draws < 100*nnz; draws++ {
			counts[int(zipf.Uint64())]++
		}
		var norm float64
		for j, c := range counts {
			rows[i] = append(rows[i], entry{j, c})
			norm += c * c
		}
		slices.SortFunc(rows[i], func(a, b entry) int { return a.j - b.j })
		norm = math.Sqrt(norm)
		for k := range rows[i] {
			rows[i][k].v /= norm
			z[i] += score[rows[i][k].j] * rows[i][k].v
		}
	}
	// Half the labels each way: the threshold is the median score; then
	// noise.
	sorted := slices.Clone(z)
	slices.Sort(sorted)
	median := sorted[n/2]
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := bufio.NewWriterSize(f, 1<<20)
	var buf []byte
	for i, row := range rows {
		label := "+1"
		if z[i]-median+0.1*rng.NormFloat64() < 0 {
			label = "-1"
		}
		buf = append(buf[:0], label...)
		for _, e := range row {
			buf = append(buf, ' ')
			buf = strconv.AppendInt(buf, int64(e.j+1), 10)
			buf = append(buf, ':')
			buf = strconv.AppendFloat(buf, e.v, 'g', 6, 64)
		}
		buf = append(buf, '\n')
		w.Write(buf)
	}
	if err := w.Flush(); err != nil {
		return err
	}
	return f.Close()
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "gendata:", err)
	os.Exit(1)
}

package dataset_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"

	"gonum.org/v1/gonum/floats"

	"github.com/marginnotes/marginnotes/pkg/dataset"
)

func ExampleExample21() {
	book := dataset.Example21()
	x, y := book.XY() // what every Fit takes
	fmt.Println(book.Source)
	fmt.Println("features:", book.Names)
	for i := range y {
		fmt.Printf("x%d = (%.4g, %.4g), y = %+.4g\n", i+1, x.At(i, 0), x.At(i, 1), y[i])
	}
	// Output:
	// Li Hang, Statistical Learning Methods, Example 2.1
	// features: [x(1) x(2)]
	// x1 = (3, 3), y = +1
	// x2 = (4, 3), y = +1
	// x3 = (1, 1), y = -1
}

func ExampleRead() {
	const file = `# Example 2.1 of Li Hang, in LIBSVM form
+1 1:3 2:3
+1 1:4 2:3
-1 1:1 2:1
`
	s, err := dataset.Read(strings.NewReader(file))
	if err != nil {
		fmt.Println(err)
		return
	}
	n, d := s.Dims()
	fmt.Printf("%d examples, %d features, x3 = %.4g\n", n, d, s.X.RawRowView(2))
	// Output:
	// 3 examples, 2 features, x3 = [1 1]
}

func ExampleReadCSV_errors() {
	const file = `x1,x2,label
3,3,1
4,3,1
1,1,0
`
	_, err := dataset.ReadCSV(strings.NewReader(file))
	fmt.Println(err)
	fmt.Println(errors.Is(err, dataset.ErrLabel))
	// Output:
	// dataset: label not in {-1,+1} at line 4, field 3: "0" (labels look like {0,1}: map 0 to -1)
	// true
}

func ExampleWriteLIBSVM() {
	dataset.WriteLIBSVM(os.Stdout, dataset.Example21())
	// Output:
	// +1 1:3 2:3
	// +1 1:4 2:3
	// -1 1:1 2:1
}

func ExampleSeparable() {
	const gamma, radius = 0.2, 3.0
	s, w := dataset.Separable(nil, 200, 2, gamma, radius)
	n, d := s.Dims()
	minMargin, maxNorm := 1e300, 0.0
	for i := 0; i < n; i++ {
		xhat := append(append([]float64(nil), s.X.RawRowView(i)...), 1)
		minMargin = min(minMargin, s.Y[i]*floats.Dot(w, xhat))
		maxNorm = max(maxNorm, floats.Norm(xhat, 2))
	}
	pos, neg := s.Counts()
	fmt.Printf("n=%d d=%d, %d positive, %d negative\n", n, d, pos, neg)
	fmt.Printf("‖ŵ_opt‖ = %.4g, γ = %.4g, R ≤ %.4g\n", floats.Norm(w, 2), minMargin, radius)
	fmt.Printf("largest ‖x̂‖ below R: %v; Novikoff bound (R/γ)² = %.4g\n", maxNorm <= radius, (radius/gamma)*(radius/gamma))
	// Output:
	// n=200 d=2, 100 positive, 100 negative
	// ‖ŵ_opt‖ = 1, γ = 0.2, R ≤ 3
	// largest ‖x̂‖ below R: true; Novikoff bound (R/γ)² = 225
}

func ExampleXOR() {
	s := dataset.XOR(rand.NewPCG(1, 2), 8, 0)
	pos, neg := s.Counts()
	fmt.Println(pos, neg)
	// Output:
	// 4 4
}

func ExampleIris() {
	s := dataset.Iris()
	n, d := s.Dims()
	pos, neg := s.Counts()
	fmt.Printf("%d×%d, %d setosa, %d versicolor\n", n, d, pos, neg)
	fmt.Printf("%s = %.4g cm\n", s.Names[2], s.X.At(0, 2))
	fmt.Println(s.Licence)
	// Output:
	// 100×4, 50 setosa, 50 versicolor
	// petal_length = 1.4 cm
	// CC BY 4.0 (https://creativecommons.org/licenses/by/4.0/)
}

func ExampleBreastCancer() {
	s := dataset.BreastCancer()
	n, d := s.Dims()
	pos, neg := s.Counts()
	fmt.Printf("%d×%d, %d malignant, %d benign\n", n, d, pos, neg)
	scaled, sc := s.ScaleToUnit()
	fmt.Printf("%s: [%.4g, %.4g] → [%.4g, %.4g]\n", s.Names[3], sc.Min[3], sc.Max[3],
		floats.Min(scaledCol(scaled, 3)), floats.Max(scaledCol(scaled, 3)))
	// Output:
	// 569×30, 212 malignant, 357 benign
	// area_mean: [143.5, 2501] → [-1, 1]
}

func scaledCol(s *dataset.Set, j int) []float64 {
	n, _ := s.Dims()
	col := make([]float64, n)
	for i := range col {
		col[i] = s.X.At(i, j)
	}
	return col
}

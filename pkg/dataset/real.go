package dataset

import (
	_ "embed"
	"strings"
)

// Licence of the shipped real data sets.
const licenceCCBY4 = "CC BY 4.0 (https://creativecommons.org/licenses/by/4.0/)"

//go:embed data/iris-setosa-versicolor.csv
var irisCSV string

//go:embed data/wdbc.csv
var wdbcCSV string

// Iris returns the first two classes of Fisher's iris data: 100 flowers, 50
// Iris setosa (+1) followed by 50 Iris versicolor (−1), with four features
// in centimetres — sepal length, sepal width, petal length, petal width
// (Names). The two classes are linearly separable.
//
// Source: R. A. Fisher, "The use of multiple measurements in taxonomic
// problems", Annals of Eugenics 7 (1936) 179–188; UCI Machine Learning
// Repository (Dua & Graff), https://archive.ics.uci.edu/dataset/53/iris,
// licensed CC BY 4.0. The values are those of Fisher's paper, as shipped by
// scikit-learn 1.2.1 (Debian package python3-sklearn), which differ from the
// UCI file in two setosa rows (35 and 38). Changes: virginica dropped,
// labels recoded to ±1. See data/README.md.
func Iris() *Set {
	s := mustReadCSV(irisCSV)
	s.Source = "Fisher (1936), iris setosa vs versicolor; UCI Machine Learning Repository (Dua & Graff), via scikit-learn 1.2.1"
	s.Licence = licenceCCBY4
	return s
}

// BreastCancer returns the Wisconsin diagnostic breast cancer data (WDBC):
// 569 fine-needle aspirates of breast masses, 212 malignant (+1) and 357
// benign (−1), in the order of the UCI file, with 30 features: the mean,
// standard error and worst value over the cell nuclei of ten measurements
// (radius, texture, perimeter, area, smoothness, compactness, concavity,
// concave points, symmetry, fractal dimension), named like "radius_mean",
// "radius_se", "radius_worst". The features have very different scales;
// scale them (Set.ScaleToUnit) before fitting an SVM.
//
// Source: W. N. Street, W. H. Wolberg and O. L. Mangasarian, "Nuclear
// feature extraction for breast tumor diagnosis", IS&T/SPIE Symposium on
// Electronic Imaging, vol. 1905 (1993) 861–870; UCI Machine Learning
// Repository (Dua & Graff),
// https://archive.ics.uci.edu/dataset/17/breast+cancer+wisconsin+diagnostic,
// licensed CC BY 4.0; copied from scikit-learn 1.2.1 (Debian package
// python3-sklearn). Changes: patient ids dropped, labels recoded to ±1. See
// data/README.md.
func BreastCancer() *Set {
	s := mustReadCSV(wdbcCSV)
	s.Source = "Street, Wolberg & Mangasarian (1993), Wisconsin diagnostic breast cancer; UCI Machine Learning Repository (Dua & Graff), via scikit-learn 1.2.1"
	s.Licence = licenceCCBY4
	return s
}

func mustReadCSV(text string) *Set {
	s, err := ReadCSV(strings.NewReader(text))
	if err != nil {
		panic("dataset: embedded data: " + err.Error())
	}
	return s
}

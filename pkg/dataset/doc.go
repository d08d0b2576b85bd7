// Package dataset holds the labelled data sets of the lecture notes: an n×d
// matrix with one example per row and labels in {−1, +1}.
//
// It validates data (Validate), reads CSV and LIBSVM sparse files (ReadCSV,
// ReadLIBSVM, Read), provides the book's fixtures (Example21, the three
// points of Li Hang, Statistical Learning Methods, Examples 2.1, 2.2, 7.1 and
// 7.2), seeded generators (separable data with a chosen margin γ and radius
// R, noisy non-separable data, XOR and rings for kernels) and small real data
// sets shipped with the module.
//
// A data set is a pair (x mat.Matrix, y []float64), as every algorithm of this
// module takes it; Set bundles the pair with optional feature names.
package dataset

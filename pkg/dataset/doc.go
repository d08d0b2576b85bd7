// Package dataset holds the labelled data sets of the lecture notes: an n×d
// matrix with one example per row and labels in {−1, +1}.
//
// Every data set comes as a *Set — X, Y, feature Names and, for shipped
// data, Source and Licence — and XY gives the pair (x, y) that every Fit
// takes:
//
//	x, y := dataset.Example21().XY()                // Li Hang, Example 2.1
//	iris := dataset.Iris()                           // 100×4, Names sepal_length, …
//	xor := dataset.XOR(rand.NewPCG(1, 2), 40, 0.2)   // generated, seeded
//	s, err := dataset.Read(f)                        // CSV or LIBSVM
//	train, test := s.Split(rand.NewPCG(3, 4), 0.3)   // 30% held out
//	scaled, scaling := dataset.ScaleToUnit(train.X)  // as svm-scale
//
// Validate checks a pair and names what is wrong; the book's data, the real
// data, the generators and the readers are described below.
//
// # Validation and errors
//
// Validate checks a pair: not empty, as many labels as rows, finite features,
// labels −1 or +1 (with a hint when they look like {0,1} or {1,2}). Errors wrap
// the sentinels of errors.go (ErrEmpty, ErrLength, ErrNotFinite, ErrLabel,
// ErrRagged, ErrFormat, ErrTooLarge, ErrDimension); CellError locates a problem at a row
// and column of a matrix, LineError at a line and field of a file. Test with
// errors.Is.
//
// # Files
//
// ReadCSV reads comma-separated lines with the label in the last field and an
// optional header; ReadLIBSVM reads the sparse "label index:value …" format
// of LIBSVM (Chang & Lin 2011) and SVMlight (Joachims 1999); Read tells the
// two apart from the content. ReadPoints reads points to classify with a model
// of known dimension d, with or without labels: a CSV line of d fields has
// none, one of d+1 has the label last; a LIBSVM line without a label starts
// with its first index:value pair. WriteCSV and WriteLIBSVM write files that read
// back exactly, and that LIBSVM's svm-train reads. ScaleToUnit maps each
// feature linearly onto [−1, 1], as LIBSVM's svm-scale does by default, and
// returns the Scaling to apply to test data.
//
// The readers take UTF-8 text (a byte order mark is skipped; UTF-16 and
// UTF-32 are recognised and refused) with decimal numbers, and they are
// bounded, so that no input can exhaust memory: a line of at most
// MaxLineBytes (4 MiB), at most MaxCells numbers (2²⁴, 128 MiB of float64),
// LIBSVM indices up to MaxIndex, and a LIBSVM file may describe at most
// MaxCellsPerByte numbers per byte of its own size (or FreeCells). Past a
// limit the error wraps ErrTooLarge. Reading a data set takes about twice
// its memory, and the limits leave room for the solvers: the command line
// runs every algorithm on a data set at the limit within 3 GiB.
//
// # Sparse data
//
// CSR holds a sparse matrix in compressed-row form (12 bytes per stored
// entry), and is a mat.Matrix. ReadSparse reads CSV or LIBSVM as Read does
// but keeps a LIBSVM file that leaves features out as a CSR, never dense:
// a text-like set of 10⁵ documents over 10⁵ words is 60 MB, not 80 GB. Its
// limits are Read's, except that MaxCells counts the entries and rows the
// file holds, not n·(d+1); it parses numbers in place (a line it does not
// take at once is read again by Read's rules, so both readers give the
// same data or the same error). SparseReader reads with a larger limit,
// and its ReadPoints reads points for a model as ReadPoints does, sparse.
// MemoryCells is a limit that follows the memory the process may use
// (AvailableMemory: the kernel's MemAvailable, the cgroup's limit, ulimit
// -v): half of it at BytesPerCell bytes a number, never below MaxCells;
// the command line reads svm --solver dcd's data with it, so that a dense
// 10⁶ × 20 file (2.1·10⁷ numbers) is read, and a file that cannot fit is
// still refused.
// svm.DCD solves the linear SVM on a CSR without densifying, and its model
// predicts from one.
//
// # Book data
//
// Example21 is the data of Li Hang, Statistical Learning Methods, Example 2.1
// (x1 = (3,3), x2 = (4,3) positive, x3 = (1,1) negative), used again in
// Examples 2.2, 7.1 and 7.2; notebooks 02-primal-form, 03-dual-form-gram and
// 08-svm-dual-example start from it.
//
// # Generators
//
// All take a rand.Source (math/rand/v2); nil means the fixed default
// rand.NewPCG(DefaultSeed, DefaultSeed). Separable draws linearly separable
// data whose augmented vectors x̂ = (x, 1) satisfy ‖x̂‖ ≤ R, with a unit
// separator ŵ_opt of margin γ, the setting of Novikoff's theorem (Li Hang,
// Theorem 2.1; Novikoff 1962; notebook 04-novikoff). Noisy draws overlapping
// Gaussian classes with label noise, for the perceptron's epoch limit and the
// voted perceptron; Blobs draws two planar Gaussian clouds whose overlap is
// set by the distance of their centres, for the soft margin (notebook
// 09-soft-margin-hinge); XOR and Rings are planar sets that need a kernel;
// Gaussian draws large dense sets quickly, for benchmarks.
//
// # Real data
//
// Iris (Fisher 1936; setosa vs versicolor, 100×4) and BreastCancer (Street,
// Wolberg & Mangasarian 1993; Wisconsin diagnostic, 569×30) are shipped in
// data/ with go:embed. Both come from the UCI Machine Learning Repository
// (Dua & Graff), licensed CC BY 4.0; data/README.md gives sources, changes
// and licence. Notebook 12-real-data uses them.
package dataset

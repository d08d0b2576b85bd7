// Package modelio saves a fitted model of this library to a file and reads
// it back, so that a model trained once classifies later without its
// training data: in a program of one's own (Save, Load) or with the command
// line (marginnotes perceptron|svm --save-model FILE, marginnotes predict
// --model FILE DATA).
//
// A Model is a solver's settings and what its Fit returned; Save and Load
// (Write and Read for streams) turn it into a file and back:
//
//	smo := svm.SMO{C: 1, Kernel: kernel.RBF{Gamma: 0.5}}
//	res, err := smo.Fit(x, y)
//	err = modelio.Save("model.json", modelio.Model{Solver: smo, Classifier: res})
//	m, err := modelio.Load("model.json")
//	label := m.Predict(point) // the same decision values, bit for bit
//
// # The file
//
// A model file is one JSON object (format version 1):
//
//	{
//	  "format": "marginnotes-model",
//	  "version": 1,
//	  "kind": "svm.SMO",
//	  "dim": 2,
//	  "settings": {"c": 0, "eps": 0, "cache_bytes": 0, "no_shrinking": false, "max_iter": 0},
//	  "expansion": {
//	    "kernel": {"name": "linear"},
//	    "support": [[3, 3], [1, 1]],
//	    "coef": [0.25, -0.25],
//	    "b": -2,
//	    "w": [0.5, 0.5]
//	  }
//	}
//
// kind names the solver that fitted the model, and settings are its
// settings as the Go struct holds them (0 means the solver's default; the
// random source, trace and Gram matrix are not saved). A setting the file
// does not name is 0, so that files written before a setting existed read
// the same. dim is the dimension d of the points. The model itself is one
// of three sections:
//
//   - "linear" {"w", "b"}: f(x) = w·x + b, for perceptron.Primal,
//     perceptron.Dual, svm.InteriorPoint, separability.MaxMargin (b = 0, on
//     the points MaxMargin was fitted on, augmented or not; a file of kind
//     "svm.MaxMargin", its earlier name, reads the same) and svm.DCD (whose
//     settings hold its loss, "hinge" or "squared-hinge"; b = B·w_{d+1}).
//   - "expansion" {"kernel", "support", "coef", "b"}: f(x) = Σⱼ coefⱼ·
//     K(supportⱼ, x) + b with coefⱼ = αⱼyⱼ, for perceptron.KernelDual,
//     svm.SquaredSlack, svm.SMO, svm.PlattSMO and svm.Exact. The kernel
//     is {"name": "linear"}, {"name": "poly", "degree", "gamma", "coef0"}
//     or {"name": "rbf", "gamma"}, with LIBSVM's meanings (package
//     kernel). For SMO, PlattSMO and Exact with the linear kernel "w" =
//     Σⱼ coefⱼ·supportⱼ is present too, and f(x) = w·x + b is computed
//     from it, as svm.Model does.
//   - "voted" {"votes": [{"w", "b", "c"}, …], "group", "averaged": {"w",
//     "b"}, "predict": "vote"}, for perceptron.Voted: Predict is the vote
//     sign(Σₛ cₛ·sign(wₛ·x + bₛ)) of perceptron.VotedResult, not the
//     averaged perceptron, which the file holds as well.
//
// Every classification follows Definition 2.1, sign(0) = +1. Numbers are
// written with the fewest digits that read back to the same float64, so a
// model read back computes bit for bit the decision values of the model
// that was saved.
//
// Read is strict, so that a file that reads is a file Write could have
// written. It refuses, with an error wrapping one of the sentinels of this
// package, a file that is not such an object (keys are matched exactly and
// may appear once), has another version, names an unknown kind or an
// unknown or invalid kernel, whose vectors do not have the dimension dim,
// whose settings the solver's Fit would refuse whatever the data (the error
// then wraps classify.ErrSetting too), an SVM whose w is not
// Σⱼ coefⱼ·supportⱼ (up to rounding), a linear model whose no_bias
// contradicts its b (svm.DCD without a bias has b = 0, perceptron.Primal
// keeps b = b0), or vote counts that are not at least 1 or sum to more than
// 2⁵³. A UTF-8 byte order mark is skipped. Read takes the file as a
// stream: it stops at MaxBytes (1 GiB) read, or as soon as the model
// described passes MaxCells (512 MiB of memory), before it keeps the
// number past the limit, whatever the speed of the input; it keeps no more
// than the model and one token of the text, and reads a vector's numbers
// into blocks copied once into the vector, so that a model of m numbers
// allocates at most about twice their 8m bytes (8 bytes for each 20 or so
// of the file).
//
// # Adding a solver
//
// A kind is one entry of the table kinds (kinds.go): the solver's name, the
// section of its model, and its settings bound to its fields with the rule
// its Fit applies to each. The tests fail until every solver of packages
// perceptron and svm (a type with a method Fit) has a kind and a fitted
// model in the round-trip tests, and until every exported field of every
// solver is saved and read back or named as not saved.
package modelio

// Package classify states what every fitted model of this library is, a
// Classifier with Decision(x) and Predict(x), and holds what works with any
// of them:
//
//	res, err := svm.SMO{}.Fit(x, y)           // any solver's result is a Classifier
//	acc := classify.Accuracy(res, xTest, yTest)
//	labels := classify.Predictions(nil, res, xTest)
//	fit := classify.FitterOf(perceptron.Primal{}.Fit) // any solver as one func type
//
// Linear is the linear model w·x + b that the linear results embed; Sign is
// the sign with sign(0) = +1; Decisions, Predictions and Accuracy run a
// model over the rows of a matrix; Fitter and FitterOf hold solvers of
// different result types alike. ErrSetting and SettingError (an invalid
// setting of any solver), ErrNotFinite (a NaN or infinite number, in the
// data or the arithmetic), ErrNotConverged and ErrNotSeparable are the
// errors every solver shares.
//
// # The classification rule
//
// A fitted model is a binary classifier with a decision function f and the
// classification rule of Li Hang, Statistical Learning Methods,
// Definition 2.1,
//
//	f(x) = sign(w·x + b),   sign(z) = +1 if z ≥ 0, −1 if z < 0.
//
// The results of every solver — perceptron's Primal, Dual, KernelDual and
// Voted, svm's SMO, PlattSMO, Exact, InteriorPoint, SquaredSlack and DCD,
// separability's MaxMargin — and the models modelio.Load returns satisfy
// Classifier, and the decision-region figures, the losses' empirical risk
// and the command line accept any Classifier. There is one rule at the boundary everywhere:
// a point with f(x) = 0 is predicted +1, so Predict and Accuracy agree.
// (Training is another matter: Algorithm 2.1 updates on a point with
// y(w·x + b) ≤ 0, even one that Definition 2.1 classifies correctly; see
// notebook 04-novikoff.)
//
// # Concurrency
//
// Solver values (perceptron.Primal, svm.SMO, …) are safe for concurrent
// calls of Fit, from one value or copies of it, on shared data, unless the
// calls share a Src (a rand.Source is not safe for concurrent use) or a
// Trace function (which each call would call at once): give each
// goroutine its own Src, or leave it nil for the documented seed, and a
// Trace of its own. Fit reads its data and a solver's Gram matrix without
// writing to them. A fitted model is safe for concurrent Decision and
// Predict; TestConcurrentFit checks the solvers under the race detector.
package classify

// Package loss provides the losses of a binary classifier as functions of
// the functional margin z = y·f(x), and their empirical risk over a data
// set for any fitted model (a classify.Classifier, f its Decision).
//
// A loss is a Func of z — ZeroOne, Perceptron, Hinge, Logistic, Mistake —
// and Sum, EmpiricalRisk and Margins apply one to a model on data:
//
//	res, err := svm.SMO{C: 1}.Fit(x, y)
//	risk := loss.EmpiricalRisk(loss.Hinge, res, x, y) // (1/N) Σ [1 − yᵢf(xᵢ)]₊
//	errs := loss.Sum(loss.ZeroOne, res, x, y)         // misclassified points
//	h := loss.Hinge(0.5)                              // 0.5
//
// # The losses
//
// With the functional margin as the variable, the losses of Li Hang,
// Statistical Learning Methods, §7.2.4 and Figure 7.6 are
//
//	0-1 loss          ZeroOne(z)    = 1 if z < 0, else 0
//	perceptron loss   Perceptron(z) = [−z]₊
//	hinge loss        Hinge(z)      = [1 − z]₊
//
// where [t]₊ = max(t, 0). Figure 7.6 marks the points (0, 1) and (1, 0) of
// the hinge loss and (0, 0) of the perceptron loss. The hinge loss is an upper
// bound of the 0-1 loss (a surrogate loss), and it is positive until a point
// is classified with margin 1, while the perceptron loss is 0 as soon as a
// point is on the right side: this is why the linear SVM (Theorem 7.4:
// minimising Σᵢ[1 − yᵢ(w·xᵢ + b)]₊ + λ‖w‖² is the soft-margin primal problem
// with λ = 1/(2C)) asks for more than the perceptron. Logistic(z) =
// log₂(1 + e^{−z}) is added for comparison; it is scaled by 1/ln 2 so that it
// passes through (0, 1) like the hinge loss, as in Bishop, Pattern
// Recognition and Machine Learning (2006), Figure 7.5.
//
// # The boundary
//
// Where the 0-1 loss jumps, two rules meet. Classification follows
// Definition 2.1: sign(0) = +1, so a point with f(x) = 0 is predicted +1,
// right when its label is +1 and wrong when it is −1. ZeroOne follows it:
// Margins gives a point on the boundary the margin +0 or −0 by its label,
// and ZeroOne is 1 at −0 only, so that Sum(ZeroOne, …) counts exactly the
// points that Predict gets wrong and EmpiricalRisk(ZeroOne, …) is
// 1 − classify.Accuracy: one rule for every accuracy and error count.
// Training follows Algorithm 2.1, which updates on a point with
// yᵢ(w·xᵢ + b) ≤ 0, so that with w = 0, b = 0 every point is a mistake;
// Mistake is that rule (1 for z ≤ 0), the set M of the perceptron's loss.
// The two differ only on the boundary, for points labelled +1.
//
// The perceptron's loss of §2.2, L(w, b) = −Σ_{xᵢ∈M} yᵢ(w·xᵢ + b) over the
// misclassified points M, is Sum(Perceptron, classify.Linear{W: w, B: b},
// x, y): points with z ≤ 0 contribute −z, the others nothing. It is a sum,
// as in the book; the empirical risk R_emp = (1/N) Σᵢ L(yᵢ, f(xᵢ)) of §1.3 is
// the mean, EmpiricalRisk.
//
// Notebooks: 01-distance-loss (L(w, b) along Table 2.1) and
// 09-soft-margin-hinge (Figure 7.6 and the hinge-loss form of the SVM).
package loss

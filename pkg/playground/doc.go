// Package playground is the computing half of the playground page
// (playground.html of the site, notebook 15-playground): the page's state,
// read from and written to its URL fragment, and the fit of that state
// with the library's own solvers, as the JSON the page draws. The same
// code runs compiled to WebAssembly in the page (cmd/playground-wasm) and
// in Go tests, so the page's answer is the library's answer.
//
// The state (State, ParseFragment, State.Fragment) is a fragment such as
//
//	algo=svm&kernel=gauss&sigma=0.7&C=10&points=3,3,1;4,3,1;1,1,-1
//
// with the keys points (x1,x2,label triples), algo (primal, dual, svm,
// smo), C (absent: a hard margin), kernel (linear, poly, gauss), p, sigma,
// eta, order (cyclic, random), seed and step. Run fits it:
//
//   - primal and dual: perceptron.Primal and perceptron.Dual (Algorithms
//     2.1 and 2.2) with the trace recorded, the step shown, the rows of
//     Tables 2.1 and 2.2 up to it, and Novikoff's R, γ and (R/γ)²
//     (perceptron.NovikoffBound); a run that does not converge within
//     MaxEpochs is checked with separability.LP, whose certificate the page
//     shows when no line separates the points;
//   - svm: svm.SMO, hard margin without C, the linear, polynomial (x·z +
//     1)^p or Gaussian kernel with σ;
//   - smo: svm.PlattSMO.FitSteps (Algorithm 7.5), the step shown with its
//     pair, [L, H], α₂ unclipped and clipped, b and the errors Eᵢ.
//
// Result is the JSON of the page's #result element (data-result); Output
// adds what the page draws. Messages come in English and Chinese (Error).
// Fitted.Grid evaluates the decision function for the decision regions;
// State.CSV, State.LIBSVM and Fitted.ModelJSON are the page's exports, which
// marginnotes svm and marginnotes predict read.
package playground

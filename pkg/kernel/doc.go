// Package kernel provides the kernels K(x, z) of the kernel perceptron and the
// support vector machine, and the Gram matrix G = [K(xᵢ, xⱼ)].
//
// A Kernel has one method, Eval(x, z). Linear{}, Polynomial{Degree, Gamma,
// Coef0} and RBF{Gamma} (Gaussian(σ) for the book's exp(−‖x − z‖²/(2σ²)))
// are printable values that a solver takes in its Kernel field:
//
//	k := kernel.RBF{Gamma: 0.5}
//	fmt.Printf("%.4f\n", k.Eval([]float64{0, 0}, []float64{1, 1})) // 0.3679: e⁻¹
//	g := kernel.Gram(kernel.Linear{}, x) // n×n; for Example 2.1
//	fmt.Println(g.At(0, 1))              // 21: x1·x2
//	res, err := svm.SMO{C: 1, Kernel: k}.Fit(x, y)
//
// Validate checks a kernel's parameters, and Setting turns a bad kernel
// into the *classify.SettingError of the solver that was given it.
// Expansion is the model f(x) = Σⱼ Coef[j]·K(Support[j], x) + B that the
// kernel perceptron and the SVM return; GramEigenvalues (whether a kernel
// is positive semi-definite on the data), PolynomialFeatures and Rows serve
// the notebooks.
//
// Li Hang's §7.3 in code: a FeatureMap φ is a kernel, φ(x)·φ(z)
// (Definition 7.6); Example73Maps are the three maps of Example 7.3 for
// (x·z)²; Polynomial.Features is a map of any polynomial kernel, and
// MapRows the images φ(xᵢ) on which a linear SVM is the kernel SVM (the
// kernel trick of §7.3.1); MaxDifference compares two kernels on
// random pairs; CheckGrams tests Theorem 7.5 (a symmetric K is a kernel
// exactly when its Gram matrices are positive semi-definite) on random
// point sets and returns the worst one; GramFeatures builds a feature map
// from a positive semi-definite Gram matrix alone (the sufficiency half of
// Theorem 7.5, §7.3.2, on a finite set); String is the string kernel of
// §7.3.3, a kernel on a discrete input space, computed by dynamic
// programming, whose inputs StringRows encodes as the rows of a matrix.
// Notebook notebooks/10-kernels.ipynb walks through them.
//
// The Gram matrix of the linear kernel, G = XXᵀ, appears in Li Hang,
// Statistical Learning Methods, §2.3.3 (Algorithm 2.2, the dual perceptron)
// and again in the SVM dual of §7.2–7.3; the notebook
// notebooks/03-dual-form-gram.ipynb walks through it. Kernel parameters have
// the meanings of LIBSVM (Chang & Lin 2011): polynomial (γ·x·z + coef0)^degree,
// RBF exp(−γ‖x−z‖²).
package kernel

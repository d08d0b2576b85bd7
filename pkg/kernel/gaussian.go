package kernel

// Gaussian returns the Gaussian kernel as Li Hang writes it, (7.90),
//
//	K(x, z) = exp(−‖x − z‖²/(2σ²)),
//
// in LIBSVM's parametrisation: RBF{Gamma: 1/(2σ²)}. σ is a length in the
// units of the data (the width of the bump each support vector adds to the
// decision function), γ its inverse square; svm-train's -g takes γ. A σ
// that is not a finite positive number gives a Gamma that Validate rejects.
func Gaussian(sigma float64) RBF {
	return RBF{Gamma: 1 / (2 * sigma * sigma)}
}

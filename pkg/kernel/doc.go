// Package kernel provides the kernels K(x, z) of the kernel perceptron and the
// support vector machine, and the Gram matrix G = [K(xᵢ, xⱼ)].
//
// The Gram matrix of the linear kernel, G = XXᵀ, appears in Li Hang,
// Statistical Learning Methods, §2.3.3 (Algorithm 2.2, the dual perceptron)
// and again in the SVM dual of §7.2–7.3; the notebook
// notebooks/03-dual-form-gram.ipynb walks through it. Kernel parameters have
// the meanings of LIBSVM (Chang & Lin 2011): polynomial (γ·x·z + coef0)^degree,
// RBF exp(−γ‖x−z‖²).
package kernel

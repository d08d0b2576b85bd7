package separability

import "errors"

// Sentinel errors, returned wrapped with context; test with errors.Is.
var (
	// ErrInfeasible: the linear program has no solution. From
	// LP.Hyperplane it means that no hyperplane separates the data, from
	// LP.Certificate that the convex hulls of the classes do not meet.
	ErrInfeasible = errors.New("separability: linear program infeasible")
	// ErrUndecided: neither a separating hyperplane nor a certificate of
	// inseparability could be verified on the data (the simplex method
	// failed, or the data are separable with a margin too small for the
	// arithmetic to certify).
	ErrUndecided = errors.New("separability: neither a separating hyperplane nor a certificate could be verified")
)

package notation

// Coefficient writes a coefficient a > 0 of a variable as Affine writes one:
// a fraction with a small denominator as a vulgar fraction where Unicode has
// one (½) and in parentheses otherwise ((13/2)), anything else by Number.
// The caller leaves out a coefficient 1.
func (s Style) Coefficient(a float64) string { return s.coefficient(a) }

// Package errtext writes the library's error messages so that each names
// its package once. A sentinel's text starts with its package
// ("classify: not converged"); a message that wraps it starts with the
// package or solver that returns it ("svm.SMO: 100 iterations: not
// converged"), and the sentinel's own prefix is dropped.
package errtext

import (
	"fmt"
	"strings"
)

// Trim returns msg without a leading package prefix: a lower-case Go
// identifier followed by ": " ("classify: not finite" gives "not
// finite"). A solver's prefix ("svm.SMO: ") is not a package prefix and
// stays.
func Trim(msg string) string {
	i := strings.Index(msg, ": ")
	if i <= 0 {
		return msg
	}
	for j, r := range msg[:i] {
		if !(r >= 'a' && r <= 'z' || j > 0 && r >= '0' && r <= '9') {
			return msg
		}
	}
	return msg[i+2:]
}

// Errorf is fmt.Errorf with the text of every error among args trimmed of
// its package prefix (Trim). Errors given to %w are still wrapped, so
// errors.Is and errors.As see them.
func Errorf(format string, args ...any) error {
	for i, a := range args {
		if err, ok := a.(error); ok {
			args[i] = trimmed{err}
		}
	}
	return fmt.Errorf(format, args...)
}

// trimmed is an error whose text is Trim of its wrapped error's.
type trimmed struct{ err error }

func (t trimmed) Error() string { return Trim(t.err.Error()) }
func (t trimmed) Unwrap() error { return t.err }

package gallery

import (
	"errors"
	"strings"

	"github.com/marginnotes/marginnotes/internal/errtext"
)

var (
	// ErrPattern is returned by Match for a malformed name pattern.
	ErrPattern = errors.New("gallery: bad name pattern")
	// ErrNoMatch is returned by Match when no figure's name matches.
	ErrNoMatch = errors.New("gallery: no figure matches")
)

// wrapErr prefixes *err, if not nil, with "gallery: " and the name of the
// exported function that returns it, unless it starts with "gallery: "
// already; the package prefix of the error it wraps is dropped
// (errtext.Errorf), so a message names each package once.
func wrapErr(name string, err *error) {
	if *err != nil && !strings.HasPrefix((*err).Error(), "gallery: ") {
		*err = errtext.Errorf("gallery: %s: %w", name, *err)
	}
}

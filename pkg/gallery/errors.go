package gallery

import "errors"

var (
	// ErrPattern is returned by Match for a malformed name pattern.
	ErrPattern = errors.New("gallery: bad name pattern")
	// ErrNoMatch is returned by Match when no figure's name matches.
	ErrNoMatch = errors.New("gallery: no figure matches")
)

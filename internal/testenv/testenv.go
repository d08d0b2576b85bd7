// Package testenv decides what a test does when the machine lacks something
// it needs from outside Go: Jupyter and the GoNB kernel, Chromium, fonts,
// poppler-utils, Docker, LIBSVM's or LIBLINEAR's programs, scikit-learn.
//
// On a machine with only Go, `go test ./...` passes: such a test skips, with
// a one-line reason naming what is missing and what installs it. Where the
// project's own targets run the tests — `make test`, `make test-notebooks`,
// `make test-e2e`, `make test-pdf` and CI's .ci/run, which install what their
// tests need first — the variable MARGINNOTES_REQUIRE=1 is set, and the same
// test fails instead: a missing install step cannot pass as a skip.
//
// A test that is merely slow skips under -short, as before; that is not
// this package's business.
package testenv

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"testing"
)

// Var is the environment variable that turns a missing requirement into a
// failure when it is "1".
const Var = "MARGINNOTES_REQUIRE"

// Required reports whether MARGINNOTES_REQUIRE=1: every requirement of a
// test must then be met.
func Required() bool { return os.Getenv(Var) == "1" }

// Missing ends the test for a requirement that is not met: it skips it with
// the reason, or, when Required, fails it with the reason. The reason names
// what is missing and how to get it ("jupyter is not on PATH (make setup)").
func Missing(t testing.TB, format string, args ...any) {
	t.Helper()
	reason := fmt.Sprintf(format, args...)
	if Required() {
		t.Fatalf("%s; %s=1 requires it", reason, Var)
	}
	t.Skip(reason)
}

// LookPath returns the path of the program file (a name on PATH, or a path),
// or ends the test through Missing; install says how to get the program
// ("make setup", "Debian: apt-get install poppler-utils").
func LookPath(t testing.TB, file, install string) string {
	t.Helper()
	p, err := exec.LookPath(file)
	if err != nil {
		Missing(t, "%s is not installed (%s)", file, install)
	}
	return p
}

// File ends the test through Missing unless the file or directory at path
// exists; install says how to get it.
func File(t testing.TB, path, install string) {
	t.Helper()
	if _, err := os.Stat(path); err != nil {
		Missing(t, "%s is missing (%s)", path, install)
	}
}

// MissingIf ends the test through Missing when err is, or wraps, missing:
// the error by which a package says that something outside Go is not there
// (figures.ErrFont: the Chinese font). Any other error, or nil, it leaves
// to the test.
func MissingIf(t testing.TB, err, missing error) {
	t.Helper()
	if err != nil && errors.Is(err, missing) {
		Missing(t, "%v", err)
	}
}

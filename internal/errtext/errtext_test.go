package errtext

import (
	"errors"
	"testing"
)

func TestTrim(t *testing.T) {
	for in, want := range map[string]string{
		"classify: not finite":       "not finite",
		"figures: plane: not finite": "plane: not finite",
		"svm.SMO: 3 iterations":      "svm.SMO: 3 iterations",
		"not converged":              "not converged",
		"row 3: x":                   "row 3: x",
		"k8s: x":                     "x",
		": x":                        ": x",
		"Classify: x":                "Classify: x",
	} {
		if got := Trim(in); got != want {
			t.Errorf("Trim(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestErrorf(t *testing.T) {
	sentinel := errors.New("classify: not finite")
	err := Errorf("figures: plane: %w", sentinel)
	if got, want := err.Error(), "figures: plane: not finite"; got != want {
		t.Errorf("Errorf = %q, want %q", got, want)
	}
	if !errors.Is(err, sentinel) {
		t.Error("Errorf does not wrap its %w operand")
	}
	outer := Errorf("figures: grid: %w", err)
	if got, want := outer.Error(), "figures: grid: plane: not finite"; got != want {
		t.Errorf("Errorf twice = %q, want %q", got, want)
	}
	if !errors.Is(outer, sentinel) {
		t.Error("Errorf twice does not wrap")
	}
}

package modelio_test

import (
	"strings"
	"testing"

	"github.com/marginnotes/marginnotes/pkg/modelio"
)

// TestReadBiasAgrees: a model fitted without a bias has the b its solver
// keeps — 0 for svm.DCD with NoBias, B0 for perceptron.Primal with NoBias —
// and a file that says otherwise is refused, as a w that contradicts its
// support vectors is (issue 23 §1.6: "no_bias": true with "b": -3 was
// read and used).
func TestReadBiasAgrees(t *testing.T) {
	noBias := strings.Replace(dcdFile(`"hinge"`), `"no_bias": false`, `"no_bias": true`, 1)
	primal := func(b0, b string) string {
		return `{"format": "marginnotes-model", "version": 1, "kind": "perceptron.Primal", "dim": 2,
		"settings": {"eta": 0, "order": "cyclic", "max_epochs": 0, "cs229": false, "b0": ` + b0 + `, "no_bias": true},
		"linear": {"w": [1, 1], "b": ` + b + `}}`
	}
	for _, c := range []struct{ name, in, msg string }{
		{"dcd", noBias, "no_bias is true, but b = -2"},
		{"dcd b = -3", strings.Replace(noBias, `"b": -2`, `"b": -3`, 1), "no_bias is true, but b = -3"},
		{"primal", primal("0", "-3"), "no_bias is true, but b = -3"},
		{"primal b0", primal("1", "0"), "b0 = 1"},
	} {
		t.Run(c.name, func(t *testing.T) { readFails(t, c.in, modelio.ErrFormat, c.msg) })
	}
	for _, in := range []string{strings.Replace(noBias, `"b": -2`, `"b": 0`, 1), primal("-3", "-3"), primal("0", "0")} {
		if m, err := modelio.Read(strings.NewReader(in)); err != nil || m.Predict([]float64{2, 2}) != 1 {
			t.Errorf("a model whose b agrees: %v", err)
		}
	}
}

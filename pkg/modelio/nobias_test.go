package modelio_test

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/modelio"
	"github.com/marginnotes/marginnotes/pkg/svm"
)

// TestNoBiasWithBias: a DCD file whose settings say no_bias with a bias B
// is refused, as DCD.Fit refuses the settings.
func TestNoBiasWithBias(t *testing.T) {
	x, y := dataset.Example21().XY()
	s := svm.DCD{C: 1, NoBias: true}
	res, err := s.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := modelio.Write(&buf, modelio.Model{Solver: s, Classifier: res}); err != nil {
		t.Fatal(err)
	}
	file := buf.String()
	edited := strings.Replace(file, `"bias": 0`, `"bias": 2`, 1)
	if edited == file {
		t.Fatalf("no \"bias\": 0 in %s", file)
	}
	if _, err := modelio.Read(strings.NewReader(edited)); !errors.Is(err, modelio.ErrFormat) || !strings.Contains(err.Error(), "no_bias") {
		t.Errorf("no_bias with bias 2: %v, want ErrFormat naming no_bias", err)
	}
	if _, err := (svm.DCD{C: 1, NoBias: true, Bias: 2}).Fit(x, y); err == nil {
		t.Error("DCD.Fit accepts NoBias with Bias 2")
	}
}

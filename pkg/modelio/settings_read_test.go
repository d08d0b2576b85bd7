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

// TestEarlierKey: svm.InteriorPoint's tolerance, Tol until issue 23 and
// Eps since, is written "eps" and read from files that say "tol".
func TestEarlierKey(t *testing.T) {
	x, y := dataset.Example21().XY()
	s := svm.InteriorPoint{Eps: 1e-10}
	res, err := s.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := modelio.Write(&buf, modelio.Model{Solver: s, Classifier: res}); err != nil {
		t.Fatal(err)
	}
	file := buf.String()
	old := strings.Replace(file, `"eps": 1e-10`, `"tol": 1e-10`, 1)
	if old == file {
		t.Fatalf("no \"eps\": 1e-10 in %s", file)
	}
	for name, f := range map[string]string{"eps": file, "tol": old} {
		m, err := modelio.Read(strings.NewReader(f))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if got := m.Solver.(svm.InteriorPoint).Eps; got != 1e-10 {
			t.Errorf("%s: Eps = %v, want 1e-10", name, got)
		}
	}
}

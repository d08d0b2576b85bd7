package modelio_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/marginnotes/marginnotes/pkg/modelio"
)

// FuzzRead: Read returns an error or a model that classifies a point of
// its dimension and writes a file that reads back to the same file; it
// reads only valid JSON (encoding/json's json.Valid, after a byte order
// mark), so that its own streaming reader accepts no other syntax.
func FuzzRead(f *testing.F) {
	golden, err := os.ReadFile(filepath.Join("testdata", "example72.json"))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(string(golden))
	f.Add(votedFile(`"vote"`, `[{"w": [1, 1], "b": -3, "c": 2}]`))
	f.Add(`{"format": "marginnotes-model", "version": 1, "kind": "perceptron.KernelDual", "dim": 1,
		"settings": {"eta": 0, "order": "cyclic", "max_epochs": 0, "cs229": false, "gram_budget": 0},
		"expansion": {"kernel": {"name": "poly", "degree": 2, "gamma": 1, "coef0": 1}, "support": [[1]], "coef": [1], "b": 0}}`)
	f.Fuzz(func(t *testing.T, in string) {
		m, err := modelio.Read(bytes.NewBufferString(in))
		if err == nil && !json.Valid([]byte(strings.TrimPrefix(in, "\ufeff"))) {
			t.Fatalf("Read accepted invalid JSON %q", in)
		}
		if err != nil {
			if m != nil {
				t.Fatal("a model and an error")
			}
			return
		}
		if m.Dim() > 1<<16 {
			return
		}
		m.Predict(make([]float64, m.Dim()))
		var first, second bytes.Buffer
		if err := modelio.Write(&first, *m); err != nil {
			t.Fatalf("writing a model read: %v", err)
		}
		m2, err := modelio.Read(bytes.NewReader(first.Bytes()))
		if err != nil {
			t.Fatalf("reading a model written: %v\n%s", err, first.String())
		}
		if err := modelio.Write(&second, *m2); err != nil || second.String() != first.String() {
			t.Fatalf("a second round trip changed the file (err %v):\n%s\n%s", err, first.String(), second.String())
		}
	})
}

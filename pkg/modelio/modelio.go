package modelio

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"

	"github.com/marginnotes/marginnotes/pkg/classify"
)

const (
	// Format is the value of a model file's "format" field.
	Format = "marginnotes-model"
	// Version is the format version that Write writes and Read reads.
	Version = 1
	// MaxBytes bounds the size of a model file that Read reads: 1 GiB.
	MaxBytes = 1 << 30
)

// Model is a fitted model together with the solver that fitted it.
type Model struct {
	// Solver is the solver with its settings: a perceptron.Primal,
	// perceptron.Dual, perceptron.KernelDual, perceptron.Voted, svm.SMO,
	// svm.Exact, svm.InteriorPoint or svm.DCD value (not a pointer). Read
	// leaves its random source, trace and Gram matrix nil.
	Solver any
	// Classifier is the fitted model. Write takes what the solver's Fit
	// returned, or the model part of it; Read returns the model part:
	// classify.Linear for Primal, Dual, InteriorPoint and DCD, *kernel.Expansion
	// for KernelDual, *perceptron.VotedResult (Votes, Group and Averaged)
	// for Voted, *svm.Model for SMO and Exact.
	classify.Classifier
}

// Dim returns the dimension d of the points the model classifies.
func (m *Model) Dim() int {
	return m.Classifier.(classify.Dimensioned).Dim()
}

// file is the JSON object of a model file.
type file struct {
	Format    string          `json:"format"`
	Version   int             `json:"version"`
	Kind      string          `json:"kind"`
	Dim       int             `json:"dim"`
	Settings  json.RawMessage `json:"settings"`
	Linear    *linearJSON     `json:"linear,omitempty"`
	Expansion *expansionJSON  `json:"expansion,omitempty"`
	Voted     *votedJSON      `json:"voted,omitempty"`
}

type linearJSON struct {
	W []float64 `json:"w"`
	B float64   `json:"b"`
}

type kernelJSON struct {
	Name   string   `json:"name"`
	Degree *int     `json:"degree,omitempty"`
	Gamma  *float64 `json:"gamma,omitempty"`
	Coef0  *float64 `json:"coef0,omitempty"`
}

type expansionJSON struct {
	Kernel  kernelJSON  `json:"kernel"`
	Support [][]float64 `json:"support"`
	Coef    []float64   `json:"coef"`
	B       float64     `json:"b"`
	W       []float64   `json:"w,omitempty"`
}

type voteJSON struct {
	W []float64 `json:"w"`
	B float64   `json:"b"`
	C int       `json:"c"`
}

type votedJSON struct {
	Votes    []voteJSON `json:"votes"`
	Group    int        `json:"group"`
	Averaged linearJSON `json:"averaged"`
	Predict  string     `json:"predict"`
}

// predictVote is the only rule of a voted model: Predict is the vote.
const predictVote = "vote"

// Write writes m as one JSON object: the kind and settings of m.Solver and
// the fitted model m.Classifier, which must be of the type the solver's Fit
// returns or the model part of it (see Model). The error wraps ErrKind for
// an unknown solver or a model of another type, ErrKernel for a kernel
// other than kernel.Linear, Polynomial and RBF, ErrFormat for a model of
// dimension 0, and classify.ErrNonFinite for a model holding NaN or ±Inf,
// which JSON cannot carry; nothing is written then.
func Write(w io.Writer, m Model) error {
	f, err := encode(m)
	if err != nil {
		return err
	}
	b, err := json.MarshalIndent(f, "", "  ")
	var unsupported *json.UnsupportedValueError
	switch {
	case errors.As(err, &unsupported):
		return fmt.Errorf("%w: the model holds %s", classify.ErrNonFinite, unsupported.Str)
	case err != nil:
		return err
	}
	_, err = w.Write(append(oneLine(b), '\n'))
	return err
}

// The pieces of indented JSON that oneLine puts on one line: arrays of
// numbers, then objects of scalars and one-line arrays. (The strings of a
// model file hold no brackets or braces.)
var (
	numberList = regexp.MustCompile(`\[\s*-?[0-9][-+.eE0-9]*(?:,\s*-?[0-9][-+.eE0-9]*)*\s*\]`)
	flatObject = regexp.MustCompile(`\{(?:[^{}\[\]]|\[[^\[\]{}\n]*\])*\}`)
	comma      = regexp.MustCompile(`,\n\s*`)
	lineBreak  = regexp.MustCompile(`\n\s*`)
)

// oneLine puts each array of numbers and each flat object of indented JSON
// on one line, so that a file reads as "w": [0.5, 0.5], "kernel": {"name":
// "rbf", "gamma": 0.5}.
func oneLine(b []byte) []byte {
	join := func(a []byte) []byte {
		return lineBreak.ReplaceAll(comma.ReplaceAll(a, []byte(", ")), nil)
	}
	return flatObject.ReplaceAllFunc(numberList.ReplaceAllFunc(b, join), join)
}

// Read reads a model written by Write. The error wraps ErrFormat,
// ErrVersion, ErrKind or ErrKernel (see the package documentation), and
// says what is wrong in one line.
func Read(r io.Reader) (*Model, error) {
	// The decoder stops at the first byte that cannot start a model file,
	// so that reading /dev/zero or a binary file fails at once; the bytes
	// read are kept for the line numbers of syntax errors.
	var seen bytes.Buffer
	dec := json.NewDecoder(io.TeeReader(io.LimitReader(r, MaxBytes+1), &seen))
	var b json.RawMessage
	err := dec.Decode(&b)
	if err == nil && dec.More() {
		err = errors.New("more than one JSON value")
	}
	switch {
	case seen.Len() > MaxBytes:
		return nil, fmt.Errorf("%w: larger than %d bytes", ErrFormat, MaxBytes)
	case err == io.EOF:
		return nil, fmt.Errorf("%w: empty", ErrFormat)
	case err == io.ErrUnexpectedEOF:
		return nil, fmt.Errorf("%w: truncated (the file ends inside its JSON object)", ErrFormat)
	case err != nil:
		return nil, fmt.Errorf("%w: %v", ErrFormat, jsonError(seen.Bytes(), err))
	}
	var head struct {
		Format  string `json:"format"`
		Version int    `json:"version"`
	}
	if err := json.Unmarshal(b, &head); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrFormat, jsonError(b, err))
	}
	if head.Format != Format {
		return nil, fmt.Errorf("%w: format %q, want %q", ErrFormat, head.Format, Format)
	}
	if head.Version != Version {
		return nil, fmt.Errorf("%w: version %d; this program reads version %d", ErrVersion, head.Version, Version)
	}
	var f file
	strict := json.NewDecoder(bytes.NewReader(b))
	strict.DisallowUnknownFields()
	if err := strict.Decode(&f); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrFormat, jsonError(b, err))
	}
	return decode(&f)
}

// jsonError says what is wrong with the JSON b, where: the line of a
// syntax error, the field of a value of the wrong type.
func jsonError(b []byte, err error) error {
	var syntax *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syntax):
		line := 1 + bytes.Count(b[:min(int(syntax.Offset), len(b))], []byte("\n"))
		return fmt.Errorf("line %d: %s", line, strings.TrimPrefix(syntax.Error(), "json: "))
	case errors.As(err, &typ) && typ.Field == "":
		return fmt.Errorf("%s, want %s", typ.Value, jsonType(typ.Type))
	case errors.As(err, &typ):
		return fmt.Errorf("%s: %s, want %s", typ.Field, typ.Value, jsonType(typ.Type))
	}
	return errors.New(strings.TrimPrefix(err.Error(), "json: "))
}

// jsonType names the JSON value that decodes into a Go value of type t.
func jsonType(t reflect.Type) string {
	switch t.Kind() {
	case reflect.Float64:
		return "a number"
	case reflect.Int:
		return "an integer"
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Slice:
		return "an array"
	}
	return "an object"
}

// Save writes m to the file path (see Write). The file is written under a
// temporary name in the same directory and renamed, so that path holds
// either its old content or the whole model.
func Save(path string, m Model) (err error) {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return err
	}
	defer func() {
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err == nil {
			err = os.Rename(f.Name(), path)
		}
		if err != nil {
			os.Remove(f.Name())
		}
	}()
	if err := f.Chmod(0o644); err != nil {
		return err
	}
	return Write(f, m)
}

// Load reads the model file path (see Read); the error names the file.
func Load(path string) (*Model, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	m, err := Read(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return m, nil
}

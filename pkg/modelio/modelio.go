package modelio

import (
	"io"
	"os"

	"github.com/marginnotes/marginnotes/internal/errtext"
	"github.com/marginnotes/marginnotes/internal/safefile"
	"github.com/marginnotes/marginnotes/pkg/classify"
)

const (
	// Format is the value of a model file's "format" field.
	Format = "marginnotes-model"
	// Version is the format version that Write writes and Read reads.
	Version = 1
	// MaxBytes bounds the size of a model file that Read reads: 1 GiB.
	MaxBytes = 1 << 30
	// MaxCells bounds the model a file describes, in 8-byte words: a word
	// for each number, three for each vector (its slice header) and two
	// for each vote: 2²⁶ words, 512 MiB of memory, room for the model of
	// any data set the readers of package dataset accept.
	MaxCells = 1 << 26
)

// Model is a fitted model together with the solver that fitted it.
type Model struct {
	// Solver is the solver with its settings, a value (not a pointer) of
	// one of the solvers of packages perceptron, svm and separability:
	// perceptron.Primal, Dual, KernelDual or Voted; svm.SMO, PlattSMO,
	// Exact, InteriorPoint, SquaredSlack or DCD; separability.MaxMargin.
	// Read leaves its random source, trace and Gram matrix nil.
	Solver any
	// Classifier is the fitted model. Write takes what the solver's Fit
	// returned, or the model part of it; Read returns the model part, in
	// one form for each solver, always a pointer, so that a program reads
	// it with one type assertion (or none: it is a classify.Classifier):
	//
	//	*classify.Linear         perceptron.Primal, Dual; svm.InteriorPoint, DCD; separability.MaxMargin
	//	*kernel.Expansion        perceptron.KernelDual; svm.SquaredSlack
	//	*svm.Model               svm.SMO, PlattSMO, Exact
	//	*perceptron.VotedResult  perceptron.Voted (Votes, Group and Averaged)
	//
	// Write also takes a classify.Linear value for the linear solvers.
	classify.Classifier
}

// Dim returns the dimension d of the points the model classifies.
func (m *Model) Dim() int {
	return m.Classifier.(classify.Dimensioned).Dim()
}

// Write writes m as one JSON object: the kind and settings of m.Solver and
// the fitted model m.Classifier, which must be of the type the solver's Fit
// returns or the model part of it (see Model). It checks the model as Read
// checks a file, and writes nothing when the check fails: the error wraps
// ErrKind for an unknown solver or a model of another type, ErrKernel for
// a kernel other than kernel.Linear, Polynomial and RBF, ErrFormat for a
// model of dimension 0, vectors of another length than the dimension, an
// SVM whose W is not Σⱼ coefⱼ·supportⱼ or a model past MaxCells,
// classify.ErrNotFinite for a model holding NaN or ±Inf, which JSON cannot
// carry, and a *classify.SettingError for a setting the solver's Fit would
// refuse whatever the data.
func Write(w io.Writer, m Model) error {
	p, err := encode(m)
	if err != nil {
		return err
	}
	return p.write(w)
}

// Read reads a model written by Write. It reads the file as a stream, its
// bytes counted as they come: a file past MaxBytes, or describing a model
// past MaxCells, is refused before more is read, and the model takes about
// the memory of its numbers. The error wraps ErrFormat, ErrVersion, ErrKind
// or ErrKernel (see the package documentation), and also a
// *classify.SettingError for a setting the solver's Fit would refuse, as
// Write's does; it says what is wrong in one line, with the line of the
// file where it can, and quotes at most a few dozen bytes of it.
func Read(r io.Reader) (*Model, error) {
	p, err := parse(r)
	if err != nil {
		return nil, err
	}
	return p.model(), nil
}

// Save writes m to the file path (see Write). A model that Write refuses
// writes nothing. A regular file, or a new one, is written under a
// temporary name in its directory and renamed, so that it holds either its
// old content or the whole model, even if the program is killed, and keeps
// its permissions and owner; a symbolic link stays a link to the file it
// names. A file with several hard links is replaced under path alone: its
// other names keep the old content (the command line says so on standard
// error). A device, a named pipe or a pipe (/dev/stdout, bash's
// >(gzip > m.gz)) is written to as it is. A temporary file left by a
// program killed mid-save is removed by the next save of the same file.
func Save(path string, m Model) error {
	p, err := encode(m)
	if err != nil {
		return err
	}
	return safefile.Write(path, p.write)
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
		return nil, errtext.Errorf("modelio: %s: %w", path, err)
	}
	return m, nil
}

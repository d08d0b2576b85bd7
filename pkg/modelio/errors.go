package modelio

import "errors"

// Errors of Read and Write, wrapped with context; test with errors.Is.
// Their texts start with "modelio: ", and so do the messages that wrap them.
var (
	// ErrFormat: the input is not a model file of this package (not JSON,
	// another "format", a key in another case or twice, a missing or extra
	// section, vectors whose length is not the dimension, settings the
	// solver refuses, an SVM's w that is not Σⱼ coefⱼ·supportⱼ, vote counts
	// past 2⁵³, past MaxBytes or MaxCells), or a model cannot be written as
	// one.
	ErrFormat = errors.New("modelio: malformed model file")
	// ErrVersion: the file has a format version this package does not read.
	ErrVersion = errors.New("modelio: unsupported model file version")
	// ErrKind: the file names no solver of this library, or the model to
	// write is not of the type the solver's Fit returns.
	ErrKind = errors.New("modelio: wrong model kind")
	// ErrKernel: the kernel is unknown or its parameters are invalid (the
	// error then wraps kernel.ErrParameter too).
	ErrKernel = errors.New("modelio: bad kernel")
)

package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/marginnotes/marginnotes/internal/cliutil"
)

// output buffers what a command prints. The bufio.Writer keeps the first
// write error, so that Close, called once the command is done, reports a
// full disk or a closed file however much was printed.
type output struct {
	*bufio.Writer
}

func newOutput(w io.Writer) output { return output{bufio.NewWriter(w)} }

// Close flushes the output and returns the first write error.
func (o output) Close() error {
	if err := o.Flush(); err != nil {
		return fmt.Errorf("writing the output: %w", err)
	}
	return nil
}

// writeJSON writes v as one indented JSON object. JSON has no NaN or
// infinity, so a value holding one is not written: the error is runErr,
// the error of the run that produced v, when there is one (it says why the
// numbers are not finite), and otherwise one that names the value.
func writeJSON(w io.Writer, v any, runErr error) error {
	b, err := json.MarshalIndent(v, "", "  ")
	var unsupported *json.UnsupportedValueError
	switch {
	case errors.As(err, &unsupported) && runErr != nil:
		return runErr
	case errors.As(err, &unsupported):
		return fmt.Errorf("the result holds %s, which JSON cannot carry; run without --json to see it", unsupported.Str)
	case err != nil:
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}

// short shortens text of the command line for a message (cliutil.Short).
func short(s string) string { return cliutil.Short(s) }

// bounded bounds an error message (cliutil.Bounded).
func bounded(msg string) string { return cliutil.Bounded(msg) }

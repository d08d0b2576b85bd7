package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"unicode/utf8"
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

// short shortens text of the command line for a message, as the data
// readers shorten the text of a file: at most 40 bytes, then "…".
func short(s string) string {
	const n = 40
	if len(s) <= n {
		return s
	}
	i := n
	for i > 0 && !utf8.RuneStart(s[i]) {
		i--
	}
	return s[:i] + "…"
}

// maxMessage bounds an error message, in bytes.
const maxMessage = 300

// bounded returns msg, or, past maxMessage bytes (an error of the flag
// package quoting a huge argument), its beginning and end around a note of
// what was cut, so that no message repeats megabytes of input.
func bounded(msg string) string {
	if len(msg) <= maxMessage {
		return msg
	}
	head, tail := maxMessage*2/3, maxMessage/4
	for head > 0 && !utf8.RuneStart(msg[head]) {
		head--
	}
	t := len(msg) - tail
	for t < len(msg) && !utf8.RuneStart(msg[t]) {
		t++
	}
	return fmt.Sprintf("%s… (%d bytes) …%s", msg[:head], t-head, msg[t:])
}

package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
)

// figuresProgram is the program that writes the figures. It is apart from
// marginnotes so that the commands that draw nothing do not initialise
// gonum/plot, its fonts and LaTeX renderer at every start (issue 24).
const figuresProgram = "marginnotes-figures"

// errFiguresMissing is the error of "figures" when marginnotes-figures is
// neither beside marginnotes nor on PATH.
var errFiguresMissing = errors.New("figures: " + figuresProgram + " is neither beside marginnotes nor on PATH: " +
	"go build -o DIR ./cmd/... (or go install ./cmd/...), or run go run ./cmd/" + figuresProgram)

// exitStatus is the error of a command that ran another program which
// exited with a status other than 0, having said why on standard error.
type exitStatus int

func (e exitStatus) Error() string { return fmt.Sprintf("exit status %d", int(e)) }

// figuresPath finds marginnotes-figures: beside the running executable,
// else on PATH.
func figuresPath() (string, error) {
	if self, err := os.Executable(); err == nil {
		p := filepath.Join(filepath.Dir(self), figuresProgram)
		if st, err := os.Stat(p); err == nil && st.Mode().IsRegular() && st.Mode()&0o111 != 0 {
			return p, nil
		}
	}
	if p, err := exec.LookPath(figuresProgram); err == nil {
		return p, nil
	}
	return "", errFiguresMissing
}

// runFigures runs marginnotes-figures with args, its standard output to
// stdout (after what marginnotes has buffered) and its errors to stderr.
func runFigures(args []string, stdin io.Reader, stdout output, stderr io.Writer) error {
	p, err := figuresPath()
	if err != nil {
		return err
	}
	if err := stdout.Flush(); err != nil {
		return nil // Close reports it
	}
	cmd := exec.Command(p, args...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = stdin, stdout.Writer, stderr
	err = cmd.Run()
	var exit *exec.ExitError
	if errors.As(err, &exit) && exit.ExitCode() > 0 {
		return exitStatus(exit.ExitCode())
	}
	if err != nil {
		return fmt.Errorf("figures: %w", err)
	}
	return nil
}

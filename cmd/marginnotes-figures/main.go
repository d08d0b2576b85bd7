// Command marginnotes-figures writes every figure of the notebooks (the
// catalogue of package gallery) to a directory: "marginnotes figures" runs
// it. It is a program of its own so that marginnotes, whose other commands
// draw nothing, does not load gonum/plot and its fonts at every start.
//
// Usage:
//
//	marginnotes-figures --out DIR [--format svg,png,pdf] [--only PATTERN] [--lang en|zh]
//
// It prints the name of every file written, one a line. Errors are one line
// on standard error, with exit status 2 for bad usage and 1 otherwise.
package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/marginnotes/marginnotes/internal/cliutil"
	"github.com/marginnotes/marginnotes/pkg/figures"
	"github.com/marginnotes/marginnotes/pkg/gallery"
	"github.com/marginnotes/marginnotes/pkg/lang"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// usageError marks errors in the command line, which exit with status 2.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

func usagef(format string, args ...any) error {
	return usageError{fmt.Sprintf(format, args...)}
}

var errHelp = errors.New("help requested")

// run executes the command line args and returns the exit status. The
// messages name the command as the user calls it, "marginnotes figures".
func run(args []string, stdout, stderr io.Writer) int {
	out := bufio.NewWriter(stdout)
	err := runFigures(args, out)
	if errors.Is(err, errHelp) {
		err = nil
	}
	// An error of the run comes first; a failed write is an error too.
	if ferr := out.Flush(); err == nil && ferr != nil {
		err = fmt.Errorf("writing the output: %w", ferr)
	}
	if err == nil {
		return 0
	}
	fmt.Fprintf(stderr, "marginnotes: %s\n", cliutil.Bounded(err.Error()))
	var u usageError
	if errors.As(err, &u) {
		return 2
	}
	return 1
}

// runFigures writes every figure of the notebooks (the catalogue
// gallery.All, or the entries --only selects), in the language --lang, to
// DIR/<name>.<format> at its house size, one line per file written on
// stdout.
func runFigures(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("figures", flag.ContinueOnError)
	out := fs.String("out", "", "directory to write the figures to (created if missing)")
	format := fs.String("format", strings.Join(figures.Formats(), ","), "comma-separated formats: "+strings.Join(figures.Formats(), ", "))
	only := fs.String("only", "*", "write only the figures whose name matches this shell pattern, e.g. '09-*'")
	language := fs.String("lang", "en", "language of the figures' words: en (English) or zh (Chinese, needs fonts-wqy-microhei)")
	if err := parseNone(fs, args, stdout); err != nil {
		return err
	}
	if *out == "" {
		return usagef("figures: --out DIR is required")
	}
	formats, err := formatList(*format)
	if err != nil {
		return err
	}
	l, err := lang.Parse(*language)
	if err != nil {
		return usagef("figures: --lang: %v", err)
	}
	entries, err := gallery.Match(*only)
	if err != nil {
		return usagef("figures: --only: %v", err)
	}
	if err := os.MkdirAll(*out, 0o755); err != nil {
		return fmt.Errorf("figures: %w", err)
	}
	for _, e := range entries {
		f, err := e.Build(l)
		if err != nil {
			return fmt.Errorf("figures: %w", err)
		}
		for _, ext := range formats {
			name := filepath.Join(*out, e.Name+"."+ext)
			if err := figures.Save(f, name); err != nil {
				return fmt.Errorf("figures: %s: %w", e.Name, err)
			}
			fmt.Fprintln(stdout, name)
		}
	}
	return nil
}

// parseNone parses args with fs for a command that takes options only, no
// FILE; the help text goes to out.
func parseNone(fs *flag.FlagSet, args []string, out io.Writer) error {
	fs.SetOutput(io.Discard)
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprintf(out, "usage: marginnotes %s [options]\n\noptions:\n", fs.Name())
			fs.SetOutput(out)
			fs.PrintDefaults()
			return errHelp
		}
		return usageError{fs.Name() + ": " + err.Error()}
	}
	if fs.NArg() > 0 {
		return usagef("%s: takes no FILE, got %q", fs.Name(), cliutil.Short(fs.Arg(0)))
	}
	return nil
}

// formatList parses a comma-separated list of figure formats, dropping
// repeats.
func formatList(s string) ([]string, error) {
	var formats []string
	for _, f := range strings.Split(s, ",") {
		f = strings.ToLower(strings.TrimSpace(f))
		if !slices.Contains(figures.Formats(), f) {
			return nil, usagef("figures: unknown --format %q (want %s)", cliutil.Short(f), strings.Join(figures.Formats(), ", "))
		}
		if !slices.Contains(formats, f) {
			formats = append(formats, f)
		}
	}
	return formats, nil
}

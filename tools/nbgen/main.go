// Command nbgen generates the project's Jupyter notebooks from their Markdown
// sources.
//
// A notebook is written as notebooks/src/NN-name.md and generated as
// notebooks/NN-name.ipynb (nbformat 4.5, GoNB kernel "gonb", no outputs).
// In a source file:
//
//   - a fenced block opened by a line "```go" and closed by a line "```"
//     becomes a code cell, verbatim; words after "go" on the opening line
//     are cell tags ("```go plot" marks a cell that must show a figure);
//   - the Markdown between code cells becomes a Markdown cell; a line
//     "+++" splits it into two cells; blank lines around cells are dropped;
//   - a line "<!-- expect: TEXT -->" after a code cell requires the outputs
//     of that cell to contain TEXT when the notebook tests run (it is stored
//     in the cell's metadata and does not appear in the notebook);
//   - Go code in Markdown that must not run is fenced with "~~~go".
//
// Cell ids are derived from each cell's content and the JSON is laid out as
// Python's nbformat writes it, so regenerating and executing a notebook only
// changes what changed.
//
// Usage:
//
//	nbgen [-src notebooks/src] [-out notebooks] [-check] [NAME.md ...]
//	nbgen -import NAME.ipynb [-src notebooks/src]
//
// Without names, nbgen handles every *.md in -src. With -check it writes
// nothing and exits with status 1 if a notebook in -out does not match its
// source (cells, sources, tags, expect markers, kernel) or has no source.
// make notebooks runs nbgen and then executes the notebooks in place.
//
// With -import it does the reverse for a notebook edited in Jupyter: it
// writes the notebook's cells, tags and expect markers to -src/NAME.md
// (outputs are dropped; run make notebooks afterwards).
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

func main() {
	src := flag.String("src", "notebooks/src", "directory of the Markdown sources")
	out := flag.String("out", "notebooks", "directory of the generated notebooks")
	check := flag.Bool("check", false, "check that the notebooks match their sources; write nothing")
	imp := flag.String("import", "", "write the source of this .ipynb notebook into -src")
	flag.Usage = func() {
		fmt.Fprintf(flag.CommandLine.Output(), "usage: nbgen [-src DIR] [-out DIR] [-check] [NAME.md ...]\n       nbgen -import NAME.ipynb [-src DIR]\n")
		flag.PrintDefaults()
	}
	flag.Parse()
	if *imp != "" {
		if err := runImport(*imp, *src); err != nil {
			fmt.Fprintf(os.Stderr, "nbgen: %v\n", err)
			os.Exit(1)
		}
		return
	}
	if err := run(*src, *out, *check, flag.Args()); err != nil {
		fmt.Fprintf(os.Stderr, "nbgen: %v\n", err)
		os.Exit(1)
	}
}

func run(srcDir, outDir string, check bool, names []string) error {
	all := len(names) == 0
	if all {
		m, err := filepath.Glob(filepath.Join(srcDir, "*.md"))
		if err != nil {
			return err
		}
		for _, p := range m {
			if filepath.Base(p) != "README.md" {
				names = append(names, p)
			}
		}
		if len(names) == 0 {
			return fmt.Errorf("no sources in %s", srcDir)
		}
	}
	sort.Strings(names)

	var problems []string
	for _, p := range names {
		if !strings.HasSuffix(p, ".md") {
			return fmt.Errorf("%s: want a .md source", p)
		}
		if !all && !strings.ContainsRune(p, os.PathSeparator) {
			p = filepath.Join(srcDir, p)
		}
		text, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		cells, err := parse(p, string(text))
		if err != nil {
			return err
		}
		nb := build(cells)
		target := filepath.Join(outDir, strings.TrimSuffix(filepath.Base(p), ".md")+".ipynb")
		if check {
			saved, err := os.ReadFile(target)
			if err != nil {
				problems = append(problems, fmt.Sprintf("%s: missing; run make notebooks", target))
				continue
			}
			d, err := diff(cells, saved)
			if err != nil {
				return fmt.Errorf("%s: %v", target, err)
			}
			for _, s := range d {
				problems = append(problems, fmt.Sprintf("%s: %s (source %s; run make notebooks)", target, s, p))
			}
			continue
		}
		data, err := encode(nb)
		if err != nil {
			return err
		}
		if err := os.WriteFile(target, data, 0o644); err != nil {
			return err
		}
	}
	if check && all {
		// Every notebook must come from a source.
		m, err := filepath.Glob(filepath.Join(outDir, "*.ipynb"))
		if err != nil {
			return err
		}
		for _, nbPath := range m {
			s := filepath.Join(srcDir, strings.TrimSuffix(filepath.Base(nbPath), ".ipynb")+".md")
			if _, err := os.Stat(s); err != nil {
				problems = append(problems, fmt.Sprintf("%s: no source %s", nbPath, s))
			}
		}
	}
	if len(problems) > 0 {
		return fmt.Errorf("notebooks differ from their sources:\n\t%s", strings.Join(problems, "\n\t"))
	}
	return nil
}

func runImport(path, srcDir string) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	text, err := importNotebook(path, data)
	if err != nil {
		return err
	}
	target := filepath.Join(srcDir, strings.TrimSuffix(filepath.Base(path), ".ipynb")+".md")
	return os.WriteFile(target, []byte(text), 0o644)
}

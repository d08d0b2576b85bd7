// Command nbgen generates the project's Jupyter notebooks from their Markdown
// sources.
//
// A notebook is written as notebooks/src/NN-name.md and generated as
// notebooks/NN-name.ipynb, the English edition, and notebooks/zh/NN-name.ipynb,
// the Chinese edition (nbformat 4.5, GoNB kernel "gonb", no outputs). In a
// source file:
//
//   - a fenced block opened by a line "```go" and closed by a line "```"
//     becomes a code cell, verbatim; words after "go" on the opening line
//     are cell tags ("```go plot" marks a cell that must show a figure);
//   - the Markdown between code cells becomes a Markdown cell; a line
//     "+++" splits it into two cells; blank lines around cells are dropped;
//   - a line "<!-- expect: TEXT -->" after a code cell requires the outputs
//     of that cell to contain TEXT when the notebook tests run (it is stored
//     in the cell's metadata and does not appear in the notebook);
//   - Go code in Markdown that must not run is fenced with "~~~go";
//   - a block opened by a line ":::zh" and closed by a line ":::" right
//     after a Markdown cell is that cell's Chinese text. A source with one
//     such block must have one for every Markdown cell (generation fails
//     naming the cells without one; there is no English fallback in the
//     Chinese edition); a source without any makes the English edition only;
//   - code cells are the same in both editions, except that the Chinese
//     edition reads "lang.Chinese" wherever the source writes "lang.English"
//     (the language tables and figures are drawn in, package pkg/lang);
//   - "<!-- expect-en: TEXT -->" and "<!-- expect-zh: TEXT -->" are expect
//     markers of one edition only, for printed words.
//
// Cell ids are derived from each cell's content and the JSON is laid out as
// Python's nbformat writes it, so regenerating and executing a notebook only
// changes what changed.
//
// Usage:
//
//	nbgen [-src notebooks/src] [-out notebooks] [-check] [-require-zh] [-keep-outputs] [NAME.md ...]
//	nbgen -import NAME.ipynb [-src notebooks/src]
//
// Without names, nbgen handles every *.md in -src. With -check it writes
// nothing and exits with status 1 if a notebook of either edition does not
// match its source (cells, sources, tags, expect markers, the notebook's
// metadata) or has no source. With -require-zh every source must be
// bilingual. With -keep-outputs, a code cell keeps the outputs that the
// notebook already written holds for the cell of the same id (the same
// source): a change of Markdown, tags or metadata needs no new execution.
// make notebooks runs nbgen, executes the notebooks in place, and runs
// nbgen -keep-outputs, which writes back the metadata that execution
// replaced (the kernel's language_info).
//
// Besides the cells, nbgen writes the notebook's metadata: the GoNB
// kernel, language_info naming Go's Pygments lexer and CodeMirror mode
// (highlighting), the title (the first heading) and the edition's
// language; and it tags the setup cell (the code cell that runs
// scripts/gonb-workspace.sh) "setup", for the export to leave it out.
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
	requireZH := flag.Bool("require-zh", false, "fail on a source without Chinese text for every Markdown cell")
	imp := flag.String("import", "", "write the source of this .ipynb notebook into -src")
	keep := flag.Bool("keep-outputs", false, "keep the saved outputs of code cells whose source is unchanged")
	flag.Usage = func() {
		fmt.Fprintf(flag.CommandLine.Output(), "usage: nbgen [-src DIR] [-out DIR] [-check] [-require-zh] [-keep-outputs] [NAME.md ...]\n       nbgen -import NAME.ipynb [-src DIR]\n")
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
	if err := run(*src, *out, *check, *requireZH, *keep, flag.Args()); err != nil {
		fmt.Fprintf(os.Stderr, "nbgen: %v\n", err)
		os.Exit(1)
	}
}

func run(srcDir, outDir string, check, requireZH, keep bool, names []string) error {
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
		editions := []edition{english}
		if bilingual(cells) || requireZH {
			if err := missingChinese(p, cells); err != nil {
				return err
			}
			if err := unequalHeadings(p, cells); err != nil {
				return err
			}
			editions = append(editions, chinese)
		}
		for _, ed := range editions {
			target := filepath.Join(ed.dir(outDir), strings.TrimSuffix(filepath.Base(p), ".md")+".ipynb")
			if check {
				saved, err := os.ReadFile(target)
				if err != nil {
					problems = append(problems, fmt.Sprintf("%s: missing; run make notebooks", target))
					continue
				}
				d, err := diff(cells, saved, ed)
				if err != nil {
					return fmt.Errorf("%s: %v", target, err)
				}
				for _, s := range d {
					problems = append(problems, fmt.Sprintf("%s: %s (source %s; run make notebooks)", target, s, p))
				}
				continue
			}
			nb := build(cells, ed)
			if keep {
				if old, err := os.ReadFile(target); err == nil {
					kept, total, err := keepOutputs(nb, old)
					if err != nil {
						return fmt.Errorf("%s: %v", target, err)
					}
					if kept < total {
						fmt.Fprintf(os.Stderr, "nbgen: %s: %d of %d code cells changed and have no outputs: execute it (make notebooks)\n", target, total-kept, total)
					}
				} else if !os.IsNotExist(err) {
					return err
				}
			}
			data, err := encode(nb)
			if err != nil {
				return err
			}
			if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
				return err
			}
			if err := os.WriteFile(target, data, 0o644); err != nil {
				return err
			}
		}
	}
	if check && all {
		// Every notebook of either edition must come from a source.
		for _, ed := range []edition{english, chinese} {
			m, err := filepath.Glob(filepath.Join(ed.dir(outDir), "*.ipynb"))
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
	}
	if len(problems) > 0 {
		return fmt.Errorf("notebooks differ from their sources:\n\t%s", strings.Join(problems, "\n\t"))
	}
	return nil
}

// Command site builds the notes as a web site that opens offline from any
// folder: `make site`, after the HTML exports of `make html`.
//
//	go run ./tools/site [-notebooks DIR] [-html DIR] [-book DIR] [-out DIR]
//
// It reads the notebooks of both editions (DIR/NN-name.ipynb, English, and
// DIR/zh/NN-name.ipynb, Chinese; default notebooks/) only for their names
// and reading order, takes each one's self-contained page from the -html
// folder (default build/html: NAME.html and zh/NAME.html, as `make html`
// writes them, and glossary.html, which `scripts/export.sh glossary` makes
// from notebooks/glossary.md), and writes the site to -out (default
// build/site):
//
//	index.html, NN-name.html, glossary.html          the English edition
//	zh/index.html, zh/NN-name.html, zh/glossary.html  the Chinese edition
//	book/margin-notes.pdf, book/margin-notes-zh.pdf   the books, when built (-book, default build/book)
//	assets/site.css, assets/search.js                 the site's look and search
//	assets/search-index.js                            the search index of both editions
//	playground.html, zh/playground.html               the playground (-playground, default build/playground)
//
// Each page is its export, byte for byte, with a bar of links at the top
// (contents, previous, next, the same page in the other edition, glossary,
// search) and previous/next at the bottom: its formulas stay typeset, its
// figures and sliders work as in the export. Links between the notes
// (NN-name.ipynb, glossary.md) lead to the site's pages; a link to anything
// else (the repository's pkg/ folders, another site) becomes plain text,
// its target shown on hover, since the site holds no copy of it. An index
// page per edition lists the notebooks by their number with the title (the
// page's first h1) and the first sentence of its first paragraph.
//
// The search index holds every section (h1 to h3) of every page of both
// editions: its words (lower case), and Chinese as character bigrams (a
// single Chinese character, alone between non-Chinese text, as itself),
// each with its count; search.js splits a query the same way and ranks the
// sections that hold every term (BM25). It is a script, not a JSON file, so
// that a page opened from file:// can load it.
//
// The playground pages (tools/playground) get the bar of links where they
// hold <!--nav-->; the bar of every page, and each index, link to them, and
// a link to a state of the playground (playground.html#algo=…) must be one
// that package playground reads.
//
// Before it replaces -out, it checks what it wrote: every link and
// reference of every page leads to a file of the site (and a link's
// fragment to an id of that page) or is a data: URL, so the site requests
// nothing outside its folder.
package main

import (
	"flag"
	"fmt"
	"log"
	"os"
	"path/filepath"
)

func main() {
	log.SetFlags(0)
	log.SetPrefix("site: ")
	var c config
	flag.StringVar(&c.notebooks, "notebooks", "notebooks", "the notebooks: `DIR`/NN-name.ipynb and DIR/zh/NN-name.ipynb")
	flag.StringVar(&c.html, "html", filepath.Join("build", "html"), "their self-contained HTML exports (make html) and glossary.html, in `DIR`")
	flag.StringVar(&c.book, "book", filepath.Join("build", "book"), "the book PDFs (make book), when built, in `DIR`")
	flag.StringVar(&c.playground, "playground", filepath.Join("build", "playground"), "the playground pages (make playground), `DIR`/playground.html and DIR/zh/playground.html; \"\" for none")
	flag.StringVar(&c.out, "out", filepath.Join("build", "site"), "write the site to `DIR` (replaced)")
	flag.Usage = func() {
		fmt.Fprintf(flag.CommandLine.Output(), "usage: site [-notebooks DIR] [-html DIR] [-book DIR] [-playground DIR] [-out DIR]\n")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() > 0 {
		flag.Usage()
		os.Exit(2)
	}
	st, err := build(c)
	if err != nil {
		log.Fatal(err)
	}
	log.Printf("%s: %d pages (%d notebooks in English, %d in Chinese), %s; search index %s; books: %s",
		c.out, st.pages, st.notebooks["en"], st.notebooks["zh"], kB(st.bytes), kB(st.index), st.books)
}

// config is where the site comes from and goes.
type config struct {
	notebooks, html, book, out, playground string
}

func kB(n int64) string { return fmt.Sprintf("%d kB", (n+512)/1024) }

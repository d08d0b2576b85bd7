// Package cjk holds the rules of line breaking that the printed notes keep
// in Chinese text (the kinsoku rules of JIS X 4051 and of the W3C's
// requirements for Chinese text layout, clreq): the punctuation a line may
// not start with and the punctuation it may not end with. tools/export
// glues inline formulas to such punctuation (the browser would break a
// line between them), and the print tests check PDFs against the rules.
package cjk

import (
	"cmp"
	"encoding/xml"
	"fmt"
	"math"
	"slices"
	"strings"
	"unicode/utf8"
)

// Closing is the punctuation no line may start with: the closing brackets,
// quotes and marks of Chinese text, and their ASCII counterparts.
const Closing = "，。；：、）」』”’！？》〉】〕,.;:!?)]}%"

// Opening is the punctuation no line may end with.
const Opening = "（「『“‘《〈【〔([{"

// closingFullWidth is Closing without its ASCII marks: in a PDF's text a
// line of code may start with ")" or "}".
const closingFullWidth = "，。；：、）」』”’！？》〉】〕"

// bboxDoc is the part of pdftotext -bbox-layout's XHTML that BadLineStarts
// reads: the words of each page with their boxes.
type bboxDoc struct {
	Pages []struct {
		Words []bboxWord `xml:"flow>block>line>word"`
	} `xml:"body>doc>page"`
}

type bboxWord struct {
	XMin float64 `xml:"xMin,attr"`
	YMin float64 `xml:"yMin,attr"`
	YMax float64 `xml:"yMax,attr"`
	Text string  `xml:",chardata"`
}

// BadLineStarts returns the lines of a PDF, read from pdftotext
// -bbox-layout (XHTML with the box of every word), that start with
// full-width closing punctuation at a left edge of the page's text. A line
// is a row of words that share their vertical middle, within 3 points
// (poppler's own lines break where a formula leaves a gap). A formula is
// drawn, not written, and leaves no text: a line that starts with a
// formula followed by "，" has text that starts with "，", but further
// right than an edge, by the formula's width. The edges of a page are the
// left ends at which at least three of its lines in text of the same size
// (a word's height, within 15 %) start with something else than closing
// punctuation, to a quarter point (the margin, the indentation of list
// items: the browser sets the lines of one block at the very same left
// end). The size keeps a heading or a paragraph from taking the edge of
// the code or the table that happens to start where its punctuation does.
func BadLineStarts(bbox string) ([]string, error) {
	var doc bboxDoc
	dec := xml.NewDecoder(strings.NewReader(bbox))
	dec.Strict = false
	dec.Entity = xml.HTMLEntity
	if err := dec.Decode(&doc); err != nil {
		return nil, fmt.Errorf("cjk: reading pdftotext -bbox-layout: %w", err)
	}
	var bad []string
	for _, p := range doc.Pages {
		// The rows of the page, each as its words from left to right.
		words := slices.Clone(p.Words)
		mid := func(w bboxWord) float64 { return (w.YMin + w.YMax) / 2 }
		slices.SortStableFunc(words, func(a, b bboxWord) int { return cmp.Compare(mid(a), mid(b)) })
		var rows [][]bboxWord
		for _, w := range words {
			if n := len(rows); n > 0 && mid(w)-mid(rows[n-1][0]) < 3 {
				rows[n-1] = append(rows[n-1], w)
				continue
			}
			rows = append(rows, []bboxWord{w})
		}
		type start struct {
			x, height float64
			closing   bool
			text      string
		}
		var starts []start
		for _, r := range rows {
			slices.SortStableFunc(r, func(a, b bboxWord) int { return cmp.Compare(a.XMin, b.XMin) })
			c, _ := utf8.DecodeRuneInString(r[0].Text)
			var text []string
			for _, w := range r {
				text = append(text, w.Text)
			}
			starts = append(starts, start{r[0].XMin, r[0].YMax - r[0].YMin, strings.ContainsRune(closingFullWidth, c), strings.Join(text, " ")})
		}
		for _, s := range starts {
			if !s.closing {
				continue
			}
			// The lines in text of the same size that start at the same
			// place with something else.
			n := 0
			for _, o := range starts {
				if !o.closing && math.Abs(o.x-s.x) < 0.25 && sameSize(o.height, s.height) {
					n++
				}
			}
			if n >= 3 {
				bad = append(bad, s.text)
			}
		}
	}
	return bad, nil
}

// sameSize reports whether two words' heights are within 15 % of each
// other: text of one size.
func sameSize(a, b float64) bool { return math.Abs(a-b) < 0.15*max(a, b) }

// Package outline reads the outline (bookmarks) of a PDF with Debian's
// poppler-utils: tools/export reads a book's to fill its contents, and the
// print tests read it to check the book.
package outline

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"os/exec"
	"strconv"
	"strings"
)

// An Entry is an entry of a PDF's outline: its title, the page it leads to
// (from 1) and its depth (1 for the top level).
type Entry struct {
	Title string
	Page  int
	Depth int
}

// Read returns the outline of the PDF file pdf, its entries in document
// order (each before its children), as pdftohtml -xml writes it.
func Read(pdf string) ([]Entry, error) {
	// Only the first page's text: the outline comes whole.
	out, err := exec.Command("pdftohtml", "-xml", "-i", "-q", "-stdout", "-f", "1", "-l", "1", pdf).Output()
	if err != nil {
		return nil, fmt.Errorf("pdftohtml -xml %s (Debian: poppler-utils): %w", pdf, err)
	}
	return parseOutline(out)
}

// parseOutline reads the outline of pdftohtml's XML.
func parseOutline(data []byte) ([]Entry, error) {
	dec := xml.NewDecoder(bytes.NewReader(data))
	dec.Strict = false
	var items []Entry
	depth := 0
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			return items, nil
		}
		if err != nil {
			return nil, fmt.Errorf("outline: reading pdftohtml's outline: %w", err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			switch t.Name.Local {
			case "outline":
				depth++
			case "item":
				if depth == 0 {
					continue
				}
				var it struct {
					Page string `xml:"page,attr"`
					Text string `xml:",chardata"`
				}
				if err := dec.DecodeElement(&it, &t); err != nil {
					return nil, fmt.Errorf("outline: reading pdftohtml's outline: %w", err)
				}
				page, _ := strconv.Atoi(it.Page)
				items = append(items, Entry{strings.TrimSpace(it.Text), page, depth})
			}
		case xml.EndElement:
			if t.Name.Local == "outline" {
				depth--
			}
		}
	}
}

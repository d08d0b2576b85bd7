package main

import (
	"bytes"
	"fmt"
	"regexp"
	"slices"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/marginnotes/marginnotes/internal/sanitize"
)

// page is one page of the site made from an HTML export.
type page struct {
	ed     *edition
	name   string // NN-name, or "glossary"
	num    int    // the notebook's number; -1 for the glossary
	src    []byte // the export
	site   string // its path in the site, slash-separated: zh/02-primal-form.html
	nbPath string // what it is made from, under notebooks/: zh/02-primal-form.ipynb

	title    string // the text of the first h1
	desc     string // HTML: the first sentence of the first paragraph after it
	sections []section

	prev, next, other *page
}

// section is a part of a page that search results lead to: from a heading
// (h1 to h3) to the next.
type section struct {
	id      string // the heading's id ("" before the first heading)
	heading string
	text    string
}

// parseExport reads an export: its title, description and sections. It
// fails on a page without an h1.
func (p *page) parseExport() error {
	doc, err := html.Parse(bytes.NewReader(p.src))
	if err != nil {
		return err
	}
	// The notebook's Markdown as Jupyter shows it: no scripts, event
	// handlers or javascript: links, in the page and in its description.
	if sanitize.Notebook(doc) > 0 {
		p.src = []byte(render(doc))
	}
	h1 := find(doc, atom.H1)
	if h1 == nil {
		return fmt.Errorf("no h1 (the page's title)")
	}
	p.title = squash(text(h1))
	if para := description(h1); para != nil && sameCell(h1, para) {
		if t := strings.TrimSpace(text(para)); strings.HasPrefix(t, "Packages:") || strings.HasPrefix(t, "用到的包") {
			return fmt.Errorf("the index would describe the notebook by its packages (%.40q…): open the title cell with what the reader learns", t)
		}
		p.desc = render(firstSentence(para))
	}
	body := find(doc, atom.Body)
	if body == nil {
		return fmt.Errorf("no body")
	}
	p.sections = sections(body)
	return nil
}

// attr returns the attribute key of n, or "".
func attr(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if a.Namespace == "" && a.Key == key {
			return a.Val
		}
	}
	return ""
}

func hasClass(n *html.Node, class string) bool {
	return slices.Contains(strings.Fields(attr(n, "class")), class)
}

// find returns the first element a in n's tree.
func find(n *html.Node, a atom.Atom) *html.Node {
	for d := range n.Descendants() {
		if d.Type == html.ElementNode && d.DataAtom == a {
			return d
		}
	}
	return nil
}

// nextElement returns the first element a after n in document order, not
// inside n.
func nextElement(n *html.Node, a atom.Atom) *html.Node {
	for ; n != nil; n = n.Parent {
		for s := n.NextSibling; s != nil; s = s.NextSibling {
			if s.Type == html.ElementNode && s.DataAtom == a {
				return s
			}
			if s.Type == html.ElementNode {
				if f := find(s, a); f != nil {
					return f
				}
			}
		}
	}
	return nil
}

// description returns what the index tells of a notebook, from the title
// h1: the first key point, when a list follows the title (every notebook
// opens with what the reader learns, as a list, and then the packages it
// uses), else the first paragraph; nil when there is neither.
func description(h1 *html.Node) *html.Node {
	var first *html.Node
	for _, a := range []atom.Atom{atom.P, atom.Ul, atom.Ol} {
		if e := nextElement(h1, a); e != nil && (first == nil || precedes(e, first)) {
			first = e
		}
	}
	if first == nil || first.DataAtom == atom.P {
		return first
	}
	for li := range first.ChildNodes() {
		if li.Type == html.ElementNode && li.DataAtom == atom.Li {
			if para := find(li, atom.P); para != nil {
				return para // a loose list: the item's first paragraph
			}
			return li
		}
	}
	return nil
}

// precedes reports whether a comes before b in document order.
func precedes(a, b *html.Node) bool {
	root := a
	for root.Parent != nil {
		root = root.Parent
	}
	for n := range root.Descendants() {
		switch n {
		case a:
			return true
		case b:
			return false
		}
	}
	return false
}

// sameCell reports whether a and b are in the same notebook cell (an
// element of class jp-Cell), or both in none.
func sameCell(a, b *html.Node) bool {
	cell := func(n *html.Node) *html.Node {
		for ; n != nil; n = n.Parent {
			if hasClass(n, "jp-Cell") {
				return n
			}
		}
		return nil
	}
	return cell(a) == cell(b)
}

// skipped reports whether the text of n is no text of the page: scripts,
// styles, drawings (a formula's text is its MathML, beside its SVG), the
// prompts of the code cells, the headings' ¶ links and the text of their
// formulas for the PDF outline (span.mn-outline, beside the MathML).
func skipped(n *html.Node) bool {
	if n.Type != html.ElementNode {
		return false
	}
	switch n.DataAtom {
	case atom.Script, atom.Style, atom.Svg, atom.Template, atom.Button, atom.Select:
		return true
	}
	if n.Data == "svg" {
		return true
	}
	return hasClass(n, "anchor-link") || hasClass(n, "jp-InputPrompt") || hasClass(n, "jp-OutputPrompt") ||
		hasClass(n, "mn-site-nav") || hasClass(n, "mn-site-foot") || hasClass(n, "mn-outline")
}

// blocks are the elements whose text does not run on into the next.
var blocks = map[atom.Atom]bool{
	atom.P: true, atom.Div: true, atom.Li: true, atom.Tr: true, atom.Td: true, atom.Th: true,
	atom.Br: true, atom.Pre: true, atom.H1: true, atom.H2: true, atom.H3: true, atom.H4: true,
	atom.H5: true, atom.H6: true, atom.Table: true, atom.Ul: true, atom.Ol: true, atom.Blockquote: true,
	atom.Dt: true, atom.Dd: true, atom.Caption: true, atom.Figcaption: true,
}

// text returns the text of n as a reader sees it, with a line break
// between blocks.
func text(n *html.Node) string {
	var b strings.Builder
	writeText(&b, n)
	return b.String()
}

func writeText(b *strings.Builder, n *html.Node) {
	if skipped(n) {
		return
	}
	if n.Type == html.TextNode {
		b.WriteString(n.Data)
		return
	}
	block := n.Type == html.ElementNode && blocks[n.DataAtom]
	if block {
		b.WriteByte('\n')
	}
	for c := range n.ChildNodes() {
		writeText(b, c)
	}
	if block {
		b.WriteByte('\n')
	}
}

// squash joins the lines and runs of spaces of s into single spaces.
func squash(s string) string { return strings.Join(strings.Fields(s), " ") }

// sections splits the text of body at its headings h1 to h3: each starts
// a section, which holds the heading's text too.
func sections(body *html.Node) []section {
	var (
		out []section
		cur section
		b   strings.Builder
	)
	flush := func() {
		cur.text = squash(b.String())
		if cur.text != "" || cur.id != "" {
			out = append(out, cur)
		}
		b.Reset()
	}
	var visit func(n *html.Node)
	visit = func(n *html.Node) {
		switch {
		case skipped(n):
		case n.Type == html.ElementNode && (n.DataAtom == atom.H1 || n.DataAtom == atom.H2 || n.DataAtom == atom.H3):
			flush()
			cur = section{id: attr(n, "id"), heading: squash(text(n))}
			writeText(&b, n)
		case n.Type == html.TextNode:
			b.WriteString(n.Data)
		default:
			block := n.Type == html.ElementNode && blocks[n.DataAtom]
			if block {
				b.WriteByte('\n')
			}
			for c := range n.ChildNodes() {
				visit(c)
			}
			if block {
				b.WriteByte('\n')
			}
		}
	}
	visit(body)
	flush()
	return out
}

// sentenceEnd finds the end of a sentence in a text: a full stop,
// question or exclamation mark followed by a space or the end (not after a
// common abbreviation), or a Chinese one.
var sentenceEnd = regexp.MustCompile(`[.!?](\s|$)|[。！？]`)

// abbreviations end in a full stop that ends no sentence.
var abbreviations = regexp.MustCompile(`(?i)(\b(e\.g|i\.e|cf|vs|etc|al|fig|eq|no|ch|sec))$`)

// minDesc is the shortest description, in the width of a Latin letter (a
// Chinese character is two): a shorter first sentence takes the next one
// with it.
const minDesc = 60

// width returns the width of s in Latin letters, a Chinese character two.
func width(s string) int {
	n := 0
	for _, r := range s {
		n++
		if isHan(r) {
			n++
		}
	}
	return n
}

// firstSentence returns a span holding a copy of para's content up to the
// end of its first sentence, its formulas as MathML. A question is no
// description, nor a sentence shorter than minDesc: the next sentence
// joins it.
func firstSentence(para *html.Node) *html.Node {
	out := &html.Node{Type: html.ElementNode, Data: "span", DataAtom: atom.Span}
	done := false
	length := 0 // the width of the text copied so far
	var copyInto func(dst, n *html.Node)
	copyInto = func(dst, n *html.Node) {
		for c := range n.ChildNodes() {
			if done {
				return
			}
			switch {
			case c.Type == html.TextNode:
				t := c.Data
				for _, m := range sentenceEnd.FindAllStringIndex(t, -1) {
					end := m[0] + len(strings.TrimRightFunc(t[m[0]:m[1]], isSpace))
					switch {
					case t[m[0]] == '.' && abbreviations.MatchString(t[:m[0]]),
						t[m[0]] == '?' || strings.HasPrefix(t[m[0]:], "？"),
						length+width(t[:end]) < minDesc:
						continue
					}
					t, done = t[:end], true
					break
				}
				length += width(t)
				dst.AppendChild(&html.Node{Type: html.TextNode, Data: t})
			case c.Type == html.ElementNode && hasClass(c, "MathJax_SVG"):
				if m := find(c, atom.Math); m != nil {
					dst.AppendChild(clone(m))
					length += width(text(m))
				}
			case c.Type == html.ElementNode && !skipped(c):
				e := &html.Node{Type: c.Type, Data: c.Data, DataAtom: c.DataAtom, Namespace: c.Namespace}
				for _, a := range c.Attr {
					if a.Key != "id" && a.Key != "href" {
						e.Attr = append(e.Attr, a)
					}
				}
				if c.DataAtom == atom.A {
					// A link inside the index's own link: keep its text.
					e.Data, e.DataAtom, e.Attr = "span", atom.Span, nil
				}
				dst.AppendChild(e)
				copyInto(e, c)
			}
		}
	}
	copyInto(out, para)
	sanitize.Tree(out) // the paragraph may lie outside the Markdown
	return out
}

func isSpace(r rune) bool { return r == ' ' || r == '\n' || r == '\t' || r == '\r' }

// clone returns a deep copy of n.
func clone(n *html.Node) *html.Node {
	c := &html.Node{Type: n.Type, Data: n.Data, DataAtom: n.DataAtom, Namespace: n.Namespace, Attr: slices.Clone(n.Attr)}
	for k := range n.ChildNodes() {
		c.AppendChild(clone(k))
	}
	return c
}

// render writes n as HTML.
func render(n *html.Node) string {
	var b bytes.Buffer
	if err := html.Render(&b, n); err != nil {
		panic("site: rendering a parsed node: " + err.Error())
	}
	return b.String()
}

// Package sanitize removes from the HTML of a notebook's Markdown what
// Jupyter's own renderer removes before it shows a Markdown cell: the
// elements that run or load code or restyle the page (script, style,
// iframe, object, embed, base, link, meta, form, …), every event-handler
// attribute (onerror, onclick, …), and links and sources with the
// javascript: or vbscript: scheme, or data: other than an image. The
// tools that put notebook text into a page — tools/export (the HTML
// exports, their PDFs and the books) and tools/site (its pages and the
// index's descriptions) — pass their pages through it, since nbconvert
// renders Markdown with escape=False and without a sanitizer. It cleans
// the whole body but the outputs of code cells, so that Markdown that
// closes its cell's elements is cleaned where it lands.
package sanitize

import (
	"bytes"
	"errors"
	"slices"
	"strings"

	"golang.org/x/net/html"
)

// MarkdownClass is the class of the element that holds a Markdown cell's
// HTML in nbconvert's lab template.
const MarkdownClass = "jp-RenderedMarkdown"

// removed are the elements taken out whole, with their content.
var removed = map[string]bool{
	"script": true, "style": true, "iframe": true, "frame": true, "frameset": true,
	"object": true, "embed": true, "applet": true, "base": true, "link": true,
	"meta": true, "form": true, "input": true, "button": true, "textarea": true,
	"select": true, "portal": true, "noscript": true,
}

// urlAttrs are the attributes that hold a URL.
var urlAttrs = map[string]bool{
	"href": true, "src": true, "action": true, "formaction": true, "data": true,
	"poster": true, "background": true, "cite": true, "srcset": true, "lowsrc": true,
	"dynsrc": true, "ping": true, "longdesc": true, "codebase": true, "manifest": true,
	"xlink:href": true,
}

// OutputClass is the class of the element that holds a code cell's output
// in nbconvert's lab template.
const OutputClass = "jp-OutputArea-output"

// Notebook sanitizes, in place, what a notebook's Markdown can reach in an
// nbconvert export of it, and returns how many elements and attributes it
// removed: the body — where Markdown that closes its cell's elements lands
// too — and the attributes of <html> and <body> (a <body onload> in the
// text adds its attributes to the page's body). It leaves the head and the
// outputs of code cells (class OutputClass, but not MarkdownClass), which
// the notebook's own code wrote, as Jupyter trusts a trusted notebook's
// outputs.
func Notebook(doc *html.Node) int {
	n := 0
	var walk func(*html.Node)
	walk = func(e *html.Node) {
		for c := e.FirstChild; c != nil; c = c.NextSibling {
			if c.Type != html.ElementNode {
				continue
			}
			switch strings.ToLower(c.Data) {
			case "html":
				n += attrs(c)
				walk(c)
			case "body":
				n += tree(c, true)
			}
		}
	}
	walk(doc)
	return n
}

// trusted reports whether e is a code cell's output, which Tree leaves.
func trusted(e *html.Node) bool {
	classes := strings.Fields(attr(e, "class"))
	return slices.Contains(classes, OutputClass) && !slices.Contains(classes, MarkdownClass)
}

// Tree sanitizes n's own attributes and all its descendants, outputs of
// code cells included, in place, and returns how many elements and
// attributes it removed.
func Tree(n *html.Node) int { return tree(n, false) }

func tree(n *html.Node, inNotebook bool) int {
	count := attrs(n)
	for c := n.FirstChild; c != nil; {
		next := c.NextSibling
		switch {
		case c.Type != html.ElementNode:
		case unsafeElement(c):
			n.RemoveChild(c)
			count++
		case !inNotebook:
			count += tree(c, false)
		case slices.Contains(strings.Fields(attr(c, "class")), MarkdownClass):
			// A Markdown cell trusts nothing in it, an element with
			// the class of an output included.
			count += tree(c, false)
		case !trusted(c):
			count += tree(c, true)
		}
		c = next
	}
	return count
}

// attrs removes the unsafe attributes of n and returns how many.
func attrs(n *html.Node) int {
	if n.Type != html.ElementNode {
		return 0
	}
	kept := n.Attr[:0]
	for _, a := range n.Attr {
		if !unsafeAttr(n, a) {
			kept = append(kept, a)
		}
	}
	count := len(n.Attr) - len(kept)
	clear(n.Attr[len(kept):])
	n.Attr = kept
	return count
}

// unsafeElement reports whether e is removed whole: one of removed, or an
// SVG animation that sets a link or an event handler.
func unsafeElement(e *html.Node) bool {
	name := strings.ToLower(e.Data)
	if removed[name] {
		return true
	}
	switch name {
	case "animate", "set", "animatetransform", "animatemotion":
		target := strings.ToLower(attr(e, "attributeName"))
		return strings.HasSuffix(target, "href") || strings.HasPrefix(target, "on")
	}
	return false
}

// unsafeAttr reports whether the attribute a of e is removed: an event
// handler, or a URL with a scheme that runs code or carries a document.
func unsafeAttr(e *html.Node, a html.Attribute) bool {
	key := strings.ToLower(a.Key)
	if a.Namespace != "" {
		key = strings.ToLower(a.Namespace) + ":" + key
	}
	if strings.HasPrefix(key, "on") {
		return true
	}
	if !urlAttrs[key] && !strings.HasSuffix(key, ":href") {
		return false
	}
	// Browsers drop tabs and newlines anywhere in a URL and spaces and
	// controls around it: "jav&#x09;ascript:" is javascript:.
	v := strings.ToLower(strings.Map(func(r rune) rune {
		if r <= ' ' {
			return -1
		}
		return r
	}, a.Val))
	switch {
	case strings.HasPrefix(v, "javascript:"), strings.HasPrefix(v, "vbscript:"):
		return true
	case strings.HasPrefix(v, "data:"):
		// An image's own data (nbconvert embeds attachments so) is kept.
		return !(key == "src" && strings.ToLower(e.Data) == "img" && strings.HasPrefix(v, "data:image/"))
	}
	return false
}

func attr(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if a.Namespace == "" && strings.EqualFold(a.Key, key) {
			return a.Val
		}
	}
	return ""
}

// Page returns the HTML page src sanitized (Notebook),
// and how many elements and attributes it removed; src itself when none.
// The page returned is parsed again, as the browser will parse it, and
// sanitized again until that finds nothing to remove (markup that
// serializes into other markup, as a namespace confusion does), or it is
// an error.
func Page(src []byte) ([]byte, int, error) {
	total := 0
	for range 4 {
		doc, err := html.Parse(bytes.NewReader(src))
		if err != nil {
			return nil, 0, err
		}
		n := Notebook(doc)
		if n == 0 {
			return src, total, nil
		}
		total += n
		var b bytes.Buffer
		if err := html.Render(&b, doc); err != nil {
			return nil, 0, err
		}
		src = b.Bytes()
	}
	return nil, 0, errors.New("sanitize: the page is still unsafe after 4 passes")
}

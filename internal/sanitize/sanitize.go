// Package sanitize removes from the HTML of notebook Markdown what
// Jupyter's own renderer removes before it shows a Markdown cell: the
// elements that run or load code or restyle the page (script, style,
// iframe, object, embed, base, link, meta, form, …), every event-handler
// attribute (onerror, onclick, …), and links and sources with the
// javascript: or vbscript: scheme, or data: other than an image. The
// tools that put notebook text into a page — tools/export (the HTML
// exports, their PDFs and the books) and tools/site (its pages and the
// index's descriptions) — pass the rendered Markdown through it, since
// nbconvert renders Markdown with escape=False and without a sanitizer.
package sanitize

import (
	"bytes"
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

// Markdown sanitizes, in place, every element of doc of class
// MarkdownClass, and returns how many elements and attributes it removed.
func Markdown(doc *html.Node) int {
	n := 0
	var walk func(*html.Node)
	walk = func(e *html.Node) {
		if e.Type == html.ElementNode && slices.Contains(strings.Fields(attr(e, "class")), MarkdownClass) {
			n += Tree(e)
			return
		}
		for c := e.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
	return n
}

// Tree sanitizes the descendants of n and n's own attributes, in place,
// and returns how many elements and attributes it removed.
func Tree(n *html.Node) int {
	count := 0
	if n.Type == html.ElementNode {
		kept := n.Attr[:0]
		for _, a := range n.Attr {
			if unsafeAttr(n, a) {
				count++
				continue
			}
			kept = append(kept, a)
		}
		clear(n.Attr[len(kept):])
		n.Attr = kept
	}
	for c := n.FirstChild; c != nil; {
		next := c.NextSibling
		if c.Type == html.ElementNode && unsafeElement(c) {
			n.RemoveChild(c)
			count++
		} else {
			count += Tree(c)
		}
		c = next
	}
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

// Page returns the HTML page src with its Markdown sanitized (Markdown),
// and how many elements and attributes it removed; src itself when none.
func Page(src []byte) ([]byte, int, error) {
	doc, err := html.Parse(bytes.NewReader(src))
	if err != nil {
		return nil, 0, err
	}
	n := Markdown(doc)
	if n == 0 {
		return src, 0, nil
	}
	var b bytes.Buffer
	if err := html.Render(&b, doc); err != nil {
		return nil, 0, err
	}
	return b.Bytes(), n, nil
}

package main

import (
	"bytes"
	"fmt"
	"html/template"
	"io"
	"net/url"
	"path"
	"strings"

	"golang.org/x/net/html"
)

// resolve maps a link of page p, written for the notebooks' folder (a
// notebook's NN-name.ipynb, the glossary's glossary.md), to the site: the
// href to write, and whether the site holds its target. Fragments and
// data: URLs stay; a link to anything else has no target on the site.
func (s *site) resolve(p *page, href string) (string, bool) {
	href = strings.TrimSpace(href)
	if href == "" || strings.HasPrefix(href, "#") {
		return href, true
	}
	u, err := url.Parse(href)
	if err != nil {
		return "", false
	}
	if u.Scheme == "data" {
		return href, true
	}
	if u.Scheme != "" || u.Host != "" || strings.HasPrefix(u.Path, "/") {
		return "", false
	}
	rel, frag, _ := strings.Cut(href, "#")
	rel, _, _ = strings.Cut(rel, "?")
	rel, err = url.PathUnescape(rel)
	if err != nil {
		return "", false
	}
	target := path.Clean(path.Join(path.Dir(p.nbPath), rel))
	var to *page
	switch {
	case s.playground != nil && (target == playgroundBuild(english) || target == playgroundBuild(chinese)):
		to = &page{site: playgroundSite(english)}
		if target == playgroundBuild(chinese) {
			to.site = playgroundSite(chinese)
		}
	case target == "glossary.md":
		to = s.glossary[p.ed.Code]
	default:
		to = s.byNotebook[target]
	}
	if to == nil {
		return "", false
	}
	out := relPath(p.site, to.site)
	if frag != "" {
		out += "#" + frag
	}
	return out, true
}

// relPath returns the relative URL path from the page at from to the file
// at to, both slash-separated paths in the site; to "" is the site's root
// folder ("" or "../").
func relPath(from, to string) string {
	fromDir := strings.Split(path.Dir(from), "/")
	if fromDir[0] == "." {
		fromDir = nil
	}
	toParts := strings.Split(to, "/")
	toDir, file := toParts[:len(toParts)-1], toParts[len(toParts)-1]
	i := 0
	for i < len(fromDir) && i < len(toDir) && fromDir[i] == toDir[i] {
		i++
	}
	return strings.Repeat("../", len(fromDir)-i) + strings.Join(append(toDir[i:], file), "/")
}

// write writes page p: its export with the site's stylesheet in the head,
// the bar of links at the top of the body, previous/next and the search
// script at its end, the title of the site, and its links mapped by
// resolve.
func (s *site) write(w io.Writer, p *page) error {
	var nav, foot bytes.Buffer
	v := s.navView(p)
	if err := s.tmpl.ExecuteTemplate(&nav, "nav", v); err != nil {
		return err
	}
	if err := s.tmpl.ExecuteTemplate(&foot, "foot", v); err != nil {
		return err
	}
	head := fmt.Sprintf("<link rel=\"stylesheet\" href=\"%sassets/site.css\">\n", v.Root)

	z := html.NewTokenizer(bytes.NewReader(p.src))
	var (
		inBody, inTitle, titled, headed, footed bool
		unwrapped                               int // open <a> turned into <span>
	)
	put := func(b []byte) error { _, err := w.Write(b); return err }
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			if z.Err() != io.EOF {
				return z.Err()
			}
			break
		}
		raw := z.Raw()
		switch tt {
		case html.StartTagToken, html.SelfClosingTagToken:
			name, hasAttr := z.TagName()
			switch string(name) {
			case "html":
				// The edition's language, whatever the export says: the
				// glossary's one page serves both editions.
				raw = fmt.Appendf(nil, "<html lang=\"%s\"", p.ed.Lang)
				for hasAttr {
					var k, v []byte
					k, v, hasAttr = z.TagAttr()
					if !bytes.EqualFold(k, []byte("lang")) {
						raw = fmt.Appendf(raw, " %s=\"%s\"", k, html.EscapeString(string(v)))
					}
				}
				raw = append(raw, '>')
			case "title":
				inTitle = !inBody
			case "body":
				inBody = true
				if err := put(raw); err != nil {
					return err
				}
				raw = nav.Bytes()
			case "a":
				var href string
				var attrs []html.Attribute
				for hasAttr {
					var k, val []byte
					k, val, hasAttr = z.TagAttr()
					if string(k) == "href" {
						href = string(val)
						continue
					}
					attrs = append(attrs, html.Attribute{Key: string(k), Val: string(val)})
				}
				to, ok := s.resolve(p, href)
				if ok {
					attrs = append([]html.Attribute{{Key: "href", Val: to}}, attrs...)
					raw = startTag("a", attrs)
				} else {
					attrs = []html.Attribute{{Key: "class", Val: "mn-site-offsite"},
						{Key: "title", Val: fmt.Sprintf(p.ed.Words.NotHere, href)}}
					raw = startTag("span", attrs)
					unwrapped++
				}
			}
		case html.EndTagToken:
			name, _ := z.TagName()
			switch string(name) {
			case "title":
				if inTitle && !titled {
					if err := put([]byte(template.HTMLEscapeString(s.pageTitle(p)))); err != nil {
						return err
					}
				}
				titled, inTitle = titled || inTitle, false
			case "head":
				if err := put([]byte(head)); err != nil {
					return err
				}
				headed = true
			case "body":
				if err := put(foot.Bytes()); err != nil {
					return err
				}
				footed = true
			case "a":
				if unwrapped > 0 {
					raw = []byte("</span>")
					unwrapped--
				}
			}
		case html.TextToken:
			if inTitle && !titled {
				continue // replaced at </title>
			}
		}
		if err := put(raw); err != nil {
			return err
		}
	}
	switch {
	case !headed:
		return fmt.Errorf("no </head> in the export")
	case !inBody:
		return fmt.Errorf("no <body> in the export")
	case !footed:
		return put(foot.Bytes())
	}
	return nil
}

// startTag writes an element's start tag.
func startTag(name string, attrs []html.Attribute) []byte {
	var b bytes.Buffer
	b.WriteString("<" + name)
	for _, a := range attrs {
		fmt.Fprintf(&b, " %s=\"%s\"", a.Key, html.EscapeString(a.Val))
	}
	b.WriteString(">")
	return b.Bytes()
}

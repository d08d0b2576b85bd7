package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"

	"golang.org/x/net/html"
)

// urlAttrs are the attributes that hold a URL the browser may load or
// follow.
var urlAttrs = map[string]bool{
	"href": true, "src": true, "srcset": true, "xlink:href": true, "action": true, "formaction": true,
	"poster": true, "data": true, "background": true, "cite": true, "manifest": true, "ping": true,
	"longdesc": true, "icon": true, "codebase": true, "archive": true, "usemap": true,
}

// cssURL finds the URLs of CSS: url(…) and @import "…".
var cssURL = regexp.MustCompile(`url\(\s*(?:'([^']*)'|"([^"]*)"|([^'")\s]*))\s*\)|@import\s+(?:'([^']*)'|"([^"]*)")`)

// check checks the site in dir: every URL of every page and stylesheet is
// a data: URL, a fragment of its own page, or a relative path to a file in
// dir; a fragment names an id of the page it leads to. It returns every
// fault, at most 20 listed.
func check(dir string) error {
	pages := map[string]map[string]bool{} // page → its ids
	type ref struct{ file, url string }
	var refs []ref
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel := filepath.ToSlash(must(filepath.Rel(dir, p)))
		switch path.Ext(rel) {
		case ".html":
			data, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			ids, urls, err := pageRefs(data)
			if err != nil {
				return fmt.Errorf("%s: %w", rel, err)
			}
			pages[rel] = ids
			for _, u := range urls {
				refs = append(refs, ref{rel, u})
			}
		case ".css":
			data, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			for _, u := range cssURLs(string(data)) {
				refs = append(refs, ref{rel, u})
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	var errs []error
	for _, r := range refs {
		if err := checkURL(dir, pages, r.file, r.url); err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", r.file, err))
		}
	}
	if len(errs) > 20 {
		errs = append(errs[:20], fmt.Errorf("and %d more", len(errs)-20))
	}
	return errors.Join(errs...)
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// pageRefs returns the ids of a page and the URLs it refers to.
func pageRefs(data []byte) (ids map[string]bool, urls []string, err error) {
	ids = map[string]bool{}
	z := html.NewTokenizer(bytes.NewReader(data))
	inStyle := false
	for {
		tt := z.Next()
		switch tt {
		case html.ErrorToken:
			if z.Err() == io.EOF {
				return ids, urls, nil
			}
			return nil, nil, z.Err()
		case html.StartTagToken, html.SelfClosingTagToken:
			name, more := z.TagName()
			inStyle = string(name) == "style" && tt == html.StartTagToken
			var httpEquiv, content string
			for more {
				var k, v []byte
				k, v, more = z.TagAttr()
				key, val := string(k), string(v)
				switch {
				case key == "id" || key == "name" && string(name) == "a":
					ids[val] = true
				case key == "srcset":
					for _, c := range strings.Split(val, ",") {
						if f := strings.Fields(c); len(f) > 0 {
							urls = append(urls, f[0])
						}
					}
				case urlAttrs[key]:
					urls = append(urls, val)
				case key == "style":
					urls = append(urls, cssURLs(val)...)
				case key == "http-equiv":
					httpEquiv = strings.ToLower(val)
				case key == "content":
					content = val
				}
			}
			if httpEquiv == "refresh" {
				if _, u, ok := strings.Cut(strings.ToLower(content), "url="); ok {
					urls = append(urls, strings.Trim(u, `'" `))
				}
			}
		case html.TextToken:
			if inStyle {
				urls = append(urls, cssURLs(string(z.Text()))...)
			}
		case html.EndTagToken:
			inStyle = false
		}
	}
}

func cssURLs(css string) []string {
	var out []string
	for _, m := range cssURL.FindAllStringSubmatch(css, -1) {
		out = append(out, m[1]+m[2]+m[3]+m[4]+m[5])
	}
	return out
}

// checkURL checks one URL of the file from (slash-separated, relative to
// dir); see check.
func checkURL(dir string, pages map[string]map[string]bool, from, raw string) error {
	u := strings.TrimSpace(raw)
	low := strings.ToLower(u)
	switch {
	case u == "":
		return nil
	case strings.HasPrefix(low, "data:"):
		return nil
	case strings.HasPrefix(u, "#"):
		if ids, ok := pages[from]; ok && !hasID(ids, u[1:]) {
			return fmt.Errorf("link to #%s: no such id on the page", u[1:])
		}
		return nil
	}
	short := raw
	if len(short) > 100 {
		short = short[:100] + "…"
	}
	parsed, err := url.Parse(u)
	if err != nil {
		return fmt.Errorf("URL %q: %w", short, err)
	}
	if parsed.Scheme != "" || parsed.Host != "" || strings.HasPrefix(u, "/") || strings.HasPrefix(u, "\\") {
		return fmt.Errorf("URL %q leads outside the site's folder", short)
	}
	rel, frag, _ := strings.Cut(u, "#")
	rel, _, _ = strings.Cut(rel, "?")
	rel, err = url.PathUnescape(rel)
	if err != nil {
		return fmt.Errorf("URL %q: %w", short, err)
	}
	target := path.Join(path.Dir(from), rel)
	if target == ".." || strings.HasPrefix(target, "../") {
		return fmt.Errorf("URL %q leads outside the site's folder", short)
	}
	fi, err := os.Stat(filepath.Join(dir, filepath.FromSlash(target)))
	if err != nil || fi.IsDir() {
		return fmt.Errorf("URL %q: no file %s in the site", short, target)
	}
	if ok, err := isPlaygroundState(target, frag); ok {
		if err != nil {
			return fmt.Errorf("link %q: not a state of the playground: %w", short, err)
		}
		return nil
	}
	if ids, ok := pages[target]; ok && frag != "" && !hasID(ids, frag) {
		return fmt.Errorf("link %q: no id %q on %s", short, frag, target)
	}
	return nil
}

// hasID reports whether a fragment names one of ids, as a browser finds it:
// as written in the URL (which percent-encodes what is not ASCII), or
// percent-decoded.
func hasID(ids map[string]bool, frag string) bool {
	if ids[frag] || ids[fragmentEncode(frag)] {
		return true
	}
	d, err := url.PathUnescape(frag)
	return err == nil && ids[d]
}

// fragmentEncode percent-encodes a URL's fragment as a browser's URL
// parser does (WHATWG URL, fragment percent-encode set).
func fragmentEncode(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c <= ' ' || c >= 0x7f || c == '"' || c == '<' || c == '>' || c == '`' {
			fmt.Fprintf(&b, "%%%02X", c)
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}

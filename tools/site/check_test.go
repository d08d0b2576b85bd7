package main

import (
	"path/filepath"
	"strings"
	"testing"
)

func TestCheckFindsWhatLeavesTheFolder(t *testing.T) {
	ok := `<!DOCTYPE html><html><head><link rel="stylesheet" href="assets/site.css"></head><body>` +
		`<h2 id="s">S</h2><a href="#s">here</a><a href="zh/b.html#%E8%A1%A8">b</a><a href="zh/b.html#表">b</a>` +
		`<img src="data:image/png;base64,AAAA"><svg><use xlink:href="#s"></use></svg><div style="background: url('data:x')"></div></body></html>`
	b := `<!DOCTYPE html><html><body><h2 id="%E8%A1%A8">表</h2><a href="../index.html">a</a></body></html>`
	for _, tc := range []struct {
		name, page string
		want       string // in the error; "" for none
	}{
		{"fine", ``, ""},
		{"https image", `<img src="https://example.com/x.png">`, `"https://example.com/x.png" leads outside`},
		{"protocol-relative script", `<script src="//cdn.example.com/m.js"></script>`, `leads outside`},
		{"absolute path", `<link rel="stylesheet" href="/usr/share/javascript/mathjax/x.css">`, `leads outside`},
		{"file URL", `<a href="file:///usr/share/x.html">x</a>`, `leads outside`},
		{"above the folder", `<a href="../../outside.html">x</a>`, `leads outside`},
		{"missing file", `<a href="zh/c.html">c</a>`, `no file zh/c.html`},
		{"missing id", `<a href="#nowhere">x</a>`, `no such id`},
		{"missing id elsewhere", `<a href="zh/b.html#nowhere">x</a>`, `no id "nowhere" on zh/b.html`},
		{"srcset", `<img srcset="data:image/png;base64,AA 1x, http://example.com/2x.png 2x">`, `"http://example.com/2x.png" leads outside`},
		{"style attribute", `<div style="background: url(http://example.com/bg.png)"></div>`, `leads outside`},
		{"style element", `<style>@import "https://fonts.example.com/f.css";</style>`, `leads outside`},
		{"svg reference", `<svg><image xlink:href="https://example.com/i.png"></image></svg>`, `leads outside`},
		{"refresh", `<meta http-equiv="refresh" content="0; url=https://example.com/">`, `leads outside`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := tree(t, map[string]string{
				"index.html":      strings.Replace(ok, "</body>", tc.page+"</body>", 1),
				"zh/b.html":       b,
				"assets/site.css": `.x { background: url(data:image/png;base64,AAAA); }`,
			})
			err := check(dir)
			switch {
			case tc.want == "" && err != nil:
				t.Errorf("check: %v", err)
			case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
				t.Errorf("check: %v, want an error with %q", err, tc.want)
			}
		})
	}
	dir := tree(t, map[string]string{"index.html": ok, "zh/b.html": b,
		"assets/site.css": `.x { background: url("https://example.com/bg.png"); }`})
	if err := check(dir); err == nil || !strings.Contains(err.Error(), filepath.ToSlash("assets/site.css")) {
		t.Errorf("a stylesheet with a URL outside: %v", err)
	}
}

// TestNoURLOutsideTheSite reads every page the fixture's site holds and
// lists its URLs: none may have a scheme (data: aside) or an absolute path.
func TestNoURLOutsideTheSite(t *testing.T) {
	site := buildFixture(t, fixture(t))
	n := 0
	for _, name := range []string{"index.html", "01-a.html", "02-b.html", "08-c.html", "10-d.html", "glossary.html",
		"zh/index.html", "zh/01-a.html", "zh/02-b.html", "zh/08-c.html", "zh/glossary.html"} {
		p := readPage(t, site, name)
		_, urls, err := pageRefs([]byte(p.raw))
		if err != nil {
			t.Fatal(err)
		}
		for _, u := range urls {
			n++
			if strings.HasPrefix(u, "data:") || strings.HasPrefix(u, "#") {
				continue
			}
			if strings.Contains(u, ":") || strings.HasPrefix(u, "/") {
				t.Errorf("%s: URL %q", name, u)
			}
		}
	}
	if n < 50 {
		t.Errorf("only %d URLs in the pages: the scan is not reading them", n)
	}
}

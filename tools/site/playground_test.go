package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/net/html/atom"
)

// playgroundPage is a built playground page in the shape tools/playground
// writes.
func playgroundPage(lang, title string) string {
	return `<!DOCTYPE html>
<html lang="` + lang + `"><head><meta charset="utf-8"><title>` + title + `</title><style>body { margin: 0; }</style></head>
<body>
<!--nav-->
<h1>` + title + `</h1><canvas id="plane"></canvas><div id="result" data-result=""></div>
<script type="application/octet-stream" id="wasm">AAAA</script>
</body>
</html>
`
}

// The playground pages get the bar of links; every bar and index links to
// them, and a link to a state of the playground must be a state.
func TestPlayground(t *testing.T) {
	repo := fixture(t)
	for dir, page := range map[string]string{"": playgroundPage("en", "Playground"), "zh": playgroundPage("zh-CN", "演练场")} {
		p := filepath.Join(repo, "build", "playground", dir, "playground.html")
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(page), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	exp := filepath.Join(repo, "build", "html", "08-c.html")
	src, _ := os.ReadFile(exp)
	link := `<p><a href="playground.html#algo=svm&amp;points=3,3,1;4,3,1;1,1,-1">open in the playground</a></p></body>`
	if err := os.WriteFile(exp, []byte(strings.Replace(string(src), "</body>", link, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	build1 := func() (string, error) {
		out := filepath.Join(repo, "build", "site")
		_, err := build(config{notebooks: filepath.Join(repo, "notebooks"), html: filepath.Join(repo, "build", "html"),
			playground: filepath.Join(repo, "build", "playground"), out: out})
		return out, err
	}
	site, err := build1()
	if err != nil {
		t.Fatal(err)
	}
	for page, want := range map[string]struct{ nav, other, contents string }{
		"playground.html":    {"", "zh/playground.html", "index.html"},
		"zh/playground.html": {"", "../playground.html", "index.html"},
		"index.html":         {"playground.html", "", ""},
		"zh/index.html":      {"playground.html", "", ""},
		"02-b.html":          {"playground.html", "", ""},
		"zh/02-b.html":       {"playground.html", "", ""},
		"glossary.html":      {"playground.html", "", ""},
	} {
		p := readPage(t, site, page)
		var nav, other, contents string
		for n := range p.doc.Descendants() {
			if n.DataAtom == atom.A && hasClass(n, "mn-site-playground") {
				nav = attr(n, "href")
			}
			if n.DataAtom == atom.A && hasClass(n, "mn-site-lang") && other == "" {
				other = attr(n, "href")
			}
			if n.DataAtom == atom.A && hasClass(n, "mn-site-contents") {
				contents = attr(n, "href")
			}
		}
		if nav != want.nav || want.other != "" && (other != want.other || contents != want.contents) {
			t.Errorf("%s: playground link %q (want %q), other edition %q, contents %q", page, nav, want.nav, other, contents)
		}
		if strings.HasSuffix(page, "playground.html") && (strings.Contains(p.raw, "<!--nav-->") || !strings.Contains(p.raw, `id="wasm">AAAA<`)) {
			t.Errorf("%s: the bar is not in, or the page changed", page)
		}
	}
	for page, want := range map[string]string{"index.html": "The playground:", "zh/index.html": "演练场："} {
		if p := readPage(t, site, page); !strings.Contains(squash(text(p.doc)), want) {
			t.Errorf("%s does not introduce the playground", page)
		}
	}
	// A link from a notebook to a state of the playground leads to the site's page.
	if p := readPage(t, site, "08-c.html"); !strings.Contains(p.raw, `href="playground.html#algo=svm&amp;points=3,3,1;4,3,1;1,1,-1"`) {
		t.Errorf("the notebook's link to the playground is not the site's")
	}
	// A state the playground cannot read stops the build.
	if err := os.WriteFile(exp, []byte(strings.Replace(string(src), "</body>", strings.Replace(link, "algo=svm", "algo=knn", 1), 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := build1(); err == nil || !strings.Contains(err.Error(), "not a state of the playground") {
		t.Errorf("a bad state: %v", err)
	}
	// Without the pages the build says what makes them.
	os.RemoveAll(filepath.Join(repo, "build", "playground"))
	if _, err := build1(); err == nil || !strings.Contains(err.Error(), "make playground") {
		t.Errorf("no playground: %v", err)
	}
}

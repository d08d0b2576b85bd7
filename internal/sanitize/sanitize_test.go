package sanitize

import (
	"bytes"
	"strings"
	"testing"
)

// md wraps body as nbconvert's lab template wraps a Markdown cell, after a
// script of the template's own in the head and before a code cell's
// output with a script of the notebook's code.
func md(body string) string {
	return `<!DOCTYPE html><html><head><script src="mathjax.js"></script></head><body>` +
		`<div class="jp-Cell"><div class="jp-RenderedHTMLCommon jp-RenderedMarkdown jp-MarkdownOutput">` + body + `</div></div>` +
		`<div class="jp-Cell"><div class="jp-RenderedHTMLCommon jp-RenderedHTML jp-OutputArea-output"><script>window.template = 1</script></div></div></body></html>`
}

// TestPage: what Markdown rendered with escape=False lets through — an
// image's onerror, a link's onclick and javascript: URL, a script, an SVG
// or MathML link to javascript:, an iframe of a data: document, a style
// sheet — is gone, and the rest of the cell and the page's own scripts
// stay (issue 23 §1.4).
func TestPage(t *testing.T) {
	for _, c := range []struct{ name, in, want string }{
		{"onerror", `<p>A figure <img src="x.png" onerror="alert(1)" alt="fig"> here.</p>`, `<p>A figure <img src="x.png" alt="fig"/> here.</p>`},
		{"onclick and javascript:", `<p><a href="javascript:alert(2)" onclick="alert(3)" title="t">link</a></p>`, `<p><a title="t">link</a></p>`},
		{"obfuscated scheme", `<a href=" JaVa&#x09;Script:alert(1)">x</a><a href="#sec">y</a>`, `<a>x</a><a href="#sec">y</a>`},
		{"script", `<p>before</p><script>alert(4)</script><p>after</p>`, `<p>before</p><p>after</p>`},
		{"svg", `<svg><a xlink:href="javascript:alert(5)"><text>t</text></a><script>alert(6)</script><set attributeName="href" to="javascript:alert(7)"></set></svg>`,
			`<svg><a><text>t</text></a></svg>`},
		{"mathml", `<math><mi href="javascript:alert(8)" onmouseover="alert(9)">x</mi></math>`, `<math><mi>x</mi></math>`},
		{"iframe, style, form", `<iframe src="data:text/html,<script>alert(1)</script>"></iframe><style>body{display:none}</style><form action="x"><input></form><p>ok</p>`, `<p>ok</p>`},
		{"data", `<img src="data:image/png;base64,AAAA"><a href="data:text/html,hi">d</a>`, `<img src="data:image/png;base64,AAAA"/><a>d</a>`},
		{"forged output", `<div class="jp-OutputArea-output"><img src="x.png" onerror="alert(1)"><script>alert(2)</script></div>`,
			`<div class="jp-OutputArea-output"><img src="x.png"/></div>`},
		{"escape", `<p>x</p></div></div><img src="x.png" onerror="alert(1)"><p>y</p>`, ``},
		{"escape to body", `<body onload="alert(1)"><html onclick="alert(2)"><p>y</p>`, ``},
		{"plain", `<h2 id="s">Section</h2><p>The book's <em>Example 2.1</em>, $w \cdot x + b$, and <a href="https://example.org/">a link</a>.</p>`,
			`<h2 id="s">Section</h2><p>The book's <em>Example 2.1</em>, $w \cdot x + b$, and <a href="https://example.org/">a link</a>.</p>`},
	} {
		out, n, err := Page([]byte(md(c.in)))
		if err != nil {
			t.Fatal(err)
		}
		got := string(out)
		if !strings.Contains(got, `jp-MarkdownOutput">`+c.want+`</div>`) && !strings.HasPrefix(c.name, "escape") {
			t.Errorf("%s: got\n%s\nwant the cell %s", c.name, got, c.want)
		}
		for _, bad := range []string{"alert", "onerror", "onclick", "javascript", "<iframe", "<style", "<form"} {
			if strings.Contains(got, bad) {
				t.Errorf("%s: %q is still in the page", c.name, bad)
			}
		}
		if !strings.Contains(got, `<script src="mathjax.js">`) || !strings.Contains(got, `<script>window.template = 1</script>`) {
			t.Errorf("%s: the page's own scripts are gone:\n%s", c.name, got)
		}
		if (n == 0) != (c.name == "plain") || c.name == "plain" && got != md(c.in) {
			t.Errorf("%s: %d removed; a clean page is returned as it is", c.name, n)
		}
	}
}

// TestTree: the element given is sanitized too, its attributes as well.
func TestTree(t *testing.T) {
	out, _, _ := Page([]byte(md(`<span onclick="x()" class="c">a</span>`)))
	if !strings.Contains(string(out), `<span class="c">a</span>`) {
		t.Errorf("got %s", out)
	}
}

// FuzzPage: whatever the Markdown, the page Page returns, parsed again as
// a browser parses it, has nothing left to remove: no script, no event
// handler, no javascript: URL in its Markdown.
func FuzzPage(f *testing.F) {
	for _, s := range []string{
		`<img src=x onerror=alert(1)>`, `<a href="javascript:alert(1)">x</a>`, `<script>alert(1)</script>`,
		`<svg></p><style><a id="</style><img src=1 onerror=alert(1)>">`,
		`<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>`,
		`<noscript><p title="</noscript><img src=x onerror=alert(1)>">`,
		`<svg><a><animate attributeName=href values=javascript:alert(1) /><text>x</text></a></svg>`,
		`<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, body string) {
		out, _, err := Page([]byte(md(body)))
		if err != nil {
			return // refused: nothing is shown
		}
		again, n, err := Page(out)
		if err != nil || n != 0 || !bytes.Equal(again, out) {
			t.Errorf("Markdown %q: sanitized once, %d more to remove (%v):\n%s", body, n, err, out)
		}
	})
}

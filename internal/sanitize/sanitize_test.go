package sanitize

import (
	"strings"
	"testing"
)

// md wraps body as nbconvert's lab template wraps a Markdown cell, with a
// script of the template's own after it.
func md(body string) string {
	return `<!DOCTYPE html><html><head><script src="mathjax.js"></script></head><body>` +
		`<div class="jp-RenderedHTMLCommon jp-RenderedMarkdown jp-MarkdownOutput">` + body + `</div>` +
		`<script>window.template = 1</script></body></html>`
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
		{"plain", `<h2 id="s">Section</h2><p>The book's <em>Example 2.1</em>, $w \cdot x + b$, and <a href="https://example.org/">a link</a>.</p>`,
			`<h2 id="s">Section</h2><p>The book's <em>Example 2.1</em>, $w \cdot x + b$, and <a href="https://example.org/">a link</a>.</p>`},
	} {
		out, n, err := Page([]byte(md(c.in)))
		if err != nil {
			t.Fatal(err)
		}
		got := string(out)
		if !strings.Contains(got, `jp-MarkdownOutput">`+c.want+`</div>`) {
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

package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestSanitized: the page the browser opens for an nbconvert export whose
// Markdown (rendered with escape=False) holds an onerror, an onclick, a
// javascript: link and a script is a copy without them, beside the export
// and removed when done; the template's own script stays, and a clean
// export is opened as it is (issue 23 §1.4).
func TestSanitized(t *testing.T) {
	dir := t.TempDir()
	export := filepath.Join(dir, "02-primal-form.html")
	cell := `<div class="jp-RenderedHTMLCommon jp-RenderedMarkdown jp-MarkdownOutput" data-mime-type="text/markdown">` +
		`<h1 id="t">Title</h1><p><img src="fig.png" onerror="alert(1)"><a href="javascript:alert(2)" onclick="alert(3)">x</a></p><script>alert(4)</script></div>`
	page := `<!DOCTYPE html><html lang="en"><head><script src="file:///usr/share/javascript/mathjax/MathJax.js"></script></head><body>` + cell + `</body></html>`
	if err := os.WriteFile(export, []byte(page), 0o644); err != nil {
		t.Fatal(err)
	}
	opened, done, err := sanitized(export)
	if err != nil {
		t.Fatal(err)
	}
	if filepath.Dir(opened) != dir || opened == export {
		t.Errorf("opened %s, want a copy beside %s", opened, export)
	}
	b, err := os.ReadFile(opened)
	if err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{"alert", "onerror", "onclick", "javascript:"} {
		if strings.Contains(string(b), bad) {
			t.Errorf("the page opened holds %q:\n%s", bad, b)
		}
	}
	if !strings.Contains(string(b), `<script src="file:///usr/share/javascript/mathjax/MathJax.js">`) || !strings.Contains(string(b), `<img src="fig.png"/>`) {
		t.Errorf("the page lost its own script or the figure:\n%s", b)
	}
	done()
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("%d files after done, want the export alone", len(entries))
	}
	if got, _ := os.ReadFile(export); string(got) != page {
		t.Errorf("the export itself changed")
	}
	clean := filepath.Join(dir, "clean.html")
	if err := os.WriteFile(clean, []byte(strings.ReplaceAll(page, cell, "<p>clean</p>")), 0o644); err != nil {
		t.Fatal(err)
	}
	if opened, done, err := sanitized(clean); err != nil || opened != clean {
		t.Errorf("a clean export: opened %s (%v), want it as it is", opened, err)
	} else {
		done()
	}
}

// TestExportSanitized exports a notebook whose Markdown holds an image's
// onerror, a link's onclick and javascript: URL and a script through the
// whole pipeline (nbconvert, Chromium): none of them runs while the page
// is typeset (each would write "pwned" into the page) and none is in the
// self-contained page or its PDF's text. It needs what TestEquationNumbers
// needs.
func TestExportSanitized(t *testing.T) {
	needExport(t)
	dir := t.TempDir()
	md := "# Title\n\nA figure <img src=\"data:image/png;base64,AAAA\" onerror=\"document.body.append('pwned-1')\"> and " +
		"<a href=\"javascript:document.body.append('pwned-2')\" onclick=\"document.body.append('pwned-3')\">a link</a>.\n\n" +
		"<script>document.body.append('pwned-4')</script>\n\nThe end.\n"
	ipynb := markdownNotebook(t, filepath.Join(dir, "evil.ipynb"), md)
	raw := nbconvert(t, ipynb, filepath.Join(dir, "raw"))
	if b, _ := os.ReadFile(raw); !strings.Contains(string(b), "onerror") {
		t.Fatalf("nbconvert's export lacks the onerror this test removes")
	}
	if err := run([]string{raw}, filepath.Join(dir, "html"), filepath.Join(dir, "pdf"), time.Minute); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(dir, "html", "evil.html"))
	if err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{"pwned", "onerror", "onclick", "javascript:"} {
		if strings.Contains(string(b), bad) {
			t.Errorf("the self-contained page holds %q", bad)
		}
	}
	if !strings.Contains(string(b), "a link") || !strings.Contains(string(b), "The end.") {
		t.Errorf("the page lost the Markdown's text")
	}
	text, err := exec.Command("pdftotext", filepath.Join(dir, "pdf", "evil.pdf"), "-").Output()
	if err != nil || strings.Contains(string(text), "pwned") || !strings.Contains(string(text), "The end.") {
		t.Errorf("the PDF's text (%v):\n%s", err, text)
	}
	if entries, _ := os.ReadDir(filepath.Join(dir, "raw")); len(entries) != 1 {
		t.Errorf("%d files beside the export, want the export alone (the sanitized copy removed)", len(entries))
	}
}

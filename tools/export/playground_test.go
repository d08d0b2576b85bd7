package main

import (
	"html"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestPlaygroundPrintedDrawn exports a notebook whose output embeds a
// playground as notebook 15 does (an iframe.mn-playground with its page in
// srcdoc) whose script draws late, as the WebAssembly does, and checks that
// the PDF shows what it drew: before the export waited for #result's
// data-result, the plane printed empty.
func TestPlaygroundPrintedDrawn(t *testing.T) {
	needExport(t)
	page := `<!DOCTYPE html><html><body><p id="plane">waiting</p><div id="result" data-result=""></div>
<script>setTimeout(() => {
  document.getElementById('plane').textContent = 'PlaneDrawnLate';
  document.getElementById('result').dataset.result = '{"status":"converged"}';
}, 1500);</script></body></html>`
	frame := `<iframe class="mn-playground" title="playground" style="width: 100%; height: 200px" srcdoc="` + html.EscapeString(page) + `"></iframe>`
	nb := map[string]any{
		"nbformat": 4, "nbformat_minor": 5,
		"metadata": map[string]any{"language_info": map[string]any{"name": "go"}},
		"cells": []any{
			map[string]any{"cell_type": "markdown", "metadata": map[string]any{}, "source": "# 15. Playground\n\nThe plane below."},
			map[string]any{"cell_type": "code", "metadata": map[string]any{}, "source": "show()", "execution_count": 1,
				"outputs": []any{map[string]any{"output_type": "display_data", "metadata": map[string]any{},
					"data": map[string]any{"text/html": frame}}}},
		},
	}
	dir := t.TempDir()
	exportNotebook(t, dir, "15-pg", nb)
	text, err := exec.Command("pdftotext", "-layout", "-enc", "UTF-8", filepath.Join(dir, "pdf", "15-pg.pdf"), "-").Output()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(text), "PlaneDrawnLate") {
		t.Errorf("the PDF shows the playground before it drew:\n%s", text)
	}
}

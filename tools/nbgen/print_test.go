package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// setupSample is a source with the template's setup cell and an exercise
// list that a code cell interrupts.
const setupSample = "# 3. The dual form\n\nOverview.\n\n:::zh\n# 3. 对偶形式\n\n概述。\n:::\n\n" +
	"```go\n!*\"${GONB_DIR%/notebooks*}/scripts/gonb-workspace.sh\"  # use this repository's pkg/ in the notebook\n%noautoget\n\nimport \"fmt\"\n```\n\n" +
	"## Exercises\n\n1. First.\n\n:::zh\n## 习题\n\n1. 第一题。\n:::\n\n" +
	"```go plot\n%%\nfmt.Println(1)\n```\n\n" +
	"2. Second.\n\n:::zh\n2. 第二题。\n:::\n"

// TestNotebookMetadata checks what nbgen writes about the whole notebook
// in each edition: Go's lexer and CodeMirror mode (without which nbconvert
// highlights Go as Python), the title from the first heading, the edition's
// language, and the tag "setup" on the setup cell only.
func TestNotebookMetadata(t *testing.T) {
	cells, err := parse("03-d.md", setupSample)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		ed          edition
		title, lang string
	}{
		{english, "3. The dual form", "en"},
		{chinese, "3. 对偶形式", "zh-CN"},
	} {
		data, err := encode(build(cells, tc.ed))
		if err != nil {
			t.Fatal(err)
		}
		var nb struct {
			Metadata struct {
				LanguageInfo map[string]string `json:"language_info"`
				Title        string            `json:"title"`
				MarginNotes  map[string]string `json:"marginnotes"`
			} `json:"metadata"`
			Cells []struct {
				Metadata struct {
					Tags []string `json:"tags"`
				} `json:"metadata"`
			} `json:"cells"`
		}
		if err := json.Unmarshal(data, &nb); err != nil {
			t.Fatal(err)
		}
		li := nb.Metadata.LanguageInfo
		if li["name"] != "go" || li["pygments_lexer"] != "go" || li["codemirror_mode"] != "go" {
			t.Errorf("%s: language_info = %v, want Go's name, Pygments lexer and CodeMirror mode", tc.ed, li)
		}
		if nb.Metadata.Title != tc.title || nb.Metadata.MarginNotes["lang"] != tc.lang {
			t.Errorf("%s: title %q, lang %q; want %q, %q", tc.ed, nb.Metadata.Title, nb.Metadata.MarginNotes["lang"], tc.title, tc.lang)
		}
		var tags [][]string
		for _, c := range nb.Cells {
			tags = append(tags, c.Metadata.Tags)
		}
		want := [][]string{nil, {"setup"}, nil, {"plot"}, nil}
		if !reflect.DeepEqual(tags, want) {
			t.Errorf("%s: cell tags %q, want %q", tc.ed, tags, want)
		}
	}
}

// TestImportSetupTag checks that importing a notebook does not write the
// tag nbgen gives the setup cell into the source.
func TestImportSetupTag(t *testing.T) {
	cells, err := parse("03-d.md", setupSample)
	if err != nil {
		t.Fatal(err)
	}
	data, err := encode(build(cells, english))
	if err != nil {
		t.Fatal(err)
	}
	src, _, err := importNotebook("03-d.ipynb", data, cells)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(src, "```go setup") {
		t.Errorf("the imported source tags the setup cell:\n%s", src)
	}
	back, err := parse("back.md", src)
	if err != nil {
		t.Fatal(err)
	}
	again, err := encode(build(back, english))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(again, data) {
		t.Errorf("import, parse and build do not give the notebook back")
	}
}

// TestDiffLanguageInfo checks that -check fails on a notebook whose
// language_info execution replaced with GoNB's (empty Pygments lexer), as
// make notebooks leaves it before nbgen -keep-outputs.
func TestDiffLanguageInfo(t *testing.T) {
	cells, err := parse("03-d.md", setupSample)
	if err != nil {
		t.Fatal(err)
	}
	nb := build(cells, english)
	nb["metadata"].(map[string]any)["language_info"] = map[string]any{
		"codemirror_mode": "", "file_extension": ".go", "mimetype": "text/x-go", "name": "go",
		"nbconvert_exporter": "", "pygments_lexer": "", "version": "go1.26.8",
	}
	saved, err := encode(nb)
	if err != nil {
		t.Fatal(err)
	}
	d, err := diff(cells, saved, english)
	if err != nil || len(d) != 1 || !strings.Contains(d[0], "language_info") {
		t.Errorf("diff = %q, %v; want one difference, in language_info", d, err)
	}
}

// TestKeepOutputs checks -keep-outputs: regenerating a notebook whose
// Markdown and tags changed keeps, byte for byte, the outputs of the code
// cells whose source did not change, drops those of a changed cell, and
// rewrites the metadata that execution replaced.
func TestKeepOutputs(t *testing.T) {
	dir := t.TempDir()
	src, out := filepath.Join(dir, "src"), filepath.Join(dir, "nb")
	if err := os.MkdirAll(src, 0o755); err != nil {
		t.Fatal(err)
	}
	write := func(text string) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(src, "03-d.md"), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(setupSample)
	if err := run(src, out, false, true, false, nil); err != nil {
		t.Fatal(err)
	}
	// Execute by hand: outputs in the layout nbformat writes them, with
	// a number and escapes that a decode and encode would change, and the
	// kernel's language_info.
	path := filepath.Join(out, "03-d.ipynb")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	output := `[
    {
     "data": {
      "text/plain": "1\u00e9 \u2028 <b>"
     },
     "metadata": {
      "image/png": {
       "width": 1.50e+2
      }
     },
     "output_type": "display_data"
    }
   ]`
	text := strings.Replace(string(data), "\"outputs\": []", "\"outputs\": "+output, 2)
	text = strings.Replace(text, "\"execution_count\": null", "\"execution_count\": 7", 2)
	text = strings.Replace(text, "\"pygments_lexer\": \"go\"", "\"pygments_lexer\": \"\"", 1)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	// Edit Markdown and the second code cell.
	write(strings.Replace(strings.Replace(setupSample, "1. First.", "1. The first.", 1), "fmt.Println(1)", "fmt.Println(2)", 1))
	if err := run(src, out, false, true, true, nil); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(got), output); n != 1 {
		t.Errorf("the unchanged code cell's outputs are kept %d times byte for byte, want once:\n%s", n, got)
	}
	if n := strings.Count(string(got), "\"execution_count\": 7"); n != 1 {
		t.Errorf("%d execution counts kept, want 1", n)
	}
	if !strings.Contains(string(got), "\"pygments_lexer\": \"go\"") {
		t.Errorf("language_info not written again:\n%s", got)
	}
	if err := run(src, out, true, true, false, nil); err != nil {
		t.Errorf("-check after -keep-outputs: %v", err)
	}
}

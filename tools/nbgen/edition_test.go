package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

const bilingualSample = "# 2. The primal form\n\nOverview.\n\n:::zh\n# 2. 感知机学习算法的原始形式\n\n概述。\n:::\n\n" +
	"+++\n\nSecond cell.\n:::zh\n第二个单元。\n:::\n\n" +
	"```go\nconst L = lang.English\n```\n\n" +
	"Table 2.1:\n\n:::zh\n表2.1：\n:::\n\n" +
	"```go\n%%\nnotebook.Table(report.PrimalTable(res.Trace, L))\n```\n" +
	"<!-- expect: x⁽¹⁾ + x⁽²⁾ − 3 -->\n" +
	"<!-- expect-en: misclassified -->\n" +
	"<!-- expect-zh: 误分类点 -->\n"

// cellsOf decodes the cells of an encoded notebook.
func cellsOf(t *testing.T, data []byte) []struct {
	CellType string         `json:"cell_type"`
	Source   []string       `json:"source"`
	Metadata map[string]any `json:"metadata"`
} {
	t.Helper()
	var nb struct {
		Cells []struct {
			CellType string         `json:"cell_type"`
			Source   []string       `json:"source"`
			Metadata map[string]any `json:"metadata"`
		} `json:"cells"`
	}
	if err := json.Unmarshal(data, &nb); err != nil {
		t.Fatal(err)
	}
	return nb.Cells
}

func TestEditions(t *testing.T) {
	cells, err := parse("b.md", bilingualSample)
	if err != nil {
		t.Fatal(err)
	}
	if !bilingual(cells) || missingChinese("b.md", cells) != nil {
		t.Fatalf("sample not bilingual: %v", missingChinese("b.md", cells))
	}
	for _, c := range []struct {
		ed                edition
		title, code, expt string
		absent            string
	}{
		{english, "# 2. The primal form\n", "const L = lang.English", "misclassified", "误分类点"},
		{chinese, "# 2. 感知机学习算法的原始形式\n", "const L = lang.Chinese", "误分类点", "misclassified"},
	} {
		data, err := encode(build(cells, c.ed))
		if err != nil {
			t.Fatal(err)
		}
		got := cellsOf(t, data)
		if len(got) != 5 {
			t.Fatalf("%v: %d cells, want 5", c.ed, len(got))
		}
		if got[0].Source[0] != c.title {
			t.Errorf("%v: title %q, want %q", c.ed, got[0].Source[0], c.title)
		}
		if got[2].Source[0] != c.code {
			t.Errorf("%v: code %q, want %q", c.ed, got[2].Source[0], c.code)
		}
		meta, _ := json.Marshal(got[4].Metadata)
		if !strings.Contains(string(meta), c.expt) || strings.Contains(string(meta), c.absent) ||
			!strings.Contains(string(meta), "x⁽¹⁾ + x⁽²⁾ − 3") {
			t.Errorf("%v: expect markers %s", c.ed, meta)
		}
		if d, err := diff(cells, data, c.ed); err != nil || len(d) != 0 {
			t.Errorf("%v: diff with own source = %v, %v", c.ed, d, err)
		}
	}
	// A Chinese notebook is not the English one.
	zh, _ := encode(build(cells, chinese))
	if d, _ := diff(cells, zh, english); len(d) == 0 {
		t.Error("the Chinese notebook passes as the English one")
	}
}

func TestMissingChinese(t *testing.T) {
	src := strings.Replace(bilingualSample, "\n:::zh\n表2.1：\n:::\n", "", 1)
	cells, err := parse("b.md", src)
	if err != nil {
		t.Fatal(err)
	}
	err = missingChinese("b.md", cells)
	if err == nil || !strings.Contains(err.Error(), `b.md:22: "Table 2.1:"`) {
		t.Errorf("missingChinese = %v, want the cell at line 22 named", err)
	}
}

func TestParseChineseErrors(t *testing.T) {
	for _, tc := range []struct{ name, src, msg string }{
		{"unclosed", "Text.\n:::zh\n文字\n", "no closing line"},
		{"runs into code", "Text.\n:::zh\n文字\n```go\nx\n```\n", "not closed by ::: before line 4"},
		{"after code", "```go\nx\n```\n:::zh\n文字\n:::\n", "without a Markdown cell"},
		{"first", ":::zh\n文字\n:::\n", "without a Markdown cell"},
		{"twice", "Text.\n:::zh\n文字\n:::\n:::zh\n又\n:::\n", "second Chinese block"},
		{"empty", "Text.\n:::zh\n\n:::\n", "empty Chinese block"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := parse("x.md", tc.src); err == nil || !strings.Contains(err.Error(), tc.msg) {
				t.Errorf("parse: err = %v, want one containing %q", err, tc.msg)
			}
		})
	}
}

// Importing either edition of a bilingual notebook gives its source back;
// an English edit keeps the Chinese and warns about it; a Chinese edit
// changes only the Chinese; a code edit in the Chinese edition is refused.
func TestImportBilingual(t *testing.T) {
	cells, err := parse("b.md", bilingualSample)
	if err != nil {
		t.Fatal(err)
	}
	en, _ := encode(build(cells, english))
	zh, _ := encode(build(cells, chinese))
	strip := func(cs []cell) []cell {
		for i := range cs {
			cs[i].line, cs[i].zhLine = 0, min(cs[i].zhLine, 1)
		}
		return cs
	}
	reparse := func(src string) []cell {
		t.Helper()
		c, err := parse("back.md", src)
		if err != nil {
			t.Fatalf("%v\n%s", err, src)
		}
		return strip(c)
	}
	want := strip(append([]cell(nil), cells...))

	src, warnings, err := importNotebook("b.ipynb", en, cells)
	if err != nil || len(warnings) != 0 || !reflect.DeepEqual(reparse(src), want) {
		t.Errorf("English import: %v %v\n%s", err, warnings, src)
	}
	src, err = importChinese("zh/b.ipynb", zh, cells)
	if err != nil || !reflect.DeepEqual(reparse(src), want) {
		t.Errorf("Chinese import: %v\n%s", err, src)
	}

	edited := []byte(strings.Replace(string(en), "Second cell.", "Second cell, edited.", 1))
	src, warnings, err = importNotebook("b.ipynb", edited, cells)
	if err != nil || len(warnings) != 1 || !strings.Contains(src, "Second cell, edited.\n\n:::zh\n第二个单元。\n:::") {
		t.Errorf("edited English import: %v %v\n%s", err, warnings, src)
	}
	editedZH := []byte(strings.Replace(string(zh), "第二个单元。", "第二个单元（改）。", 1))
	src, err = importChinese("zh/b.ipynb", editedZH, cells)
	if err != nil || !strings.Contains(src, "Second cell.\n\n:::zh\n第二个单元（改）。\n:::") {
		t.Errorf("edited Chinese import: %v\n%s", err, src)
	}
	codeZH := []byte(strings.Replace(string(zh), "const L = lang.Chinese", "const L = lang.Chinese // edited", 1))
	if _, err := importChinese("zh/b.ipynb", codeZH, cells); err == nil || !strings.Contains(err.Error(), "code cell 3") {
		t.Errorf("code edit in the Chinese edition: err = %v", err)
	}
}

// run writes both editions of a bilingual source and the English one of a
// monolingual source; -check sees edits in either edition and notebooks
// without a source; -require-zh refuses a monolingual source.
func TestRunEditions(t *testing.T) {
	dir := t.TempDir()
	src, out := filepath.Join(dir, "src"), filepath.Join(dir, "nb")
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(os.MkdirAll(src, 0o755))
	must(os.WriteFile(filepath.Join(src, "02-b.md"), []byte(bilingualSample), 0o644))
	must(os.WriteFile(filepath.Join(src, "03-m.md"), []byte(sample), 0o644))
	must(run(src, out, false, false, false, nil))
	for _, p := range []string{"02-b.ipynb", "zh/02-b.ipynb", "03-m.ipynb"} {
		if _, err := os.Stat(filepath.Join(out, p)); err != nil {
			t.Errorf("not written: %v", err)
		}
	}
	if _, err := os.Stat(filepath.Join(out, "zh", "03-m.ipynb")); err == nil {
		t.Error("a monolingual source made a Chinese notebook")
	}
	must(run(src, out, true, false, false, nil))
	if err := run(src, out, true, true, false, nil); err == nil || !strings.Contains(err.Error(), "03-m.md") {
		t.Errorf("-require-zh with a monolingual source: %v", err)
	}

	zhPath := filepath.Join(out, "zh", "02-b.ipynb")
	data, _ := os.ReadFile(zhPath)
	must(os.WriteFile(zhPath, []byte(strings.Replace(string(data), "概述。", "概述！", 1)), 0o644))
	if err := run(src, out, true, false, false, nil); err == nil || !strings.Contains(err.Error(), "zh/02-b.ipynb: cell 1") {
		t.Errorf("-check after a Chinese edit: %v", err)
	}
	must(os.WriteFile(zhPath, data, 0o644))
	must(os.WriteFile(filepath.Join(out, "zh", "09-orphan.ipynb"), data, 0o644))
	if err := run(src, out, true, false, false, nil); err == nil || !strings.Contains(err.Error(), "09-orphan.ipynb: no source") {
		t.Errorf("-check with an orphan Chinese notebook: %v", err)
	}
}

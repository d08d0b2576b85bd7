package main

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

const sample = "# Title\n\nOverview.\n\n+++\n\nSecond cell.\n\n" +
	"```go\nimport \"fmt\"\n```\n\n" +
	"Text.\n\n" +
	"```go plot slow\n%%\nfmt.Println(\"G\")\n```\n" +
	"<!-- expect: [[18 21 6] [21 25 7] [6 7 2]] -->\n" +
	"<!-- expect: 2/13 -->\n\n" +
	"~~~go\nnot a cell\n~~~\n"

func TestParse(t *testing.T) {
	cells, err := parse("sample.md", sample)
	if err != nil {
		t.Fatal(err)
	}
	want := []cell{
		{kind: "markdown", source: "# Title\n\nOverview.", line: 1},
		{kind: "markdown", source: "Second cell.", line: 7},
		{kind: "code", source: `import "fmt"`, line: 9},
		{kind: "markdown", source: "Text.", line: 13},
		{kind: "code", source: "%%\nfmt.Println(\"G\")", tags: []string{"plot", "slow"},
			expect: []string{"[[18 21 6] [21 25 7] [6 7 2]]", "2/13"}, line: 15},
		{kind: "markdown", source: "~~~go\nnot a cell\n~~~", line: 22},
	}
	if !reflect.DeepEqual(cells, want) {
		t.Errorf("parse:\n got %+v\nwant %+v", cells, want)
	}
}

func TestParseErrors(t *testing.T) {
	for _, tc := range []struct {
		name, src, msg string
	}{
		{"unclosed", "```go\nx := 1\n", "not closed"},
		{"expect first", "<!-- expect: 1 -->\n", "before the first code cell"},
		{"empty expect", "```go\nx\n```\n<!-- expect: -->\n", "empty expect"},
		{"empty code", "```go\n\n```\n", "empty code cell"},
		{"bad tag", "```go Plot\nx\n```\n", "tag"},
		{"nothing", "\n\n", "no cells"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := parse("x.md", tc.src)
			if err == nil || !strings.Contains(err.Error(), tc.msg) {
				t.Errorf("parse: err = %v, want one containing %q", err, tc.msg)
			}
		})
	}
}

func TestBuildStable(t *testing.T) {
	cells, err := parse("sample.md", sample)
	if err != nil {
		t.Fatal(err)
	}
	a, err := encode(build(cells, english))
	if err != nil {
		t.Fatal(err)
	}
	// Editing one cell changes that cell's id only.
	edited := strings.Replace(sample, "Text.", "Other text.", 1)
	cells2, err := parse("sample.md", edited)
	if err != nil {
		t.Fatal(err)
	}
	b, err := encode(build(cells2, english))
	if err != nil {
		t.Fatal(err)
	}
	ids := func(data []byte) []string {
		var nb struct {
			Cells []struct {
				ID string `json:"id"`
			} `json:"cells"`
		}
		if err := json.Unmarshal(data, &nb); err != nil {
			t.Fatal(err)
		}
		var s []string
		for _, c := range nb.Cells {
			s = append(s, c.ID)
		}
		return s
	}
	ia, ib := ids(a), ids(b)
	for i := range ia {
		if (ia[i] != ib[i]) != (i == 3) {
			t.Errorf("cell %d: ids %s and %s; only cell 3 was edited", i, ia[i], ib[i])
		}
	}
	// The layout of Python's nbformat: one-space indent, sorted keys, no
	// HTML escaping, lines split with their newlines, a final newline.
	s := string(a)
	for _, want := range []string{
		"{\n \"cells\": [\n  {\n   \"cell_type\": \"markdown\",\n   \"id\": ",
		"\"execution_count\": null,",
		"\"outputs\": [],",
		"\"source\": [\n    \"# Title\\n\",\n    \"\\n\",\n    \"Overview.\"\n   ]",
		"\"marginnotes\": {\n     \"expect\": [",
		"\"tags\": [\n     \"plot\",\n     \"slow\"\n    ]",
		"\"name\": \"gonb\"",
		"\"nbformat\": 4,\n \"nbformat_minor\": 5\n}\n",
	} {
		if !strings.Contains(s, want) {
			t.Errorf("encoded notebook lacks %q:\n%s", want, s)
		}
	}
	if strings.Contains(s, `\u003c`) || strings.Contains(s, `\u0026`) {
		t.Errorf("encoded notebook escapes HTML characters")
	}
}

func TestDiff(t *testing.T) {
	cells, err := parse("sample.md", sample)
	if err != nil {
		t.Fatal(err)
	}
	saved, err := encode(build(cells, english))
	if err != nil {
		t.Fatal(err)
	}
	if d, err := diff(cells, saved, english); err != nil || len(d) != 0 {
		t.Errorf("diff of a notebook with its own source = %v, %v; want none", d, err)
	}
	for _, edit := range []string{
		strings.Replace(sample, "Text.", "Other.", 1),
		strings.Replace(sample, "go plot slow", "go plot", 1),
		strings.Replace(sample, "<!-- expect: 2/13 -->\n", "", 1),
		strings.Replace(sample, "+++\n", "", 1),
	} {
		c2, err := parse("edited.md", edit)
		if err != nil {
			t.Fatal(err)
		}
		if d, err := diff(c2, saved, english); err != nil || len(d) == 0 {
			t.Errorf("diff after editing the source = %v, %v; want a difference", d, err)
		}
	}
}

func TestImportRoundTrip(t *testing.T) {
	cells, err := parse("sample.md", sample)
	if err != nil {
		t.Fatal(err)
	}
	data, err := encode(build(cells, english))
	if err != nil {
		t.Fatal(err)
	}
	src, _, err := importNotebook("sample.ipynb", data, nil)
	if err != nil {
		t.Fatal(err)
	}
	back, err := parse("imported.md", src)
	if err != nil {
		t.Fatal(err)
	}
	for i := range back {
		back[i].line, cells[i].line = 0, 0
	}
	if !reflect.DeepEqual(back, cells) {
		t.Errorf("import then parse:\n got %+v\nwant %+v\nsource:\n%s", back, cells, src)
	}
}

// Both editions have the same headings at the same levels: the review of
// the Chinese edition (s4, S1) found three headings missing in Chinese only.
func TestUnequalHeadings(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		ok        bool
	}{
		{"same", "# T\n\n## A\n\ntext\n\n:::zh\n# 标题\n\n## 甲\n\n正文\n:::\n", true},
		{"missing", "## Summary\n\nx\n\n## Exercises\n\n1. y\n\n:::zh\n## 小结\n\nx\n\n1. 乙\n:::\n", false},
		{"level", "## A\n\n:::zh\n### 甲\n:::\n", false},
		{"fenced", "```text\n# not a heading\n```\n\n:::zh\n```text\n# 不是标题\n```\n:::\n", true},
		{"fenced only in English", "```text\n# comment\n```\n\n:::zh\n正文\n:::\n", true},
		{"hash without space", "#hashtag\n\n:::zh\n正文\n:::\n", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cells, err := parse("x.md", tc.src)
			if err != nil {
				t.Fatal(err)
			}
			err = unequalHeadings("x.md", cells)
			if (err == nil) != tc.ok {
				t.Errorf("unequalHeadings = %v, want ok = %v", err, tc.ok)
			}
		})
	}
}

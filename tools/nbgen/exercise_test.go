package main

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// exerciseSample is an exercise in the source form of notebooks/README.md:
// the question, an answer cell, a check cell, the solution.
const exerciseSample = "1. Find λ.\n\n" +
	"```go answer\nvar answer1 any = exercise.Placeholder // ← your λ\n```\n" +
	"<!-- answer: []float64{1, 1, 1, 1} -->\n\n" +
	"```go check\n%%\nfmt.Println(exercise.Ex21(answer1, lang.English))\n```\n" +
	"<!-- expect-en: not answered yet -->\n<!-- expect-zh: 尚未作答 -->\n\n" +
	"<!-- solution: 1 -->\n\n" +
	"**Solution.** λ = ¼ each:\n\n" +
	"```go\n%%\nfmt.Println(1)\n```\n<!-- expect: 1 -->\n\n" +
	"<!-- end solution -->\n\n" +
	"2. Next question.\n"

func TestParseExercise(t *testing.T) {
	cells, err := parse("ex.md", exerciseSample)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, c := range cells {
		got = append(got, c.kind+"|"+strings.Join(c.tags, ",")+"|"+c.answer+"|"+c.solution)
	}
	want := []string{
		"markdown|||",
		"code|answer|[]float64{1, 1, 1, 1}|",
		"code|check||",
		"markdown|||1",
		"code|||1",
		"markdown|||",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("cells (kind|tags|answer|solution):\n got %q\nwant %q", got, want)
	}
	nb := build(cells, english)
	meta := func(i int) string {
		b, _ := json.Marshal(nb["cells"].([]any)[i].(map[string]any)["metadata"])
		return string(b)
	}
	for i, want := range map[int]string{
		1: `{"marginnotes":{"answer":"[]float64{1, 1, 1, 1}"},"tags":["answer"]}`,
		3: `{"marginnotes":{"solution":"1"},"tags":["solution"]}`,
		4: `{"marginnotes":{"expect":["1"],"solution":"1"},"tags":["solution"]}`,
		5: `{}`,
	} {
		if got := meta(i); got != want {
			t.Errorf("cell %d metadata %s, want %s", i+1, got, want)
		}
	}
	// The import writes the markers back.
	data, err := encode(nb)
	if err != nil {
		t.Fatal(err)
	}
	src, _, err := importNotebook("ex.ipynb", data, nil)
	if err != nil {
		t.Fatal(err)
	}
	back, err := parse("imported.md", src)
	if err != nil {
		t.Fatalf("%v\n%s", err, src)
	}
	for i := range back {
		back[i].line = 0
		// The import cannot tell which edition an expect marker was for.
		back[i].expect, back[i].expectEN, back[i].expectZH = nil, nil, nil
	}
	for i := range cells {
		cells[i].line = 0
		cells[i].expect, cells[i].expectEN, cells[i].expectZH = nil, nil, nil
	}
	if !reflect.DeepEqual(back, cells) {
		t.Errorf("import then parse:\n got %+v\nwant %+v\nsource:\n%s", back, cells, src)
	}
}

func TestParseExerciseErrors(t *testing.T) {
	check := "```go check\n%%\nfmt.Println(1)\n```\n<!-- expect-en: not answered yet -->\n<!-- expect-zh: 尚未作答 -->\n"
	for _, tc := range []struct{ name, src, msg string }{
		{"no answer marker", "```go answer\nvar a any = exercise.Placeholder\n```\n", "needs <!-- answer: VALUE -->"},
		{"no placeholder", "```go answer\nvar a any = 1\n```\n<!-- answer: 1 -->\n", "holds exercise.Placeholder once"},
		{"marker after a plain cell", "```go\nx\n```\n<!-- answer: 1 -->\n", "not right after an answer cell"},
		{"check without expect", "```go check\n%%\nfmt.Println(1)\n```\n", "a check cell needs"},
		{"check inside the solution", "<!-- solution: 1 -->\n" + check + "<!-- end solution -->\n", "inside solution 1"},
		{"unclosed", "<!-- solution: 2.1 -->\nText.\n", "no closing line"},
		{"nested", "<!-- solution: 1 -->\n<!-- solution: 2 -->\n", "opened inside solution 1"},
		{"end without start", "Text.\n<!-- end solution -->\n", "was not opened"},
		{"the solution tag", "```go solution\nx\n```\n", "is nbgen's"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := parse("x.md", tc.src)
			if err == nil || !strings.Contains(err.Error(), tc.msg) {
				t.Errorf("parse: err = %v, want one containing %q", err, tc.msg)
			}
		})
	}
	if _, err := parse("x.md", check); err != nil {
		t.Errorf("a check cell with its markers: %v", err)
	}
}

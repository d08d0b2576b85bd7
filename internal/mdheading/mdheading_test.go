package mdheading

import (
	"slices"
	"testing"
)

func TestLevels(t *testing.T) {
	for md, want := range map[string][]int{
		"# T\n\ntext\n\n## A\n\n### B":       {1, 2, 3},
		"```text\n# comment\n```\n\n## A":    {2},
		"~~~\n## not\n~~~":                   nil,
		"#hashtag\n\n####### seven\n   # ok": {1},
		"    # indented code":                nil,
	} {
		if got := Levels(md); !slices.Equal(got, want) {
			t.Errorf("Levels(%q) = %v, want %v", md, got, want)
		}
	}
}

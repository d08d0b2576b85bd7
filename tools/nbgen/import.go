package main

import (
	"encoding/json"
	"fmt"
	"strings"
)

// importNotebook turns an .ipynb file back into a source, for authors who
// edited a notebook in Jupyter: cells, tags and expect markers round-trip;
// outputs are dropped. It fails on a cell that a source cannot express.
func importNotebook(name string, data []byte) (string, error) {
	var nb struct {
		Cells []struct {
			CellType string          `json:"cell_type"`
			Source   json.RawMessage `json:"source"`
			Metadata struct {
				Tags        []string `json:"tags"`
				MarginNotes struct {
					Expect []string `json:"expect"`
				} `json:"marginnotes"`
			} `json:"metadata"`
		} `json:"cells"`
	}
	if err := json.Unmarshal(data, &nb); err != nil {
		return "", fmt.Errorf("%s: %v", name, err)
	}
	var b strings.Builder
	prevMarkdown := false
	for i, c := range nb.Cells {
		src, err := joinSource(c.Source)
		if err != nil {
			return "", fmt.Errorf("%s: cell %d: %v", name, i+1, err)
		}
		src = strings.Trim(src, "\n")
		for _, line := range strings.Split(src, "\n") {
			if (c.CellType == "code" && fenceClose.MatchString(line)) ||
				(c.CellType == "markdown" && (fenceOpen.MatchString(line) || expectLine.MatchString(line) || strings.TrimSpace(line) == cellBreak)) {
				return "", fmt.Errorf("%s: cell %d: line %q cannot be written in a source", name, i+1, line)
			}
		}
		if src == "" {
			continue
		}
		if b.Len() > 0 {
			b.WriteString("\n")
		}
		switch c.CellType {
		case "markdown":
			if prevMarkdown {
				b.WriteString(cellBreak + "\n\n")
			}
			b.WriteString(src + "\n")
			prevMarkdown = true
		case "code":
			b.WriteString("```go")
			for _, t := range c.Metadata.Tags {
				if !tagWord.MatchString(t) {
					return "", fmt.Errorf("%s: cell %d: tag %q cannot be written in a source", name, i+1, t)
				}
				b.WriteString(" " + t)
			}
			b.WriteString("\n" + src + "\n```\n")
			for _, e := range c.Metadata.MarginNotes.Expect {
				b.WriteString("<!-- expect: " + e + " -->\n")
			}
			prevMarkdown = false
		default:
			return "", fmt.Errorf("%s: cell %d is a %s cell; sources hold Markdown and code", name, i+1, c.CellType)
		}
	}
	return b.String(), nil
}

package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strings"
)

// A notebook in nbformat 4.5 is built from maps: encoding/json sorts map
// keys, so the output has the layout of Python's nbformat (indent 1, sorted
// keys) and executing a generated notebook with nbconvert changes only what
// execution adds.
type notebookJSON = map[string]any

// metaKey is the key of this project's cell metadata.
const metaKey = "marginnotes"

// kernelspec names the GoNB kernel that scripts/setup.sh registers.
var kernelspec = map[string]any{
	"display_name": "Go (gonb)",
	"language":     "go",
	"name":         "gonb",
}

// build turns cells into a notebook of the edition without outputs.
func build(cells []cell, ed edition) notebookJSON {
	seen := make(map[string]int)
	var list []any
	for _, c := range cells {
		src := ed.source(c)
		j := map[string]any{
			"cell_type": c.kind,
			"id":        cellID(c.kind, src, seen),
			"metadata":  cellMetadata(c, ed),
			"source":    splitLines(src),
		}
		if c.kind == "code" {
			j["execution_count"] = nil
			j["outputs"] = []any{}
		}
		list = append(list, j)
	}
	return notebookJSON{
		"cells": list,
		"metadata": map[string]any{
			"kernelspec":    kernelspec,
			"language_info": map[string]any{"name": "go"},
		},
		"nbformat":       4,
		"nbformat_minor": 5,
	}
}

// cellMetadata is what nbgen stores about a cell: its tags, and the texts
// its outputs must contain in the edition (read by notebooks/notebooks_test.go).
func cellMetadata(c cell, ed edition) map[string]any {
	m := map[string]any{}
	if len(c.tags) > 0 {
		m["tags"] = c.tags
	}
	if e := ed.expect(c); len(e) > 0 {
		m[metaKey] = map[string]any{"expect": e}
	}
	return m
}

// cellID derives a stable id from the cell's kind and source, so editing one
// cell changes only that cell's id. Repeated cells get a numbered suffix.
func cellID(kind, source string, seen map[string]int) string {
	sum := sha256.Sum256([]byte(kind + "\x00" + source))
	id := hex.EncodeToString(sum[:])[:12]
	seen[id]++
	if k := seen[id]; k > 1 {
		id = fmt.Sprintf("%s-%d", id, k)
	}
	return id
}

// splitLines splits s as nbformat stores multi-line strings: lines keep
// their "\n", the last line has none.
func splitLines(s string) []string {
	if s == "" {
		return []string{}
	}
	lines := strings.SplitAfter(s, "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}

// encode writes nb as nbformat does: one-space indent, no HTML escaping,
// and a final newline.
func encode(nb notebookJSON) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", " ")
	if err := enc.Encode(nb); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// savedNotebook is what -check reads back from an .ipynb file.
type savedNotebook struct {
	Cells []struct {
		CellType string          `json:"cell_type"`
		Metadata map[string]any  `json:"metadata"`
		Source   json.RawMessage `json:"source"`
	} `json:"cells"`
	Metadata struct {
		Kernelspec map[string]any `json:"kernelspec"`
	} `json:"metadata"`
}

// joinSource reads a cell source stored as a string or a list of lines.
func joinSource(raw json.RawMessage) (string, error) {
	var s string
	if err := json.Unmarshal(raw, &s); err == nil {
		return s, nil
	}
	var lines []string
	if err := json.Unmarshal(raw, &lines); err != nil {
		return "", err
	}
	return strings.Join(lines, ""), nil
}

// diff reports how the saved notebook of the edition differs from the one
// cells make in what nbgen controls: cell kinds, sources, tags, expect
// markers and the kernel. Outputs, execution counts and other metadata are
// ignored.
func diff(cells []cell, saved []byte, ed edition) ([]string, error) {
	var s savedNotebook
	if err := json.Unmarshal(saved, &s); err != nil {
		return nil, err
	}
	var d []string
	if !sameJSON(s.Metadata.Kernelspec, kernelspec) {
		d = append(d, fmt.Sprintf("kernelspec is %v, want %v", s.Metadata.Kernelspec, kernelspec))
	}
	if len(s.Cells) != len(cells) {
		d = append(d, fmt.Sprintf("%d cells, the source makes %d", len(s.Cells), len(cells)))
	}
	for i := range min(len(s.Cells), len(cells)) {
		g, c := cells[i], s.Cells[i]
		src, err := joinSource(c.Source)
		if err != nil {
			return nil, fmt.Errorf("cell %d: %v", i+1, err)
		}
		gm := cellMetadata(g, ed)
		switch {
		case c.CellType != g.kind:
			d = append(d, fmt.Sprintf("cell %d is %s, the source makes %s (line %d)", i+1, c.CellType, g.kind, g.line))
		case src != ed.source(g):
			d = append(d, fmt.Sprintf("cell %d: source differs from line %d", i+1, g.line))
		case !sameJSON(c.Metadata["tags"], gm["tags"]) || !sameJSON(c.Metadata[metaKey], gm[metaKey]):
			d = append(d, fmt.Sprintf("cell %d: tags or expect markers differ from line %d", i+1, g.line))
		}
	}
	return d, nil
}

// sameJSON reports whether a and b have the same JSON encoding.
func sameJSON(a, b any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return bytes.Equal(x, y)
}

package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
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

// languageInfo says that the notebook's code is Go, for highlighting:
// nbconvert picks its Pygments lexer from pygments_lexer (else from name),
// Jupyter its CodeMirror mode from codemirror_mode. GoNB's kernel_info
// reply leaves both empty, and executing a notebook (nbclient) replaces
// the notebook's language_info with the kernel's: so nbgen -keep-outputs
// writes it again after make notebooks has executed the notebooks, and
// -check fails on a notebook that lost it.
var languageInfo = map[string]any{
	"codemirror_mode": "go",
	"file_extension":  ".go",
	"mimetype":        "text/x-go",
	"name":            "go",
	"pygments_lexer":  "go",
}

// setupTag marks the setup cell (setupCell): the export template leaves
// it out of the HTML and PDF and says in one line how the notebook runs.
const setupTag = "setup"

// setupCell reports whether c is a notebook's setup cell, which the
// notebook template (notebooks/README.md) opens with the line running
// scripts/gonb-workspace.sh.
func setupCell(c cell) bool {
	first, _, _ := strings.Cut(c.source, "\n")
	return c.kind == "code" && strings.Contains(first, "scripts/gonb-workspace.sh")
}

// notebookMetadata is what nbgen writes into the notebook of the
// edition: the kernel, the language of the code, the title (the first
// Markdown cell's heading, which the export's <title> uses) and, under
// "marginnotes", the edition's language as a BCP 47 tag (the export's
// <html lang>).
func notebookMetadata(cells []cell, ed edition) map[string]any {
	m := map[string]any{
		"kernelspec":    kernelspec,
		"language_info": languageInfo,
		metaKey:         map[string]any{"lang": ed.tag()},
	}
	for _, c := range cells {
		if c.kind != "markdown" {
			continue
		}
		first, _, _ := strings.Cut(ed.source(c), "\n")
		if t, ok := strings.CutPrefix(first, "# "); ok && strings.TrimSpace(t) != "" {
			m["title"] = strings.TrimSpace(t)
		}
		break
	}
	return m
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
		"cells":          list,
		"metadata":       notebookMetadata(cells, ed),
		"nbformat":       4,
		"nbformat_minor": 5,
	}
}

// cellMetadata is what nbgen stores about a cell: its tags (setupTag
// added to the setup cell), and the texts its outputs must contain in the
// edition (read by notebooks/notebooks_test.go).
func cellMetadata(c cell, ed edition) map[string]any {
	m := map[string]any{}
	tags := c.tags
	if setupCell(c) && !slices.Contains(tags, setupTag) {
		tags = append(slices.Clip(tags), setupTag)
	}
	if c.solution != "" {
		tags = append(slices.Clip(tags), solutionTag)
	}
	if len(tags) > 0 {
		m["tags"] = tags
	}
	mn := map[string]any{}
	if e := ed.expect(c); len(e) > 0 {
		mn["expect"] = e
	}
	if c.answer != "" {
		mn["answer"] = c.answer
	}
	if c.solution != "" {
		mn["solution"] = c.solution
	}
	if len(mn) > 0 {
		m[metaKey] = mn
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

// keepOutputs gives each code cell of nb the outputs and execution count
// that the code cell of the same id holds in old, a saved notebook; the
// ids come from the cells' sources (cellID), so a cell whose source
// changed keeps nothing. The outputs are copied as they are, byte for
// byte. It returns how many code cells kept their outputs, of how many.
func keepOutputs(nb notebookJSON, old []byte) (kept, total int, err error) {
	var saved struct {
		Cells []struct {
			ID             string          `json:"id"`
			CellType       string          `json:"cell_type"`
			ExecutionCount json.RawMessage `json:"execution_count"`
			Outputs        json.RawMessage `json:"outputs"`
		} `json:"cells"`
	}
	if err := json.Unmarshal(old, &saved); err != nil {
		return 0, 0, err
	}
	type run struct{ count, outputs json.RawMessage }
	byID := map[string]run{}
	for _, c := range saved.Cells {
		if c.CellType == "code" && c.Outputs != nil {
			byID[c.ID] = run{c.ExecutionCount, c.Outputs}
		}
	}
	for _, c := range nb["cells"].([]any) {
		j := c.(map[string]any)
		if j["cell_type"] != "code" {
			continue
		}
		total++
		if r, ok := byID[j["id"].(string)]; ok {
			j["outputs"] = r.outputs
			if r.count != nil {
				j["execution_count"] = r.count
			}
			kept++
		}
	}
	return kept, total, nil
}

// savedNotebook is what -check reads back from an .ipynb file.
type savedNotebook struct {
	Cells []struct {
		CellType string          `json:"cell_type"`
		Metadata map[string]any  `json:"metadata"`
		Source   json.RawMessage `json:"source"`
	} `json:"cells"`
	Metadata map[string]any `json:"metadata"`
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
// markers and the notebook's metadata (notebookMetadata). Outputs,
// execution counts and other metadata are ignored.
func diff(cells []cell, saved []byte, ed edition) ([]string, error) {
	var s savedNotebook
	if err := json.Unmarshal(saved, &s); err != nil {
		return nil, err
	}
	var d []string
	want := notebookMetadata(cells, ed)
	for _, k := range slices.Sorted(maps.Keys(want)) {
		if !sameJSON(s.Metadata[k], want[k]) {
			d = append(d, fmt.Sprintf("metadata %s is %s, want %s", k, jsonText(s.Metadata[k]), jsonText(want[k])))
		}
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

// jsonText writes v as compact JSON, for messages.
func jsonText(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// sameJSON reports whether a and b have the same JSON encoding.
func sameJSON(a, b any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return bytes.Equal(x, y)
}

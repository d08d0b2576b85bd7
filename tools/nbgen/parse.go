package main

import (
	"bufio"
	"fmt"
	"regexp"
	"strings"
)

// A cell of a notebook as written in a source file.
type cell struct {
	kind   string   // "markdown" or "code"
	source string   // without a trailing newline
	tags   []string // code cells: the words after "```go"
	expect []string // code cells: texts their outputs must contain
	line   int      // line of the source file where the cell starts
}

var (
	// fenceOpen opens a code cell: "```go" followed by optional tags.
	fenceOpen = regexp.MustCompile("^```go(?:[ \t]+(.*))?$")
	// fenceClose closes it.
	fenceClose = regexp.MustCompile("^```[ \t]*$")
	// expectLine attaches a required text to the code cell above it.
	expectLine = regexp.MustCompile(`^<!--[ \t]*expect:[ \t]?(.*?)[ \t]*-->[ \t]*$`)
	// tagWord is what a tag may be made of.
	tagWord = regexp.MustCompile(`^[a-z0-9][a-z0-9-]*$`)
)

// cellBreak splits Markdown into two cells.
const cellBreak = "+++"

// parse splits a notebook source into cells. name is used in error messages.
func parse(name, src string) ([]cell, error) {
	var (
		cells []cell
		md    []string // the Markdown lines since the last cell
		mdAt  []int    // their line numbers
		code  *cell    // the code cell being read, if any
		last  = -1     // index in cells of the last code cell
	)
	flush := func() {
		// Trim blank lines at both ends; an empty region makes no cell.
		for len(md) > 0 && strings.TrimSpace(md[0]) == "" {
			md, mdAt = md[1:], mdAt[1:]
		}
		for len(md) > 0 && strings.TrimSpace(md[len(md)-1]) == "" {
			md, mdAt = md[:len(md)-1], mdAt[:len(mdAt)-1]
		}
		if len(md) > 0 {
			cells = append(cells, cell{kind: "markdown", source: strings.Join(md, "\n"), line: mdAt[0]})
		}
		md, mdAt = nil, nil
	}

	sc := bufio.NewScanner(strings.NewReader(src))
	sc.Buffer(make([]byte, 0, 64*1024), 16*1024*1024)
	n := 0
	var body []string
	for sc.Scan() {
		n++
		line := strings.TrimRight(sc.Text(), "\r")
		if code != nil {
			if fenceClose.MatchString(line) {
				code.source = strings.Join(body, "\n")
				if strings.TrimSpace(code.source) == "" {
					return nil, fmt.Errorf("%s:%d: empty code cell", name, code.line)
				}
				cells = append(cells, *code)
				last = len(cells) - 1
				code, body = nil, nil
				continue
			}
			body = append(body, line)
			continue
		}
		if m := fenceOpen.FindStringSubmatch(line); m != nil {
			flush()
			c := cell{kind: "code", line: n}
			for _, t := range strings.Fields(m[1]) {
				if !tagWord.MatchString(t) {
					return nil, fmt.Errorf("%s:%d: tag %q: want lower-case letters, digits and '-'", name, n, t)
				}
				c.tags = append(c.tags, t)
			}
			code = &c
			continue
		}
		if m := expectLine.FindStringSubmatch(line); m != nil {
			if last < 0 {
				return nil, fmt.Errorf("%s:%d: expect marker before the first code cell", name, n)
			}
			if m[1] == "" {
				return nil, fmt.Errorf("%s:%d: empty expect marker", name, n)
			}
			cells[last].expect = append(cells[last].expect, m[1])
			continue
		}
		if strings.TrimSpace(line) == cellBreak {
			flush()
			continue
		}
		md, mdAt = append(md, line), append(mdAt, n)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	if code != nil {
		return nil, fmt.Errorf("%s:%d: code cell not closed by ```", name, code.line)
	}
	flush()
	if len(cells) == 0 {
		return nil, fmt.Errorf("%s: no cells", name)
	}
	return cells, nil
}

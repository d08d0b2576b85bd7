package main

import (
	"bufio"
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/marginnotes/marginnotes/internal/mdheading"
)

// A cell of a notebook as written in a source file.
type cell struct {
	kind   string   // "markdown" or "code"
	source string   // without a trailing newline; English for Markdown
	tags   []string // code cells: the words after "```go"
	expect []string // code cells: texts their outputs must contain
	line   int      // line of the source file where the cell starts

	// zh is the Chinese text of a Markdown cell, from the block
	// ":::zh … :::" that follows it; zhLine is the line of ":::zh".
	zh     string
	zhLine int
	// expectEN and expectZH are texts only one edition's outputs must
	// contain ("<!-- expect-en: … -->", "<!-- expect-zh: … -->").
	expectEN, expectZH []string

	// answer is, for an answer cell (tag "answer"), the Go value that
	// answers its exercise ("<!-- answer: VALUE -->" after it): the test
	// of the notebooks puts it in place of exercise.Placeholder and wants
	// every check cell to print ✓.
	answer string
	// solution is the label of the exercise whose solution the cell
	// belongs to ("2.1", "4"): the cells between "<!-- solution: LABEL -->"
	// and "<!-- end solution -->", folded in the HTML and moved after the
	// exercises in the book.
	solution string
}

var (
	// fenceOpen opens a code cell: "```go" followed by optional tags.
	fenceOpen = regexp.MustCompile("^```go(?:[ \t]+(.*))?$")
	// fenceClose closes it.
	fenceClose = regexp.MustCompile("^```[ \t]*$")
	// expectLine attaches a required text to the code cell above it, for
	// both editions or (expect-en, expect-zh) for one.
	expectLine = regexp.MustCompile(`^<!--[ \t]*expect(|-en|-zh):[ \t]?(.*?)[ \t]*-->[ \t]*$`)
	// zhOpen opens the Chinese text of the Markdown cell above it; zhClose
	// closes it.
	zhOpen  = regexp.MustCompile(`^:::[ \t]*zh[ \t]*$`)
	zhClose = regexp.MustCompile(`^:::[ \t]*$`)
	// tagWord is what a tag may be made of.
	tagWord = regexp.MustCompile(`^[a-z0-9][a-z0-9-]*$`)
	// answerLine gives the answer cell above it its solution's value;
	// solutionOpen and solutionClose enclose the cells of a solution.
	answerLine    = regexp.MustCompile(`^<!--[ \t]*answer:[ \t]?(.*?)[ \t]*-->[ \t]*$`)
	solutionOpen  = regexp.MustCompile(`^<!--[ \t]*solution:[ \t]*([0-9][0-9.]*)[ \t]*-->[ \t]*$`)
	solutionClose = regexp.MustCompile(`^<!--[ \t]*end solution[ \t]*-->[ \t]*$`)
)

// The tags of the exercise cells (notebooks/README.md, Exercises): the
// answer cell holds exercise.Placeholder until the student answers, the
// check cell prints the verdict; nbgen tags the cells of a solution.
const (
	answerTag   = "answer"
	checkTag    = "check"
	solutionTag = "solution"
	placeholder = "exercise.Placeholder"
)

// cellBreak splits Markdown into two cells.
const cellBreak = "+++"

// parse splits a notebook source into cells. name is used in error messages.
func parse(name, src string) ([]cell, error) {
	var (
		cells  []cell
		md     []string // the Markdown lines since the last cell
		mdAt   []int    // their line numbers
		code   *cell    // the code cell being read, if any
		last   = -1     // index in cells of the last code cell
		zh     *cell    // the Markdown cell whose Chinese text is being read
		zhBody []string
		sol    string // the label of the solution being read
		solAt  int    // the line that opened it
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
			cells = append(cells, cell{kind: "markdown", source: strings.Join(md, "\n"), line: mdAt[0], solution: sol})
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
		if zh != nil {
			if zhClose.MatchString(line) {
				zh.zh = strings.Trim(strings.Join(zhBody, "\n"), "\n")
				if strings.TrimSpace(zh.zh) == "" {
					return nil, fmt.Errorf("%s:%d: empty Chinese block", name, zh.zhLine)
				}
				zh, zhBody = nil, nil
				continue
			}
			if fenceOpen.MatchString(line) || zhOpen.MatchString(line) || strings.TrimSpace(line) == cellBreak {
				return nil, fmt.Errorf("%s:%d: Chinese block not closed by ::: before line %d", name, zh.zhLine, n)
			}
			zhBody = append(zhBody, line)
			continue
		}
		if zhOpen.MatchString(line) {
			flush()
			if len(cells) == 0 || cells[len(cells)-1].kind != "markdown" {
				return nil, fmt.Errorf("%s:%d: Chinese block without a Markdown cell before it", name, n)
			}
			zh = &cells[len(cells)-1]
			if zh.zhLine != 0 {
				return nil, fmt.Errorf("%s:%d: second Chinese block for the Markdown cell of line %d (the first is at line %d)", name, n, zh.line, zh.zhLine)
			}
			zh.zhLine = n
			continue
		}
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
		if m := solutionOpen.FindStringSubmatch(line); m != nil {
			flush()
			if sol != "" {
				return nil, fmt.Errorf("%s:%d: solution %s opened inside solution %s (line %d)", name, n, m[1], sol, solAt)
			}
			sol, solAt = m[1], n
			continue
		}
		if solutionClose.MatchString(line) {
			flush()
			if sol == "" {
				return nil, fmt.Errorf("%s:%d: end of a solution that was not opened", name, n)
			}
			sol = ""
			continue
		}
		if m := answerLine.FindStringSubmatch(line); m != nil {
			if last < 0 || !slices.Contains(cells[last].tags, answerTag) || len(cells)-1 != last {
				return nil, fmt.Errorf("%s:%d: answer marker not right after an answer cell (tag %q)", name, n, answerTag)
			}
			if m[1] == "" || cells[last].answer != "" {
				return nil, fmt.Errorf("%s:%d: an answer cell takes one non-empty answer marker", name, n)
			}
			cells[last].answer = m[1]
			continue
		}
		if m := fenceOpen.FindStringSubmatch(line); m != nil {
			flush()
			c := cell{kind: "code", line: n, solution: sol}
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
			if m[2] == "" {
				return nil, fmt.Errorf("%s:%d: empty expect marker", name, n)
			}
			c := &cells[last]
			switch m[1] {
			case "":
				c.expect = append(c.expect, m[2])
			case "-en":
				c.expectEN = append(c.expectEN, m[2])
			case "-zh":
				c.expectZH = append(c.expectZH, m[2])
			}
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
	if zh != nil {
		return nil, fmt.Errorf("%s:%d: Chinese block has no closing line \":::\"", name, zh.zhLine)
	}
	if sol != "" {
		return nil, fmt.Errorf("%s:%d: solution %s has no closing line \"<!-- end solution -->\"", name, solAt, sol)
	}
	flush()
	if len(cells) == 0 {
		return nil, fmt.Errorf("%s: no cells", name)
	}
	return cells, checkExercises(name, cells)
}

// checkExercises checks the exercise cells: an answer cell holds
// exercise.Placeholder and has an answer marker; a check cell says "not
// answered yet" in each edition (its expect markers), because that is what
// the saved notebook prints; neither is part of a solution, which the
// student must not need to open.
func checkExercises(name string, cells []cell) error {
	for _, c := range cells {
		answer, check := slices.Contains(c.tags, answerTag), slices.Contains(c.tags, checkTag)
		switch {
		case slices.Contains(c.tags, solutionTag):
			return fmt.Errorf("%s:%d: tag %q is nbgen's: enclose the solution in <!-- solution: N --> … <!-- end solution -->", name, c.line, solutionTag)
		case (answer || check) && c.solution != "":
			return fmt.Errorf("%s:%d: an answer or check cell inside solution %s: put it before the solution", name, c.line, c.solution)
		case answer && strings.Count(c.source, placeholder) != 1:
			return fmt.Errorf("%s:%d: an answer cell holds %s once, the value the student replaces", name, c.line, placeholder)
		case answer && c.answer == "":
			return fmt.Errorf("%s:%d: an answer cell needs <!-- answer: VALUE --> after it, the solution's value", name, c.line)
		case check && !slices.Contains(append(slices.Clone(c.expect), c.expectEN...), "not answered yet"):
			return fmt.Errorf("%s:%d: a check cell needs <!-- expect-en: not answered yet -->", name, c.line)
		case check && bilingual(cells) && !slices.Contains(append(slices.Clone(c.expect), c.expectZH...), "尚未作答"):
			return fmt.Errorf("%s:%d: a check cell of a bilingual source needs <!-- expect-zh: 尚未作答 -->", name, c.line)
		}
	}
	return nil
}

// bilingual reports whether a source gives Chinese text for any Markdown
// cell; such a source must give it for every one (see missingChinese).
func bilingual(cells []cell) bool {
	for _, c := range cells {
		if c.zhLine != 0 {
			return true
		}
	}
	return false
}

// missingChinese names the Markdown cells without a Chinese block, by line
// and first words, so that the Chinese edition never falls back to English.
func missingChinese(name string, cells []cell) error {
	var missing []string
	for _, c := range cells {
		if c.kind == "markdown" && c.zhLine == 0 {
			first, _, _ := strings.Cut(c.source, "\n")
			if r := []rune(first); len(r) > 60 {
				first = string(r[:60]) + "…"
			}
			missing = append(missing, fmt.Sprintf("%s:%d: %q", name, c.line, first))
		}
	}
	if len(missing) > 0 {
		return fmt.Errorf("%d Markdown cells have no Chinese block (\":::zh\" … \":::\" after the cell):\n\t%s",
			len(missing), strings.Join(missing, "\n\t"))
	}
	return nil
}

// unequalHeadings names the Markdown cells whose Chinese text has other
// headings (their number or levels) than the English, so that both
// editions have the same sections: the contents of the book, its outline
// and the site's search index list them.
func unequalHeadings(name string, cells []cell) error {
	var bad []string
	for _, c := range cells {
		if c.kind != "markdown" || c.zhLine == 0 {
			continue
		}
		en, zh := mdheading.Levels(c.source), mdheading.Levels(c.zh)
		if !slices.Equal(en, zh) {
			first, _, _ := strings.Cut(c.source, "\n")
			if r := []rune(first); len(r) > 60 {
				first = string(r[:60]) + "…"
			}
			bad = append(bad, fmt.Sprintf("%s:%d: %q: heading levels %v in English, %v in Chinese (line %d)", name, c.line, first, en, zh, c.zhLine))
		}
	}
	if len(bad) > 0 {
		return fmt.Errorf("%d Markdown cells have other headings in Chinese than in English:\n\t%s",
			len(bad), strings.Join(bad, "\n\t"))
	}
	return nil
}

package cjk

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// bboxPage writes lines as pdftotext -bbox-layout does, one block each,
// 14 points apart; a line's words are separated by "|", each a word of
// its own 20 points to the right of the one before (poppler breaks a line
// where a formula leaves a gap).
func bboxPage(lines ...struct {
	x    string
	text string
}) string {
	s := `<html><body><doc><page width="595" height="842">`
	for i, l := range lines {
		x, _ := strconv.ParseFloat(l.x, 64)
		for j, w := range strings.Split(l.text, "|") {
			y := 100 + 14*float64(i) + 0.4*float64(j) // fonts differ a little in height
			s += fmt.Sprintf(`<flow><block><line><word xMin="%.2f" yMin="%.2f" yMax="%.2f">%s</word></line></block></flow>`,
				x+20*float64(j), y, y+10, w)
		}
	}
	return s + `</page></doc></body></html>`
}

// bboxRows writes lines at rows from row, of words height high.
func bboxRows(row int, height float64, lines ...struct {
	x    string
	text string
}) string {
	var s string
	for i, l := range lines {
		y := 100 + 14*float64(row+i)
		s += fmt.Sprintf(`<flow><block><line><word xMin="%s" yMin="%.2f" yMax="%.2f">%s</word></line></block></flow>`, l.x, y, y+height, l.text)
	}
	return s
}

func TestBadLineStarts(t *testing.T) {
	type line = struct{ x, text string }
	// A paragraph at x = 40, a list's items at 60: a line that starts with
	// "，" at either edge is a fault; one that starts further right (after
	// a formula, which leaves no text) is not, nor is "，" after a formula
	// within a line, nor a line of code that starts with ")".
	page := bboxPage(
		line{"40.1", "设点|，则|、"},
		line{"40.1", "的正侧；感知机"},
		line{"40.1", "的负侧"},
		line{"40.2", "；这一行的分号在行首"},
		line{"52.7", "，它的标签为"},
		line{"60.0", "第一项"},
		line{"60.1", "第二项"},
		line{"59.9", "第三项"},
		line{"60.0", "）这一项的括号在行首"},
		line{"71.4", "：样本点在间隔边界上"},
		line{"40.1", ")"},
	)
	// Lines of code in a smaller font start where a heading's "、" does
	// after its formula: not an edge of the heading's text.
	page = strings.Replace(page, `</page>`, bboxRows(12, 6,
		line{"71.4", "fmt.Println(1)"}, line{"71.4", "fmt.Println(2)"}, line{"71.4", "fmt.Println(3)"},
	)+`</page>`, 1)
	page = strings.Replace(page, `</page>`, bboxRows(20, 14, line{"71.4", "、 与"})+`</page>`, 1)
	got, err := BadLineStarts(page)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"；这一行的分号在行首", "）这一项的括号在行首"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("BadLineStarts = %q, want %q", got, want)
	}
}

// Package mdheading reads the ATX headings of Markdown ("## Exercises"):
// tools/nbgen refuses a Chinese block whose headings differ from its
// English cell's, and the notebooks' parity test compares the two editions'.
package mdheading

import (
	"regexp"
	"strings"
)

// line is an ATX heading: up to three spaces, one to six #, a space or tab.
var line = regexp.MustCompile(`^ {0,3}(#{1,6})[ \t]`)

// Levels lists the levels of the headings of md (2 for "## Exercises"),
// outside fenced blocks (``` or ~~~).
func Levels(md string) []int {
	var levels []int
	fenced := false
	for _, l := range strings.Split(md, "\n") {
		t := strings.TrimSpace(l)
		if strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~") {
			fenced = !fenced
			continue
		}
		if m := line.FindStringSubmatch(l); m != nil && !fenced {
			levels = append(levels, len(m[1]))
		}
	}
	return levels
}

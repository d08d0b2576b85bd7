package notebook_test

import (
	"github.com/marginnotes/marginnotes/pkg/notebook"
)

// Outside a GoNB cell, Table prints the Markdown it would display. The rows
// are the first two of book Table 2.1.
func ExampleTable() {
	notebook.Table(
		[]string{"k", "misclassified", "w", "b"},
		[][]string{
			{"0", "", "(0, 0)", "0"},
			{"1", "x1", "(3, 3)", "1"},
		})
	// Output:
	// | k | misclassified | w | b |
	// |---|---|---|---|
	// | 0 |  | (0, 0) | 0 |
	// | 1 | x1 | (3, 3) | 1 |
}

// Outside a GoNB cell, Markdown prints its argument.
func ExampleMarkdown() {
	notebook.Markdown("$k \\le (R/\\gamma)^2$")
	// Output:
	// $k \le (R/\gamma)^2$
}

package notebooks

import (
	"fmt"
	"html"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/marginnotes/marginnotes/internal/mdheading"
)

// Both editions run the same code, so they must show the same things: the
// same cells, headings and figures, and every number one edition prints the
// other prints too, whatever words surround it (issue 26 §5: 08's Chinese
// edition left out the solvers' error messages and their numbers).

// numberPattern is a number as the editions print it: digits with an
// optional fraction and an optional power of ten, e+04 or ×10⁻¹⁰ (the
// Chinese edition's form of scientific notation); a bare 10⁵ is a power of
// ten too.
var numberPattern = regexp.MustCompile(`\d+(?:\.\d+)?(?:[eE][+\-−]?\d+|×10[⁺⁻]?[⁰¹²³⁴⁵⁶⁷⁸⁹]+|[⁺⁻]?[⁰¹²³⁴⁵⁶⁷⁸⁹]+)?`)

// digitGroups are thousands written with a separator: 10 000, 10,000.
var digitGroups = regexp.MustCompile(`(\d)[ ,\x{202f}\x{2009}](\d{3})(\D|$)`)

var superscripts = strings.NewReplacer("⁰", "0", "¹", "1", "²", "2", "³", "3", "⁴", "4",
	"⁵", "5", "⁶", "6", "⁷", "7", "⁸", "8", "⁹", "9", "⁻", "-", "⁺", "+", "−", "-")

// printedNumbers returns the numbers of a cell's printed text, each once,
// in one canonical form (strconv's shortest 'g'): 1.298e-10, 1.298×10⁻¹⁰
// and 0.0000000001298 are the same number, and so are 10000, 10 000 and
// 10,000, and &#58; is a colon. Signs are left out (the minus of a formula is often a word
// away), and so are digits that are part of a name (x1, example72, λ_min2).
func printedNumbers(text string) []string {
	text = html.UnescapeString(text)
	for digitGroups.MatchString(text) {
		text = digitGroups.ReplaceAllString(text, "$1$2$3")
	}
	var nums []string
	for _, m := range numberPattern.FindAllStringIndex(text, -1) {
		if r, _ := utf8.DecodeLastRuneInString(text[:m[0]]); r == '_' || r == '.' ||
			unicode.IsLetter(r) && !unicode.Is(unicode.Han, r) {
			continue
		}
		nums = append(nums, canonicalNumber(text[m[0]:m[1]]))
	}
	slices.Sort(nums)
	return slices.Compact(nums)
}

// canonicalNumber writes a match of numberPattern in strconv's shortest
// form.
func canonicalNumber(s string) string {
	mant, exp := s, ""
	if i := strings.IndexAny(s, "eE"); i >= 0 {
		mant, exp = s[:i], s[i+1:]
	} else if i := strings.Index(s, "×10"); i >= 0 {
		mant, exp = s[:i], s[i+len("×10"):]
	} else if i := strings.IndexAny(s, "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻"); i >= 0 {
		if s[:i] != "10" {
			return s[:i] // x²: the number before the power
		}
		mant, exp = "1", s[i:]
	}
	v, err := strconv.ParseFloat(mant+"e"+superscripts.Replace(exp), 64)
	if exp == "" {
		v, err = strconv.ParseFloat(mant, 64)
	}
	if err != nil {
		return s
	}
	return strconv.FormatFloat(v, 'g', -1, 64)
}

// figureCount is the number of figures among a cell's outputs (notebook.Show
// sends SVG and PNG; a slider adds its HTML).
func figureCount(c *cell) int {
	n := 0
	for _, o := range c.Outputs {
		if _, ok := o.Data["image/svg+xml"]; ok {
			n++
		} else if _, ok := o.Data["image/png"]; ok {
			n++
		}
	}
	return n
}

// parityFaults compares a notebook's two editions.
func parityFaults(en, zh *notebook) []string {
	if len(en.Cells) != len(zh.Cells) {
		return []string{fmt.Sprintf("%d cells in English, %d in Chinese", len(en.Cells), len(zh.Cells))}
	}
	var faults []string
	for i := range en.Cells {
		e, z := &en.Cells[i], &zh.Cells[i]
		where := fmt.Sprintf("cell %d (%s)", i+1, firstLine(e.Source))
		if e.CellType != z.CellType {
			faults = append(faults, fmt.Sprintf("%s: a %s cell in English, %s in Chinese", where, e.CellType, z.CellType))
			continue
		}
		switch e.CellType {
		case "markdown":
			if he, hz := mdheading.Levels(string(e.Source)), mdheading.Levels(string(z.Source)); !slices.Equal(he, hz) {
				faults = append(faults, fmt.Sprintf("%s: heading levels %v in English, %v in Chinese", where, he, hz))
			}
		case "code":
			if fe, fz := figureCount(e), figureCount(z); fe != fz {
				faults = append(faults, fmt.Sprintf("%s: %d figures in English, %d in Chinese", where, fe, fz))
			}
			ne, nz := printedNumbers(e.textOutputs().all()), printedNumbers(z.textOutputs().all())
			if only := without(ne, nz); len(only) > 0 {
				faults = append(faults, fmt.Sprintf("%s: prints %v in English only", where, only))
			}
			if only := without(nz, ne); len(only) > 0 {
				faults = append(faults, fmt.Sprintf("%s: prints %v in Chinese only", where, only))
			}
		}
	}
	return faults
}

// without returns the elements of a not in b.
func without(a, b []string) []string {
	var out []string
	for _, s := range a {
		if !slices.Contains(b, s) {
			out = append(out, s)
		}
	}
	return out
}

// TestEditionParity checks the saved notebooks of both editions against
// each other: the same cells, headings at the same levels, the same
// figures, and the same printed numbers cell by cell.
func TestEditionParity(t *testing.T) {
	root := repoRoot(t)
	paths, err := filepath.Glob(filepath.Join(root, "notebooks", "[0-9][0-9]-*.ipynb"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no notebooks (err %v)", err)
	}
	for _, p := range paths {
		t.Run(filepath.Base(p), func(t *testing.T) {
			en := readNotebook(t, p)
			zh := readNotebook(t, filepath.Join(filepath.Dir(p), "zh", filepath.Base(p)))
			for _, f := range parityFaults(en, zh) {
				t.Error(f)
			}
		})
	}
}

// The measure of printedNumbers: the editions' forms of one number agree,
// names and signs do not count, and a number printed in one edition only
// is found.
func TestPrintedNumbers(t *testing.T) {
	for _, c := range []struct{ en, zh string }{
		{"frequency over 10 000 seeds 0.5022", "10000 个种子中的频率 0.5022"},
		{"min gap 1.298e-10, 1.001e+05", "最小差 1.298×10⁻¹⁰，1.001×10⁵"},
		{"n = 10⁵: SMO 54.28 s", "n = 10⁵：SMO 54.28 秒"},
		{"example72: α = (1/4, 0, 1/4)", "手算的解：α = (1/4, 0, 1/4)"},
		{"cyclic order", "按 x1, x2, x3 循环选取"},
		{"b = -0.8, (R/γ)² = 117", "b = −0.8，(R/γ)² = 117"},
		{"rejected&#58; α2 = −1", "被拒绝：α2 = −1"},
		{"steps: 1,562", "步数：1562"},
	} {
		en, zh := printedNumbers(c.en), printedNumbers(c.zh)
		if !slices.Equal(en, zh) {
			t.Errorf("%q → %v, %q → %v", c.en, en, c.zh, zh)
		}
	}
	if got, want := printedNumbers("Σα = 1.92e+04 and ‖w‖/Σα = 0.000209, R = 2.4"), []string{"0.000209", "19200", "2.4"}; !slices.Equal(got, want) {
		t.Errorf("printedNumbers = %v, want %v", got, want)
	}
	en := &notebook{Cells: []cell{{CellType: "code", Outputs: []output{{OutputType: "stream", Name: "stdout",
		Text: "errors.Is(err, svm.ErrNotSeparable): yes\n    svm.SMO: after 600 iterations Σα = 1.92e+04\n"}}}}}
	zh := &notebook{Cells: []cell{{CellType: "code", Outputs: []output{{OutputType: "stream", Name: "stdout",
		Text: "errors.Is(err, svm.ErrNotSeparable)：是\n"}}}}}
	if f := parityFaults(en, zh); len(f) != 1 || !strings.Contains(f[0], "[19200 600] in English only") {
		t.Errorf("parityFaults = %q, want the numbers printed in English only", f)
	}
	en.Cells = append(en.Cells, cell{CellType: "markdown", Source: "## Exercises\n\n1. x"})
	zh.Cells = append(zh.Cells, cell{CellType: "markdown", Source: "1. 甲"})
	if f := parityFaults(en, zh); len(f) != 2 || !strings.Contains(f[1], "heading levels [2] in English, [] in Chinese") {
		t.Errorf("parityFaults = %q, want the missing heading", f)
	}
}

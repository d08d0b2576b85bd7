package notebooks

import (
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// The cross-references between notebooks: every "notebook N" (笔记本 N) and
// every link NN-name.ipynb must name a notebook that exists, and where the
// sentence says what it finds there — "exercise 2.3, notebook 13",
// "Example 7.1 (notebook 6)", "(notebook 10, §7.3)" — the notebook must be
// the one that works that item of the book. bookHomes says which.

// bookHomes lists, for each item of the book, the notebooks that work it
// through: quote it and compute it, or solve it. A section holds its
// subsections ("§7.3" holds "§7.3.2"). Every item in a notebook's title is
// in the list of that notebook (TestBookHomesTitles), and every item of the
// list appears in the notebook's source.
var bookHomes = map[string][]int{
	// Chapter 2.
	"§2.1": {1}, "§2.2": {1}, "Definition 2.1": {1}, "Definition 2.2": {1},
	"§2.3": {2, 3, 4}, "§2.3.1": {2}, "Algorithm 2.1": {2}, "Example 2.1": {2}, "Table 2.1": {2},
	"§2.3.2": {4}, "Theorem 2.1": {4},
	"§2.3.3": {3}, "Algorithm 2.2": {3}, "Example 2.2": {3}, "Table 2.2": {3},
	"Exercise 2.1": {13}, "Exercise 2.2": {13}, "Exercise 2.3": {13},
	// Chapter 7.
	"§7.1": {6, 8}, "§7.1.1": {6}, "§7.1.2": {6}, "§7.1.3": {6}, "§7.1.4": {8},
	"Definition 7.1": {6}, "Definition 7.2": {6}, "Definition 7.3": {6},
	"Algorithm 7.1": {6}, "Example 7.1": {6},
	"Theorem 7.1": {8}, "Theorem 7.2": {8}, "Algorithm 7.2": {8}, "Example 7.2": {8}, "Definition 7.4": {8},
	"§7.2": {9}, "§7.2.1": {9}, "§7.2.2": {9}, "§7.2.3": {9}, "§7.2.4": {9},
	"Definition 7.5": {9}, "Theorem 7.3": {9}, "Algorithm 7.3": {9}, "Figure 7.5": {9}, "Theorem 7.4": {9}, "Figure 7.6": {9},
	"§7.3": {10}, "Figure 7.7": {10}, "Definition 7.6": {10}, "Example 7.3": {10}, "Theorem 7.5": {10},
	"Definition 7.7": {10}, "Definition 7.8": {10}, "Algorithm 7.4": {10},
	"§7.4": {11}, "Figure 7.8": {11}, "Theorem 7.6": {11}, "Algorithm 7.5": {11},
	"Exercise 7.1": {14}, "Exercise 7.2": {14}, "Exercise 7.3": {14}, "Exercise 7.4": {14},
	// Appendix C.
	"Appendix C": {7}, "Theorem C.1": {7}, "Corollary C.1": {7}, "Theorem C.2": {7}, "Theorem C.3": {7},
}

// homes returns the notebooks that hold item, through its enclosing
// section for a subsection without an entry of its own.
func homes(item string) ([]int, bool) {
	for it := item; ; {
		if h, ok := bookHomes[it]; ok {
			return h, true
		}
		i := strings.LastIndex(it, ".")
		if !strings.HasPrefix(it, "§") || i < 0 {
			return nil, false
		}
		it = it[:i]
	}
}

var (
	// A book item in either edition, and the English names of the Chinese
	// words for its kind.
	enItem = regexp.MustCompile(`\b(Example|[Ee]xercise|Theorem|Definition|Algorithm|Figure|Table|Corollary)s? ([0-9C]+\.[0-9]+)|§[0-9]+(?:\.[0-9]+)*|Appendix C`)
	zhItem = regexp.MustCompile(`(例|习题|定理|定义|算法|图|表|推论) ?([0-9C]+\.[0-9]+)|§[0-9]+(?:\.[0-9]+)*|附录 ?C`)
	zhKind = map[string]string{"例": "Example", "习题": "Exercise", "定理": "Theorem", "定义": "Definition",
		"算法": "Algorithm", "图": "Figure", "表": "Table", "推论": "Corollary"}
	// A reference by number: "notebook 8", "notebooks 8 and 9",
	// "notebooks 6–11", "笔记本 6～11".
	enRef = regexp.MustCompile(`\b[Nn]otebooks? ([0-9]+)((?:(?: ?[–-] ?| and |, )[0-9]+)*)`)
	zhRef = regexp.MustCompile(`笔记本 ?([0-9]+)((?:(?: ?[–～-] ?| ?[、和与] ?)[0-9]+)*)`)
	// A link to a notebook: [text](NN-name.ipynb#anchor).
	nbLink = regexp.MustCompile(`\[([^\]\n]*)\]\((?:\.\./)?([0-9]{2})-([a-z0-9-]+)\.ipynb(#[^)\s]*)?\)`)
	// The end of a sentence or clause, which an item and a reference
	// must not straddle.
	clauseEnd = regexp.MustCompile(`[.;:!?。；：！？](\s|$)|\n\n`)
	refNumber = regexp.MustCompile(`[0-9]+`)
)

// mention is a book item or a notebook reference at [start, end) of a text.
type mention struct {
	start, end int
	item       string // "Example 7.1", for a book item
	refs       []int  // the notebooks named, for a reference
}

// normalItem writes a match of enItem or zhItem as a key of bookHomes.
func normalItem(m string, zh bool) string {
	if zh {
		if strings.HasPrefix(m, "附录") {
			return "Appendix C"
		}
		if sm := zhItem.FindStringSubmatch(m); sm[1] != "" {
			return zhKind[sm[1]] + " " + sm[2]
		}
		return m
	}
	if sm := enItem.FindStringSubmatch(m); sm[1] != "" {
		return strings.ToUpper(sm[1][:1]) + sm[1][1:] + " " + sm[2]
	}
	return m
}

// refNumbers returns the notebooks a reference names: each number, and
// every number of a range "6–11".
func refNumbers(m string) []int {
	var out []int
	nums := refNumber.FindAllStringIndex(m, -1)
	for i, loc := range nums {
		n, _ := strconv.Atoi(m[loc[0]:loc[1]])
		if i > 0 && strings.ContainsAny(m[nums[i-1][1]:loc[0]], "–～-") {
			prev := out[len(out)-1]
			for k := prev + 1; k < n; k++ {
				out = append(out, k)
			}
		}
		out = append(out, n)
	}
	return out
}

// mentions returns the book items and notebook references of text, in
// order. Link targets count as references to the notebook they name.
func mentions(text string, zh bool) []mention {
	itemRe, refRe := enItem, enRef
	if zh {
		itemRe, refRe = zhItem, zhRef
	}
	var ms []mention
	for _, loc := range itemRe.FindAllStringIndex(text, -1) {
		ms = append(ms, mention{start: loc[0], end: loc[1], item: normalItem(text[loc[0]:loc[1]], zh)})
	}
	for _, loc := range refRe.FindAllStringIndex(text, -1) {
		ms = append(ms, mention{start: loc[0], end: loc[1], refs: refNumbers(text[loc[0]:loc[1]])})
	}
	for _, loc := range nbLink.FindAllStringSubmatchIndex(text, -1) {
		n, _ := strconv.Atoi(text[loc[4]:loc[5]])
		ms = append(ms, mention{start: loc[0], end: loc[1], refs: []int{n}})
	}
	slices.SortFunc(ms, func(a, b mention) int { return a.start - b.start })
	// A link whose text is itself a reference ("[notebook 6](06-….ipynb)")
	// is one mention.
	var out []mention
	for _, m := range ms {
		if n := len(out); n > 0 && m.item == "" && out[n-1].item == "" && m.start < out[n-1].end {
			out[n-1].end = max(out[n-1].end, m.end)
			continue
		}
		out = append(out, m)
	}
	return out
}

// nearRefs pairs each book item with a notebook reference that says where
// it is: a reference in the same parentheses as the item ("(notebook 3,
// §7.3)"), in parentheses that open soon after it ("Example 7.1 finds
// (notebook 6)": at most maxGap characters, no end of a clause and no other
// mention in between), or right after it and a comma ("exercise 2.3,
// notebook 13"). An item after a reference is not paired: "(notebook 2),
// its dual form, Algorithm 2.2" lists two things.
const maxGap = 40

type pairing struct {
	item    string
	refs    []int
	excerpt string
}

func nearRefs(text string, ms []mention) []pairing {
	group := parenGroups(text)
	var out []pairing
	for i, m := range ms {
		if m.item == "" {
			continue
		}
		if i > 0 && ms[i-1].item == "" && group[m.start] >= 0 && group[ms[i-1].start] == group[m.start] {
			r := ms[i-1] // "(notebook 3, §7.3)"
			out = append(out, pairing{m.item, r.refs, strings.ReplaceAll(text[r.start:m.end], "\n", " ")})
		}
		if i+1 >= len(ms) || ms[i+1].item != "" {
			continue
		}
		r := ms[i+1]
		gap := text[m.end:r.start]
		g := group[r.start]
		switch {
		case g >= 0 && g == group[m.start]: // the same parentheses
		case g >= m.end && len([]rune(text[m.end:g])) <= maxGap && !clauseEnd.MatchString(text[m.end:g]):
		case strings.TrimSpace(strings.Trim(gap, " ,，、")) == "" && strings.ContainsAny(gap, ",，、"):
		default:
			continue
		}
		out = append(out, pairing{m.item, r.refs, strings.ReplaceAll(text[m.start:r.end], "\n", " ")})
	}
	return out
}

// parenGroups returns, for each byte of text, the position of the opening
// parenthesis, ( or （, of the innermost group around it, −1 outside all.
func parenGroups(text string) []int {
	out := make([]int, len(text)+1)
	var stack []int
	for i, r := range text {
		switch r {
		case '(', '（':
			stack = append(stack, i)
		case ')', '）':
			if len(stack) > 0 {
				stack = stack[:len(stack)-1]
			}
		}
		g := -1
		if len(stack) > 0 {
			g = stack[len(stack)-1]
		}
		for j := i; j < i+len(string(r)) && j < len(out); j++ {
			out[j] = g
		}
	}
	out[len(text)] = -1
	return out
}

// sourceNumbers returns the notebook numbers of the sources and their file
// stems ("10-kernels").
func sourceNumbers(t *testing.T) map[int]string {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join("src", "*.md"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no sources: %v", err)
	}
	out := map[int]string{}
	for _, p := range paths {
		stem := strings.TrimSuffix(filepath.Base(p), ".md")
		n, err := strconv.Atoi(strings.SplitN(stem, "-", 2)[0])
		if err != nil {
			t.Fatalf("%s: no notebook number", p)
		}
		out[n] = stem
	}
	return out
}

// crossRefFaults returns what is wrong with the references of one edition
// of a notebook's prose: a reference to a notebook that does not exist, a
// link whose target is not the notebook its text names or does not exist,
// and a book item said to be in a notebook that does not work it.
func crossRefFaults(prose string, zh bool, stems map[int]string) []string {
	return crossRefFaultsAnchors(prose, zh, stems, nil)
}

// crossRefFaultsAnchors is crossRefFaults that also checks the anchor of a
// link, "#Notes-on-the-lecture-notes", against anchors[n], the anchors of
// notebook n's headings in the same edition, when anchors is not nil.
func crossRefFaultsAnchors(prose string, zh bool, stems map[int]string, anchors map[int][]string) []string {
	var faults []string
	ms := mentions(prose, zh)
	for _, m := range ms {
		for _, n := range m.refs {
			if _, ok := stems[n]; !ok {
				faults = append(faults, fmt.Sprintf("notebook %d does not exist: %q", n, prose[m.start:m.end]))
			}
		}
	}
	for _, l := range nbLink.FindAllStringSubmatch(prose, -1) {
		n, _ := strconv.Atoi(l[2])
		if stems[n] != l[2]+"-"+l[3] {
			faults = append(faults, fmt.Sprintf("link to %s-%s.ipynb: no such notebook", l[2], l[3]))
		}
		if a := strings.TrimPrefix(l[4], "#"); a != "" && anchors != nil && !slices.Contains(anchors[n], a) {
			faults = append(faults, fmt.Sprintf("link to %s-%s.ipynb#%s: no heading with that anchor", l[2], l[3], a))
		}
		if ns := refNumbers(l[1]); len(ns) == 1 && ns[0] != n && (enRef.MatchString(l[1]) || zhRef.MatchString(l[1])) {
			faults = append(faults, fmt.Sprintf("link text %q names notebook %d, the link goes to %s", l[1], ns[0], l[2]))
		}
	}
	for _, p := range nearRefs(prose, ms) {
		h, ok := homes(p.item)
		if !ok {
			faults = append(faults, fmt.Sprintf("%s: not in bookHomes (%q)", p.item, p.excerpt))
			continue
		}
		found := false
		for _, r := range p.refs {
			found = found || slices.Contains(h, r)
		}
		if !found {
			faults = append(faults, fmt.Sprintf("%s is worked in notebook %v, not %v: %q", p.item, h, p.refs, p.excerpt))
		}
	}
	return faults
}

// TestCrossReferences checks every "notebook N" and every link between
// notebooks in both editions of every source (crossRefFaults).
func TestCrossReferences(t *testing.T) {
	stems := sourceNumbers(t)
	prose := map[int][2]string{} // the English and the Chinese
	anchors := [2]map[int][]string{{}, {}}
	for n, stem := range stems {
		src, err := os.ReadFile(filepath.Join("src", stem+".md"))
		if err != nil {
			t.Fatal(err)
		}
		en, zh := editions(string(src))
		prose[n] = [2]string{en, zh}
		for e, text := range prose[n] {
			for _, line := range strings.Split(text, "\n") {
				if h := strings.TrimLeft(line, "#"); h != line && strings.HasPrefix(h, " ") {
					anchors[e][n] = append(anchors[e][n], strings.ReplaceAll(strings.TrimSpace(h), " ", "-"))
				}
			}
		}
	}
	for _, n := range slices.Sorted(maps.Keys(stems)) {
		for _, f := range crossRefFaultsAnchors(prose[n][0], false, stems, anchors[0]) {
			t.Errorf("%s: %s", stems[n], f)
		}
		for _, f := range crossRefFaultsAnchors(prose[n][1], true, stems, anchors[1]) {
			t.Errorf("%s (中文): %s", stems[n], f)
		}
	}
}

// TestBookHomesTitles keeps the table honest: every item a notebook's
// title names is listed as worked there, and every item but a section
// listed for a notebook appears in its source.
func TestBookHomesTitles(t *testing.T) {
	stems := sourceNumbers(t)
	srcs := map[int]string{}
	for n, stem := range stems {
		b, err := os.ReadFile(filepath.Join("src", stem+".md"))
		if err != nil {
			t.Fatal(err)
		}
		srcs[n] = string(b)
	}
	for n, src := range srcs {
		title, _, _ := strings.Cut(src, "\n")
		for _, m := range enItem.FindAllString(title, -1) {
			if h, ok := homes(normalItem(m, false)); !ok || !slices.Contains(h, n) {
				t.Errorf("%s: the title names %s, which bookHomes puts in %v", stems[n], m, h)
			}
		}
	}
	for item, ns := range bookHomes {
		if strings.HasPrefix(item, "§") {
			continue // a section may be named by a range, §7.1.1～7.1.3
		}
		for _, n := range ns {
			en, zh := editions(srcs[n])
			if !slices.Contains(normalItems(en, false), item) && !slices.Contains(normalItems(zh, true), item) {
				t.Errorf("bookHomes puts %s in %s, whose source never names it", item, stems[n])
			}
		}
	}
}

func normalItems(text string, zh bool) []string {
	re := enItem
	if zh {
		re = zhItem
	}
	var out []string
	for _, m := range re.FindAllString(text, -1) {
		out = append(out, normalItem(m, zh))
	}
	return out
}

// TestCrossReferenceRules: the faults the review of the third printing
// found are faults, and their fixes are not.
func TestCrossReferenceRules(t *testing.T) {
	stems := map[int]string{3: "03-dual-form-gram", 6: "06-max-margin", 8: "08-svm-dual-example", 9: "09-soft-margin-hinge",
		10: "10-kernels", 13: "13-exercises-ch2", 14: "14-exercises-ch7"}
	for _, c := range []struct {
		text   string
		zh     bool
		faulty bool
	}{
		{"(The hull does not contain the origin exactly when the data are separable — exercise 2.3, notebook 9.)", false, true},
		{"(The hull does not contain the origin exactly when the data are separable — exercise 2.3, notebook 13.)", false, false},
		{"the line the SVM of Example 7.1 finds (notebook 8); here the two agree", false, true},
		{"the line the SVM of Example 7.1 finds (notebook 6); here the two agree", false, false},
		{"which is why both extend to kernels (notebook 3, §7.3).", false, true},
		{"(the kernel SVM of §7.3 in [notebook 10](10-kernels.ipynb), the kernel perceptron in notebook 3).", false, false},
		{"正是例 7.1 中支持向量机求得的分离超平面（笔记本 8）", true, true},
		{"（凸壳不含原点，当且仅当数据线性可分——习题 2.3，笔记本 13。）", true, false},
		{"This is Algorithm 7.3 (notebook 9) with kernels; notebooks 8 and 9 use it.", false, false},
		{"the book's exercise 7.4, proved and checked in notebook 14", false, false},
		{"See [notebook 9](08-svm-dual-example.ipynb).", false, true},
		{"See notebook 31.", false, true},
		{"Example 7.2 is notebook 8's; Theorem 7.5 is far from notebook 6 in this long sentence, and says nothing about it.", false, false},
	} {
		faults := crossRefFaults(c.text, c.zh, stems)
		if got := len(faults) > 0; got != c.faulty {
			t.Errorf("%q: faults %q, want faulty %v", c.text, faults, c.faulty)
		}
	}
	anchors := map[int][]string{1: {"Notes-on-the-lecture-notes"}}
	stems[1] = "01-distance-loss"
	if f := crossRefFaultsAnchors("[notebook 1](01-distance-loss.ipynb#Notes-on-the-lecture-notes)", false, stems, anchors); len(f) > 0 {
		t.Errorf("a link to an existing heading: %q", f)
	}
	if f := crossRefFaultsAnchors("[notebook 1](01-distance-loss.ipynb#Notes)", false, stems, anchors); len(f) == 0 {
		t.Error("a link to a missing heading passes")
	}
	if got := refNumbers("notebooks 6–9"); !slices.Equal(got, []int{6, 7, 8, 9}) {
		t.Errorf("notebooks 6–9 name %v", got)
	}
}

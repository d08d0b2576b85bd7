package gallery

import (
	"math"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"gonum.org/v1/plot"

	"github.com/marginnotes/marginnotes/internal/testenv"
	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/figures"
	"github.com/marginnotes/marginnotes/pkg/figures/figtest"
	"github.com/marginnotes/marginnotes/pkg/lang"
	"github.com/marginnotes/marginnotes/pkg/notation"
	"github.com/marginnotes/marginnotes/pkg/perceptron"
)

// number parses a number as dec or notation writes it (true minus, ∞).
func number(t *testing.T, s string) float64 {
	t.Helper()
	s = strings.ReplaceAll(s, "−", "-")
	if p, q, ok := strings.Cut(s, "/"); ok { // an exact fraction, as notation writes it
		return number(t, p) / number(t, q)
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		t.Fatalf("not a number: %q", s)
	}
	return v
}

func TestPrimalFrames(t *testing.T) {
	seqs, err := PrimalFrames(lang.English)
	if err != nil {
		t.Fatal(err)
	}
	if len(seqs) != 7 {
		t.Fatalf("%d sequences, want 7 (Table 2.1, the book's other order, five more cyclic orders)", len(seqs))
	}
	// Each opens on its first update, the first frame that draws a line.
	for _, s := range seqs {
		if s.Initial != 1 {
			t.Errorf("%s: opens on frame %d, want 1 (k = 0 draws no line)", s.Name, s.Initial)
		}
	}
	// Every run ends at one of the hyperplanes that the enumeration of all
	// runs finds (an independent algorithm), and says so in its name.
	x, y := dataset.Example21().XY()
	outcomes, err := perceptron.Enumeration{}.Outcomes(x, y)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range seqs {
		found := false
		for _, o := range outcomes {
			found = found || strings.HasSuffix(s.Name, "→ "+notation.Equation(o.W, o.B)+" (k = "+strconv.Itoa(o.Updates)+")")
		}
		if !found {
			t.Errorf("sequence %q does not end at a hyperplane of the enumeration", s.Name)
		}
		for k, f := range s.Frames {
			if want := k + 2; k < len(s.Frames)-1 && len(f.Table) != want {
				t.Errorf("%s, k = %d: table of %d rows, want the header and rows k = 0…%d", s.Name, k, len(f.Table), k)
			}
		}
	}
	// Book Table 2.1 and the book's other order.
	for _, tc := range []struct {
		seq     int
		name    string
		frames  int
		k       int
		state   string
		lastRow []string
	}{
		{0, "cyclic x1, x2, x3 (Table 2.1) → x⁽¹⁾ + x⁽²⁾ − 3 = 0 (k = 7)", 8, 3,
			"k = 3: x3 = (1, 1), y = −1, examined under w = (2, 2), b = 0: y(w·x + b) = −4 ≤ 0, misclassified → w = (1, 1), b = −1",
			[]string{"8", "none", "(1, 1)", "−3", "x⁽¹⁾ + x⁽²⁾ − 3"}},
		{1, "the book's other order x1, x3, x3, x3, x2, x3, x3, x3, x1, x3, x3 → 2x⁽¹⁾ + x⁽²⁾ − 5 = 0 (k = 11)", 12, 5,
			"k = 5: x2 = (4, 3), y = 1, examined under w = (0, 0), b = −2: y(w·x + b) = −2 ≤ 0, misclassified → w = (4, 3), b = −1",
			[]string{"12", "none", "(2, 1)", "−5", "2x⁽¹⁾ + x⁽²⁾ − 5"}},
	} {
		s := seqs[tc.seq]
		if s.Name != tc.name || len(s.Frames) != tc.frames || s.Initial != 1 {
			t.Errorf("sequence %d: %q with %d frames from %d, want %q with %d from 1", tc.seq, s.Name, len(s.Frames), s.Initial, tc.name, tc.frames)
			continue
		}
		if got := s.Frames[tc.k].State; got != tc.state {
			t.Errorf("%s, k = %d:\n got %q\nwant %q", s.Name, tc.k, got, tc.state)
		}
		last := s.Frames[len(s.Frames)-1]
		if !strings.HasSuffix(last.State, "; now no point is misclassified") {
			t.Errorf("%s: last state %q does not say the run converged", s.Name, last.State)
		}
		if got := last.Table[len(last.Table)-1]; strings.Join(got, "|") != strings.Join(tc.lastRow, "|") {
			t.Errorf("%s: last table row %q, want %q", s.Name, got, tc.lastRow)
		}
	}
	var drawn []string
	for _, tx := range figtest.Texts(seqs[0].Frames[3].Figure, figures.PlaneWidth, figures.Height) {
		drawn = append(drawn, tx.String)
	}
	for _, want := range []string{"k = 3: w = (1, 1), b = −1", "after: x⁽¹⁾ + x⁽²⁾ − 1 = 0", "before: 2x⁽¹⁾ + 2x⁽²⁾ = 0"} {
		if !slices.ContainsFunc(drawn, func(d string) bool { return strings.Contains(d, want) }) {
			t.Errorf("frame k = 3 does not show %q; drew %q", want, drawn)
		}
	}
}

func TestDualFrames(t *testing.T) {
	seqs, err := DualFrames(lang.English)
	if err != nil {
		t.Fatal(err)
	}
	primal, err := PrimalFrames(lang.English)
	if err != nil {
		t.Fatal(err)
	}
	frames := seqs[0].Frames
	if len(seqs) != 1 || len(frames) != 8 {
		t.Fatalf("%d sequences, %d frames; want one of 8 (Table 2.2, k = 0…7)", len(seqs), len(frames))
	}
	// Book Table 2.2, with the Gram matrix of Example 2.2
	// [[18 21 6] [21 25 7] [6 7 2]].
	for _, tc := range []struct {
		k     int
		state string
		gram  []string // column G(·, i) of the examined point
	}{
		{1, "k = 1: x1 examined under α = (0, 0, 0), b = 0: y₁(Σⱼ αⱼyⱼG(j, 1) + b) = 0 ≤ 0 → α₁ ← α₁ + 1, b ← b + y₁: α = (1, 0, 0), b = 1", []string{"18", "21", "6"}},
		{3, "k = 3: x3 examined under α = (1, 0, 1), b = 0: y₃(Σⱼ αⱼyⱼG(j, 3) + b) = −4 ≤ 0 → α₃ ← α₃ + 1, b ← b + y₃: α = (1, 0, 2), b = −1", []string{"6", "7", "2"}},
		{7, "k = 7: x3 examined under α = (2, 0, 4), b = −2: y₃(Σⱼ αⱼyⱼG(j, 3) + b) = −2 ≤ 0 → α₃ ← α₃ + 1, b ← b + y₃: α = (2, 0, 5), b = −3; now no point is misclassified", []string{"6", "7", "2"}},
	} {
		f := frames[tc.k]
		if f.State != tc.state {
			t.Errorf("k = %d:\n got %q\nwant %q", tc.k, f.State, tc.state)
		}
		for j, g := range tc.gram {
			if got := f.Table[j+1][3]; got != g {
				t.Errorf("k = %d: G(%d, ·) = %s in the table, want %s", tc.k, j+1, got, g)
			}
		}
	}
	// The dual form makes the updates of the primal form (Tables 2.1 and
	// 2.2): w = Σ αⱼyⱼxⱼ is Table 2.1's w at every k.
	for k, f := range frames {
		title := f.Figure.(*figures.Grid).Panels[0][0].Title.Text
		p := primal[0].Frames[k].State
		wb := strings.TrimPrefix(title, "w = Σ αⱼyⱼxⱼ = ")
		if !strings.HasSuffix(p, "w = "+wb) && !strings.HasSuffix(p, "w = "+wb+"; now no point is misclassified") {
			t.Errorf("k = %d: dual %q, primal %q", k, title, p)
		}
	}
}

func TestMarginFrames(t *testing.T) {
	seqs, err := MarginFrames(lang.English)
	if err != nil {
		t.Fatal(err)
	}
	frames := seqs[0].Frames
	gammas := MarginFrameGammas()
	if len(seqs) != 1 || len(frames) != len(gammas) {
		t.Fatalf("%d sequences, %d frames; want one of %d", len(seqs), len(frames), len(gammas))
	}
	state := regexp.MustCompile(`^γ = (\S+) \(planted\): R = (\S+), best γ = (\S+), bound \(R/γ\)² = (\S+); the perceptron made k = (\d+) mistakes`)
	for i, f := range frames {
		m := state.FindStringSubmatch(f.State)
		if m == nil {
			t.Fatalf("frame %d: state %q", i, f.State)
		}
		planted, r, best, bound, k := number(t, m[1]), number(t, m[2]), number(t, m[3]), number(t, m[4]), number(t, m[5])
		if math.Abs(planted-gammas[i]) > 0.005*gammas[i] {
			t.Errorf("frame %d: γ = %v, want %v", i, planted, gammas[i])
		}
		// dataset.Separable: ‖x̂‖ ≤ R = MarginRadius, best γ ≥ planted γ.
		// Novikoff: k ≤ (R/γ)² (3 significant digits printed).
		if r > MarginRadius || best < 0.995*planted || k > bound*1.005 || k < 1 {
			t.Errorf("frame %d: R = %v, best γ = %v, k = %v, bound %v: want R ≤ %v, best γ ≥ %v, 1 ≤ k ≤ bound",
				i, r, best, k, bound, float64(MarginRadius), planted)
		}
	}
	// Each panel says what it draws: the left one the three lines, the
	// right one which of its data sets is ringed.
	var drawn []string
	for _, tx := range figtest.Texts(frames[0].Figure, figures.Wide, figures.Height) {
		drawn = append(drawn, tx.String)
	}
	for _, want := range []string{"the perceptron's hyperplane", "planted hyperplane ŵₒₚₜ·(x, 1) = 0", "its margin band ŵₒₚₜ·(x, 1) = ±γ", "the data set shown"} {
		if !slices.Contains(drawn, want) {
			t.Errorf("legend entry %q not drawn; drew %q", want, drawn)
		}
	}
	// No combining mark: the PNG's font sets x + U+0302 with the hat
	// beside the x (zh-4 L15).
	for _, tx := range drawn {
		if strings.IndexFunc(tx, func(r rune) bool { return unicode.Is(unicode.Mn, r) }) >= 0 {
			t.Errorf("legend text %q has a combining mark", tx)
		}
	}
}

func TestSoftMarginFrameCs(t *testing.T) {
	cs := SoftMarginFrameCs()
	if len(cs) != 29 {
		t.Fatalf("%d values, want 29", len(cs))
	}
	for i, want := range map[int]float64{0: 0.01, 7: 0.1, 14: 1, 21: 10, 28: 100} {
		if cs[i] != want {
			t.Errorf("cs[%d] = %v, want exactly %v", i, cs[i], want)
		}
	}
	for i := 1; i < len(cs); i++ {
		if r := cs[i] / cs[i-1]; math.Abs(r-math.Pow(10, 1.0/7)) > 1e-12 {
			t.Errorf("cs[%d]/cs[%d] = %v, want 10^(1/7)", i, i-1, r)
		}
	}
}

func TestSoftMarginFrames(t *testing.T) {
	seqs, err := SoftMarginFrames(lang.English)
	if err != nil {
		t.Fatal(err)
	}
	if len(seqs) != 2 {
		t.Fatalf("%d sequences, want 2 (book data, clouds)", len(seqs))
	}
	objectives := regexp.MustCompile(`primal ½‖w‖² \+ CΣξᵢ = (\S+), dual ½αᵀQα − Σαᵢ = (\S+)$`)
	for _, s := range seqs {
		if len(s.Frames) != 29 || !strings.HasPrefix(s.Frames[s.Initial].State, "C = 0.1: ") {
			t.Errorf("%s: %d frames, initial %q; want 29 from C = 0.1", s.Name, len(s.Frames), s.Frames[s.Initial].State)
		}
		// At the optimum the primal and the dual objective (in the
		// minimised form) cancel: the duality gap is 0.
		for i, f := range s.Frames {
			m := objectives.FindStringSubmatch(f.State)
			if m == nil {
				t.Fatalf("%s frame %d: state %q", s.Name, i, f.State)
			}
			p, d := number(t, m[1]), number(t, m[2])
			if !(p > 0) || math.Abs(p+d) > 0.01*p {
				t.Errorf("%s frame %d: primal %v, dual %v: want primal = −dual > 0", s.Name, i, p, d)
			}
		}
	}
	book := seqs[0].Frames
	// Book data, C = 0.1 (notebook 09, svm.Exact): w* = (0.2, 0.2) and every
	// b in [−0.4, −0.2] is optimal; x1 and x3 at α = C.
	want := "C = 0.1: w = (0.2, 0.2), b ∈ [−0.4, −0.2] (not unique; drawn at −0.3); αᵢ = 0: 1, 0 < αᵢ < C: 0, αᵢ = C: 2; " +
		"primal ½‖w‖² + CΣξᵢ = 0.16, dual ½αᵀQα − Σαᵢ = −0.16"
	if got := book[7].State; got != want {
		t.Errorf("book data, C = 0.1:\n got %q\nwant %q", got, want)
	}
	// For C ≥ 1 the box does not bind (α* = (1/4, 0, 1/4) of Example 7.2):
	// the hard margin's w* = (1/2, 1/2), b* = −2 of Example 7.1.
	for i := 14; i < 29; i++ {
		if !strings.Contains(book[i].State, ": w = (1/2, 1/2), b = −2; αᵢ = 0: 1, 0 < αᵢ < C: 2, αᵢ = C: 0;") {
			t.Errorf("book data, frame %d: %q, want the hard margin's answer", i, book[i].State)
		}
	}
}

// TestSoftMarginFramesChinese checks that the C slider of the Chinese
// edition speaks Chinese with its punctuation, in the frames' titles as in
// their states (issue 15 §5).
func TestSoftMarginFramesChinese(t *testing.T) {
	seqs, err := SoftMarginFrames(lang.Chinese)
	if err != nil {
		testenv.MissingIf(t, err, figures.ErrFont)
		t.Fatal(err)
	}
	f := seqs[0].Frames[7] // book data, C = 0.1
	want := "C = 0.1：w = (0.2, 0.2)，b ∈ [−0.4, −0.2]（不唯一，图中取 −0.3）；αᵢ = 0 的点 1 个，0 < αᵢ < C 的 0 个，αᵢ = C 的 2 个；" +
		"原始问题的目标函数 ½‖w‖² + CΣξᵢ = 0.16，对偶问题的目标函数 ½αᵀQα − Σαᵢ = −0.16"
	if f.State != want {
		t.Errorf("state\n got %q\nwant %q", f.State, want)
	}
	p, ok := f.Figure.(*plot.Plot)
	if !ok {
		t.Fatalf("frame figure %T, want *plot.Plot", f.Figure)
	}
	if got, want := p.Title.Text, "C = 0.1，间隔 2/‖w‖ = 7.071"; got != want {
		t.Errorf("title %q, want %q", got, want)
	}
	for _, h := range f.Table[0] {
		if hasWords(h) {
			t.Errorf("table header %q has English", h)
		}
	}
}

// TestPrintFrames checks the key frames a print shows of each slider: a
// run step by step shows every update, from the start to the final
// hyperplane (Table 2.1's k = 0…7, Algorithm 2.2's); the sweeps show
// their round values, γ = 0.4 halved down to 0.0125 and C at the decades
// 0.01…100; and every printed sequence shows its initial frame.
func TestPrintFrames(t *testing.T) {
	primal, err := PrimalFrames(lang.English)
	if err != nil {
		t.Fatal(err)
	}
	dual, err := DualFrames(lang.English)
	if err != nil {
		t.Fatal(err)
	}
	margin, err := MarginFrames(lang.English)
	if err != nil {
		t.Fatal(err)
	}
	soft, err := SoftMarginFrames(lang.English)
	if err != nil {
		t.Fatal(err)
	}
	states := func(s figures.Sequence) []string {
		var out []string
		for _, k := range s.Print {
			out = append(out, strings.SplitN(s.Frames[k].State, ":", 2)[0])
		}
		return out
	}
	for _, tc := range []struct {
		name string
		seqs []figures.Sequence
		want [][]string // the key frames' states up to their first colon, per sequence
	}{
		{"primal", primal, [][]string{{"k = 0", "k = 1", "k = 2", "k = 3", "k = 4", "k = 5", "k = 6", "k = 7"}}},
		{"dual", dual, [][]string{{"k = 0", "k = 1", "k = 2", "k = 3", "k = 4", "k = 5", "k = 6", "k = 7"}}},
		{"margin", margin, [][]string{{"γ = 0.4 (planted)", "γ = 0.2 (planted)", "γ = 0.1 (planted)", "γ = 0.05 (planted)", "γ = 0.025 (planted)", "γ = 0.0125 (planted)"}}},
		{"soft margin", soft, [][]string{{"C = 0.01", "C = 0.1", "C = 1", "C = 10", "C = 100"}, {"C = 0.01", "C = 0.1", "C = 1", "C = 10", "C = 100"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got [][]string
			for _, s := range tc.seqs {
				if len(s.Print) == 0 {
					continue
				}
				got = append(got, states(s))
				if !slices.Contains(s.Print, s.Initial) {
					t.Errorf("%s: key frames %v leave out the initial frame %d", s.Name, s.Print, s.Initial)
				}
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("printed states %q, want %q", got, tc.want)
			}
		})
	}
	// A run prints up to its end: the last key frame is the last update.
	for _, s := range []figures.Sequence{primal[0], dual[0]} {
		if last := s.Print[len(s.Print)-1]; last != len(s.Frames)-1 || !strings.Contains(s.Frames[last].State, "no point is misclassified") {
			t.Errorf("the last key frame %d of %d: %q", last, len(s.Frames), s.Frames[last].State)
		}
	}
}

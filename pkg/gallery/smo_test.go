package gallery

import (
	"math"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/marginnotes/marginnotes/internal/testenv"
	"github.com/marginnotes/marginnotes/pkg/experiment"
	"github.com/marginnotes/marginnotes/pkg/figures"
	"github.com/marginnotes/marginnotes/pkg/figures/figtest"
	"github.com/marginnotes/marginnotes/pkg/lang"
	"github.com/marginnotes/marginnotes/pkg/svm"
)

// TestSMOFrames checks the slider of notebook 11-smo: the book's numbers
// (Example 7.2 in one step on (x1, x3) as notebook 08 takes it by hand,
// and C = 0.1 where the step's b = −0.8 lies outside [−0.4, −0.2]), the
// objective falling from frame to frame, a different state and figure in
// every frame, and every frame's text inside the figure and clear of the
// rest, in both languages.
func TestSMOFrames(t *testing.T) {
	seqs, err := SMOFrames(lang.English)
	if err != nil {
		t.Fatal(err)
	}
	if len(seqs) != 3 {
		t.Fatalf("%d sequences, want 3 (ten points, Example 7.2, C = 0.1)", len(seqs))
	}
	for _, tc := range []struct {
		seq, frame int
		want       string
	}{
		{1, 1, "k = 1: α₁ = α₁ (x1 violates its KKT condition by 1), α₂ = α₃ (the largest |E₁ − E₂|); E₁ = −1, E₂ = 1, η = 8; " +
			"α₂: 0 → unclipped 1/4 → 1/4 in [0, +∞); α₁: 0 → 1/4; b = −2; f(α) = −1/4"},
		{1, 2, "result: α = (1/4, 0, 1/4), w = (1/2, 1/2), b = −2 from the final α (as the last step's); f(α) = −1/4"},
		{2, 1, "α₂: 0 → unclipped 1/4 → 0.1 in [0, 0.1]; α₁: 0 → 0.1; b = −0.8; f(α) = −0.16"},
		{2, 2, "result: α = (0.1, 0, 0.1), w = (0.2, 0.2), b ∈ [−0.4, −0.2], b = −0.3 from the final α (the last step's b = −0.8 lies outside)"},
	} {
		if got := seqs[tc.seq].Frames[tc.frame].State; !strings.Contains(got, tc.want) {
			t.Errorf("sequence %d frame %d:\n got %q\nwant %q", tc.seq, tc.frame, got, tc.want)
		}
	}
	// The ten points: a first frame, one per step of svm.PlattSMO, the
	// result; f(α) falls at every step.
	x, y := SMOSliderData().XY()
	_, steps, err := svm.PlattSMO{C: SMOSliderC}.FitSteps(x, y)
	if err != nil {
		t.Fatal(err)
	}
	frames := seqs[0].Frames
	if len(frames) != len(steps)+2 || len(steps) != 15 {
		t.Fatalf("ten points: %d frames for %d steps, want 15 steps and 17 frames", len(frames), len(steps))
	}
	f := regexp.MustCompile(`f\(α\) = (\S+)$`)
	prev := 0.0
	for k, fr := range frames[1 : len(frames)-1] {
		m := f.FindStringSubmatch(fr.State)
		if m == nil {
			t.Fatalf("frame %d: %q", k+1, fr.State)
		}
		if v := number(t, m[1]); !(steps[k].DualObjective < prev) || math.Abs(v-steps[k].DualObjective) > 1e-3*math.Abs(v) {
			t.Errorf("frame %d: f(α) = %v (the step's %v) after %v", k+1, v, steps[k].DualObjective, prev)
		}
		prev = steps[k].DualObjective
	}
	for _, l := range []lang.Lang{lang.English, lang.Chinese} {
		seqs, err := SMOFrames(l)
		if err != nil {
			testenv.MissingIf(t, err, figures.ErrFont) // the Chinese ones, after the English
			t.Fatal(err)
		}
		for si, s := range seqs {
			var svgs, states []string
			for k, fr := range s.Frames {
				w, h := figures.Size(fr.Figure)
				ts := figtest.Texts(fr.Figure, w, h)
				for _, tx := range ts {
					if !figtest.Inside(tx.Box, w, h, textTol) || len(tx.Missing) > 0 {
						t.Errorf("%v, sequence %d frame %d: %q at %v (missing %q)", l, si, k, tx.String, tx.Box, tx.Missing)
					}
				}
				for _, o := range figtest.Overlaps(ts, textTol) {
					t.Errorf("%v, sequence %d frame %d: %q and %q overlap", l, si, k, ts[o[0]].String, ts[o[1]].String)
				}
				svg, err := figures.Render(fr.Figure, w, h, "svg")
				if err != nil {
					t.Fatal(err)
				}
				svgs, states = append(svgs, string(svg)), append(states, fr.State)
			}
			for k := 1; k < len(svgs); k++ {
				if svgs[k] == svgs[k-1] || states[k] == states[k-1] {
					t.Errorf("%v, sequence %d: frames %d and %d look the same", l, si, k-1, k)
				}
			}
		}
	}
}

// TestSMOKeyFrames: a print shows every frame of a short run and the start,
// the first steps, every fourth step and the end of a long one, in order.
func TestSMOKeyFrames(t *testing.T) {
	for n, want := range map[int][]int{
		3:  {0, 1, 2},
		17: {0, 1, 2, 3, 4, 7, 11, 15, 16},
		9:  {0, 1, 2, 3, 4, 7, 8},
	} {
		if got := SMOKeyFrames(n); !slices.Equal(got, want) {
			t.Errorf("%d frames: %v, want %v", n, got, want)
		}
	}
}

// TestDCD checks the large set of notebook 11's optional section (10⁵
// points of 20 features, 80/20) and the figure of the committed benchmark
// run: one series per solver and tolerance, every fit time positive on log
// axes that hold it.
func TestDCD(t *testing.T) {
	train, test := DCDSplit()
	if n, d := train.Dims(); n != 80_000 || d != 20 || len(test.Y) != 20_000 {
		t.Errorf("train %d×%d, test %d; want 80000×20 and 20000", n, d, len(test.Y))
	}
	p, err := DCDFitTimes(lang.English)
	if err != nil {
		t.Fatal(err)
	}
	rows, _, err := experiment.SMODCDSeries()
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rows {
		if float64(r.N) < p.X.Min || float64(r.N) > p.X.Max || r.FitCPU < p.Y.Min || r.FitCPU > p.Y.Max {
			t.Errorf("%+v outside the axes [%v, %v]×[%v, %v]", r, p.X.Min, p.X.Max, p.Y.Min, p.Y.Max)
		}
	}
	var names []string
	for _, tx := range figtest.Texts(p, figures.Width, figures.Height) {
		names = append(names, tx.String)
	}
	for _, want := range []string{"SMO, linear kernel, ε = 0.001", "DCD, ε = 0.1", "DCD, ε = 0.01", "10³", "10⁶"} {
		if !slices.Contains(names, want) {
			t.Errorf("legend lacks %q: %q", want, names)
		}
	}
}

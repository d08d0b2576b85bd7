package e2e

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// Bounds of the slider checks.
const (
	sliderReadyTimeout = 20 * time.Second // the frames unpacked
	redrawTimeout      = 5 * time.Second  // one key press to a painted frame
	maxMedianRedraw    = 100 * time.Millisecond
)

// sliderState is a state a slider must show at a position: frame Frame of
// sequence Seq of the page's slider number Slider (0-based, page order).
type sliderState struct {
	Slider, Seq, Frame int
	Want               string
}

// sliderStates lists, per notebook, states its sliders must show, with the
// book's numbers (pkg/gallery's frames, tested there too).
var sliderStates = map[string][]sliderState{
	"02-primal-form": {
		{0, 0, 3, "→ w = (1, 1), b = −1"},                // Table 2.1, k = 3
		{0, 0, 7, "→ w = (1, 1), b = −3; now no point"},  // Table 2.1, final
		{0, 1, 11, "→ w = (2, 1), b = −5; now no point"}, // the book's other order
		{0, 3, 4, "→ w = (1, 0), b = −2; now no point"},  // cyclic x2, x1, x3
	},
	"03-dual-form-gram": {
		{0, 0, 3, "α = (1, 0, 2), b = −1"}, // Table 2.2, k = 3
		{0, 0, 7, "α = (2, 0, 5), b = −3"}, // Table 2.2, final
	},
	"04-novikoff": {
		{0, 0, 0, "γ = 0.4 (planted)"},
		{0, 0, 10, "γ = 0.0125 (planted)"},
	},
	"09-soft-margin-hinge": {
		{0, 0, 7, "C = 0.1: w = (0.2, 0.2), b ∈ [−0.4, −0.2]"}, // notebook 09, svm.Exact
		{0, 0, 28, "C = 100: w = (1/2, 1/2), b = −2"},          // Example 7.1's hard margin
	},
	"11-smo": {
		{0, 0, 4, "→ unclipped 24.89 → 1 in [0.3248, 1]"},                                  // the ten points: a step clipped at H
		{0, 1, 1, "α₂: 0 → unclipped 1/4 → 1/4 in [0, +∞); α₁: 0 → 1/4; b = −2"},           // Example 7.2 in one step (notebook 08)
		{0, 2, 2, "b ∈ [−0.4, −0.2], b = −0.3 from the final α (the last step's b = −0.8"}, // C = 0.1: the step's b is not optimal
	},
	// The Chinese edition: the same numbers, labelled in Chinese
	// (pkg/gallery's frames with lang.Chinese).
	"zh/02-primal-form": {
		{0, 0, 3, "k = 3：x3 = (1, 1)，y = −1，在 w = (2, 2)，b = 0 下"}, // Table 2.1, k = 3
		{0, 0, 3, "误分类 → w = (1, 1)，b = −1"},
		{0, 0, 7, "→ w = (1, 1)，b = −3；此时没有误分类点"},  // Table 2.1, final
		{0, 1, 11, "→ w = (2, 1)，b = −5；此时没有误分类点"}, // the book's other order
		{0, 3, 4, "→ w = (1, 0)，b = −2；此时没有误分类点"},  // cyclic x2, x1, x3
	},
	"zh/03-dual-form-gram": {
		{0, 0, 3, "α = (1, 0, 2)，b = −1"},          // Table 2.2, k = 3
		{0, 0, 7, "α = (2, 0, 5)，b = −3；此时没有误分类点"}, // Table 2.2, final
	},
	"zh/04-novikoff": {
		{0, 0, 0, "γ = 0.4（生成时的间隔）"},
		{0, 0, 10, "γ = 0.0125（生成时的间隔）"},
	},
	"zh/09-soft-margin-hinge": {
		{0, 0, 7, "C = 0.1：w = (0.2, 0.2)，b ∈ [−0.4, −0.2]（不唯一"},
		{0, 0, 28, "C = 100：w = (1/2, 1/2)，b = −2"},
	},
	"zh/11-smo": {
		{0, 0, 4, "→ 未经剪辑 24.89 → 1，在 [0.3248, 1] 内"},
		{0, 1, 1, "α₂：0 → 未经剪辑 1/4 → 1/4，在 [0, +∞) 内；α₁：0 → 1/4；b = −2"},
		{0, 2, 2, "由最终的 α 得 b ∈ [−0.4, −0.2]，b = −0.3（最后一步的 b = −0.8 在区间之外）"},
	},
}

// TestSliderStatesBothEditions checks that every notebook with listed
// slider states is listed in both editions.
func TestSliderStatesBothEditions(t *testing.T) {
	for name := range sliderStates {
		other := zhPrefix + name
		if strings.HasPrefix(name, zhPrefix) {
			other = strings.TrimPrefix(name, zhPrefix)
		}
		if _, ok := sliderStates[other]; !ok {
			t.Errorf("slider states of %s, none of %s", name, other)
		}
	}
}

// sliderInfo is what the page says about one slider.
type sliderInfo struct {
	Ready   bool   `json:"ready"`
	Seqs    int    `json:"seqs"`
	Seq     int    `json:"seq"`
	Value   int    `json:"value"`
	Max     int    `json:"max"`
	State   string `json:"state"`
	Figure  string `json:"figure"`  // a hash of the figure's src
	Drawn   int    `json:"drawn"`   // redraws so far
	Decoded bool   `json:"decoded"` // the figure is a decoded image
}

// slidersJS marks every slider with data-e2e-slider and starts measuring:
// from each keydown (its time stamp) to the slider's next "mn-drawn" event,
// which the slider dispatches once the new frame is decoded and painted.
// It also keeps each figure a slider showed (its data URL) with the state
// it showed it in, for frameLayoutJS.
const slidersJS = `(() => {
  const sl = [...document.querySelectorAll('.mn-slider')];
  sl.forEach((s, i) => s.setAttribute('data-e2e-slider', String(i)));
  if (!window.__mnE2E) {
    const m = window.__mnE2E = {key: 0, drawn: {}, lat: {}, frames: {}};
    document.addEventListener('keydown', e => { m.key = e.timeStamp; }, true);
    sl.forEach((s, i) => {
      const img = s.querySelector('.mn-figure');
      m.drawn[i] = 0; m.lat[i] = []; m.frames[i] = new Map();
      if (img) m.frames[i].set(img.src, (s.querySelector('.mn-state') || {}).textContent || '');
      s.addEventListener('mn-drawn', e => {
        m.drawn[i]++; m.lat[i].push(e.detail.time - m.key);
        if (img && !m.frames[i].has(img.src)) m.frames[i].set(img.src, e.detail.state);
      });
    });
  }
  return sl.length;
})()`

// frameLayoutJS runs the label checks of textLayoutJS on every figure that
// slider i showed (slidersJS kept them): a slider shows its frames as SVG
// in an <img>, whose labels the page cannot measure, so each frame's SVG
// is laid out inline, hidden, at the size the <img> has, and measured
// there with the fonts the <img> draws it in.
const frameLayoutJS = `((i) => {
  const s = document.querySelector('[data-e2e-slider="' + i + '"]');
  const r = s.querySelector('.mn-figure').getBoundingClientRect();
  const box = document.createElement('div');
  box.style.cssText = 'position:absolute;left:0;top:0;visibility:hidden';
  document.body.appendChild(box);
  const out = [];
  for (const [src, state] of window.__mnE2E.frames[i]) {
    const comma = src.indexOf(','), head = src.slice(0, comma), body = src.slice(comma + 1);
    const text = /;base64$/.test(head)
      ? new TextDecoder().decode(Uint8Array.from(atob(body), c => c.charCodeAt(0)))
      : decodeURIComponent(body);
    const svg = new DOMParser().parseFromString(text, 'image/svg+xml').documentElement;
    svg.setAttribute('width', String(r.width));
    svg.setAttribute('height', String(r.height));
    box.replaceChildren(document.importNode(svg, true));
    out.push(Object.assign({state: state}, (` + textLayoutJS + `)(box.firstElementChild)));
  }
  box.remove();
  return out;
})`

// frameLayout is what frameLayoutJS reports on one frame of a slider.
type frameLayout struct {
	State string `json:"state"`
	textLayout
}

// sliderInfoJS reads slider i.
const sliderInfoJS = `((i) => {
  const s = document.querySelector('[data-e2e-slider="' + i + '"]');
  const r = s.querySelector('.mn-range'), sel = s.querySelector('.mn-seq'), img = s.querySelector('.mn-figure');
  let h = 0;
  for (let k = 0; k < img.src.length; k++) h = (h * 31 + img.src.charCodeAt(k)) | 0;
  return {
    ready: !!s.mnReady, seqs: sel ? sel.options.length : 1, seq: sel ? +sel.value : 0,
    value: +r.value, max: +r.max, state: s.querySelector('.mn-state').textContent,
    figure: img.src.length + ':' + h, drawn: window.__mnE2E.drawn[i],
    decoded: img.complete && img.naturalWidth > 0,
  };
})`

// driveSliders moves every slider of the page in tab through all its frames
// with the keyboard, in every sequence, and checks each step: the position
// moves by one, the figure and the state change, the states of
// sliderStates show where listed. It fails when the median time from key
// press to painted frame exceeds maxMedianRedraw, and saves screenshots of
// two states of each slider as DIR/slider-N-initial.png and -moved.png. It
// returns the number of sliders.
func driveSliders(t *testing.T, tab context.Context, name, dir string) int {
	t.Helper()
	n, err := eval[int](tab, slidersJS)
	if err != nil {
		t.Errorf("%s: finding the sliders: %v", name, err)
		return 0
	}
	want := sliderStates[name]
	if n == 0 && len(want) > 0 {
		t.Errorf("%s: no slider on the page; want %d checked states", name, len(want))
	}
	if n > 0 {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for i := range n {
		driveSlider(t, tab, name, dir, i, want)
	}
	return n
}

func driveSlider(t *testing.T, tab context.Context, name, dir string, i int, want []sliderState) {
	root := fmt.Sprintf(`[data-e2e-slider="%d"]`, i)
	read := func() (sliderInfo, error) { return eval[sliderInfo](tab, fmt.Sprintf("%s(%d)", sliderInfoJS, i)) }
	info, err := read()
	for deadline := time.Now().Add(sliderReadyTimeout); err == nil && !info.Ready && time.Now().Before(deadline); {
		time.Sleep(100 * time.Millisecond)
		info, err = read()
	}
	if err != nil || !info.Ready || !info.Decoded {
		t.Errorf("%s slider %d: not ready within %v (%+v, %v)", name, i, sliderReadyTimeout, info, err)
		return
	}
	shot := func(which string) {
		ctx, cancel := context.WithTimeout(tab, 20*time.Second)
		defer cancel()
		png, err := chromedp.Run(ctx, chromedp.Screenshot(chromedp.CSS(root)))
		if err != nil {
			t.Logf("%s slider %d: screenshot: %v", name, i, err)
			return
		}
		os.WriteFile(filepath.Join(dir, fmt.Sprintf("slider-%d-%s.png", i, which)), png, 0o644)
	}
	shot("initial")

	seen := map[[2]int]string{} // (sequence, frame) → state
	steps := 0
	// press sends a key to the focused control and waits for the redraw.
	press := func(sel, key string) (sliderInfo, error) {
		before, err := read()
		if err != nil {
			return before, err
		}
		ctx, cancel := context.WithTimeout(tab, redrawTimeout)
		defer cancel()
		if err := chromedp.Do(ctx, chromedp.Focus(chromedp.CSS(root+" "+sel)), chromedp.KeyEvent(key)); err != nil {
			return before, err
		}
		deadline := time.Now().Add(redrawTimeout)
		for {
			after, err := read()
			if err != nil {
				return after, err
			}
			if after.Drawn > before.Drawn {
				if after.Figure == before.Figure || after.State == before.State {
					t.Errorf("%s slider %d: a key press moved to %d/%d (sequence %d) but the figure or the state did not change: %q",
						name, i, after.Value, after.Max, after.Seq, after.State)
				}
				seen[[2]int{after.Seq, after.Value}] = after.State
				steps++
				return after, nil
			}
			if time.Now().After(deadline) {
				return after, fmt.Errorf("no redraw within %v after the key press (%+v)", redrawTimeout, after)
			}
			time.Sleep(10 * time.Millisecond)
		}
	}

	for s := range info.Seqs {
		if s > 0 {
			if info, err = press(".mn-seq", kb.ArrowDown); err != nil || info.Seq != s {
				t.Errorf("%s slider %d: ArrowDown on the menu of sequences: %v (at sequence %d, want %d)", name, i, err, info.Seq, s)
				return
			}
		}
		seen[[2]int{info.Seq, info.Value}] = info.State
		for v := info.Value; v > 0; v-- {
			if info, err = press(".mn-range", kb.ArrowLeft); err != nil || info.Value != v-1 {
				t.Errorf("%s slider %d: ArrowLeft from %d: %v (at %d)", name, i, v, err, info.Value)
				return
			}
		}
		for v := 0; v < info.Max; v++ {
			if info, err = press(".mn-range", kb.ArrowRight); err != nil || info.Value != v+1 {
				t.Errorf("%s slider %d: ArrowRight from %d: %v (at %d)", name, i, v, err, info.Value)
				return
			}
		}
	}
	shot("moved")

	for _, w := range want {
		if w.Slider != i {
			continue
		}
		got, ok := seen[[2]int{w.Seq, w.Frame}]
		if !ok || !strings.Contains(got, w.Want) {
			t.Errorf("%s slider %d, sequence %d, frame %d: state %q, want it to contain %q", name, i, w.Seq, w.Frame, got, w.Want)
		}
	}
	lat, err := eval[[]float64](tab, fmt.Sprintf("window.__mnE2E.lat[%d]", i))
	if err != nil || len(lat) == 0 {
		t.Errorf("%s slider %d: no redraw times (%v)", name, i, err)
		return
	}
	slices.Sort(lat)
	median := time.Duration(lat[len(lat)/2] * float64(time.Millisecond))
	worst := time.Duration(lat[len(lat)-1] * float64(time.Millisecond))
	t.Logf("%s slider %d: %d sequences, %d key presses, redraw median %v, max %v",
		name, i, info.Seqs, steps, median.Round(100*time.Microsecond), worst.Round(100*time.Microsecond))
	if median > maxMedianRedraw {
		t.Errorf("%s slider %d: median redraw %v, want at most %v", name, i, median, maxMedianRedraw)
	}
	checkFrames(t, tab, name, i)
}

// checkFrames checks the labels of every frame slider i showed, as
// runNotebook checks the figures of the page: none cut off at the figure's
// edge, none covering another, and in the Chinese edition some labels in
// Chinese characters, each glyph one em wide.
func checkFrames(t *testing.T, tab context.Context, name string, i int) {
	t.Helper()
	frames, err := eval[[]frameLayout](tab, fmt.Sprintf("%s(%d)", frameLayoutJS, i))
	if err != nil || len(frames) == 0 {
		t.Errorf("%s slider %d: measuring the labels of its frames: %v (%d frames)", name, i, err, len(frames))
		return
	}
	cjk := 0
	for _, f := range frames {
		if len(f.Clipped) > 0 {
			t.Errorf("%s slider %d at %q: figure text cut off at the figure's edge: %q", name, i, f.State, f.Clipped)
		}
		if len(f.Overlaps) > 0 {
			t.Errorf("%s slider %d at %q: figure labels cover each other: %q", name, i, f.State, f.Overlaps)
		}
		if len(f.CJKOdd) > 0 {
			t.Errorf("%s slider %d at %q: Chinese labels whose glyphs are not one em wide (not WenQuanYi Micro Hei, or boxes): %q", name, i, f.State, f.CJKOdd)
		}
		cjk += f.CJK
	}
	if strings.HasPrefix(name, zhPrefix) && cjk == 0 {
		t.Errorf("%s slider %d: no label in Chinese characters in its %d frames", name, i, len(frames))
	}
	t.Logf("%s slider %d: labels of %d frames checked (%d in Chinese characters)", name, i, len(frames), cjk)
}

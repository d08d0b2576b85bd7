package notebook

import (
	"bytes"
	"compress/gzip"
	"encoding/base64"
	"encoding/json"
	"io"
	"regexp"
	"strings"
	"testing"

	"github.com/janpfeifer/gonb/gonbui/protocol"
	"gonum.org/v1/plot"

	"github.com/marginnotes/marginnotes/pkg/figures"
)

// titled returns a small plot whose title tells the frames apart.
func titled(t *testing.T, title string) *plot.Plot {
	p := linePlot(t)
	p.Title.Text = title
	return p
}

// twoSequences has a repeated picture (frames 0 and 2 of "up") and a
// second sequence that starts in its middle.
func twoSequences(t *testing.T) []figures.Sequence {
	a, b := titled(t, "frame a"), titled(t, "frame b")
	return []figures.Sequence{
		{Name: "up", Initial: 1, Frames: []figures.Frame{
			{State: "k = 0: a", Figure: a},
			{State: "k = 1: b < c & d", Figure: b, Table: [][]string{{"k", "w"}, {"1", "(1, 1)"}}},
			{State: "k = 2: a again", Figure: titled(t, "frame a")},
		}},
		{Name: "down", Initial: 0, Frames: []figures.Frame{
			{State: "k = 0: b", Figure: titled(t, "frame b")},
		}},
	}
}

// unpacked decodes the slider data of a text/html output.
func unpacked(t *testing.T, page string) sliderData {
	t.Helper()
	m := regexp.MustCompile(`<script type="application/json" class="mn-data">([^<]*)</script>`).FindStringSubmatch(page)
	if m == nil {
		t.Fatal("no mn-data script in the slider's HTML")
	}
	gz, err := base64.StdEncoding.DecodeString(m[1])
	if err != nil {
		t.Fatal(err)
	}
	zr, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		t.Fatal(err)
	}
	js, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	var d sliderData
	if err := json.Unmarshal(js, &d); err != nil {
		t.Fatal(err)
	}
	return d
}

func TestSliderBundle(t *testing.T) {
	seqs := twoSequences(t)
	d, err := sliderBundle("k", seqs, figures.Width, figures.Height)
	if err != nil {
		t.Fatal(err)
	}
	page, _ := d.Data[protocol.MIMETextHTML].(string)
	svg, _ := d.Data[protocol.MIMEImageSVG].(string)
	png, _ := d.Data[protocol.MIMEImagePNG].([]byte)
	text, _ := d.Data[protocol.MIMETextPlain].(string)

	// The ordinary figure is the initial frame of the first sequence.
	if !strings.Contains(svg, "frame b") || strings.Contains(svg, "frame a") {
		t.Errorf("image/svg+xml is not the initial frame (frame b): %.120q", svg)
	}
	if !bytes.HasPrefix(png, []byte("\x89PNG\r\n\x1a\n")) {
		t.Errorf("image/png does not start with the PNG signature")
	}
	if size, _ := d.Metadata[string(protocol.MIMEImagePNG)].(map[string]int); size["width"] != 480 || size["height"] != 360 {
		t.Errorf("PNG display size = %v, want 480×360", size)
	}

	// Without JavaScript the HTML shows the same frame, its state (escaped)
	// and its table, and a slider at the initial position.
	img := regexp.MustCompile(`<img class="mn-figure" src="data:image/svg\+xml;base64,([^"]*)" width="480" height="360"`).FindStringSubmatch(page)
	if img == nil {
		t.Fatalf("no figure <img> at 480×360 in the HTML")
	}
	if got, _ := base64.StdEncoding.DecodeString(img[1]); string(got) != svg {
		t.Errorf("the HTML's figure differs from image/svg+xml")
	}
	for _, want := range []string{
		`<div class="mn-state" role="status" aria-live="polite">k = 1: b &lt; c &amp; d</div>`,
		`<input class="mn-range" type="range" min="0" max="2" step="1" value="1" aria-valuetext="k = 1: b &lt; c &amp; d">`,
		`<table><thead><tr><th>k</th><th>w</th></tr></thead><tbody><tr><td>1</td><td>(1, 1)</td></tr></tbody></table>`,
		`<option value="0" selected>up</option><option value="1">down</option>`,
		`class="mn-slider tex2jax_ignore"`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("HTML lacks %s", want)
		}
	}
	if strings.Contains(page, "$") {
		t.Errorf("HTML contains $, which MathJax could take for math")
	}

	// The packed data holds every frame in order; equal pictures are
	// stored once.
	data := unpacked(t, page)
	if len(data.Seqs) != 2 || len(data.Seqs[0].Frames) != 3 || len(data.Seqs[1].Frames) != 1 {
		t.Fatalf("unpacked %d sequences, want 2 with 3 and 1 frames: %+v", len(data.Seqs), data.Seqs)
	}
	if len(data.SVGs) != 2 {
		t.Errorf("%d distinct SVGs stored, want 2 (frame a and frame b)", len(data.SVGs))
	}
	for si, s := range seqs {
		got := data.Seqs[si]
		if got.Name != s.Name || got.Initial != s.Initial {
			t.Errorf("sequence %d: name %q initial %d, want %q %d", si, got.Name, got.Initial, s.Name, s.Initial)
		}
		for fi, f := range s.Frames {
			want, err := figures.Render(f.Figure, figures.Width, figures.Height, "svg")
			if err != nil {
				t.Fatal(err)
			}
			g := got.Frames[fi]
			if g.State != f.State || data.SVGs[g.SVG] != string(want) || g.Table != tableHTML(f.Table) {
				t.Errorf("sequence %d frame %d: unpacked %q (svg %d) differs from the frame %q", si, fi, g.State, g.SVG, f.State)
			}
		}
	}

	wantText := "⇄ k\n[up]\nk = 0: a\nk = 1: b < c & d\nk = 2: a again\n[down]\nk = 0: b"
	if text != wantText {
		t.Errorf("text/plain = %q, want %q", text, wantText)
	}

	// The same frames give the same output, byte for byte: saved notebooks
	// do not change when re-run.
	again, err := sliderBundle("k", twoSequences(t), figures.Width, figures.Height)
	if err != nil {
		t.Fatal(err)
	}
	if again.Data[protocol.MIMETextHTML] != page {
		t.Errorf("two renderings of the same slider differ")
	}
}

func TestSliderBundleSingle(t *testing.T) {
	seqs := []figures.Sequence{{Frames: []figures.Frame{{State: "C = 0.1", Figure: titled(t, "c")}}}}
	d, err := sliderBundle("C", seqs, figures.Width, figures.Height)
	if err != nil {
		t.Fatal(err)
	}
	page := d.Data[protocol.MIMETextHTML].(string)
	if strings.Contains(page, "<select") {
		t.Errorf("a single sequence has a menu of sequences")
	}
	if !strings.Contains(page, `<div class="mn-table"></div>`) {
		t.Errorf("a frame without table has a table")
	}
	if got := d.Data[protocol.MIMETextPlain]; got != "⇄ C\nC = 0.1" {
		t.Errorf("text/plain = %q", got)
	}
}

// TestSliderStrip checks what a print shows of a slider: the key frames
// of each sequence that has some, in the order given, each an image named
// by its sequence and frame over its state (escaped), under the
// sequence's name; a slider without key frames has no strip.
func TestSliderStrip(t *testing.T) {
	seqs := twoSequences(t)
	seqs[0].Print = []int{2, 0, 1}
	d, err := sliderBundle("k", seqs, figures.Width, figures.Height)
	if err != nil {
		t.Fatal(err)
	}
	page := d.Data[protocol.MIMETextHTML].(string)
	if !strings.Contains(page, `class="mn-slider tex2jax_ignore mn-has-strip"`) {
		t.Errorf("the slider with key frames is not marked mn-has-strip")
	}
	strip := regexp.MustCompile(`<div class="mn-strip">.*?</div></div></div>`).FindString(page)
	if strip == "" {
		t.Fatalf("no strip in the HTML")
	}
	key := regexp.MustCompile(`<img class="mn-key-figure" data-seq="(\d+)" data-frame="(\d+)" width="480" height="360" alt="[^"]*"><figcaption class="mn-key-state">([^<]*)</figcaption>`)
	var got []string
	for _, m := range key.FindAllStringSubmatch(strip, -1) {
		got = append(got, m[1]+"/"+m[2]+" "+m[3])
	}
	want := []string{"0/2 k = 2: a again", "0/0 k = 0: a", "0/1 k = 1: b &lt; c &amp; d"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("key frames %q, want %q", got, want)
	}
	if !strings.Contains(strip, `<div class="mn-strip-name">up</div>`) || strings.Contains(strip, "down") {
		t.Errorf("the strip does not name sequence up alone: %s", strip)
	}
	// The script fills the images from the packed frames by these indices.
	data := unpacked(t, page)
	if s := data.Seqs[0].Frames[2].State; s != "k = 2: a again" {
		t.Errorf("packed frame 0/2 is %q", s)
	}

	seqs[0].Print = nil
	d, err = sliderBundle("k", seqs, figures.Width, figures.Height)
	if err != nil {
		t.Fatal(err)
	}
	if page := d.Data[protocol.MIMETextHTML].(string); strings.Contains(page, `class="mn-strip"`) || !strings.Contains(page, `class="mn-slider tex2jax_ignore" `) {
		t.Errorf("a slider without key frames has a strip")
	}
}

func TestSliderBundleBadSize(t *testing.T) {
	if _, err := sliderBundle("k", twoSequences(t), 0, figures.Height); err == nil {
		t.Errorf("sliderBundle at width 0: no error")
	}
}

func TestSliderPanics(t *testing.T) {
	frame := figures.Frame{State: "s", Figure: titled(t, "s")}
	for _, tc := range []struct {
		name string
		seqs []figures.Sequence
		want string
	}{
		{"no sequences", nil, "notebook: slider without sequences"},
		{"no frames", []figures.Sequence{{Name: "x"}}, "notebook: slider sequence without frames"},
		{"initial past the end", []figures.Sequence{{Frames: []figures.Frame{frame}, Initial: 1}}, "notebook: slider initial frame out of range"},
		{"initial negative", []figures.Sequence{{Frames: []figures.Frame{frame}, Initial: -1}}, "notebook: slider initial frame out of range"},
		{"print frame past the end", []figures.Sequence{{Frames: []figures.Frame{frame}, Print: []int{0, 1}}}, "notebook: slider print frame out of range"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			defer func() {
				if r := recover(); r != tc.want {
					t.Errorf("recover() = %v, want %q", r, tc.want)
				}
			}()
			Slider("k", tc.seqs, figures.Width, figures.Height)
		})
	}
}

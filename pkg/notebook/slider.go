package notebook

import (
	"bytes"
	"compress/gzip"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"html"
	"os"
	"strings"

	"github.com/janpfeifer/gonb/gonbui"
	"github.com/janpfeifer/gonb/gonbui/protocol"
	"gonum.org/v1/plot/vg"

	"github.com/marginnotes/marginnotes/pkg/figures"
)

// Slider displays sequences of frames (a run of an algorithm step by step, a
// sweep over a parameter) as one figure with a slider, in a single
// display_data message:
//
//   - text/html: the figure, a range input named label ("k", "C") over the
//     frames of the shown sequence, a menu of the sequences when there are
//     several, the frame's State in text (announced to screen readers, set
//     as the input's aria-valuetext) and its Table. Every frame is rendered
//     as SVG in Go and carried in the output, gzip-compressed; a small
//     self-contained script swaps them on input, so the slider needs no
//     kernel and works in the notebook, in its HTML export and offline.
//     Arrow keys move the focused slider. Without JavaScript (a static
//     viewer, an export of the saved notebook) the output shows the initial
//     frame of the first sequence with its state and table.
//     On paper (print media), the slider becomes a strip of small
//     multiples: the key frames of each sequence (Sequence.Print), each
//     with its State beneath, filled in by the script from the packed
//     frames; a slider without key frames prints its initial frame.
//   - image/svg+xml and image/png: that same initial frame as an ordinary
//     figure, as Show sends it, for front ends that do not render HTML.
//   - text/plain: the state of every frame, one a line.
//
// All frames are drawn at width w and height h. Outside GoNB, Slider prints
// the text/plain form to standard output. A frame that cannot be rendered is
// reported on standard error, and nothing is displayed.
//
// It panics if seqs is empty, a sequence has no frames, or a sequence's
// Initial or one of its Print frames is not the index of one of its
// frames.
func Slider(label string, seqs []figures.Sequence, w, h vg.Length) {
	checkSequences(seqs)
	if !gonbui.IsNotebook {
		fmt.Println(sliderText(label, seqs))
		return
	}
	data, err := sliderBundle(label, seqs, w, h)
	if err != nil {
		fmt.Fprintf(os.Stderr, "notebook: %v\n", err)
		return
	}
	gonbui.SendData(data)
	gonbui.Sync() // see Show
}

// checkSequences panics on the programmer errors Slider documents.
func checkSequences(seqs []figures.Sequence) {
	if len(seqs) == 0 {
		panic("notebook: slider without sequences")
	}
	for _, s := range seqs {
		if len(s.Frames) == 0 {
			panic("notebook: slider sequence without frames")
		}
		if s.Initial < 0 || s.Initial >= len(s.Frames) {
			panic("notebook: slider initial frame out of range")
		}
		for _, k := range s.Print {
			if k < 0 || k >= len(s.Frames) {
				panic("notebook: slider print frame out of range")
			}
		}
	}
}

// sliderText is the text/plain form of a slider: its label after ⇄, each
// sequence's name in brackets when there are several, then the state of
// every frame.
func sliderText(label string, seqs []figures.Sequence) string {
	var b strings.Builder
	fmt.Fprintf(&b, "⇄ %s", label) // a symbol, not a word: the same in both editions
	for _, s := range seqs {
		if s.Name != "" {
			fmt.Fprintf(&b, "\n[%s]", s.Name)
		}
		for _, f := range s.Frames {
			b.WriteString("\n")
			b.WriteString(f.State)
		}
	}
	return b.String()
}

// sliderData is what the slider's script unpacks: the sequences, with each
// frame's figure as an index into SVGs (frames that draw the same picture
// share it).
type sliderData struct {
	Seqs []sliderSeq `json:"seqs"`
	SVGs []string    `json:"svgs"`
}

type sliderSeq struct {
	Name    string        `json:"name"`
	Initial int           `json:"initial"`
	Frames  []sliderFrame `json:"frames"`
	Print   []int         `json:"-"` // the key frames of the print (stripHTML)
}

type sliderFrame struct {
	State string `json:"state"`
	Table string `json:"table"` // HTML
	SVG   int    `json:"svg"`
}

// sliderBundle renders every frame and returns the display_data message
// Slider sends.
func sliderBundle(label string, seqs []figures.Sequence, w, h vg.Length) (*protocol.DisplayData, error) {
	var data sliderData
	index := map[string]int{}
	for _, s := range seqs {
		ss := sliderSeq{Name: s.Name, Initial: s.Initial, Print: s.Print}
		for i, f := range s.Frames {
			svg, err := figures.Render(f.Figure, w, h, "svg")
			if err != nil {
				return nil, fmt.Errorf("slider frame %d (%s): %w", i, f.State, err)
			}
			j, ok := index[string(svg)]
			if !ok {
				j = len(data.SVGs)
				index[string(svg)] = j
				data.SVGs = append(data.SVGs, string(svg))
			}
			ss.Frames = append(ss.Frames, sliderFrame{State: f.State, Table: tableHTML(f.Table), SVG: j})
		}
		data.Seqs = append(data.Seqs, ss)
	}
	first := seqs[0].Frames[seqs[0].Initial]
	png, err := figures.Render(first.Figure, w, h, "png")
	if err != nil {
		return nil, fmt.Errorf("slider frame %d (%s): %w", seqs[0].Initial, first.State, err)
	}
	svg := data.SVGs[data.Seqs[0].Frames[seqs[0].Initial].SVG]
	page, err := sliderHTML(label, &data, w, h)
	if err != nil {
		return nil, err
	}
	return &protocol.DisplayData{
		Data: map[protocol.MIMEType]any{
			protocol.MIMETextHTML:  page,
			protocol.MIMEImageSVG:  svg,
			protocol.MIMEImagePNG:  png,
			protocol.MIMETextPlain: sliderText(label, seqs),
		},
		Metadata: map[string]any{
			string(protocol.MIMEImagePNG): map[string]int{"width": pixels(w), "height": pixels(h)},
		},
	}, nil
}

// tableHTML writes rows, the first the header, as an HTML table; "" for
// none.
func tableHTML(rows [][]string) string {
	if len(rows) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString("<table><thead><tr>")
	for _, c := range rows[0] {
		fmt.Fprintf(&b, "<th>%s</th>", html.EscapeString(c))
	}
	b.WriteString("</tr></thead><tbody>")
	for _, r := range rows[1:] {
		b.WriteString("<tr>")
		for _, c := range r {
			fmt.Fprintf(&b, "<td>%s</td>", html.EscapeString(c))
		}
		b.WriteString("</tr>")
	}
	b.WriteString("</tbody></table>")
	return b.String()
}

// sliderHTML writes the text/html form: the initial frame as static markup
// (what shows without JavaScript), the packed frames and the script.
func sliderHTML(label string, data *sliderData, w, h vg.Length) (string, error) {
	packed, err := pack(data)
	if err != nil {
		return "", err
	}
	seq := data.Seqs[0]
	f := seq.Frames[seq.Initial]
	esc := html.EscapeString
	var b strings.Builder
	// tex2jax_ignore: MathJax, which typesets the notebook page, leaves
	// the slider's text alone.
	strip := stripHTML(data, w, h)
	class := "mn-slider tex2jax_ignore"
	if strip != "" {
		class += " mn-has-strip"
	}
	fmt.Fprintf(&b, `<div class="%s" role="group" aria-label="%s">`, class, esc(label))
	b.WriteString(sliderCSS)
	b.WriteString(`<div class="mn-controls">`)
	if len(data.Seqs) > 1 {
		// The names of the sequences say what they are; the label names
		// the slider.
		b.WriteString(`<select class="mn-seq">`)
		for i, s := range data.Seqs {
			sel := ""
			if i == 0 {
				sel = " selected"
			}
			fmt.Fprintf(&b, `<option value="%d"%s>%s</option>`, i, sel, esc(s.Name))
		}
		b.WriteString(`</select> `)
	}
	fmt.Fprintf(&b, `<label>%s <input class="mn-range" type="range" min="0" max="%d" step="1" value="%d" aria-valuetext="%s"></label>`,
		esc(label), len(seq.Frames)-1, seq.Initial, esc(f.State))
	b.WriteString(`</div>`)
	fmt.Fprintf(&b, `<div class="mn-state" role="status" aria-live="polite">%s</div>`, esc(f.State))
	fmt.Fprintf(&b, `<img class="mn-figure" src="data:image/svg+xml;base64,%s" width="%d" height="%d" alt="%s">`,
		base64.StdEncoding.EncodeToString([]byte(data.SVGs[f.SVG])), pixels(w), pixels(h), esc(f.State))
	fmt.Fprintf(&b, `<div class="mn-table">%s</div>`, f.Table)
	b.WriteString(strip)
	fmt.Fprintf(&b, `<script type="application/json" class="mn-data">%s</script>`, packed)
	b.WriteString(sliderJS)
	b.WriteString(`</div>`)
	return b.String(), nil
}

// stripHTML writes what a print shows of the slider: for each sequence
// with key frames, its name (when there are several sequences) and a grid
// of the key frames, each an <img> (img.mn-key-figure, its frame named by
// data-seq and data-frame; the script sets its src from the packed frames,
// which keeps the saved notebook small) over its state. It is "" when no
// sequence has key frames.
func stripHTML(data *sliderData, w, h vg.Length) string {
	esc := html.EscapeString
	var b strings.Builder
	for i, s := range data.Seqs {
		if len(s.Print) == 0 {
			continue
		}
		b.WriteString(`<div class="mn-strip-seq">`)
		if len(data.Seqs) > 1 && s.Name != "" {
			fmt.Fprintf(&b, `<div class="mn-strip-name">%s</div>`, esc(s.Name))
		}
		b.WriteString(`<div class="mn-strip-frames">`)
		for _, k := range s.Print {
			f := s.Frames[k]
			fmt.Fprintf(&b, `<figure class="mn-key"><img class="mn-key-figure" data-seq="%d" data-frame="%d" width="%d" height="%d" alt="%s">`+
				`<figcaption class="mn-key-state">%s</figcaption></figure>`, i, k, pixels(w), pixels(h), esc(f.State), esc(f.State))
		}
		b.WriteString(`</div></div>`)
	}
	if b.Len() == 0 {
		return ""
	}
	return `<div class="mn-strip">` + b.String() + `</div>`
}

// pack encodes the slider's data as base64 of gzip-compressed JSON. The
// frames of a run differ in a few lines of their drawing, so they compress
// well (tenfold for the notebooks' runs). The output is the same on every
// run: gzip writes no time stamp here.
func pack(data *sliderData) (string, error) {
	js, err := json.Marshal(data)
	if err != nil {
		return "", fmt.Errorf("notebook: slider data: %w", err)
	}
	var buf bytes.Buffer
	zw, err := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	if err != nil {
		return "", err
	}
	if _, err := zw.Write(js); err != nil {
		return "", err
	}
	if err := zw.Close(); err != nil {
		return "", err
	}
	return base64.StdEncoding.EncodeToString(buf.Bytes()), nil
}

// sliderCSS styles the slider; in print only the state, figure and table
// remain, and a strip prints one key frame a row: two a row would print a
// Wide frame's 10 pt legend at about 4 pt, one prints it at 8 pt or more.
const sliderCSS = `<style>
.mn-slider { margin: 0.3em 0; }
.mn-slider .mn-controls { display: flex; flex-wrap: wrap; gap: 0.4em 1.2em; align-items: center; font-size: 14px; }
.mn-slider .mn-controls label { display: inline-flex; align-items: center; gap: 0.4em; font-weight: bold; }
.mn-slider .mn-range { width: 320px; max-width: 60vw; }
.mn-slider .mn-state { font-family: monospace; font-size: 13px; margin: 0.3em 0; min-height: 1.3em; white-space: pre-wrap; }
.mn-slider .mn-figure { display: block; max-width: 100%; height: auto; }
.mn-slider table { border-collapse: collapse; font-size: 12px; margin-top: 0.3em; }
.mn-slider th, .mn-slider td { border: 1px solid #bbb; padding: 0.15em 0.5em; text-align: right; }
.mn-slider tbody tr:last-child td { background: #fff7cc; }
.mn-slider .mn-strip { display: none; }
@media print {
  .mn-slider .mn-controls { display: none; }
  .mn-slider.mn-has-strip > .mn-state, .mn-slider.mn-has-strip > .mn-figure, .mn-slider.mn-has-strip > .mn-table { display: none; }
  .mn-slider .mn-strip { display: block; }
  .mn-slider .mn-strip-name { font-weight: bold; font-size: 13px; margin: 0.5em 0 0.2em; break-after: avoid; }
  .mn-slider .mn-strip-frames { display: grid; grid-template-columns: minmax(0, 1fr); gap: 0.5em 1.2em; }
  .mn-slider .mn-key { margin: 0; break-inside: avoid; }
  .mn-slider .mn-key-figure { display: block; width: 100%; height: auto; }
  .mn-slider .mn-key-state { font-size: 11px; line-height: 1.3; margin-top: 0.15em; }
}
</style>`

// sliderJS makes every .mn-slider on the page interactive, once: it unpacks
// the frames (DecompressionStream; where that is missing, the slider stays
// disabled on the initial frame), sets the images of the print's strip,
// and redraws on input. After each redraw it
// dispatches an "mn-drawn" event on the slider whose detail holds the state
// and the time the new frame was decoded and painted (performance.now()),
// which the browser test measures; root.mnReady tells that the slider
// responds.
const sliderJS = `<script>
(function () {
  function unpack(b64) {
    var bin = atob(b64), bytes = new Uint8Array(bin.length);
    for (var i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
    var s = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
    return new Response(s).text().then(JSON.parse);
  }
  function init(root) {
    if (root.mnSlider) return;
    root.mnSlider = true;
    var q = function (s) { return root.querySelector(s); };
    var range = q('.mn-range'), seq = q('.mn-seq'), state = q('.mn-state'),
        img = q('.mn-figure'), table = q('.mn-table'), packed = q('.mn-data');
    if (!range || !img || !packed || typeof DecompressionStream === 'undefined') return;
    range.disabled = true;
    if (seq) seq.disabled = true;
    unpack(packed.textContent.trim()).then(function (data) {
      var urls = [];
      var url = function (i) {
        return urls[i] || (urls[i] = 'data:image/svg+xml;charset=utf-8,' + encodeURIComponent(data.svgs[i]));
      };
      var current = function () { return data.seqs[seq ? +seq.value : 0]; };
      var draw = function () {
        var f = current().frames[+range.value];
        img.src = url(f.svg);
        img.alt = f.state;
        state.textContent = f.state;
        range.setAttribute('aria-valuetext', f.state);
        table.innerHTML = f.table;
        var done = function () {
          requestAnimationFrame(function () {
            root.dispatchEvent(new CustomEvent('mn-drawn', {detail: {state: f.state, time: performance.now()}}));
          });
        };
        (img.decode ? img.decode() : Promise.resolve()).then(done, done);
      };
      range.addEventListener('input', draw);
      if (seq) seq.addEventListener('change', function () {
        var s = current();
        range.max = String(s.frames.length - 1);
        range.value = String(s.initial);
        draw();
      });
      // The print's key frames, as base64 data URLs.
      var b64 = [];
      root.querySelectorAll('img.mn-key-figure').forEach(function (im) {
        var s = data.seqs[+im.getAttribute('data-seq')];
        var f = s && s.frames[+im.getAttribute('data-frame')];
        if (!f) return;
        if (!b64[f.svg]) {
          var bytes = new TextEncoder().encode(data.svgs[f.svg]), bin = '';
          for (var i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
          b64[f.svg] = 'data:image/svg+xml;base64,' + btoa(bin);
        }
        im.src = b64[f.svg];
      });
      range.disabled = false;
      if (seq) seq.disabled = false;
      root.mnReady = true;
      // Decode every frame once, one at a time while the page is idle, and
      // keep the images: a step then shows a frame the browser has already
      // parsed (with its fonts), instead of parsing it on the key press.
      var warm = [];
      var preload = function (i) {
        if (i >= data.svgs.length) return;
        var im = new Image();
        im.src = url(i);
        warm.push(im);
        var next = function () { setTimeout(function () { preload(i + 1); }, 0); };
        (im.decode ? im.decode() : Promise.resolve()).then(next, next);
      };
      preload(0);
    });
  }
  document.querySelectorAll('.mn-slider').forEach(init);
})();
</script>`

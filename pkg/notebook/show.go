package notebook

import (
	"fmt"
	"os"

	"github.com/janpfeifer/gonb/gonbui"
	"github.com/janpfeifer/gonb/gonbui/protocol"
	"gonum.org/v1/plot/vg"

	"github.com/marginnotes/marginnotes/pkg/figures"
)

// cssDPI is the resolution at which browsers lay out an image's CSS pixels.
const cssDPI = 96

// Show displays f at width w and height h in the cell's output: one
// display_data message carrying the figure as image/svg+xml and as image/png
// (rendered by figures.Render, the PNG at figures.DPI and laid out at w×h).
// Outside GoNB it does nothing. A figure that cannot be rendered is reported
// on standard error, which the notebook shows under the cell.
func Show(f figures.Figure, w, h vg.Length) {
	if !gonbui.IsNotebook {
		return
	}
	data, err := bundle(f, w, h)
	if err != nil {
		fmt.Fprintf(os.Stderr, "notebook: %v\n", err)
		return
	}
	gonbui.SendData(data)
	// Wait until GoNB has the message: a cell's program may exit right
	// after Show, and GoNB drops what it has not read by then.
	gonbui.Sync()
}

// bundle renders f as the display_data message Show sends.
func bundle(f figures.Figure, w, h vg.Length) (*protocol.DisplayData, error) {
	svg, err := figures.Render(f, w, h, "svg")
	if err != nil {
		return nil, err
	}
	png, err := figures.Render(f, w, h, "png")
	if err != nil {
		return nil, err
	}
	return &protocol.DisplayData{
		Data: map[protocol.MIMEType]any{
			protocol.MIMEImageSVG: string(svg),
			protocol.MIMEImagePNG: png,
		},
		Metadata: map[string]any{
			// The value's type must be one that gonbui registers with
			// encoding/gob (map[string]int is).
			string(protocol.MIMEImagePNG): map[string]int{
				"width":  pixels(w),
				"height": pixels(h),
			},
		},
	}, nil
}

// pixels converts a length to CSS pixels, rounded to the nearest integer.
func pixels(l vg.Length) int {
	return int(l.Dots(cssDPI) + 0.5)
}

package notebook

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/janpfeifer/gonb/gonbui/protocol"

	"github.com/marginnotes/marginnotes/pkg/figures"
)

func TestSave(t *testing.T) {
	dir := t.TempDir()
	t.Setenv(protocol.GONB_DIR_ENV, dir) // as in a GoNB cell
	grid := figures.NewGrid("two", 2, linePlot(t), linePlot(t))
	for _, tc := range []struct {
		name   string
		fig    figures.Figure
		prefix string // the format's signature
		size   string // how the file states its size
	}{
		// Width×Height is 5in×3.75in = 360pt×270pt; Wide is 9in = 648pt.
		{"plot.svg", linePlot(t), "<?xml", `width="360pt" height="270pt"`},
		{"grid.SVG", grid, "<?xml", `width="648pt" height="270pt"`},
		{"plot.pdf", linePlot(t), "%PDF-", "/MediaBox [0 0 360.00 270.00]"},
		// figures.DPI = 120: 600×450 pixels, in the IHDR chunk.
		{"plot.png", linePlot(t), "\x89PNG\r\n\x1a\n", "\x00\x00\x02\x58\x00\x00\x01\xc2"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := Save(tc.fig, tc.name); err != nil {
				t.Fatal(err)
			}
			data, err := os.ReadFile(filepath.Join(dir, tc.name))
			if err != nil {
				t.Fatalf("not written next to the notebook: %v", err)
			}
			if !bytes.HasPrefix(data, []byte(tc.prefix)) {
				t.Errorf("starts with %.8q, want %q", data, tc.prefix)
			}
			if !bytes.Contains(data, []byte(tc.size)) {
				t.Errorf("does not state the size %q", tc.size)
			}
		})
	}
	if err := Save(linePlot(t), "plot.jpg"); !errors.Is(err, figures.ErrFormat) {
		t.Errorf("Save to .jpg: err = %v, want figures.ErrFormat", err)
	}
	abs := filepath.Join(t.TempDir(), "abs.svg")
	if err := Save(linePlot(t), abs); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(abs); err != nil {
		t.Errorf("an absolute path is not kept: %v", err)
	}
}

func TestSavePath(t *testing.T) {
	for _, tc := range []struct{ path, dir, want string }{
		{"f.pdf", "", "f.pdf"},
		{"f.pdf", "/nb", "/nb/f.pdf"},
		{"out/f.pdf", "/nb", "/nb/out/f.pdf"},
		{"/tmp/f.pdf", "/nb", "/tmp/f.pdf"},
	} {
		if got := savePath(tc.path, tc.dir); got != tc.want {
			t.Errorf("savePath(%q, %q) = %q, want %q", tc.path, tc.dir, got, tc.want)
		}
	}
}

package notebook

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/janpfeifer/gonb/gonbui/protocol"
	"gonum.org/v1/plot/vg"

	"github.com/marginnotes/marginnotes/pkg/figures"
)

// Save writes f to path in the format its extension names, .svg, .png or
// .pdf (figures.Render), at the house size of its kind: figures.Wide ×
// figures.Height for a *figures.Grid of small multiples, figures.Width ×
// figures.Height for anything else. For another size, write the bytes of
// figures.Render yourself.
//
// In a GoNB cell a relative path is taken from the notebook's folder
// (GoNB's $GONB_DIR; a cell's program runs in a temporary folder), so
// notebook.Save(p, "my-figure.pdf") writes my-figure.pdf next to the
// notebook; elsewhere it is taken from the working directory as usual.
//
// It returns an error wrapping figures.ErrFormat for another extension, and
// the errors of rendering and writing the file.
func Save(f figures.Figure, path string) error {
	format := strings.ToLower(strings.TrimPrefix(filepath.Ext(path), "."))
	w, h := saveSize(f)
	data, err := figures.Render(f, w, h, format)
	if err != nil {
		return fmt.Errorf("notebook: saving %s: %w", path, err)
	}
	if err := os.WriteFile(savePath(path, os.Getenv(protocol.GONB_DIR_ENV)), data, 0o644); err != nil {
		return fmt.Errorf("notebook: %w", err)
	}
	return nil
}

// saveSize is the house size of f's kind.
func saveSize(f figures.Figure) (w, h vg.Length) {
	if _, ok := f.(*figures.Grid); ok {
		return figures.Wide, figures.Height
	}
	return figures.Width, figures.Height
}

// savePath resolves a relative path against dir, the notebook's folder,
// when dir is set.
func savePath(path, dir string) string {
	if dir == "" || filepath.IsAbs(path) {
		return path
	}
	return filepath.Join(dir, path)
}

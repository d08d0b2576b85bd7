package notebook

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/janpfeifer/gonb/gonbui/protocol"

	"github.com/marginnotes/marginnotes/pkg/figures"
)

// Save writes f to path at its house size, in the format its extension
// names, .svg, .png or .pdf, as figures.Save does. In a GoNB cell a
// relative path is taken from the notebook's folder (GoNB's $GONB_DIR; a
// cell's program runs in a temporary folder), so
// notebook.Save(p, "my-figure.pdf") writes my-figure.pdf next to the
// notebook; elsewhere it is taken from the working directory as usual.
//
// It returns an error wrapping figures.ErrFormat for another extension, and
// the errors of rendering and writing the file.
func Save(f figures.Figure, path string) error {
	if err := figures.Save(f, savePath(path, os.Getenv(protocol.GONB_DIR_ENV))); err != nil {
		return fmt.Errorf("notebook: %w", err)
	}
	return nil
}

// savePath resolves a relative path against dir, the notebook's folder,
// when dir is set.
func savePath(path, dir string) string {
	if dir == "" || filepath.IsAbs(path) {
		return path
	}
	return filepath.Join(dir, path)
}

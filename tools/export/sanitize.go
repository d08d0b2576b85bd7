package main

import (
	"log"
	"os"
	"path/filepath"
	"strings"

	"github.com/marginnotes/marginnotes/internal/sanitize"
)

// sanitized returns the page to open for the HTML file path: path itself
// when its notebook Markdown holds nothing that Jupyter's renderer would
// remove, or else a sanitized copy beside it (so that relative links
// resolve alike), which done removes. nbconvert renders Markdown with
// escape=False and no sanitizer; the browser must not run a script or an
// event handler of a notebook's Markdown while it typesets or prints the
// page, nor the pages written keep them (see package internal/sanitize).
func sanitized(path string) (page string, done func(), err error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return "", nil, err
	}
	clean, n, err := sanitize.Page(src)
	if err != nil || n == 0 {
		return path, func() {}, err
	}
	dir, base := filepath.Split(path)
	f, err := os.CreateTemp(dir, "."+strings.TrimSuffix(base, filepath.Ext(base))+".sanitized-*.html")
	if err != nil {
		return "", nil, err
	}
	done = func() { os.Remove(f.Name()) }
	if _, err := f.Write(clean); err != nil {
		f.Close()
		done()
		return "", nil, err
	}
	if err := f.Close(); err != nil {
		done()
		return "", nil, err
	}
	log.Printf("%s: removed %d scripts, event handlers or script URLs from its Markdown, as Jupyter does", path, n)
	return f.Name(), done, nil
}

package main

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/marginnotes/marginnotes/pkg/playground"
)

// playgroundFile is the playground page's name, in each edition's folder
// of the site and of its build (tools/playground, make playground).
const playgroundFile = "playground.html"

// navMarker is where the playground page takes the site's bar of links.
const navMarker = "<!--nav-->"

// readPlayground reads the playground pages of both editions from the
// folder cfg.playground; none when it is "", an error when a page is
// missing.
func (s *site) readPlayground() error {
	if s.cfg.playground == "" {
		return nil
	}
	s.playground = map[string][]byte{}
	for _, ed := range editions {
		name := filepath.Join(s.cfg.playground, ed.Dir, playgroundFile)
		src, err := os.ReadFile(name)
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				return fmt.Errorf("no playground page %s (make playground builds it): %w", name, err)
			}
			return err
		}
		if !bytes.Contains(src, []byte(navMarker)) {
			return fmt.Errorf("%s: no %s for the bar of links", name, navMarker)
		}
		s.playground[ed.Code] = src
	}
	return nil
}

// playgroundBuild is where a notebook links to the playground page of
// edition ed, relative to the folder notebooks/: the copy make playground
// puts beside the notebooks (notebooks/playground.html,
// notebooks/zh/playground.html), which the site maps to its own page.
func playgroundBuild(ed *edition) string {
	return path.Join(ed.Dir, playgroundFile)
}

// playgroundSite is the playground page of edition ed in the site.
func playgroundSite(ed *edition) string { return path.Join(ed.Dir, playgroundFile) }

// writePlayground writes the playground page of edition ed: the built page
// with the site's bar of links and stylesheet.
func (s *site) writePlayground(ed *edition) ([]byte, error) {
	self := &page{ed: ed, site: playgroundSite(ed), title: ed.Words.Playground, name: "playground"}
	self.other = &page{site: playgroundSite(ed.Other), title: ed.Other.Words.Playground}
	v := s.navView(self)
	v.Prev = nil
	var nav bytes.Buffer
	if err := s.tmpl.ExecuteTemplate(&nav, "nav", v); err != nil {
		return nil, err
	}
	src := s.playground[ed.Code]
	head := fmt.Sprintf("<link rel=\"stylesheet\" href=\"%sassets/site.css\">\n</head>", v.Root)
	out := bytes.Replace(src, []byte("</head>"), []byte(head), 1)
	out = bytes.Replace(out, []byte(navMarker), nav.Bytes(), 1)
	foot := fmt.Sprintf("<script src=\"%sassets/search.js\"></script>\n</body>", v.Root)
	i := bytes.LastIndex(out, []byte("</body>"))
	if i < 0 {
		return nil, fmt.Errorf("%s: no </body>", playgroundSite(ed))
	}
	return append(out[:i:i], append([]byte(foot), out[i+len("</body>"):]...)...), nil
}

// isPlaygroundState reports whether a link to target with fragment frag
// is a state of the playground page, and checks it: the fragment must be
// one that package playground reads.
func isPlaygroundState(target, frag string) (bool, error) {
	if path.Base(target) != playgroundFile || !strings.Contains(frag, "=") {
		return false, nil
	}
	_, err := playground.ParseFragment(frag)
	return true, err
}

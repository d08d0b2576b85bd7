package main

import (
	"bytes"
	"cmp"
	"embed"
	"errors"
	"fmt"
	"html/template"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

//go:embed assets/site.css assets/search.js
var assets embed.FS

//go:embed templates/*.html
var templates embed.FS

// site is the site being built.
type site struct {
	cfg        config
	pages      []*page            // notebooks of both editions, then the glossaries
	editions   map[string][]*page // the notebooks of each edition, in reading order
	glossary   map[string]*page   // per edition
	byNotebook map[string]*page   // by notebook path under notebooks/
	books      map[string]string  // edition code → the book PDF's path in the site, if built
	playground map[string][]byte  // edition code → the playground page, when -playground is set
	tmpl       *template.Template
}

// stats is what build reports.
type stats struct {
	pages     int
	notebooks map[string]int
	bytes     int64 // of the whole site
	index     int64 // of the search index
	books     string
}

// notebookName matches a notebook's file name: NN-name.ipynb.
var notebookName = regexp.MustCompile(`^([0-9]+)-[^/]+\.ipynb$`)

// build makes the site that c describes.
func build(c config) (stats, error) {
	s := &site{
		cfg:        c,
		editions:   map[string][]*page{},
		glossary:   map[string]*page{},
		byNotebook: map[string]*page{},
		books:      map[string]string{},
	}
	t, err := template.New("").ParseFS(templates, "templates/*.html")
	if err != nil {
		return stats{}, err
	}
	s.tmpl = t
	if err := s.read(); err != nil {
		return stats{}, err
	}
	if err := s.readPlayground(); err != nil {
		return stats{}, err
	}
	tmp, err := os.MkdirTemp(filepath.Dir(filepath.Clean(c.out)), "."+filepath.Base(c.out)+"-")
	if err != nil {
		return stats{}, err
	}
	defer os.RemoveAll(tmp)
	st, err := s.writeAll(tmp)
	if err != nil {
		return stats{}, err
	}
	if err := check(tmp); err != nil {
		return stats{}, fmt.Errorf("the site would not work offline: %w", err)
	}
	if err := os.Chmod(tmp, 0o755); err != nil {
		return stats{}, err
	}
	if err := os.RemoveAll(c.out); err != nil {
		return stats{}, err
	}
	return st, os.Rename(tmp, c.out)
}

// read finds the notebooks of both editions, reads their exports and the
// glossary, and links the pages.
func (s *site) read() error {
	var errs []error
	for _, ed := range editions {
		dir := filepath.Join(s.cfg.notebooks, ed.Dir)
		entries, err := os.ReadDir(dir)
		if err != nil && !(ed.Dir != "" && errors.Is(err, fs.ErrNotExist)) {
			return err
		}
		for _, e := range entries {
			m := notebookName.FindStringSubmatch(e.Name())
			if m == nil || e.IsDir() {
				continue
			}
			num, _ := strconv.Atoi(m[1])
			name := strings.TrimSuffix(e.Name(), ".ipynb")
			p := &page{ed: ed, name: name, num: num,
				site:   path.Join(ed.Dir, name+".html"),
				nbPath: path.Join(ed.Dir, e.Name())}
			if err := s.load(p, filepath.Join(s.cfg.html, ed.Dir, name+".html")); err != nil {
				errs = append(errs, err)
				continue
			}
			s.editions[ed.Code] = append(s.editions[ed.Code], p)
		}
		slices.SortFunc(s.editions[ed.Code], func(a, b *page) int {
			return cmp.Or(cmp.Compare(a.num, b.num), strings.Compare(a.name, b.name))
		})
	}
	if len(s.editions["en"])+len(s.editions["zh"]) == 0 && len(errs) == 0 {
		errs = append(errs, fmt.Errorf("no notebook %s/NN-name.ipynb or %s/zh/NN-name.ipynb", s.cfg.notebooks, s.cfg.notebooks))
	}
	glossary, err := os.ReadFile(filepath.Join(s.cfg.html, "glossary.html"))
	if err != nil {
		errs = append(errs, fmt.Errorf("the glossary's page (scripts/export.sh glossary makes it from notebooks/glossary.md): %w", err))
	}
	if err := errors.Join(errs...); err != nil {
		return err
	}
	for _, ed := range editions {
		nbs := s.editions[ed.Code]
		g := &page{ed: ed, name: "glossary", num: -1, src: glossary,
			site: path.Join(ed.Dir, "glossary.html"), nbPath: "glossary.md"}
		if err := g.parseExport(); err != nil {
			return fmt.Errorf("the glossary's page: %w", err)
		}
		s.glossary[ed.Code] = g
		for i, p := range nbs {
			s.pages = append(s.pages, p)
			s.byNotebook[p.nbPath] = p
			if i > 0 {
				p.prev = nbs[i-1]
			}
			if i+1 < len(nbs) {
				p.next = nbs[i+1]
			}
		}
		if len(nbs) > 0 {
			nbs[len(nbs)-1].next = g
			g.prev = nbs[len(nbs)-1]
		}
	}
	for _, ed := range editions {
		for _, p := range s.editions[ed.Code] {
			p.other = s.byNotebook[path.Join(ed.Other.Dir, p.name+".ipynb")]
		}
		s.glossary[ed.Code].other = s.glossary[ed.Other.Code]
	}
	s.pages = append(s.pages, s.glossary["en"], s.glossary["zh"])
	for _, ed := range editions {
		book := filepath.Join(s.cfg.book, bookFile(ed))
		if fi, err := os.Stat(book); err == nil && fi.Mode().IsRegular() {
			s.books[ed.Code] = path.Join("book", bookFile(ed))
		}
	}
	return nil
}

// load reads the export of notebook p.
func (s *site) load(p *page, export string) error {
	src, err := os.ReadFile(export)
	if err != nil {
		return fmt.Errorf("notebooks/%s has no HTML export (make html): %w", p.nbPath, err)
	}
	p.src = src
	if err := p.parseExport(); err != nil {
		return fmt.Errorf("%s: %w", export, err)
	}
	return nil
}

// link is a link of the site's own bars and lists.
type link struct {
	Href, Text, Title string
}

// navView is what the templates nav and foot show for a page.
type navView struct {
	Root             string // the site's root, relative to the page
	Lang             string
	Code             string
	W                words
	Contents         string
	Prev, Next       *link
	Other            link
	OtherLang        string
	Glossary         string
	Playground       string // "" when the site has no playground
	IsIndex, IsGloss bool
	IsPlayground     bool
}

func (s *site) navView(p *page) navView {
	v := navView{
		Root: relPath(p.site, ""), Lang: p.ed.Lang, Code: p.ed.Code, W: p.ed.Words,
		Contents:  relPath(p.site, path.Join(p.ed.Dir, "index.html")),
		Glossary:  relPath(p.site, s.glossary[p.ed.Code].site),
		OtherLang: p.ed.Other.Lang,
		IsGloss:   p.name == "glossary",
	}
	if s.playground != nil {
		v.Playground = relPath(p.site, playgroundSite(p.ed))
		v.IsPlayground = p.name == "playground"
	}
	if p.prev != nil {
		v.Prev = &link{Href: relPath(p.site, p.prev.site), Text: p.prev.title}
	} else {
		v.Prev = &link{Href: v.Contents, Text: p.ed.Words.Contents}
	}
	if p.next != nil {
		v.Next = &link{Href: relPath(p.site, p.next.site), Text: p.next.title}
	}
	v.Other = link{Href: relPath(p.site, path.Join(p.ed.Other.Dir, "index.html")), Text: p.ed.Words.OtherLang, Title: p.ed.Words.Missing}
	if p.other != nil {
		v.Other = link{Href: relPath(p.site, p.other.site), Text: p.ed.Words.OtherLang, Title: p.other.title}
	}
	return v
}

// pageTitle is the title of a page in the browser: its own, then the site's.
func (s *site) pageTitle(p *page) string {
	return p.title + " · " + p.ed.Words.Site
}

// indexView is what the template index shows.
type indexView struct {
	navView
	Title     string
	Notebooks []indexEntry
	Books     []link
	OtherBook string
}

type indexEntry struct {
	Href, Title string
	Desc        template.HTML
}

// writeAll writes every file of the site into dir.
func (s *site) writeAll(dir string) (stats, error) {
	st := stats{notebooks: map[string]int{}}
	write := func(name string, f func(w io.Writer) error) error {
		full := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			return err
		}
		var b bytes.Buffer
		if err := f(&b); err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		st.bytes += int64(b.Len())
		return os.WriteFile(full, b.Bytes(), 0o644)
	}
	for _, p := range s.pages {
		if err := write(p.site, func(w io.Writer) error { return s.write(w, p) }); err != nil {
			return st, err
		}
		st.pages++
		if p.num >= 0 {
			st.notebooks[p.ed.Code]++
		}
	}
	for _, ed := range editions {
		v := s.index(ed)
		if err := write(path.Join(ed.Dir, "index.html"), func(w io.Writer) error {
			return s.tmpl.ExecuteTemplate(w, "index", v)
		}); err != nil {
			return st, err
		}
		st.pages++
	}
	for _, ed := range editions {
		if s.playground == nil {
			break
		}
		page, err := s.writePlayground(ed)
		if err != nil {
			return st, err
		}
		if err := write(playgroundSite(ed), func(w io.Writer) error { _, err := w.Write(page); return err }); err != nil {
			return st, err
		}
		st.pages++
	}
	for _, name := range []string{"assets/site.css", "assets/search.js"} {
		data, err := assets.ReadFile(name)
		if err != nil {
			return st, err
		}
		if err := write(name, func(w io.Writer) error { _, err := w.Write(data); return err }); err != nil {
			return st, err
		}
	}
	idx, err := s.searchIndex()
	if err != nil {
		return st, err
	}
	if err := write("assets/search-index.js", func(w io.Writer) error { _, err := w.Write(idx); return err }); err != nil {
		return st, err
	}
	st.index = int64(len(idx))
	var built []string
	for _, ed := range editions {
		rel, ok := s.books[ed.Code]
		if !ok {
			continue
		}
		data, err := os.ReadFile(filepath.Join(s.cfg.book, bookFile(ed)))
		if err != nil {
			return st, err
		}
		if err := write(rel, func(w io.Writer) error { _, err := w.Write(data); return err }); err != nil {
			return st, err
		}
		built = append(built, rel)
	}
	st.books = "none built (make book)"
	if len(built) > 0 {
		st.books = strings.Join(built, ", ")
	}
	return st, nil
}

// index is what the index page of edition ed shows.
func (s *site) index(ed *edition) indexView {
	self := &page{ed: ed, site: path.Join(ed.Dir, "index.html"), title: ed.Words.Site}
	nbs := s.editions[ed.Code]
	if len(nbs) > 0 {
		self.next = nbs[0]
	}
	self.other = &page{site: path.Join(ed.Other.Dir, "index.html"), title: ed.Other.Words.Site}
	v := indexView{navView: s.navView(self), Title: ed.Words.Site}
	v.IsIndex = true
	v.Prev = nil
	for _, p := range nbs {
		v.Notebooks = append(v.Notebooks, indexEntry{Href: relPath(self.site, p.site), Title: p.title, Desc: template.HTML(p.desc)})
	}
	for _, e := range []*edition{ed, ed.Other} {
		if rel, ok := s.books[e.Code]; ok {
			v.Books = append(v.Books, link{Href: relPath(self.site, rel), Text: ed.Words.BookName[e.Code]})
		}
	}
	return v
}

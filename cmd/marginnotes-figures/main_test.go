package main

import (
	"bytes"
	"encoding/xml"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/marginnotes/marginnotes/internal/testenv"
	"github.com/marginnotes/marginnotes/pkg/figures"
	"github.com/marginnotes/marginnotes/pkg/gallery"
	"github.com/marginnotes/marginnotes/pkg/lang"
)

// runCmd runs the command line and returns its exit status and outputs.
func runCmd(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := run(args, &out, &errOut)
	return code, out.String(), errOut.String()
}

// TestFigures writes the whole catalogue as PNG and SVG and checks that
// every entry's files exist, are listed on stdout and decode.
func TestFigures(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "new", "figures") // created by the command
	code, out, errOut := runCmd(t, "--out", dir, "--format", "png,svg")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	all := gallery.All()
	if lines := strings.Split(strings.TrimSpace(out), "\n"); len(lines) != 2*len(all) {
		t.Errorf("%d lines on stdout, want one per file, %d", len(lines), 2*len(all))
	}
	for _, e := range all {
		for _, ext := range []string{"png", "svg"} {
			name := filepath.Join(dir, e.Name+"."+ext)
			if !strings.Contains(out, name+"\n") {
				t.Errorf("stdout does not list %s", name)
			}
			b, err := os.ReadFile(name)
			if err != nil {
				t.Error(err)
				continue
			}
			switch ext {
			case "png":
				if _, err := png.Decode(bytes.NewReader(b)); err != nil {
					t.Errorf("%s: %v", name, err)
				}
			case "svg":
				var doc struct {
					XMLName xml.Name
				}
				if err := xml.Unmarshal(b, &doc); err != nil || doc.XMLName.Local != "svg" {
					t.Errorf("%s: not an SVG document (root %q, %v)", name, doc.XMLName.Local, err)
				}
			}
		}
	}
}

func TestFiguresOnly(t *testing.T) {
	dir := t.TempDir()
	code, out, errOut := runCmd(t, "--out", dir, "--format", "pdf,PDF", "--only", "09-*-figure76-*")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	want := filepath.Join(dir, "09-soft-margin-figure76-losses.pdf")
	if out != want+"\n" {
		t.Errorf("stdout %q, want the one file %s", out, want)
	}
	b, err := os.ReadFile(want)
	if err != nil || !bytes.HasPrefix(b, []byte("%PDF-")) {
		t.Errorf("%s: not a PDF (%v)", want, err)
	}
	if files, _ := os.ReadDir(dir); len(files) != 1 {
		t.Errorf("%d files written, want 1", len(files))
	}
}

// TestFiguresChinese writes the Chinese figures of notebook 08: their
// labels are Chinese text, set in WenQuanYi Micro Hei.
func TestFiguresChinese(t *testing.T) {
	_, err := figures.NewPlot(lang.Chinese) // is the Chinese font installed?
	testenv.MissingIf(t, err, figures.ErrFont)
	dir := t.TempDir()
	code, out, errOut := runCmd(t, "--out", dir, "--format", "svg", "--only", "08-*", "--lang", "zh")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if n := strings.Count(out, "\n"); n != 2 {
		t.Errorf("%d files listed, want 2", n)
	}
	b, err := os.ReadFile(filepath.Join(dir, "08-svm-dual-max-margin.svg"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{">：最大间隔分离超平面<", ">支持向量，<", "font-family:'WenQuanYi Micro Hei'"} {
		if !strings.Contains(string(b), want) {
			t.Errorf("SVG lacks %q", want)
		}
	}
}

func TestFiguresErrors(t *testing.T) {
	file := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(file, []byte("not a directory"), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name string
		args []string
		code int
		want string
	}{
		{"bad format", []string{"--out", t.TempDir(), "--format", "png,jpeg"}, 2, `unknown --format "jpeg"`},
		{"empty format", []string{"--out", t.TempDir(), "--format", ""}, 2, `unknown --format ""`},
		{"no out", []string{"--format", "png"}, 2, "--out DIR is required"},
		{"positional", []string{"--out", t.TempDir(), "extra"}, 2, `takes no FILE, got "extra"`},
		{"unknown flag", []string{"--dpi", "300"}, 2, "flag provided but not defined: -dpi"},
		{"bad pattern", []string{"--out", t.TempDir(), "--only", "["}, 2, "bad name pattern"},
		{"no match", []string{"--out", t.TempDir(), "--only", "99-*"}, 2, `no figure matches "99-*"`},
		{"bad language", []string{"--out", t.TempDir(), "--lang", "fr"}, 2, `unknown language "fr"`},
		{"out is a file", []string{"--out", file, "--only", "08-*"}, 1, "not a directory"},
		{"unwritable dir", []string{"--out", filepath.Join(file, "sub"), "--only", "08-*"}, 1, "not a directory"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, out, errOut := runCmd(t, c.args...)
			if code != c.code {
				t.Errorf("exit %d, want %d (stderr %q)", code, c.code, errOut)
			}
			if !strings.Contains(errOut, c.want) || strings.Count(errOut, "\n") != 1 {
				t.Errorf("stderr %q, want one line containing %q", errOut, c.want)
			}
			if out != "" {
				t.Errorf("stdout %q, want nothing", out)
			}
		})
	}
}

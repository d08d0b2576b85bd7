package main

import (
	"bytes"
	"compress/gzip"
	"encoding/base64"
	"encoding/json"
	"io"
	"regexp"
	"strings"
	"testing"
)

// The page embeds the WebAssembly gzip-compressed in base64, its words as
// JSON, and no </script> inside a script.
func TestPage(t *testing.T) {
	wasm := bytes.Repeat([]byte("\x00asm wasm bytes "), 1000)
	for _, lang := range []string{"en", "zh"} {
		page, err := Page(wasm, []byte("// wasm_exec.js\n"), lang)
		if err != nil {
			t.Fatal(err)
		}
		s := string(page)
		m := regexp.MustCompile(`(?s)<script type="application/octet-stream" id="wasm">(.*?)</script>`).FindStringSubmatch(s)
		if m == nil {
			t.Fatalf("%s: no wasm script", lang)
		}
		gz, err := base64.StdEncoding.DecodeString(m[1])
		if err != nil {
			t.Fatal(err)
		}
		zr, err := gzip.NewReader(bytes.NewReader(gz))
		if err != nil {
			t.Fatal(err)
		}
		back, _ := io.ReadAll(zr)
		if !bytes.Equal(back, wasm) {
			t.Errorf("%s: the embedded wasm does not decompress to the wasm", lang)
		}
		w := regexp.MustCompile(`(?s)<script type="application/json" id="words">(.*?)</script>`).FindStringSubmatch(s)
		var sw scriptWords
		if w == nil || json.Unmarshal([]byte(w[1]), &sw) != nil || sw.Status["converged"] == "" {
			t.Errorf("%s: words %v", lang, w)
		}
		for _, id := range []string{`id="plane"`, `id="result"`, `<!--nav-->`, `id="state"></script>`} {
			if !strings.Contains(s, id) {
				t.Errorf("%s: no %s", lang, id)
			}
		}
	}
}

// The Chinese page's words are Chinese: no English word but the names of
// formats, keys and programs.
func TestChineseWords(t *testing.T) {
	allowed := map[string]bool{"SVG": true, "PNG": true, "CSV": true, "LIBSVM": true, "JSON": true, "SMO": true,
		"Shift": true, "Alt": true, "Ctrl": true, "Delete": true, "WebAssembly": true, "Gram": true, "Novikoff": true,
		"primal": true, "dual": true, "svm": true, "smo": true, "exp": true}
	b, _ := json.Marshal(allWords["zh"])
	var all []string
	var walk func(v any)
	walk = func(v any) {
		switch v := v.(type) {
		case string:
			all = append(all, v)
		case []any:
			for _, e := range v {
				walk(e)
			}
		case map[string]any:
			for k, e := range v {
				if k != "Value" {
					walk(e)
				}
			}
		}
	}
	var v any
	json.Unmarshal(b, &v)
	walk(v)
	word := regexp.MustCompile(`[A-Za-z]{2,}`)
	for _, s := range all {
		for _, w := range word.FindAllString(s, -1) {
			if !allowed[w] {
				t.Errorf("Chinese page: English word %q in %q", w, s)
			}
		}
	}
	if len(allWords["zh"].Presets) != len(allWords["en"].Presets) || len(allWords["zh"].Algos) != len(allWords["en"].Algos) {
		t.Error("the editions list different presets or algorithms")
	}
}

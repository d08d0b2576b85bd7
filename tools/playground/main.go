// Command playground builds the playground page of both editions, a single
// self-contained HTML file each, that works from file:// with no server and
// no network: `make playground` (and `make site`, which puts them into the
// site).
//
//	go run ./tools/playground [-out DIR] [-wasm FILE]
//
// It compiles cmd/playground-wasm for GOOS=js GOARCH=wasm (or takes the
// compiled FILE), gzip-compresses it and embeds it in base64 in the page,
// since a page opened from file:// cannot fetch a .wasm file, together with
// Go's wasm_exec.js ($(go env GOROOT)/lib/wasm), the page's script and its
// style (assets/). It writes DIR/playground.html (English) and
// DIR/zh/playground.html (Chinese); DIR defaults to build/playground. It
// writes the same two pages into notebooks/ and notebooks/zh/ (-notebooks),
// beside the notebooks whose "open in the playground" links lead to them:
// Jupyter serves that folder, and the site maps the links to its own pages.
// The
// page has an empty <!--nav--> comment where tools/site puts its bar of
// links, and an empty <script id="state"> that package playground's IFrame
// fills in for notebook 15.
package main

import (
	"bytes"
	"compress/gzip"
	"embed"
	"encoding/base64"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"text/template"
)

//go:embed assets/page.html assets/playground.js assets/playground.css
var assets embed.FS

func main() {
	log.SetFlags(0)
	log.SetPrefix("playground: ")
	out := flag.String("out", filepath.Join("build", "playground"), "write the pages into `DIR`")
	wasmFile := flag.String("wasm", "", "the compiled cmd/playground-wasm (default: compile it)")
	nbDir := flag.String("notebooks", "notebooks", "also write the pages into `DIR` and DIR/zh, beside the notebooks that link to them (\"\": not)")
	flag.Parse()
	wasm, err := compile(*wasmFile)
	if err != nil {
		log.Fatal(err)
	}
	exec, err := wasmExec()
	if err != nil {
		log.Fatal(err)
	}
	gz, err := compress(wasm)
	if err != nil {
		log.Fatal(err)
	}
	for _, ed := range []struct{ dir, lang string }{{"", "en"}, {"zh", "zh"}} {
		page, err := buildPage(gz, exec, ed.lang)
		if err != nil {
			log.Fatal(err)
		}
		name := filepath.Join(*out, ed.dir, "playground.html")
		for _, dir := range []string{*out, *nbDir} {
			if dir == "" {
				continue
			}
			f := filepath.Join(dir, ed.dir, "playground.html")
			if err := os.MkdirAll(filepath.Dir(f), 0o755); err != nil {
				log.Fatal(err)
			}
			if err := os.WriteFile(f, page, 0o644); err != nil {
				log.Fatal(err)
			}
		}
		fmt.Printf("playground: %s: %d kB (wasm %d kB, %d kB gzip)\n", name, (len(page)+512)/1024, (len(wasm)+512)/1024, (len(gz)+512)/1024)
	}
}

// compile returns the WebAssembly of cmd/playground-wasm: the file, or a
// fresh build.
func compile(file string) ([]byte, error) {
	if file != "" {
		return os.ReadFile(file)
	}
	tmp, err := os.MkdirTemp("", "playground-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	wasm := filepath.Join(tmp, "playground.wasm")
	cmd := exec.Command(goCmd(), "build", "-trimpath", "-ldflags=-s -w", "-o", wasm, "./cmd/playground-wasm")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	cmd.Stderr = os.Stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("compiling cmd/playground-wasm: %w", err)
	}
	return os.ReadFile(wasm)
}

func goCmd() string {
	if g := os.Getenv("GO"); g != "" {
		return g
	}
	return "go"
}

// wasmExec returns Go's wasm_exec.js, which runs the WebAssembly.
func wasmExec() ([]byte, error) {
	root, err := exec.Command(goCmd(), "env", "GOROOT").Output()
	if err != nil {
		return nil, fmt.Errorf("go env GOROOT: %w", err)
	}
	r := strings.TrimSpace(string(root))
	var errs []string
	for _, p := range []string{filepath.Join(r, "lib", "wasm", "wasm_exec.js"), filepath.Join(r, "misc", "wasm", "wasm_exec.js")} {
		b, err := os.ReadFile(p)
		if err == nil {
			return b, nil
		}
		errs = append(errs, err.Error())
	}
	return nil, fmt.Errorf("no wasm_exec.js: %s", strings.Join(errs, "; "))
}

// compress returns wasm gzip-compressed, as the page embeds it.
func compress(wasm []byte) ([]byte, error) {
	var gz bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	if _, err := zw.Write(wasm); err != nil {
		return nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return gz.Bytes(), nil
}

// Page returns the playground page of language lang ("en" or "zh") with the
// WebAssembly wasm and Go's wasm_exec.js.
func Page(wasm, wasmExec []byte, lang string) ([]byte, error) {
	gz, err := compress(wasm)
	if err != nil {
		return nil, err
	}
	return buildPage(gz, wasmExec, lang)
}

// buildPage is Page with the WebAssembly already compressed (gz), so that the
// editions share one compression.
func buildPage(gz, wasmExec []byte, lang string) ([]byte, error) {
	w, ok := allWords[lang]
	if !ok {
		return nil, fmt.Errorf("no language %q", lang)
	}
	src, err := assets.ReadFile("assets/page.html")
	if err != nil {
		return nil, err
	}
	t, err := template.New("page").Parse(string(src))
	if err != nil {
		return nil, err
	}
	js, _ := assets.ReadFile("assets/playground.js")
	css, _ := assets.ReadFile("assets/playground.css")
	wj, err := json.Marshal(w.Script) // escapes <, > and &, safe in a script element
	if err != nil {
		return nil, err
	}
	htmlLang := "en"
	if lang == "zh" {
		htmlLang = "zh-CN"
	}
	for _, s := range [][]byte{js, css, wasmExec} {
		if bytes.Contains(bytes.ToLower(s), []byte("</script")) || bytes.Contains(bytes.ToLower(s), []byte("</style")) {
			return nil, fmt.Errorf("a script or style holds </script> or </style>")
		}
	}
	var b bytes.Buffer
	err = t.Execute(&b, map[string]any{
		"Lang": htmlLang, "W": w, "WordsJSON": string(wj), "State": "",
		"CSS": string(css), "JS": string(js), "WasmExec": string(wasmExec),
		"WASM": base64.StdEncoding.EncodeToString(gz),
	})
	return b.Bytes(), err
}

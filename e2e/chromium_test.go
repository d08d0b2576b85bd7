package e2e

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	mnbrowser "github.com/marginnotes/marginnotes/internal/browser"
	"github.com/marginnotes/marginnotes/internal/testenv"
)

// startBrowser starts headless Chromium with a fresh profile, as its own
// process group, and returns a chromedp context for it. Cleanup closes the
// browser, stops its process group and fails the test if any of its
// processes is left.
func startBrowser(t *testing.T, outDir string) context.Context {
	t.Helper()
	bin := os.Getenv("MARGINNOTES_E2E_CHROMIUM")
	if bin == "" {
		bin = mnbrowser.Path()
	}
	if _, err := os.Stat(bin); err != nil {
		t.Fatalf("no browser at %s (scripts/test-e2e.sh installs Debian's chromium): %v", bin, err)
	}
	profile := t.TempDir()
	logFile, err := os.Create(filepath.Join(outDir, "chromium.log"))
	if err != nil {
		t.Fatal(err)
	}
	marker := newMarker("chromium")
	opts := append(mnbrowser.Options(bin, profile),
		chromedp.Env(markerVar+"="+marker),
		chromedp.CombinedOutput(logFile),
	)
	ctx, cancel, allocCancel, err := startChromium(t, opts)
	if err != nil {
		logFile.Close()
		t.Fatalf("starting %s: %v", bin, err)
	}
	proc := chromedp.FromContext(ctx).Browser.Process()
	pgid := proc.Pid
	t.Logf("chromium: pid %d (process group), profile %s", pgid, profile)
	exited := make(chan struct{})
	go func() {
		// The allocator reaps the process; watch for it to go.
		for syscall.Kill(pgid, 0) == nil && !isZombie(pgid) {
			time.Sleep(100 * time.Millisecond)
		}
		close(exited)
	}()
	t.Cleanup(func() {
		cctx, ccancel := context.WithTimeout(ctx, 10*time.Second)
		if err := chromedp.Cancel(cctx); err != nil {
			t.Logf("closing chromium: %v", err)
		}
		ccancel()
		cancel()
		if stopGroup(pgid, exited, 5*time.Second) {
			t.Logf("chromium (pgid %d) was killed after the graceful close", pgid)
		}
		allocCancel()
		if left := reapMarked(marker, 5*time.Second); left != "" {
			t.Errorf("chromium processes left after it stopped (killed now): %s", left)
		}
		logFile.Close()
	})
	return ctx
}

// openPage writes the HTML page to a temporary file, opens it from there
// in a headless Chromium of its own, and returns the tab and the file. The
// browser closes when the test ends. Without a browser
// ($MARGINNOTES_E2E_CHROMIUM, else internal/browser's) it skips the test, or
// fails it under MARGINNOTES_REQUIRE=1 (internal/testenv).
func openPage(t *testing.T, page string) (context.Context, string) {
	t.Helper()
	bin := os.Getenv("MARGINNOTES_E2E_CHROMIUM")
	if bin == "" {
		bin = mnbrowser.Path()
	}
	testenv.File(t, bin, "the browser; make test-e2e installs Debian's chromium")
	file := filepath.Join(t.TempDir(), "page.html")
	if err := os.WriteFile(file, []byte(page), 0o644); err != nil {
		t.Fatal(err)
	}
	tab, cancel, cancelAlloc, err := startChromium(t, mnbrowser.Options(bin, t.TempDir()))
	if err != nil {
		t.Fatalf("starting %s: %v", bin, err)
	}
	t.Cleanup(cancelAlloc)
	t.Cleanup(cancel)
	if err := do(tab, pageLoadTimeout, chromedp.Navigate("file://"+file)); err != nil {
		t.Fatal(err)
	}
	return tab, file
}

// startChromium starts the browser that opts describe and returns its
// first tab, the tab's cancel and the allocator's. Debian's Chromium now
// and then dies as it starts on a busy machine (chromedp: "chrome failed to
// start", with nothing but crashpad's notes in its output), so it tries
// three times, a second apart.
func startChromium(t *testing.T, opts []chromedp.ExecAllocatorOption) (context.Context, context.CancelFunc, context.CancelFunc, error) {
	t.Helper()
	var err error
	for try := 1; ; try++ {
		allocCtx, allocCancel := chromedp.NewExecAllocator(context.Background(), opts...)
		ctx, cancel := chromedp.NewContext(allocCtx)
		// The first Do starts the browser; it must have no timeout of its own.
		if err = chromedp.Do(ctx); err == nil {
			return ctx, cancel, allocCancel, nil
		}
		cancel()
		allocCancel()
		if try == 3 || !strings.Contains(err.Error(), "chrome failed to start") {
			return nil, nil, nil, err
		}
		t.Logf("chromium did not start (try %d of 3): %v", try, err)
		time.Sleep(time.Second)
	}
}

package e2e

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// defaultChromium is Debian's Chromium. Test tools that download a browser of
// their own cannot do so here.
const defaultChromium = "/usr/bin/chromium"

// chromiumFlags are the flags the browser needs on this network: without the
// background-networking ones it keeps calling hosts it cannot reach.
var chromiumFlags = []string{
	"headless", "no-sandbox", "disable-gpu", "disable-quic", "no-first-run",
	"disable-background-networking", "disable-component-update", "disable-sync",
	// Quiet and reproducible, after Puppeteer's defaults.
	"no-default-browser-check", "disable-default-apps", "disable-extensions",
	"disable-breakpad", "disable-domain-reliability", "metrics-recording-only",
	"hide-scrollbars", "mute-audio", "disable-renderer-backgrounding",
	"disable-background-timer-throttling", "disable-backgrounding-occluded-windows",
}

// startBrowser starts headless Chromium with a fresh profile, as its own
// process group, and returns a chromedp context for it. Cleanup closes the
// browser, stops its process group and fails the test if any of its
// processes is left.
func startBrowser(t *testing.T, outDir string) context.Context {
	t.Helper()
	bin := os.Getenv("MARGINNOTES_E2E_CHROMIUM")
	if bin == "" {
		bin = defaultChromium
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
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(bin),
		chromedp.UserDataDir(profile),
		chromedp.WindowSize(1280, 1024),
		chromedp.Flag("disable-features", "Translate,MediaRouter,OptimizationHints,AutofillServerCommunication,CertificateTransparencyComponentUpdater"),
		chromedp.Flag("force-color-profile", "srgb"),
		chromedp.Flag("password-store", "basic"),
		chromedp.Env(markerVar + "=" + marker),
		chromedp.CombinedOutput(logFile),
		chromedp.ModifyCmdFunc(func(cmd *exec.Cmd) {
			// Its own group, so that the test can stop all of it; and
			// killed with the test process, as chromedp does by default.
			cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
		}),
	}
	for _, f := range chromiumFlags {
		opts = append(opts, chromedp.Flag(f, true))
	}
	allocCtx, allocCancel := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(allocCtx)
	// The first Do starts the browser; it must have no timeout of its own.
	if err := chromedp.Do(ctx); err != nil {
		cancel()
		allocCancel()
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

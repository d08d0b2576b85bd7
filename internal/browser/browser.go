// Package browser holds how the project starts Debian's headless Chromium:
// the export of the notebooks to self-contained HTML and PDF (tools/export)
// and the browser test (e2e) start it alike, through chromedp.
package browser

import (
	"context"
	"os"
	"os/exec"
	"slices"
	"strings"
	"sync"
	"syscall"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// DefaultPath is Debian's Chromium. Tools that download a browser of their
// own cannot do so here.
const DefaultPath = "/usr/bin/chromium"

// Path returns the browser to start: $MARGINNOTES_CHROMIUM, else
// DefaultPath.
func Path() string {
	if p := os.Getenv("MARGINNOTES_CHROMIUM"); p != "" {
		return p
	}
	return DefaultPath
}

// flags are the switches the browser needs on this network: without the
// background-networking ones it keeps calling hosts it cannot reach. The
// rest keep it quiet and reproducible, after Puppeteer's defaults.
var flags = []string{
	"headless", "no-sandbox", "disable-gpu", "disable-quic", "no-first-run",
	"disable-background-networking", "disable-component-update", "disable-sync",
	"no-default-browser-check", "disable-default-apps", "disable-extensions",
	"disable-breakpad", "disable-domain-reliability", "metrics-recording-only",
	"hide-scrollbars", "mute-audio", "disable-renderer-backgrounding",
	"disable-background-timer-throttling", "disable-backgrounding-occluded-windows",
}

// Options returns the chromedp allocator options that start the headless
// browser at path with the profile folder profile and a 1280×1024 window,
// as its own process group (so that the caller can stop all of it), killed
// when the calling process dies.
func Options(path, profile string) []chromedp.ExecAllocatorOption {
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(path),
		chromedp.UserDataDir(profile),
		chromedp.WindowSize(1280, 1024),
		chromedp.Flag("disable-features", "Translate,MediaRouter,OptimizationHints,AutofillServerCommunication,CertificateTransparencyComponentUpdater"),
		chromedp.Flag("force-color-profile", "srgb"),
		chromedp.Flag("password-store", "basic"),
		chromedp.ModifyCmdFunc(func(cmd *exec.Cmd) {
			cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
		}),
	}
	for _, f := range flags {
		opts = append(opts, chromedp.Flag(f, true))
	}
	return opts
}

// WatchRequests starts recording the requests of the tab ctx and returns a
// func that lists those for any URL but page and data: URLs: what a page
// that should be self-contained fetched from elsewhere. Call it before
// navigating to page.
func WatchRequests(ctx context.Context, page string) (func() []string, error) {
	var (
		mu    sync.Mutex
		other []string
	)
	if err := chromedp.Listen(ctx, func(ev any) {
		if e, ok := ev.(*network.EventRequestWillBeSent); ok && e.Request.URL != page && !strings.HasPrefix(e.Request.URL, "data:") {
			mu.Lock()
			other = append(other, e.Request.URL)
			mu.Unlock()
		}
	}); err != nil {
		return nil, err
	}
	if _, err := chromedp.Call(ctx, network.Enable, network.EnableParams{}); err != nil {
		return nil, err
	}
	return func() []string {
		mu.Lock()
		defer mu.Unlock()
		return slices.Clone(other)
	}, nil
}

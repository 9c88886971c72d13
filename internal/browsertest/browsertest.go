// Package browsertest starts headless Chromium for the tests that check pages in a real
// browser (the replay page, the web board), driven over the DevTools protocol by chromedp.
// It is imported by tests only: no binary links it.
package browsertest

import (
	"context"
	"os/exec"
	"testing"

	"github.com/chromedp/chromedp"
)

// Chromium is the path of a Chromium on PATH, or "".
func Chromium() string {
	for _, name := range []string{"chromium", "chromium-browser"} {
		if path, err := exec.LookPath(name); err == nil {
			return path
		}
	}
	return ""
}

// Start starts headless Chromium for t, its window width×height pixels (0×0: Chromium's
// own size), stopped when t ends, and returns its context; tabs are chromedp.NewContext of
// it. With -short, or where there is no Chromium, it skips
// t, saying what (what the page is) is not tested.
func Start(t *testing.T, what string, width, height int) context.Context {
	t.Helper()
	if testing.Short() {
		t.Skipf("-short: %s is not tested in a browser", what)
	}
	browser := Chromium()
	if browser == "" {
		t.Skipf("no chromium or chromium-browser on PATH: %s is not tested in a browser (scripts/install-deps.sh installs Debian's chromium)", what)
	}
	// As root Chromium runs only without its sandbox; the agents' sandbox is not involved.
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(browser),
		chromedp.Flag("no-sandbox", true), chromedp.UserDataDir(t.TempDir()))
	if width > 0 && height > 0 {
		opts = append(opts, chromedp.WindowSize(width, height))
	}
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(alloc)
	t.Cleanup(func() {
		cancel()
		cancelAlloc()
	})
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("starting %s: %v", browser, err)
	}
	return ctx
}

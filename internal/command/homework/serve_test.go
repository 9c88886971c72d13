package homework

import (
	"bytes"
	"net"
	"regexp"
	"testing"
)

// TestServeListensOnLoopback: homework serve listens on a loopback address unless -addr says
// otherwise, and -watch is off unless given.
func TestServeListensOnLoopback(t *testing.T) {
	var out, errs bytes.Buffer
	if code := ServeMain(nil, nil, []string{"-h"}, &out, &errs); code != 0 {
		t.Fatalf("serve -h: exit %d", code)
	}
	m := regexp.MustCompile(`-addr host:port\n.*\(default "([^"]+)"\)`).FindStringSubmatch(errs.String())
	if m == nil {
		t.Fatalf("no -addr default in the help:\n%s", errs.String())
	}
	host, _, err := net.SplitHostPort(m[1])
	if ip := net.ParseIP(host); err != nil || ip == nil || !ip.IsLoopback() {
		t.Errorf("serve's default address %q is not a loopback address", m[1])
	}
	var o, e bytes.Buffer
	RefereeMain(nil, []string{"-h"}, &o, &e)
	help := e.String() + o.String()
	if !regexp.MustCompile(`-watch host:port\n`).MatchString(help) {
		t.Fatalf("no -watch in referee's help:\n%s", help)
	}
	if regexp.MustCompile(`-watch host:port\n[^\n]*\(default`).MatchString(help) {
		t.Errorf("-watch has a default: it must be off unless given:\n%s", help)
	}
}

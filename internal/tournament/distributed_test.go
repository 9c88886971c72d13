package tournament

// The GNU parallel path run for real: an sshd of the test's own on a free port of
// 127.0.0.1, with keys the test makes, and the plan's lines sent through
// `parallel --sshlogin` to it. The runner is this machine, so the tournament's directory is
// shared by being the same local directory, as a cluster's shared file system would be.

import (
	"bytes"
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"gameagents/internal/referee"
)

const sshdPath = "/usr/sbin/sshd"

// runPlanByParallelSSH runs the plan's lines with GNU parallel, two at a time, each over
// ssh to this machine; it skips when parallel, ssh or sshd is missing or sshd cannot serve.
func runPlanByParallelSSH(t *testing.T, plan, _ string) {
	for _, tool := range []string{"parallel", "ssh", "ssh-keygen", sshdPath} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s not found (Debian packages parallel and openssh-server; scripts/install-deps.sh installs them): %v", tool, err)
		}
	}
	login := startSSHD(t)
	ctx, cancel := context.WithTimeout(t.Context(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "parallel", "--will-cite", "--jobs", "2", "--sshlogin", login)
	cmd.Stdin = strings.NewReader(plan)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("parallel --sshlogin %q: %v\n%s", login, err, out)
	}
}

// startSSHD starts an sshd for the test alone, killed when the test ends, and returns the
// --sshlogin that reaches it: an ssh command with its port and key, ignoring the user's ssh
// configuration and known hosts.
func startSSHD(t *testing.T) string {
	dir := t.TempDir()
	hostKey, userKey := filepath.Join(dir, "host_key"), filepath.Join(dir, "user_key")
	for _, key := range []string{hostKey, userKey} {
		if out, err := exec.Command("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", key).CombinedOutput(); err != nil {
			t.Fatalf("ssh-keygen %s: %v\n%s", key, err, out)
		}
	}
	pub, err := os.ReadFile(userKey + ".pub")
	if err != nil {
		t.Fatal(err)
	}
	authorized := filepath.Join(dir, "authorized_keys")
	if err := os.WriteFile(authorized, pub, 0o600); err != nil {
		t.Fatal(err)
	}
	if os.Geteuid() == 0 {
		// sshd run by root wants its privilege-separation directory, which the system's
		// service creates at boot; a container that never ran the service lacks it.
		if err := os.MkdirAll("/run/sshd", 0o755); err != nil {
			t.Skipf("sshd cannot run: %v", err)
		}
	}
	port := freePort(t)
	config := filepath.Join(dir, "sshd_config")
	if err := os.WriteFile(config, []byte(sshdConfig(port, hostKey, authorized, dir)), 0o600); err != nil {
		t.Fatal(err)
	}
	logPath := filepath.Join(dir, "sshd.log")
	serve(t, config, logPath)

	me, err := user.Current()
	if err != nil {
		t.Fatal(err)
	}
	ssh := []string{"ssh", "-F", "/dev/null", "-p", fmt.Sprint(port), "-i", referee.ShellQuote(userKey),
		"-o", "IdentitiesOnly=yes", "-o", "BatchMode=yes", "-o", "StrictHostKeyChecking=no",
		"-o", "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR", me.Username + "@127.0.0.1"}
	// One login first, so that an sshd that refuses us (a locked account, a policy of the
	// machine) skips with its reason instead of failing as the tournament's fault.
	if out, err := exec.Command("/bin/sh", "-c", strings.Join(ssh, " ")+" true").CombinedOutput(); err != nil {
		log, _ := os.ReadFile(logPath)
		t.Skipf("ssh to our sshd on 127.0.0.1:%d failed: %v\n%s\nsshd's log:\n%s", port, err, out, log)
	}
	return strings.Join(ssh, " ")
}

// sshdConfig allows only a key login from 127.0.0.1 with the test's authorized key;
// StrictModes is off because the temporary directory's owner and modes are not the home's.
func sshdConfig(port int, hostKey, authorized, dir string) string {
	return fmt.Sprintf(`ListenAddress 127.0.0.1
Port %d
HostKey %s
AuthorizedKeysFile %s
PidFile %s
PermitRootLogin prohibit-password
PubkeyAuthentication yes
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
StrictModes no
`, port, hostKey, authorized, filepath.Join(dir, "sshd.pid"))
}

// freePort returns a TCP port of 127.0.0.1 that was free a moment ago.
func freePort(t *testing.T) int {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Skipf("no TCP port on 127.0.0.1: %v", err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// serve starts `sshd -D -f config -e` logging to logPath, kills it when the test ends, and
// returns once it listens; it skips with sshd's log when sshd exits or is not listening
// within 10 seconds.
func serve(t *testing.T, config, logPath string) {
	logFile, err := os.Create(logPath)
	if err != nil {
		t.Fatal(err)
	}
	defer logFile.Close()
	cmd := exec.Command(sshdPath, "-D", "-f", config, "-e")
	cmd.Stdout, cmd.Stderr = logFile, logFile
	if err := cmd.Start(); err != nil {
		t.Skipf("%s: %v", sshdPath, err)
	}
	exited := make(chan struct{})
	go func() {
		cmd.Wait()
		close(exited)
	}()
	t.Cleanup(func() {
		cmd.Process.Kill()
		<-exited
	})
	deadline := time.After(10 * time.Second)
	for {
		log, _ := os.ReadFile(logPath)
		if bytes.Contains(log, []byte("Server listening on")) {
			return
		}
		select {
		case <-exited:
			t.Skipf("sshd exited: %v\n%s", cmd.ProcessState, log)
		case <-deadline:
			t.Skipf("sshd not listening after 10 s:\n%s", log)
		case <-time.After(50 * time.Millisecond):
		}
	}
}

// runPlanOnCopies follows docs/tournament.md's recipe for hosts without a shared directory:
// the tournament's directory is copied with rsync to a second "host", the plan's lines are
// shared between this machine and that host, and each host's results and records are
// brought back with rsync before the report. The second host is a mount namespace
// (bubblewrap) in which the copy is seen at the tournament's own path, as the recipe asks
// of a real host. It skips when rsync or bwrap is missing or bwrap cannot make namespaces.
func runPlanOnCopies(t *testing.T, plan, dir string) {
	for _, tool := range []string{"rsync", "bwrap"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s not found (Debian packages rsync and bubblewrap; scripts/install-deps.sh installs them): %v", tool, err)
		}
	}
	if out, err := exec.Command("bwrap", "--dev-bind", "/", "/", "--", "/bin/true").CombinedOutput(); err != nil {
		t.Skipf("bwrap cannot make a mount namespace here: %v\n%s", err, out)
	}
	copyDir := filepath.Join(t.TempDir(), "copy")
	rsync(t, dir+"/", copyDir+"/")
	host := []string{"--dev-bind", "/", "/", "--bind", copyDir, dir, "--", "/bin/sh", "-c"}
	for i, l := range strings.Split(strings.TrimSuffix(plan, "\n"), "\n") {
		cmd := exec.Command("/bin/sh", "-c", l)
		if i%2 == 1 { // the other host's share of the lines
			cmd = exec.Command("bwrap", append(host, l)...)
		}
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%s: %v\n%s", cmd, err, out)
		}
	}
	if n, _ := filepath.Glob(filepath.Join(copyDir, "results", "*.tsv")); len(n) != 3 {
		t.Fatalf("the second host's copy holds %d results, want 3 (half the plan's 6 lines)", len(n))
	}
	rsync(t, copyDir+"/results/", dir+"/results/")
	rsync(t, copyDir+"/games/", dir+"/games/")
}

// rsync runs rsync -a from to.
func rsync(t *testing.T, from, to string) {
	if out, err := exec.Command("rsync", "-a", from, to).CombinedOutput(); err != nil {
		t.Fatalf("rsync -a %s %s: %v\n%s", from, to, err, out)
	}
}

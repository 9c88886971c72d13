// Package sandbox runs an agent's process in a box made with bubblewrap (bwrap): untrusted
// code (a student's player, any tournament entry) sees only its own working directory
// (writable), its program's files and the system's /usr, /lib and a few /etc files
// (read-only); it has no network, no view of other processes, and limits on memory,
// processes and file size.
//
// How the box is built, and why:
//
//   - Mounts: a fresh root with /usr and the program's files bound read-only at their own
//     paths, so that absolute paths (a player.py's, a binary's) mean the same inside and
//     out; the agent's directory bound writable at its own path; the root remounted
//     read-only, so nothing but the agent's directory can be written. Hidden directories
//     (the match's records and the other agent's directory) are covered by an empty
//     read-only tmpfs when a shown path contains them.
//   - Namespaces: pid (the reporter shell that runs the agent is pid 1 of its own
//     namespace, --as-pid-1: when the agent, and with it the shell, exits, the kernel
//     kills everything it left running), net (only a loopback of its own), ipc, uts, and
//     a user namespace.
//   - Limits: prlimit sets RLIMIT_AS, RLIMIT_NPROC, RLIMIT_FSIZE, RLIMIT_NOFILE and no core
//     files, inside the box. RLIMIT_NPROC is counted per user and never applies to root, so
//     the box's processes must not be root: a referee that is not root runs them as itself
//     in a user namespace made by bwrap, where the count is the box's processes alone; a
//     root referee runs bwrap as root (it can bind any path), and the box's first process
//     drops to nobody (setpriv) and makes a user namespace of its own (unshare --user), so
//     that the count is again the box's alone.
//   - CPU time: with --as-pid-1 bwrap waits for its child, which waits for the agent, so
//     the rusage the caller gets from waiting for bwrap holds the agent's CPU time and
//     that of the children it waited for, as without the box, and the box's own: what
//     Startup reports is what the caller subtracts (startup.go).
//   - The process gets a session of its own (Setsid: no controlling terminal to type into;
//     its process group is its pid, as the callers' kills expect).
package sandbox

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
)

// Mode says when agents run in the box.
type Mode int

const (
	// Off runs agents directly.
	Off Mode = iota
	// Auto runs them in the box where bwrap works, and directly (with a note) elsewhere.
	Auto
	// On runs them in the box, and fails where bwrap does not work.
	On
)

// ParseMode reads a -sandbox flag's value: auto, on or off.
func ParseMode(s string) (Mode, error) {
	switch s {
	case "auto":
		return Auto, nil
	case "on":
		return On, nil
	case "off":
		return Off, nil
	}
	return Off, fmt.Errorf("%q: want auto, on or off", s)
}

func (m Mode) String() string {
	switch m {
	case Auto:
		return "auto"
	case On:
		return "on"
	}
	return "off"
}

// The limits of every process in the box.
const (
	// MemoryBytes is RLIMIT_AS, the address space of each process.
	MemoryBytes = 4 << 30
	// Processes is RLIMIT_NPROC: the box's processes and threads together.
	Processes = 256
	// FileBytes is RLIMIT_FSIZE, the largest file a process may write (its log included).
	FileBytes = 64 << 20
	// OpenFiles is RLIMIT_NOFILE.
	OpenFiles = 1024
)

// Limits says the limits in words, for help texts.
func Limits() string {
	return fmt.Sprintf("at most %d GiB of address space per process, %d processes and threads, %d MiB per file written",
		MemoryBytes>>30, Processes, FileBytes>>20)
}

// nobody is the user a root referee's boxes run as.
const nobody = 65534

// Path is the PATH in the box; a program named without a path is looked up in it.
const Path = "/usr/local/bin:/usr/bin:/bin"

// systemDirs are shown read-only in every box; the rest of the system is not.
var systemDirs = []string{"/usr", "/bin", "/sbin", "/lib", "/lib64", "/lib32", "/libx32"}

// etcFiles are the files of /etc that dynamic linking, interpreters and user lookups read.
var etcFiles = []string{"/etc/ld.so.cache", "/etc/ld.so.conf", "/etc/ld.so.conf.d", "/etc/alternatives",
	"/etc/localtime", "/etc/nsswitch.conf", "/etc/passwd", "/etc/group"}

// Box is one agent process's box.
type Box struct {
	// Dir is the agent's working directory, the one place it may write.
	Dir string
	// Read are further paths shown read-only at their own paths (a player.py's directory).
	Read []string
	// Hide are directories the agent must not see even where a shown path contains them
	// (the match's records).
	Hide []string
	// Env are the variables the agent gets besides PATH, HOME and TMPDIR (its directory)
	// and LANG; nothing else of the referee's environment reaches it.
	Env []string
}

// Wrap turns cmd, built to run its program directly in b.Dir, into bwrap running it in the
// box. The program itself is shown read-only when it is outside the system's directories
// (a script with its directory, since it may import its neighbours). It fails when the box
// cannot be made here (Check) or b.Dir is not a directory. The Startup it returns reports
// the CPU time of the box's own start-up: the caller calls its Started once cmd has
// started, and its CPU once cmd has ended.
func (b *Box) Wrap(cmd *exec.Cmd) (*Startup, error) {
	t, err := probe()
	if err != nil {
		return nil, err
	}
	return b.wrap(t, cmd)
}

func (b *Box) wrap(tools tools, cmd *exec.Cmd) (*Startup, error) {
	dir, err := filepath.Abs(b.Dir)
	if err != nil {
		return nil, err
	}
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		return nil, fmt.Errorf("sandbox: %s is not a directory", b.Dir)
	}
	if tools.root {
		// The box runs as nobody: its directory must be its own to write in.
		if err := os.Chown(dir, nobody, nobody); err != nil {
			return nil, fmt.Errorf("sandbox: %v", err)
		}
	}
	prog := program(cmd)
	shown := append([]string(nil), b.Read...)
	if filepath.IsAbs(prog) {
		shown = append(shown, prog)
	}
	args, err := mountArgs(tools, dir, shown, b.Hide)
	if err != nil {
		return nil, err
	}
	args = append(args, "--chdir", dir, "--clearenv")
	env := append([]string{"PATH=" + Path, "HOME=" + dir, "TMPDIR=" + dir, "LANG=C.UTF-8"}, b.Env...)
	for _, kv := range env {
		k, v, _ := strings.Cut(kv, "=")
		args = append(args, "--setenv", k, v)
	}
	args = append(args, "--unshare-pid", "--as-pid-1", "--unshare-net", "--unshare-ipc", "--unshare-uts", "--die-with-parent")
	if tools.root {
		args = append(args, "--cap-add", "CAP_SETUID", "--cap-add", "CAP_SETGID", "--",
			tools.setpriv, "--reuid="+strconv.Itoa(nobody), "--regid="+strconv.Itoa(nobody), "--clear-groups", "--",
			tools.unshare, "--user", "--")
	} else {
		args = append(args, "--unshare-user", "--")
	}
	args = append(args, tools.prlimit,
		"--as="+strconv.Itoa(MemoryBytes), "--nproc="+strconv.Itoa(Processes), "--fsize="+strconv.Itoa(FileBytes),
		"--nofile="+strconv.Itoa(OpenFiles), "--core=0", "--")
	s, err := newStartup(cmd)
	if err != nil {
		return nil, err
	}
	args = append(args, s.reporter()...)
	cmd.Path = tools.bwrap
	cmd.Args = append(append(args, prog), cmd.Args[1:]...)
	cmd.Env = []string{"PATH=" + Path}
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
	return s, nil
}

// mountArgs are bwrap's arguments that build the box's file system: the system, the shown
// paths read-only (refused for a root referee where nobody cannot read them), the hidden
// directories under them covered, dir writable, the rest read-only.
func mountArgs(tools tools, dir string, shown, hide []string) ([]string, error) {
	var mounted []string
	for _, p := range shown {
		if p = ShownPath(p); p != "" && !within(p, dir) {
			if tools.root && !othersRead(p) {
				return nil, fmt.Errorf("sandbox: the box runs as nobody, who cannot read %s: make it readable by others (chmod o+rX) or run with -sandbox off", p)
			}
			mounted = append(mounted, p)
		}
	}
	hidden := hiddenUnder(hide, mounted)
	args := append([]string{tools.bwrap}, systemArgs()...)
	for _, p := range mounted {
		args = append(args, parentDirs(p, mounted, nil)...)
		args = append(args, "--ro-bind", p, p)
	}
	for _, h := range hidden {
		args = append(args, "--tmpfs", h)
	}
	args = append(args, parentDirs(dir, mounted, hidden)...)
	args = append(args, "--bind", dir, dir)
	for _, h := range hidden {
		args = append(args, "--remount-ro", h)
	}
	return append(args, "--remount-ro", "/"), nil
}

// program is what the box executes for cmd: a program named without a path, as the box's
// PATH finds it (so a system interpreter, not a shim in the user's home), else cmd.Path.
func program(cmd *exec.Cmd) string {
	name := cmd.Args[0]
	if strings.Contains(name, "/") {
		return cmd.Path
	}
	for _, d := range filepath.SplitList(Path) {
		p := filepath.Join(d, name)
		if st, err := os.Stat(p); err == nil && st.Mode().IsRegular() && st.Mode()&0o111 != 0 {
			return name
		}
	}
	return cmd.Path
}

// ShownPath is what the box shows for a path the agent's command names: a directory as
// itself, a compiled program (ELF) alone, any other file with its directory (a script
// imports its neighbours, a program reads its data beside it). It is "" for a path that
// does not exist, the root, or a system path the box shows anyway.
func ShownPath(p string) string {
	p = filepath.Clean(p)
	st, err := os.Stat(p)
	if err != nil || !filepath.IsAbs(p) || p == "/" || isSystem(p) {
		return ""
	}
	if st.IsDir() || isELF(p) {
		return p
	}
	if d := filepath.Dir(p); d != "/" && !isSystem(d) {
		return d
	}
	return ""
}

// PathsIn returns the absolute paths a shell command names, as words or as the value of a
// word NAME=/path, for the box to show: "GOGC=off /opt/bin/halma -dir /data" names
// /opt/bin/halma and /data.
func PathsIn(command string) []string {
	var paths []string
	for _, w := range strings.Fields(command) {
		w = strings.Trim(w, `'"`)
		if _, v, ok := strings.Cut(w, "="); ok && strings.HasPrefix(v, "/") {
			w = v
		}
		if strings.HasPrefix(w, "/") {
			paths = append(paths, w)
		}
	}
	return paths
}

// othersRead reports whether a user other than the owner can read p: a directory's
// contents (o+rx), a file (o+r).
func othersRead(p string) bool {
	st, err := os.Stat(p)
	if err != nil {
		return false
	}
	if st.IsDir() {
		return st.Mode().Perm()&0o005 == 0o005
	}
	return st.Mode().Perm()&0o004 != 0
}

func isELF(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	magic := make([]byte, 4)
	_, err = f.Read(magic)
	return err == nil && bytes.Equal(magic, []byte("\x7fELF"))
}

// isSystem reports whether p is under a directory every box shows (or /etc, /proc, /dev,
// which the box makes itself).
func isSystem(p string) bool {
	for _, d := range append(systemDirs, "/etc", "/proc", "/dev") {
		if within(p, d) {
			return true
		}
	}
	return false
}

// within reports whether path p is dir or under it.
func within(p, dir string) bool {
	return p == dir || strings.HasPrefix(p, strings.TrimSuffix(dir, "/")+"/")
}

// hiddenUnder returns the directories of hide that some mounted path shows (is or
// contains): those the box must cover.
func hiddenUnder(hide, mounted []string) []string {
	var out []string
	for _, h := range hide {
		abs, err := filepath.Abs(h)
		if err != nil {
			continue
		}
		for _, m := range mounted {
			if within(abs, m) {
				out = append(out, abs)
				break
			}
		}
	}
	// A directory inside another hidden one is hidden with it. A tmpfs of its own, mounted
	// before the outer one (the referee lists a match's records folder before the
	// tournament's folder that holds it), is covered by the outer tmpfs, and bwrap's
	// remounting it read-only then fails ("Invalid argument"): a tournament whose folder
	// lay under a shown script's directory lost every game with no output.txt.
	var outer []string
	for _, h := range out {
		if !slices.ContainsFunc(out, func(o string) bool { return o != h && within(h, o) }) {
			outer = append(outer, h)
		}
	}
	return outer
}

// parentDirs makes the directories above p that no mount provides, readable by all: bwrap
// would make them rwx------, which nobody (a root referee's box) cannot cross. A directory
// under a read-only mount exists there already, unless a tmpfs of writable covers it.
func parentDirs(p string, readOnly, writable []string) []string {
	var args []string
	for d := filepath.Dir(p); d != "/"; d = filepath.Dir(d) {
		provided := slices.ContainsFunc(readOnly, func(m string) bool { return within(d, m) }) &&
			!slices.ContainsFunc(writable, func(m string) bool { return within(d, m) })
		if !provided {
			args = append([]string{"--perms", "0755", "--dir", d}, args...)
		}
	}
	return args
}

// systemArgs are the mounts every box has: the system's directories (symbolic links as
// links), the /etc files that exist, a /proc of the box's pid namespace, a minimal /dev.
func systemArgs() []string {
	var args []string
	for _, d := range systemDirs {
		fi, err := os.Lstat(d)
		switch {
		case err != nil:
		case fi.Mode()&os.ModeSymlink != 0:
			if target, err := os.Readlink(d); err == nil {
				args = append(args, "--symlink", target, d)
			}
		case fi.IsDir():
			args = append(args, "--ro-bind", d, d)
		}
	}
	for _, f := range etcFiles {
		if _, err := os.Stat(f); err == nil {
			args = append(args, "--ro-bind", f, f)
		}
	}
	return append(args, "--proc", "/proc", "--dev", "/dev")
}

// errNoBwrap is why the box cannot be made where bwrap is not installed.
var errNoBwrap = errors.New("bubblewrap (bwrap) is not installed (Debian: apt-get install bubblewrap)")

package agent

import (
	"os/signal"
	"syscall"
)

// IgnoreBrokenPipes keeps a closed or broken stderr from stopping a move: stderr is for
// people, and graders that do not read it may close it. Go kills a program writing to a
// broken pipe on fd 1 or 2 with SIGPIPE unless the program handles the signal (os/signal);
// ignored, the write fails with EPIPE, which the lifecycle's notes on stderr drop. Ignoring
// is one system call at start-up, where signal.Notify would start a goroutine. An ignored
// signal stays ignored in child processes, so only a process that starts none (the agent
// playing its move) should call it.
func IgnoreBrokenPipes() { signal.Ignore(syscall.SIGPIPE) }

//go:build unix

package gamefile

import "syscall"

// openNonBlocking opens a named pipe without waiting for a writer.
const openNonBlocking = syscall.O_NONBLOCK

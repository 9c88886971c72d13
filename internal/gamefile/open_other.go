//go:build !unix

package gamefile

// openNonBlocking: systems without named pipes in the file system need nothing.
const openNonBlocking = 0

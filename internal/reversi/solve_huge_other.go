//go:build !linux

package reversi

// adviseHugePages does nothing where there is no madvise(MADV_HUGEPAGE).
func adviseHugePages([]solveEntry) {}

package reversi

import (
	"unsafe"

	"golang.org/x/sys/unix"
)

// adviseHugePages asks Linux to back the solver's table with 2 MB pages. The table is
// probed at random, so with 4 KB pages nearly every probe also misses the TLB (a 128 MB
// table spans 32768 pages); huge pages also make allocating it far fewer page faults.
// The advice is only advice: when it fails, or transparent huge pages are off, nothing
// changes.
func adviseHugePages(tt []solveEntry) {
	if len(tt) == 0 {
		return
	}
	size := uintptr(len(tt)) * unsafe.Sizeof(tt[0])
	start := uintptr(unsafe.Pointer(&tt[0]))
	const page = 4096
	// madvise wants a page-aligned start; the allocator returns large slices page
	// aligned, but round inwards to be safe.
	first := (start + page - 1) &^ (page - 1)
	end := (start + size) &^ (page - 1)
	if end <= first {
		return
	}
	b := unsafe.Slice((*byte)(unsafe.Add(unsafe.Pointer(&tt[0]), first-start)), end-first)
	_ = unix.Madvise(b, unix.MADV_HUGEPAGE)
}

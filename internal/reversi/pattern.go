package reversi

// Pattern evaluation: the final disc difference estimated as a sum of table look-ups, one
// per pattern instance, with tables fitted by least squares to exactly solved positions
// (internal/reversi/train, tools/reversi-train). The technique is Logistello's:
// M. Buro, "Experiments with Multi-ProbCut and a New High-Quality Evaluation Function for
// Othello" (NECI tech. report 96, 1997), and "From Simple Features to Sophisticated
// Evaluation Functions" (CG 1998). Every line here is our own.
//
// Patterns. A pattern is an ordered list of squares; a position's configuration of it is
// the ternary number sum 3^i * state(square i) with state 0 empty, 1 the side to move's
// disc, 2 the opponent's. Each pattern is read on the symmetric images of the board
// (identity, the two mirrors, the transpose and their compositions) that show it on
// distinct squares, and all its readings share one table, made symmetric where a
// symmetry maps the pattern onto itself (patImagesOf): the evaluation is exactly
// invariant under the board's eight symmetries.
//
// Reading a pattern is cheap: the board's eight images come from a byte swap (vertical
// mirror), three mask-and-shift steps (horizontal mirror) and three delta swaps
// (transpose); on an image each pattern's squares are gathered into a contiguous bit
// mask by shifts or, for diagonals, one multiplication (the bits of a diagonal land in
// the top byte of x*0x0101010101010101 with no carries, because they come from distinct
// columns); a 1024-entry table turns a 10-bit binary mask into its base-3 value, so a
// configuration index is patTernary[own] + 2*patTernary[opp]. The search reads them once
// at its root and then updates them move by move (patstate.go).
//
// Beyond patterns: the number of legal moves of each side (Logistello's mobility
// feature, which patterns only approximate), each side's potential mobility (the empty
// squares next to the other side's discs) and a bias per number of empties (the value
// of having the move, with parity).
//
// The pattern set: Logistello's (edge + 2 X-squares, corner 3×3 and 2×5, rows 2 to 4,
// diagonals of 4 to 8) and three more shapes of the kind Edax's and Egaroucid's
// documentation describe, with squares chosen here: an edge block (the corner, the
// middle four edge squares, the far corner and the four squares inside them), a corner
// triangle (ten squares) and a corner cross (the diagonal from the corner to d4 with
// its neighbours on both sides).
//
// Phases. Weights depend on the number of empties: the weights file maps each count
// 0..60 to a phase, each phase holding a full set of tables.
//
// Units: weights and the evaluation are in 1/100 of a disc; weights are int16 in the file.

import (
	_ "embed"
	"encoding/binary"
	"errors"
	"fmt"
	"math/bits"
	"os"
	"slices"
	"unsafe"
)

// PatternDef is one pattern: a name and its squares in the order of their base-3 digits
// (square 0 is the least significant digit), as read on the identity image.
type PatternDef struct {
	Name    string
	Squares []int
}

// Size is the number of configurations: 3^len(Squares).
func (p PatternDef) Size() int {
	n := 1
	for range p.Squares {
		n *= 3
	}
	return n
}

// Patterns is the pattern set, in the order of the tables in a weights file. Squares: a1 = 0, b1 = 1, a2 = 8.
var Patterns = []PatternDef{
	{"edge+2x", []int{0, 1, 2, 3, 4, 5, 6, 7, 9, 14}},      // a1..h1, b2, g2
	{"corner3x3", []int{0, 1, 2, 8, 9, 10, 16, 17, 18}},    // a1..c3
	{"corner2x5", []int{0, 1, 2, 3, 4, 8, 9, 10, 11, 12}},  // a1..e1, a2..e2
	{"row2", []int{8, 9, 10, 11, 12, 13, 14, 15}},          // a2..h2
	{"row3", []int{16, 17, 18, 19, 20, 21, 22, 23}},        // a3..h3
	{"row4", []int{24, 25, 26, 27, 28, 29, 30, 31}},        // a4..h4
	{"diag8", []int{0, 9, 18, 27, 36, 45, 54, 63}},         // a1..h8
	{"diag7", []int{1, 10, 19, 28, 37, 46, 55}},            // b1..h7
	{"diag6", []int{2, 11, 20, 29, 38, 47}},                // c1..h6
	{"diag5", []int{3, 12, 21, 30, 39}},                    // d1..h5
	{"diag4", []int{4, 13, 22, 31}},                        // e1..h4
	{"edgeblock", []int{0, 2, 3, 4, 5, 7, 10, 11, 12, 13}}, // a1, c1..f1, h1, c2..f2
	{"triangle", []int{0, 1, 2, 3, 8, 9, 10, 16, 17, 24}},  // a1..d1, a2..c2, a3, b3, a4
	{"cross", []int{0, 1, 8, 9, 10, 17, 18, 19, 26, 27}},   // a1, b1, a2..c2, b3..d3, c4, d4
}

const (
	numPatterns = 14
	// PatternMobilityMax caps a side's mobility feature: more moves count as this many.
	PatternMobilityMax = 31
	// PatternPotentialMax caps a side's potential mobility feature (the empty squares
	// next to the other side's discs): more count as this many.
	PatternPotentialMax = 47
	// PatternInstances is the number of pattern look-ups per evaluation (patImagesOf).
	PatternInstances = 58
	// PatternFeatures is the number of weights one evaluation sums: the pattern
	// instances, the two mobilities, the two potential mobilities and the bias.
	PatternFeatures = PatternInstances + 5
	// PatternPhaseEmpties is the number of empties counts that map to phases (0..60).
	PatternPhaseEmpties = 61
)

// patImagesOf[i] is the set of images (bit k: image k, see patImage) pattern i is read
// on: one image for each distinct set of squares among its eight images. Reading all
// eight would read most patterns twice over the same squares (a row left to right and
// right to left) for nothing but time; instead such a pattern's table is made symmetric
// by the fitter, which ties the entries that a symmetry mapping the pattern's squares
// onto themselves turns into each other (PatternStabilizer). The sum then is invariant
// under the board's symmetries, and it takes 58 look-ups instead of 112.
var patImagesOf = [numPatterns]uint8{
	0b0011_0011, // edge+2x: a1-h1 row (mirror left-right maps it onto itself)
	0b0000_1111, // corner3x3 (transposing maps it onto itself)
	0b1111_1111, // corner2x5: eight distinct
	0b0011_0011, // row2
	0b0011_0011, // row3
	0b0011_0011, // row4
	0b0000_0011, // diag8: a1-h8 and a8-h1
	0b0000_1111, // diag7 (reflection in the other diagonal maps it onto itself)
	0b0000_1111, // diag6
	0b0000_1111, // diag5
	0b0000_1111, // diag4
	0b0011_0011, // edgeblock (mirror left-right maps it onto itself)
	0b0000_1111, // triangle (transposing maps it onto itself)
	0b0000_1111, // cross (transposing maps it onto itself)
}

// PatternStabilizer returns the permutations pi of pattern i's squares that a symmetry of
// the board maps onto pattern i's squares as read on image 0: reading the pattern on that
// symmetry's image, digit j shows square Squares[pi[j]]. A table is symmetric when entry
// sum_j 3^j d_j equals entry sum_j 3^j d_pi(j) for each pi; the identity is not listed.
func PatternStabilizer(i int) [][]int {
	sq := Patterns[i].Squares
	var out [][]int
	for k := 1; k < 8; k++ {
		pi := make([]int, len(sq))
		ok := true
		for j, s := range sq {
			// the board square that image k shows on s
			from := -1
			for q := range 64 {
				if patImage(1<<q, k) == 1<<s {
					from = q
				}
			}
			pi[j] = slices.Index(sq, from)
			ok = ok && pi[j] >= 0
		}
		if ok {
			out = append(out, pi)
		}
	}
	return out
}

// patOffsets[i] is where pattern i's table starts in a phase's weights; the mobility
// tables and the bias by empties follow the pattern tables.
var patOffsets, patMobOwn, patMobOpp, patPotOwn, patPotOpp, patBias, PatternWeightsPerPhase = patLayout()

func patLayout() (offs [numPatterns]int, mobOwn, mobOpp, potOwn, potOpp, bias, total int) {
	n := 0
	for i, p := range Patterns {
		offs[i] = n
		n += p.Size()
	}
	mobOwn = n
	mobOpp = mobOwn + PatternMobilityMax + 1
	potOwn = mobOpp + PatternMobilityMax + 1
	potOpp = potOwn + PatternPotentialMax + 1
	bias = potOpp + PatternPotentialMax + 1
	return offs, mobOwn, mobOpp, potOwn, potOpp, bias, bias + PatternPhaseEmpties
}

// patTernary[m] reads the binary mask m as a base-3 number: bit i becomes 3^i.
var patTernary = func() (t [1024]uint32) {
	for m := range t {
		v, p := uint32(0), uint32(1)
		for i := range 10 {
			if m>>i&1 != 0 {
				v += p
			}
			p *= 3
		}
		t[m] = v
	}
	return t
}()

// patMirrorH mirrors a bitboard left to right (column c to 7-c) by swapping bits, pairs
// and nibbles within each byte.
func patMirrorH(x uint64) uint64 {
	x = x>>1&0x5555555555555555 | x&0x5555555555555555<<1
	x = x>>2&0x3333333333333333 | x&0x3333333333333333<<2
	return x>>4&0x0f0f0f0f0f0f0f0f | x&0x0f0f0f0f0f0f0f0f<<4
}

// patTranspose reflects a bitboard in the a1-h8 diagonal (row r, column c to row c,
// column r) with three delta swaps: 4x4 blocks, then 2x2 blocks inside them, then single
// squares; each step exchanges the bits masked by t with those d places away.
func patTranspose(x uint64) uint64 {
	t := (x ^ x<<28) & 0x0f0f0f0f00000000
	x ^= t ^ t>>28
	t = (x ^ x<<14) & 0x3333000033330000
	x ^= t ^ t>>14
	t = (x ^ x<<7) & 0x5500550055005500
	return x ^ t ^ t>>7
}

// patImage returns image k (0..7) of a bitboard: bit 0 of k mirrors vertically, bit 1
// horizontally, bit 2 transposes first.
func patImage(x uint64, k int) uint64 {
	if k&4 != 0 {
		x = patTranspose(x)
	}
	if k&2 != 0 {
		x = patMirrorH(x)
	}
	if k&1 != 0 {
		x = bits.ReverseBytes64(x)
	}
	return x
}

const patMainDiag uint64 = 0x8040201008040201 // a1, b2, ..., h8

// patDiagMask[d] is the diagonal from column d of the first row up to the last column:
// the main diagonal shifted d columns, with the squares that wrapped to column < d removed.
var patDiagMask = func() (m [5]uint64) {
	for d := range m {
		m[d] = patMainDiag << d & ((0xff << d & 0xff) * 0x0101010101010101)
	}
	return m
}()

// patDiag gathers the diagonal starting at column d of the first row (length 8-d) into
// its low bits, from the first row up.
func patDiag(x uint64, d uint) uint64 {
	// Row r's square is bit 9r+d; multiplying by 0x0101... adds x<<8k for every k, and
	// the copy with k = 7-r brings it to bit 56+r+d. No two copies meet on a bit (their
	// columns differ), so nothing carries.
	return (x & patDiagMask[d]) * 0x0101010101010101 >> (56 + d)
}

// PatternPermute returns the configuration index whose digit j is digit pi[j] of idx
// (base 3, len(pi) digits): the index the same squares give when read in the order pi.
func PatternPermute(idx int, pi []int) int {
	var d [16]int
	for j := range pi {
		d[j] = idx % 3
		idx /= 3
	}
	out := 0
	for j := len(pi) - 1; j >= 0; j-- {
		out = 3*out + d[pi[j]]
	}
	return out
}

// Gathering a pattern's squares of one side on an image into bits 0.. of a mask, in the
// order of Patterns[i].Squares; patGatherI is pattern i's.
func patGather0(x uint64) uint64  { return x&0xff | x>>1&0x100 | x>>5&0x200 }
func patGather1(x uint64) uint64  { return x&7 | x>>5&0x38 | x>>10&0x1c0 }
func patGather2(x uint64) uint64  { return x&0x1f | x>>3&0x3e0 }
func patGather6(x uint64) uint64  { return (x & patMainDiag) * 0x0101010101010101 >> 56 }
func patGather11(x uint64) uint64 { return x&1 | x>>1&0x1e | x>>2&0x20 | x>>4&0x3c0 }
func patGather12(x uint64) uint64 { return x&0xf | x>>4&0x70 | x>>9&0x180 | x>>15&0x200 }
func patGather13(x uint64) uint64 { return x&3 | x>>6&0x1c | x>>12&0xe0 | x>>18&0x300 }

// patIndex is the weight index of pattern i whose squares hold the gathered masks og
// (own) and pg (opponent).
func patIndex(i int, og, pg uint64) uint32 {
	return uint32(patOffsets[i]) + patTernary[og&1023] + 2*patTernary[pg&1023]
}

// patEvery appends the indices of all patterns on an image (images 0 and 1).
func patEvery(f []uint32, o, p uint64) {
	f[0] = patIndex(0, patGather0(o), patGather0(p))
	f[1] = patIndex(1, patGather1(o), patGather1(p))
	f[2] = patIndex(2, patGather2(o), patGather2(p))
	f[3] = patIndex(3, o>>8&0xff, p>>8&0xff)
	f[4] = patIndex(4, o>>16&0xff, p>>16&0xff)
	f[5] = patIndex(5, o>>24&0xff, p>>24&0xff)
	f[6] = patIndex(6, patGather6(o), patGather6(p))
	f[7] = patIndex(7, patDiag(o, 1), patDiag(p, 1))
	f[8] = patIndex(8, patDiag(o, 2), patDiag(p, 2))
	f[9] = patIndex(9, patDiag(o, 3), patDiag(p, 3))
	f[10] = patIndex(10, patDiag(o, 4), patDiag(p, 4))
	f[11] = patIndex(11, patGather11(o), patGather11(p))
	f[12] = patIndex(12, patGather12(o), patGather12(p))
	f[13] = patIndex(13, patGather13(o), patGather13(p))
}

// patCornersDiags appends the corner3x3, corner2x5, short diagonal, triangle and cross
// indices (images 2, 3).
func patCornersDiags(f []uint32, o, p uint64) {
	f[0] = patIndex(1, patGather1(o), patGather1(p))
	f[1] = patIndex(2, patGather2(o), patGather2(p))
	f[2] = patIndex(7, patDiag(o, 1), patDiag(p, 1))
	f[3] = patIndex(8, patDiag(o, 2), patDiag(p, 2))
	f[4] = patIndex(9, patDiag(o, 3), patDiag(p, 3))
	f[5] = patIndex(10, patDiag(o, 4), patDiag(p, 4))
	f[6] = patIndex(12, patGather12(o), patGather12(p))
	f[7] = patIndex(13, patGather13(o), patGather13(p))
}

// patEdgeRows appends the edge+2x, corner2x5, row and edge block indices (images 4, 5).
func patEdgeRows(f []uint32, o, p uint64) {
	f[0] = patIndex(0, patGather0(o), patGather0(p))
	f[1] = patIndex(2, patGather2(o), patGather2(p))
	f[2] = patIndex(3, o>>8&0xff, p>>8&0xff)
	f[3] = patIndex(4, o>>16&0xff, p>>16&0xff)
	f[4] = patIndex(5, o>>24&0xff, p>>24&0xff)
	f[5] = patIndex(11, patGather11(o), patGather11(p))
}

// PatternIndices fills f with the weight indices (within one phase) that b's evaluation
// sums: the pattern instances image by image (0 to 7), each image's patterns in the order
// of Patterns, as patImagesOf lists them; then own mobility, the opponent's mobility and
// the bias by empties.
func PatternIndices(b Board, f *[PatternFeatures]uint32) {
	o, p := b.Own, b.Opp
	v := bits.ReverseBytes64
	patEvery(f[0:14], o, p)
	patEvery(f[14:28], v(o), v(p))
	oh, ph := patMirrorH(o), patMirrorH(p)
	patCornersDiags(f[28:36], oh, ph)
	patCornersDiags(f[36:44], v(oh), v(ph))
	ot, pt := patTranspose(o), patTranspose(p)
	patEdgeRows(f[44:50], ot, pt)
	patEdgeRows(f[50:56], v(ot), v(pt))
	oth, pth := patMirrorH(ot), patMirrorH(pt)
	f[56] = patIndex(2, patGather2(oth), patGather2(pth))
	f[57] = patIndex(2, patGather2(v(oth)), patGather2(v(pth)))
	patMoveFeatures((*[5]uint32)(f[PatternInstances:]), b, b.Moves())
}

// patMoveFeatures fills f with the weight indices of b's features beyond the patterns: own
// mobility (moves, b's legal moves), the opponent's, the two potential mobilities and the
// bias by empties.
func patMoveFeatures(f *[5]uint32, b Board, moves uint64) {
	empty := ^(b.Own | b.Opp)
	f[0] = uint32(patMobOwn + min(bits.OnesCount64(moves), PatternMobilityMax))
	f[1] = uint32(patMobOpp + min(bits.OnesCount64(b.Pass().Moves()), PatternMobilityMax))
	f[2] = uint32(patPotOwn + PatternPotential(b.Opp, empty))
	f[3] = uint32(patPotOpp + PatternPotential(b.Own, empty))
	f[4] = uint32(patBias + bits.OnesCount64(empty))
}

// PatternPotential is the potential mobility feature: the empty squares next to a disc of
// x (in any of the eight directions), capped at PatternPotentialMax. A side's potential
// mobility is that of the other side's discs: squares it may come to play on (Rosenbloom's
// IAGO, 1982, and Buro's Logistello used this "frontier" count beside mobility).
func PatternPotential(x, empty uint64) int {
	return min(bits.OnesCount64(neighbours(x)&empty), PatternPotentialMax)
}

// PatternWeights is a fitted evaluation: a phase for each number of empties and a table
// of PatternWeightsPerPhase weights per phase.
type PatternWeights struct {
	Phase [PatternPhaseEmpties]uint8 // phase of each number of empties
	W     [][]int16                  // W[phase][index], 1/100 disc
}

// Eval is the evaluation of b with these weights, in 1/100 disc for the side to move.
func (w *PatternWeights) Eval(b Board) int32 {
	var f [PatternFeatures]uint32
	PatternIndices(b, &f)
	t := w.W[w.Phase[bits.OnesCount64(^(b.Own|b.Opp))]]
	t = t[:PatternWeightsPerPhase]
	var s int32
	for _, i := range f {
		s += int32(t[i])
	}
	return s
}

// The weights file (little-endian):
//
//	"RVPW" magic, uint16 version (2)
//	uint16 number of patterns; per pattern: uint8 name length, name, uint8 square count,
//	       the squares (uint8 each) — must equal Patterns, so a file fitted for another
//	       pattern set is refused rather than misread
//	uint8 mobility cap (PatternMobilityMax), uint8 potential mobility cap (PatternPotentialMax)
//	uint8 number of phases P; 61 bytes: the phase of each number of empties 0..60
//	a zero byte if the header so far has an odd length (the weights are used in place)
//	P * PatternWeightsPerPhase int16 weights, phase after phase
const (
	patMagic   = "RVPW"
	patVersion = 2
)

// MarshalBinary encodes the weights in the weights file format.
func (w *PatternWeights) MarshalBinary() ([]byte, error) {
	buf := []byte(patMagic)
	buf = binary.LittleEndian.AppendUint16(buf, patVersion)
	buf = binary.LittleEndian.AppendUint16(buf, uint16(len(Patterns)))
	for _, p := range Patterns {
		buf = append(buf, byte(len(p.Name)))
		buf = append(buf, p.Name...)
		buf = append(buf, byte(len(p.Squares)))
		for _, sq := range p.Squares {
			buf = append(buf, byte(sq))
		}
	}
	buf = append(buf, PatternMobilityMax, PatternPotentialMax, byte(len(w.W)))
	for _, ph := range w.Phase {
		if int(ph) >= len(w.W) {
			return nil, fmt.Errorf("phase %d out of range (%d phases)", ph, len(w.W))
		}
	}
	buf = append(buf, w.Phase[:]...)
	if len(buf)%2 != 0 {
		buf = append(buf, 0) // the weights start on an even offset, to be used in place
	}
	for i, t := range w.W {
		if len(t) != PatternWeightsPerPhase {
			return nil, fmt.Errorf("phase %d has %d weights, want %d", i, len(t), PatternWeightsPerPhase)
		}
		for _, v := range t {
			buf = binary.LittleEndian.AppendUint16(buf, uint16(v))
		}
	}
	return buf, nil
}

// UnmarshalBinary decodes a weights file, checking that it was fitted for this pattern set.
func (w *PatternWeights) UnmarshalBinary(data []byte) error { return w.decode(data, false) }

// decode decodes a weights file; with alias, on a little-endian machine, the tables are
// the file's own bytes (data must then stay unchanged while w is used).
func (w *PatternWeights) decode(data []byte, alias bool) error {
	bad := func(what string) error { return fmt.Errorf("pattern weights: %s", what) }
	if len(data) < 8 || string(data[:4]) != patMagic {
		return bad("not a weights file (no RVPW magic)")
	}
	if v := binary.LittleEndian.Uint16(data[4:]); v != patVersion {
		return bad(fmt.Sprintf("version %d, want %d", v, patVersion))
	}
	if n := binary.LittleEndian.Uint16(data[6:]); int(n) != len(Patterns) {
		return bad(fmt.Sprintf("%d patterns, want %d", n, len(Patterns)))
	}
	p := data[8:]
	next := func(n int) ([]byte, error) {
		if len(p) < n {
			return nil, bad("truncated")
		}
		s := p[:n]
		p = p[n:]
		return s, nil
	}
	for _, pat := range Patterns {
		l, err := next(1)
		if err != nil {
			return err
		}
		name, err := next(int(l[0]) + 1)
		if err != nil {
			return err
		}
		sq, err := next(int(name[len(name)-1]))
		if err != nil {
			return err
		}
		if string(name[:len(name)-1]) != pat.Name || len(sq) != len(pat.Squares) {
			return bad(fmt.Sprintf("pattern %q, want %q", name[:len(name)-1], pat.Name))
		}
		for i, s := range sq {
			if int(s) != pat.Squares[i] {
				return bad(fmt.Sprintf("pattern %s has other squares", pat.Name))
			}
		}
	}
	h, err := next(3 + PatternPhaseEmpties)
	if err != nil {
		return err
	}
	if h[0] != PatternMobilityMax {
		return bad(fmt.Sprintf("mobility cap %d, want %d", h[0], PatternMobilityMax))
	}
	if h[1] != PatternPotentialMax {
		return bad(fmt.Sprintf("potential mobility cap %d, want %d", h[1], PatternPotentialMax))
	}
	phases := int(h[2])
	if phases == 0 {
		return bad("no phases")
	}
	copy(w.Phase[:], h[3:])
	for _, ph := range w.Phase {
		if int(ph) >= phases {
			return bad(fmt.Sprintf("phase %d out of range (%d phases)", ph, phases))
		}
	}
	if (len(data)-len(p))%2 != 0 {
		if pad, err := next(1); err != nil || pad[0] != 0 {
			return bad("no zero pad byte before the weights")
		}
	}
	if len(p) != 2*phases*PatternWeightsPerPhase {
		return bad(fmt.Sprintf("%d bytes of weights, want %d", len(p), 2*phases*PatternWeightsPerPhase))
	}
	// One backing array for all phases. On a little-endian machine the file's bytes are
	// the array's bytes: the embedded file is used in place (start-up then costs nothing:
	// copying 3 MB into fresh memory took ~15 ms of page faults per process here), and a
	// file read from disk is copied with one memmove.
	n := phases * PatternWeightsPerPhase
	var all []int16
	little := binary.NativeEndian.Uint16([]byte{1, 0}) == 1
	switch {
	case little && alias && uintptr(unsafe.Pointer(unsafe.SliceData(p)))%2 == 0:
		all = unsafe.Slice((*int16)(unsafe.Pointer(unsafe.SliceData(p))), n)
	case little:
		all = make([]int16, n)
		copy(unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(all))), 2*n), p)
	default:
		all = make([]int16, n)
		for i := range all {
			all[i] = int16(binary.LittleEndian.Uint16(p[2*i:]))
		}
	}
	w.W = make([][]int16, phases)
	for i := range w.W {
		w.W[i] = all[i*PatternWeightsPerPhase : (i+1)*PatternWeightsPerPhase]
	}
	return nil
}

//go:embed weights.bin
var patWeightsFile []byte

// patDefault holds the embedded weights, checked at start-up and used in place (see
// decode; BenchmarkPatternLoadEmbedded); a broken embedded file is a build error caught
// by the tests, so it panics.
var patDefault = func() *PatternWeights {
	w := new(PatternWeights)
	if err := w.decode(patWeightsFile, true); err != nil {
		panic(errors.New("reversi: embedded weights.bin: " + err.Error()))
	}
	return w
}()

// PatternEval estimates the final disc difference for the side to move of b, in units of
// 1/100 of a disc (+300: the side to move wins by about 3 discs), with the embedded
// weights. It allocates nothing and takes about 0.2 µs. The weights were fitted on
// positions where the side to move has a legal move: a search should pass first.
func PatternEval(b Board) int32 { return patDefault.Eval(b) }

// DefaultPatternWeights returns the embedded weights (shared: do not modify).
func DefaultPatternWeights() *PatternWeights { return patDefault }

// ReadPatternWeights reads a weights file (as the fitting tool writes it); its errors name
// the file.
func ReadPatternWeights(path string) (*PatternWeights, error) {
	buf, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	w := new(PatternWeights)
	if err := w.UnmarshalBinary(buf); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return w, nil
}

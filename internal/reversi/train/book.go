package train

// The opening book's builder: a deviation tree grown best first from the start position,
// in the manner of Logistello's and Edax's books (cited, not copied).
//
// Expanding a position values each of its legal moves by a fixed-depth search of the
// position after it (the engine's midgame search, its table cleared first, so a value
// depends on its position only). A line's loss is the sum, over its moves, of how much
// worse each move was than its position's best by those values; positions are expanded
// in order of their line's loss (then ply, then position), and a move is followed only
// while its line's loss stays within MaxLoss: the tree is deep along the best lines and
// keeps the near-best deviations, which are the ones an opponent who searches plays.
// Once grown, every expanded position takes the best of its moves, a move's value being
// its subtree's (negamax, positions met again by transposition or symmetry shared) or,
// where the tree stops, its search's. Everything is a function of the configuration: the
// same flags write the same book, whatever the number of workers.

import (
	"container/heap"
	"fmt"
	"math/bits"
	"sync"

	"gameagents/internal/reversi"
)

// BookConfig says how a book is grown.
type BookConfig struct {
	Positions int   // positions to expand
	MaxPly    int   // no position after this many plies from the start is expanded
	Depth     int   // the depth of the search that values a move (plies after the move)
	MaxLoss   int32 // the most a line may lose against the best moves, in 1/100 disc
	Workers   int   // searches run at once (the moves of a position); 0 or 1: one
	LogTT     int   // log2 of each worker's table entries
}

// DefaultBook is the configuration of the committed book (RESULTS.md gives its command).
var DefaultBook = BookConfig{Positions: 4000, MaxPly: 16, Depth: 8, MaxLoss: 400, Workers: 1, LogTT: 18}

// bookNode is an expanded position: its canonical image and each legal move's value by
// search (for the side to move), the moves in increasing square order.
type bookNode struct {
	moves  []int
	values []int32
}

// BuildBook grows a book as cfg says, calling progress after each expanded position, and
// returns its records (each expanded position, its best move, that move's value).
func BuildBook(cfg BookConfig, progress func(expanded int)) ([]reversi.BookRecord, error) {
	if cfg.Positions < 1 || cfg.MaxPly < 1 || cfg.Depth < 1 || cfg.MaxLoss < 0 || cfg.LogTT < 10 || cfg.LogTT > 30 {
		return nil, fmt.Errorf("book: bad configuration %+v", cfg)
	}
	workers := newBookWorkers(max(cfg.Workers, 1), cfg.LogTT, cfg.Depth)
	nodes := map[reversi.Board]*bookNode{}
	start, _ := reversi.Canonical(reversi.Start())
	queue := &lineQueue{{pos: start}}
	for queue.Len() > 0 && len(nodes) < cfg.Positions {
		l := heap.Pop(queue).(line)
		if nodes[l.pos] != nil || l.ply >= cfg.MaxPly || l.pos.Moves() == 0 {
			continue
		}
		n := workers.expand(l.pos)
		nodes[l.pos] = n
		best := maxValue(n.values)
		for i, m := range n.moves {
			loss := l.loss + best - n.values[i]
			if loss > cfg.MaxLoss {
				continue
			}
			child, _ := reversi.Canonical(l.pos.Play(m))
			if nodes[child] == nil {
				heap.Push(queue, line{pos: child, ply: l.ply + 1, loss: loss})
			}
		}
		if progress != nil {
			progress(len(nodes))
		}
	}
	return bookRecords(nodes), nil
}

// bookRecords backs the values up the tree and returns a record per expanded position.
func bookRecords(nodes map[reversi.Board]*bookNode) []reversi.BookRecord {
	values := map[reversi.Board]int32{}
	var value func(pos reversi.Board) (int32, int)
	value = func(pos reversi.Board) (int32, int) {
		n := nodes[pos]
		best, bestMove := int32(-1<<30), -1
		for i, m := range n.moves {
			v := n.values[i]
			if child, _ := reversi.Canonical(pos.Play(m)); nodes[child] != nil {
				cv, ok := values[child]
				if !ok {
					cv, _ = value(child)
				}
				v = -cv
			}
			if v > best {
				best, bestMove = v, m
			}
		}
		values[pos] = best
		return best, bestMove
	}
	records := make([]reversi.BookRecord, 0, len(nodes))
	for pos := range nodes {
		v, m := value(pos)
		records = append(records, reversi.BookRecord{Canon: pos, Move: m, Value: clampBookValue(v)})
	}
	return records
}

// clampBookValue keeps a value within what a book stores (a disc difference of 64).
func clampBookValue(v int32) int32 { return max(min(v, 6400), -6400) }

func maxValue(vs []int32) int32 {
	best := vs[0]
	for _, v := range vs[1:] {
		best = max(best, v)
	}
	return best
}

// bookWorkers value the moves of a position, one search per move, spread over engines
// that run at once.
type bookWorkers struct {
	engines []*reversi.Engine
	depth   int
}

func newBookWorkers(n, logTT, depth int) *bookWorkers {
	w := &bookWorkers{depth: depth}
	for range n {
		w.engines = append(w.engines, reversi.NewEngine(logTT))
	}
	return w
}

// expand values every legal move of pos: minus the search's score of the position after it
// (after a forced pass there, the search's own pass handling applies).
func (w *bookWorkers) expand(pos reversi.Board) *bookNode {
	n := &bookNode{}
	for moves := pos.Moves(); moves != 0; moves &= moves - 1 {
		n.moves = append(n.moves, bits.TrailingZeros64(moves))
	}
	n.values = make([]int32, len(n.moves))
	var wg sync.WaitGroup
	next := make(chan int)
	for _, e := range w.engines {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				e.ClearTT()
				after := pos.Play(n.moves[i])
				n.values[i] = -e.Search(after, reversi.Limits{MaxDepth: w.depth}, nil).Score
			}
		}()
	}
	for i := range n.moves {
		next <- i
	}
	close(next)
	wg.Wait()
	return n
}

// line is a position waiting to be expanded: its ply from the start and its line's loss.
type line struct {
	pos  reversi.Board
	ply  int
	loss int32
}

// lineQueue orders lines by loss, then ply, then position: a heap.
type lineQueue []line

func (q lineQueue) Len() int { return len(q) }
func (q lineQueue) Less(i, j int) bool {
	a, b := q[i], q[j]
	switch {
	case a.loss != b.loss:
		return a.loss < b.loss
	case a.ply != b.ply:
		return a.ply < b.ply
	case a.pos.Own != b.pos.Own:
		return a.pos.Own < b.pos.Own
	}
	return a.pos.Opp < b.pos.Opp
}
func (q lineQueue) Swap(i, j int) { q[i], q[j] = q[j], q[i] }
func (q *lineQueue) Push(x any)   { *q = append(*q, x.(line)) }
func (q *lineQueue) Pop() any {
	old := *q
	l := old[len(old)-1]
	*q = old[:len(old)-1]
	return l
}

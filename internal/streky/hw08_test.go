package streky

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

const hw08Dir = "testdata/hw08-examples-hard"

// hw08Numbers reads a line of the HW08 files as integers.
func hw08Numbers(t *testing.T, line string) []int {
	t.Helper()
	var out []int
	for _, f := range strings.Fields(strings.Trim(line, "'")) {
		v, err := strconv.Atoi(f)
		if err != nil {
			t.Fatalf("HW08 line %q: %v", line, err)
		}
		out = append(out, v)
	}
	return out
}

// hw08Card reads "h w v1 ... v(h*w)" from the front of nums.
func hw08Card(t *testing.T, nums []int) Card {
	t.Helper()
	if len(nums) < 2 || len(nums) != 2+nums[0]*nums[1] {
		t.Fatalf("HW08 card %v: want h w and h*w values", nums)
	}
	h, w := nums[0], nums[1]
	rows := make([][]int, h)
	for i := range rows {
		rows[i] = nums[2+i*w : 2+(i+1)*w]
	}
	card, err := NewCard(rows)
	if err != nil {
		t.Fatalf("HW08 card %v: %v", nums, err)
	}
	return card
}

// readHW08 reads an example: the board with its cards placed, and the hand.
func readHW08(t *testing.T, path string) (*Board, []Card) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	size, counts := hw08Numbers(t, lines[0]), hw08Numbers(t, lines[1])
	b, err := NewBoard(size[0], size[1])
	if err != nil {
		t.Fatal(err)
	}
	placed, inHand := counts[0], counts[1]
	if len(lines) != 2+placed+inHand {
		t.Fatalf("%s has %d lines, want 2+%d+%d", path, len(lines), placed, inHand)
	}
	for _, l := range lines[2 : 2+placed] {
		nums := hw08Numbers(t, l)
		card := hw08Card(t, nums[2:])
		r, c := nums[0], nums[1]
		for i := 0; i < int(card.Rows); i++ {
			for j := 0; j < int(card.Cols); j++ {
				if b.At(r+i, c+j) != Empty {
					t.Fatalf("%s: placed cards overlap at %d,%d", path, r+i, c+j)
				}
			}
		}
		b.Place(r, c, card)
	}
	var hand []Card
	for _, l := range lines[2+placed:] {
		hand = append(hand, hw08Card(t, hw08Numbers(t, l)))
	}
	return b, hand
}

// hw08Expected is one example of expected_computed_with_course_utils.json.
type hw08Expected struct {
	Distinct  int            `json:"-"` // its key has commas, which a tag cannot hold
	PerCard   int            `json:"legal_placements_counting_each_card_x4_rotations"`
	BestGain  *int           `json:"best_gain"` // null when no card fits
	Argmax    [][3]any       `json:"argmax_placements"`
	Histogram map[string]int `json:"gain_histogram"`
}

// bestOf returns the highest gain and the sorted keys that reach it (-1 and none when empty).
func bestOf(gains map[string]int) (int, []string) {
	best := -1
	var keys []string
	for k, g := range gains {
		switch {
		case g > best:
			best, keys = g, []string{k}
		case g == best:
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	return best, keys
}

var solName = regexp.MustCompile(`^(hard-\d+)-sol-\d+-cost(\d+)\.sol$`)

// TestHW08Examples checks every official HW08 hard example against the course's data: the
// number of distinct placements, the count with every card in 4 rotations, the gain
// histogram, the best gain and the exact set of best placements (both the JSON's and the
// .sol files'), for the fast generator and the reference.
func TestHW08Examples(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(hw08Dir, "expected_computed_with_course_utils.json"))
	if err != nil {
		t.Fatal(err)
	}
	var expected map[string]hw08Expected
	if err := json.Unmarshal(data, &expected); err != nil {
		t.Fatal(err)
	}
	var distinct map[string]map[string]any
	if err := json.Unmarshal(data, &distinct); err != nil {
		t.Fatal(err)
	}
	for name, fields := range distinct {
		n, ok := fields["distinct_legal_placements(row,col,rotated_matrix)"].(float64)
		if !ok {
			t.Fatalf("%s: no distinct placement count", name)
		}
		e := expected[name]
		e.Distinct = int(n)
		expected[name] = e
	}
	sols := map[string][]string{} // example → best placements from the .sol files
	solGain := map[string]int{}
	entries, err := os.ReadDir(hw08Dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		m := solName.FindStringSubmatch(e.Name())
		if m == nil {
			continue
		}
		text, err := os.ReadFile(filepath.Join(hw08Dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		nums := hw08Numbers(t, strings.TrimSpace(string(text)))
		cost, _ := strconv.Atoi(m[2])
		sols[m[1]] = append(sols[m[1]], placementID{nums[0], nums[1], hw08Card(t, nums[2:])}.String())
		solGain[m[1]] = cost
	}
	if len(expected) != 6 {
		t.Fatalf("expected data has %d examples, want the 6 of the directory", len(expected))
	}
	for name, want := range expected {
		t.Run(name, func(t *testing.T) {
			b, hand := readHW08(t, filepath.Join(hw08Dir, name))
			g := NewGenerator()
			fast := gainsOf(t, g, g.Placements(b, hand, nil))
			if len(fast) != want.Distinct {
				t.Errorf("distinct placements = %d, want %d", len(fast), want.Distinct)
			}
			if diff := gainsDiff(referenceGainsOf(t, ReferenceMoves(b, hand)), fast); diff != "" {
				t.Errorf("generator and reference differ (-reference +generator):\n%s", diff)
			}
			gains := fast.byName()

			// Every card in its four quarter turns, duplicates counted: the data's other count.
			perCard := 0
			for _, card := range hand {
				turned := card
				for range 4 {
					for r := 0; r < b.Rows(); r++ {
						for c := 0; c < b.Cols(); c++ {
							if Legal(b, r, c, turned) {
								perCard++
							}
						}
					}
					turned = turned.Rotate()
				}
			}
			if perCard != want.PerCard {
				t.Errorf("placements counting each card in 4 rotations = %d, want %d", perCard, want.PerCard)
			}

			histogram := map[string]int{}
			for _, gain := range gains {
				histogram[strconv.Itoa(gain)]++
			}
			if diff := cmp.Diff(want.Histogram, histogram); diff != "" {
				t.Errorf("gain histogram (-want +got):\n%s", diff)
			}

			best, bestKeys := bestOf(gains)
			wantBest := -1
			if want.BestGain != nil {
				wantBest = *want.BestGain
			}
			if best != wantBest {
				t.Errorf("best gain = %d, want %d", best, wantBest)
			}
			var wantKeys []string
			for _, a := range want.Argmax {
				raw, _ := json.Marshal(a[2])
				var rows [][]int
				if err := json.Unmarshal(raw, &rows); err != nil {
					t.Fatal(err)
				}
				wantKeys = append(wantKeys, placementID{int(a[0].(float64)), int(a[1].(float64)), MustCard(rows)}.String())
			}
			slices.Sort(wantKeys)
			if diff := cmp.Diff(wantKeys, bestKeys); diff != "" {
				t.Errorf("best placements vs the JSON (-want +got):\n%s", diff)
			}
			stem := strings.TrimSuffix(name, ".txt")
			fromSol := sols[stem]
			slices.Sort(fromSol)
			if diff := cmp.Diff(fromSol, bestKeys); diff != "" {
				t.Errorf("best placements vs the .sol files (-want +got):\n%s", diff)
			}
			if len(fromSol) > 0 && solGain[stem] != best {
				t.Errorf("best gain = %d, want the .sol files' cost %d", best, solGain[stem])
			}
			if len(fromSol) == 0 && len(gains) != 0 {
				t.Errorf("no .sol file (NOSOLUTION) but %d placements", len(gains))
			}
		})
	}
}

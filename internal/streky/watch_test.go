package streky

import "testing"

// TestOpponentWatch: a reply that gains the most the opponent could counts as greedy's, one
// that gains less as another kind's, and a position that does not follow the one expected
// counts as neither.
func TestOpponentWatch(t *testing.T) {
	tests := []struct {
		name        string
		reply       string // the opponent's reply after ours, PLACE 3,3 2 in parityTrap
		otherGame   bool   // observe a position of another game instead
		greedy, oth int
	}{
		{name: "greedy's reply", reply: "PLACE 0,5 1", greedy: 1},
		{name: "a reply that gains less", reply: "PLACE 0,5 2", oth: 1},
		{name: "another game's position", reply: "PLACE 0,5 1", otherGame: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := parsePosition(t, parityTrap)
			play(t, p, "PLACE 3,3 2")
			var w OpponentWatch
			w.Expect(NewGenerator(), p, nil)
			if w.best != 11 {
				t.Fatalf("the opponent's best gain = %d, want 11 (extending the region of 1s)", w.best)
			}
			play(t, p, tt.reply)
			if tt.otherGame {
				p = parsePosition(t, parityTrap)
			}
			w.Observe(p)
			if w.Greedy != tt.greedy || w.Other != tt.oth || w.Denying() != (tt.oth > 0) {
				t.Errorf("after %s: Greedy %d, Other %d, Denying %v; want %d, %d, %v", tt.reply, w.Greedy, w.Other, w.Denying(), tt.greedy, tt.oth, tt.oth > 0)
			}
			w.Observe(p) // a second look at the same reply counts nothing more
			if w.Greedy+w.Other != tt.greedy+tt.oth {
				t.Errorf("observing twice counted the reply twice: Greedy %d, Other %d", w.Greedy, w.Other)
			}
		})
	}
}

// play applies the move text to p.
func play(t *testing.T, p *Position, text string) {
	t.Helper()
	m, err := ParseMove(text)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.Apply(m); err != nil {
		t.Fatalf("%s: %v", text, err)
	}
}

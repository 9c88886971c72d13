package rules

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestSplitOutput(t *testing.T) {
	tests := []struct {
		name      string
		in        string
		strict    bool
		want      []string
		warnings  int
		wantError string
	}{
		{"empty", "", false, nil, 0, ""},
		{"one line", "E 1,2 2,3\n", false, []string{"E 1,2 2,3"}, 0, ""},
		{"two lines", "J 1,1 3,3\nJ 3,3 5,5\n", true, []string{"J 1,1 3,3", "J 3,3 5,5"}, 0, ""},
		{"no final LF", "J 1,1 3,3\nJ 3,3 5,5", false, []string{"J 1,1 3,3", "J 3,3 5,5"}, 1, ""},
		{"no final LF strict", "J 1,1 3,3\nJ 3,3 5,5", true, nil, 0, "line 2, the last, does not end with LF"},
		{"CRLF", "J 1,1 3,3\r\nJ 3,3 5,5\r\n", false, []string{"J 1,1 3,3", "J 3,3 5,5"}, 1, ""},
		{"CRLF strict", "J 1,1 3,3\r\nJ 3,3 5,5\r\n", true, nil, 0, "line 1 ends with CRLF, want LF"},
		{"CRLF and no final LF", "E 1,2 2,3\r\nx", false, []string{"E 1,2 2,3", "x"}, 2, ""},
		{"lone CR", "E 1,2\r2,3\n", false, nil, 0, "line 1 holds a carriage return (CR) not followed by LF"},
		{"blank line kept", "E 1,2 2,3\n\n", false, []string{"E 1,2 2,3", ""}, 0, ""},
		{"trailing space kept", "E 1,2 2,3 \n", false, []string{"E 1,2 2,3 "}, 0, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, warnings, err := SplitOutput([]byte(tt.in), tt.strict)
			if tt.wantError != "" {
				if err == nil || err.Error() != tt.wantError {
					t.Fatalf("SplitOutput(%q, %v) error = %v, want %q", tt.in, tt.strict, err, tt.wantError)
				}
				return
			}
			if err != nil {
				t.Fatalf("SplitOutput(%q, %v) error = %v, want none", tt.in, tt.strict, err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("SplitOutput(%q, %v) lines mismatch (-want +got):\n%s", tt.in, tt.strict, diff)
			}
			if len(warnings) != tt.warnings {
				t.Errorf("SplitOutput(%q, %v) warnings = %q, want %d", tt.in, tt.strict, warnings, tt.warnings)
			}
		})
	}
}

func TestSplitOneLine(t *testing.T) {
	const forms = "MOVE x or PASS"
	tests := []struct {
		name, in     string
		want, errMsg string
		warnings     int
	}{
		{"one line", "PASS\n", "PASS", "", 0},
		{"CRLF tolerated", "PASS\r\n", "PASS", "", 1},
		{"empty", "", "", "malformed output.txt: the file is empty, want one line: " + forms, 0},
		{"two lines", "PASS\nPASS\n", "", "malformed output.txt: 2 lines, want one: " + forms, 0},
		{"stray CR", "PA\rSS\n", "", "malformed output.txt: ", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, warnings, err := SplitOneLine([]byte(tt.in), false, forms)
			if tt.errMsg != "" {
				if err == nil || !strings.HasPrefix(err.Error(), tt.errMsg) {
					t.Errorf("SplitOneLine(%q) = %q, %v; want an error starting %q", tt.in, got, err, tt.errMsg)
				}
				return
			}
			if err != nil || got != tt.want || len(warnings) != tt.warnings {
				t.Errorf("SplitOneLine(%q) = %q, %q, %v; want %q and %d warnings", tt.in, got, warnings, err, tt.want, tt.warnings)
			}
		})
	}
}

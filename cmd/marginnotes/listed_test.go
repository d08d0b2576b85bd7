package main

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestPerceptronMistakesListed: the list of mistakes is printed for runs of
// the book's sizes and with --trace, not for a long run without it, whose
// list would cost more than the run (issue 24, goal 5).
func TestPerceptronMistakesListed(t *testing.T) {
	// XOR never separates: 50 epochs make more than maxListed updates.
	args := []string{"perceptron", "--max-epochs", "50", "-"}
	code, out, _ := runCmd(t, xor, args...)
	m := regexp.MustCompile(`(?m)^updates: +(\d+)$`).FindStringSubmatch(out)
	if code != 1 || m == nil {
		t.Fatalf("exit %d, output %q: want 1 and an updates line", code, out)
	}
	updates, _ := strconv.Atoi(m[1])
	if updates <= maxListed {
		t.Fatalf("%d updates, want more than %d for this test", updates, maxListed)
	}
	if want := "mistakes:   (" + m[1] + "; --trace lists them)\n"; !strings.Contains(out, want) {
		t.Errorf("output %q lacks %q", out, want)
	}
	got := decode[perceptronOutput](t, runOut(t, xor, append([]string{"perceptron", "--json"}, args[1:]...)...))
	if got.Mistakes != nil || got.Updates != updates {
		t.Errorf("--json: %d mistakes listed, updates %d; want none listed, %d updates", len(got.Mistakes), got.Updates, updates)
	}

	// With --trace: every mistake, as the trace's points.
	got = decode[perceptronOutput](t, runOut(t, xor, append([]string{"perceptron", "--json", "--trace"}, args[1:]...)...))
	if len(got.Mistakes) != updates || len(got.Trace) != updates+1 {
		t.Fatalf("--trace: %d mistakes, %d steps; want %d and %d", len(got.Mistakes), len(got.Trace), updates, updates+1)
	}
	for k, p := range got.Mistakes {
		if got.Trace[k+1].Point != p {
			t.Errorf("mistake %d is x%d, the trace's step %d x%d", k+1, p, k+1, got.Trace[k+1].Point)
		}
	}
	code, out, _ = runCmd(t, xor, append([]string{"perceptron", "--trace"}, args[1:]...)...)
	line := regexp.MustCompile(`(?m)^mistakes: +(.*)$`).FindStringSubmatch(out)
	if code != 1 || line == nil || strings.Count(line[1], "x") != updates || !strings.HasPrefix(line[1], "x") {
		t.Errorf("--trace: the mistakes line %q, want %d points", line, updates)
	}
}

// runOut runs the command line, which may stop with status 1 (a run that
// did not converge), and returns its standard output.
func runOut(t *testing.T, stdin string, args ...string) string {
	t.Helper()
	code, out, errOut := runCmd(t, stdin, args...)
	if code > 1 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	return out
}

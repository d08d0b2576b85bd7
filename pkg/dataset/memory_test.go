package dataset

import (
	"strings"
	"testing"
)

func TestMemoryCells(t *testing.T) {
	for _, c := range []struct {
		avail int64
		want  int
	}{
		{0, MaxCells},       // unknown: the fixed limit
		{1 << 20, MaxCells}, // little: never below it
		{4e9, 125_000_000},  // 4 GB: half, at 16 bytes a number
		{1 << 40, 1 << 31},  // 1 TiB: capped
		{2 * BytesPerCell * (MaxCells + 1), MaxCells + 1}, // just past the fixed limit
	} {
		if got := memoryCells(c.avail); got != c.want {
			t.Errorf("memoryCells(%d) = %d, want %d", c.avail, got, c.want)
		}
	}
	// This process: something between the bounds.
	if got := MemoryCells(); got < MaxCells || got > MaxMemoryCells {
		t.Errorf("MemoryCells() = %d, want within [%d, %d]", got, MaxCells, MaxMemoryCells)
	}
}

// TestMemoryCellsReads: a SparseReader at a limit above MaxCells reads a
// file past MaxCells (as the command line does with MemoryCells), and
// ReadSparse refuses it.
func TestMemoryCellsReads(t *testing.T) {
	defer func(c int) { maxCells = c }(maxCells)
	maxCells = 1 << 10
	in := strings.Repeat("+1 1:0.5 2:-1 3:2\n-1 1:1 2:0.25 3:-3\n", 200) // 1600 numbers
	if _, _, err := ReadSparse(strings.NewReader(in)); err == nil {
		t.Fatal("ReadSparse read 1600 numbers past a limit of 1024")
	}
	x, y, err := SparseReader{MaxCells: memoryCells(2 * BytesPerCell * 2000)}.Read(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	if n, d := x.Dims(); n != 400 || d != 3 || len(y) != 400 || x.At(399, 2) != -3 {
		t.Errorf("read %d×%d, %d labels, x[399,2] = %v; want 400×3 and −3", n, d, len(y), x.At(399, 2))
	}
}

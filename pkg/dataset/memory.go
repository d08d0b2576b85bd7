package dataset

// Limits that follow the memory of the machine, for programs that read
// data sets larger than MaxCells (the command line's svm --solver dcd).
const (
	// BytesPerCell is the memory MemoryCells counts for each number of a
	// data set: a CSR entry takes 12 bytes (8 a dense value), and each
	// row 8 for its label, 8 for its offset and about 20 for svm.DCD's
	// arrays, so 16 bytes a number cover the data and a linear solver's
	// memory for rows of 6 entries or more.
	BytesPerCell = 16
	// MaxMemoryCells caps MemoryCells: 2³¹ numbers (32 GiB at
	// BytesPerCell), whatever the machine, so that the bound on hostile
	// input stays one a program can rely on.
	MaxMemoryCells = 1 << 31
)

// MemoryCells returns a limit for SparseReader.MaxCells that follows the
// memory this process may use: half of AvailableMemory (the other half is
// left to the rest of the program and of the machine), at BytesPerCell
// bytes a number; never below MaxCells, the fixed limit, and never above
// MaxMemoryCells. With 4 GB available it is 1.25·10⁸ numbers, a dense
// 10⁶ × 100 file. A file past it is refused with ErrTooLarge once the
// reader has read that many numbers, as with any limit: an endless input
// costs at most half the memory available, and never exhausts it.
func MemoryCells() int { return memoryCells(AvailableMemory()) }

// memoryCells is MemoryCells for avail bytes available (0: unknown).
func memoryCells(avail int64) int {
	cells := avail / 2 / BytesPerCell
	return int(max(MaxCells, min(cells, MaxMemoryCells)))
}

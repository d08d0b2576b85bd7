//go:build !linux

package dataset

// AvailableMemory returns 0, unknown, where /proc and cgroups do not tell
// (MemoryCells is then MaxCells).
func AvailableMemory() int64 { return 0 }

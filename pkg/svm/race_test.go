//go:build race

package svm

// raceEnabled: the race detector is on, and sync.Pool then drops a quarter
// of what it is given, by design.
const raceEnabled = true

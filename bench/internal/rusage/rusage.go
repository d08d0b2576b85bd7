// Package rusage gives the bench drivers the CPU time they report beside the
// wall time.
package rusage

import (
	"math"
	"syscall"
)

// CPUSeconds returns the user and system CPU time of the process so far, or
// NaN when the system does not say.
func CPUSeconds() float64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return math.NaN()
	}
	return float64(ru.Utime.Nano()+ru.Stime.Nano()) / 1e9
}

//go:build unix

package main

import (
	"os"
	"syscall"
)

// maxRSS returns the peak resident memory of a process that ended, in
// bytes (getrusage counts KiB on Linux), or 0 when the system does not say.
func maxRSS(ps *os.ProcessState) int64 {
	if ru, ok := ps.SysUsage().(*syscall.Rusage); ok {
		return int64(ru.Maxrss) << 10
	}
	return 0
}

package dataset

import (
	"bufio"
	"bytes"
	"os"
	"strconv"
	"strings"
	"syscall"
)

// AvailableMemory returns how many bytes this process may still allocate,
// or 0 when it cannot tell: the least of the memory the kernel reports
// available (MemAvailable of /proc/meminfo), what the cgroup's limit leaves
// (memory.max − memory.current, cgroup v2) and what the address-space
// limit leaves (ulimit -v, RLIMIT_AS, less the process's present size).
func AvailableMemory() int64 {
	avail := int64(0)
	least := func(v int64) {
		if v > 0 && (avail == 0 || v < avail) {
			avail = v
		}
	}
	least(meminfoAvailable())
	if limit, ok := readInt("/sys/fs/cgroup/memory.max"); ok {
		if used, ok := readInt("/sys/fs/cgroup/memory.current"); ok && limit > used {
			least(limit - used)
		}
	}
	var rl syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_AS, &rl); err == nil && rl.Cur != ^uint64(0) && rl.Cur < 1<<62 {
		size := int64(0)
		if b, err := os.ReadFile("/proc/self/statm"); err == nil {
			if f := strings.Fields(string(b)); len(f) > 0 {
				pages, _ := strconv.ParseInt(f[0], 10, 64)
				size = pages * int64(os.Getpagesize())
			}
		}
		if int64(rl.Cur) > size {
			least(int64(rl.Cur) - size)
		} else {
			least(1) // nothing left
		}
	}
	return avail
}

// meminfoAvailable returns MemAvailable of /proc/meminfo in bytes, or 0.
func meminfoAvailable() int64 {
	f, err := os.Open("/proc/meminfo")
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := bytes.CutPrefix(sc.Bytes(), []byte("MemAvailable:")); ok {
			f := strings.Fields(string(rest)) // "12345 kB"
			if len(f) == 2 && f[1] == "kB" {
				if kb, err := strconv.ParseInt(f[0], 10, 64); err == nil {
					return kb << 10
				}
			}
			return 0
		}
	}
	return 0
}

// readInt reads a file holding one decimal number ("max" is not one).
func readInt(path string) (int64, bool) {
	b, err := os.ReadFile(path)
	if err != nil {
		return 0, false
	}
	v, err := strconv.ParseInt(strings.TrimSpace(string(b)), 10, 64)
	return v, err == nil
}

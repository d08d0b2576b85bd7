//go:build unix

package safefile

import (
	"io/fs"
	"os"
	"syscall"
)

// links returns the number of hard links of the file fi describes.
func links(fi fs.FileInfo) uint64 {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		return uint64(st.Nlink)
	}
	return 1
}

// keepOwner gives f the owner and group of the file fi describes, as far
// as the caller may: root may set any, another user the groups it belongs
// to; what it may not set stays its own.
func keepOwner(f *os.File, fi fs.FileInfo) {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return
	}
	if f.Chown(int(st.Uid), int(st.Gid)) != nil {
		f.Chown(-1, int(st.Gid))
	}
}

// gone reports whether no process pid runs (kill(pid, 0) fails with
// ESRCH): a process of another user is there too.
func gone(pid int) bool {
	return syscall.Kill(pid, 0) == syscall.ESRCH
}

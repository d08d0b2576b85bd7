//go:build !unix

package safefile

import (
	"io/fs"
	"os"
)

// links returns 1: hard links are not counted on this system.
func links(fs.FileInfo) uint64 { return 1 }

// keepOwner does nothing: files have no owner to keep here.
func keepOwner(*os.File, fs.FileInfo) {}

// gone reports false: this system does not say, so no temporary file is
// taken for stale.
func gone(int) bool { return false }

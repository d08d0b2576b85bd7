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

// Package safefile writes a file so that a failed write — a full disk, a
// file size limit, an error of the writer — leaves the file as it was,
// without replacing what is not a regular file. The model files of
// pkg/modelio and the figures of pkg/figures are written with it.
package safefile

import (
	"bufio"
	"errors"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
)

// Write writes the file path with write, which gets a buffered writer.
//
// When path names a regular file, directly or through symbolic links, or
// nothing yet, the data go to a temporary file in the directory of that
// file, which is synced and renamed over it: the file then holds either its
// old content or the new one whole, even when the writer is killed, and
// keeps its permissions and, where the caller may set them, its owner and
// group (a new file gets 0666 less the umask, as a shell redirection gives
// it). A symbolic link stays a link to the file it names. A file with
// several hard links is replaced under the name written, so its other
// names keep the old content (OtherLinks tells a caller who wants to say
// so). When the directory cannot take a temporary file (no permission, a
// read-only file system), the file is written in place.
//
// Anything else is written in place, as a shell redirection would: a device
// (/dev/null), a named pipe, a pipe reached through /proc/self/fd or
// /dev/fd (/dev/stdout, bash's >(gzip > m.gz)).
//
// On error, the temporary file is removed; the error names path. The
// temporary file is named .NAME.PID-RANDOM.tmp after the file and the
// writing process, and a write removes those of its file left by processes
// that no longer run (killed mid-write), where the system tells.
func Write(path string, write func(io.Writer) error) error {
	target, fi, err := resolve(path)
	if err != nil {
		return err
	}
	if target == "" {
		return inPlace(path, fi, write)
	}
	err = replace(path, target, fi, write)
	if errors.Is(err, errNoTemp) {
		return inPlace(path, fi, write)
	}
	return err
}

// errNoTemp: the directory cannot take a temporary file.
var errNoTemp = errors.New("no temporary file")

// OtherLinks returns the number of other hard links of the regular file
// path names (through symbolic links), which keep its old content when
// Write replaces it: 0 for a file with one link, a new file, anything
// else, or where the system does not count links.
func OtherLinks(path string) int {
	fi, err := os.Stat(path)
	if err != nil || !fi.Mode().IsRegular() {
		return 0
	}
	return int(links(fi)) - 1
}

// resolve returns the file path names: target is the path of a regular
// file (fi its FileInfo) or of a file to create (fi nil); it is "" for
// anything to write in place (fi describes it).
func resolve(path string) (target string, fi fs.FileInfo, err error) {
	fi, err = os.Stat(path)
	switch {
	case err == nil && !fi.Mode().IsRegular():
		return "", fi, nil
	case err == nil:
		// A regular file: the name to rename over, unless it is reached
		// through a link of /proc that names no file of its own
		// (/dev/stdout redirected to a file).
		target, err := filepath.EvalSymlinks(path)
		if err != nil {
			return "", fi, nil
		}
		if t, err := os.Lstat(target); err != nil || !os.SameFile(fi, t) {
			return "", fi, nil
		}
		return target, fi, nil
	case !errors.Is(err, fs.ErrNotExist):
		return "", nil, err
	}
	// Nothing there, or symbolic links to a name where nothing is yet:
	// the file to create is at the end of the links.
	target = path
	for range 40 {
		lfi, err := os.Lstat(target)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			return target, nil, nil
		case err != nil:
			return "", nil, err
		case lfi.Mode()&fs.ModeSymlink == 0:
			// Created meanwhile: write it in place.
			return "", lfi, nil
		}
		link, err := os.Readlink(target)
		if err != nil {
			return "", nil, err
		}
		if !filepath.IsAbs(link) {
			// Not filepath.Join, which would clean "dir/../x" lexically
			// where the kernel follows dir if it is a link.
			link = filepath.Dir(target) + string(filepath.Separator) + link
		}
		target = link
	}
	return "", nil, &fs.PathError{Op: "open", Path: path, Err: syscall.ELOOP}
}

// replace writes the file through a temporary file renamed over target;
// fi describes the existing file, nil when there is none.
func replace(path, target string, fi fs.FileInfo, write func(io.Writer) error) (err error) {
	tmp, err := createTemp(target, fi == nil)
	if err != nil {
		if fi != nil && (errors.Is(err, fs.ErrPermission) || errors.Is(err, syscall.EROFS)) {
			return errNoTemp
		}
		return &fs.PathError{Op: "open", Path: path, Err: underlying(err)}
	}
	defer func() {
		if cerr := tmp.Close(); err == nil && cerr != nil {
			err = &fs.PathError{Op: "close", Path: path, Err: underlying(cerr)}
		}
		if err == nil {
			if rerr := os.Rename(tmp.Name(), target); rerr != nil {
				err = &fs.PathError{Op: "rename", Path: path, Err: underlying(rerr)}
			}
		}
		if err != nil {
			os.Remove(tmp.Name())
		}
	}()
	if fi != nil {
		// The owner first: a change of owner clears the set-user-ID and
		// set-group-ID bits, which the mode then restores.
		keepOwner(tmp, fi)
		if err := tmp.Chmod(fi.Mode() & (fs.ModePerm | fs.ModeSetuid | fs.ModeSetgid | fs.ModeSticky)); err != nil {
			return &fs.PathError{Op: "chmod", Path: path, Err: underlying(err)}
		}
	}
	if err := writeTo(tmp, path, write); err != nil {
		return err
	}
	if err := tmp.Sync(); err != nil {
		return &fs.PathError{Op: "sync", Path: path, Err: underlying(err)}
	}
	return nil
}

// createTemp creates a temporary file next to target: readable by its
// owner alone, or, for a new file, with the permissions a new file gets
// (0666 less the umask).
func createTemp(target string, isNew bool) (*os.File, error) {
	dir, base := filepath.Split(target)
	removeStale(dir, base)
	perm := fs.FileMode(0o600)
	if isNew {
		perm = 0o666
	}
	for {
		name := filepath.Join(dir, "."+base+"."+strconv.Itoa(os.Getpid())+"-"+strconv.FormatUint(rand.Uint64(), 36)+".tmp")
		f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
		if !errors.Is(err, fs.ErrExist) {
			return f, err
		}
	}
}

// removeStale removes the temporary files of base in dir whose writers no
// longer run: .BASE.PID-RANDOM.tmp with a PID that the system says is gone.
func removeStale(dir, base string) {
	if dir == "" {
		dir = "."
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	prefix := "." + base + "."
	for _, e := range entries {
		name := e.Name()
		rest, ok := strings.CutPrefix(name, prefix)
		if !ok || !e.Type().IsRegular() {
			continue
		}
		rest, ok = strings.CutSuffix(rest, ".tmp")
		pid, random, dash := strings.Cut(rest, "-")
		if !ok || !dash || random == "" || strings.Contains(random, ".") {
			continue
		}
		if n, err := strconv.Atoi(pid); err == nil && n > 0 && n != os.Getpid() && gone(n) {
			os.Remove(filepath.Join(dir, name))
		}
	}
}

// inPlace writes the file path as it is: a device, a pipe, a file with
// several links; fi describes it.
func inPlace(path string, fi fs.FileInfo, write func(io.Writer) error) (err error) {
	flag := os.O_WRONLY
	if fi == nil || fi.Mode().IsRegular() {
		flag |= os.O_CREATE | os.O_TRUNC
	}
	f, err := os.OpenFile(path, flag, 0o666)
	if err != nil {
		return err
	}
	defer func() {
		if cerr := f.Close(); err == nil && cerr != nil {
			err = &fs.PathError{Op: "close", Path: path, Err: underlying(cerr)}
		}
	}()
	return writeTo(f, path, write)
}

// writeTo runs write on f, buffered; a failed write of f names path.
func writeTo(f *os.File, path string, write func(io.Writer) error) error {
	bw := bufio.NewWriterSize(namedWriter{f, path}, 64<<10)
	if err := write(bw); err != nil {
		return err
	}
	return bw.Flush()
}

// namedWriter writes to f and names path in its errors, not the name of a
// temporary file.
type namedWriter struct {
	f    *os.File
	path string
}

func (w namedWriter) Write(p []byte) (int, error) {
	n, err := w.f.Write(p)
	if err != nil {
		err = &fs.PathError{Op: "write", Path: w.path, Err: underlying(err)}
	}
	return n, err
}

// underlying returns the error of the system call in err, without the name
// of the temporary file.
func underlying(err error) error {
	var pe *fs.PathError
	var le *os.LinkError
	switch {
	case errors.As(err, &pe):
		return pe.Err
	case errors.As(err, &le):
		return le.Err
	}
	return err
}

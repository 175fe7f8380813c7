package loaders

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"syscall"
)

// ExpandPaths turns a file, a directory (every *.xml below it, or ext) or a
// glob into a sorted list of regular files. A path that exists is taken
// literally, so "[2020] EWCA Civ 621.xml" is a file, not a character
// class; directories, FIFOs and devices a glob or a directory walk meets
// are left out (reading a FIFO blocks, a device may never end).
func ExpandPaths(pattern, ext string) ([]string, error) {
	if st, err := os.Stat(pattern); err == nil {
		if !st.IsDir() {
			return []string{pattern}, nil // ReadRegular refuses it if it is not a regular file
		}
		var files []string
		err := filepath.WalkDir(pattern, func(p string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.EqualFold(filepath.Ext(p), ext) && regular(p) {
				files = append(files, p)
			}
			return err
		})
		sort.Strings(files)
		return files, err
	}
	matches, err := filepath.Glob(pattern)
	if err != nil {
		return nil, err
	}
	var files []string
	for _, m := range matches {
		if regular(m) {
			files = append(files, m)
		}
	}
	sort.Strings(files)
	return files, nil
}

// regular reports whether p is a regular file, or a symlink to one.
func regular(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.Mode().IsRegular()
}

// ReadRegular reads a regular file of at most max bytes: a FIFO, device or
// directory is refused (reading one could block or never end), and so is
// a larger file.
func ReadRegular(path string, max int64) ([]byte, error) {
	// O_NONBLOCK: opening a FIFO for reading would otherwise wait for a
	// writer; the Stat below then refuses it. Regular files ignore it.
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, &FileError{File: path, Err: err}
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, &FileError{File: path, Err: err}
	}
	if !st.Mode().IsRegular() {
		return nil, &FileError{File: path, Err: fmt.Errorf("not a regular file (%s)", st.Mode().Type())}
	}
	if st.Size() > max {
		return nil, &FileError{File: path, Err: fmt.Errorf("%d bytes is more than the %d this reader accepts", st.Size(), max)}
	}
	// One buffer of the file's size (+1 to see growth since the Stat):
	// io.ReadAll's doubling would clear and copy several times as much.
	data := make([]byte, st.Size()+1)
	n, err := io.ReadFull(f, data)
	switch {
	case err == io.ErrUnexpectedEOF || err == io.EOF:
		return data[:n], nil
	case err != nil:
		return nil, &FileError{File: path, Err: err}
	}
	return nil, &FileError{File: path, Err: fmt.Errorf("it grew past its size while being read (more than %d bytes)", st.Size())}
}

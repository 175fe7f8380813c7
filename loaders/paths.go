package loaders

import (
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
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

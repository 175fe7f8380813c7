package loaders

import (
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// ExpandPaths turns a file, a directory (every *.xml below it, or ext) or a
// glob into a sorted list of files.
func ExpandPaths(pattern, ext string) ([]string, error) {
	if st, err := os.Stat(pattern); err == nil && st.IsDir() {
		var files []string
		err := filepath.WalkDir(pattern, func(p string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.EqualFold(filepath.Ext(p), ext) {
				files = append(files, p)
			}
			return err
		})
		sort.Strings(files)
		return files, err
	}
	files, err := filepath.Glob(pattern)
	if err != nil {
		return nil, err
	}
	sort.Strings(files)
	return files, nil
}

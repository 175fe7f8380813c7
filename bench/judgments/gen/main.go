// Command gen writes a corpus of at least -mb megabytes of Find Case Law
// XML: renamed copies of the fixture judgments in which every neutral
// citation number and the Work URI are shifted per copy, so copies cite
// each other like a real collection.
//
//	go run ./bench/judgments/gen -mb 1024 -out /tmp/lexduck-bench/corpus
package main

import (
	"flag"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
)

var (
	ncn = regexp.MustCompile(`(\[\d{4}\] (?:UKSC|UKPC|EWCA Civ|EWCA Crim|EWHC|EAT|EWFC|EWCOP|UKUT|UKFTT) )(\d+)`)
	uri = regexp.MustCompile(`(<FRBRthis value="[^"]*/)(\d+)(")`)
)

func main() {
	mb := flag.Int("mb", 1024, "corpus size in MB")
	src := flag.String("src", "testdata/fixtures/uk-judgments", "fixture judgments")
	out := flag.String("out", "/tmp/lexduck-bench/corpus", "output directory")
	flag.Parse()
	files, err := filepath.Glob(filepath.Join(*src, "*.xml"))
	if err != nil || len(files) == 0 {
		log.Fatalf("no fixtures in %s", *src)
	}
	var data [][]byte
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			log.Fatal(err)
		}
		data = append(data, b)
	}
	if err := os.MkdirAll(*out, 0o755); err != nil {
		log.Fatal(err)
	}
	var total int64
	n := 0
	for copy := 0; total < int64(*mb)<<20; copy++ {
		shift := func(re *regexp.Regexp, b []byte) []byte {
			return re.ReplaceAllFunc(b, func(m []byte) []byte {
				sm := re.FindSubmatch(m)
				num, _ := strconv.Atoi(string(sm[2]))
				tail := []byte{}
				if len(sm) > 3 {
					tail = sm[3]
				}
				return append(append(append([]byte{}, sm[1]...), strconv.Itoa(num+copy*100000)...), tail...)
			})
		}
		for i, b := range data {
			if copy > 0 {
				b = shift(uri, shift(ncn, b))
			}
			name := filepath.Join(*out, fmt.Sprintf("c%04d-%s", copy, filepath.Base(files[i])))
			if err := os.WriteFile(name, b, 0o644); err != nil {
				log.Fatal(err)
			}
			total += int64(len(b))
			n++
		}
	}
	fmt.Printf("wrote %d files, %.1f MB, to %s\n", n, float64(total)/1e6, *out)
}

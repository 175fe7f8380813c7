#!/usr/bin/env bash
# Copies up to N inputs per fuzz target from Go's fuzz cache (filled by
# go test -fuzz) into the package's testdata/fuzz/, where plain go test runs
# them as regression seeds. Usage: testdata/seed-fuzz-corpus.sh PKGDIR TARGET [N]
set -euo pipefail
pkg=$1 target=$2 n=${3:-40}
cache="$(go env GOCACHE)/fuzz/github.com/lexduck/lexduck/${pkg#./}/$target"
dest="$pkg/testdata/fuzz/$target"
mkdir -p "$dest"
ls "$cache" | sort | head -n "$n" | while read -r f; do cp "$cache/$f" "$dest/$f"; done
echo "$(ls "$dest" | wc -l) seeds in $dest"

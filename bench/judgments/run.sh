#!/usr/bin/env bash
# Loads generated Find Case Law corpora of two sizes with lexduck and parses
# the same files with Python's lxml (1 and 2 processes), side by side, and
# prints MB/s, judgments/s, peak memory and the ratio.
#   bash bench/judgments/run.sh [SIZES_MB...]   (default: 256 1024)
set -euo pipefail
cd "$(dirname "$0")/../.."
sizes=("${@:-256 1024}")
[ $# -gt 0 ] || sizes=(256 1024)
work=${LEXDUCK_BENCH_DIR:-/tmp/lexduck-bench}
command -v /usr/bin/time >/dev/null || { echo "needs /usr/bin/time (Debian package time)"; exit 1; }
/usr/bin/python3 -c 'import lxml' 2>/dev/null || { echo "needs python3-lxml (apt-get install python3-lxml)"; exit 1; }
go build -tags duckdb_arrow -o "$work/lexduck" ./cmd/lexduck
printf '%-7s %-22s %9s %9s %13s %10s\n' size tool seconds MB/s judgments/s peak_MB
for mb in "${sizes[@]}"; do
  rm -rf "$work/corpus" "$work/bench.duckdb"
  go run ./bench/judgments/gen -mb "$mb" -out "$work/corpus" >/dev/null
  bytes=$(du -sb "$work/corpus" | cut -f1)
  files=$(ls "$work/corpus" | wc -l)
  row() { # name, then /usr/bin/time -f '%e %M' output file
    read -r secs kb < "$2"
    awk -v n="$1" -v s="$secs" -v k="$kb" -v b="$bytes" -v f="$files" -v mb="$mb" \
      'BEGIN { printf "%-7s %-22s %9.2f %9.1f %13.0f %10.0f\n", mb "MB", n, s, b/1e6/s, f/s, k/1024 }'
  }
  sync
  /usr/bin/time -f '%e %M' -o "$work/t1" "$work/lexduck" load judgments "$work/corpus" -db "$work/bench.duckdb" 2>/dev/null
  row "lexduck load (2 cores)" "$work/t1"
  /usr/bin/time -f '%e %M' -o "$work/t2" /usr/bin/python3 bench/judgments/lxml_extract.py "$work/corpus" 1 >/dev/null
  row "lxml, 1 process" "$work/t2"
  /usr/bin/time -f '%e %M' -o "$work/t3" /usr/bin/python3 bench/judgments/lxml_extract.py "$work/corpus" 2 >/dev/null
  row "lxml, 2 processes" "$work/t3"
  read -r a _ < "$work/t1"; read -r b _ < "$work/t2"; read -r c _ < "$work/t3"
  awk -v a="$a" -v b="$b" -v c="$c" 'BEGIN { printf "        lexduck vs lxml: %.2fx (1 process), %.2fx (2 processes)\n", b/a, c/a }'
done
rm -rf "$work/corpus" "$work/bench.duckdb"

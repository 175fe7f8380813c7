#!/usr/bin/env bash
# Pages per second of lexduck's read_pdf_lines (one core and two) against
# poppler's pdftotext (Debian poppler-utils) on the 767-page bound volume
# 557 U.S., in one run, and the ratios.
#   bash bench/pdf/run.sh [PDF]
set -euo pipefail
cd "$(dirname "$0")/../.."
pdf=${1:-testdata/fixtures/scotus-pdf/557bv.pdf}
work=${LEXDUCK_BENCH_DIR:-/tmp/lexduck-bench}
mkdir -p "$work"
command -v pdftotext >/dev/null || { echo "needs pdftotext (apt-get install poppler-utils)"; exit 1; }
go build -tags duckdb_arrow -o "$work/lexduck" ./cmd/lexduck
pages=$(pdfinfo "$pdf" | awk '/^Pages:/ {print $2}')
best() { # best of 3 wall-clock seconds of a command
  local b=999999
  for _ in 1 2 3; do
    local s e
    s=$(date +%s.%N); "$@" >/dev/null 2>&1; e=$(date +%s.%N)
    b=$(awk -v a="$b" -v d="$(awk -v s="$s" -v e="$e" 'BEGIN{print e-s}')" 'BEGIN{print (d<a)?d:a}')
  done
  echo "$b"
}
q="SELECT count(*) FROM read_pdf_lines('$pdf')"
t1=$(best env GOMAXPROCS=1 "$work/lexduck" -c "SET threads=1; $q")
t2=$(best "$work/lexduck" -c "$q")
tp=$(best pdftotext "$pdf" "$work/out.txt")
tl=$(best pdftotext -layout "$pdf" "$work/out.txt")
printf '%-34s %8s %10s\n' tool seconds pages/s
for row in "lexduck read_pdf_lines, 1 core:$t1" "lexduck read_pdf_lines, 2 cores:$t2" "pdftotext:$tp" "pdftotext -layout:$tl"; do
  name=${row%%:*}; s=${row##*:}
  awk -v n="$name" -v s="$s" -v p="$pages" 'BEGIN { printf "%-34s %8.2f %10.0f\n", n, s, p/s }'
done
awk -v a="$t1" -v b="$t2" -v p="$tp" 'BEGIN { printf "pdftotext / lexduck: %.2fx on 1 core, %.2fx on 2 cores (above 1 = lexduck faster)\n", p/a, p/b }'

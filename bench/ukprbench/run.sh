#!/usr/bin/env bash
# The UK-PRBench pipeline at scale: for each size, generates a Find Case Law
# corpus (bench/judgments/gen: renumbered copies of the fixtures that cite
# each other), then runs every step in its own process and prints seconds
# and peak RSS per step:
#   lexduck load judgments → 01_instances → 02_statistics → 03_baselines → 04_recall_table
#   bash bench/ukprbench/run.sh [SIZES_MB...]   (default: 1024 4096 11264)
# DuckDB's memory_limit is set for the query steps (MEMORY_LIMIT, default
# 1536MB; DuckDB spills to the database's temp directory beyond it); the
# load sets its own.
set -euo pipefail
cd "$(dirname "$0")/../.."
sizes=("$@")
[ $# -gt 0 ] || sizes=(1024 4096 11264)
work=${LEXDUCK_BENCH_DIR:-/tmp/lexduck-ukprbench}
limit=${MEMORY_LIMIT:-1536MB}
command -v /usr/bin/time >/dev/null || { echo "needs /usr/bin/time (Debian package time)"; exit 1; }
mkdir -p "$work"
go build -tags duckdb_arrow -o "$work/lexduck" ./cmd/lexduck
printf '%-8s %-16s %10s %10s %12s\n' size step seconds peak_MB judgments
for mb in "${sizes[@]}"; do
  rm -rf "$work/corpus" "$work/uk.duckdb" "$work/uk.duckdb.wal" "$work/uk.duckdb.tmp"
  go run ./bench/judgments/gen -mb "$mb" -out "$work/corpus" >/dev/null
  files=$(ls "$work/corpus" | wc -l)
  row() { # step, time file
    read -r secs kb < "$2"
    awk -v m="$mb" -v s="$1" -v t="$secs" -v k="$kb" -v f="$files" \
      'BEGIN { printf "%-8s %-16s %10.1f %10.0f %12d\n", m "MB", s, t, k/1024, f }'
  }
  sync
  /usr/bin/time -f '%e %M' -o "$work/t" "$work/lexduck" load judgments "$work/corpus" -db "$work/uk.duckdb" -ignore-errors 2>"$work/load.log"
  row load "$work/t"
  total=$(cut -d' ' -f1 "$work/t")
  for q in 01_instances 02_statistics 03_baselines 04_recall_table; do
    /usr/bin/time -f '%e %M' -o "$work/t" "$work/lexduck" "$work/uk.duckdb" -bail -cmd "SET memory_limit = '$limit'" -c ".run ukprbench/$q" >"$work/$q.out"
    row "$q" "$work/t"
    total=$(awk -v a="$total" -v b="$(cut -d' ' -f1 "$work/t")" 'BEGIN { print a + b }')
  done
  awk -v m="$mb" -v t="$total" 'BEGIN { printf "%-8s %-16s %10.1f\n", m "MB", "all steps", t }'
done
rm -rf "$work/corpus"

#!/usr/bin/env bash
# extract_syllabus at CaseSumm's size (25.6K opinions): for each case count,
# builds a table of that many opinions, then times one process that runs
# extract_syllabus over all of them and prints seconds, peak RSS, MB/s and
# how many syllabi were found:
#   bash bench/syllabus/run.sh [CASES...]   (default: 2560 8000 25600)
# Each opinion is a Library of Congress development-set text
# (testdata/syllabus/loc, cycled) followed by real opinion text (the bundled
# old cases of testdata/corpus/scotus-text, repeated) up to KB kilobytes in
# all (default 40, about 6,500 words). The query runs under DuckDB's
# memory_limit (MEMORY_LIMIT, default 1536MB) with all cores.
set -euo pipefail
cd "$(dirname "$0")/../.."
sizes=("$@")
[ $# -gt 0 ] || sizes=(2560 8000 25600)
work=${LEXDUCK_BENCH_DIR:-/tmp/lexduck-syllabus}
kb=${KB:-40}
limit=${MEMORY_LIMIT:-1536MB}
command -v /usr/bin/time >/dev/null || { echo "needs /usr/bin/time (Debian package time)"; exit 1; }
mkdir -p "$work"
go build -tags duckdb_arrow -o "$work/lexduck" ./cmd/lexduck
printf '%8s %10s %10s %10s %10s %10s\n' cases MB seconds peak_MB MB/s found
for n in "${sizes[@]}"; do
  rm -f "$work/s.duckdb" "$work/s.duckdb.wal"
  "$work/lexduck" "$work/s.duckdb" -bail -c "
    CREATE TABLE seed AS SELECT row_number() OVER (ORDER BY filename) - 1 AS k, content
      FROM read_text('testdata/syllabus/loc/*.txt');
    CREATE TABLE filler AS SELECT string_agg(content, chr(10) ORDER BY filename) AS f
      FROM read_text('testdata/corpus/scotus-text/*.txt');
    CREATE TABLE docs AS
      SELECT i AS id, s.content || chr(10) ||
             left(repeat(f.f, ($kb * 1024 // length(f.f)) + 1), greatest($kb * 1024 - length(s.content), 0)) AS content
      FROM range($n) r(i)
      JOIN seed s ON s.k = i % (SELECT count(*) FROM seed)
      CROSS JOIN filler f;
    DROP TABLE seed; DROP TABLE filler;" >/dev/null
  mb=$("$work/lexduck" "$work/s.duckdb" -list -noheader -c "SELECT round(sum(strlen(content)) / 1e6, 1) FROM docs")
  sync
  /usr/bin/time -f '%e %M' -o "$work/t" "$work/lexduck" "$work/s.duckdb" -list -noheader -bail \
    -cmd "SET memory_limit = '$limit'" \
    -c "SELECT count(*) FILTER (WHERE x.ok) FROM (SELECT extract_syllabus(content) AS x FROM docs)" >"$work/found"
  read -r secs kbrss < "$work/t"
  awk -v n="$n" -v mb="$mb" -v s="$secs" -v k="$kbrss" -v f="$(cat "$work/found")" \
    'BEGIN { printf "%8d %10.1f %10.1f %10.0f %10.2f %10d\n", n, mb, s, k/1024, mb/s, f }'
done
rm -f "$work/s.duckdb" "$work/s.duckdb.wal"

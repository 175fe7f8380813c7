#!/usr/bin/env bash
# Per-row cost of lexduck's rouge and cosine_similarity loaded into stock
# DuckDB 1.5.6 (lexduck.duckdb_extension in a C host) against the same
# functions embedded through duckdb-go, and DuckDB's builtin
# list_cosine_similarity, in one run (threads=1), and the ratios; and
# knn (1,000 queries x 20,000 candidates), bm25 (200 x 20,000) and read_judgments over the
# 126 UK fixtures, loaded against embedded.
#   bash bench/ext/run.sh [COUNT]
set -euo pipefail
cd "$(dirname "$0")/../.."
count=${1:-5}
out=$(go test -tags duckdb_arrow -run '^$' -bench RowCost -benchtime 5x -count "$count" ./cmd/lexduck-ext)
echo "$out" | grep '^BenchmarkRowCost'
echo
echo "$out" | awk '
/^BenchmarkRowCost\// {
  split($1, p, "/"); sub(/-[0-9]+$/, "", p[3])
  for (i = 1; i <= NF; i++) if ($(i+1) == "ns/row") v = $i
  k = p[2] "/" p[3]; n[k]++; vals[k, n[k]] = v
}
function median(k,   m, i, j, t, a) {
  m = n[k]; for (i = 1; i <= m; i++) a[i] = vals[k, i]
  for (i = 1; i <= m; i++) for (j = i + 1; j <= m; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
  return (m % 2) ? a[(m + 1) / 2] : (a[m / 2] + a[m / 2 + 1]) / 2
}
END {
  rl = median("rouge/loaded"); re = median("rouge/embedded")
  cl = median("cosine_similarity/loaded"); ce = median("cosine_similarity/embedded")
  cb = median("list_cosine_similarity/builtin")
  jl = median("read_judgments/loaded"); je = median("read_judgments/embedded")
  kl = median("knn/loaded"); ke = median("knn/embedded")
  bl = median("bm25/loaded"); be = median("bm25/embedded")
  printf "%-46s %12s\n", "median of " n["rouge/loaded"] " runs", "ns/row"
  printf "%-46s %12.1f\n", "rouge, loaded", rl
  printf "%-46s %12.1f\n", "rouge, embedded", re
  printf "%-46s %12.1f\n", "cosine_similarity, loaded", cl
  printf "%-46s %12.1f\n", "cosine_similarity, embedded", ce
  printf "%-46s %12.1f\n", "list_cosine_similarity (builtin)", cb
  printf "%-46s %12.1f\n", "knn, loaded (ns/query)", kl
  printf "%-46s %12.1f\n", "knn, embedded (ns/query)", ke
  printf "%-46s %12.1f\n", "bm25, loaded (ns/query)", bl
  printf "%-46s %12.1f\n", "bm25, embedded (ns/query)", be
  printf "%-46s %12.1f\n", "read_judgments, loaded (ns/judgment)", jl
  printf "%-46s %12.1f\n", "read_judgments, embedded (ns/judgment)", je
  printf "\nrouge loaded / embedded:                 %.3f\n", rl / re
  printf "cosine_similarity loaded / embedded:     %.3f\n", cl / ce
  printf "cosine_similarity loaded / builtin:      %.3f\n", cl / cb
  printf "knn loaded / embedded:                   %.3f\n", kl / ke
  printf "bm25 loaded / embedded:                  %.3f\n", bl / be
  printf "read_judgments loaded / embedded:        %.3f\n", jl / je
}'

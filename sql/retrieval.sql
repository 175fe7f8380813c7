-- read_trec_run(path): a TREC run (a file or a glob), one row per line: query_id, q0, doc_id, rank, score, tag (trec_eval ranks by score, not rank); a malformed line is an error naming file, line and field
CREATE MACRO read_trec_run(path) AS TABLE
SELECT unnest(r) FROM (
    SELECT _lx_trec_run_line(filename, line_no, line) AS r FROM _lx_lines(path, 'read_trec_run'))
WHERE r IS NOT NULL;

-- read_qrels(path): TREC relevance judgments (a file or a glob), one row per line: query_id, iteration, doc_id, relevance
CREATE MACRO read_qrels(path) AS TABLE
SELECT unnest(q) FROM (
    SELECT _lx_qrels_line(filename, line_no, line) AS q FROM _lx_lines(path, 'read_qrels'))
WHERE q IS NOT NULL;

-- cosine_similarity(a, b): cosine of two FLOAT/DOUBLE lists or arrays as DOUBLE, at the speed of DuckDB's list_cosine_similarity; NULL for a zero vector (the builtin says -1), NaN for a NaN element (the builtin says -1), exact for tiny vectors whose squares underflow; an error for NULL elements or unequal lengths
CREATE MACRO cosine_similarity(a, b) AS
    CASE
        WHEN list_cosine_similarity(a, b) > -1 THEN list_cosine_similarity(a, b)::DOUBLE
        WHEN list_bool_or(list_transform(a, x -> isnan(x))) OR list_bool_or(list_transform(b, x -> isnan(x))) THEN 'NaN'::DOUBLE
        WHEN list_max(list_transform(a, x -> abs(x))) = 0 OR list_max(list_transform(b, x -> abs(x))) = 0 THEN NULL
        -- the builtin's -1: opposite vectors, or norms that underflowed; scaling by the largest element tells them apart
        ELSE list_cosine_similarity(list_transform(a::DOUBLE[], x -> x / list_max(list_transform(a::DOUBLE[], y -> abs(y)))),
                                    list_transform(b::DOUBLE[], x -> x / list_max(list_transform(b::DOUBLE[], y -> abs(y)))))::DOUBLE
    END;

-- trec_eval(run, qrels [, complete := false, relevance_level := 1, measures := NULL]): trec_eval 10.0's per-query and "all" rows (measure, query_id, value) for map, recip_rank, P/recall/success/ndcg_cut at 1, 5, 10, 20, 50, from tables (query_id, doc_id, score) and (query_id, doc_id, relevance) named by strings; ranks by score, ties by doc_id descending; complete := true is trec_eval -c
CREATE MACRO trec_eval(run, qrels, complete := false, relevance_level := 1, measures := NULL) AS TABLE
WITH judged AS (
    SELECT query_id,
           coalesce(list(doc_id ORDER BY doc_id) FILTER (WHERE relevance >= relevance_level), []) AS relevant,
           list(doc_id ORDER BY doc_id) AS graded, list(relevance::INTEGER ORDER BY doc_id) AS grades
    FROM query_table(qrels)
    GROUP BY query_id
), ranked AS (
    SELECT query_id,
           CASE WHEN count(*) FILTER (WHERE score IS NULL OR isnan(score::DOUBLE)) > 0
                    THEN error('trec_eval: run has a NULL or NaN score for query ' || query_id || ' (trec_eval cannot rank it)')
                WHEN count(*) = count(DISTINCT doc_id) THEN list(doc_id ORDER BY score DESC, doc_id DESC)
                ELSE error('trec_eval: run has the same doc_id twice for query ' || query_id) END AS ranked
    FROM query_table(run)
    GROUP BY query_id
), evaluated AS (
    SELECT j.query_id, coalesce(r.ranked, []) AS ranked, j.relevant, j.graded, j.grades
    FROM judged j LEFT JOIN ranked r ON r.query_id = j.query_id
    WHERE complete OR r.query_id IS NOT NULL
), per_query AS (
    SELECT query_id, unnest(
        [{'ord': 0, 'measure': 'map', 'value': average_precision(ranked, relevant)},
         {'ord': 1, 'measure': 'recip_rank', 'value': reciprocal_rank(ranked, relevant)}]
        || list_transform([1, 5, 10, 20, 50], (k, i) -> {'ord': 1 + i, 'measure': 'P_' || k, 'value': precision_at_k(ranked, relevant, k)})
        || list_transform([1, 5, 10, 20, 50], (k, i) -> {'ord': 6 + i, 'measure': 'recall_' || k, 'value': recall_at_k(ranked, relevant, k)})
        || list_transform([1, 5, 10, 20, 50], (k, i) -> {'ord': 11 + i, 'measure': 'ndcg_cut_' || k, 'value': ndcg_at_k(ranked, graded, grades, k)})
        || list_transform([1, 5, 10, 20, 50], (k, i) -> {'ord': 16 + i, 'measure': 'success_' || k, 'value': success_at_k(ranked, relevant, k)}),
        recursive := true)
    FROM evaluated
), filtered AS (
    SELECT * FROM per_query
    WHERE CASE WHEN measures IS NULL THEN true
               WHEN len(list_filter(measures, m -> m IS NULL OR NOT list_contains(
                        ['map', 'recip_rank'] || list_transform([1, 5, 10, 20, 50], k -> 'P_' || k)
                        || list_transform([1, 5, 10, 20, 50], k -> 'recall_' || k)
                        || list_transform([1, 5, 10, 20, 50], k -> 'ndcg_cut_' || k)
                        || list_transform([1, 5, 10, 20, 50], k -> 'success_' || k), m))) = 0 THEN list_contains(measures, measure)
               ELSE error('trec_eval: unknown measure in ' || measures::VARCHAR || '; known: map, recip_rank, P_k, recall_k, ndcg_cut_k, success_k for k in 1, 5, 10, 20, 50') END
)
SELECT measure, query_id, value FROM (
    SELECT ord, measure, query_id, value, 0 AS is_all FROM filtered
    UNION ALL
    SELECT ord, measure, 'all', avg(value), 1 FROM filtered GROUP BY ord, measure
)
ORDER BY is_all, query_id, ord;

-- _lx_ident(name): name quoted as an SQL identifier, each dot-separated part on its own ("s.t" -> "s"."t"), for query() strings
CREATE MACRO _lx_ident(name) AS
array_to_string(list_transform(string_split(name, '.'), p -> '"' || replace(p, '"', '""') || '"'), '.');

-- _lx_gather(fn, tbl, id, col, type): the table named tbl as one row: its id column (as VARCHAR) and its col column (cast to type; as it is when type is '') gathered into two aligned lists, read in the caller's transaction; fn names the caller in errors
CREATE MACRO _lx_gather(fn, tbl, id, col, type) AS TABLE
SELECT list(i) AS ids, list(v) AS vals FROM query(CASE
    WHEN tbl IS NULL OR id IS NULL OR col IS NULL THEN error(fn || ': table and column names must not be NULL')
    WHEN type = '' THEN 'SELECT CAST(' || _lx_ident(id) || ' AS VARCHAR) AS i, ' || _lx_ident(col) || ' AS v FROM ' || _lx_ident(tbl)
    ELSE 'SELECT CAST(' || _lx_ident(id) || ' AS VARCHAR) AS i, CAST(' || _lx_ident(col) || ' AS ' || type || ') AS v FROM ' || _lx_ident(tbl) END);

-- _lx_gather_pool(fn, pool): a pool table's distinct (query_id, candidate_id) pairs as two aligned lists; no rows when pool is ''
CREATE MACRO _lx_gather_pool(fn, pool) AS TABLE
SELECT list(q) AS qs, list(c) AS cs FROM query(CASE
    WHEN pool IS NULL THEN error(fn || ': pool must not be NULL; leave it out for no pool')
    WHEN pool = '' THEN 'SELECT NULL::VARCHAR AS q, NULL::VARCHAR AS c WHERE false'
    ELSE 'SELECT DISTINCT CAST(query_id AS VARCHAR) AS q, CAST(candidate_id AS VARCHAR) AS c FROM ' || _lx_ident(pool) END);

-- knn(queries, candidates, k [, metric := 'cosine', id := 'id', vector := 'embedding', pool := '']): exact top-k search from each row of the queries table to the candidates table (tables named by strings, vectors FLOAT[]/FLOAT[N]/DOUBLE[]/DOUBLE[N]; DOUBLE values a float32 cannot hold exactly are scored in float64 throughout), as (query_id, candidate_id, rank, score); ties by candidate_id; metric 'cosine' or 'ip'; pool names a table (query_id, candidate_id) restricting each query's candidates; the tables are read in the caller's transaction (temporary tables and uncommitted rows included)
CREATE MACRO knn(queries, candidates, k, metric := 'cosine', id := 'id', vector := 'embedding', pool := '') AS TABLE
SELECT r.query_id, r.candidate_id, r.rank, r.score FROM (
    SELECT unnest(_lx_knn_lists(q.ids, q.vals, c.ids, c.vals, k, metric, p.qs, p.cs, queries, candidates, id, vector, pool)) AS r
    FROM _lx_gather('knn', queries, id, vector, '') q, _lx_gather('knn', candidates, id, vector, '') c, _lx_gather_pool('knn', pool) p
);

-- bm25(queries, candidates, k [, id := 'id', text := 'text', k1 := 1.2, b := 0.75, pool := '']): Okapi BM25 ranking (Lucene idf) of the candidates table's texts for each row of the queries table, over legal_tokens (digits and bracketed citation numbers kept), as (query_id, candidate_id, rank, score); ties by candidate_id; only candidates sharing a token are returned; the tables are read in the caller's transaction
CREATE MACRO bm25(queries, candidates, k, id := 'id', text := 'text', k1 := 1.2, b := 0.75, pool := '') AS TABLE
SELECT r.query_id, r.candidate_id, r.rank, r.score FROM (
    SELECT unnest(_lx_bm25_lists(q.ids, q.vals, c.ids, c.vals, k, k1, b, p.qs, p.cs, queries, candidates, id, pool)) AS r
    FROM _lx_gather('bm25', queries, id, text, 'VARCHAR') q, _lx_gather('bm25', candidates, id, text, 'VARCHAR') c, _lx_gather_pool('bm25', pool) p
);

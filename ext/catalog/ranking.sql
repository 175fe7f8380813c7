-- _lx_ident(name): name quoted as an SQL identifier, each dot-separated part on its own ("s.t" -> "s"."t")
CREATE MACRO _lx_ident(name) AS
array_to_string(list_transform(string_split(name, '.'), p -> '"' || replace(p, '"', '""') || '"'), '.');

-- _lx_knn(queries, candidates, k, metric, id, vector, pool): knn's table reader in the loaded extension: reads the tables in the caller's transaction with query() and ranks them with _lx_knn_lists
CREATE MACRO _lx_knn(queries, candidates, k, metric, id, vector, pool) AS TABLE
SELECT r.query_id, r.candidate_id, r.rank, r.score FROM (
    SELECT unnest(_lx_knn_lists(q.ids, q.vecs, c.ids, c.vecs, k, metric, p.qs, p.cs, queries, candidates, id, vector, pool)) AS r
    FROM (SELECT list(i) AS ids, list(v) AS vecs FROM query(
              'SELECT CAST(' || _lx_ident(id) || ' AS VARCHAR) AS i, CAST(' || _lx_ident(vector) || ' AS FLOAT[]) AS v FROM ' || _lx_ident(queries))) q,
         (SELECT list(i) AS ids, list(v) AS vecs FROM query(
              'SELECT CAST(' || _lx_ident(id) || ' AS VARCHAR) AS i, CAST(' || _lx_ident(vector) || ' AS FLOAT[]) AS v FROM ' || _lx_ident(candidates))) c,
         (SELECT list(pq) AS qs, list(pc) AS cs FROM query(CASE WHEN pool = '' THEN 'SELECT NULL::VARCHAR AS pq, NULL::VARCHAR AS pc WHERE false'
              ELSE 'SELECT DISTINCT CAST(query_id AS VARCHAR) AS pq, CAST(candidate_id AS VARCHAR) AS pc FROM ' || _lx_ident(pool) END)) p
);

-- _lx_bm25(queries, candidates, k, id, text, k1, b, pool): bm25's table reader in the loaded extension: reads the tables in the caller's transaction with query() and ranks them with _lx_bm25_lists
CREATE MACRO _lx_bm25(queries, candidates, k, id, text, k1, b, pool) AS TABLE
SELECT r.query_id, r.candidate_id, r.rank, r.score FROM (
    SELECT unnest(_lx_bm25_lists(q.ids, q.texts, c.ids, c.texts, k, k1, b, p.qs, p.cs, queries, candidates, id, pool)) AS r
    FROM (SELECT list(i) AS ids, list(t) AS texts FROM query(
              'SELECT CAST(' || _lx_ident(id) || ' AS VARCHAR) AS i, CAST(' || _lx_ident(text) || ' AS VARCHAR) AS t FROM ' || _lx_ident(queries))) q,
         (SELECT list(i) AS ids, list(t) AS texts FROM query(
              'SELECT CAST(' || _lx_ident(id) || ' AS VARCHAR) AS i, CAST(' || _lx_ident(text) || ' AS VARCHAR) AS t FROM ' || _lx_ident(candidates))) c,
         (SELECT list(pq) AS qs, list(pc) AS cs FROM query(CASE WHEN pool = '' THEN 'SELECT NULL::VARCHAR AS pq, NULL::VARCHAR AS pc WHERE false'
              ELSE 'SELECT DISTINCT CAST(query_id AS VARCHAR) AS pq, CAST(candidate_id AS VARCHAR) AS pc FROM ' || _lx_ident(pool) END)) p
);

-- recall_table(runs, qrels): UK-PRBench Table 5, mean recall@1, 5, 10, 20, 50 in percent per system and configuration, from tables (system, config, query_id, candidate_id, rank) and (config, query_id, candidate_id) of positives named by strings; every judged query of a configuration counts, a query the system did not rank scores 0; a run naming a query the qrels do not judge is an error
CREATE MACRO recall_table(runs, qrels) AS TABLE
WITH positives AS (
    SELECT DISTINCT config, query_id, candidate_id FROM query_table(qrels)
), unknown AS (  -- a run for queries the qrels do not judge is a mistake (another benchmark, a typo), not a zero
    SELECT r.config, r.query_id FROM query_table(runs) r
    WHERE NOT EXISTS (SELECT 1 FROM positives p WHERE p.config = r.config AND p.query_id = r.query_id)
    LIMIT 1
), systems AS (
    SELECT DISTINCT system, config FROM query_table(runs)
), ranked AS (
    SELECT system, config, query_id, candidate_id, min(rank) AS rank FROM query_table(runs) GROUP BY ALL
), per_query AS (
    SELECT s.system, p.config, p.query_id,
           count(*) AS positives,
           count(*) FILTER (WHERE r.rank <= 1) AS h1,
           count(*) FILTER (WHERE r.rank <= 5) AS h5,
           count(*) FILTER (WHERE r.rank <= 10) AS h10,
           count(*) FILTER (WHERE r.rank <= 20) AS h20,
           count(*) FILTER (WHERE r.rank <= 50) AS h50
    FROM systems s
    JOIN positives p ON p.config = s.config
    LEFT JOIN ranked r ON r.system = s.system AND r.config = p.config AND r.query_id = p.query_id AND r.candidate_id = p.candidate_id
    GROUP BY ALL
)
SELECT system, config, count(*) AS queries,
       round(100 * avg(h1 / positives), 2) AS r1,
       round(100 * avg(h5 / positives), 2) AS r5,
       round(100 * avg(h10 / positives), 2) AS r10,
       round(100 * avg(h20 / positives), 2) AS r20,
       round(100 * avg(h50 / positives), 2) AS r50
FROM per_query
WHERE NOT EXISTS (SELECT 1 FROM unknown)
   OR error('recall_table: ' || runs || ' ranks query ' || (SELECT query_id FROM unknown) || ' (' || (SELECT config FROM unknown)
            || '), which ' || qrels || ' does not judge')
GROUP BY system, config
ORDER BY config, system;

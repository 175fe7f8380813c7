-- title: Retrieval baselines that need no model: BM25 and a seeded random ranking
-- reproduces: UK-PRBench's lexical baseline rows of Table 5
-- description: Ranks each query's candidate pool with bm25 (legal tokens, digits kept; term statistics over the candidate paragraphs, the collection a retriever would index) and with a random order fixed by md5, in both forms, into retrieval_runs (system, config, query_id, candidate_id, rank); add your own systems' rows to that table.
CREATE OR REPLACE VIEW ukprbench_sp_queries AS SELECT query_id AS id, text FROM ukprbench_queries WHERE config = 'SP';
CREATE OR REPLACE VIEW ukprbench_cp_queries AS SELECT query_id AS id, text FROM ukprbench_queries WHERE config = 'CP';
CREATE OR REPLACE VIEW ukprbench_sp_candidates AS SELECT paragraph_id AS id, sp_text AS text FROM ukprbench_paragraphs
    WHERE paragraph_id IN (SELECT candidate_id FROM ukprbench_pool);
CREATE OR REPLACE VIEW ukprbench_cp_candidates AS SELECT paragraph_id AS id, cp_text AS text FROM ukprbench_paragraphs
    WHERE paragraph_id IN (SELECT candidate_id FROM ukprbench_pool);
CREATE OR REPLACE VIEW ukprbench_sp_pool AS SELECT query_id, candidate_id FROM ukprbench_pool WHERE config = 'SP';
CREATE OR REPLACE VIEW ukprbench_cp_pool AS SELECT query_id, candidate_id FROM ukprbench_pool WHERE config = 'CP';

CREATE OR REPLACE TABLE retrieval_runs AS
SELECT 'bm25' AS system, 'SP' AS config, query_id, candidate_id, rank
FROM bm25('ukprbench_sp_queries', 'ukprbench_sp_candidates', 50, pool := 'ukprbench_sp_pool')
UNION ALL
SELECT 'bm25', 'CP', query_id, candidate_id, rank
FROM bm25('ukprbench_cp_queries', 'ukprbench_cp_candidates', 50, pool := 'ukprbench_cp_pool')
UNION ALL
SELECT 'random', config, query_id, candidate_id,
       row_number() OVER (PARTITION BY config, query_id ORDER BY md5(query_id || candidate_id)) AS rank
FROM ukprbench_pool;

SELECT system, config, count(DISTINCT query_id) AS queries, count(*) AS ranked_candidates
FROM retrieval_runs GROUP BY ALL ORDER BY config, system;

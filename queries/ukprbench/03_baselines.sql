-- title: Retrieval baselines that need no model: BM25 and a seeded random ranking
-- reproduces: UK-PRBench's lexical baseline rows of Table 5
-- description: Ranks each query's candidate pool (its split's, or with ukprbench_pool = 'judgment' its cited judgment's) with bm25 (legal tokens, digits kept; term statistics over the pool's paragraphs, the collection a retriever would index) and with a random order fixed by md5 (first 100), in both forms, into retrieval_runs (system, config, query_id, candidate_id, rank); add your own systems' rows to that table. The views ukprbench_sp_q_test and ukprbench_sp_c_test (and so on for each form and split) are the tables to hand knn.
CREATE OR REPLACE VIEW ukprbench_sp_q_train AS SELECT query_id AS id, text FROM ukprbench_queries WHERE config = 'SP' AND pool_id = 'train' AND split = 'train';
CREATE OR REPLACE VIEW ukprbench_sp_c_train AS SELECT p.paragraph_id AS id, p.sp_text AS text FROM ukprbench_paragraphs p
    WHERE p.paragraph_id IN (SELECT candidate_id FROM ukprbench_pool WHERE config = 'SP' AND pool_id = 'train');
CREATE OR REPLACE VIEW ukprbench_sp_q_dev AS SELECT query_id AS id, text FROM ukprbench_queries WHERE config = 'SP' AND pool_id = 'dev' AND split = 'dev';
CREATE OR REPLACE VIEW ukprbench_sp_c_dev AS SELECT p.paragraph_id AS id, p.sp_text AS text FROM ukprbench_paragraphs p
    WHERE p.paragraph_id IN (SELECT candidate_id FROM ukprbench_pool WHERE config = 'SP' AND pool_id = 'dev');
CREATE OR REPLACE VIEW ukprbench_sp_q_test AS SELECT query_id AS id, text FROM ukprbench_queries WHERE config = 'SP' AND pool_id = 'test' AND split = 'test';
CREATE OR REPLACE VIEW ukprbench_sp_c_test AS SELECT p.paragraph_id AS id, p.sp_text AS text FROM ukprbench_paragraphs p
    WHERE p.paragraph_id IN (SELECT candidate_id FROM ukprbench_pool WHERE config = 'SP' AND pool_id = 'test');
-- per-judgment pools (SET VARIABLE ukprbench_pool = 'judgment'): each query ranks its own pool
CREATE OR REPLACE VIEW ukprbench_sp_q_judgment AS SELECT query_id AS id, text FROM ukprbench_queries WHERE config = 'SP' AND pool_id NOT IN ('train', 'dev', 'test');
CREATE OR REPLACE VIEW ukprbench_sp_c_judgment AS SELECT paragraph_id AS id, sp_text AS text FROM ukprbench_paragraphs
    WHERE paragraph_id IN (SELECT candidate_id FROM ukprbench_pool p JOIN ukprbench_queries q USING (config, pool_id) WHERE q.config = 'SP' AND q.pool_id NOT IN ('train', 'dev', 'test'));
CREATE OR REPLACE VIEW ukprbench_sp_pool_judgment AS SELECT q.query_id, p.candidate_id FROM ukprbench_queries q JOIN ukprbench_pool p USING (config, pool_id)
    WHERE q.config = 'SP' AND q.pool_id NOT IN ('train', 'dev', 'test');
CREATE OR REPLACE VIEW ukprbench_cp_q_train AS SELECT query_id AS id, text FROM ukprbench_queries WHERE config = 'CP' AND pool_id = 'train' AND split = 'train';
CREATE OR REPLACE VIEW ukprbench_cp_c_train AS SELECT p.paragraph_id AS id, p.cp_text AS text FROM ukprbench_paragraphs p
    WHERE p.paragraph_id IN (SELECT candidate_id FROM ukprbench_pool WHERE config = 'CP' AND pool_id = 'train');
CREATE OR REPLACE VIEW ukprbench_cp_q_dev AS SELECT query_id AS id, text FROM ukprbench_queries WHERE config = 'CP' AND pool_id = 'dev' AND split = 'dev';
CREATE OR REPLACE VIEW ukprbench_cp_c_dev AS SELECT p.paragraph_id AS id, p.cp_text AS text FROM ukprbench_paragraphs p
    WHERE p.paragraph_id IN (SELECT candidate_id FROM ukprbench_pool WHERE config = 'CP' AND pool_id = 'dev');
CREATE OR REPLACE VIEW ukprbench_cp_q_test AS SELECT query_id AS id, text FROM ukprbench_queries WHERE config = 'CP' AND pool_id = 'test' AND split = 'test';
CREATE OR REPLACE VIEW ukprbench_cp_c_test AS SELECT p.paragraph_id AS id, p.cp_text AS text FROM ukprbench_paragraphs p
    WHERE p.paragraph_id IN (SELECT candidate_id FROM ukprbench_pool WHERE config = 'CP' AND pool_id = 'test');
-- per-judgment pools (SET VARIABLE ukprbench_pool = 'judgment'): each query ranks its own pool
CREATE OR REPLACE VIEW ukprbench_cp_q_judgment AS SELECT query_id AS id, text FROM ukprbench_queries WHERE config = 'CP' AND pool_id NOT IN ('train', 'dev', 'test');
CREATE OR REPLACE VIEW ukprbench_cp_c_judgment AS SELECT paragraph_id AS id, cp_text AS text FROM ukprbench_paragraphs
    WHERE paragraph_id IN (SELECT candidate_id FROM ukprbench_pool p JOIN ukprbench_queries q USING (config, pool_id) WHERE q.config = 'CP' AND q.pool_id NOT IN ('train', 'dev', 'test'));
CREATE OR REPLACE VIEW ukprbench_cp_pool_judgment AS SELECT q.query_id, p.candidate_id FROM ukprbench_queries q JOIN ukprbench_pool p USING (config, pool_id)
    WHERE q.config = 'CP' AND q.pool_id NOT IN ('train', 'dev', 'test');

-- BM25 over each pool (a split's pool is one collection: its term statistics are the split's), and a
-- random order fixed by md5, the first 100 of each query's pool.
CREATE OR REPLACE TABLE retrieval_runs AS
SELECT 'bm25' AS system, 'SP' AS config, query_id, candidate_id, rank FROM bm25('ukprbench_sp_q_train', 'ukprbench_sp_c_train', 50)
UNION ALL
SELECT 'bm25' AS system, 'SP' AS config, query_id, candidate_id, rank FROM bm25('ukprbench_sp_q_dev', 'ukprbench_sp_c_dev', 50)
UNION ALL
SELECT 'bm25' AS system, 'SP' AS config, query_id, candidate_id, rank FROM bm25('ukprbench_sp_q_test', 'ukprbench_sp_c_test', 50)
UNION ALL
SELECT 'bm25', 'SP', query_id, candidate_id, rank FROM bm25('ukprbench_sp_q_judgment', 'ukprbench_sp_c_judgment', 50, pool := 'ukprbench_sp_pool_judgment')
UNION ALL
SELECT 'bm25' AS system, 'CP' AS config, query_id, candidate_id, rank FROM bm25('ukprbench_cp_q_train', 'ukprbench_cp_c_train', 50)
UNION ALL
SELECT 'bm25' AS system, 'CP' AS config, query_id, candidate_id, rank FROM bm25('ukprbench_cp_q_dev', 'ukprbench_cp_c_dev', 50)
UNION ALL
SELECT 'bm25' AS system, 'CP' AS config, query_id, candidate_id, rank FROM bm25('ukprbench_cp_q_test', 'ukprbench_cp_c_test', 50)
UNION ALL
SELECT 'bm25', 'CP', query_id, candidate_id, rank FROM bm25('ukprbench_cp_q_judgment', 'ukprbench_cp_c_judgment', 50, pool := 'ukprbench_cp_pool_judgment')
UNION ALL
SELECT 'random', q.config, q.query_id, p.candidate_id,
       row_number() OVER (PARTITION BY q.config, q.query_id ORDER BY md5(q.query_id || p.candidate_id)) AS rank
FROM ukprbench_queries q JOIN ukprbench_pool p USING (config, pool_id)
QUALIFY rank <= 100;

SELECT system, config, count(DISTINCT query_id) AS queries, count(*) AS ranked_candidates
FROM retrieval_runs GROUP BY ALL ORDER BY config, system;

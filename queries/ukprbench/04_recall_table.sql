-- title: Recall@k of each retrieval system, by instance configuration
-- reproduces: UK-PRBench Table 5 (R@1, 5, 10, 20, 50)
-- description: Ranks from retrieval_runs (system, config, query_id, candidate_id, rank) against the positive paragraphs in retrieval_qrels (config, query_id, candidate_id); every judged query counts, unranked ones as 0. The pool column says which candidate pools 01_instances built: split (the paper's, the default: every candidate of the query's split) or judgment (SET VARIABLE ukprbench_pool = 'judgment': only the cited judgment's paragraphs, an easier task).
SELECT (SELECT CASE WHEN bool_and(pool_id IN ('train', 'dev', 'test')) THEN 'split' ELSE 'judgment' END FROM ukprbench_queries) AS pool, *
FROM recall_table('retrieval_runs', 'retrieval_qrels');

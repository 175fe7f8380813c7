-- title: Recall@k of each retrieval system, by instance configuration
-- reproduces: UK-PRBench Table 5 (R@1, 5, 10, 20, 50)
-- description: Ranks from retrieval_runs (system, config, query_id, candidate_id, rank) against the positive paragraphs in retrieval_qrels (config, query_id, candidate_id); every judged query counts, unranked ones as 0.
SELECT * FROM recall_table('retrieval_runs', 'retrieval_qrels');

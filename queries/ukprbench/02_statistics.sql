-- title: Words per anchor, positive, negative and candidate paragraph, by split
-- reproduces: UK-PRBench Table 3 (mean, median, min and max word counts)
-- description: Word counts (Python's str.split) of the masked single-paragraph (SP) texts of the queries (anchors) and of the candidate pools actually used, each paragraph once per split: positives (pinpointed by some query of the split), negatives (the rest) and all candidates.
WITH queries AS (
    SELECT split, query_id, pool_id, text FROM ukprbench_queries WHERE config = 'SP'
), candidates AS (  -- the pools actually used, each paragraph once per split
    SELECT DISTINCT q.split, c.candidate_id FROM queries q JOIN ukprbench_pool c ON c.config = 'SP' AND c.pool_id = q.pool_id
), positives AS (
    SELECT DISTINCT q.split, r.candidate_id FROM queries q JOIN retrieval_qrels r ON r.config = 'SP' AND r.query_id = q.query_id
), words AS (
    SELECT split, 'anchor' AS kind, word_count(text) AS words FROM queries
    UNION ALL SELECT c.split, 'positive', word_count(p.sp_text) FROM positives c JOIN ukprbench_paragraphs p ON p.paragraph_id = c.candidate_id
    UNION ALL SELECT c.split, 'negative', word_count(p.sp_text)
        FROM (SELECT * FROM candidates EXCEPT SELECT * FROM positives) c JOIN ukprbench_paragraphs p ON p.paragraph_id = c.candidate_id
    UNION ALL SELECT c.split, 'candidate', word_count(p.sp_text) FROM candidates c JOIN ukprbench_paragraphs p ON p.paragraph_id = c.candidate_id
)
SELECT split, kind, count(*) AS paragraphs, round(avg(words), 1) AS mean_words, median(words) AS median_words,
       min(words) AS min_words, max(words) AS max_words
FROM words
GROUP BY split, kind
ORDER BY CASE split WHEN 'train' THEN 1 WHEN 'dev' THEN 2 ELSE 3 END,
         CASE kind WHEN 'anchor' THEN 1 WHEN 'positive' THEN 2 WHEN 'negative' THEN 3 ELSE 4 END;

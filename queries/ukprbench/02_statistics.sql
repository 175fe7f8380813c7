-- title: Words per anchor, positive, negative and candidate paragraph, by split
-- reproduces: UK-PRBench Table 3 (mean, median, min and max word counts)
-- description: Word counts (Python's str.split) of the masked single-paragraph (SP) texts of queries (anchors), their positive paragraphs, the hard negatives of the same cited judgment, and all candidates.
WITH sp AS (
    SELECT q.split, q.query_id, q.text AS anchor, p.sp_text AS text, pool.positive
    FROM ukprbench_queries q
    JOIN ukprbench_pool pool ON pool.query_id = q.query_id
    JOIN ukprbench_paragraphs p ON p.paragraph_id = pool.candidate_id
    WHERE q.config = 'SP'
), words AS (
    SELECT split, 'anchor' AS kind, word_count(anchor) AS words FROM (SELECT DISTINCT split, query_id, anchor FROM sp)
    UNION ALL SELECT split, 'positive', word_count(text) FROM sp WHERE positive
    UNION ALL SELECT split, 'negative', word_count(text) FROM sp WHERE NOT positive
    UNION ALL SELECT split, 'candidate', word_count(text) FROM sp
)
SELECT split, kind, count(*) AS paragraphs, round(avg(words), 1) AS mean_words, median(words) AS median_words,
       min(words) AS min_words, max(words) AS max_words
FROM words
GROUP BY split, kind
ORDER BY CASE split WHEN 'train' THEN 1 WHEN 'dev' THEN 2 ELSE 3 END,
         CASE kind WHEN 'anchor' THEN 1 WHEN 'positive' THEN 2 WHEN 'negative' THEN 3 ELSE 4 END;

-- title: Summarization baselines that need no model: lead-k and random sentences
-- reproduces: CaseSumm's extractive baseline rows
-- description: lead_k takes the opinion's first k words, k the syllabus length; random_sentences takes opinion sentences in an order fixed by md5 until the syllabus length is reached. Both go into summaries (case_id, system, summary, syllabus), where your own systems' rows can be added.
CREATE OR REPLACE TABLE summaries AS
WITH base AS (
    SELECT case_id, opinion, syllabus, word_count(syllabus) AS k FROM cases WHERE ok
), sentences AS (
    SELECT case_id, k, s.i, s.sentence, word_count(s.sentence) AS words,
           md5(case_id || ':' || s.i) AS shuffle
    FROM base, unnest(string_split_regex(opinion, '[.!?]\s+')) WITH ORDINALITY AS s(sentence, i)
), picked AS (
    SELECT *, sum(words) OVER (PARTITION BY case_id ORDER BY shuffle ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS before
    FROM sentences
)
SELECT case_id, 'lead_k' AS system,
       array_to_string(string_split_regex(trim(opinion), '\s+')[1:k], ' ') AS summary, syllabus
FROM base
UNION ALL
SELECT p.case_id, 'random_sentences', string_agg(p.sentence, '. ' ORDER BY p.i), any_value(b.syllabus)
FROM picked p JOIN base b USING (case_id)
WHERE coalesce(p.before, 0) < p.k
GROUP BY p.case_id
ORDER BY 1, 2;

SELECT system, count(*) AS cases, round(avg(word_count(summary)), 1) AS mean_words
FROM summaries GROUP BY system ORDER BY system;

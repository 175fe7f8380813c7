-- rouge_table(summaries [, use_stemmer := true]): CaseSumm Table 4.2, mean ROUGE-1/2/L precision, recall and F1 in percent per system, from a table (case_id, system, summary, syllabus) named by a string; rougeLsum F1 beside rougeL, since papers' "ROUGE-L" often means it
CREATE MACRO rouge_table(summaries, use_stemmer := true) AS TABLE
SELECT
    system,
    count(*) AS cases,
    round(100 * avg(s.rouge1.p), 2) AS r1_p,
    round(100 * avg(s.rouge1.r), 2) AS r1_r,
    round(100 * avg(s.rouge1.f), 2) AS r1_f,
    round(100 * avg(s.rouge2.p), 2) AS r2_p,
    round(100 * avg(s.rouge2.r), 2) AS r2_r,
    round(100 * avg(s.rouge2.f), 2) AS r2_f,
    round(100 * avg(s.rougeL.p), 2) AS rl_p,
    round(100 * avg(s.rougeL.r), 2) AS rl_r,
    round(100 * avg(s.rougeL.f), 2) AS rl_f,
    round(100 * avg(s.rougeLsum.f), 2) AS rlsum_f
FROM (SELECT system, rouge(summary, syllabus, use_stemmer) AS s FROM query_table(summaries))
GROUP BY system
ORDER BY system;

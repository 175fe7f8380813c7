-- title: Precedent citations in generated summaries, checked against the opinion
-- reproduces: CaseSumm's error analysis of precedent citations in generated summaries
-- description: citation_check(summary, opinion) on every row of the summaries table (06_baselines, plus any system you add): found (the opinion cites that case, at the pinned page if one is given), pin_mismatch (cited, not at that page) and not_in_source (the opinion never cites it: a hallucinated citation). The official syllabus is checked the same way as a reference row.
WITH rows AS (
    SELECT s.system, s.summary, c.opinion FROM summaries s JOIN cases c USING (case_id)
    UNION ALL
    SELECT '(official syllabus)', syllabus, opinion FROM cases WHERE ok
), checked AS (
    SELECT system, unnest(citation_check(summary, opinion)) AS r FROM rows
)
SELECT r.system,
       count(c.r) AS citations,
       count(c.r) FILTER (WHERE c.r.status = 'found') AS found,
       count(c.r) FILTER (WHERE c.r.status = 'pin_mismatch') AS pin_mismatch,
       count(c.r) FILTER (WHERE c.r.status = 'not_in_source') AS not_in_source
FROM (SELECT DISTINCT system FROM rows) r LEFT JOIN checked c USING (system)
GROUP BY r.system
ORDER BY r.system;

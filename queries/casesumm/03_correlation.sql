-- title: Correlation of opinion and syllabus lengths, before and after 1920
-- reproduces: CaseSumm's length correlations (Pearson r 0.46 before 1920, 0.68 after)
-- description: Pearson correlation of word counts per era; NULL with fewer than two cases.
SELECT CASE WHEN year < 1920 THEN 'before 1920' ELSE '1920 on' END AS era,
       count(*) AS documents,
       round(corr(word_count(opinion), word_count(syllabus)), 3) AS pearson_r
FROM cases
WHERE ok AND year IS NOT NULL
GROUP BY ALL
ORDER BY min(year);

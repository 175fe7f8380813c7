-- title: Compression (syllabus words over opinion words) by era
-- reproduces: CaseSumm's compression statistics (21.8% on average)
-- description: compression_pct(syllabus, opinion) per case, averaged by era; NULL eras have no cases in the corpus.
WITH eras(era, first_year, last_year, ord) AS (
    VALUES ('before 1920', 0, 1919, 1), ('1920–1954', 1920, 1954, 2), ('1955–2019', 1955, 2019, 3), ('2020 on', 2020, 9999, 4), ('all', 0, 9999, 5)
)
SELECT era, count(c.case_id) AS documents,
       round(avg(compression_pct(c.syllabus, c.opinion)), 1) AS mean_compression_pct,
       round(median(compression_pct(c.syllabus, c.opinion)), 1) AS median_compression_pct
FROM eras e
LEFT JOIN cases c ON c.ok AND c.year BETWEEN e.first_year AND e.last_year
GROUP BY era, ord
ORDER BY ord;

-- title: Documents and mean lengths of opinions and syllabuses, by period
-- reproduces: CaseSumm Table 3 (1815–2019, 1815–1955, 1955–2019)
-- description: From the cases table (lexduck load scotus-pdf or casesumm), cases whose syllabus was found; words as Python's str.split counts them.
WITH periods(period, first_year, last_year, ord) AS (
    VALUES ('1815–2019', 1815, 2019, 1), ('1815–1955', 1815, 1955, 2), ('1955–2019', 1955, 2019, 3), ('all years', 0, 9999, 4)
)
SELECT period, count(c.case_id) AS documents,
       round(avg(word_count(c.opinion)), 1) AS mean_opinion_words,
       round(avg(word_count(c.syllabus)), 1) AS mean_syllabus_words
FROM periods p
LEFT JOIN cases c ON c.ok AND c.year BETWEEN p.first_year AND p.last_year
GROUP BY period, ord
ORDER BY ord;

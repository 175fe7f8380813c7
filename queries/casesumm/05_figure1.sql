-- title: Mean opinion and syllabus length by decade
-- reproduces: CaseSumm Figure 1 (lengths over time)
-- description: The data behind the figure: mean words per decade of decision.
SELECT (year // 10) * 10 AS decade, count(*) AS documents,
       round(avg(word_count(opinion)), 1) AS mean_opinion_words,
       round(avg(word_count(syllabus)), 1) AS mean_syllabus_words
FROM cases
WHERE ok AND year IS NOT NULL
GROUP BY decade
ORDER BY decade;

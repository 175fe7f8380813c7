-- title: ROUGE of each summarization system against the official syllabus
-- reproduces: CaseSumm Table 4.2 (ROUGE-1/2/L precision, recall, F1, in percent)
-- description: Scores every row of the summaries table (built by 06_baselines, plus any system you add) (case_id, system, summary, syllabus) with rouge-score-identical ROUGE, stemmer on, and averages per system; rlsum_f splits sentences on newlines.
SELECT * FROM rouge_table('summaries');

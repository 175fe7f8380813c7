-- compression_pct(summary, source): compression as a percentage, 100 · word_count(summary) / word_count(source); NULL when the source has no words
CREATE MACRO compression_pct(summary, source) AS 100.0 * compression(summary, source);

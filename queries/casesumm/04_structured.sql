-- title: The structured subset (syllabuses with "Held:") and its splits
-- reproduces: CaseSumm's structured subset and its 5,455 / 606 / 622 train/dev/test split
-- description: has_held(syllabus) selects the subset; splits are fixed by md5 of the case id in CaseSumm's proportions and stored in casesumm_splits.
CREATE OR REPLACE TABLE casesumm_splits AS
SELECT case_id,
       CASE WHEN md5_number(case_id) % 6683 < 5455 THEN 'train'
            WHEN md5_number(case_id) % 6683 < 6061 THEN 'dev'
            ELSE 'test' END AS split
FROM cases
WHERE ok AND has_held(syllabus);

SELECT split, count(*) AS cases, round(100.0 * count(*) / sum(count(*)) OVER (), 1) AS percent
FROM casesumm_splits
GROUP BY split
ORDER BY CASE split WHEN 'train' THEN 1 WHEN 'dev' THEN 2 ELSE 3 END;

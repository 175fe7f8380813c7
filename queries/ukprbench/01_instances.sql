-- title: UK-PRBench instances from the loaded judgments, and what was removed
-- reproduces: UK-PRBench instance construction (citations resolved in the collection, pinpointed, masked; SP and CP forms; splits by citing judgment)
-- description: Needs the tables of lexduck load judgments. Builds ukprbench_groups (every citation group with the reason it was removed, if it was), ukprbench_queries, ukprbench_paragraphs, ukprbench_pool and retrieval_qrels; the table shows how many citation groups each step kept or removed. Candidate pools are split-wide, as in the paper (every paragraph of every judgment cited in the query's split); SET VARIABLE ukprbench_pool = 'judgment' before this script gives each query only its cited judgment's paragraphs, an easier task.

-- Every citation group found by the scanner, resolved by canonical neutral citation to a judgment in the collection.
CREATE OR REPLACE TABLE ukprbench_groups AS
WITH loaded AS (  -- an empty collection is an error, not empty tables
    SELECT CASE WHEN count(*) > 0 THEN true
                ELSE error('ukprbench: the judgments table is empty: load a collection first (lexduck load judgments PATH -db FILE)') END AS ok
    FROM judgments
), cited AS (
    -- each judgment's canonical neutral citation, computed once per judgment
    SELECT judgment_id, normalize_citation(neutral_citation) AS canonical FROM judgments WHERE neutral_citation IS NOT NULL
        AND (SELECT ok FROM loaded)
), resolved AS (
    -- a plain equality join: a condition on the citation's kind alone in the
    -- ON clause of a LEFT JOIN made DuckDB compare every pair
    SELECT c.judgment_id AS citing_id, c.para_position AS citing_position, c.para_num AS citing_num, c.group_id, c.kind, c.canonical, c.start_offset,
           c.pinpoints, c.pin_type, j.judgment_id AS cited_id
    FROM citations c
    LEFT JOIN cited j ON j.canonical = CASE WHEN c.kind = 'uk_ncn' THEN c.canonical END
    WHERE c.source = 'scanner'
), groups AS (
    SELECT citing_id, citing_position, any_value(citing_num) AS citing_num, group_id,
           string_agg(canonical, '; ' ORDER BY start_offset) AS cited_as,
           bool_or(kind IN ('eu', 'echr')) AS european,
           min(cited_id) AS cited_id,
           any_value(pinpoints) AS pinpoints, any_value(pin_type) AS pin_type
    FROM resolved
    GROUP BY citing_id, citing_position, group_id
), pins AS (
    SELECT citing_id, citing_position, group_id, cited_id, unnest(pinpoints) AS pin
    FROM groups WHERE cited_id IS NOT NULL AND pin_type = 'para'
), hits AS (
    -- pinned paragraphs by an equality join on (judgment, number); a
    -- list_contains condition beside the join key made it a minute at 1 GB
    SELECT x.citing_id, x.citing_position, x.group_id, list_sort(list_distinct(list(p.position))) AS positive_positions
    FROM pins x JOIN paragraphs p ON p.judgment_id = x.cited_id AND p.num = x.pin
    GROUP BY ALL
), found AS (
    SELECT g.*, h.positive_positions
    FROM groups g LEFT JOIN hits h USING (citing_id, citing_position, group_id)
)
SELECT *,
       CASE
           WHEN european THEN 'european court'
           WHEN cited_id IS NULL THEN 'not in collection'
           WHEN cited_id = citing_id THEN 'self citation'
           WHEN pin_type IS DISTINCT FROM 'para' THEN 'no pinpoint'
           WHEN positive_positions IS NULL THEN 'pinpoint not found'
       END AS removed_because
FROM found;

-- Paragraph texts with citations masked, in the single (SP) and context (CP: previous + paragraph + next) forms,
-- for the paragraphs the instances use only: every paragraph of a cited judgment (the candidates) and each
-- anchor with its neighbours.
CREATE OR REPLACE TABLE ukprbench_paragraphs AS
WITH used AS (
    SELECT DISTINCT cited_id AS judgment_id FROM ukprbench_groups WHERE removed_because IS NULL
), anchors AS (
    SELECT DISTINCT citing_id AS judgment_id, citing_position + d AS position
    FROM ukprbench_groups, (VALUES (-1), (0), (1)) t(d) WHERE removed_because IS NULL
), masked AS (
    SELECT p.judgment_id, p.position, p.num, mask_citations(p.text) AS text
    FROM paragraphs p
    WHERE p.judgment_id IN (SELECT judgment_id FROM used)
       OR EXISTS (SELECT 1 FROM anchors a WHERE a.judgment_id = p.judgment_id AND a.position = p.position)
)
SELECT judgment_id, position, num, judgment_id || '#' || position AS paragraph_id,
       text AS sp_text,
       concat_ws(' ', lag(text) OVER w, text, lead(text) OVER w) AS cp_text
FROM masked
WINDOW w AS (PARTITION BY judgment_id ORDER BY position);

-- One query per kept citation group and form; split by citing judgment, so no citing judgment is in two splits.
-- pool_id names the query's candidate pool: its split (the default), or its cited judgment.
CREATE OR REPLACE TABLE ukprbench_queries AS
WITH q AS (
    SELECT config, g.citing_id || '#' || p.position || '#' || g.group_id || '#' || config AS query_id,
           CASE WHEN md5_number(g.citing_id) % 10 < 8 THEN 'train' WHEN md5_number(g.citing_id) % 10 < 9 THEN 'dev' ELSE 'test' END AS split,
           g.citing_id, g.citing_num, g.cited_id, g.cited_as, g.positive_positions,
           CASE config WHEN 'SP' THEN p.sp_text ELSE p.cp_text END AS text
    FROM ukprbench_groups g
    JOIN ukprbench_paragraphs p ON p.judgment_id = g.citing_id AND p.position = g.citing_position
    CROSS JOIN (VALUES ('SP'), ('CP')) forms(config)
    WHERE g.removed_because IS NULL
)
SELECT *, CASE coalesce(getvariable('ukprbench_pool'), 'split')
              WHEN 'split' THEN split
              WHEN 'judgment' THEN cited_id
              ELSE error('ukprbench_pool must be ''split'' (the default) or ''judgment'', not ''' || getvariable('ukprbench_pool') || '''') END AS pool_id
FROM q;

-- The candidate pools, (config, pool_id, candidate_id): every paragraph of every judgment cited by the
-- pool's queries (positives and hard negatives). A query ranks the candidates of its pool_id.
CREATE OR REPLACE TABLE ukprbench_pool AS
SELECT DISTINCT q.config, q.pool_id, p.paragraph_id AS candidate_id
FROM ukprbench_queries q JOIN ukprbench_paragraphs p ON p.judgment_id = q.cited_id;

-- The positives: the pinpointed paragraphs of the cited judgment.
CREATE OR REPLACE TABLE retrieval_qrels AS
SELECT q.config, q.query_id, q.cited_id || '#' || pos AS candidate_id
FROM ukprbench_queries q, unnest(q.positive_positions) u(pos);

SELECT coalesce(removed_because, 'kept') AS step, count(*) AS citation_groups
FROM ukprbench_groups
GROUP BY removed_because
ORDER BY removed_because NULLS FIRST;

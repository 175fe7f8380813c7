-- read_judgments(path [, ignore_errors := false]): Find Case Law XML files (a file, a directory or a glob), one row per judgment with its paragraphs, footnotes and citations (scanner and markup) as lists, parsed on every thread; with ignore_errors a broken file is a row whose error column says why; files are opened by DuckDB, under its file-access settings
CREATE MACRO read_judgments(path, ignore_errors := false) AS TABLE
SELECT unnest(j) FROM (
    SELECT _lx_judgment(encode(filename), content, ignore_errors) AS j
    FROM read_blob(_lx_patterns(path, '.xml', 'read_judgments'))
    WHERE (SELECT _lx_some_files(count(*), 'read_judgments', path) FROM read_blob(_lx_patterns(path, '.xml', 'read_judgments'))));

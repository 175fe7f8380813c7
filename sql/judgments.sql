-- read_judgments(path [, ignore_errors := false]): Find Case Law XML files (a file, a directory or a glob), one row per judgment with its paragraphs, footnotes and citations (scanner and markup) as lists, parsed once per file on every thread; with ignore_errors a broken file is a row whose error column says why
CREATE MACRO read_judgments(path, ignore_errors := false, progress := '') AS TABLE
SELECT * FROM _lx_read_judgments(path, ignore_errors, progress, current_setting('threads')::INTEGER);

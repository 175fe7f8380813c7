-- read_scotus_pdf(path [, ignore_errors := true]): U.S. Supreme Court PDFs (a file, a directory or a glob), one row per case (a bound volume gives one row per case in it) with the decision date, pages, text, syllabus, opinion, the rules that found the syllabus, and the error of a file that could not be read; files are opened by DuckDB, under its file-access settings
CREATE MACRO read_scotus_pdf(path, ignore_errors := true) AS TABLE
SELECT unnest(c) FROM (
    SELECT unnest(_lx_scotus_pdf(filename, content, ignore_errors)) AS c
    FROM read_blob(_lx_patterns(path, '.pdf', 'read_scotus_pdf'))
    WHERE (SELECT _lx_some_files(count(*), 'read_scotus_pdf', path) FROM read_blob(_lx_patterns(path, '.pdf', 'read_scotus_pdf'))));

-- read_pdf_lines(path [, ignore_errors := false]): every text line of the PDFs with page, line number, position and font size in points (y from the top), and its role (body, header, footnote): the geometry behind syllabus detection; with ignore_errors a broken file is a row whose error column says why
CREATE MACRO read_pdf_lines(path, ignore_errors := false) AS TABLE
SELECT unnest(l) FROM (
    SELECT unnest(_lx_pdf_lines(filename, content, ignore_errors)) AS l
    FROM read_blob(_lx_patterns(path, '.pdf', 'read_pdf_lines'))
    WHERE (SELECT _lx_some_files(count(*), 'read_pdf_lines', path) FROM read_blob(_lx_patterns(path, '.pdf', 'read_pdf_lines'))));

-- read_scotus_pdf(path [, ignore_errors := true]): U.S. Supreme Court PDFs (a file, a directory or a glob), one row per case (a bound volume gives one row per case in it) with the decision date, pages, text, syllabus, opinion, the rules that found the syllabus, the error of a file that could not be read, and the file's SHA-256 (its identity, however the path is spelled); files are opened by DuckDB, under its file-access settings
CREATE MACRO read_scotus_pdf(path, ignore_errors := true) AS TABLE
SELECT unnest(c), sha AS file_sha256 FROM (
    SELECT unnest(r) AS c, sha FROM (
        -- parsed in a subquery of its own: an UNNEST beside read_blob's filename
        -- fails on a name that is not UTF-8
        SELECT _lx_scotus_pdf(encode(filename), content, ignore_errors) AS r, sha256(content) AS sha
        FROM read_blob(_lx_patterns(path, '.pdf', 'read_scotus_pdf'))
        WHERE (SELECT _lx_some_files(count(*), 'read_scotus_pdf', path) FROM read_blob(_lx_patterns(path, '.pdf', 'read_scotus_pdf')))));

-- read_pdf_lines(path [, ignore_errors := false]): every text line of the PDFs with page, line number, position and font size in points (y from the top), and its role (body, header, footnote): the geometry behind syllabus detection; with ignore_errors a broken file is a row whose error column says why
CREATE MACRO read_pdf_lines(path, ignore_errors := false) AS TABLE
SELECT unnest(l) FROM (
    SELECT unnest(r) AS l FROM (
        SELECT _lx_pdf_lines(encode(filename), content, ignore_errors) AS r
        FROM read_blob(_lx_patterns(path, '.pdf', 'read_pdf_lines'))
        WHERE (SELECT _lx_some_files(count(*), 'read_pdf_lines', path) FROM read_blob(_lx_patterns(path, '.pdf', 'read_pdf_lines')))));

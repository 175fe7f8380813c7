-- read_scotus_pdf(path [, ignore_errors := true]): U.S. Supreme Court PDFs (a file, a directory or a glob), one row per case (a bound volume gives one row per case in it) with the decision date, pages, text, syllabus, opinion, the rules that found the syllabus, and the error of a file that could not be read
CREATE MACRO read_scotus_pdf(path, ignore_errors := true) AS TABLE
SELECT * FROM _lx_read_scotus_pdf(path, ignore_errors, current_setting('threads')::INTEGER);

-- read_pdf_lines(path): every text line of the PDFs with page, line number, position and font size in points (y from the top), and its role (body, header, footnote): the geometry behind syllabus detection
CREATE MACRO read_pdf_lines(path) AS TABLE
SELECT * FROM _lx_read_pdf_lines(path, current_setting('threads')::INTEGER);

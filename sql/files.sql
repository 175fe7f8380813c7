-- _lx_path(path, fn): path, or the error a reader gives for a NULL path
CREATE MACRO _lx_path(path, fn) AS
    CASE WHEN path IS NULL THEN error(fn || ': path must not be NULL') ELSE path END;

-- _lx_patterns(path, ext): what a reader hands DuckDB's read_blob for a path that is a file, a glob or a directory (every file ending in ext below it)
CREATE MACRO _lx_patterns(path, ext, fn) AS
    [_lx_path(path, fn), path || '/**/*' || lower(ext), path || '/**/*' || upper(ext)];

-- _lx_some_files(n, fn, path): true, or the error a reader gives when its path matches no file
CREATE MACRO _lx_some_files(n, fn, path) AS
    CASE WHEN n > 0 THEN true
         ELSE error(fn || ': no files match ''' || path || ''' (or none that may be read: a directory, FIFO or device is not a file)') END;

-- _lx_lines(path, fn): the lines of the text files path names (a file or a glob), numbered from 1, for the line-oriented readers; DuckDB opens the files and refuses text that is not UTF-8
CREATE MACRO _lx_lines(path, fn) AS TABLE
SELECT file AS filename, unnest(lines) AS line, generate_subscripts(lines, 1) AS line_no
FROM (SELECT encode(filename) AS file, string_split(content, chr(10)) AS lines
      FROM read_text(_lx_path(path, fn)))
WHERE (SELECT _lx_some_files(count(*), fn, path) FROM read_blob(_lx_path(path, fn)));

// host.c: a minimal non-Go DuckDB host for testing lexduck.duckdb_extension
// against stock libduckdb. It opens an in-memory database with
// allow_unsigned_extensions, LOADs the extension named in argv[1], then
// answers requests on stdin until EOF:
//
//   request:  "<n>\n" followed by n bytes of SQL
//   reply:    "E <message>\n"                        on error, or
//             "R <ncols>\n" then one line per row, cells tab-separated,
//             NULL as "NULL", then ".\n"
//
// The request ".reopen" closes the database and opens a new in-memory one
// in the same process (replying "R 0" and "."), as a Python session does
// when it connects again after closing.
//
// Nested values (lists, structs, maps) are cast to VARCHAR by DuckDB:
// the query is re-run as SELECT COLUMNS(*)::VARCHAR FROM (query), so only
// side-effect-free queries may return nested columns.
// Newlines and tabs inside cells and messages are written as \n and \t.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <duckdb.h>

static void put_escaped(const char *s) {
	for (; *s; s++) {
		if (*s == '\n') fputs("\\n", stdout);
		else if (*s == '\t') fputs("\\t", stdout);
		else putchar(*s);
	}
}

static int has_nested(duckdb_result *res) {
	for (idx_t c = 0; c < duckdb_column_count(res); c++) {
		switch (duckdb_column_type(res, c)) {
		case DUCKDB_TYPE_LIST:
		case DUCKDB_TYPE_STRUCT:
		case DUCKDB_TYPE_MAP:
		case DUCKDB_TYPE_ARRAY:
		case DUCKDB_TYPE_UNION:
			return 1;
		default:
			break;
		}
	}
	return 0;
}

static void open_db(duckdb_database *db, duckdb_connection *con) {
	duckdb_config cfg;
	duckdb_create_config(&cfg);
	duckdb_set_config(cfg, "allow_unsigned_extensions", "true");
	char *err = NULL;
	if (duckdb_open_ext(NULL, db, cfg, &err) == DuckDBError) {
		fprintf(stderr, "open: %s\n", err ? err : "?");
		exit(1);
	}
	duckdb_destroy_config(&cfg);
	if (duckdb_connect(*db, con) == DuckDBError) {
		fprintf(stderr, "connect failed\n");
		exit(1);
	}
}

int main(int argc, char **argv) {
	if (argc != 2) {
		fprintf(stderr, "usage: host EXTENSION\n");
		return 2;
	}
	duckdb_database db;
	duckdb_connection con;
	open_db(&db, &con);
	size_t cap = 1 << 16;
	char *sql = malloc(cap);
	long n;
	while (scanf("%ld", &n) == 1) {
		getchar(); // the newline after the length
		if ((size_t)n + 1 > cap) {
			cap = (size_t)n + 1;
			sql = realloc(sql, cap);
		}
		if (fread(sql, 1, (size_t)n, stdin) != (size_t)n) {
			fprintf(stderr, "short request\n");
			return 1;
		}
		sql[n] = 0;
		if (strcmp(sql, ".reopen") == 0) {
			duckdb_disconnect(&con);
			duckdb_close(&db);
			open_db(&db, &con);
			fputs("R 0\n.\n", stdout);
			fflush(stdout);
			continue;
		}
		if (strncmp(sql, "LOAD lexduck", 12) == 0) {
			snprintf(sql, cap, "LOAD '%s'", argv[1]);
		}
		duckdb_result res;
		duckdb_state st = duckdb_query(con, sql, &res);
		if (st == DuckDBSuccess && has_nested(&res)) {
			// duckdb_value_varchar renders only flat types: ask DuckDB to
			// cast every column to VARCHAR, as its shell does when printing.
			duckdb_destroy_result(&res);
			size_t len = strlen(sql);
			while (len && (sql[len - 1] == ';' || sql[len - 1] == ' ' || sql[len - 1] == '\n')) len--;
			sql[len] = 0;
			char *wrapped = malloc(len + 64);
			sprintf(wrapped, "SELECT COLUMNS(*)::VARCHAR FROM (%s)", sql);
			st = duckdb_query(con, wrapped, &res);
			free(wrapped);
		}
		if (st == DuckDBError) {
			fputs("E ", stdout);
			put_escaped(duckdb_result_error(&res));
			putchar('\n');
		} else {
			idx_t cols = duckdb_column_count(&res), rows = duckdb_row_count(&res);
			printf("R %llu\n", (unsigned long long)cols);
			for (idx_t r = 0; r < rows; r++) {
				for (idx_t c = 0; c < cols; c++) {
					if (c) putchar('\t');
					if (duckdb_value_is_null(&res, c, r)) {
						fputs("NULL", stdout);
						continue;
					}
					char *v = duckdb_value_varchar(&res, c, r);
					put_escaped(v ? v : "");
					duckdb_free(v);
				}
				putchar('\n');
			}
			fputs(".\n", stdout);
		}
		duckdb_destroy_result(&res);
		fflush(stdout);
	}
	duckdb_disconnect(&con);
	duckdb_close(&db);
	return 0;
}

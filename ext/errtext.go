package ext

import "strings"

// driverPrefix is what duckdb-go puts before the message of every error a
// Go scalar function returns; DuckDB's own errors, and the loadable
// extension's, have none.
const driverPrefix = "database/sql/driver: API error: "

// ErrorText is err's message as a person should read it: the driver's
// wrapper around a lexduck function's own error is removed, so the shell
// prints "Invalid Input Error: knn: k must be at least 1, got 0", as the
// duckdb CLI does with the extension loaded.
func ErrorText(err error) string {
	msg := strings.ReplaceAll(err.Error(), driverPrefix, "")
	if strings.Contains(msg, `Failed to create directory "/dev/null"`) {
		return "IO Error: extension installation is off in lexduck, which runs offline (SET extension_directory = '~/.duckdb/extensions' turns it on)"
	}
	return msg
}

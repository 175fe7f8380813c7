//go:build !duckdb_arrow

package ext

// lexduck streams results through duckdb-go's Arrow interface, which is
// compiled only with the build tag duckdb_arrow. Without it the build stops
// here with an error that names the fix.
var _ = build_with_tags_duckdb_arrow__go_test_tags_duckdb_arrow

// Package lexduck embeds the SQL that ships with lexduck: the macros in sql/
// (created by ext.Register) and the ready-made analyses in queries/ (run by
// the shell's .run command and by lexduck report).
package lexduck

import "embed"

// SQL holds sql/*.sql, the macro and view definitions, created in file-name order.
//
//go:embed sql/*.sql
var SQL embed.FS

// Queries holds queries/, one analysis per .sql file, each headed by
// "-- title:", "-- reproduces:" and "-- description:" comment lines.
//
//go:embed queries
var Queries embed.FS

// Package udf holds lexduck's pure functions: text statistics, ROUGE, retrieval
// measures, rank correlation and legal-text extraction.
//
// Usage rule: nothing here imports DuckDB. Every function takes and returns
// plain Go values, is safe for concurrent use, and is testable in
// milliseconds; package ext adapts them to SQL.
package udf

// Package loaders reads the files legal-NLP corpora come in (TREC runs and
// qrels, Find Case Law XML, SCOTUS PDFs) and streams records.
//
// Usage rule: nothing here imports DuckDB; readers take an io.Reader or a
// path and call back per record, so memory stays flat as corpora grow.
// Every error names the file and the line, page or element it is about.
package loaders

package catalog

// Column is one output column of a table-shaped result.
type Column struct{ Name, Type string }

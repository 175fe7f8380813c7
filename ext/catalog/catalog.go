// Package catalog lists every lexduck scalar SQL function once, independent of
// any DuckDB binding: name, parameter and result types as DuckDB type names,
// a one-line doc and a Go implementation over plain values.
//
// Usage rule: this package imports no DuckDB code. Package ext registers the
// list through duckdb-go; the loadable-extension build registers the same list
// through DuckDB's C extension API, so the two paths cannot drift.
package catalog

import (
	"context"
	"fmt"
	"sort"
	"strings"
)

// Scalar is one overload of a scalar SQL function.
//
// Exactly one implementation is set. Eval is the general form: arguments
// arrive as database/sql values (string, bool, int32, int64, float64, []any
// for lists, map[string]any for structs) and the result is one of those, or
// nil for NULL. A FLOAT list (FLOAT[], FLOAT[N]) with no NULL element may
// arrive as []float32 instead of []any: an adapter that reads vectors
// directly passes it unboxed, so Evals taking FLOAT lists accept both.
// EvalContext is Eval for calls that can run for seconds (knn, bm25,
// ROUGE of long texts), Parallel or not: ctx is
// the query's, cancelled when the user interrupts it, where the adapter
// has one. The typed kernels are fast paths an adapter can run over whole
// vectors without boxing.
//
// Unless NullAware is set, a NULL in any argument gives NULL and the
// implementation is not called.
type Scalar struct {
	Name     string
	Params   []string // DuckDB type names, e.g. "VARCHAR", "DOUBLE[]"
	Result   string   // DuckDB type name
	Doc      string   // one line, shown by .udfs
	Volatile bool     // true if equal inputs may give different results
	// NullAware makes the implementation see NULL arguments (as nil).
	NullAware bool
	// Behind names the macro an internal _lx_ function serves; errors then
	// carry that name (knn: …), as the user called it.
	Behind string
	// Parallel marks an expensive Eval (milliseconds a row): the adapter
	// spreads one chunk's rows over all cores, since DuckDB runs a table
	// smaller than one row group (122,880 rows) on a single thread.
	Parallel bool

	Eval        func(args []any) (any, error)
	EvalContext func(ctx context.Context, args []any) (any, error)
	// StrInt maps one VARCHAR to a BIGINT.
	StrInt func(s string) int64
	// StrStrFloat maps two VARCHARs to a DOUBLE; ok=false gives NULL.
	StrStrFloat func(a, b string) (v float64, ok bool)
}

// Signature renders the overload as name(TYPE, …) → TYPE.
func (s Scalar) Signature() string {
	return fmt.Sprintf("%s(%s) → %s", s.Name, strings.Join(s.Params, ", "), s.Result)
}

// Public is the name errors carry.
func (s Scalar) Public() string {
	if s.Behind != "" {
		return s.Behind
	}
	return s.Name
}

// Validate reports a malformed entry.
func (s Scalar) Validate() error {
	n := 0
	for _, set := range []bool{s.Eval != nil, s.EvalContext != nil, s.StrInt != nil, s.StrStrFloat != nil} {
		if set {
			n++
		}
	}
	switch {
	case s.Name == "":
		return fmt.Errorf("catalog: a scalar has no name")
	case n != 1:
		return fmt.Errorf("catalog: %s: want exactly one implementation, have %d", s.Name, n)
	case s.StrInt != nil && (len(s.Params) != 1 || s.Params[0] != "VARCHAR" || s.Result != "BIGINT"):
		return fmt.Errorf("catalog: %s: StrInt needs (VARCHAR) → BIGINT", s.Name)
	case s.StrStrFloat != nil && (len(s.Params) != 2 || s.Params[0] != "VARCHAR" || s.Params[1] != "VARCHAR" || s.Result != "DOUBLE"):
		return fmt.Errorf("catalog: %s: StrStrFloat needs (VARCHAR, VARCHAR) → DOUBLE", s.Name)
	}
	return nil
}

var scalars []Scalar

// add appends overloads to the catalog; called from init functions, one file per feature.
func add(s ...Scalar) { scalars = append(scalars, s...) }

// Scalars returns every overload, sorted by name and then by arity, so
// registration happens in a fixed order.
func Scalars() []Scalar {
	out := append([]Scalar(nil), scalars...)
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Name != out[j].Name {
			return out[i].Name < out[j].Name
		}
		return len(out[i].Params) < len(out[j].Params)
	})
	return out
}

package ext

import (
	"context"
	"database/sql/driver"

	duckdb "github.com/duckdb/duckdb-go/v2"

	"github.com/lexduck/lexduck/ext/catalog"
	"github.com/lexduck/lexduck/internal/par"
)

// scalarFunc adapts one catalog overload to duckdb.ScalarFunc.
type scalarFunc struct {
	spec catalog.Scalar
	cfg  duckdb.ScalarFuncConfig
}

func newScalarFunc(s catalog.Scalar) (*scalarFunc, error) {
	if err := s.Validate(); err != nil {
		return nil, err
	}
	cfg := duckdb.ScalarFuncConfig{Volatile: s.Volatile, SpecialNullHandling: s.NullAware}
	for _, p := range s.Params {
		t, err := parseType(p)
		if err != nil {
			return nil, err
		}
		cfg.InputTypeInfos = append(cfg.InputTypeInfos, t)
	}
	t, err := parseType(s.Result)
	if err != nil {
		return nil, err
	}
	cfg.ResultTypeInfo = t
	return &scalarFunc{spec: s, cfg: cfg}, nil
}

func (f *scalarFunc) Config() duckdb.ScalarFuncConfig { return f.cfg }

func (f *scalarFunc) Executor() duckdb.ScalarFuncExecutor {
	s := f.spec
	switch {
	case s.StrInt != nil:
		return duckdb.ScalarFuncExecutor{ChunkContextExecutor: safeChunk(s.Public(), strIntChunk(s.StrInt))}
	case s.StrStrFloat != nil:
		return duckdb.ScalarFuncExecutor{ChunkContextExecutor: safeChunk(s.Public(), strStrFloatChunk(s.StrStrFloat))}
	}
	if s.EvalContext != nil && s.Parallel {
		return duckdb.ScalarFuncExecutor{ChunkContextExecutor: safeChunk(s.Public(), parallelChunk(s.EvalContext))}
	}
	if s.EvalContext != nil {
		return duckdb.ScalarFuncExecutor{ChunkContextExecutor: safeChunk(s.Public(), contextChunk(s.EvalContext))}
	}
	eval := s.Eval
	if s.Parallel {
		return duckdb.ScalarFuncExecutor{ChunkContextExecutor: safeChunk(s.Public(), parallelChunk(func(_ context.Context, a []any) (any, error) { return eval(a) }))}
	}
	return duckdb.ScalarFuncExecutor{RowExecutor: safeRow(s.Public(), func(v []driver.Value) (any, error) {
		args := make([]any, len(v))
		for i, x := range v {
			args[i] = fromDriver(x)
		}
		return eval(args)
	})}
}

// parallelChunk evaluates one chunk's rows on all cores (par.Do: a panic
// in any goroutine is an error, the first failing row's error wins) and
// writes the results in row order.
func parallelChunk(eval func(context.Context, []any) (any, error)) duckdb.ChunkContextExecutorFn {
	return func(ctx context.Context, st *duckdb.ChunkIteratorState) error {
		var rows [][]any
		for row, err := range st.Rows() {
			if err != nil {
				return err
			}
			rows = append(rows, rowArgs(row))
		}
		results := make([]any, len(rows))
		err := par.Do(ctx, len(rows), func() func(int) error {
			return func(i int) (err error) {
				results[i], err = eval(ctx, rows[i])
				return err
			}
		})
		if err != nil {
			return err
		}
		i := 0
		for row, err := range st.Rows() {
			if err != nil {
				return err
			}
			if err := row.SetResult(results[i]); err != nil {
				return err
			}
			i++
		}
		return nil
	}
}

// contextChunk evaluates a chunk's rows in order with the query's context,
// so a long call stops when the query is interrupted.
func contextChunk(eval func(context.Context, []any) (any, error)) duckdb.ChunkContextExecutorFn {
	return func(ctx context.Context, st *duckdb.ChunkIteratorState) error {
		for row, err := range st.Rows() {
			if err != nil {
				return err
			}
			v, err := eval(ctx, rowArgs(row))
			if err != nil {
				return err
			}
			if err := row.SetResult(v); err != nil {
				return err
			}
		}
		return nil
	}
}

// rowArgs is the current row's arguments in the catalog's plain forms.
func rowArgs(row *duckdb.ChunkIteratorState) []any {
	args := make([]any, row.ColumnCount())
	for c := range args {
		args[c] = fromDriver(*row.GetValuePtr(c))
	}
	return args
}

// fromDriver converts driver-specific values to the catalog's plain forms.
func fromDriver(v any) any {
	switch x := v.(type) {
	case duckdb.OrderedMap:
		m := make(map[any]any, x.Len())
		for _, k := range x.Keys() {
			val, _ := x.Get(k)
			m[k] = val
		}
		return m
	}
	return v
}

func stringViews(st *duckdb.ChunkIteratorState, ncol int) ([]duckdb.VectorView[string], error) {
	in := st.GetInputChunk()
	views := make([]duckdb.VectorView[string], ncol)
	for c := range ncol {
		vec, err := in.GetVector(c)
		if err != nil {
			return nil, err
		}
		if views[c], err = duckdb.GetVectorView[string](vec); err != nil {
			return nil, err
		}
	}
	return views, nil
}

// strIntChunk runs a VARCHAR → BIGINT kernel over a whole chunk, reading the
// strings without copying and writing results straight into the vector.
func strIntChunk(k func(string) int64) duckdb.ChunkContextExecutorFn {
	return func(_ context.Context, st *duckdb.ChunkIteratorState) error {
		n := st.GetInputChunk().GetSize()
		views, err := stringViews(st, 1)
		if err != nil {
			return err
		}
		out, ok := rawData[int64](st.GetResultVector(), n)
		if !ok {
			for row, err := range st.Rows() {
				if err != nil {
					return err
				}
				if err := row.SetResult(k((*row.GetValuePtr(0)).(string))); err != nil {
					return err
				}
			}
			return nil
		}
		for i := range n {
			s, valid, err := views[0].GetValueBorrowed(i)
			if err != nil {
				return err
			}
			if valid {
				out[i] = k(s)
			} // NULL rows: the driver sets NULL after the callback
		}
		return nil
	}
}

// strStrFloatChunk runs a (VARCHAR, VARCHAR) → DOUBLE kernel over a chunk.
func strStrFloatChunk(k func(a, b string) (float64, bool)) duckdb.ChunkContextExecutorFn {
	return func(_ context.Context, st *duckdb.ChunkIteratorState) error {
		n := st.GetInputChunk().GetSize()
		views, err := stringViews(st, 2)
		if err != nil {
			return err
		}
		res := st.GetResultVector()
		out, ok := rawData[float64](res, n)
		if !ok {
			for row, err := range st.Rows() {
				if err != nil {
					return err
				}
				v, ok := k((*row.GetValuePtr(0)).(string), (*row.GetValuePtr(1)).(string))
				var r any
				if ok {
					r = v
				}
				if err := row.SetResult(r); err != nil {
					return err
				}
			}
			return nil
		}
		for i := range n {
			a, va, err := views[0].GetValueBorrowed(i)
			if err != nil {
				return err
			}
			b, vb, err := views[1].GetValueBorrowed(i)
			if err != nil {
				return err
			}
			if !va || !vb {
				continue
			}
			if v, ok := k(a, b); ok {
				out[i] = v
			} else {
				setInvalid(res, i)
			}
		}
		return nil
	}
}

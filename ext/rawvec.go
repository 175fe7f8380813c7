package ext

import (
	"reflect"
	"unsafe"

	duckdb "github.com/duckdb/duckdb-go/v2"
	"github.com/duckdb/duckdb-go/v2/mapping"
)

// duckdb-go v2.10506.0 has typed zero-copy access only for VARCHAR
// (VectorView/VectorWriter): a numeric result can only be written through
// ChunkIteratorState.Rows, which reads and copies every input string again.
// That costs 6-7x on word_count (duckdb-go.md §6a). rawData reaches the DuckDB
// vector handle behind a borrowed duckdb.Vector (the unexported fields
// Vector.v and vector.vec) and returns its data buffer as a Go slice.
//
// The field layout is checked once, by reflection; if the driver changes it,
// rawOK is false and callers fall back to the public Rows/SetResult path, and
// TestRawVectorLayout fails so that the change is noticed. The driver is
// pinned in go.mod.
var rawVecOff, rawInnerOff uintptr
var rawOK = func() bool {
	f, ok := reflect.TypeFor[duckdb.Vector]().FieldByName("v")
	if !ok || f.Type.Kind() != reflect.Pointer || f.Type.Elem().Kind() != reflect.Struct {
		return false
	}
	g, ok := f.Type.Elem().FieldByName("vec")
	if !ok || g.Type != reflect.TypeFor[mapping.Vector]() {
		return false
	}
	rawVecOff, rawInnerOff = f.Offset, g.Offset
	return true
}()

// rawData returns the first n elements of vec's data buffer, or ok=false when
// raw access is not available. T must match the vector's physical type. Rows
// 0..n-1 are marked valid, so a reused result vector keeps no stale NULLs.
func rawData[T int64 | float64](vec duckdb.Vector, n int) (data []T, ok bool) {
	if !rawOK {
		return nil, false
	}
	inner := *(*unsafe.Pointer)(unsafe.Add(unsafe.Pointer(&vec), rawVecOff))
	if inner == nil {
		return nil, false
	}
	mv := *(*mapping.Vector)(unsafe.Add(inner, rawInnerOff))
	p := mapping.VectorGetData(mv)
	if p == nil {
		return nil, false
	}
	if m := mapping.VectorGetValidity(mv); m != nil {
		words := unsafe.Slice((*uint64)(m), (n+63)/64)
		for i := range words {
			words[i] = ^uint64(0)
		}
	}
	return unsafe.Slice((*T)(p), n), true
}

// setInvalid marks row of vec NULL. Only valid after rawData succeeded.
func setInvalid(vec duckdb.Vector, row int) {
	inner := *(*unsafe.Pointer)(unsafe.Add(unsafe.Pointer(&vec), rawVecOff))
	mv := *(*mapping.Vector)(unsafe.Add(inner, rawInnerOff))
	mapping.VectorEnsureValidityWritable(mv)
	mapping.ValiditySetRowInvalid(mapping.VectorGetValidity(mv), mapping.IdxT(row))
}

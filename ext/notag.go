//go:build !duckdb_arrow

package ext

import (
	"context"
	"database/sql"

	"github.com/apache/arrow-go/v18/arrow/array"
)

// arrowBuilt is false: duckdb-go's Arrow interface, through which lexduck
// streams results and reads vectors, is compiled only with the build tag
// duckdb_arrow. Everything still compiles (so vet and editors work), and
// Register fails at once with ErrNoArrow.
const arrowBuilt = false

// QueryArrow needs the duckdb_arrow build tag; without it, it returns ErrNoArrow.
func QueryArrow(context.Context, *sql.Conn, string, func(array.RecordReader) error) error {
	return ErrNoArrow
}

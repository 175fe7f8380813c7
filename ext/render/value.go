// Package render turns DuckDB query results, streamed as Arrow record
// batches, into text: DuckDB's value formatting and one writer per output
// mode of the duckdb CLI (duckbox, box, csv, tabs, json, jsonlines,
// markdown, line, list, html).
//
// Usage rule: no DuckDB import; the shell, the report and the SQL test
// runner all format through here, so a value looks the same everywhere.
package render

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/decimal128"
)

// FormatFloat formats a DOUBLE as DuckDB prints it: the shortest string that
// reads back to the same value, Python-repr style ("100.0", "0.1",
// "1e-05", "1e+16", "nan", "inf").
func FormatFloat(f float64, bits int) string {
	switch {
	case math.IsNaN(f):
		return "nan"
	case math.IsInf(f, 1):
		return "inf"
	case math.IsInf(f, -1):
		return "-inf"
	}
	s := strconv.FormatFloat(f, 'e', -1, bits)
	mant, expS, _ := strings.Cut(s, "e")
	exp, _ := strconv.Atoi(expS)
	if exp < -4 || exp >= 16 {
		sign := "+"
		if exp < 0 {
			sign, exp = "-", -exp
		}
		return fmt.Sprintf("%se%s%02d", mant, sign, exp)
	}
	s = strconv.FormatFloat(f, 'f', -1, bits)
	if !strings.ContainsAny(s, ".") {
		s += ".0"
	}
	return s
}

// IsNumeric reports whether a column of this type is right-aligned.
func IsNumeric(t arrow.DataType) bool {
	switch t.ID() {
	case arrow.INT8, arrow.INT16, arrow.INT32, arrow.INT64, arrow.UINT8, arrow.UINT16, arrow.UINT32, arrow.UINT64,
		arrow.FLOAT16, arrow.FLOAT32, arrow.FLOAT64, arrow.DECIMAL128, arrow.DECIMAL256:
		return true
	}
	return false
}

// TypeName is the DuckDB name of the column type, lower case as the
// duckbox type row shows it (int32, varchar, double, struct(a int32), …).
func TypeName(t arrow.DataType) string {
	switch dt := t.(type) {
	case *arrow.StringType, *arrow.LargeStringType, *arrow.StringViewType:
		return "varchar"
	case *arrow.BinaryType, *arrow.LargeBinaryType:
		return "blob"
	case *arrow.BooleanType:
		return "boolean"
	case *arrow.Float32Type:
		return "float"
	case *arrow.Float64Type:
		return "double"
	case *arrow.Date32Type, *arrow.Date64Type:
		return "date"
	case *arrow.Time32Type, *arrow.Time64Type:
		return "time"
	case *arrow.TimestampType:
		if dt.TimeZone != "" {
			return "timestamp with time zone"
		}
		return "timestamp"
	case *arrow.Decimal128Type:
		return fmt.Sprintf("decimal(%d,%d)", dt.Precision, dt.Scale)
	case *arrow.ListType:
		return TypeName(dt.Elem()) + "[]"
	case *arrow.LargeListType:
		return TypeName(dt.Elem()) + "[]"
	case *arrow.FixedSizeListType:
		return fmt.Sprintf("%s[%d]", TypeName(dt.Elem()), dt.Len())
	case *arrow.MapType:
		return fmt.Sprintf("map(%s, %s)", TypeName(dt.KeyType()), TypeName(dt.ItemType()))
	case *arrow.StructType:
		parts := make([]string, dt.NumFields())
		for i, f := range dt.Fields() {
			parts[i] = f.Name + " " + TypeName(f.Type)
		}
		return "struct(" + strings.Join(parts, ", ") + ")"
	case *arrow.DictionaryType:
		return "enum"
	case *arrow.MonthDayNanoIntervalType:
		return "interval"
	case *arrow.NullType:
		return "null"
	}
	return strings.ToLower(t.String())
}

// Text formats row i of a as DuckDB's VARCHAR cast shows it at top level;
// null is true for NULL.
func Text(a arrow.Array, i int) (s string, null bool) {
	if a.IsNull(i) {
		return "", true
	}
	var b strings.Builder
	writeValue(&b, a, i, false)
	return b.String(), false
}

func writeValue(b *strings.Builder, a arrow.Array, i int, nested bool) {
	if a.IsNull(i) {
		b.WriteString("NULL")
		return
	}
	switch arr := a.(type) {
	case *array.String:
		writeString(b, arr.Value(i), nested)
	case *array.LargeString:
		writeString(b, arr.Value(i), nested)
	case *array.StringView:
		writeString(b, arr.Value(i), nested)
	case *array.Binary:
		writeBlob(b, arr.Value(i))
	case *array.LargeBinary:
		writeBlob(b, arr.Value(i))
	case *array.Boolean:
		b.WriteString(strconv.FormatBool(arr.Value(i)))
	case *array.Int8:
		b.WriteString(strconv.FormatInt(int64(arr.Value(i)), 10))
	case *array.Int16:
		b.WriteString(strconv.FormatInt(int64(arr.Value(i)), 10))
	case *array.Int32:
		b.WriteString(strconv.FormatInt(int64(arr.Value(i)), 10))
	case *array.Int64:
		b.WriteString(strconv.FormatInt(arr.Value(i), 10))
	case *array.Uint8:
		b.WriteString(strconv.FormatUint(uint64(arr.Value(i)), 10))
	case *array.Uint16:
		b.WriteString(strconv.FormatUint(uint64(arr.Value(i)), 10))
	case *array.Uint32:
		b.WriteString(strconv.FormatUint(uint64(arr.Value(i)), 10))
	case *array.Uint64:
		b.WriteString(strconv.FormatUint(arr.Value(i), 10))
	case *array.Float32:
		b.WriteString(FormatFloat(float64(arr.Value(i)), 32))
	case *array.Float64:
		b.WriteString(FormatFloat(arr.Value(i), 64))
	case *array.Decimal128:
		dt := arr.DataType().(*arrow.Decimal128Type)
		b.WriteString(formatDecimal(arr.Value(i), dt.Scale))
	case *array.Date32:
		b.WriteString(arr.Value(i).ToTime().Format("2006-01-02"))
	case *array.Time64:
		dt := arr.DataType().(*arrow.Time64Type)
		b.WriteString(trimFraction(arr.Value(i).ToTime(dt.Unit).Format("15:04:05.000000000")))
	case *array.Timestamp:
		dt := arr.DataType().(*arrow.TimestampType)
		t := arr.Value(i).ToTime(dt.Unit)
		s := trimFraction(t.Format("2006-01-02 15:04:05.000000000"))
		if dt.TimeZone != "" {
			s += "+00"
		}
		b.WriteString(s)
	case *array.MonthDayNanoInterval:
		b.WriteString(formatInterval(arr.Value(i)))
	case *array.Map: // before *array.List: Map embeds List
		start, end := arr.ValueOffsets(i)
		keys, items := arr.Keys(), arr.Items()
		b.WriteByte('{')
		for j := start; j < end; j++ {
			if j > start {
				b.WriteString(", ")
			}
			writeValue(b, keys, int(j), true)
			b.WriteByte('=')
			writeValue(b, items, int(j), true)
		}
		b.WriteByte('}')
	case array.ListLike:
		start, end := arr.ValueOffsets(i)
		vals := arr.ListValues()
		b.WriteByte('[')
		for j := start; j < end; j++ {
			if j > start {
				b.WriteString(", ")
			}
			writeValue(b, vals, int(j), true)
		}
		b.WriteByte(']')
	case *array.Struct:
		st := arr.DataType().(*arrow.StructType)
		b.WriteByte('{')
		for f := range arr.NumField() {
			if f > 0 {
				b.WriteString(", ")
			}
			b.WriteString("'" + strings.ReplaceAll(st.Field(f).Name, "'", "\\'") + "': ")
			writeValue(b, arr.Field(f), i, true)
		}
		b.WriteByte('}')
	case *array.Dictionary:
		writeValue(b, arr.Dictionary(), arr.GetValueIndex(i), nested)
	default:
		b.WriteString(a.ValueStr(i))
	}
}

// writeString quotes a string inside a list, struct or map only where the
// bare form would be ambiguous, as DuckDB's cast to VARCHAR does.
func writeString(b *strings.Builder, s string, nested bool) {
	// DuckDB 1.5's VARCHAR cast of nested values quotes a string that is
	// empty, reads as NULL in any case, holds a delimiter or quote, or has
	// leading or trailing white space; a bare backslash stays bare.
	if nested && (s == "" || strings.EqualFold(s, "NULL") || strings.ContainsAny(s, "[]{}(),'\"=:") || strings.TrimSpace(s) != s) {
		b.WriteByte('\'')
		b.WriteString(strings.ReplaceAll(strings.ReplaceAll(s, `\`, `\\`), "'", `\'`))
		b.WriteByte('\'')
		return
	}
	b.WriteString(s)
}

func writeBlob(b *strings.Builder, v []byte) {
	for _, c := range v {
		if c >= 0x20 && c < 0x7f && c != '\\' && c != '\'' && c != '"' {
			b.WriteByte(c)
		} else {
			fmt.Fprintf(b, "\\x%02X", c)
		}
	}
}

// formatInterval writes an INTERVAL as DuckDB does: "1 year 2 months 3 days 04:05:06.5".
func formatInterval(v arrow.MonthDayNanoInterval) string {
	var parts []string
	unit := func(n int64, name string) {
		if n == 0 {
			return
		}
		if n != 1 && n != -1 {
			name += "s"
		}
		parts = append(parts, fmt.Sprintf("%d %s", n, name))
	}
	unit(int64(v.Months/12), "year")
	unit(int64(v.Months%12), "month")
	unit(int64(v.Days), "day")
	if ns := v.Nanoseconds; ns != 0 || len(parts) == 0 {
		sign := ""
		if ns < 0 {
			sign, ns = "-", -ns
		}
		d := time.Duration(ns)
		hms := fmt.Sprintf("%s%02d:%02d:%02d", sign, int64(d/time.Hour), int64(d/time.Minute)%60, int64(d/time.Second)%60)
		if frac := ns % 1e9; frac != 0 {
			hms += strings.TrimRight(fmt.Sprintf(".%09d", frac), "0")
		}
		parts = append(parts, hms)
	}
	return strings.Join(parts, " ")
}

func trimFraction(s string) string {
	if j := strings.LastIndexByte(s, '.'); j >= 0 {
		s = strings.TrimRight(s, "0")
		s = strings.TrimSuffix(s, ".")
	}
	return s
}

func formatDecimal(v decimal128.Num, scale int32) string {
	s := v.BigInt().String()
	if scale <= 0 {
		return s
	}
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	for len(s) <= int(scale) {
		s = "0" + s
	}
	s = s[:len(s)-int(scale)] + "." + s[len(s)-int(scale):]
	if neg {
		s = "-" + s
	}
	return s
}

// JSON returns row i of a as a JSON value: numbers and booleans bare,
// lists as arrays, structs and maps as objects, NULL as null. NaN and
// infinities, which JSON cannot hold, become strings.
func JSON(a arrow.Array, i int) any {
	if a.IsNull(i) {
		return nil
	}
	switch arr := a.(type) {
	case *array.Boolean:
		return arr.Value(i)
	case *array.Float32, *array.Float64:
		var f float64
		if x, ok := arr.(*array.Float32); ok {
			f = float64(x.Value(i))
		} else {
			f = arr.(*array.Float64).Value(i)
		}
		if math.IsNaN(f) || math.IsInf(f, 0) {
			return FormatFloat(f, 64)
		}
		s, _ := Text(a, i)
		return json.Number(s)
	case *array.Int8, *array.Int16, *array.Int32, *array.Int64, *array.Uint8, *array.Uint16, *array.Uint32, *array.Uint64, *array.Decimal128:
		s, _ := Text(a, i)
		return json.Number(s)
	case *array.Map:
		start, end := arr.ValueOffsets(i)
		obj := orderedObject{}
		for j := start; j < end; j++ {
			k, _ := Text(arr.Keys(), int(j))
			obj = append(obj, kv{k, JSON(arr.Items(), int(j))})
		}
		return obj
	case array.ListLike:
		start, end := arr.ValueOffsets(i)
		out := make([]any, 0, end-start)
		for j := start; j < end; j++ {
			out = append(out, JSON(arr.ListValues(), int(j)))
		}
		return out
	case *array.Struct:
		st := arr.DataType().(*arrow.StructType)
		obj := make(orderedObject, arr.NumField())
		for f := range arr.NumField() {
			obj[f] = kv{st.Field(f).Name, JSON(arr.Field(f), i)}
		}
		return obj
	}
	s, _ := Text(a, i)
	return s
}

type kv struct {
	k string
	v any
}

// orderedObject is a JSON object that keeps DuckDB's field order.
type orderedObject []kv

func (o orderedObject) MarshalJSON() ([]byte, error) {
	var b strings.Builder
	b.WriteByte('{')
	for i, e := range o {
		if i > 0 {
			b.WriteByte(',')
		}
		k, _ := json.Marshal(e.k)
		v, err := json.Marshal(e.v)
		if err != nil {
			return nil, err
		}
		b.Write(k)
		b.WriteByte(':')
		b.Write(v)
	}
	b.WriteByte('}')
	return []byte(b.String()), nil
}

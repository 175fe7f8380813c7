// capi.h: lexduck's view of DuckDB's C extension API.
//
// Types come from duckdb.h (module github.com/duckdb/duckdb-go-bindings,
// include/); functions are reached only through the API struct DuckDB hands
// the entrypoint, copied into lex_api. LEX_SLOT_x is x's 0-based index in
// duckdb_ext_api_v1's frozen v1.2.0 band (slots 0-356; identical in DuckDB
// 1.2.0 through 1.5.6). __typeof__ never references the symbol, so the built
// library imports no duckdb_* symbol.
#ifndef LEXDUCK_CAPI_H
#define LEXDUCK_CAPI_H

#include <stdbool.h>
#include <stdint.h>
#include <duckdb.h>

#define LEX_API_VERSION "v1.2.0"
#define LEX_API_SLOTS 357

extern const void *lex_api[LEX_API_SLOTS];

enum {
	LEX_SLOT_duckdb_connect = 3,
	LEX_SLOT_duckdb_disconnect = 6,
	LEX_SLOT_duckdb_library_version = 7,
	LEX_SLOT_duckdb_query = 13,
	LEX_SLOT_duckdb_destroy_result = 14,
	LEX_SLOT_duckdb_result_error = 21,
	LEX_SLOT_duckdb_free = 25,
	LEX_SLOT_duckdb_vector_size = 26,
	LEX_SLOT_duckdb_destroy_value = 92,
	LEX_SLOT_duckdb_get_bool = 118,
	LEX_SLOT_duckdb_get_int32 = 123,
	LEX_SLOT_duckdb_get_int64 = 125,
	LEX_SLOT_duckdb_get_double = 130,
	LEX_SLOT_duckdb_get_varchar = 142,
	LEX_SLOT_duckdb_is_null_value = 149,
	LEX_SLOT_duckdb_create_logical_type = 156,
	LEX_SLOT_duckdb_create_list_type = 159,
	LEX_SLOT_duckdb_create_array_type = 160,
	LEX_SLOT_duckdb_create_map_type = 161,
	LEX_SLOT_duckdb_create_struct_type = 163,
	LEX_SLOT_duckdb_destroy_logical_type = 184,
	LEX_SLOT_duckdb_data_chunk_get_vector = 190,
	LEX_SLOT_duckdb_data_chunk_get_size = 191,
	LEX_SLOT_duckdb_data_chunk_set_size = 192,
	LEX_SLOT_duckdb_vector_get_data = 194,
	LEX_SLOT_duckdb_vector_get_validity = 195,
	LEX_SLOT_duckdb_vector_ensure_validity_writable = 196,
	LEX_SLOT_duckdb_vector_assign_string_element_len = 198,
	LEX_SLOT_duckdb_list_vector_get_child = 199,
	LEX_SLOT_duckdb_list_vector_get_size = 200,
	LEX_SLOT_duckdb_list_vector_set_size = 201,
	LEX_SLOT_duckdb_list_vector_reserve = 202,
	LEX_SLOT_duckdb_struct_vector_get_child = 203,
	LEX_SLOT_duckdb_array_vector_get_child = 204,
	LEX_SLOT_duckdb_create_scalar_function = 209,
	LEX_SLOT_duckdb_destroy_scalar_function = 210,
	LEX_SLOT_duckdb_scalar_function_set_name = 211,
	LEX_SLOT_duckdb_scalar_function_set_special_handling = 213,
	LEX_SLOT_duckdb_scalar_function_set_volatile = 214,
	LEX_SLOT_duckdb_scalar_function_add_parameter = 215,
	LEX_SLOT_duckdb_scalar_function_set_return_type = 216,
	LEX_SLOT_duckdb_scalar_function_set_extra_info = 217,
	LEX_SLOT_duckdb_scalar_function_set_function = 218,
	LEX_SLOT_duckdb_register_scalar_function = 219,
	LEX_SLOT_duckdb_scalar_function_get_extra_info = 220,
	LEX_SLOT_duckdb_scalar_function_set_error = 221,
	LEX_SLOT_duckdb_create_scalar_function_set = 222,
	LEX_SLOT_duckdb_destroy_scalar_function_set = 223,
	LEX_SLOT_duckdb_add_scalar_function_to_set = 224,
	LEX_SLOT_duckdb_register_scalar_function_set = 225,
};

#define LEX(fn) ((__typeof__(&fn))lex_api[LEX_SLOT_##fn])

// Helpers Go calls (capi.c); each is one API call or a loop Go should not
// cross into C for row by row.
duckdb_logical_type lex_simple_type(duckdb_type id);
duckdb_logical_type lex_list_type(duckdb_logical_type elem);
duckdb_logical_type lex_array_type(duckdb_logical_type elem, uint64_t size);
duckdb_logical_type lex_map_type(duckdb_logical_type key, duckdb_logical_type value);
duckdb_logical_type lex_struct_type(duckdb_logical_type *types, const char **names, uint64_t n);
void lex_destroy_type(duckdb_logical_type t);

duckdb_scalar_function lex_new_scalar(const char *name, uintptr_t id, bool null_aware, bool is_volatile);
void lex_add_param(duckdb_scalar_function f, duckdb_logical_type t);
void lex_set_result(duckdb_scalar_function f, duckdb_logical_type t);
void lex_destroy_scalar(duckdb_scalar_function f);
duckdb_state lex_register_scalar(duckdb_connection con, duckdb_scalar_function f);
duckdb_scalar_function_set lex_new_set(const char *name);
duckdb_state lex_add_to_set(duckdb_scalar_function_set set, duckdb_scalar_function f);
duckdb_state lex_register_set(duckdb_connection con, duckdb_scalar_function_set set);
void lex_destroy_set(duckdb_scalar_function_set set);

uintptr_t lex_extra_info(duckdb_function_info info);
void lex_set_error(duckdb_function_info info, const char *msg);
uint64_t lex_chunk_size(duckdb_data_chunk c);
duckdb_vector lex_chunk_vector(duckdb_data_chunk c, uint64_t i);
void *lex_vector_data(duckdb_vector v);
uint64_t *lex_vector_validity(duckdb_vector v);
uint64_t *lex_vector_validity_writable(duckdb_vector v);
duckdb_vector lex_list_child(duckdb_vector v);
uint64_t lex_list_size(duckdb_vector v);
bool lex_list_grow(duckdb_vector v, uint64_t size);
duckdb_vector lex_struct_child(duckdb_vector v, uint64_t i);
duckdb_vector lex_array_child(duckdb_vector v);
// lex_assign_strings writes n strings from buf: row base+i gets
// buf[off[i]:off[i]+len[i]], skipped where len[i] < 0.
void lex_assign_strings(duckdb_vector v, uint64_t base, const char *buf, const int64_t *off, const int64_t *len, uint64_t n);
const char *lex_library_version(void);

// lex_exec runs one statement; it returns NULL or an error the caller frees.
char *lex_exec(duckdb_connection con, const char *sql);

#endif

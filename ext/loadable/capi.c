// capi.c: the entrypoint DuckDB looks up, and thin wrappers over the API
// struct for the Go side. No logic lives here beyond the init sequence.
#include <stdlib.h>
#include <string.h>
#include "capi.h"
#include "_cgo_export.h"

const void *lex_api[LEX_API_SLOTS];

// lexduck_init_c_api is found by name: DuckDB takes the file's base name up
// to the first '.' and appends _init_c_api.
__attribute__((visibility("default"))) bool lexduck_init_c_api(duckdb_extension_info info,
                                                               struct duckdb_extension_access *access) {
	const void *api = access->get_api(info, LEX_API_VERSION);
	if (!api) {
		access->set_error(info, "lexduck: this DuckDB does not offer C API " LEX_API_VERSION);
		return false;
	}
	// DuckDB's struct lives only during this call: copy it.
	memcpy(lex_api, api, sizeof(lex_api));
	duckdb_database *db = access->get_database(info);
	duckdb_connection con;
	if (LEX(duckdb_connect)(*db, &con) == DuckDBError) {
		access->set_error(info, "lexduck: cannot open a connection to register functions");
		return false;
	}
	char *err = lexGoRegister(con);
	LEX(duckdb_disconnect)(&con);
	if (err) {
		access->set_error(info, err);
		free(err);
		return false;
	}
	return true;
}

duckdb_logical_type lex_simple_type(duckdb_type id) { return LEX(duckdb_create_logical_type)(id); }
duckdb_logical_type lex_list_type(duckdb_logical_type elem) { return LEX(duckdb_create_list_type)(elem); }
duckdb_logical_type lex_array_type(duckdb_logical_type elem, uint64_t size) {
	return LEX(duckdb_create_array_type)(elem, size);
}
duckdb_logical_type lex_map_type(duckdb_logical_type key, duckdb_logical_type value) {
	return LEX(duckdb_create_map_type)(key, value);
}
duckdb_logical_type lex_struct_type(duckdb_logical_type *types, const char **names, uint64_t n) {
	return LEX(duckdb_create_struct_type)(types, names, n);
}
void lex_destroy_type(duckdb_logical_type t) { LEX(duckdb_destroy_logical_type)(&t); }

duckdb_scalar_function lex_new_scalar(const char *name, uintptr_t id, bool null_aware, bool is_volatile) {
	duckdb_scalar_function f = LEX(duckdb_create_scalar_function)();
	LEX(duckdb_scalar_function_set_name)(f, name);
	LEX(duckdb_scalar_function_set_extra_info)(f, (void *)id, NULL);
	LEX(duckdb_scalar_function_set_function)(f, (duckdb_scalar_function_t)lexScalar);
	if (null_aware) {
		LEX(duckdb_scalar_function_set_special_handling)(f);
	}
	if (is_volatile) {
		LEX(duckdb_scalar_function_set_volatile)(f);
	}
	return f;
}
void lex_add_param(duckdb_scalar_function f, duckdb_logical_type t) { LEX(duckdb_scalar_function_add_parameter)(f, t); }
void lex_set_result(duckdb_scalar_function f, duckdb_logical_type t) { LEX(duckdb_scalar_function_set_return_type)(f, t); }
void lex_destroy_scalar(duckdb_scalar_function f) { LEX(duckdb_destroy_scalar_function)(&f); }
duckdb_state lex_register_scalar(duckdb_connection con, duckdb_scalar_function f) {
	return LEX(duckdb_register_scalar_function)(con, f);
}
duckdb_scalar_function_set lex_new_set(const char *name) { return LEX(duckdb_create_scalar_function_set)(name); }
duckdb_state lex_add_to_set(duckdb_scalar_function_set set, duckdb_scalar_function f) {
	return LEX(duckdb_add_scalar_function_to_set)(set, f);
}
duckdb_state lex_register_set(duckdb_connection con, duckdb_scalar_function_set set) {
	return LEX(duckdb_register_scalar_function_set)(con, set);
}
void lex_destroy_set(duckdb_scalar_function_set set) { LEX(duckdb_destroy_scalar_function_set)(&set); }

uintptr_t lex_extra_info(duckdb_function_info info) {
	return (uintptr_t)LEX(duckdb_scalar_function_get_extra_info)(info);
}
void lex_set_error(duckdb_function_info info, const char *msg) { LEX(duckdb_scalar_function_set_error)(info, msg); }
uint64_t lex_chunk_size(duckdb_data_chunk c) { return LEX(duckdb_data_chunk_get_size)(c); }
duckdb_vector lex_chunk_vector(duckdb_data_chunk c, uint64_t i) { return LEX(duckdb_data_chunk_get_vector)(c, i); }
void *lex_vector_data(duckdb_vector v) { return LEX(duckdb_vector_get_data)(v); }
uint64_t *lex_vector_validity(duckdb_vector v) { return LEX(duckdb_vector_get_validity)(v); }
uint64_t *lex_vector_validity_writable(duckdb_vector v) {
	LEX(duckdb_vector_ensure_validity_writable)(v);
	return LEX(duckdb_vector_get_validity)(v);
}
duckdb_vector lex_list_child(duckdb_vector v) { return LEX(duckdb_list_vector_get_child)(v); }
uint64_t lex_list_size(duckdb_vector v) { return LEX(duckdb_list_vector_get_size)(v); }
bool lex_list_grow(duckdb_vector v, uint64_t size) {
	return LEX(duckdb_list_vector_reserve)(v, size) == DuckDBSuccess &&
	       LEX(duckdb_list_vector_set_size)(v, size) == DuckDBSuccess;
}
duckdb_vector lex_struct_child(duckdb_vector v, uint64_t i) { return LEX(duckdb_struct_vector_get_child)(v, i); }
duckdb_vector lex_array_child(duckdb_vector v) { return LEX(duckdb_array_vector_get_child)(v); }
void lex_assign_strings(duckdb_vector v, uint64_t base, const char *buf, const int64_t *off, const int64_t *len,
                        uint64_t n) {
	for (uint64_t i = 0; i < n; i++) {
		if (len[i] >= 0) {
			LEX(duckdb_vector_assign_string_element_len)(v, base + i, buf + off[i], (idx_t)len[i]);
		}
	}
}
const char *lex_library_version(void) { return LEX(duckdb_library_version)(); }
char *lex_exec(duckdb_connection con, const char *sql) {
	duckdb_result res;
	char *err = NULL;
	if (LEX(duckdb_query)(con, sql, &res) == DuckDBError) {
		const char *msg = LEX(duckdb_result_error)(&res);
		err = strdup(msg ? msg : "unknown error");
	}
	LEX(duckdb_destroy_result)(&res);
	return err;
}


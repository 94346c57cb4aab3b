// What model-written SQL may call and cast to. An allowlist, not a denylist: PostgreSQL has
// thousands of functions, and the ones that matter to an attacker (pg_sleep, pg_read_file,
// set_config, current_setting, lo_import, dblink, advisory locks, pg_cancel_backend...) are
// refused by not being here. Functions that make values of a size the statement chooses
// (repeat, lpad, rpad, format with its widths, generate_series) are left out too: a statement's cost should come from
// the documents it reads.

// biome-ignore format: read as a table, a few names a line
export const allowedFunctions: ReadonlySet<string> = new Set([
  // aggregates
  "count", "sum", "avg", "min", "max", "string_agg", "array_agg", "bool_and", "bool_or", "every",
  "json_agg", "jsonb_agg", "json_object_agg", "jsonb_object_agg", "stddev", "stddev_pop",
  "stddev_samp", "variance", "var_pop", "var_samp", "percentile_cont", "percentile_disc", "mode",
  // window functions
  "row_number", "rank", "dense_rank", "percent_rank", "cume_dist", "ntile", "lag", "lead",
  "first_value", "last_value", "nth_value",
  // text
  "lower", "upper", "initcap", "length", "char_length", "character_length", "octet_length",
  "substring", "substr", "position", "strpos", "btrim", "ltrim", "rtrim", "replace", "split_part",
  "concat", "concat_ws", "left", "right", "reverse", "starts_with", "translate",
  "regexp_replace", "regexp_match", "regexp_matches", "regexp_like", "regexp_count",
  "regexp_substr", "regexp_split_to_array", "md5", "quote_literal", "quote_ident", "normalize",
  // numbers
  "abs", "round", "ceil", "ceiling", "floor", "trunc", "mod", "power", "sqrt", "sign", "div",
  "exp", "ln", "log", "log10", "width_bucket", "to_char", "to_number",
  // dates and times
  "now", "date_trunc", "date_part", "extract", "age", "make_date", "make_time", "make_timestamp",
  "make_interval", "to_date", "to_timestamp", "timezone", "isfinite", "justify_days",
  "justify_hours", "clock_timestamp", "statement_timestamp", "transaction_timestamp",
  // json
  "to_json", "to_jsonb", "json_build_object", "jsonb_build_object", "json_build_array",
  "jsonb_build_array", "json_array_length", "jsonb_array_length", "json_typeof", "jsonb_typeof",
  "json_array_elements", "jsonb_array_elements", "json_array_elements_text",
  "jsonb_array_elements_text", "json_each", "jsonb_each", "json_each_text", "jsonb_each_text",
  "json_object_keys", "jsonb_object_keys", "json_extract_path", "jsonb_extract_path",
  "json_extract_path_text", "jsonb_extract_path_text", "jsonb_strip_nulls", "jsonb_pretty",
  "jsonb_set", "jsonb_insert", "jsonb_path_exists", "jsonb_path_query_array",
  "jsonb_path_query_first", "row_to_json",
  // full-text search over passages.tsv
  "to_tsvector", "to_tsquery", "plainto_tsquery", "phraseto_tsquery", "websearch_to_tsquery",
  "ts_rank", "ts_rank_cd", "ts_headline",
  // doc_sql's own: a full-text search over the passages in scope, served by their index
  "passages_matching",
  // arrays
  "array_length", "cardinality", "unnest", "array_to_string", "string_to_array", "array_position",
  "array_positions", "array_remove", "array_append", "array_prepend", "array_cat",
  // conditionals written as functions
  "num_nonnulls", "num_nulls",
]);

/** Types a value may be cast to: PostgreSQL's ordinary data types (the reg* lookups into the catalog are not among them). */
// biome-ignore format: read as a table, a few names a line
export const allowedTypes: ReadonlySet<string> = new Set([
  "text", "varchar", "bpchar", "char", "int2", "int4", "int8", "smallint", "integer", "int",
  "bigint", "numeric", "decimal", "float4", "float8", "real", "bool", "boolean", "date", "time",
  "timetz", "timestamp", "timestamptz", "interval", "json", "jsonb", "uuid", "tsquery", "tsvector",
]);

/** SQL value functions (written without parentheses) that read the clock; the others name roles and databases. */
// biome-ignore format: read as a table, a few names a line
export const allowedValueFunctions: ReadonlySet<string> = new Set([
  "SVFOP_CURRENT_DATE", "SVFOP_CURRENT_TIME", "SVFOP_CURRENT_TIME_N", "SVFOP_CURRENT_TIMESTAMP",
  "SVFOP_CURRENT_TIMESTAMP_N", "SVFOP_LOCALTIME", "SVFOP_LOCALTIME_N", "SVFOP_LOCALTIMESTAMP",
  "SVFOP_LOCALTIMESTAMP_N",
]);

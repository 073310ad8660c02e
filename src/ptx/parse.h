/*
** parse.h - PTX text to ptx_module.
** Parsing checks syntax, names and operand shapes; type rules that depend on
** an instruction's semantics are checked when compile/ decodes it. Every
** error carries file:line:col and the offending line.
*/
#ifndef WS_PTX_PARSE_H
#define WS_PTX_PARSE_H
#include "ptx/ir.h"
#include "util/diag.h"

/*
** Parses text (NUL-terminated, len bytes; the module takes ownership of
** text) read from `path`. On success stores a new module in *out and returns
** WS_OK; on error fills diag and returns WS_ERR.
*/
int ptx_parse(const char *path, char *text, size_t len,
              struct ptx_module **out, struct ws_diag *diag);

/* Reads and parses a file. Limits the size to max_bytes (0: no limit). */
int ptx_parse_file(const char *path, size_t max_bytes,
                   struct ptx_module **out, struct ws_diag *diag);

#endif

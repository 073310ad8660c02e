/*
** jparse.h - read JSON into struct jv (the inverse of jv_write).
*/
#ifndef WS_JPARSE_H
#define WS_JPARSE_H
#include <stddef.h>
#include "util/diag.h"
#include "util/jval.h"

/*
** Parses len bytes of text; on error returns NULL with diag set to
** "file:line:col: error: ...". Strict: no comments, trailing commas,
** duplicate keys, leading zeros, NaN, or text after the value; strings
** must be valid UTF-8.
*/
struct jv *jv_parse(const char *text, size_t len, const char *file,
                    struct ws_diag *diag);

/*
** Follows a dotted path ("launches.1.warp_instructions") into v: object
** keys (the longest matching key, so keys may contain dots) and 1-based
** array indices. NULL when absent.
*/
const struct jv *jv_path(const struct jv *v, const char *path);

#endif

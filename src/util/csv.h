/*
** csv.h - read a CSV table (RFC 4180: quoted fields with "" for a quote,
** commas and line breaks inside quotes; CRLF or LF lines), as
** `warpscope sweep` writes results.csv.
*/
#ifndef WS_CSV_H
#define WS_CSV_H
#include <stddef.h>
#include "util/diag.h"

struct csv {
    char **head;             /* column names (the first line) */
    size_t ncol;
    char ***rows;            /* rows[r][c]: ncol fields each */
    size_t nrow;
};

/*
** Parses text (len bytes) into t. Every row must have as many fields as
** the header. Returns WS_OK, or WS_ERR with d naming file:line:col.
*/
int csv_parse(struct csv *t, const char *text, size_t len, const char *file,
              struct ws_diag *d);
/* Index of the column called name, or -1. */
int csv_column(const struct csv *t, const char *name);
void csv_free(struct csv *t);

#endif

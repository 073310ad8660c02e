/* csv.c - the CSV reader (see csv.h). */
#include "util/csv.h"
#include "util/strbuf.h"
#include "util/xalloc.h"
#include <stdlib.h>
#include <string.h>

/* One record starting at *p: fields appended to *out (count in *n). */
static int record(const char **p, const char *end, char ***out, size_t *n,
                  const char *file, int *line, struct ws_diag *d)
{
    const char *s = *p;
    const char *ls = s;
    struct strbuf b;
    sb_init(&b);
    size_t cap = 0;
    *out = NULL;
    *n = 0;
    for (;;) {
        sb_clear(&b);
        if (s < end && *s == '"') {
            for (s++;; s++) {
                if (s >= end) {
                    sb_free(&b);
                    return diag_error(d, file, *line, (int)(s - ls) + 1,
                                      "a quoted field is not closed");
                }
                if (*s == '"' && s + 1 < end && s[1] == '"')
                    sb_putc(&b, *s++);
                else if (*s == '"')
                    break;
                else {
                    if (*s == '\n')
                        (*line)++;
                    sb_putc(&b, *s);
                }
            }
            s++;
            if (s < end && *s != ',' && *s != '\n' && *s != '\r') {
                sb_free(&b);
                return diag_error(d, file, *line, (int)(s - ls) + 1,
                                  "expected ',' or the end of the line after a quoted field");
            }
        } else {
            const char *e = s;
            while (e < end && *e != ',' && *e != '\n' && *e != '\r')
                e++;
            sb_putn(&b, s, (size_t)(e - s));
            s = e;
        }
        if (*n == cap)
            *out = ws_xrealloc(*out, (cap = cap ? cap * 2 : 8) * sizeof **out);
        (*out)[(*n)++] = ws_xstrdup(sb_str(&b));
        if (s < end && *s == ',') {
            s++;
            continue;
        }
        if (s < end && *s == '\r')
            s++;
        if (s < end && *s == '\n')
            s++;
        break;
    }
    sb_free(&b);
    (*line)++;
    *p = s;
    return WS_OK;
}

static void row_free(char **r, size_t n)
{
    for (size_t i = 0; i < n; i++)
        free(r[i]);
    free(r);
}

int csv_parse(struct csv *t, const char *text, size_t len, const char *file,
              struct ws_diag *d)
{
    memset(t, 0, sizeof *t);
    const char *p = text, *end = text + len;
    int line = 1;
    if (len == 0)
        return diag_error(d, file, 1, 1, "empty file: expected a header line");
    if (record(&p, end, &t->head, &t->ncol, file, &line, d) != WS_OK)
        return WS_ERR;
    size_t cap = 0;
    while (p < end) {
        char **r;
        size_t n;
        int at = line;
        if (record(&p, end, &r, &n, file, &line, d) != WS_OK) {
            csv_free(t);
            return WS_ERR;
        }
        if (n == 1 && !*r[0] && p >= end) {     /* a final empty line */
            row_free(r, n);
            break;
        }
        if (n != t->ncol) {
            diag_error(d, file, at, 1, "this row has %zu fields, the header %zu",
                       n, t->ncol);
            row_free(r, n);
            csv_free(t);
            return WS_ERR;
        }
        if (t->nrow == cap)
            t->rows = ws_xrealloc(t->rows, (cap = cap ? cap * 2 : 16) * sizeof *t->rows);
        t->rows[t->nrow++] = r;
    }
    return WS_OK;
}

int csv_column(const struct csv *t, const char *name)
{
    for (size_t i = 0; i < t->ncol; i++)
        if (strcmp(t->head[i], name) == 0)
            return (int)i;
    return -1;
}

void csv_free(struct csv *t)
{
    for (size_t r = 0; r < t->nrow; r++)
        row_free(t->rows[r], t->ncol);
    free(t->rows);
    if (t->head)
        row_free(t->head, t->ncol);
    memset(t, 0, sizeof *t);
}

/*
** diag.h - user-facing diagnostics.
** Every error a user can cause (bad PTX, config key, scenario, command)
** becomes one struct ws_diag carrying file:line:col, a message that says what
** was expected and, where there is source text, the offending line for a
** caret. Library code fills a diagnostic and returns an error status; only
** cli/ and ui/ print it and pick an exit code.
*/
#ifndef WS_DIAG_H
#define WS_DIAG_H
#include "util/strbuf.h"

/* Status codes returned by library functions. */
enum {
    WS_OK = 0,
    WS_ERR = -1,     /* bad input: diagnostic filled; exit code 2 */
    WS_FAIL = -2,    /* a scenario check failed; exit code 1 */
};

struct ws_diag {
    char *file;      /* NULL when the error has no source location */
    int line, col;   /* 1-based; 0 when unknown */
    char *msg;       /* NULL when no error is recorded */
    char *srcline;   /* the offending source line (no newline) or NULL */
    int width;       /* length of the underlined span, >= 1 */
    char *note;      /* optional extra line ("note: ...") */
    int raw;         /* msg is an already rendered diagnostic (with its own
                        location and caret) that passed through Lua */
};

/*
** Records an error at file:line:col (file may be NULL) and returns WS_ERR,
** so callers can write `return diag_error(d, ...)`. A diagnostic already
** holding an error is overwritten.
*/
int diag_error(struct ws_diag *d, const char *file, int line, int col,
               const char *fmt, ...) __attribute__((format(printf, 5, 6)));

/* Attaches the source line (len bytes from p, cut at a newline) and span. */
void diag_source(struct ws_diag *d, const char *p, size_t len, int width);

/*
** Attaches line d->line of the file d->file, read again from disk, with
** the name at d->col underlined (a column of 0 becomes the line's first
** non-blank character), unless d has a source line already or is
** rendered. For errors found after the text is gone (a preset's keys).
*/
void diag_source_from_file(struct ws_diag *d);

/* Attaches a note printed after the error. */
void diag_note(struct ws_diag *d, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Prefixes the message, e.g. to add "in kernel 'k': ". */
void diag_prefix(struct ws_diag *d, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/*
** Appends the rendered diagnostic:
**   file:line:col: error: msg
**       source line
**       ^~~~
**   note: ...
*/
void diag_render(const struct ws_diag *d, struct strbuf *out);

int diag_has_error(const struct ws_diag *d);
void diag_reset(struct ws_diag *d);

#endif

/* diag.c - diagnostics with source carets (see diag.h). */
#include "util/diag.h"
#include "util/fileio.h"
#include "util/xalloc.h"
#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

void diag_reset(struct ws_diag *d)
{
    free(d->file);
    free(d->msg);
    free(d->srcline);
    free(d->note);
    memset(d, 0, sizeof *d);
}

int diag_error(struct ws_diag *d, const char *file, int line, int col,
               const char *fmt, ...)
{
    diag_reset(d);
    d->file = file ? ws_xstrdup(file) : NULL;
    d->line = line;
    d->col = col;
    struct strbuf b;
    sb_init(&b);
    va_list ap;
    va_start(ap, fmt);
    sb_vprintf(&b, fmt, ap);
    va_end(ap);
    d->msg = sb_take(&b);
    d->width = 1;
    return WS_ERR;
}

void diag_source(struct ws_diag *d, const char *p, size_t len, int width)
{
    const char *nl = memchr(p, '\n', len);
    if (nl)
        len = (size_t)(nl - p);
    if (len && p[len - 1] == '\r')
        len--;
    free(d->srcline);
    d->srcline = ws_xstrndup(p, len);
    d->width = width > 0 ? width : 1;
}

void diag_source_from_file(struct ws_diag *d)
{
    if (!d->file || d->line <= 0 || d->srcline || d->raw)
        return;
    size_t len;
    char *text = ws_read_file(d->file, &len);
    if (!text)
        return;
    const char *p = text;
    for (int l = 1; l < d->line && p; l++) {
        p = strchr(p, '\n');
        if (p)
            p++;
    }
    if (p) {
        size_t n = strcspn(p, "\r\n");
        if (d->col <= 0) {
            size_t i = 0;
            while (i < n && (p[i] == ' ' || p[i] == '\t'))
                i++;
            d->col = i < n ? (int)i + 1 : 1;
        }
        size_t i = (size_t)d->col - 1, j = i;
        while (j < n && (isalnum((unsigned char)p[j]) || p[j] == '_' ||
                         p[j] == '.'))
            j++;
        diag_source(d, p, n, j > i ? (int)(j - i) : 1);
    }
    free(text);
}

void diag_note(struct ws_diag *d, const char *fmt, ...)
{
    struct strbuf b;
    sb_init(&b);
    va_list ap;
    va_start(ap, fmt);
    sb_vprintf(&b, fmt, ap);
    va_end(ap);
    free(d->note);
    d->note = sb_take(&b);
}

void diag_prefix(struct ws_diag *d, const char *fmt, ...)
{
    struct strbuf b;
    sb_init(&b);
    va_list ap;
    va_start(ap, fmt);
    sb_vprintf(&b, fmt, ap);
    va_end(ap);
    sb_puts(&b, d->msg ? d->msg : "");
    free(d->msg);
    d->msg = sb_take(&b);
}

int diag_has_error(const struct ws_diag *d)
{
    return d->msg != NULL;
}

/* Source lines longer than this are shown as a window around the caret
   (a generated file may put thousands of characters on one line). */
#define SRC_WINDOW 160
#define SRC_BEFORE 60

static void render_source(const struct ws_diag *d, struct strbuf *out)
{
    const char *s = d->srcline;
    size_t n = strlen(s), c = (size_t)d->col - 1, from = 0, to = n;
    if (n > SRC_WINDOW) {
        from = c > SRC_BEFORE ? c - SRC_BEFORE : 0;
        if (from > n)
            from = n;
        to = from + SRC_WINDOW < n ? from + SRC_WINDOW : n;
    }
    const char *pre = from ? "..." : "", *post = to < n ? "..." : "";
    sb_printf(out, "    %s%.*s%s\n    %s", pre, (int)(to - from), s + from,
              post, from ? "   " : "");
    /* Copy tabs so the caret lines up whatever the tab width is. */
    for (size_t i = from; i < c; i++)
        sb_putc(out, i < n && s[i] == '\t' ? '\t' : ' ');
    sb_putc(out, '^');
    for (size_t i = 1; i < (size_t)d->width && (to == n || c + i < to); i++)
        sb_putc(out, '~');
    sb_putc(out, '\n');
}

void diag_render(const struct ws_diag *d, struct strbuf *out)
{
    if (!d->msg)
        return;
    if (d->raw) {
        sb_puts(out, d->msg);
        if (d->msg[0] && d->msg[strlen(d->msg) - 1] != '\n')
            sb_putc(out, '\n');
        if (d->note)
            sb_printf(out, "note: %s\n", d->note);
        return;
    }
    if (d->file) {
        sb_puts(out, d->file);
        if (d->line > 0) {
            sb_printf(out, ":%d", d->line);
            if (d->col > 0)
                sb_printf(out, ":%d", d->col);
        }
        sb_puts(out, ": ");
    }
    sb_printf(out, "error: %s\n", d->msg);
    if (d->srcline && d->col > 0)
        render_source(d, out);
    if (d->note)
        sb_printf(out, "note: %s\n", d->note);
}

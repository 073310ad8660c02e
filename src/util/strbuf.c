/* strbuf.c - growable strings (see strbuf.h). */
#include "util/strbuf.h"
#include "util/xalloc.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void sb_init(struct strbuf *b)
{
    b->s = NULL;
    b->len = b->cap = 0;
}

void sb_free(struct strbuf *b)
{
    free(b->s);
    sb_init(b);
}

void sb_clear(struct strbuf *b)
{
    b->len = 0;
    if (b->s)
        b->s[0] = '\0';
}

static void grow(struct strbuf *b, size_t extra)
{
    if (b->len + extra + 1 <= b->cap)
        return;
    size_t nc = b->cap ? b->cap * 2 : 64;
    while (nc < b->len + extra + 1)
        nc *= 2;
    b->s = ws_xrealloc(b->s, nc);
    b->cap = nc;
}

void sb_putn(struct strbuf *b, const char *s, size_t n)
{
    grow(b, n);
    memcpy(b->s + b->len, s, n);
    b->len += n;
    b->s[b->len] = '\0';
}

void sb_putc(struct strbuf *b, char c)
{
    sb_putn(b, &c, 1);
}

void sb_puts(struct strbuf *b, const char *s)
{
    sb_putn(b, s, strlen(s));
}

void sb_vprintf(struct strbuf *b, const char *fmt, va_list ap)
{
    va_list ap2;
    va_copy(ap2, ap);
    int n = vsnprintf(NULL, 0, fmt, ap2);
    va_end(ap2);
    if (n < 0)
        return;
    grow(b, (size_t)n);
    vsnprintf(b->s + b->len, (size_t)n + 1, fmt, ap);
    b->len += (size_t)n;
}

void sb_printf(struct strbuf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    sb_vprintf(b, fmt, ap);
    va_end(ap);
}

char *sb_take(struct strbuf *b)
{
    char *s = b->s ? b->s : ws_xstrdup("");
    sb_init(b);
    return s;
}

const char *sb_str(const struct strbuf *b)
{
    return b->s ? b->s : "";
}

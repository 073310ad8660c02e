/*
** strbuf.h - growable NUL-terminated string.
*/
#ifndef WS_STRBUF_H
#define WS_STRBUF_H
#include <stdarg.h>
#include <stddef.h>

struct strbuf {
    char *s;      /* always NUL-terminated once anything was appended */
    size_t len, cap;
};

void sb_init(struct strbuf *b);
void sb_free(struct strbuf *b);
void sb_clear(struct strbuf *b);
void sb_putc(struct strbuf *b, char c);
void sb_puts(struct strbuf *b, const char *s);
void sb_putn(struct strbuf *b, const char *s, size_t n);
void sb_printf(struct strbuf *b, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void sb_vprintf(struct strbuf *b, const char *fmt, va_list ap);
/* Returns the string (never NULL) and leaves the buffer empty; caller frees. */
char *sb_take(struct strbuf *b);
/* Returns the contents, "" when empty; valid until the next append. */
const char *sb_str(const struct strbuf *b);

#endif

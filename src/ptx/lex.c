/* lex.c - PTX tokens (see lex.h). */
#include "ptx/lex.h"
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void lex_init(struct lexer *lx, const char *src, const char *file,
              struct ws_diag *diag)
{
    lx->src = lx->cur = lx->line_start = src;
    lx->file = file;
    lx->line = 1;
    lx->diag = diag;
}

static int is_id_start(int c)
{
    return isalpha(c) || c == '_' || c == '$' || c == '%';
}

static int is_id_char(int c)
{
    return isalnum(c) || c == '_' || c == '$';
}

static struct token err(struct lexer *lx, const char *at, const char *fmt,
                        ...) __attribute__((format(printf, 3, 4)));
static struct token err(struct lexer *lx, const char *at, const char *fmt,
                        ...)
{
    struct token t = { .kind = TK_ERROR };
    char msg[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    int col = (int)(at - lx->line_start) + 1;
    diag_error(lx->diag, lx->file, lx->line, col, "%s", msg);
    const char *e = strchr(lx->line_start, '\n');
    size_t n = e ? (size_t)(e - lx->line_start) : strlen(lx->line_start);
    diag_source(lx->diag, lx->line_start, n, 1);
    return t;
}

/* Skips whitespace and comments; returns 1 if anything was skipped. */
static int skip_space(struct lexer *lx, int *error)
{
    const char *start = lx->cur;
    for (;;) {
        char c = *lx->cur;
        if (c == '\n') {
            lx->cur++;
            lx->line++;
            lx->line_start = lx->cur;
        } else if (c == ' ' || c == '\t' || c == '\r' || c == '\f' ||
                   c == '\v') {
            lx->cur++;
        } else if (c == '/' && lx->cur[1] == '/') {
            while (*lx->cur && *lx->cur != '\n')
                lx->cur++;
        } else if (c == '/' && lx->cur[1] == '*') {
            const char *open = lx->cur;
            int open_line = lx->line;
            const char *open_ls = lx->line_start;
            lx->cur += 2;
            while (*lx->cur && !(lx->cur[0] == '*' && lx->cur[1] == '/')) {
                if (*lx->cur == '\n') {
                    lx->line++;
                    lx->line_start = lx->cur + 1;
                }
                lx->cur++;
            }
            if (!*lx->cur) {
                lx->line = open_line;
                lx->line_start = open_ls;
                err(lx, open, "unterminated comment");
                *error = 1;
                return 1;
            }
            lx->cur += 2;
        } else {
            break;
        }
    }
    return lx->cur != start;
}

static struct token number(struct lexer *lx, struct token t)
{
    const char *p = lx->cur;
    /* 0fXXXXXXXX and 0dXXXXXXXXXXXXXXXX: IEEE bit patterns in hex. */
    if (p[0] == '0' && (p[1] == 'f' || p[1] == 'F' || p[1] == 'd' ||
                        p[1] == 'D')) {
        int want = (p[1] == 'f' || p[1] == 'F') ? 8 : 16;
        int n = 0;
        uint64_t bits = 0;
        const char *q = p + 2;
        while (isxdigit((unsigned char)*q)) {
            int c = *q;
            bits = bits * 16 + (uint64_t)(isdigit(c) ? c - '0'
                                                     : (tolower(c) - 'a' + 10));
            q++;
            n++;
        }
        if (n != want || is_id_char(*q))
            return err(lx, p, "malformed float literal: expected 0f followed by 8 or 0d followed by 16 hex digits");
        t.kind = TK_FLOAT;
        t.fsize = want / 2;
        if (want == 8) {
            uint32_t b32 = (uint32_t)bits;
            float f;
            memcpy(&f, &b32, 4);
            t.fval = (double)f;
        } else {
            memcpy(&t.fval, &bits, 8);
        }
        t.len = (int)(q - p);
        lx->cur = q;
        return t;
    }
    /* Decimal float: digits with a '.' or an exponent. */
    const char *q = p;
    while (isdigit((unsigned char)*q))
        q++;
    if ((*q == '.' && isdigit((unsigned char)q[1])) || *q == 'e' ||
        *q == 'E') {
        if (!(p[0] == '0' && (p[1] == 'x' || p[1] == 'X'))) {
            char *end;
            errno = 0;
            double v = strtod(p, &end);
            if (end == p || is_id_char(*end))
                return err(lx, p, "malformed number");
            t.kind = TK_FLOAT;
            t.fsize = 8;
            t.fval = v;
            t.len = (int)(end - p);
            lx->cur = end;
            return t;
        }
    }
    uint64_t v = 0;
    int base = 10;
    q = p;
    if (q[0] == '0' && (q[1] == 'x' || q[1] == 'X')) {
        base = 16;
        q += 2;
    } else if (q[0] == '0' && (q[1] == 'b' || q[1] == 'B')) {
        base = 2;
        q += 2;
    } else if (q[0] == '0' && isdigit((unsigned char)q[1])) {
        base = 8;
        q += 1;
    }
    const char *digits = q;
    int overflow = 0;
    for (;; q++) {
        int c = (unsigned char)*q, d;
        if (isdigit(c))
            d = c - '0';
        else if (isalpha(c) && base == 16 && isxdigit(c))
            d = tolower(c) - 'a' + 10;
        else
            break;
        if (d >= base)
            return err(lx, q, "digit '%c' is not valid in this number base", c);
        if (v > (UINT64_MAX - (uint64_t)d) / (uint64_t)base)
            overflow = 1;
        v = v * (uint64_t)base + (uint64_t)d;
    }
    if (q == digits)
        return err(lx, p, "malformed number");
    if (overflow)
        return err(lx, p, "integer literal does not fit in 64 bits");
    if (*q == 'U' || *q == 'u') {
        t.uns = true;
        q++;
    }
    if (is_id_char(*q))
        return err(lx, q, "unexpected character '%c' in number", *q);
    t.kind = TK_INT;
    t.ival = v;
    t.len = (int)(q - p);
    lx->cur = q;
    return t;
}

struct token lex_next(struct lexer *lx)
{
    int error = 0;
    struct token t = { 0 };
    t.spaced = skip_space(lx, &error) || lx->cur == lx->src;
    if (error)
        return (struct token){ .kind = TK_ERROR };
    t.p = lx->cur;
    t.line = lx->line;
    t.col = (int)(lx->cur - lx->line_start) + 1;
    int c = (unsigned char)*lx->cur;
    if (c == '\0') {
        t.kind = TK_EOF;
        return t;
    }
    if (isdigit(c))
        return number(lx, t);
    if (is_id_start(c)) {
        const char *q = lx->cur + 1;
        while (is_id_char(*q))
            q++;
        t.kind = TK_IDENT;
        t.len = (int)(q - lx->cur);
        lx->cur = q;
        return t;
    }
    if (c == '.' && (is_id_start((unsigned char)lx->cur[1]) ||
                     isdigit((unsigned char)lx->cur[1]))) {
        /* A directive or modifier; `.L1::evict_last` keeps its `::`. */
        const char *q = lx->cur + 1;
        for (;;) {
            while (is_id_char(*q))
                q++;
            if (q[0] == ':' && q[1] == ':' && is_id_char(q[2]))
                q += 2;
            else
                break;
        }
        t.kind = TK_DOT;
        t.len = (int)(q - lx->cur);
        lx->cur = q;
        return t;
    }
    if (c == '"') {
        const char *q = lx->cur + 1;
        while (*q && *q != '"' && *q != '\n')
            q++;
        if (*q != '"')
            return err(lx, lx->cur, "unterminated string");
        t.kind = TK_STRING;
        t.len = (int)(q + 1 - lx->cur);
        lx->cur = q + 1;
        return t;
    }
    if (strchr(",;:{}[]()<>+-!@|=", c)) {
        t.kind = TK_PUNCT;
        t.punct = (char)c;
        t.len = 1;
        lx->cur++;
        return t;
    }
    if (c < 0x20 || c >= 0x7f)
        return err(lx, lx->cur, "unexpected byte 0x%02x in PTX text", c);
    return err(lx, lx->cur, "unexpected character '%c'", c);
}

/*
** parse-util.c - the parser's errors, token stream and scopes
** (parse-internal.h), shared by parse.c and parse-inst.c, and the
** module's source lines (ptx_module_line), which errors quote.
*/
#include "ptx/parse-internal.h"
#include "ptx/parse.h"
#include "util/intern.h"
#include "util/xalloc.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- source lines ---------------------------------------------------- */

const char *ptx_module_line(const struct ptx_module *m, int line, size_t *len)
{
    if (line < 1 || (size_t)line > m->line_start.n)
        return NULL;
    size_t s = m->line_start.v[line - 1];
    size_t e = (size_t)line < m->line_start.n ? m->line_start.v[line] - 1
                                               : m->text_len;
    *len = e - s;
    return m->text + s;
}

/* ---- errors ---------------------------------------------------------- */

int ptxp_verr_at(struct parser *p, int line, int col, int width,
                 const char *fmt, va_list ap)
{
    char msg[512];
    vsnprintf(msg, sizeof msg, fmt, ap);
    diag_error(p->diag, p->m->path, line, col, "%s", msg);
    size_t len;
    const char *src = ptx_module_line(p->m, line, &len);
    if (src)
        diag_source(p->diag, src, len, width);
    return WS_ERR;
}

int ptxp_err_at(struct parser *p, int line, int col, int width,
                const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    ptxp_verr_at(p, line, col, width, fmt, ap);
    va_end(ap);
    return WS_ERR;
}

int ptxp_err_tok(struct parser *p, const struct token *t, const char *fmt,
                 ...)
{
    va_list ap;
    va_start(ap, fmt);
    ptxp_verr_at(p, t->line, t->col, t->len > 0 ? t->len : 1, fmt, ap);
    va_end(ap);
    return WS_ERR;
}

/* Describes a token for "found ..." messages. */
const char *ptxp_tokdesc(const struct token *t, char *buf, size_t n)
{
    switch (t->kind) {
    case TK_EOF: return "end of file";
    case TK_ERROR: return "an invalid token";
    default:
        snprintf(buf, n, "'%.*s'", t->len > 40 ? 40 : t->len, t->p);
        return buf;
    }
}

int ptxp_expected(struct parser *p, const char *what)
{
    char b[64];
    return ptxp_err_tok(p, &p->t, "expected %s, found %s", what,
                        ptxp_tokdesc(&p->t, b, sizeof b));
}

/* ---- token stream ---------------------------------------------------- */

int ptxp_advance(struct parser *p)
{
    if (p->has_la) {
        p->t = p->la;
        p->has_la = false;
    } else {
        p->t = lex_next(&p->lx);
    }
    return p->t.kind == TK_ERROR ? WS_ERR : WS_OK;
}

const struct token *ptxp_peek(struct parser *p)
{
    if (!p->has_la) {
        p->la = lex_next(&p->lx);
        p->has_la = true;
    }
    return &p->la;
}

bool ptxp_is_punct(const struct token *t, char c)
{
    return t->kind == TK_PUNCT && t->punct == c;
}

bool ptxp_is_dot(const struct token *t, const char *s)
{
    size_t n = strlen(s);
    return t->kind == TK_DOT && (size_t)t->len == n && memcmp(t->p, s, n) == 0;
}

int ptxp_expect_punct(struct parser *p, char c)
{
    if (!ptxp_is_punct(&p->t, c)) {
        char what[8] = { '\'', c, '\'', 0 };
        return ptxp_expected(p, what);
    }
    return ptxp_advance(p);
}

const char *ptxp_tok_name(struct parser *p, const struct token *t)
{
    return intern(p->m->pool, t->p, (size_t)t->len);
}

/* Parses an unsigned integer token into *v. */
int ptxp_parse_uint(struct parser *p, uint64_t *v, const char *what)
{
    if (p->t.kind != TK_INT)
        return ptxp_expected(p, what);
    *v = p->t.ival;
    return ptxp_advance(p);
}

int ptxp_parse_int(struct parser *p, int64_t *v, const char *what)
{
    bool neg = false;
    if (ptxp_is_punct(&p->t, '-')) {
        neg = true;
        if (ptxp_advance(p))
            return WS_ERR;
    }
    if (p->t.kind != TK_INT)
        return ptxp_expected(p, what);
    *v = (int64_t)(neg ? 0 - p->t.ival : p->t.ival);
    return ptxp_advance(p);
}

/* ---- scopes ---------------------------------------------------------- */

void ptxp_scope_push(struct parser *p)
{
    vec_push(&p->scopes, p->binds.n);
}

void ptxp_scope_pop(struct parser *p)
{
    size_t keep = vec_last(&p->scopes);
    p->scopes.n--;
    while (p->binds.n > keep) {
        struct binding *b = &p->binds.v[--p->binds.n];
        if (b->prev >= 0)
            ptrmap_put(&p->names, b->name, b->prev);
        else
            ptrmap_del(&p->names, b->name);
    }
}

int ptxp_bind(struct parser *p, const char *name, enum bkind k,
              int32_t idx, const struct token *at)
{
    int64_t prev = -1;
    if (ptrmap_get(&p->names, name, &prev)) {
        /* Redeclaring in the same scope is an error; shadowing is not. */
        if ((size_t)prev >= vec_last(&p->scopes))
            return ptxp_err_tok(p, at, "'%s' is already declared in this scope",
                                name);
    } else {
        prev = -1;
    }
    struct binding b = { name, k, idx, prev };
    vec_push(&p->binds, b);
    ptrmap_put(&p->names, name, (int64_t)p->binds.n - 1);
    return WS_OK;
}

const struct binding *ptxp_lookup(struct parser *p, const char *name)
{
    int64_t i;
    if (p->fn >= 0 && ptrmap_get(&p->names, name, &i))
        return &p->binds.v[i];
    return NULL;
}

/*
** demangle.c - a small Itanium C++ ABI demangler for kernel names (see
** demangle.h). A recursive-descent reader over the subset nvcc emits for
** __global__ functions; output follows c++filt ("float const*"). Any
** form outside the subset makes the whole name fail, so a caller falls
** back to the mangled name rather than showing a wrong one.
*/
#include "util/demangle.h"
#include "util/strbuf.h"
#include "util/xalloc.h"
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#define MAX_SUBST 64
#define MAX_DEPTH 32

struct dm {
    const char *p;
    int bad;
    int depth;
    char *subst[MAX_SUBST];    /* substitution candidates, in order */
    int nsubst;
    char *targs[MAX_SUBST];    /* the function's template arguments */
    int ntargs;
};

static char *fail(struct dm *d)
{
    d->bad = 1;
    return NULL;
}

static void add_subst(struct dm *d, const char *s)
{
    if (d->nsubst == MAX_SUBST) {
        d->bad = 1;
        return;
    }
    d->subst[d->nsubst++] = ws_xstrdup(s);
}

static char *cat(const char *a, const char *b, const char *c)
{
    struct strbuf s;
    sb_init(&s);
    sb_puts(&s, a);
    sb_puts(&s, b);
    sb_puts(&s, c);
    return sb_take(&s);
}

static const struct {
    char code;
    const char *name;
} builtins[] = {
    { 'v', "void" }, { 'b', "bool" }, { 'c', "char" }, { 'a', "signed char" },
    { 'h', "unsigned char" }, { 's', "short" }, { 't', "unsigned short" },
    { 'i', "int" }, { 'j', "unsigned int" }, { 'l', "long" },
    { 'm', "unsigned long" }, { 'x', "long long" },
    { 'y', "unsigned long long" }, { 'n', "__int128" },
    { 'o', "unsigned __int128" }, { 'f', "float" }, { 'd', "double" },
    { 'e', "long double" }, { 'w', "wchar_t" }, { 'z', "..." },
};

static char *type(struct dm *d);

/* <number>: a non-negative decimal. */
static long number(struct dm *d)
{
    if (!isdigit((unsigned char)*d->p))
        return -1;
    long n = 0;
    while (isdigit((unsigned char)*d->p) && n < 100000)
        n = n * 10 + (*d->p++ - '0');
    return n;
}

/* <source-name> ::= <length> <identifier> */
static char *source_name(struct dm *d)
{
    long n = number(d);
    if (n <= 0 || (long)strnlen(d->p, (size_t)n) < n)
        return fail(d);
    const char *s = d->p;
    d->p += n;
    if (n >= 10 && strncmp(s, "_GLOBAL__N", 10) == 0)
        return ws_xstrdup("(anonymous namespace)");
    for (long i = 0; i < n; i++)
        if (!isalnum((unsigned char)s[i]) && s[i] != '_' && s[i] != '$')
            return fail(d);
    struct strbuf b;
    sb_init(&b);
    sb_putn(&b, s, (size_t)n);
    return sb_take(&b);
}

/* <seq-id> _ : S_ is 0, S0_ 1, S1_ 2 (base 36). Also T_ likewise. */
static long seq_id(struct dm *d)
{
    long n = 0;
    if (*d->p == '_') {
        d->p++;
        return 0;
    }
    while (isdigit((unsigned char)*d->p) || isupper((unsigned char)*d->p)) {
        int c = *d->p++;
        n = n * 36 + (isdigit(c) ? c - '0' : c - 'A' + 10);
        if (n > 100000)
            return -1;
    }
    if (*d->p++ != '_')
        return -1;
    return n + 1;
}

/* <substitution> after the 'S' (St handled by the callers). */
static char *substitution(struct dm *d)
{
    long i = seq_id(d);
    if (i < 0 || i >= d->nsubst)
        return fail(d);
    return ws_xstrdup(d->subst[i]);
}

/* <template-param> after the 'T'. */
static char *template_param(struct dm *d)
{
    long i = seq_id(d);
    if (i < 0 || i >= d->ntargs)
        return fail(d);
    return ws_xstrdup(d->targs[i]);
}

/* <expr-primary> ::= L <type> <value> E (integers and bool only). */
static char *literal(struct dm *d)
{
    char t = *d->p++;
    if (!strchr("bcahstijlmxy", t))
        return fail(d);
    struct strbuf b;
    sb_init(&b);
    if (*d->p == 'n') {
        sb_putc(&b, '-');
        d->p++;
    }
    const char *s = d->p;
    while (isdigit((unsigned char)*d->p))
        d->p++;
    if (d->p == s || *d->p != 'E') {
        sb_free(&b);
        return fail(d);
    }
    sb_putn(&b, s, (size_t)(d->p - s));
    d->p++;
    if (t == 'b') {
        int one = strcmp(sb_str(&b), "1") == 0;
        sb_free(&b);
        return ws_xstrdup(one ? "true" : "false");
    }
    if (t == 'j')
        sb_putc(&b, 'u');
    else if (t == 'l')
        sb_putc(&b, 'l');
    else if (t == 'm')
        sb_puts(&b, "ul");
    return sb_take(&b);
}

/*
** <template-args> ::= I <arg>+ E, rendered "<a, b>". With `keep`, the
** arguments become the template parameters T_, T0_, ... (the function's).
*/
static char *template_args(struct dm *d, int keep)
{
    d->p++;                               /* 'I' */
    struct strbuf b;
    sb_init(&b);
    sb_putc(&b, '<');
    if (keep)
        for (int i = 0; i < d->ntargs; i++)
            free(d->targs[i]);
    if (keep)
        d->ntargs = 0;
    for (int n = 0; *d->p != 'E'; n++) {
        char *a = NULL;
        if (*d->p == 'L') {
            d->p++;
            a = literal(d);
        } else {
            a = type(d);
        }
        if (!a || d->bad) {
            free(a);
            sb_free(&b);
            return fail(d);
        }
        if (n)
            sb_puts(&b, ", ");
        sb_puts(&b, a);
        if (keep && d->ntargs < MAX_SUBST)
            d->targs[d->ntargs++] = ws_xstrdup(a);
        free(a);
    }
    d->p++;                               /* 'E' */
    if (sb_str(&b)[b.len - 1] == '>')
        sb_putc(&b, ' ');
    sb_putc(&b, '>');
    return sb_take(&b);
}

/*
** <nested-name> ::= N [<CV-qualifiers>] <prefix> <unqualified-name> E.
** Every prefix is a substitution candidate; the whole name too when it
** names a type (`is_type`), not when it names the function. *last gets
** the final component and *targs its template arguments (or NULL).
*/
static char *nested_name(struct dm *d, int is_type, char **last, char **targs)
{
    d->p++;                               /* 'N' */
    while (*d->p == 'K' || *d->p == 'V' || *d->p == 'r')
        d->p++;                           /* member function qualifiers */
    char *acc = NULL;
    *last = NULL;
    *targs = NULL;
    while (!d->bad && *d->p != 'E') {
        if (*d->p == 'I') {
            if (!acc)
                return fail(d);
            free(*targs);
            *targs = template_args(d, !is_type);
            char *t = *targs ? cat(acc, *targs, "") : NULL;
            free(acc);
            acc = t;
        } else if (*d->p == 'S' && d->p[1] == 't' && !acc) {
            d->p += 2;
            acc = ws_xstrdup("std");
            continue;                     /* ::std is no candidate */
        } else if (*d->p == 'S' && !acc) {
            d->p++;
            acc = substitution(d);
            continue;                     /* nor is a substitution */
        } else {
            char *n = source_name(d);
            if (!n)
                break;
            free(*targs);
            *targs = NULL;
            char *t = acc ? cat(acc, "::", n) : ws_xstrdup(n);
            free(*last);
            *last = n;
            free(acc);
            acc = t;
        }
        if (!acc)
            break;
        if (d->p[0] != 'E' || is_type)
            add_subst(d, acc);
    }
    if (d->bad || !acc || !*last) {
        free(acc);
        return fail(d);
    }
    d->p++;                               /* 'E' */
    return acc;
}

/* A type name r followed by template arguments is a template-id (both are
   substitution candidates; r was added by the caller). Takes r. */
static char *template_id(struct dm *d, char *r)
{
    if (!r || *d->p != 'I')
        return r;
    char *a = template_args(d, 0);
    char *t = a ? cat(r, a, "") : NULL;
    free(a);
    free(r);
    if (t)
        add_subst(d, t);
    return t;
}

/* A builtin type (v, i, f, Dh, ...), or NULL with nothing read. */
static char *builtin(struct dm *d)
{
    char c = *d->p;
    for (size_t i = 0; i < sizeof builtins / sizeof builtins[0]; i++)
        if (c == builtins[i].code) {
            d->p++;
            return ws_xstrdup(builtins[i].name);
        }
    if (c != 'D')
        return NULL;
    const char *n = d->p[1] == 'h' ? "__half" : d->p[1] == 'n' ? "decltype(nullptr)"
                    : d->p[1] == 's' ? "char16_t" : d->p[1] == 'i' ? "char32_t"
                                                                    : NULL;
    if (!n)
        return fail(d);
    d->p += 2;
    return ws_xstrdup(n);
}

/* P, R, O (pointer, references) or K, V, r (qualifiers) and the type
   they apply to; the result is a substitution candidate. */
static char *compound(struct dm *d)
{
    char c = *d->p;
    char *r = NULL;
    if (c == 'P' || c == 'R' || c == 'O') {
        d->p++;
        char *t = type(d);
        r = t ? cat(t, c == 'P' ? "*" : c == 'R' ? "&" : "&&", "") : NULL;
        free(t);
    } else {
        int k = 0, v = 0;
        for (; *d->p && strchr("rVK", *d->p); d->p++) {
            k |= *d->p == 'K';
            v |= *d->p == 'V';
        }
        char *t = type(d);
        r = t ? cat(t, v ? " volatile" : "", k ? " const" : "") : NULL;
        free(t);
    }
    if (r)
        add_subst(d, r);
    return r;
}

static char *type_inner(struct dm *d)
{
    char c = *d->p;
    char *r = builtin(d);
    if (r || d->bad)
        return r;
    if (strchr("PROKVr", c) && c)
        return compound(d);
    if (c == 'T') {
        d->p++;
        r = template_param(d);
    } else if (c == 'S' && d->p[1] == 't') {
        d->p += 2;
        char *n = source_name(d);
        r = n ? cat("std::", n, "") : NULL;
        free(n);
    } else if (c == 'S') {
        d->p++;                           /* not a new candidate itself */
        return template_id(d, substitution(d));
    } else if (c == 'N') {
        char *last, *targs;
        r = nested_name(d, 1, &last, &targs);
        free(last);
        free(targs);
        return r;
    } else if (isdigit((unsigned char)c)) {
        r = source_name(d);
    } else {
        return fail(d);
    }
    if (r)
        add_subst(d, r);
    return template_id(d, r);
}

static char *type(struct dm *d)
{
    if (d->bad || ++d->depth > MAX_DEPTH)
        return fail(d);
    char *r = type_inner(d);
    d->depth--;
    if (!r)
        d->bad = 1;
    return r;
}

/* The function's name; *base and *targs as in nested_name. */
static char *function_name(struct dm *d, char **base, char **targs)
{
    *base = *targs = NULL;
    if (*d->p == 'N')
        return nested_name(d, 0, base, targs);
    char *n;
    if (*d->p == 'S' && d->p[1] == 't') {
        d->p += 2;
        char *s = source_name(d);
        n = s ? cat("std::", s, "") : NULL;
        *base = s;
    } else {
        n = source_name(d);
        *base = n ? ws_xstrdup(n) : NULL;
    }
    if (n && *d->p == 'I') {
        add_subst(d, n);                  /* the unscoped template name */
        *targs = template_args(d, 1);
        char *t = *targs ? cat(n, *targs, "") : NULL;
        free(n);
        n = t;
    }
    if (!n)
        d->bad = 1;
    return n;
}

static void dm_free(struct dm *d)
{
    for (int i = 0; i < d->nsubst; i++)
        free(d->subst[i]);
    for (int i = 0; i < d->ntargs; i++)
        free(d->targs[i]);
}

int ws_demangle(const char *name, struct ws_demangled *out)
{
    memset(out, 0, sizeof *out);
    if (strncmp(name, "_Z", 2) != 0)
        return -1;
    struct dm d;
    memset(&d, 0, sizeof d);
    d.p = name + 2;
    char *base = NULL, *targs = NULL;
    char *qname = function_name(&d, &base, &targs);
    struct strbuf b;
    sb_init(&b);
    sb_puts(&b, qname ? qname : "");
    sb_putc(&b, '(');
    if (targs && !d.bad)
        free(type(&d));                   /* a template's return type */
    int n = 0;
    for (; !d.bad && *d.p; n++) {
        char *t = type(&d);
        if (!t)
            break;
        if (n == 0 && strcmp(t, "void") == 0 && !*d.p) {
            free(t);
            n++;
            break;                        /* f(void) is f() */
        }
        sb_printf(&b, "%s%s", n ? ", " : "", t);
        free(t);
    }
    sb_putc(&b, ')');
    if (d.bad || !qname || n == 0) {     /* a function has a parameter list */
        free(qname);
        free(base);
        free(targs);
        sb_free(&b);
        dm_free(&d);
        return -1;
    }
    out->full = sb_take(&b);
    out->qname = qname;
    size_t ql = strlen(qname) - (targs ? strlen(targs) : 0);
    out->qbase = ws_xmalloc(ql + 1);
    memcpy(out->qbase, qname, ql);
    out->qbase[ql] = 0;
    out->base = base;
    free(targs);
    dm_free(&d);
    return 0;
}

void ws_demangled_free(struct ws_demangled *d)
{
    free(d->full);
    free(d->qname);
    free(d->qbase);
    free(d->base);
    memset(d, 0, sizeof *d);
}

int ws_demangle_same(const char *a, const char *b)
{
    for (;;) {
        while (isspace((unsigned char)*a))
            a++;
        while (isspace((unsigned char)*b))
            b++;
        if (*a != *b)
            return 0;
        if (!*a)
            return 1;
        a++;
        b++;
    }
}

int ws_demangle_match(const char *ptxname, const char *query)
{
    if (strcmp(ptxname, query) == 0)
        return 2;
    struct ws_demangled d;
    if (ws_demangle(ptxname, &d) != 0)
        return 0;
    int hit = ws_demangle_same(d.full, query) || strcmp(d.qname, query) == 0 ||
              strcmp(d.qbase, query) == 0 || strcmp(d.base, query) == 0;
    ws_demangled_free(&d);
    return hit;
}

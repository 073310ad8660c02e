/*
** jparse.c - a small strict JSON reader (RFC 8259) into struct jv (see
** jparse.h). Used to read statistics files back (sweeps, replays).
*/
#include "util/jparse.h"
#include "util/xalloc.h"
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define JSON_MAX_DEPTH 200

struct jparse {
    const char *s, *p, *e;
    const char *file;
    struct ws_diag *d;
    int depth;
};

static struct jv *jp_fail(struct jparse *j, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Records "file:line:col: error: msg" at the current position. */
static struct jv *jp_fail(struct jparse *j, const char *fmt, ...)
{
    int line = 1;
    const char *ls = j->s;
    for (const char *q = j->s; q < j->p; q++)
        if (*q == '\n') {
            line++;
            ls = q + 1;
        }
    char msg[300];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    diag_error(j->d, j->file, line, (int)(j->p - ls) + 1, "%s", msg);
    const char *le = memchr(ls, '\n', (size_t)(j->e - ls));
    size_t n = le ? (size_t)(le - ls) : (size_t)(j->e - ls);
    if (n <= 200 && !memchr(ls, '\0', n))
        diag_source(j->d, ls, n, 1);
    return NULL;
}

static void jp_ws(struct jparse *j)
{
    while (j->p < j->e && (*j->p == ' ' || *j->p == '\t' || *j->p == '\n' ||
                           *j->p == '\r'))
        j->p++;
}

/* Length of the valid UTF-8 sequence at p, 0 if invalid. */
static size_t utf8_seq(const unsigned char *p, const unsigned char *e)
{
    unsigned c = p[0], cp, min;
    size_t n;
    if (c < 0x80)
        return 1;
    if (c >= 0xc2 && c <= 0xdf)
        n = 2, min = 0x80;
    else if ((c & 0xf0) == 0xe0)
        n = 3, min = 0x800;
    else if (c >= 0xf0 && c <= 0xf4)
        n = 4, min = 0x10000;
    else
        return 0;
    if ((size_t)(e - p) < n)
        return 0;
    cp = c & (0x3fu >> (n - 1));
    for (size_t i = 1; i < n; i++) {
        if ((p[i] & 0xc0) != 0x80)
            return 0;
        cp = cp << 6 | (p[i] & 0x3fu);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
        return 0;
    return n;
}

static void utf8_put(struct strbuf *b, unsigned cp)
{
    if (cp < 0x80) {
        sb_putc(b, (char)cp);
    } else if (cp < 0x800) {
        sb_putc(b, (char)(0xc0 | cp >> 6));
        sb_putc(b, (char)(0x80 | (cp & 0x3f)));
    } else if (cp < 0x10000) {
        sb_putc(b, (char)(0xe0 | cp >> 12));
        sb_putc(b, (char)(0x80 | (cp >> 6 & 0x3f)));
        sb_putc(b, (char)(0x80 | (cp & 0x3f)));
    } else {
        sb_putc(b, (char)(0xf0 | cp >> 18));
        sb_putc(b, (char)(0x80 | (cp >> 12 & 0x3f)));
        sb_putc(b, (char)(0x80 | (cp >> 6 & 0x3f)));
        sb_putc(b, (char)(0x80 | (cp & 0x3f)));
    }
}

/* Reads \uXXXX at p (p at the backslash); -1 if malformed. */
static long jp_hex4(struct jparse *j)
{
    if (j->e - j->p < 6 || j->p[0] != '\\' || j->p[1] != 'u')
        return -1;
    long v = 0;
    for (int i = 2; i < 6; i++) {
        int c = (unsigned char)j->p[i];
        if (!isxdigit(c))
            return -1;
        v = v * 16 + (isdigit(c) ? c - '0' : (tolower(c) - 'a' + 10));
    }
    return v;
}

/* A string at j->p (the opening quote); returns it (caller frees) or NULL. */
static char *jp_string(struct jparse *j)
{
    struct strbuf b;
    sb_init(&b);
    j->p++;
    for (;;) {
        if (j->p >= j->e) {
            sb_free(&b);
            jp_fail(j, "unterminated string: expected '\"'");
            return NULL;
        }
        unsigned char c = (unsigned char)*j->p;
        if (c == '"') {
            j->p++;
            return sb_take(&b);
        }
        if (c < 0x20) {
            sb_free(&b);
            jp_fail(j, "control character 0x%02x in a string (write it as \\u%04x)", c, c);
            return NULL;
        }
        if (c >= 0x80) {
            size_t n = utf8_seq((const unsigned char *)j->p,
                                (const unsigned char *)j->e);
            if (!n) {
                sb_free(&b);
                jp_fail(j, "invalid UTF-8 in a string");
                return NULL;
            }
            sb_putn(&b, j->p, n);
            j->p += n;
            continue;
        }
        if (c != '\\') {
            sb_putc(&b, (char)c);
            j->p++;
            continue;
        }
        const char *esc = j->p;
        char e = j->p + 1 < j->e ? j->p[1] : '\0';
        const char *from = "\"\\/bfnrt", *to = "\"\\/\b\f\n\r\t";
        const char *k = e ? strchr(from, e) : NULL;
        if (k) {
            sb_putc(&b, to[k - from]);
            j->p += 2;
            continue;
        }
        long cp = e == 'u' ? jp_hex4(j) : -2;
        if (cp >= 0xd800 && cp <= 0xdbff) {
            j->p += 6;
            long lo = jp_hex4(j);
            if (lo < 0xdc00 || lo > 0xdfff)
                cp = -3;
            else
                cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
        } else if (cp >= 0xdc00 && cp <= 0xdfff) {
            cp = -3;
        }
        if (cp <= 0) {
            j->p = esc;
            sb_free(&b);
            if (cp == -2)
                jp_fail(j, "unknown escape '\\%c' (expected \\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX)",
                        e ? e : ' ');
            else if (cp == -1)
                jp_fail(j, "malformed \\u escape: expected four hex digits");
            else if (cp == -3)
                jp_fail(j, "unpaired UTF-16 surrogate in a \\u escape");
            else
                jp_fail(j, "\\u0000 is not supported in strings");
            return NULL;
        }
        utf8_put(&b, (unsigned)cp);
        j->p += 6;
    }
}

static struct jv *jp_number(struct jparse *j)
{
    const char *q = j->p;
    bool integer = true;
    if (q < j->e && *q == '-')
        q++;
    if (q < j->e && *q == '0') {
        q++;
    } else if (q < j->e && *q >= '1' && *q <= '9') {
        while (q < j->e && isdigit((unsigned char)*q))
            q++;
    } else {
        j->p = q;
        return jp_fail(j, "expected a digit");
    }
    if (q < j->e && *q == '.') {
        integer = false;
        if (++q >= j->e || !isdigit((unsigned char)*q)) {
            j->p = q;
            return jp_fail(j, "expected a digit after '.'");
        }
        while (q < j->e && isdigit((unsigned char)*q))
            q++;
    }
    if (q < j->e && (*q == 'e' || *q == 'E')) {
        integer = false;
        if (++q < j->e && (*q == '+' || *q == '-'))
            q++;
        if (q >= j->e || !isdigit((unsigned char)*q)) {
            j->p = q;
            return jp_fail(j, "expected a digit in the exponent");
        }
        while (q < j->e && isdigit((unsigned char)*q))
            q++;
    }
    /* Copy the token: strtod alone would also accept "0x1p3" or "inf". */
    char *tok = ws_xstrndup(j->p, (size_t)(q - j->p));
    struct jv *v = NULL;
    errno = 0;
    long long i = integer ? strtoll(tok, NULL, 10) : 0;
    if (integer && errno == 0) {
        v = jv_int(i);
    } else {
        double d = strtod(tok, NULL);
        if (isfinite(d))
            v = jv_num(d);
    }
    free(tok);
    if (!v)
        return jp_fail(j, "number out of range");
    j->p = q;
    return v;
}

static struct jv *jp_value(struct jparse *j);

/* An object or array at j->p ('{' or '['). */
static struct jv *jp_container(struct jparse *j)
{
    bool obj = *j->p == '{';
    char close = obj ? '}' : ']';
    if (++j->depth > JSON_MAX_DEPTH)
        return jp_fail(j, "values nested deeper than %d levels", JSON_MAX_DEPTH);
    j->p++;
    struct jv *c = obj ? jv_obj() : jv_arr();
    jp_ws(j);
    if (j->p < j->e && *j->p == close) {
        j->p++;
        j->depth--;
        return c;
    }
    for (;;) {
        char *key = NULL;
        if (obj) {
            jp_ws(j);
            if (j->p >= j->e || *j->p != '"') {
                jv_free(c);
                return jp_fail(j, "expected a string key");
            }
            const char *at = j->p;
            if (!(key = jp_string(j))) {
                jv_free(c);
                return NULL;
            }
            if (jv_get(c, key)) {
                j->p = at;
                jp_fail(j, "duplicate key \"%s\"", key);
                free(key);
                jv_free(c);
                return NULL;
            }
            jp_ws(j);
            if (j->p >= j->e || *j->p != ':') {
                free(key);
                jv_free(c);
                return jp_fail(j, "expected ':' after the key");
            }
            j->p++;
        }
        struct jv *v = jp_value(j);
        if (!v) {
            free(key);
            jv_free(c);
            return NULL;
        }
        if (obj)
            jv_set(c, key, v);
        else
            jv_push(c, v);
        free(key);
        jp_ws(j);
        if (j->p < j->e && *j->p == ',') {
            j->p++;
            continue;
        }
        if (j->p < j->e && *j->p == close) {
            j->p++;
            j->depth--;
            return c;
        }
        jv_free(c);
        return jp_fail(j, "expected ',' or '%c'", close);
    }
}

static struct jv *jp_value(struct jparse *j)
{
    jp_ws(j);
    if (j->p >= j->e)
        return jp_fail(j, "expected a value, found the end of the text");
    char c = *j->p;
    if (c == '{' || c == '[')
        return jp_container(j);
    if (c == '"') {
        char *s = jp_string(j);
        struct jv *v = s ? jv_str(s) : NULL;
        free(s);
        return v;
    }
    if (c == '-' || isdigit((unsigned char)c))
        return jp_number(j);
    static const char *const lit[] = { "true", "false", "null" };
    for (int i = 0; i < 3; i++) {
        size_t n = strlen(lit[i]);
        if ((size_t)(j->e - j->p) >= n && memcmp(j->p, lit[i], n) == 0 &&
            (j->p + n == j->e || !isalnum((unsigned char)j->p[n]))) {
            j->p += n;
            return i == 2 ? jv_null() : jv_bool(i == 0);
        }
    }
    return jp_fail(j, "expected a JSON value (object, array, string, number, true, false or null)");
}

/*
** Parses len bytes of JSON text. Returns the value (caller frees with
** jv_free) or NULL with d filled at file:line:col. Strict: no comments,
** trailing commas, duplicate keys, leading zeros, NaN, or text after the
** value; strings must be valid UTF-8.
*/
struct jv *jv_parse(const char *text, size_t len, const char *file,
                             struct ws_diag *d)
{
    struct jparse j = { text, text, text + len, file, d, 0 };
    struct jv *v = jp_value(&j);
    if (!v)
        return NULL;
    jp_ws(&j);
    if (j.p != j.e) {
        jv_free(v);
        return jp_fail(&j, "unexpected text after the JSON value");
    }
    return v;
}

/*
** Follows a dotted path ("launches.1.warp_instructions") into v: object
** keys (the longest key matching, so keys may contain dots) and 1-based
** array indices. NULL when absent.
*/
const struct jv *jv_path(const struct jv *v, const char *path)
{
    while (v && *path) {
        if (v->kind == JV_ARR) {
            char *end;
            if (!isdigit((unsigned char)*path))
                return NULL;
            errno = 0;
            unsigned long long i = strtoull(path, &end, 10);
            if (errno || (*end && *end != '.') || i < 1 || i > v->n)
                return NULL;
            v = v->items[i - 1];
            path = *end ? end + 1 : end;
        } else if (v->kind == JV_OBJ) {
            const struct jv *next = NULL;
            size_t used = 0;
            for (size_t k = 0; k < v->n; k++) {
                size_t kl = strlen(v->keys[k]);
                if (kl > used && strncmp(path, v->keys[k], kl) == 0 &&
                    (path[kl] == '.' || path[kl] == '\0')) {
                    next = v->items[k];
                    used = kl;
                }
            }
            v = next;
            path += used;
            if (*path == '.')
                path++;
        } else {
            return NULL;
        }
    }
    return v;
}

/*
** sweep.c - `warpscope sweep SWEEP.lua [-j N] [--out DIR]
** [--emit parallel|slurm] [--dry-run]` (see sweep.h, docs/sweeps.md).
** A sweep file returns a table naming scenarios and, per configuration key,
** a list of values; the points are the scenarios times the cartesian
** product of the values. Each point runs as its own `warpscope run`
** process writing DIR/points/ID.json, its output in ID.log and its exit
** status in ID.exit; results.csv and sweep.json are collected from those
** files. A point is done when its exit record says 0 or 1 and its JSON
** parses, so an interrupted sweep resumes, and a sweep run elsewhere
** (GNU parallel, Slurm) is collected by running the command again.
** This file never simulates: points run only in child processes. It
** holds the minimal strict JSON reader the collection needs.
*/
#include "cli/sweep.h"
#include "cli/cli.h"
#include "config/config.h"
#include "config/preset.h"
#include "lua/sandbox.h"
#include "util/hash.h"
#include "util/jval.h"
#include "util/paths.h"
#include "util/xalloc.h"
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <lauxlib.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#define MAX_POINTS 1000000
#define MAX_JOBS 1024
#define ID_MAX 100                 /* longest point id before it is hashed */
#define JSON_MAX_DEPTH 200
#define SWEEP_LUA_INSTRUCTIONS 100000000
#define SWEEP_LUA_MEMORY (64 << 20)

/* ---------------------------------------------------------------------- */
/* Small helpers: files, quoting                                           */
/* ---------------------------------------------------------------------- */

/* Reads a whole file (NUL-terminated; *len without the NUL) or NULL. */
static char *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    struct strbuf b;
    sb_init(&b);
    char chunk[8192];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
        sb_putn(&b, chunk, n);
    int bad = ferror(f);
    fclose(f);
    if (bad) {
        sb_free(&b);
        errno = EIO;
        return NULL;
    }
    *len = b.len;
    return sb_take(&b);
}

/* Writes text to path through path.tmp and a rename, so a reader never
   sees half a file. */
static int write_file(const char *path, const char *text, size_t len)
{
    struct strbuf tmp;
    sb_init(&tmp);
    sb_printf(&tmp, "%s.tmp", path);
    FILE *f = fopen(sb_str(&tmp), "wb");
    int ok = f && fwrite(text, 1, len, f) == len;
    if (f && fclose(f) != 0)
        ok = 0;
    if (ok && rename(sb_str(&tmp), path) != 0)
        ok = 0;
    if (!ok) {
        fprintf(stderr, "%s: error: cannot write: %s\n", path, strerror(errno));
        remove(sb_str(&tmp));
    }
    sb_free(&tmp);
    return ok ? 0 : -1;
}

/* mkdir -p. */
static int make_dirs(const char *path)
{
    char *p = ws_xstrdup(path);
    int rc = 0;
    for (char *s = p + 1; rc == 0; s++) {
        if (*s != '/' && *s != '\0')
            continue;
        char c = *s;
        *s = '\0';
        struct stat st;
        if (mkdir(p, 0777) != 0 && !(errno == EEXIST && stat(p, &st) == 0 &&
                                      S_ISDIR(st.st_mode)))
            rc = -1;
        *s = c;
        if (c == '\0')
            break;
    }
    if (rc)
        fprintf(stderr, "warpscope sweep: error: cannot create directory '%s': %s\n",
                p, strerror(errno));
    free(p);
    return rc;
}

/* Appends s quoted for a POSIX shell (as is when it needs no quotes). */
static void shell_quote(struct strbuf *out, const char *s)
{
    bool plain = *s != '\0';
    for (const char *p = s; *p && plain; p++)
        plain = isalnum((unsigned char)*p) || strchr("_-./=:,+@%", *p);
    if (plain) {
        sb_puts(out, s);
        return;
    }
    sb_putc(out, '\'');
    for (const char *p = s; *p; p++) {
        if (*p == '\'')
            sb_puts(out, "'\\''");
        else
            sb_putc(out, *p);
    }
    sb_putc(out, '\'');
}

/* Appends s as one CSV field (RFC 4180 quoting when needed). */
static void csv_field(struct strbuf *out, const char *s)
{
    if (!strpbrk(s, ",\"\r\n")) {
        sb_puts(out, s);
        return;
    }
    sb_putc(out, '"');
    for (const char *p = s; *p; p++) {
        if (*p == '"')
            sb_putc(out, '"');
        sb_putc(out, *p);
    }
    sb_putc(out, '"');
}

/* ---------------------------------------------------------------------- */
/* A minimal strict JSON reader (RFC 8259) into struct jv                  */
/* ---------------------------------------------------------------------- */

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
static struct jv *json_parse(const char *text, size_t len, const char *file,
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
static const struct jv *json_path(const struct jv *v, const char *path)
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

/* ---------------------------------------------------------------------- */
/* The sweep file                                                          */
/* ---------------------------------------------------------------------- */

struct sweep_key {
    char *name;
    char **vals;             /* the --set texts, in list order */
    size_t n;
};

struct sweep {
    char *file;              /* as given on the command line */
    char *dir;               /* scenarios are relative to it */
    char *src;               /* the file's text, to locate errors */
    char *name;
    char **scen;             /* scenario paths as written */
    char **scen_path;        /* joined with dir */
    size_t nscen;
    struct sweep_key *keys;  /* `set`, sorted by name */
    size_t nkeys;
    struct sweep_key *fixed; /* `fixed`, sorted; one value each */
    size_t nfixed;
    char **cols;             /* `columns`; NULL: every top-level number */
    size_t ncols;
    size_t npoints;
};

static void sweep_free(struct sweep *s)
{
    free(s->file);
    free(s->dir);
    free(s->src);
    free(s->name);
    for (size_t i = 0; i < s->nscen; i++) {
        free(s->scen[i]);
        free(s->scen_path[i]);
    }
    free(s->scen);
    free(s->scen_path);
    struct sweep_key *lists[2] = { s->keys, s->fixed };
    size_t ns[2] = { s->nkeys, s->nfixed };
    for (int l = 0; l < 2; l++) {
        for (size_t i = 0; i < ns[l]; i++) {
            free(lists[l][i].name);
            for (size_t v = 0; v < lists[l][i].n; v++)
                free(lists[l][i].vals[v]);
            free(lists[l][i].vals);
        }
        free(lists[l]);
    }
    for (size_t i = 0; i < s->ncols; i++)
        free(s->cols[i]);
    free(s->cols);
    memset(s, 0, sizeof *s);
}

/* Where something is written in the sweep file: byte offset (-1: not
   found) and width for the caret. */
struct where {
    long off;
    int width;
};

static bool is_ident(char c)
{
    return isalnum((unsigned char)c) || c == '_';
}

/*
** Finds, at or after byte `from`, the first place `word` is written as a
** quoted string ("word" or 'word') or, when bare is set, as a table key
** `word =`. Skips `--` comments. Errors point there; {-1, 0} if absent.
*/
static struct where src_find(const char *src, long from, const char *word,
                             bool bare)
{
    size_t wl = strlen(word);
    if (!src || from < 0 || !wl)
        return (struct where){ -1, 0 };
    for (const char *p = src + from; *p; p++) {
        if (p[0] == '-' && p[1] == '-') {
            p = strchr(p, '\n');
            if (!p)
                break;
            continue;
        }
        if ((*p == '"' || *p == '\'') && strncmp(p + 1, word, wl) == 0 &&
            p[1 + wl] == *p)
            return (struct where){ (long)(p - src), (int)wl + 2 };
        if (bare && (p == src || !is_ident(p[-1])) &&
            strncmp(p, word, wl) == 0 && !is_ident(p[wl])) {
            const char *q = p + wl;
            while (*q == ' ' || *q == '\t')
                q++;
            if (q[0] == '=' && q[1] != '=')
                return (struct where){ (long)(p - src), (int)wl };
        }
    }
    return (struct where){ -1, 0 };
}

static int sweep_error(const struct sweep *s, struct ws_diag *d,
                       struct where w, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* Records an error in the sweep file at w (no line when w.off < 0). */
static int sweep_error(const struct sweep *s, struct ws_diag *d,
                       struct where w, const char *fmt, ...)
{
    struct strbuf m;
    sb_init(&m);
    va_list ap;
    va_start(ap, fmt);
    sb_vprintf(&m, fmt, ap);
    va_end(ap);
    int line = 0, col = 0;
    const char *ls = s->src;
    if (w.off >= 0) {
        line = 1;
        for (const char *q = s->src; q < s->src + w.off; q++)
            if (*q == '\n') {
                line++;
                ls = q + 1;
            }
        col = (int)(s->src + w.off - ls) + 1;
    }
    diag_error(d, s->file, line, col, "%s", sb_str(&m));
    if (line)
        diag_source(d, ls, strlen(ls), w.width);
    sb_free(&m);
    return WS_ERR;
}

/* Number of items when the value at idx is a list (keys exactly 1..n),
   else -1. */
static lua_Integer list_len(lua_State *L, int idx)
{
    if (!lua_istable(L, idx))
        return -1;
    idx = lua_absindex(L, idx);
    lua_Integer n = (lua_Integer)lua_rawlen(L, idx), count = 0;
    bool ok = true;
    lua_pushnil(L);
    while (lua_next(L, idx)) {
        lua_pop(L, 1);
        if (!lua_isinteger(L, -1) || lua_tointeger(L, -1) < 1 ||
            lua_tointeger(L, -1) > n)
            ok = false;
        count++;
    }
    return ok && count == n ? n : -1;
}

/* The --set text of a string, number or boolean at idx; NULL otherwise. */
static char *scalar_text(lua_State *L, int idx)
{
    char buf[32];
    size_t len;
    switch (lua_type(L, idx)) {
    case LUA_TSTRING: {
        const char *t = lua_tolstring(L, idx, &len);
        return strlen(t) == len ? ws_xstrdup(t) : NULL;
    }
    case LUA_TNUMBER:
        if (lua_isinteger(L, idx)) {
            snprintf(buf, sizeof buf, "%lld", (long long)lua_tointeger(L, idx));
            return ws_xstrdup(buf);
        }
        lua_pushvalue(L, idx);
        char *t = ws_xstrdup(lua_tostring(L, -1));
        lua_pop(L, 1);
        return t;
    case LUA_TBOOLEAN:
        return ws_xstrdup(lua_toboolean(L, idx) ? "true" : "false");
    default:
        return NULL;
    }
}

static int edit_distance(const char *a, const char *b)
{
    size_t n = strlen(a), m = strlen(b);
    if (n > 30 || m > 30)
        return 99;
    int d[31][31];
    for (size_t i = 0; i <= n; i++)
        for (size_t k = 0; k <= m; k++)
            d[i][k] = !i ? (int)k : !k ? (int)i : 0;
    for (size_t i = 1; i <= n; i++)
        for (size_t k = 1; k <= m; k++) {
            int c = d[i - 1][k - 1] + (a[i - 1] != b[k - 1]);
            if (d[i - 1][k] + 1 < c)
                c = d[i - 1][k] + 1;
            if (d[i][k - 1] + 1 < c)
                c = d[i][k - 1] + 1;
            d[i][k] = c;
        }
    return d[n][m];
}

static const char *const top_keys[] = { "name", "scenarios", "set", "fixed",
                                         "columns" };

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The string keys of the table at idx, sorted (caller frees); fails on a
   key that is not a string. */
static int sorted_keys(const struct sweep *s, lua_State *L, int idx,
                       const char *what, char ***out, size_t *n,
                       struct ws_diag *d)
{
    *out = NULL;
    *n = 0;
    size_t cap = 0;
    bool bad = false;
    lua_pushnil(L);
    while (lua_next(L, idx)) {
        lua_pop(L, 1);
        if (lua_type(L, -1) != LUA_TSTRING) {
            bad = true;
            continue;
        }
        if (*n == cap)
            *out = ws_xrealloc(*out, (cap = cap ? cap * 2 : 8) * sizeof **out);
        (*out)[(*n)++] = ws_xstrdup(lua_tostring(L, -1));
    }
    if (*n)
        qsort(*out, *n, sizeof **out, by_name);
    if (!bad)
        return WS_OK;
    for (size_t i = 0; i < *n; i++)
        free((*out)[i]);
    free(*out);
    *out = NULL;
    *n = 0;
    if (strcmp(what, "sweep") == 0)
        return sweep_error(s, d, (struct where){ -1, 0 },
                           "the sweep table has an item without a name: expected name = ..., scenarios = { ... }, set = { ... }");
    return sweep_error(s, d, src_find(s->src, 0, what, true),
                       "%s = { ... } must map configuration keys to values, e.g. [\"sm.count\"] = ...",
                       what);
}

static int read_top_keys(lua_State *L, int t, struct sweep *s,
                         struct ws_diag *d)
{
    char **keys;
    size_t n;
    if (sorted_keys(s, L, t, "sweep", &keys, &n, d) != WS_OK)
        return WS_ERR;
    int rc = WS_OK;
    for (size_t i = 0; i < n && rc == WS_OK; i++) {
        const char *best = NULL;
        int bd = 3;
        bool known = false;
        for (size_t k = 0; k < sizeof top_keys / sizeof *top_keys; k++) {
            int e = edit_distance(keys[i], top_keys[k]);
            known |= e == 0;
            if (e < bd) {
                bd = e;
                best = top_keys[k];
            }
        }
        if (known)
            continue;
        struct where w = src_find(s->src, 0, keys[i], true);
        if (!best)
            rc = sweep_error(s, d, w, "unknown key '%s' in the sweep table (expected name, scenarios, set, fixed or columns)",
                             keys[i]);
        else {
            rc = sweep_error(s, d, w, "unknown key '%s' in the sweep table (did you mean '%s'?)",
                             keys[i], best);
            diag_note(d, "a sweep table has the keys name, scenarios, set, fixed and columns");
        }
    }
    for (size_t i = 0; i < n; i++)
        free(keys[i]);
    free(keys);
    return rc;
}

static bool good_name(const char *n)
{
    if (!*n || *n == '.')
        return false;
    for (; *n; n++)
        if (!isalnum((unsigned char)*n) && !strchr("_-.", *n))
            return false;
    return true;
}

static int read_name(lua_State *L, int t, struct sweep *s, struct ws_diag *d)
{
    int ty = lua_getfield(L, t, "name");
    struct where w = src_find(s->src, 0, "name", true);
    if (ty == LUA_TNIL) {
        /* The sweep file's name without .lua, made safe for a directory. */
        const char *b = strrchr(s->file, '/');
        b = b ? b + 1 : s->file;
        size_t n = strlen(b);
        if (n > 4 && strcmp(b + n - 4, ".lua") == 0)
            n -= 4;
        s->name = ws_xstrndup(b, n);
        for (char *p = s->name; *p; p++)
            if (!isalnum((unsigned char)*p) && !strchr("_-.", *p))
                *p = '-';
        if (s->name[0] == '.' || !s->name[0]) {
            free(s->name);
            s->name = ws_xstrdup("sweep");
        }
    } else if (ty != LUA_TSTRING) {
        return sweep_error(s, d, w, "name must be a string, got a %s",
                           luaL_typename(L, -1));
    } else if (!good_name(lua_tostring(L, -1))) {
        return sweep_error(s, d, w, "name '%s' names the output directory sweeps/NAME: use letters, digits, '_', '-' and '.' (not first)",
                           lua_tostring(L, -1));
    } else {
        s->name = ws_xstrdup(lua_tostring(L, -1));
    }
    lua_pop(L, 1);
    return WS_OK;
}

static int read_scenarios(lua_State *L, int t, struct sweep *s,
                          struct ws_diag *d)
{
    int ty = lua_getfield(L, t, "scenarios");
    struct where w = src_find(s->src, 0, "scenarios", true);
    if (ty == LUA_TNIL)
        return sweep_error(s, d, w, "the sweep table needs scenarios = { \"SCENARIO.lua\", ... } (paths relative to the sweep file)");
    lua_Integer n = list_len(L, -1);
    if (n < 0)
        return sweep_error(s, d, w, "scenarios must be a list of scenario files, e.g. { \"../scenarios/saxpy.lua\" }");
    if (n == 0)
        return sweep_error(s, d, w, "scenarios is an empty list: a sweep needs at least one scenario");
    s->scen = ws_xcalloc((size_t)n, sizeof *s->scen);
    s->scen_path = ws_xcalloc((size_t)n, sizeof *s->scen_path);
    for (lua_Integer i = 1; i <= n; i++) {
        lua_rawgeti(L, -1, i);
        if (lua_type(L, -1) != LUA_TSTRING)
            return sweep_error(s, d, w, "scenarios[%lld] must be a string (a scenario .lua file), got a %s",
                               (long long)i, luaL_typename(L, -1));
        const char *p = lua_tostring(L, -1);
        struct where at = src_find(s->src, w.off < 0 ? 0 : w.off, p, false);
        char *path = ws_path_join(s->dir, p);
        s->scen[s->nscen] = ws_xstrdup(p);
        s->scen_path[s->nscen++] = path;
        struct stat st;
        if (stat(path, &st) != 0)
            return sweep_error(s, d, at, "scenario '%s' not found (looked for %s: %s)",
                               p, path, strerror(errno));
        if (!S_ISREG(st.st_mode))
            return sweep_error(s, d, at, "scenario '%s' is not a file (%s)", p, path);
        for (size_t k = 0; k + 1 < s->nscen; k++)
            if (strcmp(s->scen_path[k], path) == 0)
                return sweep_error(s, d, at, "scenario '%s' is listed twice", p);
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    return WS_OK;
}

/*
** Checks that the configuration accepts key=value together with the fixed
** settings (and the preset they pick), so a bad value fails before any
** process starts. key NULL checks the fixed settings alone.
*/
static int check_config(const struct sweep *s, const char *key,
                        const char *value, struct where w, struct ws_diag *d)
{
    struct config_assigns a = { 0 };
    int line = 1;
    for (const char *q = s->src; w.off >= 0 && q < s->src + w.off; q++)
        line += *q == '\n';
    for (size_t i = 0; i < s->nfixed; i++)
        if (s->fixed[i].n)         /* fixed values are checked as read */
            config_assigns_add(&a, s->fixed[i].name, s->fixed[i].vals[0], s->file,
                           line);
    if (key)
        config_assigns_add(&a, key, value, s->file, line);
    struct ws_config c;
    int rc = config_resolve(&c, NULL, &a, d);
    config_free(&c);
    config_assigns_free(&a);
    /* An error inside a preset file keeps its own location. */
    if (rc == WS_OK || d->raw || (d->file && strcmp(d->file, s->file) != 0))
        return rc;
    char *msg = ws_xstrdup(d->msg ? d->msg : "bad value");
    char *note = d->note ? ws_xstrdup(d->note) : NULL;
    sweep_error(s, d, w, "%s", msg);
    if (note)
        diag_note(d, "%s", note);
    free(msg);
    free(note);
    return WS_ERR;
}

/* Reads `set` (lists) or `fixed` (single values) into keys. */
static int read_settings(lua_State *L, int t, struct sweep *s, bool lists,
                         struct ws_diag *d)
{
    const char *what = lists ? "set" : "fixed";
    int ty = lua_getfield(L, t, what);
    struct where w = src_find(s->src, 0, what, true);
    if (ty == LUA_TNIL) {
        lua_pop(L, 1);
        return WS_OK;
    }
    if (ty != LUA_TTABLE)
        return sweep_error(s, d, w, "%s must be a table of configuration keys, e.g. { [\"sm.count\"] = %s }",
                           what, lists ? "{ 1, 2 }" : "2");
    int tab = lua_gettop(L);
    char **names;
    size_t n;
    if (sorted_keys(s, L, tab, what, &names, &n, d) != WS_OK)
        return WS_ERR;
    struct sweep_key *ks = ws_xcalloc(n ? n : 1, sizeof *ks);
    for (size_t i = 0; i < n; i++)
        ks[i].name = names[i];
    free(names);
    if (lists) {
        s->keys = ks;
        s->nkeys = n;
    } else {
        s->fixed = ks;
        s->nfixed = n;
    }
    for (size_t i = 0; i < n; i++) {
        struct sweep_key *k = &ks[i];
        struct where kw = src_find(s->src, w.off < 0 ? 0 : w.off, k->name, true);
        if (config_find(k->name) < 0) {
            struct ws_config c;
            config_init(&c);
            config_set(&c, k->name, "", d);   /* for its "did you mean" */
            config_free(&c);
            char *msg = ws_xstrdup(d->msg);
            sweep_error(s, d, kw, "%s: %s", what, msg);
            diag_note(d, "`warpscope --help config` lists every key");
            free(msg);
            return WS_ERR;
        }
        for (size_t f = 0; lists && f < s->nfixed; f++)
            if (strcmp(s->fixed[f].name, k->name) == 0)
                return sweep_error(s, d, kw, "key '%s' is both in set and in fixed", k->name);
        lua_getfield(L, tab, k->name);
        lua_Integer nv = 1;
        if (lists) {
            nv = list_len(L, -1);
            if (nv < 0)
                return sweep_error(s, d, kw, "set[\"%s\"] must be a list of values, e.g. { 1, 2 } (a single value belongs in fixed)",
                                   k->name);
            if (nv == 0)
                return sweep_error(s, d, kw, "set[\"%s\"] is an empty list: it would leave the sweep with no points",
                                   k->name);
        }
        k->vals = ws_xcalloc((size_t)nv, sizeof *k->vals);
        for (lua_Integer v = 1; v <= nv; v++) {
            if (lists)
                lua_rawgeti(L, -1, v);
            char *text = scalar_text(L, -1);
            if (!text && lists)
                return sweep_error(s, d, kw, "set[\"%s\"][%lld] must be a string, number or boolean, got a %s",
                                   k->name, (long long)v, luaL_typename(L, -1));
            if (!text)
                return sweep_error(s, d, kw, "fixed[\"%s\"] must be a string, number or boolean, got a %s (a list of values belongs in set)",
                                   k->name, luaL_typename(L, -1));
            k->vals[k->n++] = text;
            if (lists)
                lua_pop(L, 1);
            for (size_t e = 0; e + 1 < k->n; e++)
                if (strcmp(k->vals[e], text) == 0)
                    return sweep_error(s, d, kw, "set[\"%s\"] lists the value '%s' twice",
                                       k->name, text);
            if (check_config(s, lists ? k->name : NULL, text, kw, d) != WS_OK)
                return WS_ERR;
        }
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    return WS_OK;
}

static int read_columns(lua_State *L, int t, struct sweep *s,
                        struct ws_diag *d)
{
    int ty = lua_getfield(L, t, "columns");
    struct where w = src_find(s->src, 0, "columns", true);
    if (ty == LUA_TNIL) {
        lua_pop(L, 1);
        return WS_OK;
    }
    lua_Integer n = list_len(L, -1);
    if (n <= 0)
        return sweep_error(s, d, w, "columns must be a non-empty list of statistics, e.g. { \"warp_instructions\", \"launches.1.cycles\" }");
    s->cols = ws_xcalloc((size_t)n, sizeof *s->cols);
    for (lua_Integer i = 1; i <= n; i++) {
        lua_rawgeti(L, -1, i);
        const char *c = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : NULL;
        size_t cl = c ? strlen(c) : 0;
        if (!c || !cl || c[0] == '.' || c[cl - 1] == '.' || strstr(c, ".."))
            return sweep_error(s, d, w, "columns[%lld] must be a dotted path into the statistics JSON such as \"l1d.hits\" or \"launches.1.warp_instructions\"",
                               (long long)i);
        s->cols[s->ncols++] = ws_xstrdup(c);
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    return WS_OK;
}

/*
** Loads and checks a sweep file (run in the sandbox, text only): every
** top-level key known, scenarios present, configuration keys and values
** accepted. Returns WS_OK, or WS_ERR with d at the file and line.
*/
static int sweep_load(struct sweep *s, const char *file, struct ws_diag *d)
{
    memset(s, 0, sizeof *s);
    s->file = ws_xstrdup(file);
    s->dir = ws_dirname(file);
    size_t len;
    s->src = read_file(file, &len);
    if (!s->src)
        return diag_error(d, file, 0, 0, "cannot read the sweep file: %s",
                          strerror(errno));
    lua_State *L = wslua_new(s->dir, SWEEP_LUA_INSTRUCTIONS,
                             SWEEP_LUA_MEMORY, false);
    if (!L)
        return diag_error(d, file, 0, 0, "cannot create a Lua interpreter");
    int rc = wslua_dofile(L, file, 1, d) == WS_OK ? WS_OK : WS_ERR;
    if (rc == WS_OK && !lua_istable(L, -1))
        rc = diag_error(d, file, 0, 0, "a sweep file must return a table (return { name = ..., scenarios = { ... }, set = { ... } }); this one returns %s%s",
                        lua_isnil(L, -1) ? "nothing" : "a ",
                        lua_isnil(L, -1) ? "" : luaL_typename(L, -1));
    int t = lua_gettop(L);
    if (rc == WS_OK)
        rc = read_top_keys(L, t, s, d);
    if (rc == WS_OK)
        rc = read_name(L, t, s, d);
    if (rc == WS_OK)
        rc = read_scenarios(L, t, s, d);
    if (rc == WS_OK)
        rc = read_settings(L, t, s, false, d);
    if (rc == WS_OK)
        rc = read_settings(L, t, s, true, d);
    if (rc == WS_OK)
        rc = read_columns(L, t, s, d);
    wslua_close(L);
    s->npoints = rc == WS_OK ? s->nscen : 0;
    for (size_t k = 0; k < s->nkeys && rc == WS_OK; k++) {
        if (s->npoints > MAX_POINTS / s->keys[k].n)
            rc = diag_error(d, file, 0, 0, "the sweep has more than %d points; split it",
                            MAX_POINTS);
        s->npoints *= s->keys[k].n;
    }
    return rc;
}

/* ---------------------------------------------------------------------- */
/* Points                                                                  */
/* ---------------------------------------------------------------------- */

struct point {
    size_t scen;
    size_t *vi;              /* value index per set key */
    char *id;
    int exit;                /* -1: not run */
    bool done;               /* finished by an earlier run */
};

/* Scenario i's file name without directory and .lua. */
static char *scen_stem(const struct sweep *s, size_t i)
{
    const char *b = strrchr(s->scen[i], '/');
    b = b ? b + 1 : s->scen[i];
    size_t n = strlen(b);
    if (n > 4 && strcmp(b + n - 4, ".lua") == 0)
        n -= 4;
    return ws_xstrndup(b, n);
}

/*
** A point's id: SCENARIO__key=value__... with characters outside
** [A-Za-z0-9_.=-] replaced by '-'. When that lost information, when it is
** longer than ID_MAX, or when `hashed` (two points would share an id), it
** is cut and gets "-" and 8 hex digits of a hash of the point's content,
** so the id stays stable and unique.
*/
static char *point_id(const struct sweep *s, const struct point *p, bool hashed)
{
    struct strbuf b;
    sb_init(&b);
    char *stem = scen_stem(s, p->scen);
    sb_puts(&b, stem);
    free(stem);
    uint64_t h = ws_fnv1a(WS_FNV_INIT, s->scen[p->scen], strlen(s->scen[p->scen]) + 1);
    for (size_t k = 0; k < s->nkeys; k++) {
        const char *v = s->keys[k].vals[p->vi[k]];
        sb_printf(&b, "__%s=%s", s->keys[k].name, v);
        h = ws_fnv1a(h, s->keys[k].name, strlen(s->keys[k].name) + 1);
        h = ws_fnv1a(h, v, strlen(v) + 1);
    }
    bool lossy = b.len == 0 || b.s[0] == '.';
    for (size_t i = 0; i < b.len; i++)
        if (!isalnum((unsigned char)b.s[i]) && !strchr("_.=-", b.s[i])) {
            b.s[i] = '-';
            lossy = true;
        }
    if (lossy || hashed || b.len > ID_MAX) {
        if (b.len > ID_MAX - 9)
            b.s[b.len = ID_MAX - 9] = '\0';
        sb_printf(&b, "-%08x", (unsigned)(h ^ h >> 32));
    }
    return sb_take(&b);
}

struct id_ref {
    const char *id;
    size_t i;
};

static int by_id(const void *a, const void *b)
{
    const struct id_ref *x = a, *y = b;
    int c = strcmp(x->id, y->id);
    return c ? c : (x->i > y->i) - (x->i < y->i);
}

/* Marks in `dup` the points whose id another point shares; returns how many. */
static size_t find_dups(struct point *pts, size_t n, bool *dup)
{
    struct id_ref *r = ws_xmalloc(n * sizeof *r);
    for (size_t i = 0; i < n; i++)
        r[i] = (struct id_ref){ pts[i].id, i };
    qsort(r, n, sizeof *r, by_id);
    size_t count = 0;
    for (size_t i = 0; i + 1 < n; i++)
        if (strcmp(r[i].id, r[i + 1].id) == 0) {
            count += !dup[r[i].i] + !dup[r[i + 1].i];
            dup[r[i].i] = dup[r[i + 1].i] = true;
        }
    free(r);
    return count;
}

/*
** The points in order: scenarios in file order, then the set keys in
** sorted order, the last key varying fastest, values in list order.
** Returns NULL (message printed) if ids cannot be made unique.
*/
static struct point *expand_points(const struct sweep *s)
{
    size_t n = s->npoints;
    struct point *pts = ws_xcalloc(n, sizeof *pts);
    for (size_t i = 0; i < n; i++) {
        struct point *p = &pts[i];
        p->vi = ws_xcalloc(s->nkeys ? s->nkeys : 1, sizeof *p->vi);
        size_t r = i;
        for (size_t k = s->nkeys; k-- > 0;) {
            p->vi[k] = r % s->keys[k].n;
            r /= s->keys[k].n;
        }
        p->scen = r;
        p->exit = -1;
        p->id = point_id(s, p, false);
    }
    bool *dup = ws_xcalloc(n, sizeof *dup);
    if (find_dups(pts, n, dup)) {
        for (size_t i = 0; i < n; i++)
            if (dup[i]) {
                free(pts[i].id);
                pts[i].id = point_id(s, &pts[i], true);
            }
        memset(dup, 0, n * sizeof *dup);
        if (find_dups(pts, n, dup)) {
            fprintf(stderr, "warpscope sweep: error: two points of %s hash to the same id; rename a scenario\n",
                    s->file);
            for (size_t i = 0; i < n; i++) {
                free(pts[i].vi);
                free(pts[i].id);
            }
            free(pts);
            pts = NULL;
        }
    }
    free(dup);
    return pts;
}

static void points_free(struct point *pts, size_t n)
{
    for (size_t i = 0; pts && i < n; i++) {
        free(pts[i].vi);
        free(pts[i].id);
    }
    free(pts);
}

/* ---------------------------------------------------------------------- */
/* Running                                                                 */
/* ---------------------------------------------------------------------- */

struct ctx {
    struct sweep s;
    struct point *pts;
    char *out;               /* output directory as given or sweeps/NAME */
    char *out_abs;           /* absolute: what commands name */
    char *exe;               /* this binary */
    char **scen_abs;
};

/* DIR/points/ID.ext under the given directory; caller frees. */
static char *point_file(const char *dir, const struct point *p, const char *ext)
{
    struct strbuf b;
    sb_init(&b);
    sb_printf(&b, "%s/points/%s.%s", dir, p->id, ext);
    return sb_take(&b);
}

/* The point's command: `warpscope run SCENARIO --set k=v ... --json F`
   with absolute paths; NULL-terminated, free with argv_free. */
static char **point_argv(const struct ctx *c, const struct point *p)
{
    const struct sweep *s = &c->s;
    size_t n = 0, cap = 6 + 2 * (s->nfixed + s->nkeys);
    char **a = ws_xcalloc(cap, sizeof *a);
    struct strbuf b;
    sb_init(&b);
    a[n++] = ws_xstrdup(c->exe);
    a[n++] = ws_xstrdup("run");
    a[n++] = ws_xstrdup(c->scen_abs[p->scen]);
    for (size_t i = 0; i < s->nfixed + s->nkeys; i++) {
        const struct sweep_key *k = i < s->nfixed ? &s->fixed[i] : &s->keys[i - s->nfixed];
        sb_printf(&b, "%s=%s", k->name, k->vals[i < s->nfixed ? 0 : p->vi[i - s->nfixed]]);
        a[n++] = ws_xstrdup("--set");
        a[n++] = sb_take(&b);
    }
    a[n++] = ws_xstrdup("--json");
    a[n++] = point_file(c->out_abs, p, "json");
    return a;
}

static void argv_free(char **a)
{
    for (char **p = a; *p; p++)
        free(*p);
    free(a);
}

/* The point as one POSIX shell line that also records the log and the
   exit status, exactly as a local run does. */
static void point_line(struct strbuf *out, const struct ctx *c, const struct point *p)
{
    char **a = point_argv(c, p);
    for (char **q = a; *q; q++) {
        if (q != a)
            sb_putc(out, ' ');
        shell_quote(out, *q);
    }
    argv_free(a);
    char *log = point_file(c->out_abs, p, "log");
    char *ex = point_file(c->out_abs, p, "exit");
    sb_puts(out, " >");
    shell_quote(out, log);
    sb_puts(out, " 2>&1; s=$?; echo $s >");
    shell_quote(out, ex);
    sb_puts(out, "; exit $s");
    free(log);
    free(ex);
}

/* Reads a point's exit record; -1 when there is none or it is garbled. */
static int read_exit(const char *path)
{
    size_t len;
    char *t = read_file(path, &len);
    if (!t)
        return -1;
    char *end;
    long v = strtol(t, &end, 10);
    bool ok = end != t && isdigit((unsigned char)t[0]) && (*end == '\0' ||
              (end[0] == '\n' && end[1] == '\0')) && v <= 255;
    free(t);
    return ok ? (int)v : -1;
}

/* The point's statistics, or NULL (with d filled unless the file is absent). */
static struct jv *read_stats(const struct ctx *c, const struct point *p,
                             struct ws_diag *d)
{
    char *path = point_file(c->out, p, "json");
    size_t len;
    char *t = read_file(path, &len);
    struct jv *v = t ? json_parse(t, len, path, d) : NULL;
    if (v && (v->kind != JV_OBJ || !jv_get(v, "warpscope"))) {
        diag_error(d, path, 0, 0, "not a warpscope statistics object (no \"warpscope\" key)");
        jv_free(v);
        v = NULL;
    }
    free(t);
    free(path);
    return v;
}

/* Done: an earlier run recorded exit 0 or 1 and left valid statistics. */
static bool point_done(const struct ctx *c, struct point *p)
{
    char *ex = point_file(c->out, p, "exit");
    int code = read_exit(ex);
    free(ex);
    if (code != 0 && code != 1)
        return false;
    struct ws_diag d = { 0 };
    struct jv *v = read_stats(c, p, &d);
    diag_reset(&d);
    if (!v)
        return false;
    jv_free(v);
    p->exit = code;
    return true;
}

static const char *exit_what(int code)
{
    switch (code) {
    case 0: return "ok";
    case 1: return "check failed";
    case 2: return "bad input";
    case 126: return "could not start";
    case 127: return "could not run warpscope";
    default: return code > 128 ? "killed by a signal" : "failed";
    }
}

static pid_t spawn(char **argv, const char *log)
{
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    if (pid != 0)
        return pid;
    int fd = open(log, O_WRONLY | O_CREAT | O_TRUNC, 0666);
    if (fd < 0) {
        dprintf(2, "warpscope sweep: error: cannot write %s: %s\n", log, strerror(errno));
        _exit(126);
    }
    int in = open("/dev/null", O_RDONLY);
    if (in >= 0 && in != 0) {
        dup2(in, 0);
        close(in);
    }
    dup2(fd, 1);
    dup2(fd, 2);
    if (fd > 2)
        close(fd);
    execv(argv[0], argv);
    dprintf(2, "warpscope sweep: error: cannot run %s: %s\n", argv[0], strerror(errno));
    _exit(127);
}

/* Records a finished point's status and prints a progress line. */
static void finish(const struct ctx *c, struct point *p, int code, size_t k)
{
    p->exit = code;
    char *ex = point_file(c->out, p, "exit");
    char text[16];
    int n = snprintf(text, sizeof text, "%d\n", code);
    if (code != 126)       /* not started: leave no record, so it runs again */
        write_file(ex, text, (size_t)n);
    free(ex);
    printf("[%zu/%zu] %s: %s", k, c->s.npoints, p->id, exit_what(code));
    if (code) {
        char *log = point_file(c->out, p, "log");
        printf(" (exit %d), see %s", code, log);
        free(log);
    }
    putchar('\n');
    fflush(stdout);
}

/* Runs the points that are not done, up to `jobs` at once. */
static void run_points(struct ctx *c, int jobs)
{
    size_t n = c->s.npoints, k = 0, next = 0, running = 0;
    for (size_t i = 0; i < n; i++)
        if (c->pts[i].done)
            printf("[%zu/%zu] %s: done before (%s), skipped\n", ++k, n,
                   c->pts[i].id, exit_what(c->pts[i].exit));
    fflush(stdout);
    pid_t *pid = ws_xcalloc((size_t)jobs, sizeof *pid);
    size_t *who = ws_xcalloc((size_t)jobs, sizeof *who);
    for (;;) {
        while (running < (size_t)jobs && next < n) {
            struct point *p = &c->pts[next++];
            if (p->done)
                continue;
            char *json = point_file(c->out, p, "json");
            char *ex = point_file(c->out, p, "exit");
            char *log = point_file(c->out, p, "log");
            remove(json);  /* a stale result must not outlive a failed run */
            remove(ex);
            char **argv = point_argv(c, p);
            pid_t child = spawn(argv, log);
            argv_free(argv);
            free(json);
            free(ex);
            free(log);
            if (child < 0) {
                fprintf(stderr, "warpscope sweep: error: cannot start a process: %s\n",
                        strerror(errno));
                finish(c, p, 126, ++k);
                continue;
            }
            size_t slot = 0;
            while (pid[slot])
                slot++;
            pid[slot] = child;
            who[slot] = (size_t)(p - c->pts);
            running++;
        }
        if (!running)
            break;
        int st;
        pid_t w = waitpid(-1, &st, 0);
        if (w < 0) {
            if (errno == EINTR)
                continue;
            break;
        }
        for (size_t slot = 0; slot < (size_t)jobs; slot++)
            if (pid[slot] == w) {
                int code = WIFEXITED(st) ? WEXITSTATUS(st)
                         : WIFSIGNALED(st) ? 128 + WTERMSIG(st) : 126;
                pid[slot] = 0;
                running--;
                finish(c, &c->pts[who[slot]], code, ++k);
            }
    }
    free(pid);
    free(who);
}

/* ---------------------------------------------------------------------- */
/* Collecting                                                              */
/* ---------------------------------------------------------------------- */

static void csv_value(struct strbuf *out, const struct jv *v)
{
    char buf[32];
    if (!v)
        return;
    switch (v->kind) {
    case JV_INT: sb_printf(out, "%lld", (long long)v->u.i); break;
    case JV_NUM: jv_format_double(v->u.d, buf); sb_puts(out, buf); break;
    case JV_BOOL: sb_puts(out, v->u.b ? "true" : "false"); break;
    case JV_STR: csv_field(out, v->u.s); break;
    default: break;      /* null, arrays and objects have no cell value */
    }
}

/* The default columns: every top-level number of any point, in the order
   they first appear (points in order). */
static void default_columns(struct ctx *c)
{
    struct sweep *s = &c->s;
    size_t cap = 0;
    for (size_t i = 0; i < s->npoints; i++) {
        struct ws_diag d = { 0 };
        struct jv *v = read_stats(c, &c->pts[i], &d);
        diag_reset(&d);
        for (size_t k = 0; v && k < v->n; k++) {
            if (v->items[k]->kind != JV_INT && v->items[k]->kind != JV_NUM)
                continue;
            bool seen = false;
            for (size_t e = 0; e < s->ncols && !seen; e++)
                seen = strcmp(s->cols[e], v->keys[k]) == 0;
            if (seen)
                continue;
            if (s->ncols == cap)
                s->cols = ws_xrealloc(s->cols, (cap = cap ? cap * 2 : 8) * sizeof *s->cols);
            s->cols[s->ncols++] = ws_xstrdup(v->keys[k]);
        }
        jv_free(v);
    }
}

/* Writes DIR/results.csv and DIR/sweep.json; returns 0 or -1. */
static int collect(struct ctx *c)
{
    struct sweep *s = &c->s;
    if (!s->cols)
        default_columns(c);
    struct strbuf csv;
    sb_init(&csv);
    sb_puts(&csv, "point,scenario");
    for (size_t k = 0; k < s->nkeys; k++) {
        sb_putc(&csv, ',');
        csv_field(&csv, s->keys[k].name);
    }
    sb_puts(&csv, ",exit");
    for (size_t k = 0; k < s->ncols; k++) {
        sb_putc(&csv, ',');
        csv_field(&csv, s->cols[k]);
    }
    sb_putc(&csv, '\n');
    struct jv *top = jv_obj(), *arr;
    jv_set(top, "sweep", jv_str(s->file));
    jv_set(top, "name", jv_str(s->name));
    arr = jv_set(top, "keys", jv_arr());
    for (size_t k = 0; k < s->nkeys; k++)
        jv_push(arr, jv_str(s->keys[k].name));
    arr = jv_set(top, "fixed", jv_obj());
    for (size_t k = 0; k < s->nfixed; k++)
        jv_set(arr, s->fixed[k].name, jv_str(s->fixed[k].vals[0]));
    arr = jv_set(top, "columns", jv_arr());
    for (size_t k = 0; k < s->ncols; k++)
        jv_push(arr, jv_str(s->cols[k]));
    arr = jv_set(top, "points", jv_arr());
    for (size_t i = 0; i < s->npoints; i++) {
        struct point *p = &c->pts[i];
        struct ws_diag d = { 0 };
        struct jv *st = p->exit == 0 || p->exit == 1 ? read_stats(c, p, &d) : NULL;
        if (!st && diag_has_error(&d)) {
            fputs("warpscope sweep: warning: ", stderr);
            cli_print_diag(&d);
        }
        diag_reset(&d);
        csv_field(&csv, p->id);
        sb_putc(&csv, ',');
        csv_field(&csv, s->scen[p->scen]);
        struct jv *pj = jv_push(arr, jv_obj());
        jv_set(pj, "id", jv_str(p->id));
        jv_set(pj, "scenario", jv_str(s->scen[p->scen]));
        struct jv *set = jv_set(pj, "settings", jv_obj());
        for (size_t k = 0; k < s->nkeys; k++) {
            sb_putc(&csv, ',');
            csv_field(&csv, s->keys[k].vals[p->vi[k]]);
            jv_set(set, s->keys[k].name, jv_str(s->keys[k].vals[p->vi[k]]));
        }
        if (p->exit >= 0)
            sb_printf(&csv, ",%d", p->exit);
        else
            sb_putc(&csv, ',');
        jv_set(pj, "exit", p->exit >= 0 ? jv_int(p->exit) : jv_null());
        char *f = point_file(".", p, "json");
        jv_set(pj, "json", jv_str(f + 2));
        free(f);
        f = point_file(".", p, "log");
        jv_set(pj, "log", jv_str(f + 2));
        free(f);
        for (size_t k = 0; k < s->ncols; k++) {
            sb_putc(&csv, ',');
            csv_value(&csv, st ? json_path(st, s->cols[k]) : NULL);
        }
        sb_putc(&csv, '\n');
        jv_free(st);
    }
    struct strbuf js, path;
    sb_init(&js);
    sb_init(&path);
    jv_write(top, &js, 2);
    sb_putc(&js, '\n');
    jv_free(top);
    sb_printf(&path, "%s/results.csv", c->out);
    int rc = write_file(sb_str(&path), sb_str(&csv), csv.len);
    sb_clear(&path);
    sb_printf(&path, "%s/sweep.json", c->out);
    if (write_file(sb_str(&path), sb_str(&js), js.len))
        rc = -1;
    sb_free(&path);
    sb_free(&js);
    sb_free(&csv);
    return rc;
}

/* Prints the tally and each failure (in point order, with the first error
   line of its log); returns the sweep's exit status. */
static int report(const struct ctx *c)
{
    size_t n = c->s.npoints, ok = 0, failed = 0, bad = 0, skipped = 0;
    int rc = EXIT_OK;
    for (size_t i = 0; i < n; i++) {
        const struct point *p = &c->pts[i];
        skipped += p->done;
        if (p->exit == 0) {
            ok++;
            continue;
        }
        if (p->exit == 1) {
            failed++;
            if (rc == EXIT_OK)
                rc = EXIT_CHECK;
        } else {
            bad++;
            rc = EXIT_BAD;
        }
        char *log = point_file(c->out, p, "log");
        fprintf(stderr, "warpscope sweep: point %s: %s (exit %d); log: %s\n",
                p->id, exit_what(p->exit), p->exit, log);
        size_t len;
        char *t = read_file(log, &len);
        char *e = t ? strstr(t, "error:") : NULL;
        if (e) {
            while (e > t && e[-1] != '\n')
                e--;
            fprintf(stderr, "    %.*s\n", (int)strcspn(e, "\n"), e);
        }
        free(t);
        free(log);
    }
    printf("sweep '%s': %zu point%s (%zu run, %zu done before): %zu ok, %zu check failed, %zu bad input\n",
           c->s.name, n, n == 1 ? "" : "s", n - skipped, skipped, ok, failed, bad);
    printf("results: %s/results.csv, %s/sweep.json\n", c->out, c->out);
    return rc;
}

/* ---------------------------------------------------------------------- */
/* Emitting job lists                                                      */
/* ---------------------------------------------------------------------- */

static void emit_parallel(const struct ctx *c)
{
    struct strbuf b;
    sb_init(&b);
    for (size_t i = 0; i < c->s.npoints; i++) {
        sb_clear(&b);
        point_line(&b, c, &c->pts[i]);
        puts(sb_str(&b));
    }
    sb_free(&b);
}

static void emit_slurm(const struct ctx *c)
{
    size_t n = c->s.npoints;
    struct strbuf b, q;
    sb_init(&b);
    sb_init(&q);
    printf("#!/bin/bash\n"
           "# warpscope sweep '%s': %zu point%s, one Slurm array task each.\n"
           "# Submit with `sbatch FILE`; each task writes points/ID.json, .log and .exit\n"
           "# under %s.\n",
           c->s.name, n, n == 1 ? "" : "s", c->out_abs);
    printf("#SBATCH --job-name=ws-%s\n#SBATCH --array=0-%zu\n"
           "#SBATCH --ntasks=1\n#SBATCH --cpus-per-task=1\n", c->s.name, n - 1);
    printf("set -u\ncmds=(\n");
    for (size_t i = 0; i < n; i++) {
        sb_clear(&b);
        sb_clear(&q);
        point_line(&b, c, &c->pts[i]);
        shell_quote(&q, sb_str(&b));
        printf("  %s\n", sb_str(&q));
    }
    printf(")\n");
    printf("i=${SLURM_ARRAY_TASK_ID:?submit this script with sbatch (or set SLURM_ARRAY_TASK_ID to 0..%zu)}\n",
           n - 1);
    sb_clear(&q);
    sb_clear(&b);
    sb_printf(&b, "%s/points", c->out_abs);
    shell_quote(&q, sb_str(&b));
    printf("mkdir -p %s\nexec bash -c \"${cmds[$i]}\"\n", sb_str(&q));
    sb_clear(&q);
    shell_quote(&q, c->exe);
    sb_puts(&q, " sweep ");
    char *abs = realpath(c->s.file, NULL);
    shell_quote(&q, abs ? abs : c->s.file);
    free(abs);
    sb_puts(&q, " --out ");
    shell_quote(&q, c->out_abs);
    printf("# When every task has finished, collect the results: every point's JSON\n"
           "# exists, so this runs nothing and writes results.csv and sweep.json\n"
           "# (a point that is missing or had bad input runs locally):\n#   %s\n",
           sb_str(&q));
    sb_free(&b);
    sb_free(&q);
}

static void dry_run(const struct ctx *c)
{
    const struct sweep *s = &c->s;
    size_t todo = 0;
    printf("sweep '%s': %zu point%s into %s\n", s->name, s->npoints,
           s->npoints == 1 ? "" : "s", c->out);
    for (size_t i = 0; i < s->npoints; i++) {
        const struct point *p = &c->pts[i];
        todo += !p->done;
        printf("  %s: %s", p->id, s->scen[p->scen]);
        for (size_t k = 0; k < s->nfixed; k++)
            printf(" %s=%s", s->fixed[k].name, s->fixed[k].vals[0]);
        for (size_t k = 0; k < s->nkeys; k++)
            printf(" %s=%s", s->keys[k].name, s->keys[k].vals[p->vi[k]]);
        printf(p->done ? " (done, %s)\n" : "\n", exit_what(p->exit));
    }
    printf("would run %zu, skip %zu done\n", todo, s->npoints - todo);
}

/* ---------------------------------------------------------------------- */
/* The command                                                             */
/* ---------------------------------------------------------------------- */

static int parse_jobs(const char *v, int *jobs)
{
    char *end;
    errno = 0;
    long j = strtol(v, &end, 10);
    if (!*v || *end || errno || j < 1 || j > MAX_JOBS)
        return cli_usage_error("sweep", "-j expects a number of processes from 1 to %d, got '%s'",
                               MAX_JOBS, v);
    *jobs = (int)j;
    return EXIT_OK;
}

/* Directory, absolute paths and this binary's path for commands. */
static int prepare_paths(struct ctx *c)
{
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0) {
        fprintf(stderr, "warpscope sweep: error: cannot find this program's path (/proc/self/exe): %s\n",
                strerror(errno));
        return EXIT_BAD;
    }
    exe[n] = '\0';
    c->exe = ws_xstrdup(exe);
    char *pts = ws_path_join(c->out, "points");
    int bad = make_dirs(pts);
    free(pts);
    if (bad || !(c->out_abs = realpath(c->out, NULL)))
        return EXIT_BAD;
    c->scen_abs = ws_xcalloc(c->s.nscen, sizeof *c->scen_abs);
    for (size_t i = 0; i < c->s.nscen; i++) {
        c->scen_abs[i] = realpath(c->s.scen_path[i], NULL);
        if (!c->scen_abs[i]) {
            fprintf(stderr, "%s: error: cannot resolve the path: %s\n",
                    c->s.scen_path[i], strerror(errno));
            return EXIT_BAD;
        }
    }
    return EXIT_OK;
}

int cli_sweep(int argc, char **argv)
{
    const char *file = NULL, *out = NULL, *emit = NULL;
    int jobs = 1, rc = EXIT_OK;
    bool dry = false;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *val = NULL;
        const char *eq = strncmp(a, "--", 2) == 0 ? strchr(a, '=') : NULL;
        char opt[16] = "";
        if (eq && (size_t)(eq - a) < sizeof opt) {
            snprintf(opt, sizeof opt, "%.*s", (int)(eq - a), a);
            val = eq + 1;
        } else if (strncmp(a, "-j", 2) == 0 && a[2]) {
            snprintf(opt, sizeof opt, "-j");
            val = a + 2;
        } else {
            snprintf(opt, sizeof opt, "%.15s", a);
        }
        bool takes = !strcmp(opt, "-j") || !strcmp(opt, "--jobs") ||
                     !strcmp(opt, "--out") || !strcmp(opt, "--emit");
        if (takes && !val) {
            if (i + 1 >= argc)
                return cli_usage_error("sweep", "%s needs a value", a);
            val = argv[++i];
        }
        if (!strcmp(opt, "-j") || !strcmp(opt, "--jobs")) {
            if ((rc = parse_jobs(val, &jobs)) != EXIT_OK)
                return rc;
        } else if (!strcmp(opt, "--out")) {
            if (!*val)
                return cli_usage_error("sweep", "--out needs a directory");
            out = val;
        } else if (!strcmp(opt, "--emit")) {
            if (strcmp(val, "parallel") && strcmp(val, "slurm"))
                return cli_usage_error("sweep", "--emit expects parallel or slurm, got '%s'", val);
            emit = val;
        } else if (!strcmp(a, "--dry-run")) {
            dry = true;
        } else if (a[0] == '-' && a[1]) {
            return cli_usage_error("sweep", "unknown option '%s'", a);
        } else if (file) {
            return cli_usage_error("sweep", "only one sweep file (got '%s' and '%s')", file, a);
        } else {
            file = a;
        }
    }
    if (!file)
        return cli_usage_error("sweep", "missing the sweep file (warpscope sweep SWEEP.lua)");
    if (dry && emit)
        return cli_usage_error("sweep", "--dry-run and --emit do not go together (--emit runs nothing already)");
    struct ctx c = { 0 };
    struct ws_diag d = { 0 };
    if (sweep_load(&c.s, file, &d) != WS_OK) {
        cli_print_diag(&d);
        rc = EXIT_BAD;
        goto done;
    }
    if (out) {
        c.out = ws_xstrdup(out);
    } else {
        struct strbuf b;
        sb_init(&b);
        sb_printf(&b, "sweeps/%s", c.s.name);
        c.out = sb_take(&b);
    }
    if (!(c.pts = expand_points(&c.s))) {
        rc = EXIT_BAD;
        goto done;
    }
    for (size_t i = 0; i < c.s.npoints && !emit; i++)
        c.pts[i].done = point_done(&c, &c.pts[i]);
    if (dry) {
        dry_run(&c);
        goto done;
    }
    if ((rc = prepare_paths(&c)) != EXIT_OK)
        goto done;
    if (emit) {
        if (strcmp(emit, "slurm") == 0)
            emit_slurm(&c);
        else
            emit_parallel(&c);
        goto done;
    }
    run_points(&c, jobs);
    int wrote = collect(&c);
    rc = report(&c);
    if (wrote)
        rc = EXIT_BAD;
done:
    diag_reset(&d);
    points_free(c.pts, c.s.npoints);
    for (size_t i = 0; c.scen_abs && i < c.s.nscen; i++)
        free(c.scen_abs[i]);
    free(c.scen_abs);
    free(c.out);
    free(c.out_abs);
    free(c.exe);
    sweep_free(&c.s);
    return rc;
}

/* config.c - configuration values, parsing, hashing and help (see config.h). */
#include "config/config.h"
#include "util/hash.h"
#include "util/jval.h"
#include "util/suggest.h"
#include "util/xalloc.h"
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define X(id, name, type, def, min, max, values, doc) \
    { name, type, def, min, max, values, doc },
static const struct config_key keys[CK__COUNT] = { WS_CONFIG_KEYS(X) };
#undef X

const struct config_key *config_key(int id)
{
    return id >= 0 && id < CK__COUNT ? &keys[id] : NULL;
}

int config_find(const char *name)
{
    for (int i = 0; i < CK__COUNT; i++)
        if (strcmp(keys[i].name, name) == 0)
            return i;
    return -1;
}

static int enum_index(const char *values, const char *v)
{
    int idx = 0;
    size_t vl = strlen(v);
    for (const char *p = values; *p; idx++) {
        const char *e = strchr(p, '|');
        size_t n = e ? (size_t)(e - p) : strlen(p);
        if (n == vl && strncmp(p, v, n) == 0)
            return idx;
        if (!e)
            break;
        p = e + 1;
    }
    return -1;
}

const char *config_enum_name(const struct ws_config *c, int id, char *buf,
                          size_t n)
{
    const char *p = keys[id].values;
    for (int i = 0; i < c->v[id].e && p; i++) {
        p = strchr(p, '|');
        if (p)
            p++;
    }
    if (!p)
        p = "?";
    const char *e = strchr(p, '|');
    size_t len = e ? (size_t)(e - p) : strlen(p);
    snprintf(buf, n, "%.*s", (int)len, p);
    return buf;
}

static void values_list(const char *values, struct strbuf *out)
{
    for (const char *p = values; *p; p++)
        sb_puts(out, *p == '|' ? ", " : (char[]){ *p, 0 });
}

static int parse_int(const char *s, int64_t *out)
{
    char *end;
    errno = 0;
    long long v = strtoll(s, &end, 0);
    if (end == s || errno)
        return -1;
    int64_t mul = 1;
    if (*end == 'k' || *end == 'K')
        mul = 1024, end++;
    else if (*end == 'm' || *end == 'M')
        mul = 1024 * 1024, end++;
    else if (*end == 'g' || *end == 'G')
        mul = 1024LL * 1024 * 1024, end++;
    if (*end != '\0')
        return -1;
    if (v > INT64_MAX / mul || v < INT64_MIN / mul)
        return -1;
    *out = v * mul;
    return 0;
}

int config_set(struct ws_config *c, const char *name, const char *value,
            struct ws_diag *diag)
{
    int id = config_find(name);
    if (id < 0) {
        int best = -1, bd = 4;
        for (int i = 0; i < CK__COUNT; i++) {
            int d = ws_edit_distance(name, keys[i].name);
            if (d < bd) {
                bd = d;
                best = i;
            }
        }
        diag_error(diag, NULL, 0, 0, "unknown config key '%s'%s%s%s", name,
                   best >= 0 ? " (did you mean '" : "",
                   best >= 0 ? keys[best].name : "", best >= 0 ? "'?)" : "");
        diag_note(diag, "`warpscope --help config` lists every key");
        return WS_ERR;
    }
    const struct config_key *k = &keys[id];
    union config_val *v = &c->v[id];
    switch (k->type) {
    case CT_INT: {
        int64_t x;
        if (parse_int(value, &x) || (double)x < k->min || (double)x > k->max)
            return diag_error(diag, NULL, 0, 0,
                              "config key '%s' expects an integer in %.0f..%.0f, got '%s'",
                              name, k->min, k->max, value);
        v->i = x;
        return WS_OK;
    }
    case CT_FLOAT: {
        char *end;
        errno = 0;
        double x = strtod(value, &end);
        if (end == value || *end || errno || !isfinite(x) || x < k->min ||
            x > k->max)
            return diag_error(diag, NULL, 0, 0,
                              "config key '%s' expects a number in %g..%g, got '%s'",
                              name, k->min, k->max, value);
        v->f = x;
        return WS_OK;
    }
    case CT_BOOL: {
        static const char *t[] = { "true", "yes", "on", "1" };
        static const char *f[] = { "false", "no", "off", "0" };
        for (int i = 0; i < 4; i++) {
            if (strcmp(value, t[i]) == 0) {
                v->b = true;
                return WS_OK;
            }
            if (strcmp(value, f[i]) == 0) {
                v->b = false;
                return WS_OK;
            }
        }
        return diag_error(diag, NULL, 0, 0,
                          "config key '%s' expects true or false, got '%s'",
                          name, value);
    }
    case CT_ENUM: {
        int e = enum_index(k->values, value);
        if (e < 0) {
            struct strbuf b;
            sb_init(&b);
            values_list(k->values, &b);
            char near[65];
            bool hint = ws_suggest(value, k->values, '|', near, sizeof near);
            diag_error(diag, NULL, 0, 0,
                       "config key '%s' expects one of: %s; got '%s'%s%s%s",
                       name, sb_str(&b), value, hint ? " (did you mean '" : "",
                       hint ? near : "", hint ? "'?)" : "");
            sb_free(&b);
            return WS_ERR;
        }
        v->e = e;
        return WS_OK;
    }
    case CT_STRING:
        free(v->s);
        v->s = ws_xstrdup(value);
        return WS_OK;
    }
    return WS_ERR;
}

void config_init(struct ws_config *c)
{
    memset(c, 0, sizeof *c);
    struct ws_diag d = { 0 };
    for (int i = 0; i < CK__COUNT; i++) {
        int rc = config_set(c, keys[i].name, keys[i].def, &d);
        /* A bad default is a bug in keys.h, caught by the unit tests. */
        if (rc != WS_OK) {
            struct strbuf b;
            sb_init(&b);
            diag_render(&d, &b);
            fprintf(stderr, "warpscope: internal error in keys.h: %s", sb_str(&b));
            sb_free(&b);
            abort();
        }
    }
    diag_reset(&d);
}

void config_free(struct ws_config *c)
{
    for (int i = 0; i < CK__COUNT; i++)
        if (keys[i].type == CT_STRING)
            free(c->v[i].s);
    memset(c, 0, sizeof *c);
}

void config_copy(struct ws_config *dst, const struct ws_config *src)
{
    *dst = *src;
    for (int i = 0; i < CK__COUNT; i++)
        if (keys[i].type == CT_STRING && src->v[i].s)
            dst->v[i].s = ws_xstrdup(src->v[i].s);
}

void config_format(const struct ws_config *c, int id, struct strbuf *out)
{
    char buf[64];
    switch (keys[id].type) {
    case CT_INT: sb_printf(out, "%lld", (long long)c->v[id].i); break;
    case CT_FLOAT:
        jv_format_double(c->v[id].f, buf);
        sb_puts(out, buf);
        break;
    case CT_BOOL: sb_puts(out, c->v[id].b ? "true" : "false"); break;
    case CT_ENUM: sb_puts(out, config_enum_name(c, id, buf, sizeof buf)); break;
    case CT_STRING: sb_puts(out, c->v[id].s ? c->v[id].s : ""); break;
    }
}

void config_hash(const struct ws_config *c, char out[17])
{
    uint64_t h = WS_FNV_INIT;
    struct strbuf b;
    sb_init(&b);
    for (int i = 0; i < CK__COUNT; i++) {
        /* what cannot change a result: the preset's name (its values
           count), the debugger's snapshots, the hooks' Lua budget, the
           host threads */
        if (i == CK_PRESET || strncmp(keys[i].name, "debug.", 6) == 0 ||
            i == CK_LUA_HOOK_INSTRUCTIONS || i == CK_SIM_THREADS)
            continue;
        sb_clear(&b);
        sb_printf(&b, "%s=", keys[i].name);
        config_format(c, i, &b);
        sb_putc(&b, '\n');
        h = ws_fnv1a(h, b.s, b.len);
    }
    sb_free(&b);
    snprintf(out, 17, "%016llx", (unsigned long long)h);
}

void config_help(struct strbuf *out)
{
    sb_puts(out, "Configuration keys (set with --set KEY=VALUE, in a preset, or with ws.config{...}):\n\n");
    for (int i = 0; i < CK__COUNT; i++) {
        const struct config_key *k = &keys[i];
        sb_printf(out, "  %-26s ", k->name);
        switch (k->type) {
        case CT_INT: sb_printf(out, "integer %.0f..%.0f", k->min, k->max); break;
        case CT_FLOAT: sb_printf(out, "number %g..%g", k->min, k->max); break;
        case CT_BOOL: sb_puts(out, "boolean"); break;
        case CT_ENUM: sb_puts(out, "one of "); values_list(k->values, out); break;
        case CT_STRING: sb_puts(out, "string"); break;
        }
        sb_printf(out, " (default %s)\n      %s\n", k->def, k->doc);
    }
    sb_puts(out, "\nIntegers accept a K, M or G suffix (times 1024).\n");
}

void config_assigns_add(struct config_assigns *a, const char *key,
                     const char *value, const char *file, int line)
{
    if (a->n == a->cap) {
        a->cap = a->cap ? a->cap * 2 : 8;
        a->v = ws_xrealloc(a->v, a->cap * sizeof *a->v);
    }
    a->v[a->n++] = (struct config_assign){ ws_xstrdup(key), ws_xstrdup(value),
                                        file ? ws_xstrdup(file) : NULL, line,
                                        0 };
}

void config_assigns_free(struct config_assigns *a)
{
    for (size_t i = 0; i < a->n; i++) {
        free(a->v[i].key);
        free(a->v[i].value);
        free(a->v[i].file);
    }
    free(a->v);
    memset(a, 0, sizeof *a);
}

int config_assigns_parse(struct config_assigns *a, const char *text,
                      struct ws_diag *diag)
{
    const char *eq = strchr(text, '=');
    if (!eq || eq == text)
        return diag_error(diag, NULL, 0, 0,
                          "--set '%s': expected KEY=VALUE, e.g. --set sm.count=2",
                          text);
    char *key = ws_xstrndup(text, (size_t)(eq - text));
    /* Trim spaces around the key, e.g. --set "sm.count = 2". */
    char *k = key;
    while (isspace((unsigned char)*k))
        k++;
    char *ke = k + strlen(k);
    while (ke > k && isspace((unsigned char)ke[-1]))
        *--ke = '\0';
    const char *v = eq + 1;
    while (isspace((unsigned char)*v))
        v++;
    config_assigns_add(a, k, v, NULL, 0);
    free(key);
    return WS_OK;
}

int config_apply(struct ws_config *c, const struct config_assigns *a,
              struct ws_diag *diag)
{
    for (size_t i = 0; i < a->n; i++) {
        const struct config_assign *s = &a->v[i];
        if (strcmp(s->key, "preset") == 0)
            continue;
        if (config_set(c, s->key, s->value, diag) != WS_OK) {
            if (s->file) {
                free(diag->file);
                diag->file = ws_xstrdup(s->file);
                diag->line = s->line;
                diag->col = s->col;
            } else {
                diag_prefix(diag, "--set %s=%s: ", s->key, s->value);
            }
            return WS_ERR;
        }
    }
    return WS_OK;
}

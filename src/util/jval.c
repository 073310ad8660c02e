/* jval.c - ordered JSON values (see jval.h). */
#include "util/jval.h"
#include "util/xalloc.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static struct jv *mk(enum jv_kind k)
{
    struct jv *v = ws_xcalloc(1, sizeof *v);
    v->kind = k;
    return v;
}

struct jv *jv_null(void) { return mk(JV_NULL); }

struct jv *jv_bool(bool b)
{
    struct jv *v = mk(JV_BOOL);
    v->u.b = b;
    return v;
}

struct jv *jv_int(int64_t i)
{
    struct jv *v = mk(JV_INT);
    v->u.i = i;
    return v;
}

struct jv *jv_num(double d)
{
    struct jv *v = mk(JV_NUM);
    v->u.d = d;
    return v;
}

struct jv *jv_str(const char *s)
{
    struct jv *v = mk(JV_STR);
    v->u.s = ws_xstrdup(s);
    return v;
}

struct jv *jv_arr(void) { return mk(JV_ARR); }
struct jv *jv_obj(void) { return mk(JV_OBJ); }

static void grow(struct jv *c)
{
    if (c->n < c->cap)
        return;
    c->cap = c->cap ? c->cap * 2 : 8;
    c->items = ws_xrealloc(c->items, c->cap * sizeof *c->items);
    if (c->kind == JV_OBJ)
        c->keys = ws_xrealloc(c->keys, c->cap * sizeof *c->keys);
}

struct jv *jv_push(struct jv *arr, struct jv *v)
{
    grow(arr);
    arr->items[arr->n++] = v;
    return v;
}

struct jv *jv_set(struct jv *obj, const char *key, struct jv *v)
{
    for (size_t i = 0; i < obj->n; i++) {
        if (strcmp(obj->keys[i], key) == 0) {
            jv_free(obj->items[i]);
            obj->items[i] = v;
            return v;
        }
    }
    grow(obj);
    obj->keys[obj->n] = ws_xstrdup(key);
    obj->items[obj->n++] = v;
    return v;
}

void jv_remove(struct jv *obj, const char *key)
{
    for (size_t i = 0; obj && obj->kind == JV_OBJ && i < obj->n; i++) {
        if (strcmp(obj->keys[i], key) != 0)
            continue;
        jv_free(obj->items[i]);
        free(obj->keys[i]);
        memmove(obj->items + i, obj->items + i + 1,
                (obj->n - i - 1) * sizeof *obj->items);
        memmove(obj->keys + i, obj->keys + i + 1,
                (obj->n - i - 1) * sizeof *obj->keys);
        obj->n--;
        return;
    }
}

struct jv *jv_get(const struct jv *obj, const char *key)
{
    if (!obj || obj->kind != JV_OBJ)
        return NULL;
    for (size_t i = 0; i < obj->n; i++)
        if (strcmp(obj->keys[i], key) == 0)
            return obj->items[i];
    return NULL;
}

void jv_add_int(struct jv *obj, const char *key, int64_t v)
{
    struct jv *m = jv_get(obj, key);
    if (m && m->kind == JV_INT)
        m->u.i += v;
    else
        jv_set(obj, key, jv_int(v));
}

void jv_add_num(struct jv *obj, const char *key, double v)
{
    struct jv *m = jv_get(obj, key);
    if (m && m->kind == JV_NUM)
        m->u.d += v;
    else
        jv_set(obj, key, jv_num(v));
}

double jv_num_at(const struct jv *obj, const char *key)
{
    const struct jv *m = jv_get(obj, key);
    if (!m)
        return 0.0;
    return m->kind == JV_INT ? (double)m->u.i : m->kind == JV_NUM ? m->u.d
                                                                   : 0.0;
}

struct jv *jv_clone(const struct jv *v)
{
    switch (v->kind) {
    case JV_NULL: return jv_null();
    case JV_BOOL: return jv_bool(v->u.b);
    case JV_INT: return jv_int(v->u.i);
    case JV_NUM: return jv_num(v->u.d);
    case JV_STR: return jv_str(v->u.s);
    case JV_ARR: {
        struct jv *a = jv_arr();
        for (size_t i = 0; i < v->n; i++)
            jv_push(a, jv_clone(v->items[i]));
        return a;
    }
    default: {
        struct jv *o = jv_obj();
        for (size_t i = 0; i < v->n; i++)
            jv_set(o, v->keys[i], jv_clone(v->items[i]));
        return o;
    }
    }
}

struct jv *jv_delta(const struct jv *after, const struct jv *before)
{
    if (!before || before->kind != after->kind)
        return jv_clone(after);
    switch (after->kind) {
    case JV_INT:
        return jv_int(after->u.i - before->u.i);
    case JV_NUM:
        return jv_num(after->u.d - before->u.d);
    case JV_ARR: {
        struct jv *a = jv_arr();
        for (size_t i = 0; i < after->n; i++)
            jv_push(a, jv_delta(after->items[i],
                                i < before->n ? before->items[i] : NULL));
        return a;
    }
    case JV_OBJ: {
        struct jv *o = jv_obj();
        for (size_t i = 0; i < after->n; i++)
            jv_set(o, after->keys[i],
                   jv_delta(after->items[i], jv_get(before, after->keys[i])));
        return o;
    }
    default:
        return jv_clone(after);
    }
}

void jv_free(struct jv *v)
{
    if (!v)
        return;
    if (v->kind == JV_STR)
        free(v->u.s);
    for (size_t i = 0; i < v->n; i++) {
        jv_free(v->items[i]);
        if (v->keys)
            free(v->keys[i]);
    }
    free(v->items);
    free(v->keys);
    free(v);
}

void jv_format_double(double d, char buf[32])
{
    for (int prec = 15; prec <= 17; prec++) {
        snprintf(buf, 32, "%.*g", prec, d);
        if (strtod(buf, NULL) == d)
            break;
    }
    /* Keep a marker that this is a real number, as JSON readers expect. */
    if (!strpbrk(buf, ".eEn"))
        strcat(buf, ".0");
}

static void write_str(struct strbuf *out, const char *s)
{
    sb_putc(out, '"');
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        switch (c) {
        case '"': sb_puts(out, "\\\""); break;
        case '\\': sb_puts(out, "\\\\"); break;
        case '\n': sb_puts(out, "\\n"); break;
        case '\t': sb_puts(out, "\\t"); break;
        case '\r': sb_puts(out, "\\r"); break;
        default:
            if (c < 0x20)
                sb_printf(out, "\\u%04x", c);
            else
                sb_putc(out, (char)c);
        }
    }
    sb_putc(out, '"');
}

static void newline(struct strbuf *out, int indent, int level)
{
    if (indent <= 0)
        return;
    sb_putc(out, '\n');
    for (int i = 0; i < indent * level; i++)
        sb_putc(out, ' ');
}

/* Arrays of scalars stay on one line even when pretty-printing. */
static int all_scalar(const struct jv *v)
{
    for (size_t i = 0; i < v->n; i++)
        if (v->items[i]->kind == JV_ARR || v->items[i]->kind == JV_OBJ)
            return 0;
    return 1;
}

static void write_val(const struct jv *v, struct strbuf *out, int indent,
                      int level)
{
    char buf[32];
    switch (v->kind) {
    case JV_NULL: sb_puts(out, "null"); break;
    case JV_BOOL: sb_puts(out, v->u.b ? "true" : "false"); break;
    case JV_INT: sb_printf(out, "%lld", (long long)v->u.i); break;
    case JV_NUM:
        if (!isfinite(v->u.d)) {
            sb_puts(out, "null");
        } else {
            jv_format_double(v->u.d, buf);
            sb_puts(out, buf);
        }
        break;
    case JV_STR: write_str(out, v->u.s); break;
    case JV_ARR:
    case JV_OBJ: {
        int obj = v->kind == JV_OBJ;
        int flat = !obj && all_scalar(v);
        sb_putc(out, obj ? '{' : '[');
        for (size_t i = 0; i < v->n; i++) {
            if (i)
                sb_puts(out, flat && indent > 0 ? ", " : ",");
            if (!flat)
                newline(out, indent, level + 1);
            if (obj) {
                write_str(out, v->keys[i]);
                sb_puts(out, indent > 0 ? ": " : ":");
            }
            write_val(v->items[i], out, indent, level + 1);
        }
        if (v->n && !flat)
            newline(out, indent, level);
        sb_putc(out, obj ? '}' : ']');
        break;
    }
    }
}

void jv_write(const struct jv *v, struct strbuf *out, int indent)
{
    write_val(v, out, indent, 0);
}

/* grid.c - grids of cells in describe output (see grid.h). */
#include "timing/grid.h"
#include <stdarg.h>
#include <stdio.h>

static struct jv *arr_of(struct jv *o, const char *key)
{
    struct jv *a = jv_get(o, key);
    return a && a->kind == JV_ARR ? a : jv_set(o, key, jv_arr());
}

struct jv *grid_new(struct jv *out, const char *title)
{
    struct jv *g = jv_push(arr_of(out, "grids"), jv_obj());
    jv_set(g, "title", jv_str(title));
    jv_set(g, "legend", jv_arr());
    jv_set(g, "rows", jv_arr());
    return g;
}

void grid_legend(struct jv *g, char code, const char *glyph,
                 const char *color, const char *label)
{
    struct jv *e = jv_push(arr_of(g, "legend"), jv_obj());
    char c[2] = { code, 0 };
    jv_set(e, "code", jv_str(c));
    if (glyph)
        jv_set(e, "glyph", jv_str(glyph));
    jv_set(e, "color", jv_str(color));
    jv_set(e, "label", jv_str(label));
}

struct jv *grid_row(struct jv *g, const char *label, const char *cells)
{
    struct jv *r = jv_push(arr_of(g, "rows"), jv_obj());
    jv_set(r, "label", jv_str(label));
    jv_set(r, "cells", jv_str(cells));
    return r;
}

static void vtext(char *buf, size_t n, const char *fmt, va_list ap)
    __attribute__((format(printf, 3, 0)));
static void vtext(char *buf, size_t n, const char *fmt, va_list ap)
{
    vsnprintf(buf, n, fmt, ap);
}

void grid_note(struct jv *row, const char *color, const char *fmt, ...)
{
    char buf[256];
    va_list ap;
    va_start(ap, fmt);
    vtext(buf, sizeof buf, fmt, ap);
    va_end(ap);
    struct jv *s = jv_push(arr_of(row, "note"), jv_obj());
    jv_set(s, "t", jv_str(buf));
    jv_set(s, "c", jv_str(color));
}

void grid_detail(struct jv *row, const char *fmt, ...)
{
    char buf[256];
    va_list ap;
    va_start(ap, fmt);
    vtext(buf, sizeof buf, fmt, ap);
    va_end(ap);
    jv_push(arr_of(row, "details"), jv_str(buf));
}

void grid_foot(struct jv *g, const char *fmt, ...)
{
    char buf[256];
    va_list ap;
    va_start(ap, fmt);
    vtext(buf, sizeof buf, fmt, ap);
    va_end(ap);
    jv_push(arr_of(g, "foot"), jv_str(buf));
}

/* canvas.c - clipped drawing on the curses screen (see ui.h). */
#include "ui.h"
#include "debug/inspect.h"
#include "sim/device.h"
#include "util/jval.h"
#include <curses.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static attr_t attr_of(const struct canvas *c, enum ui_color col, bool bold)
{
    attr_t a = bold ? A_BOLD : A_NORMAL;
    if (c->color)
        return a | COLOR_PAIR(col);
    /* monochrome: keep the distinctions that matter */
    switch (col) {
    case UC_TITLE_FOCUS: case UC_SELECT: case UC_STATUS: return a | A_REVERSE;
    case UC_CONFLICT: case UC_ERROR: case UC_BREAK: return a | A_BOLD;
    case UC_DIM: case UC_EXITED: case UC_INVALID: return a | A_DIM;
    case UC_PC: case UC_DIRTY: return a | A_UNDERLINE;
    default: return a;
    }
}

/* Columns of a UTF-8 string (ASCII and two/three-byte characters count
   one each: what our text uses). */
static int cols_of(const char *s, int *bytes_for, int maxcols)
{
    int cols = 0;
    const unsigned char *p = (const unsigned char *)s;
    while (*p && cols < maxcols) {
        int len = *p < 0x80 ? 1 : *p < 0xe0 ? 2 : *p < 0xf0 ? 3 : 4;
        for (int i = 1; i < len; i++)
            if (!p[i])
                len = i;
        p += len;
        cols++;
    }
    *bytes_for = (int)((const char *)p - s);
    return cols;
}

int cv_wrap(const char *s, int width, size_t *skip)
{
    if (width < 1)
        width = 1;
    int bytes;
    int cols = cols_of(s, &bytes, width);
    *skip = (size_t)bytes;
    if (cols < width || !s[bytes])
        return bytes;                     /* the rest fits */
    if (s[bytes] == ' ') {                /* breaks right at a space */
        *skip = (size_t)bytes + 1;
        return bytes;
    }
    for (int k = bytes - 1; k > 0; k--)   /* the last space that fits */
        if (s[k] == ' ' && k >= bytes / 3) {
            *skip = (size_t)k + 1;
            return k;
        }
    return bytes;                         /* one long word: cut it */
}

int cv_wrap_rows(const char *s, int width)
{
    int rows = 0;
    do {
        size_t skip;
        cv_wrap(s, rows ? width - 2 : width, &skip);
        s += skip;
        rows++;
    } while (*s);
    return rows;
}

int cv_print(const struct canvas *c, int row, int col, enum ui_color color,
             bool bold, const char *fmt, ...)
{
    if (row < 0 || row >= c->h || col >= c->w || col < 0)
        return 0;
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    for (char *p = buf; *p; p++)
        if (*p == '\t' || *p == '\n' || *p == '\r')
            *p = ' ';
    int bytes;
    int cols = cols_of(buf, &bytes, c->w - col);
    attr_t a = attr_of(c, color, bold);
    attron(a);
    mvaddnstr(c->y + row, c->x + col, buf, bytes);
    attroff(a);
    return cols;
}

void cv_cell(const struct canvas *c, int row, int col, enum ui_color color,
             const char *utf8, char ascii)
{
    if (row < 0 || row >= c->h || col < 0 || col >= c->w)
        return;
    attr_t a = attr_of(c, color, false);
    attron(a);
    if (c->utf8 && utf8) {
        mvaddstr(c->y + row, c->x + col, utf8);
    } else {
        mvaddch(c->y + row, c->x + col, (chtype)(unsigned char)ascii);
    }
    attroff(a);
}

void cv_clear(const struct canvas *c)
{
    for (int r = 0; r < c->h; r++) {
        move(c->y + r, c->x);
        for (int i = 0; i < c->w; i++)
            addch(' ');
    }
}

void cv_spark(const struct canvas *c, int row, int col, int w,
              const double *v, size_t n, enum ui_color color)
{
    static const char *blocks[8] = { "\xe2\x96\x81", "\xe2\x96\x82", "\xe2\x96\x83",
                                     "\xe2\x96\x84", "\xe2\x96\x85", "\xe2\x96\x86",
                                     "\xe2\x96\x87", "\xe2\x96\x88" };
    static const char ascii[8] = { '_', '.', '-', '-', '=', '=', '#', '#' };
    if (n == 0 || w <= 0)
        return;
    size_t first = n > (size_t)w ? n - (size_t)w : 0;
    double lo = v[first], hi = v[first];
    for (size_t i = first; i < n; i++) {
        if (v[i] < lo)
            lo = v[i];
        if (v[i] > hi)
            hi = v[i];
    }
    for (size_t i = first; i < n; i++) {
        int k = hi > lo ? (int)((v[i] - lo) / (hi - lo) * 7.999) : 0;
        if (k < 0)
            k = 0;
        if (k > 7)
            k = 7;
        cv_cell(c, row, col + (int)(i - first), color, blocks[k], ascii[k]);
    }
}

static const struct {
    const char *name;
    enum ui_color c;
} roles[] = {
    { "normal", UC_NORMAL }, { "dim", UC_DIM }, { "title", UC_TITLE },
    { "valid", UC_VALID }, { "dirty", UC_DIRTY }, { "invalid", UC_INVALID },
    { "pending", UC_PENDING }, { "read", UC_READ }, { "write", UC_WRITE },
    { "conflict", UC_CONFLICT }, { "select", UC_SELECT }, { "dead", UC_DEAD },
    { "ready", UC_READY }, { "stall", UC_STALL }, { "barrier", UC_BARRIER },
    { "error", UC_ERROR },
};

enum ui_color ui_role(const char *name)
{
    for (size_t i = 0; name && i < sizeof roles / sizeof roles[0]; i++)
        if (strcmp(roles[i].name, name) == 0)
            return roles[i].c;
    return UC_NORMAL;
}

long long ui_jint(const struct jv *o, const char *k, long long def)
{
    const struct jv *v = jv_get(o, k);
    if (!v)
        return def;
    switch (v->kind) {
    case JV_INT: return v->u.i;
    case JV_NUM: return (long long)v->u.d;
    case JV_BOOL: return v->u.b;
    default: return def;
    }
}

const char *ui_jstr(const struct jv *o, const char *k, const char *def)
{
    const struct jv *v = jv_get(o, k);
    return v && v->kind == JV_STR ? v->u.s : def;
}

void ui_explain(const struct canvas *c, const struct ws_device *dev,
                const char *what, const char *appears, const char *err)
{
    if (!device_timing(dev))
        cv_print(c, 0, 0, UC_DIM, false,
                 "sim.mode = functional: no timing model, no %s to show.", what);
    else if (!inspect_live(dev))
        cv_print(c, 0, 0, UC_DIM, false,
                 "No kernel has run yet: %s with the first launch.", appears);
    else
        cv_print(c, 0, 0, UC_DIM, false, "%s", err);
}

/* layout.c - named layouts and the arrangement of panes (see layout.h). */
#include "layout.h"
#include "config/config.h"
#include "debug/inspect.h"
#include "sim/device.h"
#include "lua/ws.h"
#include "util/xalloc.h"
#include <lauxlib.h>
#include <lualib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static const struct pane_class *const classes[NPANES] = {
    &pane_warps, &pane_source, &pane_rf, &pane_cache, &pane_design,
    &pane_stats,
};

/* Named layouts: the panes each shows (by index in classes). */
static const struct {
    const char *name;
    bool show[NPANES];
} layouts[] = {
    { "default", { true, true, true, true, false, true } },
    { "memory", { true, false, false, true, false, true } },
    { "registers", { true, true, true, false, false, false } },
    { "design", { true, true, false, false, true, true } },
    { "all", { true, true, true, true, true, true } },
};
#define NLAYOUTS (int)(sizeof layouts / sizeof layouts[0])
static int current;

static char *saved_path(bool mkdirs)
{
    const char *home = getenv("HOME");
    if (!home || !*home)
        return NULL;
    char *p = ws_xmalloc(strlen(home) + 64);
    if (mkdirs) {
        sprintf(p, "%s/.config", home);
        mkdir(p, 0755);
        sprintf(p, "%s/.config/warpscope", home);
        mkdir(p, 0755);
    }
    sprintf(p, "%s/.config/warpscope/layout.lua", home);
    return p;
}

static void apply(int i, bool hidden[NPANES])
{
    current = i;
    for (int k = 0; k < NPANES; k++)
        hidden[k] = !layouts[i].show[k];
}

static int find(const char *name)
{
    for (int i = 0; i < NLAYOUTS; i++)
        if (strcmp(layouts[i].name, name) == 0)
            return i;
    return -1;
}

/* The saved layout: `return { layout = "memory" }` read in an empty Lua
   state (text only, no libraries). */
static int load_saved(void)
{
    char *p = saved_path(false);
    if (!p)
        return -1;
    int found = -1;
    lua_State *L = luaL_newstate();
    if (L && luaL_loadfilex(L, p, "t") == LUA_OK &&
        lua_pcall(L, 0, 1, 0) == LUA_OK && lua_istable(L, -1)) {
        lua_getfield(L, -1, "layout");
        if (lua_isstring(L, -1))
            found = find(lua_tostring(L, -1));
    }
    if (L)
        lua_close(L);
    free(p);
    return found;
}

/* The layout follows the design (which a scenario may choose after the
   TUI opened) until the user picks one or a saved one applies. */
static bool follow = true;
static const char *laid_for;      /* the design the layout was chosen for */

static int design_layout(const struct ws_device *dev)
{
    int own = find(inspect_design_layout(dev));
    return own >= 0 ? own : 0;
}

/* The pane to focus under the current layout: a design's own layout is
   there for its Design pane, which a small screen (only the focused pane
   shown) would otherwise hide; else -1 (the focus stays). */
static int focus_of_current(void)
{
    if (strcmp(layouts[current].name, "design") != 0)
        return -1;
    for (int i = 0; i < NPANES; i++)
        if (classes[i] == &pane_design)
            return i;
    return -1;
}

int layout_follow(struct pane p[NPANES], struct dbg *d)
{
    const char *name = inspect_design_name(&d->s->dev);
    if (!follow || strcmp(name, laid_for) == 0)
        return -1;
    laid_for = name;
    bool hidden[NPANES];
    apply(design_layout(&d->s->dev), hidden);
    for (int i = 0; i < NPANES; i++)
        p[i].hidden = hidden[i];
    return focus_of_current();
}

int layout_init(struct pane p[NPANES], struct dbg *d)
{
    bool hidden[NPANES];
    int saved = load_saved();
    follow = saved < 0;
    laid_for = inspect_design_name(&d->s->dev);
    apply(saved >= 0 ? saved : design_layout(&d->s->dev), hidden);
    for (int i = 0; i < NPANES; i++) {
        memset(&p[i], 0, sizeof p[i]);
        p[i].cls = classes[i];
        p[i].hidden = hidden[i];
        p[i].sel = -1;
        p[i].selcol = -1;
    }
    int f = focus_of_current();
    return f >= 0 ? f : 0;
}

int layout_command(const char *arg, bool hidden[NPANES], char *msg, size_t n)
{
    if (!arg || !*arg) {
        size_t off = (size_t)snprintf(msg, n, "layouts:");
        for (int i = 0; i < NLAYOUTS && off < n; i++)
            off += (size_t)snprintf(msg + off, n - off, " %s%s", layouts[i].name,
                                    i == current ? " (current)" : "");
        return -1;
    }
    if (strcmp(arg, "save") == 0) {
        char *p = saved_path(true);
        FILE *f = p ? fopen(p, "w") : NULL;
        if (!f) {
            snprintf(msg, n, "error: layout save: cannot write %s", p ? p : "~/.config/warpscope/layout.lua");
        } else {
            fprintf(f, "-- warpscope TUI layout (written by `layout save`)\nreturn { layout = \"%s\" }\n",
                    layouts[current].name);
            fclose(f);
            snprintf(msg, n, "layout '%s' saved in %s", layouts[current].name, p);
        }
        free(p);
        return -1;
    }
    int i = strcmp(arg, "next") == 0 ? (current + 1) % NLAYOUTS : find(arg);
    if (i < 0) {
        snprintf(msg, n, "error: no layout '%s' (default, memory, registers, design, all)", arg);
        return -1;
    }
    apply(i, hidden);
    follow = false;               /* the user's choice stays */
    snprintf(msg, n, "layout %s", layouts[i].name);
    return 0;
}

static void none(struct lrect r[NPANES + 1])
{
    for (int i = 0; i <= NPANES; i++)
        r[i] = (struct lrect){ 0, 0, 0, 0 };
}

void layout_compute(int h, int w, const bool hidden[NPANES], int focus,
                    int last, bool zoom, struct lrect r[NPANES + 1])
{
    none(r);
    int top = 1, avail = h - 4;           /* tab bar; 2 message lines, status */
    if (zoom && focus == NPANES) {
        r[NPANES] = (struct lrect){ top, 0, avail, w };
        return;
    }
    int con = h >= 40 ? 10 : h >= 30 ? 8 : 7;
    r[NPANES] = (struct lrect){ top + avail - con, 0, con, w };
    int area = avail - con;
    int shown[NPANES], n = 0;
    if (zoom && focus < NPANES) {
        shown[n++] = focus;
    } else if (w < 100 || area < 16) {
        /* small screen: the focused pane only (Tab shows the others) */
        int f = focus < NPANES ? focus : last;
        if (f < 0 || f >= NPANES || hidden[f])
            f = 0;
        shown[n++] = f;
    } else {
        for (int i = 0; i < NPANES; i++)
            if (!hidden[i])
                shown[n++] = i;
    }
    if (n == 0)
        return;
    int cols = n == 1 ? 1 : w >= 180 && n >= 3 ? 3 : 2;
    int per = (n + cols - 1) / cols;
    cols = (n + per - 1) / per;   /* 4 panes: 2 x 2, not 2 + 2 + an empty third */
    int k = 0;
    for (int c = 0; c < cols && k < n; c++) {
        int x0 = w * c / cols, x1 = w * (c + 1) / cols;
        int here = n - k < per ? n - k : per;
        for (int j = 0; j < here; j++, k++) {
            int y0 = top + area * j / here, y1 = top + area * (j + 1) / here;
            r[shown[k]] = (struct lrect){ y0, x0, y1 - y0, x1 - x0 };
        }
    }
}

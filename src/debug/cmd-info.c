/*
** cmd-info.c - info, print, display, undisplay; CTA focus; the record.
*/
#include "debug/cmd.h"
#include "debug/cmd-internal.h"
#include "debug/dbg-internal.h"
#include "debug/inspect.h"
#include "config/config.h"
#include "sim/device.h"
#include "sim/session.h"
#include "timing/gpu.h"
#include "util/xalloc.h"
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *kind_name(enum bp_kind k)
{
    static const char *n[] = { "breakpoint", "cycle", "event", "watch reg",
                               "watch mem", "watch l1", "watch expr", "hook" };
    return n[k];
}

static void info_breakpoints(struct dbg *d)
{
    if (!d->bps.n) {
        dbg_printf(d, "No breakpoints, watchpoints or hooks.\n");
        return;
    }
    dbg_printf(d, "Num  Type        Enb  Hits  What\n");
    for (size_t i = 0; i < d->bps.n; i++) {
        const struct bp *b = &d->bps.v[i];
        dbg_printf(d, "%-4d %-11s %-4s %-5llu %s%s", b->id, kind_name(b->kind),
                   b->enabled ? "y" : (b->errored ? "err" : "n"),
                   (unsigned long long)b->hits, b->spec ? b->spec : "",
                   b->temp ? " (temporary)" : "");
        if (b->ignore)
            dbg_printf(d, " (ignore next %llu)", (unsigned long long)b->ignore);
        if (b->kind == BP_PC && b->rk)
            dbg_printf(d, " [%zu instruction%s in %s]", b->rpcs.n,
                       b->rpcs.n == 1 ? "" : "s", b->rk->name);
        dbg_printf(d, "\n");
    }
}

static void info_probes(struct dbg *d)
{
    if (!d->probes.n) {
        dbg_printf(d, "No probes (ws.probe(name, fn, every_n_cycles) adds one).\n");
        return;
    }
    for (size_t i = 0; i < d->probes.n; i++) {
        const struct probe *p = &d->probes.v[i];
        dbg_printf(d, "%-20s every %llu cycles, %zu samples%s", p->name,
                   (unsigned long long)p->every, p->v.n, p->dead ? " (disabled)" : "");
        if (p->v.n) {
            char num[32];
            jv_format_double(p->v.v[p->v.n - 1], num);
            dbg_printf(d, ", last %s", num);
        }
        dbg_printf(d, "\n");
    }
}

static void info_snapshots(struct dbg *d)
{
    if (!d->reverse) {
        dbg_printf(d, "Reverse execution is off (no snapshots are taken).\n");
        return;
    }
    long total = 0;
    dbg_printf(d, "%zu snapshot%s (at most %zu, every %llu cycles):\n", d->ck.n,
               d->ck.n == 1 ? "" : "s", d->ck.max, (unsigned long long)d->ck_interval);
    for (size_t i = 0; i < d->ck.n; i++) {
        long k = ckpt_private_kib(&d->ck, i);
        if (k > 0)
            total += k;
        dbg_printf(d, "  cycle %-12llu %ld KiB private\n",
                   (unsigned long long)d->ck.v[i].cycle, k);
    }
    dbg_printf(d, "  total %ld KiB\n", total);
}

/* info TOPIC of the focused SM/warp: through the inspection layer. arg:
   `info design ROW` keeps the grid rows labelled ROW (or starting so). */
static int info_model(struct dbg *d, const char *topic, const char *arg)
{
    char err[200] = "";
    struct jv *v = NULL;
    const struct ws_device *dev = &d->s->dev;
    if (strcmp(topic, "warps") == 0)
        v = inspect_warps(dev, d->fsm, err, sizeof err);
    else if (strcmp(topic, "warp") == 0)
        v = inspect_warp(dev, d->fsm, d->fwarp, err, sizeof err);
    else if (strcmp(topic, "sm") == 0)
        v = inspect_sm(dev, d->fsm, err, sizeof err);
    else if (strcmp(topic, "banks") == 0)
        v = inspect_banks(dev, d->fsm, err, sizeof err);
    else if (strcmp(topic, "cache") == 0 || strcmp(topic, "mshr") == 0)
        v = inspect_l1(dev, d->fsm, err, sizeof err);
    else if (strcmp(topic, "stats") == 0)
        v = device_stats(dev);
    else if (strcmp(topic, "design") == 0)
        v = inspect_design(dev, d->fsm, arg, err, sizeof err);
    if (!v)
        return cmd_error(d, "info %s: %s", topic, err[0] ? err : "nothing to show");
    struct strbuf o;
    sb_init(&o);
    if (strcmp(topic, "stats") == 0) {
        jv_write(v, &o, 2);
        sb_putc(&o, '\n');
    } else {
        inspect_text(&o, topic, v);
    }
    dbg_printf(d, "%s", sb_str(&o));
    sb_free(&o);
    jv_free(v);
    return WS_OK;
}

/* info lines [--sort KEY] [N]: the hottest PTX lines (linestats.h). */
static int info_lines(struct dbg *d, int argc, char **argv)
{
    int key = LS_STALL, n = 10;
    bool have_n = false;
    for (int i = 2; i < argc; i++) {
        if (strcmp(argv[i], "--sort") == 0 || strcmp(argv[i], "-s") == 0) {
            if (++i >= argc)
                return cmd_error(d, "info lines: --sort needs a key (%s)",
                                 linestats_keys());
            key = linestats_key(argv[i]);
            if (key < 0)
                return cmd_error(d, "info lines: unknown sort key '%s' (%s)",
                                 argv[i], linestats_keys());
        } else if (!have_n && cmd_int(argv[i], &n) && n > 0) {
            have_n = true;
        } else {
            return cmd_error(d, "info lines: bad argument '%s' (usage: info lines [--sort KEY] [N], N > 0)",
                             argv[i]);
        }
    }
    char err[200];
    struct strbuf o;
    sb_init(&o);
    bool ok = linestats_text(&d->lines, &d->s->dev, key, n, &o, err, sizeof err);
    if (ok)
        dbg_printf(d, "%s", sb_str(&o));
    sb_free(&o);
    return ok ? WS_OK : cmd_error(d, "info lines: %s", err);
}

int cmd_info(struct dbg *d, int argc, char **argv, const char *rest)
{
    (void)rest;
    static const char *topics[] = { "breakpoints", "watchpoints", "warps", "warp",
        "sm", "banks", "cache", "mshr", "design", "stats", "config", "probes",
        "display", "snapshots", "focus", "registers", "lines", NULL };
    /* `info NAME` of the design running is `info design` */
    static char design_topic[] = "design";
    char dname[32];
    config_enum_name(&d->s->dev.cfg, CK_DESIGN, dname, sizeof dname);
    if (argc >= 2 && strcmp(argv[1], dname) == 0)
        argv[1] = design_topic;
    bool with_arg = (argc == 3 && strcmp(argv[1], "design") == 0) ||
                    (argc > 2 && strncmp(argv[1], "reg", 3) == 0) ||
                    (argc > 2 && argv[1][0] == 'l' &&
                     strncmp("lines", argv[1], strlen(argv[1])) == 0);
    if (argc != 2 && !with_arg)
        return cmd_error(d, "usage: info breakpoints|warps|warp|registers [/F] [REG...]|sm|banks|cache|mshr|design [ROW]|stats|config|probes|display|snapshots|focus|lines [--sort KEY] [N]");
    const char *t = NULL;
    size_t n = strlen(argv[1]);
    for (int i = 0; topics[i]; i++)
        if (strncmp(topics[i], argv[1], n) == 0 && (!t || strcmp(topics[i], argv[1]) == 0))
            t = topics[i];
    if (!t)
        return cmd_error(d, "info: unknown topic '%s' (breakpoints, warps, warp, registers, sm, banks, cache, mshr, design, stats, config, probes, display, snapshots, focus, lines)",
                         argv[1]);
    if (strcmp(t, "registers") == 0)
        return cmd_info_registers(d, argc, argv);
    if (strcmp(t, "lines") == 0)
        return info_lines(d, argc, argv);
    if (strcmp(t, "breakpoints") == 0 || strcmp(t, "watchpoints") == 0) {
        info_breakpoints(d);
    } else if (strcmp(t, "probes") == 0) {
        info_probes(d);
    } else if (strcmp(t, "snapshots") == 0) {
        info_snapshots(d);
    } else if (strcmp(t, "focus") == 0) {
        dbg_printf(d, "focus: sm %d warp %d lane %d; cycle %" PRIu64 "\n", d->fsm,
                   d->fwarp, d->flane, dbg_cycle(d));
    } else if (strcmp(t, "display") == 0) {
        for (size_t i = 0; i < d->displays.n; i++)
            dbg_printf(d, "%zu: %s\n", i + 1, d->displays.v[i]);
        if (!d->displays.n)
            dbg_printf(d, "No display expressions.\n");
    } else if (strcmp(t, "config") == 0) {
        struct strbuf o;
        sb_init(&o);
        for (int k = 0; k < CK__COUNT; k++) {
            sb_printf(&o, "%-28s ", config_key(k)->name);
            config_format(&d->s->dev.cfg, k, &o);
            sb_putc(&o, '\n');
        }
        dbg_printf(d, "%s", sb_str(&o));
        sb_free(&o);
    } else {
        return info_model(d, t, with_arg ? argv[2] : NULL);
    }
    return WS_OK;
}

int cmd_print(struct dbg *d, int argc, char **argv, const char *rest)
{
    (void)argv;
    if (argc < 2)
        return cmd_error(d, "usage: print EXPR");
    char *text;
    bool syntax;
    char f = cmd_fmt[0];
    if (f && (!strchr("xduf", f) || cmd_fmt[1]))
        return cmd_error(d, "print: bad format '/%s' (/x, /d, /u or /f)", cmd_fmt);
    if (dbg_script_eval(d, rest, DBG_TEXT_SHOW, "print", &text, &syntax) !=
        WS_OK) {
        cmd_error(d, "%s", text);
        free(text);
        return WS_ERR;
    }
    if (f) {
        struct strbuf o;
        sb_init(&o);
        cmd_format_text(text, f, &o);
        dbg_printf(d, "%s\n", sb_str(&o));
        sb_free(&o);
        free(text);
        return WS_OK;
    }
    dbg_printf(d, "%s\n", text);
    free(text);
    return WS_OK;
}

int cmd_display(struct dbg *d, int argc, char **argv, const char *rest)
{
    (void)argv;
    if (argc < 2) {
        for (size_t i = 0; i < d->displays.n; i++)
            dbg_printf(d, "%zu: %s\n", i + 1, d->displays.v[i]);
        return WS_OK;
    }
    char err[300];
    int ref = dbg_compile(d, rest, false, err, sizeof err);
    if (ref == DBG_NOREF)
        return cmd_error(d, "%s", err);
    dbg_release(d, ref);
    vec_push(&d->displays, ws_xstrdup(rest));
    dbg_printf(d, "display %zu: %s\n", d->displays.n, rest);
    return WS_OK;
}

int cmd_undisplay(struct dbg *d, int argc, char **argv, const char *rest)
{
    (void)rest;
    int n;
    if (argc != 2 || !cmd_int(argv[1], &n) || n < 1 || (size_t)n > d->displays.n)
        return cmd_error(d, "usage: undisplay N (see `info display`)");
    free(d->displays.v[n - 1]);
    memmove(&d->displays.v[n - 1], &d->displays.v[n],
            (d->displays.n - (size_t)n) * sizeof d->displays.v[0]);
    d->displays.n--;
    return WS_OK;
}

int cmd_focus_cta(struct dbg *d, const uint32_t id[3])
{
    struct gpu *g = d->s->dev.gpu;
    const struct flaunch *L = g ? gpu_launch(g) : NULL;
    if (!L)
        return WS_ERR;
    uint64_t lin = ((uint64_t)id[2] * L->grid[1] + id[1]) * L->grid[0] + id[0];
    if (id[0] >= L->grid[0] || id[1] >= L->grid[1] || id[2] >= L->grid[2])
        return WS_ERR;
    for (uint32_t s = 0; s < gpu_nsm(g); s++)
        for (uint32_t w = 0; w < gpu_warp_slots(g); w++) {
            uint64_t cta;
            if (gpu_warp(g, s, w, NULL, &cta) && cta == lin) {
                d->fsm = (int)s;
                d->fwarp = (int)w;
                return WS_OK;
            }
        }
    return WS_ERR;
}

int cmd_write_record(struct dbg *d, const char *path, struct ws_diag *diag)
{
    const struct config_assigns *a = &d->s->cli;
    const char **sets = ws_xcalloc(a->n + 1, sizeof *sets);
    char **own = ws_xcalloc(a->n + 1, sizeof *own);
    for (size_t i = 0; i < a->n; i++) {
        own[i] = ws_xmalloc(strlen(a->v[i].key) + strlen(a->v[i].value) + 2);
        sprintf(own[i], "%s=%s", a->v[i].key, a->v[i].value);
        sets[i] = own[i];
    }
    int rc = dbg_record(d, path, d->s->scenario ? d->s->scenario : "", sets, a->n, diag);
    for (size_t i = 0; i < a->n; i++)
        free(own[i]);
    free(own);
    free(sets);
    return rc;
}

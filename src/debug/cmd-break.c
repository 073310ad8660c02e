/*
** cmd-break.c - break, tbreak, watch, condition, ignore, delete, enable,
** disable.
*/
#include "debug/cmd.h"
#include "debug/cmd-internal.h"
#include "debug/dbg-internal.h"
#include "config/config.h"
#include "sim/session.h"
#include "util/xalloc.h"
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

int cmd_event_type(const char *name)
{
    return ev_lookup(name);
}

const char *cmd_event_list(void)
{
    static char buf[1024];
    buf[0] = 0;
    for (int t = 0; t < EV__MAX && ev_name((enum ev_type)t); t++) {
        if (strlen(buf) + strlen(ev_name((enum ev_type)t)) + 3 >= sizeof buf)
            break;
        if (t)
            strcat(buf, ", ");
        strcat(buf, ev_name((enum ev_type)t));
    }
    return buf;
}

static void bp_blank(struct bp *b, enum bp_kind k)
{
    memset(b, 0, sizeof *b);
    b->kind = k;
    b->sm = b->warp = b->cta = -1;
    b->pc = -1;
    b->lane = -1;
    b->fn_ref = b->cond_ref = DBG_NOREF;
}

/* Trailing options: sm N, warp N, cta N, lane N, if EXPR. Returns the
   index of the first word that is not an option. */
static int options(struct dbg *d, struct bp *b, int argc, char **argv,
                   int from, const char *rest, bool *bad)
{
    *bad = false;
    for (int i = from; i < argc; i++) {
        int *slot = strcmp(argv[i], "sm") == 0     ? &b->sm
                    : strcmp(argv[i], "warp") == 0 ? &b->warp
                    : strcmp(argv[i], "cta") == 0  ? &b->cta
                    : strcmp(argv[i], "lane") == 0 ? &b->lane
                                                   : NULL;
        if (slot) {
            if (i + 1 >= argc || !cmd_int(argv[i + 1], slot)) {
                cmd_error(d, "%s: '%s' needs a number", argv[0], argv[i]);
                *bad = true;
                return i;
            }
            i++;
            continue;
        }
        if (strcmp(argv[i], "if") == 0) {
            const char *c = strstr(rest, " if ");
            c = c ? c + 4 : (strncmp(rest, "if ", 3) == 0 ? rest + 3 : NULL);
            if (!c || !*c) {
                cmd_error(d, "%s: 'if' needs a Lua expression", argv[0]);
                *bad = true;
                return i;
            }
            char err[300];
            b->cond_ref = dbg_compile(d, c, true, err, sizeof err);
            if (b->cond_ref == DBG_NOREF) {
                cmd_error(d, "%s", err);
                *bad = true;
                return i;
            }
            b->cond = ws_xstrdup(c);
            return argc;
        }
        cmd_error(d, "%s: unexpected '%s' (options: sm N, warp N, cta N, if EXPR)",
                  argv[0], argv[i]);
        *bad = true;
        return i;
    }
    return argc;
}

static int add(struct dbg *d, struct bp *b, const char *what)
{
    char err[200];
    b->spec = ws_xstrdup(what);
    int id = dbg_bp_add(d, b, err, sizeof err);
    dbg_printf(d, "%s %d: %s\n",
               b->kind == BP_PC || b->kind == BP_CYCLE || b->kind == BP_EVENT
                   ? "Breakpoint" : "Watchpoint", id, what);
    return WS_OK;
}

/* Location text up to the options. */
static char *spec_text(int argc, char **argv, int upto, const char *cond)
{
    struct strbuf s;
    sb_init(&s);
    for (int i = 1; i < upto && i < argc; i++) {
        if (strcmp(argv[i], "if") == 0)
            break;
        sb_printf(&s, "%s%s", i > 1 ? " " : "", argv[i]);
    }
    if (cond)
        sb_printf(&s, " if %s", cond);
    return sb_take(&s);
}

int cmd_break(struct dbg *d, int argc, char **argv, const char *rest)
{
    if (argc < 2)
        return cmd_error(d, "usage: %s LOCATION [sm N] [warp N] [cta N] [if EXPR]", argv[0]);
    struct bp b;
    bp_blank(&b, BP_PC);
    b.temp = strcmp(argv[0], "tbreak") == 0;
    int from = 2;
    const char *loc = argv[1];
    if (strcmp(loc, "cycle") == 0) {
        b.kind = BP_CYCLE;
        if (argc < 3 || !cmd_u64(argv[2], &b.cycle))
            return cmd_error(d, "usage: break cycle N");
        from = 3;
    } else if (strcmp(loc, "event") == 0) {
        b.kind = BP_EVENT;
        int t = argc >= 3 ? cmd_event_type(argv[2]) : -1;
        if (t < 0)
            return cmd_error(d, "break event: unknown event '%s' (events: %s)",
                             argc >= 3 ? argv[2] : "", cmd_event_list());
        b.types = (uint64_t)1 << t;
        from = 3;
    } else if (loc[0] == '*') {
        if (!cmd_int(loc + 1, &b.pc))
            return cmd_error(d, "break: '*' takes an instruction index, got '%s'", loc);
    } else if (strchr(loc, ':')) {
        const char *c = strrchr(loc, ':');
        if (!cmd_int(c + 1, &b.line) || b.line <= 0)
            return cmd_error(d, "break: expected FILE.ptx:LINE, got '%s'", loc);
        b.file = ws_xstrndup(loc, (size_t)(c - loc));
    } else if (isdigit((unsigned char)loc[0])) {
        if (!cmd_int(loc, &b.line) || b.line <= 0)
            return cmd_error(d, "break: bad line number '%s'", loc);
    } else {
        b.label = ws_xstrdup(loc);
    }
    bool bad;
    int end = options(d, &b, argc, argv, from, rest, &bad);
    if (bad) {
        free(b.file);
        free(b.label);
        free(b.cond);
        dbg_release(d, b.cond_ref);
        return WS_ERR;
    }
    char *what = spec_text(argc, argv, end, b.cond);
    int n = b.kind == BP_PC ? dbg_bp_where(d, &b) : 1;
    if (n == 0) {
        cmd_error(d, "%s: no instruction at '%s' in the kernels loaded (%s)", argv[0],
                  loc, b.line ? "a line with an instruction, or up to 3 lines before one"
                              : b.label ? "a label or a kernel name" : "pc out of range");
        free(what);
        free(b.file);
        free(b.label);
        free(b.cond);
        vec_free(&b.rpcs);
        dbg_release(d, b.cond_ref);
        return WS_ERR;
    }
    int rc = add(d, &b, what);
    if (!device_timing(&d->s->dev))
        dbg_printf(d, "  (note: sim.mode = functional emits no events: breakpoints stop only the cycle-level model)\n");
    if (n < 0)
        dbg_printf(d, "  (pending: no PTX module is loaded yet)\n");
    free(what);
    return rc;
}

int cmd_watch(struct dbg *d, int argc, char **argv, const char *rest)
{
    if (argc < 2)
        return cmd_error(d, "usage: watch reg REG [lane L] | watch mem ADDR [LEN] | watch l1 SET | watch EXPR");
    struct bp b;
    bp_blank(&b, BP_EXPR);
    bool bad = false;
    const char *k = argv[1];
    if (strcmp(k, "reg") == 0 && argc >= 3) {
        b.kind = BP_REG;
        b.reg = ws_xstrdup(argv[2]);
        options(d, &b, argc, argv, 3, rest, &bad);
        if (b.sm < 0)
            b.sm = d->fsm;
        if (b.warp < 0)
            b.warp = d->fwarp;
        if (!bad && (b.lane < -1 || b.lane >= 32))
            bad = cmd_error(d, "watch reg: lanes are 0..31") != WS_OK;
    } else if (strcmp(k, "mem") == 0 && argc >= 3) {
        b.kind = BP_MEM;
        b.len = 4;
        if (!cmd_u64(argv[2], &b.addr) || (argc >= 4 && !cmd_u64(argv[3], &b.len)) ||
            b.len == 0 || b.len > 256 || argc > 4)
            bad = cmd_error(d, "usage: watch mem ADDR [LEN] (LEN 1..256 bytes)") != WS_OK;
        else if (!dmem_ptr(&d->s->dev.mem, b.addr, b.len))
            bad = cmd_error(d, "watch mem: 0x%llx..+%llu is not inside one device allocation",
                            (unsigned long long)b.addr, (unsigned long long)b.len) != WS_OK;
    } else if (strcmp(k, "l1") == 0 && argc >= 3) {
        b.kind = BP_L1SET;
        int set;
        if (!cmd_int(argv[2], &set))
            bad = cmd_error(d, "usage: watch l1 SET [sm N]") != WS_OK;
        b.set = (uint32_t)set;
        if (!bad)
            options(d, &b, argc, argv, 3, rest, &bad);
        if (b.sm < 0)
            b.sm = d->fsm;
        int64_t line = config_i(&d->s->dev.cfg, CK_L1D_LINE);
        int64_t sets = config_i(&d->s->dev.cfg, CK_L1D_SIZE) / line /
                       config_i(&d->s->dev.cfg, CK_L1D_WAYS);
        if (!bad && (int64_t)b.set >= sets)
            bad = cmd_error(d, "watch l1: no set %u (the L1D has %lld sets)", b.set,
                            (long long)sets) != WS_OK;
    } else {
        char err[300];
        b.fn_ref = dbg_compile(d, rest, false, err, sizeof err);
        if (b.fn_ref == DBG_NOREF)
            bad = cmd_error(d, "%s", err) != WS_OK;
    }
    if (bad) {
        free(b.reg);
        free(b.cond);
        return WS_ERR;
    }
    return add(d, &b, rest);
}

static struct bp *bp_arg(struct dbg *d, const char *s)
{
    int id;
    struct bp *b = cmd_int(s, &id) ? dbg_bp(d, id) : NULL;
    if (!b)
        cmd_error(d, "no breakpoint number '%s' (see `info breakpoints`)", s);
    return b;
}

int cmd_condition(struct dbg *d, int argc, char **argv, const char *rest)
{
    if (argc < 2)
        return cmd_error(d, "usage: condition N [EXPR]");
    struct bp *b = bp_arg(d, argv[1]);
    if (!b)
        return WS_ERR;
    if (b->kind == BP_HOOK)
        return cmd_error(d, "condition: %d is a Lua hook; its function decides (return true to stop)",
                         b->id);
    const char *expr = rest + strlen(argv[1]);
    while (*expr == ' ' || *expr == '\t')
        expr++;
    int ref = DBG_NOREF;
    if (*expr) {
        char err[300];
        ref = dbg_compile(d, expr, true, err, sizeof err);
        if (ref == DBG_NOREF)
            return cmd_error(d, "%s", err);
    }
    dbg_release(d, b->cond_ref);
    free(b->cond);
    b->cond_ref = ref;
    b->cond = *expr ? ws_xstrdup(expr) : NULL;
    bool watch = b->kind == BP_REG || b->kind == BP_MEM || b->kind == BP_L1SET ||
                 b->kind == BP_EXPR;
    dbg_printf(d, *expr ? "%s %d stops only if %s\n" : "%s %d is unconditional%s\n",
               watch ? "Watchpoint" : "Breakpoint", b->id, *expr ? expr : "");
    return WS_OK;
}

int cmd_ignore(struct dbg *d, int argc, char **argv, const char *rest)
{
    (void)rest;
    uint64_t n;
    if (argc != 3 || !cmd_u64(argv[2], &n))
        return cmd_error(d, "usage: ignore N COUNT");
    struct bp *b = bp_arg(d, argv[1]);
    if (!b)
        return WS_ERR;
    if (b->kind == BP_HOOK)
        return cmd_error(d, "ignore: %d is a Lua hook; its function decides (return true to stop)",
                         b->id);
    b->ignore = n;
    dbg_printf(d, "Will ignore the next %llu stops of breakpoint %d\n",
               (unsigned long long)n, b->id);
    return WS_OK;
}

int cmd_delete(struct dbg *d, int argc, char **argv, const char *rest)
{
    (void)rest;
    if (argc == 1) {
        while (d->bps.n)
            dbg_bp_delete(d, d->bps.v[0].id);
        return WS_OK;
    }
    for (int i = 1; i < argc; i++)
        if (!bp_arg(d, argv[i]))
            return WS_ERR;
    for (int i = 1; i < argc; i++) {
        int id;
        cmd_int(argv[i], &id);
        dbg_bp_delete(d, id);
    }
    return WS_OK;
}

int cmd_enable(struct dbg *d, int argc, char **argv, const char *rest)
{
    (void)rest;
    bool on = strcmp(argv[0], "enable") == 0;
    for (int i = 1; i < argc; i++)
        if (!bp_arg(d, argv[i]))
            return WS_ERR;
    for (size_t j = 0; j < d->bps.n; j++) {
        bool pick = argc == 1;
        for (int i = 1; i < argc; i++) {
            int id;
            if (cmd_int(argv[i], &id) && id == d->bps.v[j].id)
                pick = true;
        }
        if (pick) {
            d->bps.v[j].enabled = on;
            if (on)
                d->bps.v[j].errored = false;
        }
    }
    dbg_resubscribe(d);
    return WS_OK;
}

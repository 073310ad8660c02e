/*
** cmd.c - the command table, the parser and dispatch (see cmd.h). The
** handlers of breakpoint commands are in cmd-break.c, of inspection
** commands in cmd-info.c; run control is here.
*/
#include "debug/cmd.h"
#include "debug/cmd-internal.h"
#include "debug/dbg-internal.h"
#include "config/config.h"
#include "sim/device.h"
#include "sim/session.h"
#include "util/suggest.h"
#include "util/xalloc.h"
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- run control -------------------------------------------------- */

static int count_arg(struct dbg *d, int argc, char **argv, int i, uint64_t *n)
{
    *n = 1;
    if (argc > i && !cmd_u64(argv[i], n))
        return cmd_error(d, "%s: expected a count, got '%s'", argv[0], argv[i]);
    if (*n == 0)
        return cmd_error(d, "%s: the count must be at least 1", argv[0]);
    return WS_OK;
}

static int c_continue(struct dbg *d, int argc, char **argv, const char *rest)
{
    (void)rest;
    if (argc > 1)
        return cmd_error(d, "continue takes no arguments");
    (void)argv;
    struct req r = { .kind = REQ_RUN };
    return dbg_resume(d, &r);
}

static int c_stepc(struct dbg *d, int argc, char **argv, const char *rest)
{
    (void)rest;
    uint64_t n;
    if (count_arg(d, argc, argv, 1, &n) != WS_OK)
        return WS_ERR;
    struct req r = { .kind = REQ_CYCLES, .target = dbg_cycle(d) + n };
    return dbg_resume(d, &r);
}

static int c_step(struct dbg *d, int argc, char **argv, const char *rest)
{
    (void)rest;
    struct req r = { .kind = REQ_ISSUES };
    int i = 1;
    if (argc > 1 && strcmp(argv[1], "any") == 0) {
        r.any = true;
        i = 2;
    }
    if (count_arg(d, argc, argv, i, &r.n) != WS_OK)
        return WS_ERR;
    if (argc > i + 1)
        return cmd_error(d, "usage: %s [any] [N]", argv[0]);
    struct fwarp *fw = dbg_warp(d, d->fsm, d->fwarp, NULL);
    if (!r.any && (!fw || fw->state == FW_DONE)) {
        if (dbg_kernel(d))
            dbg_printf(d, "(warp %d of sm %d is not running or has exited: stepping any warp)\n",
                       d->fwarp, d->fsm);
        r.any = true;
    }
    return dbg_resume(d, &r);
}

static int c_stepe(struct dbg *d, int argc, char **argv, const char *rest)
{
    (void)rest;
    if (argc != 2)
        return cmd_error(d, "usage: stepe EVENT (one of: %s)", cmd_event_list());
    int t = cmd_event_type(argv[1]);
    if (t < 0)
        return cmd_error(d, "unknown event '%s' (events: %s)", argv[1],
                         cmd_event_list());
    struct req r = { .kind = REQ_EVENT, .types = (uint64_t)1 << t };
    return dbg_resume(d, &r);
}

static int c_until(struct dbg *d, int argc, char **argv, const char *rest)
{
    (void)argv;
    if (argc > 1) {
        char err[300];
        int ref = dbg_compile(d, rest, false, err, sizeof err);
        if (ref == DBG_NOREF)
            return cmd_error(d, "%s", err);
        struct req r = { .kind = REQ_EXPR, .expr_ref = ref };
        int rc = dbg_resume(d, &r);
        dbg_release(d, ref);
        return rc;
    }
    struct fwarp *w = dbg_warp(d, d->fsm, d->fwarp, NULL);
    if (!w)
        return cmd_error(d, "until: warp %d of sm %d is not running (give a Lua condition: until EXPR)",
                         d->fwarp, d->fsm);
    struct req r = { .kind = REQ_PASTPC, .pc = fx_pc(w) };
    return dbg_resume(d, &r);
}

static int c_finish(struct dbg *d, int argc, char **argv, const char *rest)
{
    (void)argv;
    (void)rest;
    if (argc > 1)
        return cmd_error(d, "finish takes no arguments");
    struct req r = { .kind = REQ_KERNEL };
    return dbg_resume(d, &r);
}

static int c_rstep(struct dbg *d, int argc, char **argv, const char *rest)
{
    (void)rest;
    uint64_t n;
    if (count_arg(d, argc, argv, 1, &n) != WS_OK)
        return WS_ERR;
    return dbg_reverse(d, false, n);
}

static int c_rstepc(struct dbg *d, int argc, char **argv, const char *rest)
{
    (void)rest;
    uint64_t n, now = dbg_cycle(d);
    if (count_arg(d, argc, argv, 1, &n) != WS_OK)
        return WS_ERR;
    return dbg_goto_cycle(d, n > now ? 0 : now - n);
}

static int c_rcontinue(struct dbg *d, int argc, char **argv, const char *rest)
{
    (void)argv;
    (void)rest;
    if (argc > 1)
        return cmd_error(d, "reverse-continue takes no arguments");
    return dbg_reverse(d, true, 1);
}

static int c_goto(struct dbg *d, int argc, char **argv, const char *rest)
{
    (void)rest;
    uint64_t c;
    if (argc != 2 || !cmd_u64(argv[1], &c))
        return cmd_error(d, "usage: goto-cycle N");
    if (c >= dbg_cycle(d)) {
        struct req r = { .kind = REQ_CYCLES, .target = c, .quiet_bps = true };
        if (c == dbg_cycle(d)) {
            dbg_printf(d, "cycle %" PRIu64 "\n", c);
            return WS_OK;
        }
        return dbg_resume(d, &r);
    }
    return dbg_goto_cycle(d, c);
}

/* ---- focus ------------------------------------------------------------ */

static int c_focus(struct dbg *d, int argc, char **argv, const char *rest)
{
    (void)rest;
    const char *what = argv[0];
    if (argc == 1) {
        dbg_printf(d, "focus: sm %d warp %d lane %d\n", d->fsm, d->fwarp, d->flane);
        return WS_OK;
    }
    int v;
    if (argc != 2 || !cmd_int(argv[1], &v))
        return cmd_error(d, "usage: %s N", what);
    if (strcmp(what, "sm") == 0) {
        int64_t n = config_i(&d->s->dev.cfg, CK_SM_COUNT);
        if (v >= n)
            return cmd_error(d, "no sm %d (the GPU has %lld SM%s)", v,
                             (long long)n, n == 1 ? "" : "s");
        d->fsm = v;
    } else if (strcmp(what, "warp") == 0) {
        int64_t n = config_i(&d->s->dev.cfg, CK_SM_MAX_WARPS);
        if (v >= n)
            return cmd_error(d, "no warp slot %d (an SM holds %lld warps)", v,
                             (long long)n);
        d->fwarp = v;
    } else {
        if (v >= 32)
            return cmd_error(d, "no lane %d (lanes are 0..31)", v);
        d->flane = v;
    }
    dbg_printf(d, "focus: sm %d warp %d lane %d\n", d->fsm, d->fwarp, d->flane);
    return WS_OK;
}

static int c_cta(struct dbg *d, int argc, char **argv, const char *rest)
{
    (void)argv;
    uint32_t id[3] = { 0, 0, 0 };
    if (argc < 2)
        return cmd_error(d, "usage: cta X[,Y[,Z]]");
    const char *p = rest;
    for (int i = 0; i < 3 && *p; i++) {
        char *end;
        unsigned long v = strtoul(p, &end, 10);
        if (end == p)
            return cmd_error(d, "cta: expected X[,Y[,Z]], got '%s'", rest);
        id[i] = (uint32_t)v;
        p = end;
        while (*p == ',' || *p == ' ')
            p++;
    }
    if (*p)
        return cmd_error(d, "cta: expected X[,Y[,Z]], got '%s'", rest);
    if (cmd_focus_cta(d, id) != WS_OK)
        return cmd_error(d, "CTA (%u,%u,%u) is not resident on any SM", id[0],
                         id[1], id[2]);
    dbg_printf(d, "focus: sm %d warp %d lane %d (cta %u,%u,%u)\n", d->fsm,
               d->fwarp, d->flane, id[0], id[1], id[2]);
    return WS_OK;
}

/* ---- misc ------------------------------------------------------------- */

static int c_source(struct dbg *d, int argc, char **argv, const char *rest)
{
    (void)argv;
    if (argc < 2)
        return cmd_error(d, "usage: source FILE.lua");
    struct ws_diag diag = { 0 };
    struct dbg_budget bud = {
        config_i(&d->s->dev.cfg, CK_LUA_MAX_INSTRUCTIONS), "sourced script",
        "lua.max_instructions" };
    int rc = d->eng->run(d->ectx, rest, true, &bud, &diag);
    if (rc != WS_OK) {
        struct strbuf b;
        sb_init(&b);
        diag_render(&diag, &b);
        diag_reset(&diag);
        cmd_error(d, "source failed:\n%s", sb_str(&b));
        sb_free(&b);
        return WS_ERR;
    }
    return WS_OK;
}

static int c_lua(struct dbg *d, int argc, char **argv, const char *rest)
{
    (void)argv;
    if (argc < 2)
        return cmd_error(d, "usage: lua STATEMENTS");
    struct ws_diag diag = { 0 };
    struct dbg_budget b = {
        config_i(&d->s->dev.cfg, CK_LUA_HOOK_INSTRUCTIONS), "console Lua",
        "lua.hook_instructions" };
    if (d->eng->run(d->ectx, rest, false, &b, &diag) != WS_OK) {
        cmd_error(d, "%s", diag.msg ? diag.msg : "Lua error");
        diag_reset(&diag);
        return WS_ERR;
    }
    return WS_OK;
}

static int c_set(struct dbg *d, int argc, char **argv, const char *rest)
{
    (void)argv;
    if (argc < 2 || !strchr(rest, '='))
        return cmd_error(d, "usage: set KEY=VALUE (before the first launch)");
    struct ws_diag diag = { 0 };
    if (ws_session_set(d->s, rest, &diag) != WS_OK) {
        cmd_error(d, "%s", diag.msg ? diag.msg : "cannot set");
        diag_reset(&diag);
        return WS_ERR;
    }
    return WS_OK;
}

static int c_record(struct dbg *d, int argc, char **argv, const char *rest)
{
    (void)argv;
    if (argc != 2)
        return cmd_error(d, "usage: record FILE.lua");
    struct ws_diag diag = { 0 };
    if (cmd_write_record(d, rest, &diag) != WS_OK) {
        cmd_error(d, "%s", diag.msg ? diag.msg : "cannot write");
        diag_reset(&diag);
        return WS_ERR;
    }
    dbg_printf(d, "session recorded in %s (%zu commands)\n", rest, d->log.n);
    return WS_OK;
}

static int c_echo(struct dbg *d, int argc, char **argv, const char *rest)
{
    (void)argc;
    (void)argv;
    dbg_printf(d, "%s\n", rest);
    return WS_OK;
}

static int c_quit(struct dbg *d, int argc, char **argv, const char *rest)
{
    (void)argc;
    (void)argv;
    (void)rest;
    d->finished_quit = true;
    return WS_OK;
}

static int c_help(struct dbg *d, int argc, char **argv, const char *rest);

const struct cmd_entry cmd_table[] = {
    { "break", "b", "break LOCATION [sm N] [warp N] [cta N] [if EXPR]",
      "stop when a warp reaches LOCATION: FILE.ptx:LINE, LINE, LABEL, KERNEL or *PC; "
      "or `break cycle N`; or `break event NAME` (any model event)", CMD_STATE, cmd_break },
    { "tbreak", NULL, "tbreak LOCATION [sm N] [warp N] [cta N] [if EXPR]",
      "like break, deleted after its first stop", CMD_STATE, cmd_break },
    { "watch", NULL, "watch reg REG [lane L] [sm N warp N] | watch mem ADDR [LEN] | watch l1 SET [sm N] | watch EXPR",
      "stop when a register (of the focused warp by default, all lanes or one), device memory, "
      "an L1 set's contents or a Lua expression (evaluated every cycle: slow) changes", CMD_STATE, cmd_watch },
    { "condition", NULL, "condition N [EXPR]",
      "stop at breakpoint N only when the Lua expression is true (`e` is the event); no EXPR removes it",
      CMD_STATE, cmd_condition },
    { "ignore", NULL, "ignore N COUNT", "pass breakpoint N COUNT times before stopping", CMD_STATE, cmd_ignore },
    { "delete", "d", "delete [N...]", "delete breakpoints (all without arguments)", CMD_STATE, cmd_delete },
    { "disable", NULL, "disable [N...]", "disable breakpoints (all without arguments)", CMD_STATE, cmd_enable },
    { "enable", NULL, "enable [N...]", "enable breakpoints (all without arguments)", CMD_STATE, cmd_enable },
    { "info", "i", "info breakpoints|warps|warp|sm|banks|cache|mshr|stats|config|probes|display|snapshots|focus|lines",
      "show state: of the focused SM and warp where it applies", 0, cmd_info },
    { "print", "p", "print[/F] EXPR", "evaluate a Lua expression (ws.* is available) and print its value; /x hex, /d signed, /u unsigned, /f the 32-bit patterns as floats", 0, cmd_print },
    { "x", NULL, "x/NUF ADDR", "examine memory: N units (b h w g: 1 2 4 8 bytes) in format F (x d u f) at ADDR: a number, shared:N or local:N (the focused warp's CTA and lane), or a Lua expression", 0, cmd_x },
    { "display", NULL, "display [EXPR]", "print a Lua expression at every stop (list without EXPR)", CMD_STATE, cmd_display },
    { "undisplay", NULL, "undisplay N", "stop displaying expression N", CMD_STATE, cmd_undisplay },
    { "step", "s,stepi,si", "step [any] [N]",
      "run until the focused warp (or any warp) issues N warp-instructions (default 1)", CMD_RUN, c_step },
    { "next", "n", "next [any] [N]",
      "as step (kernels have no calls to step over)", CMD_RUN, c_step },
    { "stepc", "sc", "stepc [N]", "run N cycles (default 1)", CMD_RUN, c_stepc },
    { "stepe", NULL, "stepe EVENT", "run until the model emits an event of this kind", CMD_RUN, c_stepe },
    { "continue", "c,cont", "continue", "run until a breakpoint or the end", CMD_RUN, c_continue },
    { "until", "u", "until [EXPR]",
      "without EXPR: until the focused warp passes its current instruction (leaves a loop); "
      "with EXPR: until the Lua condition holds (checked every cycle)", CMD_RUN, c_until },
    { "finish", "fin", "finish", "run to the end of the kernel running", CMD_RUN, c_finish },
    { "reverse-step", "rs", "reverse-step [N]",
      "go back to before the focused warp's last N warp-instructions", CMD_RUN, c_rstep },
    { "reverse-stepc", "rsc", "reverse-stepc [N]", "go back N cycles", CMD_RUN, c_rstepc },
    { "reverse-continue", "rc", "reverse-continue", "go back to the previous breakpoint stop", CMD_RUN, c_rcontinue },
    { "goto-cycle", "goto", "goto-cycle N", "go to cycle N, forward or back (breakpoints do not stop it)", CMD_RUN, c_goto },
    { "sm", NULL, "sm [N]", "focus on SM N", CMD_STATE, c_focus },
    { "warp", NULL, "warp [N]", "focus on warp slot N of the focused SM", CMD_STATE, c_focus },
    { "lane", NULL, "lane [N]", "focus on lane N", CMD_STATE, c_focus },
    { "cta", NULL, "cta X[,Y[,Z]]", "focus on the first warp of a resident CTA", CMD_STATE, c_cta },
    { "record", NULL, "record FILE.lua",
      "write the session so far as a scenario that replays it (warpscope run FILE.lua)", CMD_NOLOG, c_record },
    { "source", NULL, "source FILE.lua", "run a Lua script (it may set hooks, probes, breakpoints)", CMD_STATE, c_source },
    { "lua", NULL, "lua STATEMENTS", "run Lua statements", CMD_STATE, c_lua },
    { "set", NULL, "set KEY=VALUE", "change a configuration key (before the first launch)", CMD_STATE, c_set },
    { "echo", NULL, "echo TEXT", "print TEXT", 0, c_echo },
    { "help", "h,?", "help [COMMAND]", "list the commands, or explain one", 0, c_help },
    { "quit", "q,exit", "quit", "end the session", CMD_NOLOG, c_quit },
    { NULL, NULL, NULL, NULL, 0, NULL },
};

static bool alias_of(const struct cmd_entry *e, const char *name)
{
    if (!e->alias)
        return false;
    size_t n = strlen(name);
    for (const char *p = e->alias; *p;) {
        size_t len = strcspn(p, ",");
        if (len == n && strncmp(p, name, n) == 0)
            return true;
        p += len;
        if (*p == ',')
            p++;
    }
    return false;
}

const struct cmd_entry *cmd_find(const char *name)
{
    const struct cmd_entry *hit = NULL;
    int n = 0;
    for (const struct cmd_entry *e = cmd_table; e->name; e++) {
        if (strcmp(e->name, name) == 0 || alias_of(e, name))
            return e;
        if (strncmp(e->name, name, strlen(name)) == 0) {
            hit = e;
            n++;
        }
    }
    return n == 1 ? hit : NULL;
}

static int c_help(struct dbg *d, int argc, char **argv, const char *rest)
{
    (void)rest;
    if (argc > 1) {
        const struct cmd_entry *e = cmd_find(argv[1]);
        if (!e)
            return cmd_error(d, "no command '%s' (try `help`)", argv[1]);
        dbg_printf(d, "%s\n  %s\n", e->usage, e->help);
        if (e->alias)
            dbg_printf(d, "  aliases: %s\n", e->alias);
        return WS_OK;
    }
    for (const struct cmd_entry *e = cmd_table; e->name; e++)
        dbg_printf(d, "  %-18s %s\n", e->name, e->usage + strlen(e->name));
    dbg_printf(d, "`help COMMAND` explains one. Lua: ws.cmd(\"...\") runs any of them.\n");
    return WS_OK;
}

/* Splits a line into words (no quoting: Lua text is taken from `rest`). */
static int split(char *s, char **argv, int max)
{
    int n = 0;
    while (*s && n < max) {
        while (isspace((unsigned char)*s))
            s++;
        if (!*s)
            break;
        argv[n++] = s;
        while (*s && !isspace((unsigned char)*s))
            s++;
        if (*s)
            *s++ = 0;
    }
    return n;
}

int cmd_exec(struct dbg *d, const char *line, const char *where)
{
    const char *saved = d->cmd_where;
    d->cmd_where = where;
    while (isspace((unsigned char)*line))
        line++;
    if (!*line || *line == '#') {
        d->cmd_where = saved;
        return WS_OK;
    }
    size_t wl = strcspn(line, " \t\r\n");
    const char *rest = line + wl;
    while (isspace((unsigned char)*rest))
        rest++;
    char *copy = ws_xstrdup(line);
    size_t rl = strlen(rest);
    char *rcopy = ws_xstrdup(rest);
    while (rl && isspace((unsigned char)rcopy[rl - 1]))
        rcopy[--rl] = 0;
    char *argv[64];
    int argc = split(copy, argv, 64);
    int rc;
    /* print/x, x/8wx: the format after the command word */
    char *slash = strchr(argv[0], '/');
    cmd_fmt[0] = 0;
    if (slash) {
        snprintf(cmd_fmt, sizeof cmd_fmt, "%s", slash + 1);
        *slash = 0;
    }
    const struct cmd_entry *e = cmd_find(argv[0]);
    if (e && slash && e->exec != cmd_print && e->exec != cmd_x) {
        rc = cmd_error(d, "%s: no /FORMAT here (print/x and x/NUF take one)", e->name);
        goto done;
    }
    if (!e) {
        const char *near = NULL;
        int best = 3;                 /* at most two edits away */
        for (const struct cmd_entry *c = cmd_table; c->name; c++) {
            int k = ws_edit_distance(argv[0], c->name);
            if (k < best) {
                best = k;
                near = c->name;
            }
        }
        if (near)
            rc = cmd_error(d, "unknown command '%s' (did you mean '%s'? `help` lists them)",
                           argv[0], near);
        else
            rc = cmd_error(d, "unknown command '%s' (try `help`)", argv[0]);
    } else {
        /* Logged before it runs (a reverse command hands the log to a
           snapshot and never returns); dropped again if it fails. */
        bool logged = !(e->flags & CMD_NOLOG) && !d->quiet && !d->no_log;
        size_t at = d->log.n;
        if (logged)
            dbg_log(d, line, (e->flags & CMD_STATE) != 0);
        uint64_t errors = d->cmd_errors;
        bool user = d->user_cmd;
        /* the scenario's code (run by `continue`) is not the user's */
        d->user_cmd = logged ? (e->flags & CMD_STATE) != 0
                             : d->replaying || user;
        rc = e->exec(d, argc, argv, rcopy);
        d->user_cmd = user;
        if (rc != WS_OK && d->cmd_errors == errors)
            d->cmd_errors++;      /* reported by the debugger itself */
        if (logged && rc != WS_OK && d->log.n > at) {
            free(d->log.v[at].text);
            memmove(&d->log.v[at], &d->log.v[at + 1],
                    (d->log.n - at - 1) * sizeof d->log.v[0]);
            d->log.n--;
        }
    }
done:
    free(copy);
    free(rcopy);
    d->cmd_where = saved;
    return rc;
}

static int replay(struct dbg *d, const char *line)
{
    return cmd_exec(d, line, NULL);
}

static int report(struct dbg *d, const char *msg)
{
    return cmd_error(d, "%s", msg);
}

void cmd_init(void)
{
    dbg_replay_cmd = replay;
    dbg_cmd_error = report;
}

char **cmd_complete(const char *line, size_t start, const char *word)
{
    size_t cap = 16, n = 0;
    char **out = ws_xmalloc(cap * sizeof *out);
    size_t wl = strlen(word);
    bool first = true;
    for (size_t i = 0; i < start && line[i]; i++)
        if (!isspace((unsigned char)line[i])) {
            first = false;
            break;
        }
#define ADD(s) do { if (strncmp((s), word, wl) == 0) {                    \
        if (n + 2 > cap) out = ws_xrealloc(out, (cap *= 2) * sizeof *out); \
        out[n++] = ws_xstrdup(s); } } while (0)
    if (first) {
        for (const struct cmd_entry *e = cmd_table; e->name; e++)
            ADD(e->name);
    } else {
        static const char *topics[] = { "breakpoints", "warps", "warp", "sm",
            "banks", "cache", "mshr", "stats", "config", "probes", "display",
            "snapshots", "focus", "registers", "any", "cycle", "event", "reg",
            "mem", "l1" };
        for (size_t i = 0; i < sizeof topics / sizeof topics[0]; i++)
            ADD(topics[i]);
        for (int t = 0; t < EV__MAX && ev_name((enum ev_type)t); t++)
            ADD(ev_name((enum ev_type)t));
        for (int k = 0; k < CK__COUNT; k++)
            ADD(config_key(k)->name);
    }
#undef ADD
    out[n] = NULL;
    return out;
}

/*
** scenario.c - headless scenario runs (see scenario.h). The scenario
** always runs under the debugger (dbg.h): without commands nothing stops
** it; with a command file, the commands drive it like a user at the
** console, and whatever they leave is run to the end.
*/
#include "lua/scenario.h"
#include "debug/cmd.h"
#include "debug/dbg.h"
#include "lua/engine.h"
#include "lua/sandbox.h"
#include "lua/where.h"
#include "lua/ws.h"
#include "sim/trace.h"
#include "util/fileio.h"
#include "util/invariant.h"
#include "util/paths.h"
#include "util/xalloc.h"
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The commands: the record's, then the file's, with their positions. */
struct cmdlist {
    char **line;
    char **where;
    size_t n, cap;
};

static void cl_add(struct cmdlist *c, const char *line, const char *where)
{
    if (c->n == c->cap) {
        c->cap = c->cap ? c->cap * 2 : 32;
        c->line = ws_xrealloc(c->line, c->cap * sizeof *c->line);
        c->where = ws_xrealloc(c->where, c->cap * sizeof *c->where);
    }
    c->line[c->n] = ws_xstrdup(line);
    c->where[c->n++] = ws_xstrdup(where);
}

static void cl_free(struct cmdlist *c)
{
    for (size_t i = 0; i < c->n; i++) {
        free(c->line[i]);
        free(c->where[i]);
    }
    free(c->line);
    free(c->where);
}

static int read_commands(const struct scenario_opts *o, struct cmdlist *c,
                         struct ws_diag *diag)
{
    char where[PATH_MAX + 32];
    for (size_t i = 0; i < o->npre; i++) {
        if (o->pre_at && o->pre_at[i])
            snprintf(where, sizeof where, "%s", o->pre_at[i]);
        else
            snprintf(where, sizeof where, "%s: recorded command %zu", o->path, i + 1);
        cl_add(c, o->pre[i], where);
    }
    if (!o->commands)
        return WS_OK;
    size_t len = 0;
    char *text = ws_read_file(o->commands, &len);
    if (!text)
        return diag_error(diag, o->commands, 0, 0, "cannot read the command file: %s",
                          errno == ENODATA ? "it is a FIFO nothing was written to"
                                           : strerror(errno));
    if (memchr(text, 0, len)) {
        free(text);
        return diag_error(diag, o->commands, 0, 0,
                          "the command file contains a NUL byte (is it a text file?)");
    }
    int ln = 1;
    for (char *p = text; p && *p; ln++) {
        char *e = strchr(p, '\n');
        if (e)
            *e = 0;
        size_t l = strlen(p);
        if (l && p[l - 1] == '\r')
            p[l - 1] = 0;
        snprintf(where, sizeof where, "%s:%d:1", o->commands, ln);
        cl_add(c, p, where);
        p = e ? e + 1 : NULL;
    }
    free(text);
    return WS_OK;
}

/* Ctrl-C while a driven session simulates: stop at the end of the cycle
   (the debugger polls the flag), keep the state, go on with the next
   command. */
static struct dbg *interrupted;

static void on_sigint(int sig)
{
    (void)sig;
    if (interrupted)
        interrupted->interrupt = 1;
}

/* An internal invariant failed: write a session record that replays the
   run to just before the failing cycle (then on into the failure). */
static void crash_replay(const char *msg, void *ctx)
{
    struct dbg *d = ctx;
    (void)msg;
    const char *base = strrchr(d->s->scenario, '/');
    base = base ? base + 1 : d->s->scenario;
    char path[512];
    snprintf(path, sizeof path, "%.*s.crash.lua", (int)strcspn(base, "."), base);
    char line[64];
    snprintf(line, sizeof line, "goto-cycle %llu", (unsigned long long)ws_where.cycle);
    dbg_log(d, line, false);
    struct ws_diag diag = { 0 };
    struct strbuf *cap = d->capture;
    d->capture = NULL;
    d->quiet = true;
    if (cmd_write_record(d, path, &diag) == WS_OK)
        fprintf(stderr, "warpscope: replay: `warpscope run %s` (it stops at cycle %llu, just before the failure; `stepc` goes into it)\n",
                path, (unsigned long long)ws_where.cycle);
    else
        fprintf(stderr, "warpscope: could not write the replay file %s\n", path);
    diag_reset(&diag);
    d->capture = cap;
}

/* Drives the session with the commands; returns when they run out or on
   `quit`. A restored snapshot continues this loop at d->cmd_index. */
static void drive(struct dbg *d, const struct cmdlist *c)
{
    struct sigaction sa, old;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_sigint;
    sigemptyset(&sa.sa_mask);
    interrupted = d;
    sigaction(SIGINT, &sa, &old);
    while (d->cmd_index < c->n && !d->finished_quit) {
        size_t i = d->cmd_index++;
        cmd_exec(d, c->line[i], c->where[i]);
    }
    sigaction(SIGINT, &old, NULL);
    interrupted = NULL;
}

static int finish(struct ws_session *s, struct dbg *d, lua_State *L,
                  const struct scenario_opts *o, struct scenario_result *r,
                  struct ws_diag *diag)
{
    int rc = WS_OK;
    if (!d->finished_quit)
        dbg_run_to_end(d);
    else if (s->dev.run.faulted)
        device_abandon(&s->dev);      /* quit at a fault: the fault's record */
    if (d->scen == SC_FINISHED && d->scen_rc != WS_OK) {
        *diag = d->scen_diag;
        memset(&d->scen_diag, 0, sizeof d->scen_diag);
        rc = d->scen_rc;
    }
    if (rc == WS_OK && s->failed) {
        /* A failed check the script caught with pcall still fails the run. */
        diag_error(diag, s->fail_file, s->fail_line, 0, "check failed: %s",
                   s->fail_msg);
        wslua_pos_diag(L, diag, s->fail_file, s->fail_line, s->fail_col);
        rc = WS_FAIL;
    }
    if (o->probes_csv && rc != WS_ERR) {
        struct ws_diag pd = { 0 };
        if (dbg_probes_csv(d, o->probes_csv, &pd) != WS_OK) {
            diag_reset(diag);
            *diag = pd;
            rc = WS_ERR;
        }
    }
    if (o->record && rc != WS_ERR) {
        char *line = ws_xmalloc(strlen(o->record) + 8);
        sprintf(line, "record %s", o->record);
        if (cmd_exec(d, line, NULL) != WS_OK)
            rc = WS_ERR;
        free(line);
    }
    r->checks = s->checks;
    r->sim_ns = s->dev.host_ns;
    r->cmd_errors = d->cmd_errors;
    r->quit = d->finished_quit;
    if (rc != WS_ERR)
        r->stats = device_stats(&s->dev);
    if (r->stats && o->line_stats)
        jv_set(r->stats, "lines", linestats_all(&d->lines, dbg_cycle(d)));
    return rc;
}

/* Session records may name a file that itself calls ws.session (with or
   without the record header); a chain that comes back to a file already
   being replayed would replay forever. */
#define MAX_REPLAY_DEPTH 16

/* The error of a ws.session call, at the call. */
static int session_error(const struct scenario_opts *o,
                         const struct ws_session_replay *rp,
                         struct ws_diag *diag, const char *msg)
{
    char *file = NULL;
    int line = 0, col = 0;
    if (rp->at) {
        /* "file:line:col"; the file may hold ':' */
        const char *c2 = strrchr(rp->at, ':');
        const char *c1 = c2 ? c2 - 1 : NULL;
        while (c1 && c1 > rp->at && *c1 != ':')
            c1--;
        if (c1 && c1 > rp->at && sscanf(c1, ":%d:%d", &line, &col) == 2)
            file = ws_xstrndup(rp->at, (size_t)(c1 - rp->at));
    }
    diag_error(diag, file ? file : o->path, line, col, "ws.session: %s", msg);
    free(file);
    return WS_ERR;
}

static int replay_check(const struct scenario_opts *o,
                        const struct ws_session_replay *rp,
                        struct ws_diag *diag)
{
    char msg[2 * PATH_MAX + 160];
    if (scenario_is_record(rp->scenario)) {
        snprintf(msg, sizeof msg, "the scenario '%s' is itself a session record (a record replays a scenario)",
                 rp->scenario);
        return session_error(o, rp, diag, msg);
    }
    char *target = realpath(rp->scenario, NULL);
    char *self = realpath(o->path, NULL);
    int depth = 1, rc = WS_OK;
    if (target && self && strcmp(target, self) == 0) {
        snprintf(msg, sizeof msg, "the scenario '%s' is this file: it would replay itself forever",
                 rp->scenario);
        rc = session_error(o, rp, diag, msg);
    }
    for (const struct scenario_chain *c = o->replaying; rc == WS_OK && c;
         c = c->outer, depth++) {
        if (target && strcmp(target, c->path) == 0) {
            snprintf(msg, sizeof msg, "the scenario '%s' is being replayed already (session records that name each other would replay forever)",
                     rp->scenario);
            rc = session_error(o, rp, diag, msg);
        }
    }
    if (rc == WS_OK && depth > MAX_REPLAY_DEPTH) {
        snprintf(msg, sizeof msg, "session records replay one another more than %d deep",
                 MAX_REPLAY_DEPTH);
        rc = session_error(o, rp, diag, msg);
    }
    free(target);
    free(self);
    return rc;
}

static int replay(const struct scenario_opts *o, struct ws_session_replay *rp,
                  struct scenario_result *r, struct ws_diag *diag)
{
    struct config_assigns sets = { 0 };
    for (size_t i = 0; i < rp->nsets; i++)
        if (config_assigns_parse(&sets, rp->sets[i], diag) != WS_OK) {
            config_assigns_free(&sets);
            /* "file:line:col" of the entry in the record */
            char *msg = ws_xstrdup(diag->msg ? diag->msg : "bad setting");
            struct ws_session_replay at = { 0 };
            at.at = rp->set_at ? rp->set_at[i] : rp->at;
            session_error(o, &at, diag, msg);
            free(msg);
            return WS_ERR;
        }
    for (size_t i = 0; o->cli && i < o->cli->n; i++)
        config_assigns_add(&sets, o->cli->v[i].key, o->cli->v[i].value,
                           o->cli->v[i].file, o->cli->v[i].line);
    int rc = replay_check(o, rp, diag);
    if (rc != WS_OK) {
        config_assigns_free(&sets);
        return rc;
    }
    char *self = realpath(o->path, NULL);
    struct scenario_chain link = { self ? self : o->path, o->replaying };
    struct scenario_opts o2 = *o;
    o2.path = rp->scenario;
    o2.cli = &sets;
    o2.pre = rp->commands;
    o2.npre = rp->ncommands;
    o2.pre_at = rp->command_at;
    o2.replaying = &link;
    rc = scenario_run(&o2, r, diag);
    config_assigns_free(&sets);
    free(self);
    return rc;
}

#define RECORD_HEADER "-- warpscope session record"

bool scenario_is_record(const char *path)
{
    char line[64] = "";
    FILE *f = ws_fopen_read(path);
    if (f && ws_is_fifo(f)) {          /* reading would consume it */
        fclose(f);
        return false;
    }
    if (!f)
        return false;
    bool yes = fgets(line, sizeof line, f) &&
               strncmp(line, RECORD_HEADER, strlen(RECORD_HEADER)) == 0;
    fclose(f);
    return yes;
}

int scenario_run(const struct scenario_opts *o, struct scenario_result *r,
                 struct ws_diag *diag)
{
    memset(r, 0, sizeof *r);
    FILE *f = ws_fopen_read(o->path);
    if (!f)
        return diag_error(diag, o->path, 0, 0, "cannot open scenario file");
    bool fifo = ws_is_fifo(f);
    fclose(f);
    if (fifo)
        return diag_error(diag, o->path, 0, 0,
                          "a scenario must be a file that can be read more than once, not a FIFO or socket");
    struct cmdlist cmds = { 0 };
    if (read_commands(o, &cmds, diag) != WS_OK)
        return WS_ERR;
    struct ws_session s;
    if (ws_session_init(&s, o->cli, diag) != WS_OK) {
        cl_free(&cmds);
        return WS_ERR;
    }
    s.dev.progress = o->progress;
    s.dev.progress_ctx = o->progress_ctx;
    char *abs = realpath(o->path, NULL);
    s.scenario = abs ? abs : ws_xstrdup(o->path);
    char *dir = ws_dirname(o->path);
    lua_State *L = wslua_new(dir, config_i(&s.dev.cfg, CK_LUA_MAX_INSTRUCTIONS),
                             config_i(&s.dev.cfg, CK_LUA_MAX_MEMORY),
                             o->unsafe_lua);
    free(dir);
    if (!L) {
        ws_session_free(&s);
        cl_free(&cmds);
        return diag_error(diag, o->path, 0, 0, "cannot create a Lua interpreter");
    }
    ws_open(L, &s);
    cmd_init();
    bool driven = (o->commands || o->npre || o->driver) &&
                  !scenario_is_record(o->path);
    struct dbg d;
    dbg_init(&d, &s, driven, o->reverse && driven);
    if (o->line_stats)
        linestats_start(&d.lines, &s.dev);
    wslua_attach(&d, L);
    ws_invariant_hook(crash_replay, &d);
    int rc;
    struct trace *tr = NULL;
    if (scenario_is_record(o->path)) {
        /* A session record: it names the scenario, settings and
           commands; the replay below runs them (then the file's own). */
        rc = wslua_dofile(L, o->path, 0, diag);
        if (rc == WS_OK && !s.replay)
            rc = diag_error(diag, o->path, 1, 1,
                            "a session record must call ws.session{...}");
    } else if (o->trace &&
               !(tr = trace_open(o->trace, o->trace_opts, diag))) {
        rc = WS_ERR;
    } else {
        if (tr)
            trace_attach(tr, &s.dev);
        if (dbg_load_scenario(&d, o->path, diag) != WS_OK) {
            rc = WS_ERR;
        } else {
            drive(&d, &cmds);
            if (o->driver && !d.finished_quit)
                o->driver(&d, o->driver_ctx);
            rc = finish(&s, &d, L, o, r, diag);
        }
    }
    if (tr) {
        struct ws_diag td = { 0 };
        if (trace_close(tr, o->path, &td) != WS_OK && rc != WS_ERR) {
            jv_free(r->stats);
            r->stats = NULL;
            diag_reset(diag);
            *diag = td;
            rc = WS_ERR;
        } else {
            diag_reset(&td);
        }
    }
    struct ws_session_replay *rp = s.replay;
    s.replay = NULL;
    ws_invariant_hook(NULL, NULL);
    wslua_detach(&d);
    dbg_free(&d);
    wslua_close(L);
    ws_session_free(&s);
    cl_free(&cmds);
    if (rc == WS_OK && rp) {
        /* the record's own run is replaced by the replay's, which
           may fail before it has statistics */
        jv_free(r->stats);
        r->stats = NULL;
        rc = replay(o, rp, r, diag);
    }
    ws_session_replay_free(rp);
    return rc;
}

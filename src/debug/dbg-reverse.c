/*
** dbg-reverse.c - reverse execution and the session record.
** Going back restores the newest checkpoint before the target and
** re-executes deterministically, quietly, with breakpoints off. Finding
** "the previous stop" (reverse-step, reverse-continue) is a search: a
** checkpoint re-executes up to where the user is, noting every candidate
** position, then restores itself again and goes to the last one; when its
** interval holds none, the checkpoint before it searches.
**
** A restored checkpoint learns what to do from a text message:
**   goto T WHY BP       go to cycle T; WHY: 0 goto-cycle, 1 reverse-step,
**                       2 reverse-continue (BP: the breakpoint hit)
**   find B BP SM WARP N the N-th last position before B: of the warp's
**                       issues (BP 0) or of breakpoint hits (BP 1)
**   cmd I               the next command of a command file
**   log N NEXT, then N lines "S R B TEXT": every command of the session so
**                       far (S: changes state, R: replayed but not recorded,
**                       B: the next breakpoint number when it ran; NEXT:
**                       the next breakpoint number now)
*/
#include "debug/dbg-internal.h"
#include "util/xalloc.h"
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int (*dbg_replay_cmd)(struct dbg *d, const char *line);

void dbg_log(struct dbg *d, const char *text, bool state)
{
    struct logline l = { ws_xstrdup(text), state, false, d->next_bp };
    for (char *p = l.text; *p; p++)
        if (*p == '\n' || *p == '\r')
            *p = ' ';
    vec_push(&d->log, l);
}

static void mission_text(struct dbg *d, struct strbuf *b, const char *what)
{
    sb_printf(b, "%s\nfocus %d %d %d\ncmd %zu\nlog %zu %d\n", what, d->fsm,
              d->fwarp, d->flane, d->cmd_index, d->log.n, d->next_bp);
    for (size_t i = 0; i < d->log.n; i++)
        sb_printf(b, "%d %d %d %s\n", d->log.v[i].state ? 1 : 0,
                  d->log.v[i].replay_only ? 1 : 0, d->log.v[i].bp_id,
                  d->log.v[i].text);
    if (d->save_ui) {
        struct strbuf u;
        sb_init(&u);
        d->save_ui(d, &u);
        sb_printf(b, "ui %zu\n", u.len);
        sb_putn(b, sb_str(&u), u.len);
        sb_free(&u);
    }
}

/* Sends the session to checkpoint i with `what`; returns only on failure. */
static int send(struct dbg *d, int i, const char *what)
{
    struct strbuf b;
    sb_init(&b);
    mission_text(d, &b, what);
    while (i >= 0) {
        ckpt_restore(&d->ck, (size_t)i, sb_str(&b), b.len);
        i = -1;                   /* that checkpoint is gone */
    }
    sb_free(&b);
    dbg_error(d, "the snapshot needed is gone (its process ended)");
    return WS_ERR;
}

/* Takes up the log of the message: the commands typed since this
   checkpoint was taken are applied again (quietly). */
static const char *take_log(struct dbg *d, const char *p)
{
    size_t n = 0, cmd = 0;
    int fs, fw, fl, next_bp = 0;
    if (sscanf(p, "focus %d %d %d", &fs, &fw, &fl) == 3) {
        d->fsm = fs;
        d->fwarp = fw;
        d->flane = fl;
        p = strchr(p, '\n');
        p = p ? p + 1 : "";
    }
    if (sscanf(p, "cmd %zu", &cmd) == 1) {
        d->cmd_index = cmd;
        p = strchr(p, '\n');
        p = p ? p + 1 : "";
    }
    if (sscanf(p, "log %zu %d", &n, &next_bp) != 2)
        return p;
    p = strchr(p, '\n');
    p = p ? p + 1 : "";
    size_t had = d->log.n;
    for (size_t i = 0; i < d->log.n; i++)
        free(d->log.v[i].text);
    d->log.n = 0;
    for (size_t i = 0; i < n && *p; i++) {
        const char *e = strchr(p, '\n');
        size_t len = e ? (size_t)(e - p) : strlen(p);
        int st, ro, bp, at = 0;
        if (sscanf(p, "%d %d %d %n", &st, &ro, &bp, &at) == 3 && at > 0 &&
            (size_t)at <= len) {
            char *t = ws_xstrndup(p + at, len - (size_t)at);
            struct logline l = { t, st == 1, ro == 1, bp };
            vec_push(&d->log, l);
        }
        p = e ? e + 1 : p + len;
    }
    bool q = d->quiet;
    d->quiet = true;
    d->replaying = true;
    uint64_t errors = d->cmd_errors;
    for (size_t i = had; i < d->log.n; i++)
        if (d->log.v[i].state && dbg_replay_cmd) {
            d->next_bp = d->log.v[i].bp_id;   /* the same numbers again */
            dbg_replay_cmd(d, d->log.v[i].text);
        }
    if (next_bp > d->next_bp)
        d->next_bp = next_bp;
    d->cmd_errors = errors;
    d->replaying = false;
    d->quiet = q;
    size_t ulen;
    if (sscanf(p, "ui %zu", &ulen) == 1) {
        const char *u = strchr(p, '\n');
        if (u && strlen(u + 1) >= ulen && d->load_ui)
            d->load_ui(d, u + 1, ulen);
    }
    return p;
}

static void go_quietly(struct dbg *d, uint64_t target)
{
    dbg_stop_reset(d);
    d->stop_pending = false;
    memset(&d->drv, 0, sizeof d->drv);
    d->drv.kind = REQ_CYCLES;
    d->drv.target = target;
    d->drv.quiet_bps = true;
    d->drv_active = true;
    d->quiet = true;
}

bool dbg_checkpoint(struct dbg *d, uint64_t now)
{
    d->ck_next = now + d->ck_interval;
    char *msg = NULL;
    size_t len = 0;
    int r = ckpt_take(&d->ck, now, &msg, &len);
    if (r < 0) {
        d->reverse = false;
        dbg_printf(d, "warning: cannot take a snapshot (fork failed); reverse execution is off\n");
        return false;
    }
    if (r == 0)
        return false;
    /* Restored. */
    d->restores++;
    uint64_t t = 0, b = 0;
    int why = 0, bp = 0, sm = 0, warp = 0;
    unsigned long long nth = 1;
    const char *p = msg;
    const char *nl = strchr(p, '\n');
    const char *rest = nl ? nl + 1 : "";
    memset(&d->find, 0, sizeof d->find);
    d->mission.active = true;
    d->mission.start = now;
    int at = -1;
    if (sscanf(p, "goto %" SCNu64 " %d %d %d", &t, &why, &bp, &at) >= 3) {
        take_log(d, rest);
        if (at >= 0 && at % 65536 != 65535) {
            d->fsm = at / 65536;     /* the warp that stopped there */
            d->fwarp = at % 65536;
        }
        go_quietly(d, t);
        d->mission.why = why;
        d->mission.bp = bp;
        d->mission.find = false;
    } else if (sscanf(p, "find %" SCNu64 " %d %d %d %llu", &b, &bp, &sm, &warp,
                      &nth) == 5) {
        take_log(d, rest);
        go_quietly(d, b);
        d->find.active = true;
        d->find.bp = bp != 0;
        d->find.sm = sm;
        d->find.warp = warp;
        d->find.before = b;
        d->mission.find = true;
        d->mission.nth = nth ? nth : 1;
        d->mission.nfound = 0;
        free(d->mission.found);
        d->mission.found = ws_xcalloc(d->mission.nth, sizeof *d->mission.found);
        free(d->mission.found_bp);
        d->mission.found_bp = ws_xcalloc(d->mission.nth, sizeof(int));
        free(d->mission.found_at);
        d->mission.found_at = ws_xcalloc(d->mission.nth, sizeof(int));
    } else {
        d->mission.active = false;
    }
    free(msg);
    return true;             /* the caller resubscribes for the mission */
}

void dbg_find_note(struct dbg *d, uint64_t pos, int bp, int sm, int warp)
{
    if (!d->find.active || pos >= d->find.before)
        return;
    if (!d->find.bp && bp)
        return;
    if (d->find.bp && !bp)
        return;
    /* keep the last nth positions (a ring); at one position, the first
       stop (as a forward run reports it) */
    if (d->mission.nfound &&
        d->mission.found[(d->mission.nfound - 1) % d->mission.nth] == pos)
        return;
    uint64_t k = d->mission.nfound++ % d->mission.nth;
    d->mission.found[k] = pos;
    d->mission.found_bp[k] = bp;
    d->mission.found_at[k] = sm * 65536 + (warp < 0 ? 65535 : warp);
}

void dbg_mission_done(struct dbg *d)
{
    if (!d->mission.active)
        return;
    d->mission.active = false;
    d->quiet = false;
    if (!d->mission.find) {
        d->drv_active = false;
        return;
    }
    d->find.active = false;
    uint64_t nth = d->mission.nth;
    char what[160];
    if (d->mission.nfound >= nth) {
        uint64_t k = (d->mission.nfound - nth) % nth;
        uint64_t pos = d->mission.found[k];
        snprintf(what, sizeof what, "goto %" PRIu64 " %d %d %d", pos,
                 d->find.bp ? 2 : 1, d->mission.found_bp[k],
                 d->mission.found_at[k]);
        send(d, ckpt_find(&d->ck, pos), what);
        return;
    }
    /* Not enough here: the checkpoint before this one searches on. */
    uint64_t start = d->mission.start;
    int i = start ? ckpt_find(&d->ck, start - 1) : -1;
    if (i < 0) {
        snprintf(what, sizeof what, "goto %" PRIu64 " 3 0", start);
        send(d, ckpt_find(&d->ck, start), what);
        return;
    }
    snprintf(what, sizeof what, "find %" PRIu64 " %d %d %d %" PRIu64,
             start + 1, d->find.bp ? 1 : 0, d->find.sm, d->find.warp,
             nth - d->mission.nfound);
    send(d, i, what);
}

static bool reverse_ok(struct dbg *d)
{
    if (d->reverse)
        return true;
    dbg_error(d, "reverse execution is off: %s",
              ckpt_enabled() ? "no snapshots were taken"
                             : "snapshots are taken in a debugging session (--commands, --record or the TUI) without --no-reverse, on Linux");
    return false;
}

int dbg_goto_cycle(struct dbg *d, uint64_t c)
{
    if (!reverse_ok(d))
        return WS_ERR;
    char what[96];
    snprintf(what, sizeof what, "goto %" PRIu64 " 0 0", c);
    int i = ckpt_find(&d->ck, c);
    if (i < 0) {
        dbg_error(d, "no snapshot at or before cycle %" PRIu64, c);
        return WS_ERR;
    }
    return send(d, i, what);
}

int dbg_reverse(struct dbg *d, bool to_breakpoint, uint64_t n)
{
    if (!reverse_ok(d))
        return WS_ERR;
    uint64_t now = dbg_cycle(d);
    int i = ckpt_find(&d->ck, now ? now - 1 : 0);
    if (i < 0 || now == 0) {
        dbg_error(d, "already at the beginning (cycle %" PRIu64 ")", now);
        return WS_ERR;
    }
    char what[160];
    snprintf(what, sizeof what, "find %" PRIu64 " %d %d %d %" PRIu64, now,
             to_breakpoint ? 1 : 0, d->fsm, d->fwarp, n ? n : 1);
    return send(d, i, what);
}

/* ---- the session record ---------------------------------------------- */

static void lua_quote(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '"' || *s == '\\')
            fprintf(f, "\\%c", *s);
        else if ((unsigned char)*s < 32)
            fprintf(f, "\\%03d", (unsigned char)*s);
        else
            fputc(*s, f);
    }
    fputc('"', f);
}

int dbg_record(const struct dbg *d, const char *path, const char *scenario,
               const char *const *sets, size_t nsets, struct ws_diag *diag)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return diag_error(diag, path, 0, 0, "cannot write the session record");
    fprintf(f, "-- warpscope session record: `warpscope run %s` replays it to the\n"
               "-- same cycle-exact state (ws.state_hash() equal).\n", path);
    fprintf(f, "return ws.session{\n  scenario = ");
    lua_quote(f, scenario);
    fprintf(f, ",\n  set = {");
    for (size_t i = 0; i < nsets; i++) {
        fprintf(f, i ? ", " : " ");
        lua_quote(f, sets[i]);
    }
    fprintf(f, " },\n  commands = {\n");
    for (size_t i = 0; i < d->log.n; i++) {
        if (d->log.v[i].replay_only)
            continue;
        fprintf(f, "    ");
        lua_quote(f, d->log.v[i].text);
        fprintf(f, ",\n");
    }
    fprintf(f, "  },\n}\n");
    if (fclose(f) != 0)
        return diag_error(diag, path, 0, 0, "cannot write the session record");
    return WS_OK;
}

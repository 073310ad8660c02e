/*
** dbg-script.c - the debugger's calls into its script engine (struct
** dbg_engine): hooks, breakpoint conditions, watch expressions, probes
** and one-off evaluations. Every call runs under the hook budget
** (lua.hook_instructions); a function that fails is disabled with a
** message, never retried every cycle.
*/
#include "debug/dbg-internal.h"
#include "sim/session.h"
#include "util/jval.h"
#include "util/xalloc.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int dbg_compile(struct dbg *d, const char *expr, bool with_event, char *err,
                size_t errlen)
{
    return d->eng->compile(d->ectx, expr, with_event, err, errlen);
}

void dbg_release(struct dbg *d, int ref)
{
    if (ref != DBG_NOREF && ref != 0 && d->eng)
        d->eng->release(d->ectx, ref);
}

int dbg_script_call(struct dbg *d, int ref, const struct ws_event *e,
                    const char *what, enum dbg_text text, struct dbg_value *v)
{
    struct dbg_budget b = { d->hook_budget, what, "lua.hook_instructions" };
    struct ws_diag diag = { 0 };
    if (d->eng->call(d->ectx, ref, e, &b, text, v, &diag) == WS_OK)
        return WS_OK;
    struct strbuf o;
    sb_init(&o);
    diag_render(&diag, &o);
    bool q = d->quiet;
    d->quiet = false;
    dbg_printf(d, "%s failed and is disabled:\n%s", what, sb_str(&o));
    d->quiet = q;
    sb_free(&o);
    diag_reset(&diag);
    return WS_ERR;
}

int dbg_script_eval(struct dbg *d, const char *expr, enum dbg_text text,
                    const char *what, char **out, bool *syntax)
{
    char err[300];
    int ref = dbg_compile(d, expr, false, err, sizeof err);
    *syntax = ref == DBG_NOREF;
    if (ref == DBG_NOREF) {
        *out = ws_xstrdup(err);
        return WS_ERR;
    }
    struct dbg_budget b = {
        config_i(&d->s->dev.cfg, CK_LUA_HOOK_INSTRUCTIONS), what,
        "lua.hook_instructions" };
    struct ws_diag diag = { 0 };
    struct dbg_value v;
    int rc = d->eng->call(d->ectx, ref, NULL, &b, text, &v, &diag);
    dbg_release(d, ref);
    if (rc != WS_OK) {
        *out = ws_xstrdup(diag.msg ? diag.msg : "error");
        diag_reset(&diag);
        return WS_ERR;
    }
    *out = v.text ? v.text : ws_xstrdup("");
    return WS_OK;
}

int dbg_call_hook(struct dbg *d, struct bp *b, int ref,
                  const struct ws_event *e)
{
    char what[200];
    snprintf(what, sizeof what, "%s %d (%s)",
             b->kind == BP_HOOK ? "hook" : "breakpoint condition of", b->id,
             b->spec ? b->spec : "");
    struct dbg_value v;
    if (dbg_script_call(d, ref, e, what, DBG_TEXT_NONE, &v) != WS_OK) {
        b->errored = true;
        b->enabled = false;
        d->resub = true;
        return -1;
    }
    return v.truth;
}

void dbg_probe_sample(struct dbg *d, struct probe *p, uint64_t now)
{
    char what[200];
    snprintf(what, sizeof what, "probe '%s'", p->name);
    struct dbg_value v;
    if (dbg_script_call(d, p->fn_ref, NULL, what, DBG_TEXT_NONE, &v) != WS_OK) {
        p->dead = true;
        return;
    }
    if (!v.is_number) {
        bool q = d->quiet;
        d->quiet = false;
        dbg_printf(d, "probe '%s' returned a %s, not a number; disabled\n",
                   p->name, v.type);
        d->quiet = q;
        p->dead = true;
        return;
    }
    vec_push(&p->t, now);
    vec_push(&p->v, v.num);
}

bool dbg_expr_changed(struct dbg *d, struct bp *b)
{
    char what[200];
    snprintf(what, sizeof what, "watch expression %d (%s)", b->id,
             b->spec ? b->spec : "");
    struct dbg_value v;
    if (dbg_script_call(d, b->fn_ref, NULL, what, DBG_TEXT_PLAIN, &v) != WS_OK) {
        b->errored = true;
        b->enabled = false;
        return false;
    }
    bool changed = b->old_val && strcmp(b->old_val, v.text) != 0;
    if (changed || !b->old_val) {
        free(b->old_val);
        b->old_val = v.text;
    } else {
        free(v.text);
    }
    return changed;
}

bool dbg_expr_true(struct dbg *d, int ref)
{
    struct dbg_value v;
    if (dbg_script_call(d, ref, NULL, "until condition", DBG_TEXT_NONE,
                        &v) != WS_OK) {
        d->drv.met = true;       /* stop: the condition cannot be evaluated */
        return true;
    }
    return v.truth;
}

int dbg_probe_add(struct dbg *d, const char *name, int fn_ref, uint64_t every)
{
    struct probe p;
    memset(&p, 0, sizeof p);
    p.name = ws_xstrdup(name);
    p.fn_ref = fn_ref;
    p.every = every ? every : 1;
    uint64_t now = dbg_cycle(d);
    p.next = (now / p.every + 1) * p.every;
    vec_push(&d->probes, p);
    return (int)d->probes.n;
}

int dbg_probes_csv(const struct dbg *d, const char *path, struct ws_diag *diag)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return diag_error(diag, path, 0, 0, "cannot write the probes file");
    fprintf(f, "probe,cycle,value\n");
    for (size_t i = 0; i < d->probes.n; i++) {
        const struct probe *p = &d->probes.v[i];
        for (size_t j = 0; j < p->t.n; j++) {
            char num[32];
            jv_format_double(p->v.v[j], num);
            fprintf(f, "%s,%llu,%s\n", p->name, (unsigned long long)p->t.v[j],
                    num);
        }
    }
    if (fclose(f) != 0)
        return diag_error(diag, path, 0, 0, "cannot write the probes file");
    return WS_OK;
}

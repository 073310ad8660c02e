/*
** inspect.c - SM, warp, register, L1D and register-bank views of the live
** timing model (see inspect.h). Reads struct gpu and struct sm directly
** (gpu-internal.h, sm.h) and design components only through their seams
** and the baseline's read-only accessors. Must not change any state:
** every pointer into the model is const here.
*/
#include "debug/inspect.h"
#include "compile/liveness.h"
#include "compile/print.h"
#include "timing/cache.h"
#include "timing/gpu-internal.h"
#include "timing/sm-internal.h"
#include "util/xalloc.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <ctype.h>
#include <string.h>

/* ---- errors and lookups ---------------------------------------------- */

static void say(char *err, size_t n, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void say(char *err, size_t n, const char *fmt, ...)
{
    if (!err || !n)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, n, fmt, ap);
    va_end(ap);
}

/* The timing model's SM sm, or NULL with err. */
bool inspect_live(const struct ws_device *d)
{
    return d->gpu != NULL;
}

const char *inspect_design_name(const struct ws_device *d)
{
    return device_design(d)->name;
}

const char *inspect_design_layout(const struct ws_device *d)
{
    const struct design *ds = device_design(d);
    return ds->layout ? ds->layout : "default";
}

const struct kimage *inspect_kernel(const struct ws_device *d)
{
    const struct flaunch *L = d->gpu ? gpu_launch(d->gpu) : NULL;
    return L ? L->k : NULL;
}

bool inspect_shown_kernel(const struct ws_device *d, const struct kimage **k,
                          const struct ptx_module **mod, bool *running)
{
    *k = inspect_kernel(d);
    *running = *k != NULL;
    *mod = *k ? (*k)->mod : NULL;
    if (*k)
        return *mod != NULL;
    if (d->modules.n == 0)
        return false;
    size_t mi = d->modules.n - 1;
    int ki = 0;
    if (d->queue.n > 0) {
        const struct dev_launch *q = &d->queue.v[d->queue.n - 1];
        if (q->module >= 0 && (size_t)q->module < d->modules.n) {
            mi = (size_t)q->module;
            ki = q->kernel;
        }
    }
    const struct dev_module *m = &d->modules.v[mi];
    *mod = m->mod;
    if (ki >= 0 && ki < m->nkernels)
        *k = m->kernels[ki];
    return *mod != NULL;
}

static const struct sm *sm_at(const struct ws_device *d, int sm, char *err,
                              size_t n)
{
    const struct gpu *g = d->gpu;
    if (!g) {
        if (device_timing(d))
            say(err, n, "no kernel is running");
        else
            say(err, n, "no timing model to inspect (sim.mode = functional)");
        return NULL;
    }
    if (sm < 0 || (uint32_t)sm >= g->p.nsm) {
        say(err, n, "no SM %d (the GPU has %u SM%s)", sm, g->p.nsm,
            g->p.nsm == 1 ? "" : "s");
        return NULL;
    }
    return &g->sm[sm];
}

/* The warp in slot `slot` of SM sm, or NULL with err. */
static const struct twarp *warp_at(const struct ws_device *d, int sm,
                                   int slot, const struct sm **sp, char *err,
                                   size_t n)
{
    const struct sm *s = sm_at(d, sm, err, n);
    if (!s)
        return NULL;
    if (slot < 0 || (uint32_t)slot >= s->p->max_warps) {
        say(err, n, "no warp slot %d (SM %d has slots 0-%u)", slot, sm,
            s->p->max_warps - 1);
        return NULL;
    }
    if (!gpu_running(d->gpu)) {
        say(err, n, "no kernel is running");
        return NULL;
    }
    const struct twarp *w = &s->w[slot];
    if (!w->used || !w->fw) {
        say(err, n, "warp slot %d of SM %d is empty (%u warp%s resident)",
            slot, sm, s->nwarps, s->nwarps == 1 ? "" : "s");
        return NULL;
    }
    *sp = s;
    return w;
}

static struct jv *dim3(const uint32_t v[3])
{
    struct jv *o = jv_obj();
    jv_set(o, "x", jv_int(v[0]));
    jv_set(o, "y", jv_int(v[1]));
    jv_set(o, "z", jv_int(v[2]));
    return o;
}

static struct jv *bits_list(const uint64_t *set, uint32_t words)
{
    struct jv *a = jv_arr();
    for (uint32_t i = 0; i < words; i++)
        for (uint64_t v = set[i]; v; v &= v - 1)
            jv_push(a, jv_int(i * 64 + (uint32_t)__builtin_ctzll(v)));
    return a;
}

/* ---- one warp -------------------------------------------------------- */

static const char *warp_state(const struct twarp *w)
{
    switch (w->fw->state) {
    case FW_DONE:
        return "exited";
    case FW_BARRIER:
        return "barrier";
    default:
        return w->rs == STALL_NONE ? "ready" : "stalled";
    }
}

/* pc, line, cuda_line and inst of the instruction the warp executes next. */
static void warp_where(struct jv *o, const struct kimage *k, int32_t pc)
{
    bool at = pc >= 0 && pc < k->ninst;
    jv_set(o, "pc", jv_int(at ? pc : -1));
    if (!at) {
        jv_set(o, "line", jv_null());
        jv_set(o, "cuda_line", jv_null());
        jv_set(o, "inst", jv_null());
        return;
    }
    const struct ptx_inst *in = &k->flat.insts.v[pc];
    jv_set(o, "line", in->line > 0 ? jv_int(in->line) : jv_null());
    jv_set(o, "cuda_line", in->loc_line > 0 ? jv_int(in->loc_line) : jv_null());
    struct strbuf b;
    sb_init(&b);
    print_inst(k, pc, true, &b);
    jv_set(o, "inst", jv_str(sb_str(&b)));
    sb_free(&b);
}

static struct jv *simt_json(const struct fwarp *fw)
{
    struct jv *a = jv_arr();
    for (int i = 0; i < fw->depth; i++) {
        struct jv *e = jv_push(a, jv_obj());
        jv_set(e, "pc", jv_int(fw->stack[i].pc));
        jv_set(e, "rpc", jv_int(fw->stack[i].rpc));
        jv_set(e, "mask", jv_int(fw->stack[i].mask));
    }
    return a;
}

static struct jv *warp_json(const struct sm *s, uint32_t slot)
{
    const struct twarp *w = &s->w[slot];
    const struct fwarp *fw = w->fw;
    const struct tcta *c = &s->cta[w->cta];
    struct jv *o = jv_obj();
    jv_set(o, "sm", jv_int(s->id));
    jv_set(o, "slot", jv_int(slot));
    jv_set(o, "cta", dim3(c->fc.ctaid));
    jv_set(o, "cta_slot", jv_int(w->cta));
    jv_set(o, "cta_id", jv_int((int64_t)c->id));
    jv_set(o, "warp_in_cta", jv_int(fw->wid));
    warp_where(o, s->launch->k, fx_pc(fw));
    jv_set(o, "state", jv_str(warp_state(w)));
    jv_set(o, "stall", jv_str(w->rs == RS_ABSENT ? "idle"
                                                 : sm_stall_name(s, (enum stall)w->rs)));
    if (fw->state == FW_BARRIER)
        jv_set(o, "barrier", jv_int(fw->bar_id));
    jv_set(o, "active_mask", jv_int(fx_active(fw)));
    jv_set(o, "valid_mask", jv_int(fw->valid));
    jv_set(o, "exited_mask", jv_int(fw->exited));
    jv_set(o, "simt", simt_json(fw));
    jv_set(o, "pending", bits_list(w->sb, SM_REG_WORDS));
    jv_set(o, "pending_loads", bits_list(w->sbmem, SM_REG_WORDS));
    jv_set(o, "pending_preds", bits_list(&w->sbp, 1));
    jv_set(o, "in_pool", jv_bool(w->in_pool));
    jv_set(o, "inflight", jv_int(w->inflight));
    jv_set(o, "instructions", jv_int((int64_t)fw->ninst));
    return o;
}

struct jv *inspect_warp(const struct ws_device *d, int sm, int slot,
                        char *err, size_t errlen)
{
    const struct sm *s;
    if (!warp_at(d, sm, slot, &s, err, errlen))
        return NULL;
    return warp_json(s, (uint32_t)slot);
}

struct jv *inspect_warps(const struct ws_device *d, int sm, char *err,
                         size_t errlen)
{
    const struct sm *s = sm_at(d, sm, err, errlen);
    if (!s)
        return NULL;
    struct jv *a = jv_arr();
    if (!gpu_running(d->gpu))
        return a;
    for (uint32_t i = 0; i < s->p->max_warps; i++)
        if (s->w[i].used && s->w[i].fw)
            jv_push(a, warp_json(s, i));
    return a;
}

/* ---- registers ------------------------------------------------------- */

/* "R5", "r5", "5" (kind 'R') or "P1", "p1" (kind 'P'); false otherwise. */
static bool parse_physical(const char *reg, char *kind, long *idx)
{
    *kind = 'R';
    if (*reg == 'R' || *reg == 'r' || *reg == 'P' || *reg == 'p') {
        *kind = (*reg == 'P' || *reg == 'p') ? 'P' : 'R';
        reg++;
    }
    if (*reg < '0' || *reg > '9')
        return false;
    char *end;
    *idx = strtol(reg, &end, 10);
    return *end == '\0';
}

/* Is virtual register v live just before instruction pc executes? */
static bool live_at(const struct kimage *k, int32_t pc, int32_t v)
{
    if (pc < 0 || pc >= k->ninst || !k->live_out)
        return false;
    int32_t b = k->cfg.block_of[pc];
    if (b < 0 || b >= k->cfg.nblocks)
        return false;
    uint64_t *set = ws_xcalloc(k->live_words + 1, sizeof *set);
    memcpy(set, k->live_out + (size_t)b * k->live_words,
           k->live_words * sizeof *set);
    for (int32_t i = k->cfg.b[b].last; i >= pc; i--)
        liveness_step(&k->flat.insts.v[i], set);
    bool live = live_has(set, v);
    free(set);
    return live;
}

static bool name_is(const char *declared, const char *reg)
{
    if (strcmp(declared, reg) == 0)
        return true;
    return *reg == '%' && *declared != '%' && strcmp(declared, reg + 1) == 0;
}

/* A PTX register name: the first register of that name live at pc (an
   inlined callee may reuse the kernel's names). */
static int resolve_ptx(const struct kimage *k, int32_t pc, const char *reg,
                       struct inspect_regref *out, char *err, size_t n)
{
    int32_t found = -1;
    for (size_t v = 0; v < k->flat.regs.n; v++) {
        if (!name_is(k->flat.regs.v[v].name, reg))
            continue;
        if (found < 0)
            found = (int32_t)v;
        if (live_at(k, pc, (int32_t)v)) {
            found = (int32_t)v;
            uint8_t t = k->flat.regs.v[v].type;
            out->kind = t == PT_PRED ? 'P' : 'R';
            out->index = k->vreg_slot[v];
            out->width = t != PT_PRED &&
                         ptx_type_size((enum ptx_type)t) == 8 ? 2 : 1;
            return 0;
        }
    }
    if (found < 0) {
        say(err, n, "no register %s in kernel %s", reg, k->name);
        return -1;
    }
    bool pred = k->flat.regs.v[found].type == PT_PRED;
    if (pc < 0 || pc >= k->ninst)
        say(err, n, "%s is not live: the warp has exited (its register was %c%d)",
            reg, pred ? 'P' : 'R', k->vreg_slot[found]);
    else
        say(err, n, "%s is not live at pc %d (line %d): its register %c%d holds another value or none yet",
            reg, pc, k->flat.insts.v[pc].line, pred ? 'P' : 'R',
            k->vreg_slot[found]);
    return -1;
}

int inspect_reg_resolve(const struct ws_device *d, int sm, int slot,
                        const char *reg, struct inspect_regref *out,
                        char *err, size_t errlen)
{
    const struct sm *s;
    const struct twarp *w = warp_at(d, sm, slot, &s, err, errlen);
    if (!w)
        return -1;
    const struct kimage *k = s->launch->k;
    if (!reg || !*reg) {
        say(err, errlen, "no register named");
        return -1;
    }
    if (*reg == '%')
        return resolve_ptx(k, fx_pc(w->fw), reg, out, err, errlen);
    char kind;
    long idx;
    if (!parse_physical(reg, &kind, &idx)) {
        say(err, errlen, "'%s' is not a register (R5, P1, or a PTX name such as %%r5)",
            reg);
        return -1;
    }
    uint32_t lim = kind == 'P' ? k->npreds : k->nslots;
    if (idx < 0 || idx >= (long)lim) {
        if (lim)
            say(err, errlen, "no register %c%ld (kernel %s uses %c0-%c%u)",
                kind, idx, k->name, kind, kind, lim - 1);
        else
            say(err, errlen, "no register %c%ld (kernel %s uses none)", kind,
                idx, k->name);
        return -1;
    }
    out->kind = kind;
    out->index = (int32_t)idx;
    out->width = 1;
    return 0;
}

int inspect_reg(const struct ws_device *d, int sm, int slot, const char *reg,
                uint32_t vals[32], uint32_t *mask, char *err, size_t errlen)
{
    struct inspect_regref ref;
    if (inspect_reg_resolve(d, sm, slot, reg, &ref, err, errlen) != 0)
        return -1;
    const struct fwarp *fw = d->gpu->sm[sm].w[slot].fw;
    for (int l = 0; l < WS_WARP; l++)
        vals[l] = ref.kind == 'P' ? (fw->p[ref.index] >> l & 1)
                                  : fw->r[(size_t)ref.index * WS_WARP + (size_t)l];
    *mask = fw->valid;
    return 0;
}

int inspect_mem(const struct ws_device *d, int sm, int slot, int lane,
                const char *space, uint64_t addr, void *buf, size_t n,
                char *err, size_t errlen)
{
    if (strcmp(space, "global") == 0) {
        if (!dmem_read(&d->mem, addr, buf, n)) {
            say(err, errlen, "global 0x%llx..+%zu is outside every buffer",
                (unsigned long long)addr, n);
            return -1;
        }
        return 0;
    }
    const struct sm *s;
    const struct twarp *w = warp_at(d, sm, slot, &s, err, errlen);
    if (!w)
        return -1;
    const struct fcta *c = &s->cta[w->cta].fc;
    const uint8_t *base;
    uint64_t size;
    if (strcmp(space, "shared") == 0) {
        base = c->shared;
        size = c->shared_bytes;
    } else if (strcmp(space, "local") == 0) {
        size = s->launch->k->local_bytes;
        base = c->local + ((size_t)w->fw->wid * WS_WARP + (size_t)lane) * size;
    } else {
        say(err, errlen, "no memory space '%s' (global, shared, local)", space);
        return -1;
    }
    if (n > size || addr > size - n) {
        say(err, errlen, "%s 0x%llx..+%zu is outside the %llu bytes of %s memory",
            space, (unsigned long long)addr, n, (unsigned long long)size,
            strcmp(space, "shared") == 0 ? "the CTA's shared" : "the thread's local");
        return -1;
    }
    memcpy(buf, base + addr, n);
    return 0;
}

/* ---- SM summary ------------------------------------------------------ */

static struct jv *ctas_json(const struct sm *s)
{
    struct jv *a = jv_arr();
    for (uint32_t c = 0; c < s->p->max_ctas; c++) {
        const struct tcta *t = &s->cta[c];
        if (!t->used)
            continue;
        struct jv *o = jv_push(a, jv_obj());
        jv_set(o, "slot", jv_int(c));
        jv_set(o, "id", jv_int((int64_t)t->id));
        jv_set(o, "ctaid", dim3(t->fc.ctaid));
        jv_set(o, "first_warp", jv_int(t->first));
        jv_set(o, "warps", jv_int(t->nwarps));
        jv_set(o, "live", jv_int(t->fc.live));
        jv_set(o, "threads", jv_int(t->threads));
    }
    return a;
}

static uint32_t popcount_words(const uint64_t *m, uint32_t words)
{
    uint32_t n = 0;
    for (uint32_t i = 0; i < words; i++)
        n += (uint32_t)__builtin_popcountll(m[i]);
    return n;
}

static struct jv *scheds_json(const struct sm *s)
{
    struct jv *a = jv_arr();
    for (uint32_t k = 0; k < s->p->schedulers; k++) {
        const struct sched *q = &s->sch[k];
        struct jv *o = jv_push(a, jv_obj());
        jv_set(o, "id", jv_int(k));
        jv_set(o, "last", jv_str(sm_stall_name(s, (enum stall)s->why[k])));
        uint32_t ready = 0;
        for (int i = 0; i < SCHED_KINDS; i++)
            ready += popcount_words(q->ready[i], q->words);
        jv_set(o, "ready", jv_int(ready));
        jv_set(o, "in_pool", jv_int(q->in_pool));
        struct jv *wt = jv_set(o, "waiting", jv_obj());
        static const enum stall why[] = { STALL_MEMORY, STALL_RAW,
                                          STALL_BARRIER };
        for (size_t r = 0; r < sizeof why / sizeof why[0]; r++)
            jv_set(wt, stall_name(why[r]), jv_int(q->cnt[why[r]]));
        jv_set(wt, "exited", jv_int(q->cnt[STALL_IDLE]));
    }
    return a;
}

/* Collectors, LD/ST unit, execution and writeback queues. */
static void units_json(struct jv *o, const struct sm *s)
{
    struct jv *c = jv_set(o, "collectors", jv_obj());
    jv_set(c, "used", jv_int(s->collectors_used));
    jv_set(c, "total", jv_int(s->p->collectors));
    struct jv *l = jv_set(o, "ldst", jv_obj());
    jv_set(l, "queue", jv_int(s->ldst_n));
    jv_set(l, "limit", jv_int(SM_LDST_QUEUE));
    jv_set(l, "answers_due", jv_int(s->ntimed));
    struct jv *x = jv_set(o, "executing", jv_obj());
    for (int k = 0; k < TC__COUNT; k++)
        if (k != TC_MEM && k != TC_CTRL)
            jv_set(x, tclass_name((enum tclass)k), jv_int(s->exec[k].n));
    jv_set(o, "writeback", jv_int(s->wb.n));
    jv_set(o, "bank_stalled", jv_bool(s->bank_stalled));
    jv_set(o, "l1_pending", jv_int(sm_parts_pending(s)));
}

struct jv *inspect_sm(const struct ws_device *d, int sm, char *err,
                      size_t errlen)
{
    const struct sm *s = sm_at(d, sm, err, errlen);
    if (!s)
        return NULL;
    const struct tparams *p = s->p;
    struct jv *o = jv_obj();
    jv_set(o, "sm", jv_int(sm));
    jv_set(o, "cycle", jv_int((int64_t)d->gpu->cycle));
    jv_set(o, "running", jv_bool(gpu_running(d->gpu)));
    jv_set(o, "ctas", ctas_json(s));
    jv_set(o, "ctas_used", jv_int(s->nctas));
    jv_set(o, "ctas_limit", jv_int(p->max_ctas));
    jv_set(o, "warps_used", jv_int(s->nwarps));
    jv_set(o, "warps_limit", jv_int(p->max_warps));
    jv_set(o, "threads_used", jv_int(s->threads));
    jv_set(o, "threads_limit", jv_int(p->max_threads));
    jv_set(o, "regs_used", jv_int(s->regs));
    jv_set(o, "regs_limit", jv_int(s->rfo->capacity(s->rf)));
    jv_set(o, "shared_used", jv_int(s->shared));
    jv_set(o, "shared_limit", jv_int(p->shared_bytes));
    jv_set(o, "schedulers", scheds_json(s));
    jv_set(o, "issued", jv_int((int64_t)s->st.issued));
    jv_set(o, "retired_warp_instructions", jv_int((int64_t)s->st.warp_insts));
    struct jv *st = jv_set(o, "stall_reasons", jv_obj());
    for (int k = STALL_NONE; k < STALL__COUNT; k++)
        if (k != STALL_IDLE)
            jv_set(st, sm_stall_name(s, (enum stall)k), jv_int((int64_t)s->st.stalls[k]));
    units_json(o, s);
    return o;
}

/* ---- L1D ------------------------------------------------------------- */

static const char *repl_name(enum cache_repl r)
{
    return r == REPL_LRU ? "lru" : r == REPL_FIFO ? "fifo" : "random";
}

static struct jv *line_json(const struct cache *c, uint32_t set, uint32_t way)
{
    const struct cache_line *l = cache_way(c, set, way);
    struct jv *o = jv_obj();
    jv_set(o, "valid", jv_bool(l->valid));
    jv_set(o, "dirty", jv_bool(l->valid && l->dirty));
    if (l->valid) {
        jv_set(o, "tag", jv_int((int64_t)(l->addr / c->line / c->sets)));
        jv_set(o, "addr", jv_int((int64_t)l->addr));
        jv_set(o, "age", jv_int(cache_age(c, set, way)));
    } else {
        jv_set(o, "tag", jv_null());
        jv_set(o, "addr", jv_null());
        jv_set(o, "age", jv_null());
    }
    jv_set(o, "state", jv_str(!l->valid ? "invalid" : l->dirty ? "dirty"
                                                                : "clean"));
    return o;
}

static void cache_json(struct jv *o, const struct cache *c)
{
    struct jv *sets = jv_set(o, "sets_data", jv_arr());
    uint32_t valid = 0, dirty = 0;
    for (uint32_t s = 0; s < c->sets; s++) {
        struct jv *ways = jv_push(sets, jv_arr());
        for (uint32_t w = 0; w < c->ways; w++) {
            const struct cache_line *l = cache_way(c, s, w);
            valid += l->valid;
            dirty += l->valid && l->dirty;
            jv_push(ways, line_json(c, s, w));
        }
    }
    jv_set(o, "valid_lines", jv_int(valid));
    jv_set(o, "dirty_lines", jv_int(dirty));
    mshr_describe(&c->mshr, o);
}

struct jv *inspect_l1(const struct ws_device *d, int sm, char *err,
                      size_t errlen)
{
    const struct sm *s = sm_at(d, sm, err, errlen);
    if (!s)
        return NULL;
    const struct cache *c = s->l1o->view ? s->l1o->view(s->l1) : NULL;
    struct jv *o = jv_obj();
    jv_set(o, "sm", jv_int(sm));
    jv_set(o, "design", jv_str(s->l1o->part.name));
    jv_set(o, "sets", jv_int(c ? c->sets : 0));
    jv_set(o, "ways", jv_int(c ? c->ways : s->p->l1_ways));
    jv_set(o, "line", jv_int(c ? c->line : s->p->l1_line));
    jv_set(o, "policy", jv_str(repl_name(c ? c->repl
                                           : (enum cache_repl)s->p->l1_repl)));
    if (c) {
        cache_json(o, c);
    } else {
        jv_set(o, "sets_data", jv_arr());
        jv_set(o, "valid_lines", jv_int(0));
        jv_set(o, "dirty_lines", jv_int(0));
        jv_set(o, "mshrs", jv_arr());
        jv_set(o, "mshrs_total", jv_int(0));
    }
    /* an L1 without a miss queue of its own leaves these null */
    jv_set(o, "miss_queue", jv_null());
    jv_set(o, "miss_queue_limit", jv_null());
    jv_set(o, "pending", jv_int(s->l1o->part.pending
                                    ? s->l1o->part.pending(s->l1) : 0));
    if (s->l1o->part.describe)
        s->l1o->part.describe(s->l1, d->gpu->cycle ? d->gpu->cycle - 1 : 0, o);
    return o;
}

/* ---- register-file banks and operand collectors ---------------------- */

static struct jv *collectors_json(const struct sm *s)
{
    struct jv *a = jv_arr();
    uint32_t n = 0;
    for (int32_t i = s->collecting.head; i >= 0; i = s->in[i].next, n++) {
        const struct inst *in = &s->in[i];
        struct jv *o = jv_push(a, jv_obj());
        jv_set(o, "busy", jv_bool(true));
        jv_set(o, "warp", jv_int(in->warp));
        jv_set(o, "pc", jv_int(in->pc));
        jv_set(o, "operands_ready", jv_int(in->nread));
        jv_set(o, "operands_total", jv_int(s->tinst[in->pc].nsrc));
    }
    for (; n < s->p->collectors; n++) {
        struct jv *o = jv_push(a, jv_obj());
        jv_set(o, "busy", jv_bool(false));
        jv_set(o, "warp", jv_null());
        jv_set(o, "pc", jv_null());
        jv_set(o, "operands_ready", jv_int(0));
        jv_set(o, "operands_total", jv_int(0));
    }
    return a;
}

struct jv *inspect_banks(const struct ws_device *d, int sm, char *err,
                         size_t errlen)
{
    const struct sm *s = sm_at(d, sm, err, errlen);
    if (!s)
        return NULL;
    struct jv *o = jv_obj();
    jv_set(o, "sm", jv_int(sm));
    jv_set(o, "design", jv_str(s->rfo->part.name));
    jv_set(o, "cycle", jv_int((int64_t)d->gpu->cycle));
    /* "this cycle" is the last one simulated: gpu->cycle is the next */
    uint64_t now = d->gpu->cycle ? d->gpu->cycle - 1 : 0;
    jv_set(o, "banks", jv_int(s->p->rf_banks));
    jv_set(o, "per_bank", jv_arr());
    jv_set(o, "collectors", collectors_json(s));
    if (s->rfo->part.describe) {
        s->rfo->part.describe(s->rf, now, o);
        const struct jv *n = jv_get(o, "per_bank");
        if (n && n->n)
            jv_set(o, "banks", jv_int((int64_t)n->n));
    }
    return o;
}

/* ---- the design's own view -------------------------------------------- */

/* Does label belong to row filter: the label is filter or starts with
   it, and a number (row 1) does not select longer numbers (rows 10-19). */
static bool row_matches(const char *label, const char *filter)
{
    size_t n = strlen(filter);
    if (strncmp(label, filter, n) != 0)
        return false;
    bool number = n > 0 && strspn(filter, "0123456789") == n;
    return !number || !isdigit((unsigned char)label[n]);
}

/* Keeps the rows of every grid whose label matches filter. */
static void filter_rows(struct jv *o, const char *filter)
{
    struct jv *gs = jv_get(o, "grids");
    for (size_t g = 0; gs && g < gs->n; g++) {
        struct jv *rows = jv_get(gs->items[g], "rows");
        size_t k = 0;
        for (size_t i = 0; rows && i < rows->n; i++) {
            const struct jv *l = jv_get(rows->items[i], "label");
            if (l && l->kind == JV_STR && row_matches(l->u.s, filter))
                rows->items[k++] = rows->items[i];
            else
                jv_free(rows->items[i]);
        }
        if (rows)
            rows->n = k;
    }
}

struct jv *inspect_design(const struct ws_device *d, int sm,
                          const char *filter, char *err, size_t errlen)
{
    const struct sm *s = sm_at(d, sm, err, errlen);
    if (!s)
        return NULL;
    struct jv *o = jv_obj();
    jv_set(o, "sm", jv_int(sm));
    jv_set(o, "design", jv_str(d->gpu->d->name));
    jv_set(o, "cycle", jv_int((int64_t)d->gpu->cycle));
    jv_set(o, "grids", jv_arr());
    uint64_t now = d->gpu->cycle ? d->gpu->cycle - 1 : 0;
    for (uint32_t i = 0; i < s->nparts; i++) {
        const struct part_ops *po = s->parts[i].ops;
        /* one object serving two parts describes each part's side */
        if (po->describe)
            po->describe(s->parts[i].self, now, o);
    }
    if (filter && *filter)
        filter_rows(o, filter);
    return o;
}

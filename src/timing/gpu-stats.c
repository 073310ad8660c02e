/*
** gpu-stats.c - the GPU's statistics and energy (gpu_stats, gpu_ratios):
** per SM, L1D and shared memory, L2, DRAM, the interconnect, the design's
** own section, and the ratios derived from them.
*/
#include "timing/gpu.h"
#include "timing/gpu-internal.h"
#include "timing/dram.h"
#include "timing/l2.h"
#include "timing/mreq.h"
#include "timing/sm.h"
#include <string.h>

/* The launch running: cycles since its start, and the instructions of
   its exited CTAs and of the warps still resident. */
bool gpu_launch_so_far(const struct gpu *g, uint64_t *cycles, uint64_t *wi,
                       uint64_t *ti)
{
    *cycles = *wi = *ti = 0;
    if (!g->running)
        return false;
    uint64_t w = 0, t = 0;
    for (uint32_t i = 0; i < g->p.nsm; i++) {
        const struct sm *s = &g->sm[i];
        w += s->st.warp_insts;      /* CTAs that have exited */
        t += s->st.thread_insts;
        for (uint32_t k = 0; k < g->p.max_warps; k++)
            if (s->w[k].used && s->w[k].fw) {    /* and the resident ones */
                w += s->w[k].fw->ninst;
                t += s->w[k].fw->nthread;
            }
    }
    *cycles = g->cycle > g->start ? g->cycle - g->start : 0;
    *wi = w - g->wi0;
    *ti = t - g->ti0;
    return true;
}

/* Cycles and instructions of the finished launches and of the one
   running so far: mid-kernel statistics are the statistics to date; at
   the end of a run, those of the finished launches alone. */
static void so_far(const struct gpu *g, uint64_t *cycles, uint64_t *wi,
                   uint64_t *ti)
{
    gpu_launch_so_far(g, cycles, wi, ti);
    *cycles += g->kernel_cycles;
    *wi += g->warp_insts;
    *ti += g->thread_insts;
}

uint64_t gpu_kernel_cycles(const struct gpu *g)
{
    uint64_t c, wi, ti;
    so_far(g, &c, &wi, &ti);
    return c;
}

/* ---- statistics ------------------------------------------------------ */

static double ratio(double a, double b)
{
    return b > 0 ? a / b : 0.0;
}

static struct jv *sm_stats(const struct gpu *g, const struct sm *s)
{
    struct jv *o = jv_obj();
    const struct sm_stats *st = &s->st;
    jv_set(o, "cycles_active", jv_int((int64_t)st->cycles_active));
    jv_set(o, "occupancy", jv_num(0));
    jv_set(o, "warp_cycles", jv_int((int64_t)st->warp_cycles));
    jv_set(o, "ctas", jv_int((int64_t)st->ctas));
    jv_set(o, "warp_instructions", jv_int((int64_t)st->warp_insts));
    jv_set(o, "flits_received", jv_int((int64_t)g->net.dst_flits[s->id]));
    jv_set(o, "port_load", jv_num(0));
    jv_set(o, "ipc", jv_num(0));
    struct jv *r = jv_set(o, "stall_reasons", jv_obj());
    uint64_t counted = 0;
    for (int k = STALL_NONE; k < STALL__COUNT; k++)
        counted += k == STALL_IDLE ? 0 : st->stalls[k];
    uint64_t slots = gpu_kernel_cycles(g) * g->p.schedulers;
    for (int k = STALL_NONE; k < STALL__COUNT; k++) {
        if ((k == STALL_DESIGN && !s->scho) ||
            (k == STALL_FETCH && !g->p.ibuffer))
            continue;             /* only a scheduler part holds warps;
                                     only a fetch stage starves them */
        uint64_t v = k == STALL_IDLE ? (slots > counted ? slots - counted : 0)
                                     : st->stalls[k];
        jv_set(r, sm_stall_name(s, (enum stall)k), jv_int((int64_t)v));
    }
    return o;
}

/*
** The rates of a statistics object, from its counts: after gpu_stats and
** after jv_delta (per launch), so that both use one definition.
*/
static void set_ratio(struct jv *o, const char *key, double num, double den)
{
    if (o && jv_get(o, key))
        jv_set(o, key, jv_num(ratio(num, den)));
}

/*
** Register-file holes and on-chip utilisation, the same definition for
** every design: a warp register (WS_WARP x 4 bytes) is live from its
** write to its last read; holes are the RF's never-allocated (static) and
** allocated-but-dead (dynamic) shares; utilisation is (live register
** bytes + valid L1 bytes) / (RF + the L1's own storage), time-averaged.
*/
static void onchip_ratios(const struct gpu *g, struct jv *o, uint64_t cycles)
{
    struct jv *rf = jv_get(o, "rf");
    if (!rf || !jv_get(rf, "live_register_cycles"))
        return;
    const struct sm *s = &g->sm[0];
    double span = (double)cycles * g->p.nsm;
    double regs = (double)s->rfo->capacity(s->rf) / WS_WARP;
    double live = jv_num_at(rf, "live_register_cycles");
    double alloc = jv_num_at(rf, "allocated_register_cycles");
    jv_set(rf, "static_holes", jv_num(ratio(regs * span - alloc, regs * span)));
    jv_set(rf, "dynamic_holes", jv_num(ratio(alloc - live, regs * span)));
    uint64_t rf_bytes = (uint64_t)s->rfo->capacity(s->rf) * 4;
    uint64_t l1_bytes = s->l1o->own_bytes ? s->l1o->own_bytes(s->l1) : 0;
    double reg_bytes = live * WS_WARP * 4;
    double l1_valid = jv_num_at(jv_get(o, "l1d"), "valid_byte_cycles");
    struct jv *oc = jv_set(o, "onchip", jv_obj());
    jv_set(oc, "rf_bytes", jv_int((int64_t)rf_bytes));
    jv_set(oc, "l1d_bytes", jv_int((int64_t)l1_bytes));
    jv_set(oc, "live_register_bytes", jv_num(ratio(reg_bytes, span)));
    jv_set(oc, "valid_cache_bytes", jv_num(ratio(l1_valid, span)));
    jv_set(oc, "utilization",
           jv_num(ratio(reg_bytes + l1_valid,
                        (double)(rf_bytes + l1_bytes) * span)));
}

void gpu_ratios(const struct gpu *g, struct jv *o, uint64_t cycles)
{
    struct jv *sms = jv_get(o, "sm");
    for (size_t i = 0; sms && i < sms->n; i++) {
        struct jv *x = sms->items[i];
        double act = jv_num_at(x, "cycles_active");
        set_ratio(x, "occupancy", jv_num_at(x, "warp_cycles"),
                  act * g->p.max_warps);
        set_ratio(x, "ipc", jv_num_at(x, "warp_instructions"), act);
    }
    struct jv *l1 = jv_get(o, "l1d"), *l2 = jv_get(o, "l2"),
              *d = jv_get(o, "dram"), *e = jv_get(o, "energy_pj");
    set_ratio(l1, "hit_rate", jv_num_at(l1, "hits"), jv_num_at(l1, "accesses"));
    set_ratio(l2, "hit_rate", jv_num_at(l2, "hits"), jv_num_at(l2, "accesses"));
    set_ratio(d, "row_hit_rate", jv_num_at(d, "row_hits"),
              jv_num_at(d, "row_hits") + jv_num_at(d, "row_misses") +
                  jv_num_at(d, "row_empty"));
    set_ratio(d, "bus_utilization", jv_num_at(d, "bus_busy_cycles"),
              (double)cycles * g->p.dram.channels);
    /* interconnect load: flits a port takes per cycle (it takes one at
       most), the SMs' ports and the L2 slices' on average */
    struct jv *ic = jv_get(o, "icnt");
    set_ratio(ic, "sm_port_load", jv_num_at(ic, "flits_to_sms"),
              (double)cycles * g->p.nsm);
    set_ratio(ic, "l2_port_load", jv_num_at(ic, "flits_to_l2"),
              (double)cycles * g->p.l2_slices);
    for (size_t i = 0; sms && i < sms->n; i++)
        set_ratio(sms->items[i], "port_load",
                  jv_num_at(sms->items[i], "flits_received"), (double)cycles);
    onchip_ratios(g, o, cycles);
    struct jv *ds = jv_get(o, g->d->name);
    if (ds && g->d->ratios)
        g->d->ratios(ds, o, &g->p, cycles);
    if (e) {
        double total = 0;
        for (size_t k = 0; k < e->n; k++)
            if (strcmp(e->keys[k], "total") != 0)
                total += jv_num_at(e, e->keys[k]);
        jv_set(e, "total", jv_num(total));
    }
}

static void l2_stats(const struct gpu *g, struct jv *o, struct jv *energy)
{
    struct l2_stats t = { 0 };
    double e_data = 0, e_tag = 0;
    const struct eparams *e = &g->p.e;
    for (uint32_t s = 0; s < g->p.l2_slices; s++) {
        const struct l2slice *l = &g->l2[s];
        const struct l2_stats *x = &l->st;
        t.accesses += x->accesses;
        t.hits += x->hits;
        t.misses += x->misses;
        t.mshr_merges += x->mshr_merges;
        t.reads += x->reads;
        t.writes += x->writes;
        t.atomics += x->atomics;
        t.dram_reads += x->dram_reads;
        t.dram_writes += x->dram_writes;
        if (!l->has_cache)
            continue;
        /* every read or atomic reads a unit; writes and fills write one
           (a sector costs its share of a line) */
        double unit = (double)l->c.unit / l->c.line;
        e_data += (double)(x->reads + x->atomics) * e->l2_read * unit +
                  (double)(x->writes + l->c.st.fills) * e->l2_write * unit +
                  leak_pj(&g->p, e->l2_leak, gpu_kernel_cycles(g));
        e_tag += (double)x->accesses * e->l2_tag_read +
                 (double)l->c.st.fills * e->l2_tag_write +
                 leak_pj(&g->p, e->l2_tag_leak, gpu_kernel_cycles(g));
    }
    jv_set(o, "accesses", jv_int((int64_t)t.accesses));
    jv_set(o, "hits", jv_int((int64_t)t.hits));
    jv_set(o, "misses", jv_int((int64_t)t.misses));
    jv_set(o, "hit_rate", jv_num(0));
    jv_set(o, "mshr_merges", jv_int((int64_t)t.mshr_merges));
    jv_set(o, "reads", jv_int((int64_t)t.reads));
    jv_set(o, "writes", jv_int((int64_t)t.writes));
    jv_set(o, "atomics", jv_int((int64_t)t.atomics));
    jv_add_num(energy, "l2", e_data);
    jv_add_num(energy, "l2_tag", e_tag);
}

static void dram_stats_into(const struct gpu *g, struct jv *o)
{
    struct dram_stats t = { 0 };
    for (uint32_t c = 0; c < g->p.dram.channels; c++) {
        const struct dram_stats *x = dram_stats(g->dram[c]);
        t.reads += x->reads;
        t.writes += x->writes;
        t.read_bytes += x->read_bytes;
        t.write_bytes += x->write_bytes;
        t.read_columns += x->read_columns;
        t.write_columns += x->write_columns;
        t.row_hits += x->row_hits;
        t.row_misses += x->row_misses;
        t.row_empty += x->row_empty;
        t.activates += x->activates;
        t.precharges += x->precharges;
        t.bus_busy += x->bus_busy;
    }
    jv_set(o, "reads", jv_int((int64_t)t.reads));
    jv_set(o, "writes", jv_int((int64_t)t.writes));
    jv_set(o, "read_bytes", jv_int((int64_t)t.read_bytes));
    jv_set(o, "write_bytes", jv_int((int64_t)t.write_bytes));
    jv_set(o, "read_columns", jv_int((int64_t)t.read_columns));
    jv_set(o, "write_columns", jv_int((int64_t)t.write_columns));
    jv_set(o, "row_hits", jv_int((int64_t)t.row_hits));
    jv_set(o, "row_misses", jv_int((int64_t)t.row_misses));
    jv_set(o, "row_empty", jv_int((int64_t)t.row_empty));
    jv_set(o, "row_hit_rate", jv_num(0));
    jv_set(o, "activates", jv_int((int64_t)t.activates));
    jv_set(o, "precharges", jv_int((int64_t)t.precharges));
    jv_set(o, "bus_busy_cycles", jv_int((int64_t)t.bus_busy));
    jv_set(o, "bus_utilization", jv_num(0));
}

/* Shared memory per bank wave and the coalescer and crossbar per L1D
   transaction or wave, when their energies are set (the baseline keys
   leave them out). */
static void lsu_energy(const struct tparams *p, const struct jv *l1,
                       uint64_t waves, struct jv *en)
{
    if (p->e.shmem_wave > 0)
        jv_add_num(en, "shmem", (double)waves * p->e.shmem_wave);
    if (p->e.coalescer > 0) {
        double tx = jv_num_at(l1, "accesses") + jv_num_at(l1, "stores") +
                    jv_num_at(l1, "bypassed") + (double)waves;
        jv_add_num(en, "coalescer", tx * p->e.coalescer);
    }
}

/* The design's own section: its section hook and its lane and scheduler
   parts' counters per SM, then its facts from SM 0. */
static void design_section(const struct gpu *g, struct jv *o)
{
    const struct design *d = g->d;
    bool parts = d->lane || d->sched;
    if (d->section || parts) {
        struct jv *ds = jv_set(o, d->name, jv_obj());
        for (uint32_t i = 0; i < g->p.nsm; i++) {
            const struct sm *s = &g->sm[i];
            struct design_parts sp = sm_design_parts(s);
            if (d->section)
                d->section(&sp, ds);
            if (s->laneo && s->laneo->part.stats)
                s->laneo->part.stats(s->lane, ds);
            if (s->scho && s->scho->part.stats)
                s->scho->part.stats(s->schp, ds);
        }
    }
    if (d->facts) {
        struct design_parts sp = sm_design_parts(&g->sm[0]);
        d->facts(&sp, jv_get(o, d->name) ? jv_get(o, d->name)
                                         : jv_set(o, d->name, jv_obj()));
    }
}

void gpu_stats(const struct gpu *g, struct jv *o)
{
    uint64_t kc, wi, ti;
    so_far(g, &kc, &wi, &ti);
    jv_set(o, "ipc", jv_num(ratio((double)wi, (double)kc)));
    jv_set(o, "thread_ipc", jv_num(ratio((double)ti, (double)kc)));
    struct jv *sms = jv_set(o, "sm", jv_arr());
    struct jv *rf = jv_set(o, "rf", jv_obj());
    struct jv *l1 = jv_set(o, "l1d", jv_obj());
    struct jv *sh = jv_set(o, "shmem", jv_obj());
    struct jv *l2 = jv_set(o, "l2", jv_obj());
    struct jv *dr = jv_set(o, "dram", jv_obj());
    struct jv *ic = jv_set(o, "icnt", jv_obj());
    struct jv *en = jv_set(o, "energy_pj", jv_obj());
    uint64_t sha = 0, shc = 0, shw = 0;
    for (uint32_t i = 0; i < g->p.nsm; i++) {
        const struct sm *s = &g->sm[i];
        jv_push(sms, sm_stats(g, s));
        s->rfo->part.stats(s->rf, rf);
        jv_add_int(rf, "live_register_cycles", (int64_t)s->st.live_reg_cycles);
        jv_add_int(rf, "allocated_register_cycles",
                   (int64_t)s->st.alloc_reg_cycles);
        s->l1o->part.stats(s->l1, l1);
        SM_PARTS(s, energy, &g->p, kc, en);
        sha += s->st.shmem_accesses;
        shc += s->st.shmem_conflicts;
        shw += s->st.shmem_waves;
    }
    design_section(g, o);
    jv_set(l1, "hit_rate", jv_num(0));
    jv_set(sh, "accesses", jv_int((int64_t)sha));
    jv_set(sh, "bank_conflicts", jv_int((int64_t)shc));
    lsu_energy(&g->p, l1, shw, en);
    l2_stats(g, l2, en);
    dram_stats_into(g, dr);
    jv_set(ic, "packets", jv_int((int64_t)g->net.packets));
    jv_set(ic, "flits", jv_int((int64_t)g->net.flits));
    uint64_t to_sm = 0, to_l2 = 0;
    for (uint32_t i = 0; i < g->net.ports; i++)
        *(i < g->p.nsm ? &to_sm : &to_l2) += g->net.dst_flits[i];
    jv_set(ic, "flits_to_sms", jv_int((int64_t)to_sm));
    jv_set(ic, "flits_to_l2", jv_int((int64_t)to_l2));
    jv_set(ic, "sm_port_load", jv_num(0));
    jv_set(ic, "l2_port_load", jv_num(0));
    jv_set(en, "total", jv_num(0));
    gpu_ratios(g, o, kc);
}

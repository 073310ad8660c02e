/*
** racetrack-view.c - design racetrack seen from outside: statistics and
** energy, the racetrack section (shifts, S, histograms), the facts, the
** configuration and launch checks, the storage bill, and what the panes
** and `info` show (tapes, ports, queues, the Design pane's grid). See
** racetrack.c for the model itself.
*/
#include "designs/racetrack-internal.h"
#include "designs/bill.h"
#include "timing/grid.h"
#include "timing/rf-banked.h"
#include "util/fileio.h"
#include "util/paths.h"
#include "util/xalloc.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* ---- statistics and energy -------------------------------------------- */

void racetrack_stats(void *self, struct jv *o)
{
    struct rt *r = self;
    jv_add_int(o, "reads", (int64_t)r->st.reads);
    jv_add_int(o, "writes", (int64_t)r->st.writes);
    jv_add_int(o, "bank_conflicts", (int64_t)r->st.conflicts);
    jv_set(o, "banks", jv_int(r->banks));
    for (uint32_t b = 0; b < r->banks; b++)
        rf_stats_add_bank(o, r->banks, b, r->b[b].reads, r->b[b].writes,
                          r->b[b].conflicts);
}

void racetrack_energy(void *self, const struct tparams *p, uint64_t cycles,
                      struct jv *o)
{
    struct rt *r = self;
    jv_add_num(o, "rf", (double)r->st.reads * r->e_read +
                        (double)r->st.writes * r->e_write +
                        leak_pj(p, r->e_leak, cycles));
    jv_add_num(o, "rf_shift", (double)(r->st.shifts + r->st.preshifts) *
                                  r->e_shift);
    jv_add_num(o, "rf_write_buffer", (double)r->st.wb_writes * r->e_wbw +
                                         (double)r->st.writes * r->e_wbr +
                                         leak_pj(p, r->e_wbleak, cycles));
}

static void add_hist(struct jv *sec, const char *key, const uint64_t *hist,
                     uint32_t n)
{
    struct jv *h = jv_get(sec, key);
    if (!h)
        h = jv_set(sec, key, jv_arr());
    while (h->n < n)
        jv_push(h, jv_int(0));
    for (uint32_t d = 0; d < n; d++)
        h->items[d]->u.i += (int64_t)hist[d];
}

void racetrack_section(const struct design_parts *sp, struct jv *sec)
{
    struct rt *r = sp->rf;
    racetrack_compute_S(r);
    const struct stats *s = &r->st;
    jv_add_int(sec, "accesses", (int64_t)s->accesses);
    jv_add_int(sec, "accesses_shifted", (int64_t)s->shifted);
    jv_add_int(sec, "shifts", (int64_t)s->shifts);
    jv_add_int(sec, "shift_stall_cycles", (int64_t)s->stall_cycles);
    jv_add_int(sec, "preshift_steps", (int64_t)s->preshifts);
    add_hist(sec, "shift_histogram", s->hist, r->region + 1);
    add_hist(sec, "shift_histogram_writes", s->hist_w, r->region + 1);
    jv_set(sec, "shifts_per_access", jv_num(0));
    jv_add_int(sec, "direct_shifts_S", (int64_t)(s->direct_S + r->cur_direct));
    jv_add_int(sec, "mapped_shifts_S", (int64_t)(s->mapped_S + r->cur_mapped));
    jv_add_int(sec, "used_mapping_S", (int64_t)(s->used_S + r->cur_used));
    jv_add_int(sec, "mapping_fallbacks", (int64_t)s->fallbacks);
    jv_add_int(sec, "rm_reads", (int64_t)s->reads);
    jv_add_int(sec, "rm_writes", (int64_t)s->writes);
    jv_add_int(sec, "write_buffer_writes", (int64_t)s->wb_writes);
    jv_add_int(sec, "write_buffer_full_cycles", (int64_t)s->wb_full);
    jv_add_int(sec, "arbiter_full_cycles", (int64_t)s->arb_waits);
    jv_add_int(sec, "read_queue_occupancy_sum", (int64_t)s->rq_occ);
    jv_add_int(sec, "write_buffer_occupancy_sum", (int64_t)s->wb_occ);
    jv_set(sec, "read_queue_avg", jv_num(0));
    jv_set(sec, "write_buffer_avg", jv_num(0));
    /* occupancy: the limits (CTAs per SM the register file allows, and
       what sm.registers would allow) and what can actually be resident
       at once in the launch (fewer when the grid is small), per SM and
       launch */
    jv_add_int(sec, "launches", (int64_t)s->launches);
    jv_add_int(sec, "ctas_per_sm_sum", (int64_t)s->ctas);
    jv_add_int(sec, "ctas_per_sm_sram_sum", (int64_t)s->ctas_sram);
    jv_add_int(sec, "resident_warps_sum", (int64_t)s->warps);
    jv_add_int(sec, "resident_warps_sram_sum", (int64_t)s->warps_sram);
    jv_add_int(sec, "resident_ctas_sum", (int64_t)s->res_ctas);
    jv_add_int(sec, "resident_ctas_sram_sum", (int64_t)s->res_ctas_sram);
    jv_add_int(sec, "active_warps_sum", (int64_t)s->placed);
    jv_add_int(sec, "active_warps_sram_sum", (int64_t)s->placed_sram);
    jv_set(sec, "occupancy", jv_num(0));
    jv_set(sec, "occupancy_sram", jv_num(0));
    jv_set(sec, "active_warps", jv_num(0));
    jv_set(sec, "occupancy_resident", jv_num(0));
    jv_set(sec, "occupancy_resident_sram", jv_num(0));
}

/* Cycles of a read and a write by shift distance 0 .. region - 1. */
static void add_cycles(const struct rt *r, struct jv *o)
{
    struct jv *rc = jv_set(o, "read_cycles_by_distance", jv_arr());
    struct jv *wc = jv_set(o, "write_cycles_by_distance", jv_arr());
    for (uint32_t d = 0; d < r->region; d++) {
        jv_push(rc, jv_int(r->t_read[d]));
        jv_push(wc, jv_int(r->t_write[d]));
    }
}

void racetrack_facts(const struct design_parts *sp, struct jv *sec)
{
    const struct rt *r = sp->rf;
    char geo[320];
    snprintf(geo, sizeof geo,
             "%u banks x %u tapes x 1024 stripes x %u domains, %u ports (%u offsets each); an access of d steps: ceil((d x %g + %g read / %g write) ns x %u MHz / 1000) cycles; preshift: a step per %u cycle%s",
             r->banks, r->tapes, r->domains, r->ports, r->region, r->shift_ns,
             r->read_ns, r->write_ns, r->mhz, r->pre_cyc,
             r->pre_cyc == 1 ? "" : "s");
    jv_set(sec, "geometry", jv_str(geo));
    jv_set(sec, "stripes_per_bank", jv_int((int64_t)r->tapes * 1024));
    jv_set(sec, "registers_per_tape", jv_int(r->domains));
    jv_set(sec, "read_cycles", jv_int(r->t_read[0]));
    jv_set(sec, "write_cycles", jv_int(r->t_write[0]));
    jv_set(sec, "preshift_step_cycles", jv_int(r->pre_cyc));
    add_cycles(r, sec);
    jv_set(sec, "mapping", jv_str(r->optimized ? "optimized" : "direct"));
    jv_set(sec, "preshift", jv_bool(r->preshift));
}

void racetrack_events(void)
{
    ev_register_says(ev_register_fields("racetrack.shift", &shift_fields),
                     "bank {bank}'s tape shifts one domain to offset {offset} on its way to offset {target}, which brings warp {warp}'s register under a port; the access waits while the tape shifts");
    ev_register_says(ev_register_fields("racetrack.preshift", &shift_fields),
                     "bank {bank}'s tape preshifts one domain to offset {offset} on its way to offset {target}, for the next access queued (no access waits for this step)");
    ev_register_says(ev_register_fields("racetrack.stall", &stall_fields),
                     "warp {warp}'s access to bank {bank} needs {steps} shift step(s) to bring offset {target} under a port: it waits for the shifts");
}

static double div0(double a, double b)
{
    return b > 0 ? a / b : 0.0;
}

void racetrack_ratios(struct jv *sec, const struct jv *all,
                      const struct tparams *p, uint64_t cycles)
{
    (void)all;
    double sms = p->nsm;
    jv_set(sec, "shifts_per_access", jv_num(div0(jv_num_at(sec, "shifts"),
                                                 jv_num_at(sec, "accesses"))));
    jv_set(sec, "read_queue_avg",
           jv_num(div0(jv_num_at(sec, "read_queue_occupancy_sum"),
                       (double)cycles * sms)));
    jv_set(sec, "write_buffer_avg",
           jv_num(div0(jv_num_at(sec, "write_buffer_occupancy_sum"),
                       (double)cycles * sms)));
    double n = jv_num_at(sec, "launches"), l = n * p->max_warps;
    jv_set(sec, "occupancy", jv_num(div0(jv_num_at(sec, "resident_warps_sum"), l)));
    jv_set(sec, "occupancy_sram",
           jv_num(div0(jv_num_at(sec, "resident_warps_sram_sum"), l)));
    jv_set(sec, "active_warps", jv_num(div0(jv_num_at(sec, "active_warps_sum"), n)));
    jv_set(sec, "occupancy_resident",
           jv_num(div0(jv_num_at(sec, "active_warps_sum"), l)));
    jv_set(sec, "occupancy_resident_sram",
           jv_num(div0(jv_num_at(sec, "active_warps_sram_sum"), l)));
}

/* The RM array and its write buffers; the L1D is the baseline's. */
void racetrack_bill(const struct ws_config *cfg, const struct tparams *p,
                    struct jv *items)
{
    uint64_t size = (uint64_t)config_i(cfg, CK_RACETRACK_SIZE);
    uint32_t banks = (uint32_t)config_i(cfg, CK_RACETRACK_BANKS);
    uint32_t wb = (uint32_t)config_i(cfg, CK_RACETRACK_WRITE_BUFFER);
    char note[120];
    snprintf(note, sizeof note, "%u banks of %llu B, %lld domains, %lld ports per stripe",
             banks, (unsigned long long)(size / banks),
             (long long)config_i(cfg, CK_RACETRACK_DOMAINS),
             (long long)config_i(cfg, CK_RACETRACK_PORTS));
    bill_add(items, "racetrack register file", size * 8, note);
    snprintf(note, sizeof note, "%u banks x %u entries x one warp register (%u B)",
             banks, wb, WARP_BITS / 8);
    bill_add(items, "write buffers (SRAM)", (uint64_t)banks * wb * WARP_BITS, note);
    bill_baseline_l1(p, items);
}

/* ---- configuration check ---------------------------------------------------- */

int racetrack_check(const struct ws_config *c, const struct tparams *p,
                    struct ws_diag *diag)
{
    (void)p;
    int64_t size = config_i(c, CK_RACETRACK_SIZE);
    int64_t banks = config_i(c, CK_RACETRACK_BANKS);
    int64_t nd = config_i(c, CK_RACETRACK_DOMAINS);
    int64_t np = config_i(c, CK_RACETRACK_PORTS);
    if (np > nd || nd % np)
        return diag_error(diag, NULL, 0, 0,
                          "configuration: racetrack.domains = %lld must be a multiple of racetrack.ports = %lld (ports are evenly spaced along a stripe)",
                          (long long)nd, (long long)np);
    int64_t tape_bits = (int64_t)WARP_BITS * nd;
    if ((size * 8) % (banks * tape_bits) || (size * 8) / (banks * tape_bits) > MAX_TAPES)
        return diag_error(diag, NULL, 0, 0,
                          "configuration: racetrack.size = %lld bytes does not split into racetrack.banks = %lld banks of 1 to %d whole tapes of 1024 stripes x racetrack.domains = %lld domains (%lld bytes each)",
                          (long long)size, (long long)banks, MAX_TAPES,
                          (long long)nd, (long long)(tape_bits / 8));
    if (config_i(c, CK_RACETRACK_ARBITER) > banks)
        return diag_error(diag, NULL, 0, 0,
                          "configuration: racetrack.arbiter = %lld is more than racetrack.banks = %lld",
                          (long long)config_i(c, CK_RACETRACK_ARBITER),
                          (long long)banks);
    if (nd > 8191)
        return diag_error(diag, NULL, 0, 0,
                          "configuration: racetrack.domains = %lld: at most 8191", (long long)nd);
    const char *dir = config_s(c, CK_RACETRACK_PROFILE_DIR);
    bool opt = config_e(c, CK_RACETRACK_MAPPING) == 1;
    if (opt && (!dir || !*dir))
        return diag_error(diag, NULL, 0, 0,
                          "configuration: racetrack.mapping = optimized needs racetrack.profile_dir, the directory a run with racetrack.mapping = direct recorded its traces in");
    if (dir && *dir) {
        struct stat sb;
        if (!opt && stat(dir, &sb) != 0 && ws_make_dirs(dir) != 0)
            return diag_error(diag, NULL, 0, 0,
                              "configuration: racetrack.profile_dir '%s': cannot create it (%s)",
                              dir, strerror(errno));
        if (stat(dir, &sb) != 0 || !S_ISDIR(sb.st_mode))
            return diag_error(diag, NULL, 0, 0,
                              "configuration: racetrack.profile_dir '%s' is not a directory%s",
                              dir, opt ? " (record it first: run the same configuration with racetrack.mapping = direct)" : "");
    }
    return WS_OK;
}

/*
** An optimized launch needs the mapping its direct twin recorded: without
** it every tape would quietly keep the direct mapping while the results
** say "optimized", so the launch is refused instead.
*/
static int optimized_check(const struct rt *r, const struct seam_launch *l,
                           uint32_t W, struct ws_diag *diag)
{
    if (!r->optimized || !r->dir || !W || !l->regs_per_thread)
        return WS_OK;
    const char *kernel = l->k ? l->k->name : "?";
    char name[64];
    snprintf(name, sizeof name, "%016llx.rtmap",
             (unsigned long long)racetrack_profile_key(
                 r, r->launch_no + 1, kernel,
                 l->k ? (uint32_t)l->k->ninst : 0, rtmap_kernel_hash(l->k),
                 l->regs_per_thread, W));
    char *path = ws_path_join(r->dir, name);
    struct stat sb;
    bool have = stat(path, &sb) == 0 && S_ISREG(sb.st_mode);
    free(path);
    if (have)
        return WS_OK;
    return diag_error(diag, NULL, 0, 0,
                      "launch %u of '%s': racetrack.mapping = optimized, but racetrack.profile_dir '%s' holds no mapping recorded for this launch, kernel and configuration; record one first: the same scenario and configuration with racetrack.mapping = direct",
                      r->launch_no + 1, kernel, r->dir);
}

/*
** A launch whose registers overflow a bank: W warps (the resident CTAs'
** slots) of R registers under rf.bank_map, against tapes x domains
** warp registers per bank.
*/
int racetrack_launch_check(void *rf, const struct seam_launch *l,
                           struct ws_diag *diag)
{
    const struct rt *r = rf;
    uint32_t cap = r->tapes * r->domains;
    uint32_t res = racetrack_resident_ctas(l);
    uint32_t W = racetrack_resident_warps(r, l), R = l->regs_per_thread;
    uint32_t *count = ws_xcalloc(r->banks, sizeof *count);
    uint32_t b = racetrack_bank_counts(r->map, r->banks, W, R, count);
    uint32_t most = count[b];
    free(count);
    if (most <= cap)
        return optimized_check(r, l, W, diag);
    return diag_error(diag, NULL, 0, 0,
                      "launch of '%s': %u registers per thread x %u resident warps (%u CTAs x %u warps) put %u warp registers in racetrack bank %u under rf.bank_map = %s, but a bank holds %u (%u tapes x %u domains); use fewer registers per thread or CTAs per SM (sm.ctas_limit)",
                      l->k ? l->k->name : "?", R, W, res, l->warps_per_cta,
                      most, b, r->map == BANK_REG ? "reg" : "warp+reg", cap,
                      r->tapes, r->domains);
}

/* ---- inspection --------------------------------------------------------- */

uint32_t racetrack_banks(const void *self)
{
    return ((const struct rt *)self)->banks;
}

uint32_t racetrack_tapes(const void *self)
{
    return ((const struct rt *)self)->tapes;
}

void racetrack_tape(const void *self, uint32_t bank, uint32_t tape,
                    struct racetrack_tape_view *out)
{
    const struct rt *r = self;
    const struct bank *k = &r->b[bank];
    const struct tape *t = &r->t[(size_t)bank * r->tapes + tape];
    out->offset = t->pos;
    out->registers = t->n;
    out->granted = k->granted;
    out->reads_queued = 0;
    out->writes_buffered = 0;
    out->writes_waiting = 0;
    for (uint32_t i = 0; i < k->rd.n; i++)
        out->reads_queued += ring_at(&k->rd, i).tape == tape;
    for (uint32_t i = 0; i < k->wb.n; i++)
        out->writes_buffered += ring_at(&k->wb, i).tape == tape;
    for (uint32_t i = 0; i < k->wwait.n; i++)
        out->writes_waiting += ring_at(&k->wwait, i).tape == tape;
}

void racetrack_place(const void *self, uint32_t w, uint32_t r,
                     uint32_t *bank, uint32_t *tape, uint32_t *domain)
{
    racetrack_where(self, w, r, bank, tape, domain);
}

static struct jv *req_json(const struct rt *r, const struct req *q)
{
    struct jv *o = jv_obj();
    jv_set(o, "warp", jv_int(q->warp));
    jv_set(o, "reg", jv_int(q->reg));
    jv_set(o, "tape", jv_int(q->tape));
    jv_set(o, "domain", jv_int(q->dom));
    jv_set(o, "offset", jv_int(racetrack_offset_of(r, q->dom)));
    return o;
}

static void tape_json(const struct rt *r, uint32_t b, uint32_t k,
                      uint64_t now, struct jv *o)
{
    const struct bank *bk = &r->b[b];
    const struct tape *t = &r->t[(size_t)b * r->tapes + k];
    jv_set(o, "bank", jv_int(b));
    jv_set(o, "tape", jv_int(k));
    jv_set(o, "domains", jv_int(r->domains));
    jv_set(o, "region", jv_int(r->region));
    struct jv *pa = jv_set(o, "ports", jv_arr());
    for (uint32_t p = 0; p < r->ports; p++)
        jv_push(pa, jv_int((int64_t)p * r->region));
    jv_set(o, "offset", jv_int(t->pos));
    jv_set(o, "registers", jv_int(t->n));
    const struct req *q = bk->granted ? &bk->cur : racetrack_head(bk);
    bool mine = q && q->tape == k;
    jv_set(o, "target", mine ? jv_int(racetrack_offset_of(r, q->dom)) : jv_null());
    jv_set(o, "target_domain", mine ? jv_int(q->dom) : jv_null());
    jv_set(o, "pending", jv_int(mine ? (int64_t)racetrack_offset_of(r, q->dom) - t->pos : 0));
    jv_set(o, "granted", jv_bool(bk->granted && bk->cur.tape == k));
    const char *st = "idle";
    if (bk->granted && bk->cur.tape == k)
        st = bk->done < bk->dist ? "shifting"
                                 : bk->writing ? "writing" : "reading";
    else if (bk->pre_on && bk->pre_tape == k)
        st = "preshifting";
    jv_set(o, "state", jv_str(st));
    bool moved = bk->step_at == now && bk->step_tape == k;
    jv_set(o, "preshift", moved && bk->step_pre
                              ? jv_str(bk->step_dir > 0 ? "right" : "left")
                              : jv_null());
    jv_set(o, "shifted_this_cycle", jv_bool(moved));
    /* the domains holding a register: '#', free ones '.' */
    char *occ = ws_xmalloc((size_t)r->domains + 1);
    memset(occ, '.', r->domains);
    occ[r->domains] = 0;
    for (uint32_t i = 0; i < t->n; i++)
        if ((uint32_t)t->dom[i] < r->domains)
            occ[t->dom[i]] = '#';
    jv_set(o, "occupied", jv_str(occ));
    free(occ);
    struct jv *qa = jv_set(o, "queue", jv_arr());
    for (uint32_t i = 0; i < bk->rd.n; i++)
        if (ring_at(&bk->rd, i).tape == k)
            jv_push(qa, req_json(r, &ring_at(&bk->rd, i)));
    struct jv *wa = jv_set(o, "write_buffer", jv_arr());
    for (uint32_t i = 0; i < bk->wb.n; i++)
        if (ring_at(&bk->wb, i).tape == k)
            jv_push(wa, req_json(r, &ring_at(&bk->wb, i)));
    jv_set(o, "writes_waiting", jv_int(bk->wwait.n));
    jv_set(o, "current", mine && bk->granted ? req_json(r, q) : jv_null());
}

static const char *req_list(const struct jv *a, char *buf, size_t n)
{
    size_t off = 0;
    buf[0] = 0;
    for (size_t i = 0; a && i < a->n && off < n; i++)
        off += (size_t)snprintf(buf + off, n - off, " w%lldr%lld",
                                (long long)jv_num_at(a->items[i], "warp"),
                                (long long)jv_num_at(a->items[i], "reg"));
    return buf;
}

/* One tape's row of the Design pane: its domains (the ports marked,
   the target of the bank's next access), then the offset under the
   ports, the target and the steps still to go, what the bank does, the
   read queue and the write buffer. */
static void tape_row(struct jv *g, const struct jv *t)
{
    uint32_t nd = (uint32_t)jv_num_at(t, "domains");
    int64_t off = (int64_t)jv_num_at(t, "offset");
    const struct jv *tg = jv_get(t, "target_domain");
    int64_t target = tg && tg->kind == JV_INT ? tg->u.i : -1;
    const char *st = jv_get(t, "state")->u.s;
    bool wr = strcmp(st, "writing") == 0;
    const char *occ = jv_get(t, "occupied")->u.s;
    const struct jv *ports = jv_get(t, "ports");
    char *cells = ws_xmalloc((size_t)nd + 1);
    for (uint32_t d = 0; d < nd; d++) {
        bool port = false;
        for (size_t i = 0; i < ports->n; i++)
            port |= ports->items[i]->u.i + off == (int64_t)d;
        bool has = occ[d] == '#';
        cells[d] = (int64_t)d == target ? (port ? (wr ? 'W' : 'R') : 'T')
                   : port ? (has ? '@' : 'o') : (has ? '#' : '.');
    }
    cells[nd] = 0;
    char label[16];
    snprintf(label, sizeof label, "b%02lld.%lld",
             (long long)jv_num_at(t, "bank"), (long long)jv_num_at(t, "tape"));
    struct jv *row = grid_row(g, label, cells);
    free(cells);
    jv_set(row, "hot", jv_bool(jv_get(t, "granted")->u.b));
    grid_note(row, target >= 0 ? "normal" : "dim", "off %lld", (long long)off);
    if (target >= 0) {
        int64_t p = (int64_t)jv_num_at(t, "pending");
        grid_note(row, p ? "conflict" : "read", " %s %lld %+lld",
                  p < 0 ? "<-" : "->", (long long)jv_num_at(t, "target"),
                  (long long)p);
    }
    grid_note(row, strcmp(st, "idle") == 0 ? "dim"
                   : strcmp(st, "shifting") == 0 ? "conflict"
                   : wr ? "write"
                   : strcmp(st, "preshifting") == 0 ? "pending" : "read",
              " %s", st);
    const struct jv *pre = jv_get(t, "preshift");
    if (pre && pre->kind == JV_STR)
        grid_note(row, "pending", " %s",
                  strcmp(pre->u.s, "left") == 0 ? "<<" : ">>");
    char buf[200];
    const struct jv *q = jv_get(t, "queue"), *wb = jv_get(t, "write_buffer");
    if (q->n)
        grid_note(row, "read", " q%s", req_list(q, buf, sizeof buf));
    if (wb->n)
        grid_note(row, "write", " wb%s", req_list(wb, buf, sizeof buf));
    int64_t ww = (int64_t)jv_num_at(t, "writes_waiting");
    if (ww)
        grid_note(row, "conflict", " +%lld wait", (long long)ww);
}

/* The tapes holding registers, as a grid (empty tapes folded). */
static void tapes_grid(const struct rt *r, const struct jv *tapes,
                       bool preshift, struct jv *out)
{
    char title[200];
    snprintf(title, sizeof title,
             "SM %u: %u banks x %u tapes, %u domains, %u ports, arbiter %u, preshift %s, %s mapping",
             r->sm, r->banks, r->tapes, r->domains, r->ports, r->arbiter,
             preshift ? "on" : "off", r->optimized ? "optimized" : "direct");
    struct jv *g = grid_new(out, title);
    grid_legend(g, '#', "\xe2\x96\xa0", "valid", "register");
    grid_legend(g, '.', "\xc2\xb7", "dim", "empty");
    /* a port's cells differ from the others in shape, not colour alone
       (a monochrome terminal or a colour-blind reader): a framed square */
    grid_legend(g, '@', "\xe2\x96\xa3", "select", "register at a port");
    grid_legend(g, 'o', "\xe2\x96\xa1", "select", "empty at a port");
    grid_legend(g, 'T', NULL, "conflict", "next access, shifting to it");
    grid_legend(g, 'R', NULL, "read", "being read");
    grid_legend(g, 'W', NULL, "write", "being written");
    uint32_t folded = 0;
    for (size_t i = 0; i < tapes->n; i++) {
        if (jv_num_at(tapes->items[i], "registers") > 0)
            tape_row(g, tapes->items[i]);
        else
            folded++;
    }
    if (folded)
        grid_foot(g, "%u tapes without registers folded", folded);
    if (folded == tapes->n)
        grid_foot(g, "no registers placed: the tapes fill when a kernel runs");
}

void racetrack_describe(void *self, uint64_t now, struct jv *out)
{
    struct rt *r = self;
    struct jv *pb = jv_set(out, "per_bank", jv_arr());
    for (uint32_t b = 0; b < r->banks; b++) {
        const struct bank *k = &r->b[b];
        struct jv *o = jv_push(pb, jv_obj());
        jv_set(o, "queue", jv_int(k->rd.n + k->wb.n + k->wwait.n));
        jv_set(o, "reads_queued", jv_int(k->rd.n));
        jv_set(o, "writes_queued", jv_int(k->wb.n + k->wwait.n));
        jv_set(o, "reads", jv_int((int64_t)k->reads));
        jv_set(o, "writes", jv_int((int64_t)k->writes));
        jv_set(o, "conflicts", jv_int((int64_t)k->conflicts));
        jv_set(o, "busy_this_cycle", jv_bool(k->granted));
        jv_set(o, "conflicts_this_cycle", jv_int(0));
    }
    struct jv *ta = jv_set(out, "tapes", jv_arr());
    for (uint32_t b = 0; b < r->banks; b++)
        for (uint32_t k = 0; k < r->tapes; k++)
            tape_json(r, b, k, now, jv_push(ta, jv_obj()));
    jv_set(out, "arbiter", jv_int(r->arbiter));
    bool pre = r->preshift && now >= r->preshift_from;
    jv_set(out, "preshift", jv_bool(pre));
    jv_set(out, "mapping", jv_str(r->optimized ? "optimized" : "direct"));
    add_cycles(r, out);
    tapes_grid(r, ta, pre, out);
}


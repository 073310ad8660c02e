/*
** racetrack.c - design `racetrack`: the register file is racetrack memory
** (seed 001, docs/designs/racetrack.md).
**
** Geometry. racetrack.size bytes in racetrack.banks banks. A bank is made
** of tapes: 1024 stripes side by side (one per bit of a warp register,
** 32 lanes x 32 bits) that shift together, each stripe holding N_d =
** racetrack.domains domains read and written through N_p =
** racetrack.ports ports spaced N_d / N_p domains apart. A warp register
** sits on one tape at one domain m = p * (N_d / N_p) + o: port region p,
** offset o. A tape's position is the offset under its ports; accessing
** offset o from position c takes |c - o| shift steps, then the read or
** write. Tapes keep their position between accesses. Defaults: 256 KB,
** 16 banks, 64 domains, 8 ports: 2 tapes of 64 registers per bank (the
** paper's N_r = 64), 8 offsets per port region.
**
** Placement. Warp slot w's register r lives in bank (w + r) mod banks
** (rf.bank_map). At a launch the registers of the warp slots that can be
** resident at once (seam_launch.resident_ctas x warps per CTA: the
** occupancy limit, or fewer when the grid is too small to fill it) are
** placed per bank in ascending warp-register order, tape after tape; on a
** tape the direct mapping puts the i-th of n registers at port i / G,
** offset i % G with G = ceil(n / N_p): more resident warps, more
** registers per tape, more offsets in use, longer shifts. The optimized
** mapping takes the ports and offsets Algorithms 1-2 (compile/rtmap.c)
** chose from the move counts a direct run recorded (racetrack.profile_dir),
** summed over the SMs of the launch: one mapping for every SM, as the
** paper's compile-time mapping. A bank cannot hold more registers than
** its tapes: the launch path refuses such a launch (check_launch,
** racetrack_launch_check), so placement never has to spill.
**
** Timing, per cycle. Writes enter the bank's write buffer (done then:
** the buffer holds the value); when it is full they wait. The arbiter
** keeps a bank granted until its access completes and grants free slots
** (racetrack.arbiter of them) to banks with work in round-robin order.
** A granted bank takes its oldest buffered write, else its oldest read
** (FIFO). An access needing d shift steps takes, in all,
** ceil((d x shift_ns + read_ns or write_ns) x MHz / 1000) cycles (at least
** one) from its grant: Table 3's latencies are added in ns and converted
** once. The tape moves step by step meanwhile: c cycles after the grant
** floor(c x cycle_ns / shift_ns) of the d steps are done. With
** racetrack.preshift every bank not granted shifts one step per cycle
** (per step time, should a step be longer than a cycle) toward the offset
** its head request (write buffer first, then read queue) needs; a step
** unfinished at the grant is abandoned, so a granted bank's moves are all
** demand shifts. Energies are Table 3's pJ and mW.
**
** Counters: every access's shift distance (histograms, all and writes),
** shift steps, the cycles the shifts added to granted accesses, preshift
** steps, queue and write-buffer occupancy, the move counts C_ij of each
** tape (the bank's access trace in service order) and from them the shift
** counts S of the direct mapping, of the mapping Algorithms 1-2 choose
** from this SM's own trace, and of the mapping in use. Must not: know
** anything of the SM beyond the rf_ops seam.
*/
#include "designs/racetrack-internal.h"
#include "designs/bill.h"
#include "timing/grid.h"
#include "compile/rtmap.h"
#include "config/config.h"
#include "timing/occupancy.h"
#include "timing/rf-banked.h"
#include "util/bits.h"
#include "util/fileio.h"
#include "util/hash.h"
#include "util/invariant.h"
#include "util/jval.h"
#include "util/ring.h"
#include "util/xalloc.h"
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>


/* ---- pure helpers ----------------------------------------------------- */

uint32_t racetrack_cycles(double ns, uint32_t mhz)
{
    /* cycles = ns x MHz / 1000; a hair of slack keeps 1.0000000001 at 1 */
    double c = ceil(ns * (double)mhz / 1000.0 - 1e-9);
    return c < 1 ? 1 : c > UINT32_MAX ? UINT32_MAX : (uint32_t)c;
}

uint32_t racetrack_access_cycles(uint32_t steps, double access_ns,
                                 double shift_ns, uint32_t mhz)
{
    return racetrack_cycles((double)steps * shift_ns + access_ns, mhz);
}

uint32_t racetrack_steps_within(uint64_t cycles, double shift_ns,
                                uint32_t mhz)
{
    double s = floor((double)cycles * 1000.0 / ((double)mhz * shift_ns) + 1e-9);
    return s > UINT32_MAX ? UINT32_MAX : (uint32_t)s;
}

struct tape *racetrack_tape_of(struct rt *r, uint32_t b, uint32_t t)
{
    return &r->t[(size_t)b * r->tapes + t];
}

uint32_t racetrack_offset_of(const struct rt *r, uint32_t dom)
{
    return dom % r->region;
}

/* ---- placement ---------------------------------------------------------- */

static void tape_reset(struct tape *t)
{
    free(t->reg);
    free(t->dom);
    free(t->C);
    free(t->m.port);
    free(t->m.offset);
    free(t->m.group);
    memset(t, 0, sizeof *t);
    t->last = -1;
}

/* Direct mapping of a tape's n registers: the i-th at port i / G,
   offset i % G. */
static void place_direct(struct rt *r, struct tape *t)
{
    uint32_t G = (t->n + r->ports - 1) / r->ports;
    for (uint32_t i = 0; i < t->n; i++)
        t->dom[i] = (int32_t)((i / G) * r->region + i % G);
}

/* Warp registers each bank receives from W warps of R registers under
   the mapping; returns the fullest bank. */
uint32_t racetrack_bank_counts(enum bank_map map, uint32_t banks, uint32_t W,
                            uint32_t R, uint32_t *count)
{
    memset(count, 0, banks * sizeof *count);
    for (uint32_t w = 0; w < W; w++)
        for (uint32_t reg = 0; reg < R; reg++)
            count[rf_bank_of(map, banks, w, reg)]++;
    uint32_t most = 0;
    for (uint32_t b = 1; b < banks; b++)
        if (count[b] > count[most])
            most = b;
    return most;
}

/* CTAs and warp slots of launch l resident at once on an SM: the
   occupancy limit, or fewer when the grid is small. */
uint32_t racetrack_resident_ctas(const struct seam_launch *l)
{
    return l->resident_ctas < l->ctas_per_sm ? l->resident_ctas
                                             : l->ctas_per_sm;
}

uint32_t racetrack_resident_warps(const struct rt *r, const struct seam_launch *l)
{
    uint32_t w = racetrack_resident_ctas(l) * l->warps_per_cta;
    return w < r->max_warps ? w : r->max_warps;
}

/* A profile file of this launch: SM sm's move counts, or (sm < 0) the
   launch's mapping. The key is the configuration minus the mapping
   keys, the launch's number, the kernel (name and instructions) and the
   placement (R, W): what the recorded trace depends on. */
uint64_t racetrack_profile_key(const struct rt *r, uint32_t launch_no,
                               const char *kernel, uint32_t ninst,
                               uint64_t khash, uint32_t R, uint32_t W)
{
    char key[256];
    int len = snprintf(key, sizeof key, "%s|%u|%s|%u|%016llx|%u|%u",
                       r->fingerprint, launch_no, kernel, ninst,
                       (unsigned long long)khash, R, W);
    if (len < 0)
        len = 0;
    if ((size_t)len >= sizeof key)
        len = (int)sizeof key - 1;
    return ws_fnv1a(WS_FNV_INIT, key, (size_t)len);
}

static void profile_path(const struct rt *r, int sm, char *out, size_t n)
{
    uint64_t h = racetrack_profile_key(r, r->launch_no, r->kernel, r->ninst,
                                       r->khash, r->R, r->W);
    if (sm < 0)
        snprintf(out, n, "%s/%016llx.rtmap", r->dir, (unsigned long long)h);
    else
        snprintf(out, n, "%s/%016llx.sm%d.moves", r->dir,
                 (unsigned long long)h, sm);
}

/* Applies the launch's recorded mapping; tapes with registers it does
   not map keep the direct mapping and count as fallbacks. */
static void apply_profile(struct rt *r)
{
    size_t nt = (size_t)r->banks * r->tapes;
    bool *done = ws_xcalloc(nt + 1, sizeof *done);
    char path[4096], word[64];
    profile_path(r, -1, path, sizeof path);
    FILE *f = ws_fopen_read(path);
    unsigned ver, fb, fk, fn;
    if (f && fscanf(f, "%63s %u", word, &ver) == 2 &&
        strcmp(word, "warpscope-racetrack-profile") == 0 && ver == 2 &&
        fscanf(f, "%63s %*s", word) == 1 && strcmp(word, "kernel") == 0)
        while (fscanf(f, "%63s %u %u %u", word, &fb, &fk, &fn) == 4 &&
               strcmp(word, "tape") == 0 && fb < r->banks && fk < r->tapes) {
            size_t i = (size_t)fb * r->tapes + fk;
            struct tape *t = &r->t[i];
            if (done[i] || t->n != fn ||
                !rtmap_profile_tape(f, fn, r->domains, t->n, t->reg, t->dom))
                break;
            done[i] = true;
        }
    if (f)
        fclose(f);
    for (size_t i = 0; i < nt; i++)
        if (r->t[i].n && !done[i]) {
            place_direct(r, &r->t[i]);
            r->st.fallbacks++;          /* no profile for this tape */
        }
    free(done);
}

/* Places the registers of the resident warp slots for a launch. */
static void place_launch(struct rt *r)
{
    size_t nt = (size_t)r->banks * r->tapes;
    /* A launch places registers; it does not move the tapes. They keep
       their shift positions, so an access or a preshift step still in
       flight when the launch comes (a write of the last kernel draining
       from a write buffer) goes on from where its tape stands. */
    for (size_t i = 0; i < nt; i++) {
        uint32_t pos = r->t[i].pos;
        tape_reset(&r->t[i]);
        r->t[i].pos = pos;
    }
    uint32_t cap = r->tapes * r->domains, n = r->W * r->R;
    uint32_t *count = ws_xcalloc(r->banks, sizeof *count);
    uint32_t *home = ws_xcalloc((size_t)n + 1, sizeof *home);
    free(r->place);
    r->place = ws_xcalloc((size_t)r->max_warps * r->R + 1, sizeof *r->place);
    /* pass 1: every register's bank and tape, tape after tape in a bank
       (racetrack_launch_check refused launches a bank cannot hold) */
    for (uint32_t id = 0; id < n; id++) {
        uint32_t b = rf_bank_of(r->map, r->banks, id / r->R, id % r->R);
        WS_ASSERT(count[b] < cap);
        home[id] = b << 8 | count[b] / r->domains;
        racetrack_tape_of(r, b, count[b]++ / r->domains)->n++;
    }
    for (size_t i = 0; i < nt; i++) {
        struct tape *t = &r->t[i];
        t->reg = ws_xcalloc((size_t)t->n + 1, sizeof *t->reg);
        t->dom = ws_xcalloc((size_t)t->n + 1, sizeof *t->dom);
        t->C = ws_xcalloc((size_t)t->n * t->n + 1, sizeof *t->C);
        t->n = 0;
    }
    for (uint32_t id = 0; id < n; id++) {
        struct tape *t = racetrack_tape_of(r, home[id] >> 8, home[id] & 255);
        t->reg[t->n++] = (int32_t)id;
    }
    free(count);
    free(home);
    for (size_t i = 0; i < nt; i++)
        place_direct(r, &r->t[i]);
    if (r->optimized && r->dir && n)
        apply_profile(r);
    for (uint32_t b = 0; b < r->banks; b++)
        for (uint32_t k = 0; k < r->tapes; k++) {
            struct tape *t = racetrack_tape_of(r, b, k);
            for (uint32_t i = 0; i < t->n; i++)
                r->place[t->reg[i]] = b << 20 | k << 13 | (uint32_t)t->dom[i];
        }
}

void racetrack_where(const struct rt *r, uint32_t w, uint32_t reg, uint32_t *b,
                  uint32_t *k, uint32_t *dom)
{
    if (r->W == 0 || r->R == 0 || reg >= r->R) {
        /* nothing placed (no launch): bank by the mapping, first tape */
        *b = rf_bank_of(r->map, r->banks, w, reg);
        *k = 0;
        *dom = 0;
        return;
    }
    /* CTAs take the lowest free run of warp slots, so at most
       resident_ctas of them use slots below W */
    WS_ASSERT(w < r->W);
    uint32_t v = r->place[w * r->R + reg];
    *b = v >> 20;
    *k = v >> 13 & 127;
    *dom = v & 8191;
}

/* ---- the shift counts S of the recorded trace ---------------------------- */

/* Algorithms 1-2 on every tape's moves, S of each mapping; cached until
   the move counts change. */
void racetrack_compute_S(struct rt *r)
{
    if (r->s_valid)
        return;
    r->cur_direct = r->cur_mapped = r->cur_used = 0;
    for (uint32_t i = 0; i < r->banks * r->tapes; i++) {
        struct tape *t = &r->t[i];
        free(t->m.port);
        free(t->m.offset);
        free(t->m.group);
        memset(&t->m, 0, sizeof t->m);
        t->m.n = t->n;
        if (!t->n || t->n > r->domains)
            continue;
        uint64_t moves = 0;
        for (size_t j = 0; j < (size_t)t->n * t->n; j++)
            moves += t->C[j];
        if (!moves)
            continue;
        rtmap_bank_from_moves(&t->m, r->ports, t->C);
        int32_t *off = ws_xmalloc(((size_t)t->n + 1) * sizeof *off);
        for (uint32_t j = 0; j < t->n; j++)
            off[j] = (int32_t)racetrack_offset_of(r, (uint32_t)t->dom[j]);
        r->cur_direct += t->m.direct_S;
        r->cur_mapped += t->m.mapped_S;
        r->cur_used += rtmap_cost(&t->m, t->C, off);
        free(off);
    }
    r->s_valid = true;
}

/* Writes this SM's move counts of the launch (direct runs with a profile
   directory); the SM that completes the set of all SMs' files maps the
   launch from their sums for every SM. */
static void record_profile(struct rt *r)
{
    size_t nt = (size_t)r->banks * r->tapes;
    struct rtmap_moves *mv = ws_xcalloc(nt + 1, sizeof *mv);
    for (size_t i = 0; i < nt; i++)
        mv[i] = (struct rtmap_moves){ (uint32_t)(i / r->tapes),
                                      (uint32_t)(i % r->tapes), r->t[i].n,
                                      r->t[i].reg, r->t[i].C };
    char **paths = ws_xcalloc(r->nsm, sizeof *paths);
    bool all = true;
    for (uint32_t s = 0; s < r->nsm; s++) {
        struct stat sb;
        paths[s] = ws_xmalloc(4096);
        profile_path(r, (int)s, paths[s], 4096);
        if (s == r->sm && !rtmap_moves_write(paths[s], r->kernel, mv, nt))
            all = false;   /* racetrack_check made sure of the directory */
        all = all && stat(paths[s], &sb) == 0;
    }
    if (all) {
        char out[4096];
        profile_path(r, -1, out, sizeof out);
        rtmap_moves_merge((const char *const *)paths, r->nsm, mv, nt,
                          r->ports, r->region, r->kernel, out);
    }
    for (uint32_t s = 0; s < r->nsm; s++)
        free(paths[s]);
    free(paths);
    free(mv);
}

/* The launch is over: its S join the totals (and the profile). */
static void end_launch(struct rt *r)
{
    if (!r->W)
        return;
    racetrack_compute_S(r);
    r->st.direct_S += r->cur_direct;
    r->st.mapped_S += r->cur_mapped;
    r->st.used_S += r->cur_used;
    if (r->dir && !r->optimized)
        record_profile(r);
    r->cur_direct = r->cur_mapped = r->cur_used = 0;
    r->W = 0;
}

/* ---- construction ------------------------------------------------------ */

void *racetrack_create(const struct seam_env *env)
{
    const struct ws_config *c = env->cfg;
    struct rt *r = ws_xcalloc(1, sizeof *r);
    r->banks = (uint32_t)config_i(c, CK_RACETRACK_BANKS);
    r->domains = (uint32_t)config_i(c, CK_RACETRACK_DOMAINS);
    r->ports = (uint32_t)config_i(c, CK_RACETRACK_PORTS);
    r->region = r->domains / r->ports;
    uint64_t bank_bits = (uint64_t)config_i(c, CK_RACETRACK_SIZE) * 8 / r->banks;
    r->tapes = (uint32_t)(bank_bits / ((uint64_t)WARP_BITS * r->domains));
    r->capacity = (uint32_t)(config_i(c, CK_RACETRACK_SIZE) / 4);
    r->arbiter = (uint32_t)config_i(c, CK_RACETRACK_ARBITER);
    r->wb_cap = (uint32_t)config_i(c, CK_RACETRACK_WRITE_BUFFER);
    r->nsm = env->p->nsm ? env->p->nsm : 1;
    r->map = env->p->bank_map;
    r->mhz = env->p->clock_mhz;
    r->read_ns = config_f(c, CK_RACETRACK_READ_NS);
    r->write_ns = config_f(c, CK_RACETRACK_WRITE_NS);
    r->shift_ns = config_f(c, CK_RACETRACK_SHIFT_NS);
    r->t_read = ws_xcalloc(r->region, sizeof *r->t_read);
    r->t_write = ws_xcalloc(r->region, sizeof *r->t_write);
    for (uint32_t d = 0; d < r->region; d++) {
        r->t_read[d] = racetrack_access_cycles(d, r->read_ns, r->shift_ns, r->mhz);
        r->t_write[d] = racetrack_access_cycles(d, r->write_ns, r->shift_ns, r->mhz);
    }
    r->pre_cyc = racetrack_cycles(r->shift_ns, r->mhz);
    r->preshift = config_b(c, CK_RACETRACK_PRESHIFT);
    r->preshift_from = (uint64_t)config_i(c, CK_RACETRACK_PRESHIFT_FROM);
    r->optimized = config_e(c, CK_RACETRACK_MAPPING) == 1;
    const char *dir = config_s(c, CK_RACETRACK_PROFILE_DIR);
    r->dir = dir && *dir ? ws_xstrdup(dir) : NULL;
    r->e_read = config_f(c, CK_RACETRACK_READ_PJ);
    r->e_write = config_f(c, CK_RACETRACK_WRITE_PJ);
    r->e_shift = config_f(c, CK_RACETRACK_SHIFT_PJ);
    r->e_leak = config_f(c, CK_RACETRACK_LEAK_MW);
    r->e_wbr = config_f(c, CK_RACETRACK_WB_READ_PJ);
    r->e_wbw = config_f(c, CK_RACETRACK_WB_WRITE_PJ);
    r->e_wbleak = config_f(c, CK_RACETRACK_WB_LEAK_MW);
    r->max_warps = env->p->max_warps;
    r->sram = (struct occ_limits){ env->p->max_threads, env->p->max_warps,
                                   env->p->max_ctas, env->p->registers,
                                   env->p->shared_bytes };
    /* The configuration minus the mapping: what a recorded trace depends
       on, so an optimized run finds its direct twin's profile. */
    struct ws_config twin;
    struct ws_diag ignore = { 0 };
    config_copy(&twin, c);
    config_set(&twin, "racetrack.mapping", "direct", &ignore);
    config_set(&twin, "racetrack.profile_dir", "", &ignore);
    config_hash(&twin, r->fingerprint);
    config_free(&twin);
    diag_reset(&ignore);
    r->b = ws_xcalloc(r->banks, sizeof *r->b);
    for (uint32_t b = 0; b < r->banks; b++)
        r->b[b].step_at = UINT64_MAX;
    r->t = ws_xcalloc((size_t)r->banks * r->tapes, sizeof *r->t);
    for (uint32_t i = 0; i < r->banks * r->tapes; i++)
        r->t[i].last = -1;
    r->st.hist = ws_xcalloc((size_t)r->region + 1, sizeof *r->st.hist);
    r->st.hist_w = ws_xcalloc((size_t)r->region + 1, sizeof *r->st.hist_w);
    r->bus = env->bus;
    r->sm = env->sm;
    r->done = env->rf_done;
    r->ctx = env->ctx;
    /* the sentences that explain them come with the design's events
       (racetrack_events, run by the device); registering the fields here
       keeps a model made without a device (unit tests) whole */
    r->ev_shift = ev_register_fields("racetrack.shift", &shift_fields);
    r->ev_preshift = ev_register_fields("racetrack.preshift", &shift_fields);
    r->ev_stall = ev_register_fields("racetrack.stall", &stall_fields);
    return r;
}

void racetrack_destroy(void *self)
{
    struct rt *r = self;
    end_launch(r);
    for (uint32_t b = 0; b < r->banks; b++) {
        ring_free(&r->b[b].rd);
        ring_free(&r->b[b].wb);
        ring_free(&r->b[b].wwait);
    }
    for (uint32_t i = 0; i < r->banks * r->tapes; i++)
        tape_reset(&r->t[i]);
    free(r->b);
    free(r->t);
    free(r->place);
    free(r->t_read);
    free(r->t_write);
    free(r->st.hist);
    free(r->st.hist_w);
    free(r->dir);
    free(r);
}

uint32_t racetrack_capacity(void *self)
{
    return ((struct rt *)self)->capacity;
}

void racetrack_launch(void *self, const struct seam_launch *l)
{
    struct rt *r = self;
    end_launch(r);
    /* registers for the warps that can be resident at once: slots of
       CTAs a small grid never starts would only lengthen the tapes */
    uint32_t res = racetrack_resident_ctas(l);
    r->R = l->regs_per_thread;
    r->W = racetrack_resident_warps(r, l);
    WS_ASSERT((uint64_t)r->W * r->R <=
              (uint64_t)r->banks * r->tapes * r->domains);
    snprintf(r->kernel, sizeof r->kernel, "%s", l->k ? l->k->name : "?");
    r->ninst = l->k ? (uint32_t)l->k->ninst : 0;
    r->khash = rtmap_kernel_hash(l->k);
    r->launch_no++;
    place_launch(r);
    r->s_valid = false;
    uint32_t threads = l->warps_per_cta * 32;
    struct occupancy o = occupancy_of(&r->sram, threads, l->regs_per_thread, 0);
    r->st.launches++;
    r->st.ctas += l->ctas_per_sm;
    r->st.warps += (uint64_t)l->ctas_per_sm * l->warps_per_cta;
    r->st.res_ctas += res;
    r->st.placed += r->W;
    uint32_t cs = o.ctas_per_sm < l->ctas_per_sm ? o.ctas_per_sm : l->ctas_per_sm;
    uint32_t rs = cs < res ? cs : res;
    r->st.ctas_sram += cs;
    r->st.warps_sram += (uint64_t)cs * l->warps_per_cta;
    r->st.res_ctas_sram += rs;
    r->st.placed_sram += (uint64_t)rs * l->warps_per_cta;
}

/* ---- requests ----------------------------------------------------------- */

static struct req make_req(struct rt *r, uint32_t w, uint32_t reg,
                           uint32_t tag, uint32_t *bank)
{
    uint32_t k, dom;
    racetrack_where(r, w, reg, bank, &k, &dom);
    struct req q = { tag, (uint16_t)w, (uint16_t)reg, (uint16_t)k,
                     (uint16_t)dom };
    return q;
}

void racetrack_read(void *self, uint32_t w, uint32_t reg, uint32_t tag,
                    bool last)
{
    struct rt *r = self;
    (void)last;
    uint32_t b;
    struct req q = make_req(r, w, reg, tag, &b);
    ring_push(&r->b[b].rd, q);
    r->pending++;
    r->active |= 1ULL << b;
}

void racetrack_write(void *self, uint32_t w, uint32_t reg, uint32_t tag)
{
    struct rt *r = self;
    uint32_t b;
    struct req q = make_req(r, w, reg, tag, &b);
    ring_push(&r->b[b].wwait, q);
    r->pending++;
    r->active |= 1ULL << b;
}

/* The request a bank serves next: its oldest buffered write, else its
   oldest read; NULL if none. */
const struct req *racetrack_head(const struct bank *k)
{
    if (k->wb.n)
        return &ring_front(&k->wb);
    if (k->rd.n)
        return &ring_front(&k->rd);
    return NULL;
}

/* ---- the cycle ----------------------------------------------------------- */

/* Grants free arbiter slots to banks with work, round-robin. A granted
   bank's access takes t_read / t_write[d] cycles from now, d its shift
   distance at the grant; a preshift step still under way is abandoned
   (the tape stays where the last whole step left it). */
static void arbitrate(struct rt *r, uint64_t now)
{
    uint32_t used = 0, waiting = 0;
    for (uint64_t m = r->active; m; m &= m - 1)
        used += r->b[__builtin_ctzll(m)].granted;
    uint32_t start = r->rr;       /* the bank after the last one granted */
    /* the banks with work in round-robin order from start */
    for (uint64_t rot = ws_rr_order(r->active, start, r->banks); rot;
         rot &= rot - 1) {
        uint32_t b = ws_rr_index((uint32_t)__builtin_ctzll(rot), start,
                                 r->banks);
        struct bank *k = &r->b[b];
        const struct req *q = racetrack_head(k);
        if (k->granted || !q)
            continue;
        if (used == r->arbiter) {
            waiting++;
            continue;
        }
        used++;
        k->granted = true;
        k->writing = k->wb.n > 0;
        k->cur = *q;
        if (!k->writing)
            ring_pop(&k->rd);
        k->pre_on = false;
        struct tape *t = racetrack_tape_of(r, b, k->cur.tape);
        uint32_t target = racetrack_offset_of(r, k->cur.dom);
        uint32_t d = t->pos > target ? t->pos - target : target - t->pos;
        const uint32_t *cyc = k->writing ? r->t_write : r->t_read;
        k->grant_at = now;
        k->dist = d;
        k->done = 0;
        k->dir = target > t->pos ? 1 : -1;
        k->total = cyc[d];
        k->base = cyc[0];
        r->st.accesses++;
        r->st.hist[d]++;
        if (k->writing)
            r->st.hist_w[d]++;
        if (d) {
            r->st.shifted++;
            if (r->ev_stall >= 0 && ev_wanted(r->bus, (enum ev_type)r->ev_stall)) {
                struct ws_event s = { (uint16_t)r->ev_stall, (int16_t)r->sm,
                                      k->cur.warp, now, target, b, d };
                evbus_deliver(r->bus, &s);
            }
        }
        r->rr = (b + 1) % r->banks;
    }
    if (waiting)
        r->st.arb_waits++;
}

/* The access of bank b is done: trace, counters, completion. */
static void finish_access(struct rt *r, uint32_t b, rf_done_fn done, void *ctx)
{
    struct bank *k = &r->b[b];
    struct tape *t = racetrack_tape_of(r, b, k->cur.tape);
    uint32_t v = (uint32_t)k->cur.warp * r->R + k->cur.reg;
    for (uint32_t i = 0; i < t->n; i++)
        if (t->reg[i] == (int32_t)v) {
            if (t->last >= 0)
                t->C[(size_t)t->last * t->n + i]++;
            t->last = (int32_t)i;
            r->s_valid = false;
            break;
        }
    k->granted = false;
    r->pending--;
    if (k->writing) {
        ring_pop(&k->wb);
        k->writes++;
        r->st.writes++;
    } else {
        k->reads++;
        r->st.reads++;
        done(ctx, k->cur.tag, false);
    }
}

/* One shift step of bank b's tape `tape` in direction dir, toward offset
   target: a demand step of a granted bank or a preshift step. */
static void step(struct rt *r, uint32_t b, uint32_t tape, int dir, bool pre,
                 const struct req *q, uint64_t now)
{
    struct bank *k = &r->b[b];
    struct tape *t = racetrack_tape_of(r, b, tape);
    t->pos = (uint32_t)((int)t->pos + dir);
    k->step_at = now;
    k->step_tape = tape;
    k->step_pre = pre;
    k->step_dir = dir;
    if (pre)
        r->st.preshifts++;
    else
        r->st.shifts++;
    int type = pre ? r->ev_preshift : r->ev_shift;
    if (type >= 0 && ev_wanted(r->bus, (enum ev_type)type)) {
        struct ws_event e = { (uint16_t)type, (int16_t)r->sm,
                              q ? (int32_t)q->warp : -1, now,
                              q ? racetrack_offset_of(r, q->dom) : 0, b, t->pos };
        evbus_deliver(r->bus, &e);
    }
}

/* A granted bank's cycle: the steps due by now, then (in its last
   cycle) the access. */
static void serve(struct rt *r, uint32_t b, uint64_t now, rf_done_fn done,
                  void *ctx)
{
    struct bank *k = &r->b[b];
    uint64_t c = now - k->grant_at + 1;          /* cycles since grant */
    uint32_t due = c >= k->total ? k->dist
                                 : racetrack_steps_within(c, r->shift_ns, r->mhz);
    if (due > k->dist)
        due = k->dist;
    while (k->done < due) {
        k->done++;
        step(r, b, k->cur.tape, k->dir, false, &k->cur, now);
    }
    if (c <= k->total - k->base)
        r->st.stall_cycles++;                     /* a cycle shifts added */
    if (c >= k->total)
        finish_access(r, b, done, ctx);
}

/* An idle bank's cycle with preshifting: one step toward its head
   request's offset (a step longer than a cycle spans several). */
static void preshift(struct rt *r, uint32_t b, uint64_t now)
{
    struct bank *k = &r->b[b];
    const struct req *q = racetrack_head(k);
    if (!q)
        return;
    if (!k->pre_on) {
        struct tape *t = racetrack_tape_of(r, b, q->tape);
        uint32_t target = racetrack_offset_of(r, q->dom);
        if (t->pos == target)
            return;
        k->pre_on = true;
        k->pre_left = r->pre_cyc;
        k->pre_tape = q->tape;
        k->pre_dir = target > t->pos ? 1 : -1;
    }
    if (--k->pre_left == 0) {
        k->pre_on = false;
        step(r, b, k->pre_tape, k->pre_dir, true, q, now);
    }
}

void racetrack_tick(void *self, uint64_t now)
{
    struct rt *r = self;
    rf_done_fn done = r->done;
    void *ctx = r->ctx;
    if (!r->pending)
        return;
    r->st.ticks++;
    /* results enter the write buffers */
    for (uint32_t b = ws_next_bit(&r->active, r->banks, 0); b < r->banks;
         b = ws_next_bit(&r->active, r->banks, b + 1)) {
        struct bank *k = &r->b[b];
        while (k->wwait.n && k->wb.n < r->wb_cap) {
            struct req q = ring_front(&k->wwait);
            ring_pop(&k->wwait);
            ring_push(&k->wb, q);
            r->st.wb_writes++;
            done(ctx, q.tag, true);
        }
        if (k->wwait.n)
            r->st.wb_full++;
    }
    arbitrate(r, now);
    bool pre = r->preshift && now >= r->preshift_from;
    /* a completion can bring a request into a bank further on: the
       mask is read again for each bank */
    for (uint32_t b = ws_next_bit(&r->active, r->banks, 0); b < r->banks;
         b = ws_next_bit(&r->active, r->banks, b + 1)) {
        struct bank *k = &r->b[b];
        if (k->granted)
            serve(r, b, now, done, ctx);
        else if (pre)
            preshift(r, b, now);
        uint32_t waiting = k->rd.n + k->wb.n + k->wwait.n -
                           (k->granted && k->writing ? 1 : 0);
        r->st.rq_occ += k->rd.n;
        r->st.wb_occ += k->wb.n;
        if (waiting) {
            k->conflicts += waiting;
            r->st.conflicts += waiting;
            if (ev_wanted(r->bus, EV_RF_CONFLICT)) {
                /* the access served (if any) and the first left waiting */
                bool ww = !k->rd.n;   /* else the first waiting is a write */
                const struct req *n = k->rd.n ? &ring_front(&k->rd)
                                    : k->wb.n ? &ring_front(&k->wb)
                                    : &ring_front(&k->wwait);
                uint32_t served = k->granted ? ev_req(k->cur.warp, k->cur.reg,
                                                      k->writing) : 0;
                struct ws_event e = { EV_RF_CONFLICT, (int16_t)r->sm,
                                      k->granted ? (int32_t)k->cur.warp : -1, now,
                                      ev_req_pair(served, ev_req(n->warp, n->reg, ww)),
                                      b, waiting };
                evbus_deliver(r->bus, &e);
            }
        }
        if (!k->granted && !k->rd.n && !k->wb.n && !k->wwait.n)
            r->active &= ~(1ULL << b);
    }
}

uint64_t racetrack_next_event(void *self, uint64_t now)
{
    return ((struct rt *)self)->pending ? now + 1 : UINT64_MAX;
}

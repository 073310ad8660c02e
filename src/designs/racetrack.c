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
#include "designs/racetrack.h"
#include "designs/bill.h"
#include "timing/grid.h"
#include "compile/rtmap.h"
#include "config/config.h"
#include "timing/occupancy.h"
#include "timing/rf-banked.h"
#include "util/fileio.h"
#include "util/hash.h"
#include "util/invariant.h"
#include "util/jval.h"
#include "util/paths.h"
#include "util/ring.h"
#include "util/xalloc.h"
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define WARP_BITS 1024            /* a warp register: 32 lanes x 32 bits */
#define MAX_TAPES 64

struct req {
    uint32_t tag;
    uint16_t warp, reg;
    uint16_t tape, dom;           /* where the register sits */
};
typedef RING(struct req) rq_t;

struct tape {
    uint32_t pos;                 /* offset under the ports */
    uint32_t n;                   /* registers placed on it */
    int32_t *reg;                 /* [n] warp-register ids, ascending */
    int32_t *dom;                 /* [n] their domains */
    uint32_t *C;                  /* [n * n] moves of this launch */
    int32_t last;                 /* index of the last access, -1 */
    struct rtmap_bank m;          /* Algorithms 1-2 on C (cached) */
};

struct bank {
    rq_t rd, wb, wwait;           /* read FIFO, write buffer, overflow */
    bool granted, writing;        /* holds a slot; its access is a write */
    struct req cur;               /* the access it serves */
    /* the granted access: grant cycle; shift distance, direction and
       steps done; cycles in all and those the access alone would take */
    uint64_t grant_at;
    uint32_t dist, done, total, base;
    int dir;
    /* an idle bank's preshift step in progress: cycles left, tape, way */
    bool pre_on;
    uint32_t pre_left, pre_tape;
    int pre_dir;
    /* the last step (for the pane): cycle, tape, kind, direction */
    uint64_t step_at;
    uint32_t step_tape;
    bool step_pre;
    int step_dir;
    uint64_t reads, writes, conflicts;
};

struct stats {
    uint64_t reads, writes, wb_writes, accesses, shifted, shifts,
             preshifts, stall_cycles, conflicts, rq_occ, wb_occ, wb_full,
             arb_waits, ticks, fallbacks, launches, ctas, ctas_sram, warps,
             warps_sram, res_ctas, res_ctas_sram, placed, placed_sram,
             direct_S, mapped_S, used_S;
    uint64_t *hist, *hist_w;      /* [region + 1] accesses by distance */
};

/* Reports a register access done (seam_env.rf_done). */
typedef void (*rf_done_fn)(void *ctx, uint32_t tag, bool write);

struct rt {
    rf_done_fn done;              /* completions, into the SM */
    void *ctx;
    /* geometry and timing */
    uint32_t banks, tapes, domains, ports, region, arbiter, wb_cap, nsm;
    uint32_t capacity, mhz, pre_cyc;
    double read_ns, write_ns, shift_ns;
    uint32_t *t_read, *t_write;   /* [region] access cycles by distance */
    enum bank_map map;
    bool preshift, optimized;
    uint64_t preshift_from;
    double e_read, e_write, e_shift, e_leak, e_wbr, e_wbw, e_wbleak;
    /* the launch */
    uint32_t W, R, max_warps;     /* resident warp slots, regs per thread */
    uint32_t *place;              /* [max_warps * R]: bank, tape, domain */
    struct occ_limits sram;       /* the SRAM baseline's limits */
    char kernel[64];
    uint32_t ninst, launch_no;
    uint64_t khash;               /* the kernel's instructions */
    /* state */
    struct bank *b;
    struct tape *t;               /* [banks * tapes] */
    uint32_t rr, pending;
    struct stats st;
    bool s_valid;                 /* cur_* are those of the current C */
    uint64_t cur_direct, cur_mapped, cur_used;
    char *dir;                    /* racetrack.profile_dir or NULL */
    char fingerprint[17];
    struct evbus *bus;
    uint32_t sm;
    int ev_shift, ev_preshift, ev_stall;
};

static const struct ev_fields shift_fields = { "target", "bank", "offset",
                                               NULL, 0 };
static const struct ev_fields stall_fields = { "target", "bank", "steps",
                                               NULL, 0 };

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

static struct tape *tape_of(struct rt *r, uint32_t b, uint32_t t)
{
    return &r->t[(size_t)b * r->tapes + t];
}

static uint32_t offset_of(const struct rt *r, uint32_t dom)
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
static uint32_t bank_counts(enum bank_map map, uint32_t banks, uint32_t W,
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
static uint32_t resident_ctas(const struct seam_launch *l)
{
    return l->resident_ctas < l->ctas_per_sm ? l->resident_ctas
                                             : l->ctas_per_sm;
}

static uint32_t resident_warps(const struct rt *r, const struct seam_launch *l)
{
    uint32_t w = resident_ctas(l) * l->warps_per_cta;
    return w < r->max_warps ? w : r->max_warps;
}

/* A profile file of this launch: SM sm's move counts, or (sm < 0) the
   launch's mapping. The key is the configuration minus the mapping
   keys, the launch's number, the kernel (name and instructions) and the
   placement (R, W): what the recorded trace depends on. */
static uint64_t profile_key(const struct rt *r, uint32_t launch_no,
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
    uint64_t h = profile_key(r, r->launch_no, r->kernel, r->ninst, r->khash,
                             r->R, r->W);
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
    for (size_t i = 0; i < nt; i++)
        tape_reset(&r->t[i]);
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
        tape_of(r, b, count[b]++ / r->domains)->n++;
    }
    for (size_t i = 0; i < nt; i++) {
        struct tape *t = &r->t[i];
        t->reg = ws_xcalloc((size_t)t->n + 1, sizeof *t->reg);
        t->dom = ws_xcalloc((size_t)t->n + 1, sizeof *t->dom);
        t->C = ws_xcalloc((size_t)t->n * t->n + 1, sizeof *t->C);
        t->n = 0;
    }
    for (uint32_t id = 0; id < n; id++) {
        struct tape *t = tape_of(r, home[id] >> 8, home[id] & 255);
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
            struct tape *t = tape_of(r, b, k);
            for (uint32_t i = 0; i < t->n; i++)
                r->place[t->reg[i]] = b << 20 | k << 13 | (uint32_t)t->dom[i];
        }
}

static void where(const struct rt *r, uint32_t w, uint32_t reg, uint32_t *b,
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
static void compute_S(struct rt *r)
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
            off[j] = (int32_t)offset_of(r, (uint32_t)t->dom[j]);
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
    compute_S(r);
    r->st.direct_S += r->cur_direct;
    r->st.mapped_S += r->cur_mapped;
    r->st.used_S += r->cur_used;
    if (r->dir && !r->optimized)
        record_profile(r);
    r->cur_direct = r->cur_mapped = r->cur_used = 0;
    r->W = 0;
}

/* ---- construction ------------------------------------------------------ */

static void *rt_create(const struct seam_env *env)
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
    r->ev_shift = ev_register_fields("racetrack.shift", &shift_fields);
    r->ev_preshift = ev_register_fields("racetrack.preshift", &shift_fields);
    r->ev_stall = ev_register_fields("racetrack.stall", &stall_fields);
    return r;
}

static void rt_destroy(void *self)
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

static uint32_t rt_capacity(void *self)
{
    return ((struct rt *)self)->capacity;
}

static void rt_launch(void *self, const struct seam_launch *l)
{
    struct rt *r = self;
    end_launch(r);
    /* registers for the warps that can be resident at once: slots of
       CTAs a small grid never starts would only lengthen the tapes */
    uint32_t res = resident_ctas(l);
    r->R = l->regs_per_thread;
    r->W = resident_warps(r, l);
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
    where(r, w, reg, bank, &k, &dom);
    struct req q = { tag, (uint16_t)w, (uint16_t)reg, (uint16_t)k,
                     (uint16_t)dom };
    return q;
}

static void rt_read(void *self, uint32_t w, uint32_t reg, uint32_t tag,
                    bool last)
{
    struct rt *r = self;
    (void)last;
    uint32_t b;
    struct req q = make_req(r, w, reg, tag, &b);
    ring_push(&r->b[b].rd, q);
    r->pending++;
}

static void rt_write(void *self, uint32_t w, uint32_t reg, uint32_t tag)
{
    struct rt *r = self;
    uint32_t b;
    struct req q = make_req(r, w, reg, tag, &b);
    ring_push(&r->b[b].wwait, q);
    r->pending++;
}

/* The request a bank serves next: its oldest buffered write, else its
   oldest read; NULL if none. */
static const struct req *head(const struct bank *k)
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
    for (uint32_t b = 0; b < r->banks; b++)
        used += r->b[b].granted;
    uint32_t start = r->rr;       /* the bank after the last one granted */
    for (uint32_t i = 0; i < r->banks; i++) {
        uint32_t b = (start + i) % r->banks;
        struct bank *k = &r->b[b];
        const struct req *q = head(k);
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
        struct tape *t = tape_of(r, b, k->cur.tape);
        uint32_t target = offset_of(r, k->cur.dom);
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
    struct tape *t = tape_of(r, b, k->cur.tape);
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
    struct tape *t = tape_of(r, b, tape);
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
                              q ? offset_of(r, q->dom) : 0, b, t->pos };
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
    const struct req *q = head(k);
    if (!q)
        return;
    if (!k->pre_on) {
        struct tape *t = tape_of(r, b, q->tape);
        uint32_t target = offset_of(r, q->dom);
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

static void rt_tick(void *self, uint64_t now)
{
    struct rt *r = self;
    rf_done_fn done = r->done;
    void *ctx = r->ctx;
    if (!r->pending)
        return;
    r->st.ticks++;
    /* results enter the write buffers */
    for (uint32_t b = 0; b < r->banks; b++) {
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
    for (uint32_t b = 0; b < r->banks; b++) {
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
                struct ws_event e = { EV_RF_CONFLICT, (int16_t)r->sm, -1, now,
                                      0, b, waiting };
                evbus_deliver(r->bus, &e);
            }
        }
    }
}

static uint64_t rt_next_event(void *self, uint64_t now)
{
    return ((struct rt *)self)->pending ? now + 1 : UINT64_MAX;
}

/* ---- statistics and energy -------------------------------------------- */

static void rt_stats(void *self, struct jv *o)
{
    struct rt *r = self;
    jv_add_int(o, "reads", (int64_t)r->st.reads);
    jv_add_int(o, "writes", (int64_t)r->st.writes);
    jv_add_int(o, "bank_conflicts", (int64_t)r->st.conflicts);
    jv_set(o, "banks", jv_int(r->banks));
    struct jv *pb = jv_get(o, "per_bank");
    if (!pb) {
        pb = jv_set(o, "per_bank", jv_arr());
        for (uint32_t b = 0; b < r->banks; b++)
            jv_push(pb, jv_obj());
    }
    for (uint32_t b = 0; b < r->banks && b < pb->n; b++) {
        struct jv *x = pb->items[b];
        jv_add_int(x, "reads", (int64_t)r->b[b].reads);
        jv_add_int(x, "writes", (int64_t)r->b[b].writes);
        jv_add_int(x, "conflicts", (int64_t)r->b[b].conflicts);
    }
}

static void rt_energy(void *self, const struct tparams *p, uint64_t cycles,
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
    compute_S(r);
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
    ev_register_fields("racetrack.shift", &shift_fields);
    ev_register_fields("racetrack.preshift", &shift_fields);
    ev_register_fields("racetrack.stall", &stall_fields);
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
        if (!opt && stat(dir, &sb) != 0 && mkdir(dir, 0777) != 0)
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
             (unsigned long long)profile_key(r, r->launch_no + 1, kernel,
                                             l->k ? (uint32_t)l->k->ninst : 0,
                                             rtmap_kernel_hash(l->k),
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
    uint32_t res = resident_ctas(l);
    uint32_t W = resident_warps(r, l), R = l->regs_per_thread;
    uint32_t *count = ws_xcalloc(r->banks, sizeof *count);
    uint32_t b = bank_counts(r->map, r->banks, W, R, count);
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
    where(self, w, r, bank, tape, domain);
}

static struct jv *req_json(const struct rt *r, const struct req *q)
{
    struct jv *o = jv_obj();
    jv_set(o, "warp", jv_int(q->warp));
    jv_set(o, "reg", jv_int(q->reg));
    jv_set(o, "tape", jv_int(q->tape));
    jv_set(o, "domain", jv_int(q->dom));
    jv_set(o, "offset", jv_int(offset_of(r, q->dom)));
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
    const struct req *q = bk->granted ? &bk->cur : head(bk);
    bool mine = q && q->tape == k;
    jv_set(o, "target", mine ? jv_int(offset_of(r, q->dom)) : jv_null());
    jv_set(o, "target_domain", mine ? jv_int(q->dom) : jv_null());
    jv_set(o, "pending", jv_int(mine ? (int64_t)offset_of(r, q->dom) - t->pos : 0));
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
    grid_legend(g, '@', "\xe2\x96\xa0", "select", "register at a port");
    grid_legend(g, 'o', "\xc2\xb7", "select", "empty at a port");
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

static void rt_describe(void *self, uint64_t now, struct jv *out)
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

const struct rf_ops racetrack_rf_ops = {
    .part = {
        .name = "racetrack",
        .create = rt_create,
        .destroy = rt_destroy,
        .launch = rt_launch,
        .check_launch = racetrack_launch_check,
        .tick = rt_tick,
        .next_event = rt_next_event,
        .stats = rt_stats,
        .energy = rt_energy,
        .describe = rt_describe,
    },
    .capacity = rt_capacity,
    .read = rt_read,
    .write = rt_write,
};

/* The racetrack file's capacity: racetrack.size bytes of 4-byte
   registers (rt_create offers the same). */
static uint32_t racetrack_registers(const struct ws_config *cfg)
{
    return (uint32_t)(config_i(cfg, CK_RACETRACK_SIZE) / 4);
}

const struct design racetrack_design = {
    .name = "racetrack",
    .summary = "racetrack-memory register file: tapes shifted to their ports, preshifting, register mapping",
    .rf = &racetrack_rf_ops,
    .layout = "design",
    .keys = "racetrack",
    .section = racetrack_section,
    .check = racetrack_check,
    .ratios = racetrack_ratios,
    .facts = racetrack_facts,
    .events = racetrack_events,
    .cost = racetrack_bill,
    .registers = racetrack_registers,
};

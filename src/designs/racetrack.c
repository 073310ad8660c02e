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
** (rf.bank_map). At a launch the registers of the resident warp slots
** (resident CTAs x warps per CTA) are placed per bank in ascending
** warp-register order, tape after tape; on a tape the direct mapping
** puts the i-th of n registers at port i / G, offset i % G with G =
** ceil(n / N_p): more resident warps, more registers per tape, more
** offsets in use, longer shifts. The optimized mapping takes the ports
** and offsets Algorithms 1-2 (compile/rtmap.c) chose from the move
** counts a direct run recorded (racetrack.profile_dir).
**
** Timing, per cycle. Writes enter the bank's write buffer (done then:
** the buffer holds the value); when it is full they wait. The arbiter
** keeps a bank granted until its access completes and grants free slots
** (racetrack.arbiter of them) to banks with work in round-robin order.
** A granted bank takes its oldest buffered write, else its oldest read
** (FIFO), shifts one step per step time until the register's offset is
** under a port, then reads or writes. With racetrack.preshift every bank
** not granted shifts one step toward the offset its head request (write
** buffer first, then read queue) needs. Latencies are Table 3's ns
** rounded up to core cycles; energies are Table 3's pJ and mW.
**
** Counters: every access's shift distance (histogram), shift steps and
** the cycles granted banks spent shifting, preshift steps, queue and
** write-buffer occupancy, the move counts C_ij of each tape (the bank's
** access trace in service order) and from them the shift counts S of the
** direct and the optimized mapping. Must not: know anything of the SM
** beyond the rf_ops seam.
*/
#include "designs/racetrack.h"
#include "compile/rtmap.h"
#include "config/config.h"
#include "timing/occupancy.h"
#include "timing/rf-banked.h"
#include "util/hash.h"
#include "util/jval.h"
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

enum step { ST_NONE, ST_SHIFT, ST_PRESHIFT, ST_ACCESS };

struct bank {
    rq_t rd, wb, wwait;           /* read FIFO, write buffer, overflow */
    bool granted, writing;        /* holds a slot; its access is a write */
    struct req cur;               /* the access it serves */
    enum step op;                   /* the step in progress */
    uint32_t left, op_tape;       /* cycles left of it; its tape */
    int dir;                      /* +1 / -1 for shift steps */
    int last_dir;                 /* direction of the last step */
    uint64_t step_at;             /* cycle of the last step */
    enum step step_op;              /* kind of the last step */
    uint64_t reads, writes, conflicts;
};

struct stats {
    uint64_t reads, writes, wb_writes, accesses, shifted, shifts,
             preshifts, stall_cycles, conflicts, rq_occ, wb_occ, wb_full,
             arb_waits, ticks, fallbacks, launches, ctas, ctas_sram, warps,
             warps_sram, direct_S, mapped_S, used_S;
    uint64_t *hist;               /* [region + 1] accesses by distance */
};

struct rt {
    /* geometry and timing */
    uint32_t banks, tapes, domains, ports, region, arbiter, wb_cap;
    uint32_t capacity, read_cyc, write_cyc, shift_cyc;
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
    /* state */
    struct bank *b;
    struct tape *t;               /* [banks * tapes] */
    uint32_t rr, pending;
    struct stats st;
    uint64_t s_stamp;             /* accesses when S was last computed */
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
    return c < 1 ? 1 : (uint32_t)c;
}

uint64_t racetrack_shift_cycles(uint32_t cur, uint32_t target,
                                uint32_t step_cycles)
{
    uint32_t d = cur > target ? cur - target : target - cur;
    return (uint64_t)d * step_cycles;
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

/* The file holding the recorded mapping of this SM's launch. */
static void profile_path(const struct rt *r, char *out, size_t n)
{
    char key[256];
    int len = snprintf(key, sizeof key, "%s|%u|%u|%s|%u|%u|%u", r->fingerprint,
                       r->sm, r->launch_no, r->kernel, r->ninst, r->R, r->W);
    uint64_t h = ws_fnv1a(WS_FNV_INIT, key, (size_t)len);
    snprintf(out, n, "%s/%016llx.rtmap", r->dir, (unsigned long long)h);
}

/*
** Reads a recorded mapping for tape t (b, k): lines "tape B K N" then N
** pairs "reg domain". Registers it names take its domains; the others
** fill the free domains in direct order. False if the file has no
** usable entry for the tape.
*/
static bool apply_profile(struct rt *r, FILE *f, uint32_t b, uint32_t k,
                          struct tape *t)
{
    rewind(f);
    char word[16];
    unsigned fb, fk, fn;
    while (fscanf(f, "%15s", word) == 1) {
        if (strcmp(word, "tape") != 0)
            continue;
        if (fscanf(f, "%u %u %u", &fb, &fk, &fn) != 3)
            return false;
        if (fb != b || fk != k)
            continue;
        uint8_t *used = ws_xcalloc(r->domains, 1);
        bool *set = ws_xcalloc((size_t)t->n + 1, sizeof *set);
        bool ok = true;
        for (unsigned i = 0; i < fn && ok; i++) {
            long reg, dom;
            if (fscanf(f, "%ld %ld", &reg, &dom) != 2 || dom < 0 ||
                dom >= (long)r->domains || used[dom]) {
                ok = false;
                break;
            }
            for (uint32_t j = 0; j < t->n; j++)
                if (t->reg[j] == reg && !set[j]) {
                    t->dom[j] = (int32_t)dom;
                    set[j] = true;
                    used[dom] = 1;
                }
        }
        uint32_t next = 0;
        for (uint32_t j = 0; ok && j < t->n; j++) {
            if (set[j])
                continue;
            while (next < r->domains && used[next])
                next++;
            if (next == r->domains)
                ok = false;
            else
                used[next] = 1, t->dom[j] = (int32_t)next;
        }
        free(used);
        free(set);
        return ok;
    }
    return false;
}

/* Places the registers of the resident warp slots for a launch. */
static void place_launch(struct rt *r)
{
    for (uint32_t i = 0; i < r->banks * r->tapes; i++)
        tape_reset(&r->t[i]);
    uint32_t *count = ws_xcalloc(r->banks, sizeof *count);
    size_t slots = (size_t)r->max_warps * r->R;
    free(r->place);
    r->place = ws_xcalloc(slots + 1, sizeof *r->place);
    /* pass 1: how many registers each tape gets */
    for (uint32_t id = 0; id < r->W * r->R; id++) {
        uint32_t b = rf_bank_of(r->map, r->banks, id / r->R, id % r->R);
        uint32_t k = count[b]++ / r->domains;
        tape_of(r, b, k < r->tapes ? k : r->tapes - 1)->n++;
    }
    for (uint32_t i = 0; i < r->banks * r->tapes; i++) {
        struct tape *t = &r->t[i];
        t->reg = ws_xcalloc((size_t)t->n + 1, sizeof *t->reg);
        t->dom = ws_xcalloc((size_t)t->n + 1, sizeof *t->dom);
        t->C = ws_xcalloc((size_t)t->n * t->n + 1, sizeof *t->C);
        t->n = 0;
    }
    memset(count, 0, r->banks * sizeof *count);
    for (uint32_t id = 0; id < r->W * r->R; id++) {
        uint32_t b = rf_bank_of(r->map, r->banks, id / r->R, id % r->R);
        uint32_t k = count[b]++ / r->domains;
        struct tape *t = tape_of(r, b, k < r->tapes ? k : r->tapes - 1);
        t->reg[t->n++] = (int32_t)id;
    }
    free(count);
    FILE *f = NULL;
    char path[4096];
    if (r->optimized && r->dir) {
        profile_path(r, path, sizeof path);
        f = fopen(path, "r");
    }
    for (uint32_t b = 0; b < r->banks; b++)
        for (uint32_t k = 0; k < r->tapes; k++) {
            struct tape *t = tape_of(r, b, k);
            if (t->n > r->domains) {
                /* more registers than domains: cannot happen while the
                   capacity holds (assert-worthy); wrap rather than crash */
                for (uint32_t i = 0; i < t->n; i++)
                    t->dom[i] = (int32_t)(i % r->domains);
                continue;
            }
            place_direct(r, t);
            if (r->optimized && t->n &&
                (!f || !apply_profile(r, f, b, k, t))) {
                place_direct(r, t);
                r->st.fallbacks++;      /* no profile for this tape */
            }
        }
    if (f)
        fclose(f);
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
    uint32_t v = r->place[(w % r->W) * r->R + reg];
    *b = v >> 20;
    *k = v >> 13 & 127;
    *dom = v & 8191;
}

/* ---- the shift counts S of the recorded trace ---------------------------- */

/* Algorithms 1-2 on every tape's moves, S of each mapping; cached until
   the next access. */
static void compute_S(struct rt *r)
{
    if (r->s_stamp == r->st.accesses + 1)
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
    r->s_stamp = r->st.accesses + 1;
}

/* Writes the launch's optimized mapping (direct runs with a profile
   directory): one file per SM and launch. */
static void record_profile(struct rt *r)
{
    char path[4096], tmp[4200];
    profile_path(r, path, sizeof path);
    snprintf(tmp, sizeof tmp, "%s.tmp%u", path, r->sm);
    FILE *f = fopen(tmp, "w");
    if (!f)
        return;                   /* racetrack_check made sure of the dir */
    fprintf(f, "warpscope-racetrack-profile 1\nkernel %s\n", r->kernel);
    for (uint32_t b = 0; b < r->banks; b++)
        for (uint32_t k = 0; k < r->tapes; k++) {
            struct tape *t = tape_of(r, b, k);
            if (!t->n)
                continue;
            /* a tape nobody accessed keeps its direct mapping */
            fprintf(f, "tape %u %u %u\n", b, k, t->n);
            for (uint32_t i = 0; i < t->n; i++)
                fprintf(f, "%d %u\n", t->reg[i],
                        t->m.port ? (uint32_t)t->m.port[i] * r->region +
                                        (uint32_t)t->m.offset[i]
                                  : (uint32_t)t->dom[i]);
        }
    if (fclose(f) == 0)
        rename(tmp, path);
    else
        remove(tmp);
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

static void *rt_create(const struct rf_env *env)
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
    r->map = env->p->bank_map;
    uint32_t mhz = env->p->clock_mhz;
    r->read_cyc = racetrack_cycles(config_f(c, CK_RACETRACK_READ_NS), mhz);
    r->write_cyc = racetrack_cycles(config_f(c, CK_RACETRACK_WRITE_NS), mhz);
    r->shift_cyc = racetrack_cycles(config_f(c, CK_RACETRACK_SHIFT_NS), mhz);
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
    r->t = ws_xcalloc((size_t)r->banks * r->tapes, sizeof *r->t);
    for (uint32_t i = 0; i < r->banks * r->tapes; i++)
        r->t[i].last = -1;
    r->st.hist = ws_xcalloc((size_t)r->region + 1, sizeof *r->st.hist);
    r->bus = env->bus;
    r->sm = env->sm;
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
    free(r->st.hist);
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
    r->R = l->regs_per_thread;
    r->W = l->ctas_per_sm * l->warps_per_cta;
    if (r->W > r->max_warps)
        r->W = r->max_warps;
    snprintf(r->kernel, sizeof r->kernel, "%s", l->k ? l->k->name : "?");
    r->ninst = l->k ? (uint32_t)l->k->ninst : 0;
    r->launch_no++;
    place_launch(r);
    r->s_stamp = 0;
    uint32_t threads = l->warps_per_cta * 32;
    struct occupancy o = occupancy_of(&r->sram, threads, l->regs_per_thread, 0);
    r->st.launches++;
    r->st.ctas += l->ctas_per_sm;
    r->st.warps += (uint64_t)l->ctas_per_sm * l->warps_per_cta;
    uint32_t cs = o.ctas_per_sm < l->ctas_per_sm ? o.ctas_per_sm : l->ctas_per_sm;
    r->st.ctas_sram += cs;
    r->st.warps_sram += (uint64_t)cs * l->warps_per_cta;
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

/* Grants free arbiter slots to banks with work, round-robin. */
static void arbitrate(struct rt *r, uint64_t now)
{
    uint32_t used = 0, waiting = 0;
    for (uint32_t b = 0; b < r->banks; b++)
        used += r->b[b].granted;
    for (uint32_t i = 0; i < r->banks; i++) {
        uint32_t b = (r->rr + i) % r->banks;
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
        struct tape *t = tape_of(r, b, k->cur.tape);
        uint32_t target = offset_of(r, k->cur.dom);
        uint32_t d = t->pos > target ? t->pos - target : target - t->pos;
        r->st.accesses++;
        r->st.hist[d <= r->region ? d : r->region]++;
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
    uint32_t v = r->R ? (uint32_t)k->cur.warp % (r->W ? r->W : 1) * r->R +
                            k->cur.reg
                      : 0;
    for (uint32_t i = 0; i < t->n; i++)
        if (t->reg[i] == (int32_t)v) {
            if (t->last >= 0)
                t->C[(size_t)t->last * t->n + i]++;
            t->last = (int32_t)i;
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

/* One shift step of bank b's tape is over. */
static void finish_step(struct rt *r, uint32_t b, enum step op, uint64_t now)
{
    struct bank *k = &r->b[b];
    struct tape *t = tape_of(r, b, k->op_tape);
    t->pos = (uint32_t)((int)t->pos + k->dir);
    k->last_dir = k->dir;
    k->step_at = now;
    k->step_op = op;
    bool pre = op == ST_PRESHIFT;
    if (pre)
        r->st.preshifts++;
    else
        r->st.shifts++;
    int type = pre ? r->ev_preshift : r->ev_shift;
    const struct req *q = pre ? head(k) : &k->cur;
    if (type >= 0 && ev_wanted(r->bus, (enum ev_type)type)) {
        struct ws_event e = { (uint16_t)type, (int16_t)r->sm,
                              q ? (int32_t)q->warp : -1, now,
                              q ? offset_of(r, q->dom) : 0, b, t->pos };
        evbus_deliver(r->bus, &e);
    }
}

/* Starts the next step of bank b, if it has one: for a granted bank a
   shift toward its access or the access itself; for an idle one a
   preshift step toward its head request. */
static void start_step(struct rt *r, uint32_t b, bool preshift)
{
    struct bank *k = &r->b[b];
    const struct req *q = k->granted ? &k->cur : preshift ? head(k) : NULL;
    if (!q)
        return;
    struct tape *t = tape_of(r, b, q->tape);
    uint32_t target = offset_of(r, q->dom);
    if (t->pos != target) {
        k->op = k->granted ? ST_SHIFT : ST_PRESHIFT;
        k->dir = target > t->pos ? 1 : -1;
        k->op_tape = q->tape;
        k->left = r->shift_cyc;
    } else if (k->granted) {
        k->op = ST_ACCESS;
        k->left = k->writing ? r->write_cyc : r->read_cyc;
    }
}

static void rt_tick(void *self, uint64_t now, rf_done_fn done, void *ctx)
{
    struct rt *r = self;
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
        if (k->op == ST_NONE)
            start_step(r, b, pre);
        if (k->op != ST_NONE) {
            if (k->op == ST_SHIFT)
                r->st.stall_cycles++;
            if (--k->left == 0) {
                enum step op = k->op;
                k->op = ST_NONE;
                if (op == ST_ACCESS)
                    finish_access(r, b, done, ctx);
                else
                    finish_step(r, b, op, now);
            }
        }
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

static void add_hist(struct jv *sec, const struct rt *r)
{
    struct jv *h = jv_get(sec, "shift_histogram");
    if (!h)
        h = jv_set(sec, "shift_histogram", jv_arr());
    while (h->n < (size_t)r->region + 1)
        jv_push(h, jv_int(0));
    for (uint32_t d = 0; d <= r->region; d++)
        h->items[d]->u.i += (int64_t)r->st.hist[d];
}

void racetrack_section(void *rf, void *l1, struct jv *sec)
{
    struct rt *r = rf;
    (void)l1;
    compute_S(r);
    const struct stats *s = &r->st;
    jv_add_int(sec, "accesses", (int64_t)s->accesses);
    jv_add_int(sec, "accesses_shifted", (int64_t)s->shifted);
    jv_add_int(sec, "shifts", (int64_t)s->shifts);
    jv_add_int(sec, "shift_stall_cycles", (int64_t)s->stall_cycles);
    jv_add_int(sec, "preshift_steps", (int64_t)s->preshifts);
    add_hist(sec, r);
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
    jv_add_int(sec, "launches", (int64_t)s->launches);
    jv_add_int(sec, "ctas_per_sm_sum", (int64_t)s->ctas);
    jv_add_int(sec, "ctas_per_sm_sram_sum", (int64_t)s->ctas_sram);
    jv_add_int(sec, "resident_warps_sum", (int64_t)s->warps);
    jv_add_int(sec, "resident_warps_sram_sum", (int64_t)s->warps_sram);
    jv_set(sec, "occupancy", jv_num(0));
    jv_set(sec, "occupancy_sram", jv_num(0));
}

void racetrack_facts(void *rf, void *l1, struct jv *sec)
{
    const struct rt *r = rf;
    (void)l1;
    char geo[200];
    snprintf(geo, sizeof geo,
             "%u banks x %u tapes x 1024 stripes x %u domains, %u ports (%u offsets each); read %u, write %u, shift step %u cycles",
             r->banks, r->tapes, r->domains, r->ports, r->region, r->read_cyc,
             r->write_cyc, r->shift_cyc);
    jv_set(sec, "geometry", jv_str(geo));
    jv_set(sec, "stripes_per_bank", jv_int((int64_t)r->tapes * 1024));
    jv_set(sec, "registers_per_tape", jv_int(r->domains));
    jv_set(sec, "shift_step_cycles", jv_int(r->shift_cyc));
    jv_set(sec, "read_cycles", jv_int(r->read_cyc));
    jv_set(sec, "write_cycles", jv_int(r->write_cyc));
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
    double l = jv_num_at(sec, "launches") * p->max_warps;
    jv_set(sec, "occupancy", jv_num(div0(jv_num_at(sec, "resident_warps_sum"), l)));
    jv_set(sec, "occupancy_sram",
           jv_num(div0(jv_num_at(sec, "resident_warps_sram_sum"), l)));
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
    baseline_l1_bill(p, items);
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
        st = bk->op == ST_ACCESS ? (bk->writing ? "writing" : "reading")
                                 : "shifting";
    else if (bk->op == ST_PRESHIFT && bk->op_tape == k)
        st = "preshifting";
    jv_set(o, "state", jv_str(st));
    bool pre = bk->step_at == now && bk->step_op == ST_PRESHIFT &&
               bk->op_tape == k;
    jv_set(o, "preshift", pre ? jv_str(bk->last_dir > 0 ? "right" : "left")
                              : jv_null());
    jv_set(o, "shifted_this_cycle",
           jv_bool(bk->step_at == now && bk->op_tape == k && bk->step_op != ST_NONE));
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
    jv_set(out, "preshift", jv_bool(r->preshift && now >= r->preshift_from));
    jv_set(out, "mapping", jv_str(r->optimized ? "optimized" : "direct"));
}

const struct rf_ops racetrack_rf_ops = {
    .name = "racetrack",
    .create = rt_create,
    .destroy = rt_destroy,
    .capacity = rt_capacity,
    .read = rt_read,
    .write = rt_write,
    .launch = rt_launch,
    .tick = rt_tick,
    .next_event = rt_next_event,
    .stats = rt_stats,
    .energy = rt_energy,
    .describe = rt_describe,
};

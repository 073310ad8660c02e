/*
** racetrack-internal.h - what the files of design racetrack share: the
** register file object (racetrack.c: placement, requests, the cycle;
** racetrack-view.c: statistics, energy, checks, the storage bill and
** what the panes and `info` show). Not for other modules.
*/
#ifndef WS_RACETRACK_INTERNAL_H
#define WS_RACETRACK_INTERNAL_H
#include "designs/racetrack.h"
#include "compile/rtmap.h"
#include "config/config.h"
#include "timing/occupancy.h"
#include "util/ring.h"

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
    /* bit b: bank b may have work (set when a request enters it, cleared
       by the tick once it has none); banks without work do nothing in a
       tick, so the tick visits only these */
    uint64_t active;
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

/* Helpers of racetrack.c the view needs. */
struct tape *racetrack_tape_of(struct rt *r, uint32_t b, uint32_t t);
uint32_t racetrack_offset_of(const struct rt *r, uint32_t dom);
const struct req *racetrack_head(const struct bank *k);
void racetrack_compute_S(struct rt *r);
uint32_t racetrack_resident_ctas(const struct seam_launch *l);
uint32_t racetrack_resident_warps(const struct rt *r,
                                  const struct seam_launch *l);
/* The key naming a launch's profile files: the configuration minus the
   mapping keys, the launch's number, the kernel and the placement. */
uint64_t racetrack_profile_key(const struct rt *r, uint32_t launch_no,
                               const char *kernel, uint32_t ninst,
                               uint64_t khash, uint32_t R, uint32_t W);
void racetrack_where(const struct rt *r, uint32_t w, uint32_t reg,
                     uint32_t *b, uint32_t *t, uint32_t *dom);
uint32_t racetrack_bank_counts(enum bank_map map, uint32_t banks, uint32_t W,
                               uint32_t R, uint32_t *count);

/* The part's hooks (racetrack.c: the model; racetrack-view.c: what it
   reports), gathered in racetrack-design.c. */
void *racetrack_create(const struct seam_env *env);
void racetrack_destroy(void *self);
uint32_t racetrack_capacity(void *self);
void racetrack_read(void *self, uint32_t w, uint32_t reg, uint32_t tag,
                    bool last);
void racetrack_write(void *self, uint32_t w, uint32_t reg, uint32_t tag);
void racetrack_launch(void *self, const struct seam_launch *l);
void racetrack_tick(void *self, uint64_t now);
uint64_t racetrack_next_event(void *self, uint64_t now);
void racetrack_stats(void *self, struct jv *o);
void racetrack_energy(void *self, const struct tparams *p, uint64_t cycles,
                      struct jv *o);
void racetrack_describe(void *self, uint64_t now, struct jv *out);

#endif

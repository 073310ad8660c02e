/*
** seams.h - where a design plugs into an SM.
** A design is up to four parts, each optional (NULL: the baseline's part,
** or nothing for the two that have no baseline):
**   register file  operand reads and result writes (struct rf_ops)
**   L1 data cache  line loads, stores, L2-bound requests (struct l1_ops),
**                  built on the miss queue and MSHR modules (missq.h,
**                  mshr.h) so a new data array need not copy them
**   lane part      sees every active lane's address of a global or shared
**                  access before coalescing and may serve lanes itself,
**                  hold them until its own fetches arrive, and send
**                  write-backs; it hears barriers, fences and CTA exits
**                  (struct lane_ops: per-lane caches)
**   scheduler part may a warp issue, a warp issued, the active pool
**                  changed, choose among ready warps (struct sched_ops:
**                  register-file caches with an active set)
** Every part has the same life-cycle and inspection hooks (struct
** part_ops: create, destroy, launch, admit, retire, tick, next_event,
** pending, stats, energy, describe, hash). Completions return through
** callbacks in struct seam_env. The SM pipeline (sm.c, ldst.c, sched.c)
** calls only these hooks; the panes draw only what describe produces. A
** design implementing several parts with one object returns the object
** made for the earlier part from create (env->rf, env->l1, ...).
** Nothing here names a design.
*/
#ifndef WS_SEAMS_H
#define WS_SEAMS_H
#include <stdbool.h>
#include <stdint.h>
#include "timing/event.h"
#include "timing/tparams.h"
#include "util/jval.h"

struct gpu;
struct mreq;
struct mreq_pool;
struct cache;
struct kimage;
struct fmemrec;
struct ws_config;
struct ws_diag;

/* What a design learns when a kernel starts on its SM. */
struct seam_launch {
    const struct kimage *k;
    uint32_t regs_per_thread;     /* 32-bit registers per thread */
    uint32_t warps_per_cta;
    uint32_t ctas_per_sm;         /* resident CTAs per SM (occupancy) */
    /* at most this many of them at once on one SM: the occupancy limit,
       or fewer when the grid is too small to give every SM that many
       (CTAs start one per SM per round, in turn) */
    uint32_t resident_ctas;
};

/* An SM's way to L2 (the GPU provides it; missq.h uses it): sending a
   copy of request r from SM sm's interconnect port (false: the port is
   busy this cycle), and the earliest cycle the port sends. */
struct l2_port {
    void *ctx;
    bool (*send)(void *ctx, uint32_t sm, const struct mreq *r, uint64_t now);
    uint64_t (*free_at)(void *ctx, uint32_t sm);
};

/* What every part gets when it is made: its SM and the ways back. */
struct seam_env {
    const struct tparams *p;
    uint32_t sm;
    struct evbus *bus;
    const struct l2_port *l2;     /* requests to L2 (missq.h) */
    uint64_t *cycle;              /* the GPU's cycle counter */
    /* The configuration, for a design's own keys: valid during create
       only (copy what is needed). */
    const struct ws_config *cfg;
    /* This SM's parts made so far (created in the order rf, l1, lane,
       sched; NULL for the ones not made yet or absent). */
    void *rf, *l1, *lane;
    /* Completions into the SM (ctx is the SM):
       rf_done   the register access `tag` (an instruction) completed;
       mem_done  data for memory operation `tag` arrived at `when`;
       wake      warp slot w's ability to issue may have changed (a
                 scheduler part's may_issue answer, for instance). */
    void *ctx;
    void (*rf_done)(void *ctx, uint32_t tag, bool write);
    void (*mem_done)(void *ctx, uint32_t tag, uint64_t when);
    void (*wake)(void *ctx, uint32_t w);
};

/* The hooks every part has. Only create and destroy are required. */
struct part_ops {
    const char *name;
    void *(*create)(const struct seam_env *env);
    void (*destroy)(void *self);
    /* A kernel starts (before its first CTA). */
    void (*launch)(void *self, const struct seam_launch *l);
    /* Before a launch (on SM 0's part: all are alike): WS_ERR with diag
       when the part cannot hold the launch the way its design places it;
       the launch is then refused. */
    int (*check_launch)(void *self, const struct seam_launch *l,
                        struct ws_diag *diag);
    /* Warp slots [first, first + n) arrived on the SM (their registers
       are allocated) or left it (their registers are dead). */
    void (*admit)(void *self, uint32_t first, uint32_t n);
    void (*retire)(void *self, uint32_t first, uint32_t n);
    /* One cycle of the part's own work. */
    void (*tick)(void *self, uint64_t now);
    /* The next cycle the part has work, UINT64_MAX when idle. */
    uint64_t (*next_event)(void *self, uint64_t now);
    /* Work in flight that keeps the SM busy after its last CTA (requests
       to send or expected back). */
    uint32_t (*pending)(void *self);
    /* Adds this SM's counters to the part's statistics object (rf: reads,
       writes, bank_conflicts; l1d: accesses, hits, misses, mshr_merges,
       ...): called once per SM on the same object. */
    void (*stats)(void *self, struct jv *obj);
    /* Adds this SM's energy in pJ, per component, over `cycles` cycles. */
    void (*energy)(void *self, const struct tparams *p, uint64_t cycles,
                   struct jv *obj);
    /* What the panes, `info` and ws.*() show, as of cycle now (the last
       simulated): adds keys to out. Read-only: must not change the model.
       Keys the panes draw, by part:
         rf    per_bank: [{queue, reads, writes, conflicts, busy_this_cycle,
                           conflicts_this_cycle}]
               array: {sets, ways, banks, entries: [[{state, owner, bank,
                       age}] per way] per set}   (entries coloured by state)
         l1    miss_queue, miss_queue_limit; a "state" and "owner" per line
               of sets_data
         any   grids: [{title, rows, cols, row_label, col_label,
                        cells: [[{s: state, t: text}]], legend: [{state,
                        label}], notes: [text]}]  (the generic grid pane)
               source_marks: {glyph, code, color, label, pcs: [pc]}
                        (instructions of the running kernel the Source
                        pane marks: register-interval heads, say)
    */
    void (*describe)(void *self, uint64_t now, struct jv *out);
    /* Folds the part's state into a running 64-bit FNV-1a hash (the
       state hash reverse execution and determinism checks compare).
       NULL: the hash covers what describe shows. */
    void (*hash)(void *self, uint64_t now, uint64_t *h);
};

/* ---- register file -------------------------------------------------- */

struct rf_ops {
    struct part_ops part;
    /* 32-bit registers the file offers resident warps (occupancy). */
    uint32_t (*capacity)(void *self);
    /* Queue a read (for the operand collector identified by tag) or a
       write (for the instruction identified by tag) of warp slot w's
       register r; env->rf_done reports each one's completion. last: the
       compiler's dead-operand bit, this read is the register's last use
       (its value is dead once read). */
    void (*read)(void *self, uint32_t w, uint32_t r, uint32_t tag,
                 bool last);
    void (*write)(void *self, uint32_t w, uint32_t r, uint32_t tag);
};

/* ---- L1 data cache -------------------------------------------------- */

enum l1_status {
    L1_HIT,        /* data ready at *ready */
    L1_PENDING,    /* env->mem_done(tag) will be called when it arrives */
    L1_SENT,       /* a store or request left; nothing will come back */
    L1_STALL,      /* no resource this cycle: try again later */
};

enum mreq_kind {
    MR_READ,       /* line (or sector) read */
    MR_WRITE,      /* store data */
    MR_ATOMIC,     /* atomic read-modify-write performed at L2 */
    MR_WRITEBACK,  /* dirty line leaving a cache */
};

/* One transaction of a memory operation, and who made it. */
struct l1_req {
    uint64_t addr;                /* line (or sector) address; stores: the
                                     first byte written */
    uint32_t bytes;               /* stores and bypasses: bytes moved */
    uint32_t tag;                 /* the memory operation (loads) */
    uint32_t warp;                /* warp slot */
    int32_t pc;                   /* instruction index in the kernel */
    bool local;                   /* local memory */
};

struct l1_ops {
    struct part_ops part;
    /* A load of one line. */
    enum l1_status (*load)(void *self, const struct l1_req *q, uint64_t now,
                           uint64_t *ready);
    /* A store of q->bytes bytes into one line. */
    enum l1_status (*store)(void *self, const struct l1_req *q,
                            uint64_t now);
    /* A request straight to L2 (an L1-bypassing read sector, an atomic). */
    enum l1_status (*bypass)(void *self, enum mreq_kind kind,
                             const struct l1_req *q, uint64_t now);
    /* A response from L2 for a request this L1 sent. */
    void (*response)(void *self, const struct mreq *r, uint64_t now);
    /* The kernel is over: write back what must survive it, invalidate
       everything (the L1 is not coherent). */
    void (*invalidate)(void *self);
    /* The cache to draw, or NULL. */
    const struct cache *(*view)(void *self);
    /* Optional: bytes of storage the L1 adds to the SM beyond the
       register file's (NULL: none, it lives in the register file's
       array). With the stats key valid_byte_cycles (bytes holding valid
       cache data, summed over cycles) it gives the on-chip utilisation. */
    uint64_t (*own_bytes)(void *self);
    /* Optional, both or neither: true when the last load, store or
       bypass stalled and nothing in the L1 has changed since, so the same
       request would stall again, with the same counts; restall then
       counts n more such stalls as if the request had been retried on n
       cycles. The LD/ST unit parks a stalled request on them instead of
       retrying it every cycle (without them it retries). */
    bool (*stall_holds)(void *self);
    void (*restall)(void *self, uint64_t n);
};

/* ---- lane part: per-lane accesses before coalescing ------------------ */

/* A warp's global or shared memory instruction, lane by lane. */
struct lane_req {
    const struct fmemrec *rec;    /* per-lane addresses, active lanes,
                                     size, space, store, atomic */
    uint32_t warp;                /* warp slot */
    uint32_t cta;                 /* CTA slot */
    int32_t pc;
    bool uncached;                /* volatile, .cg or .cv: must bypass */
    uint32_t tag;                 /* the memory operation: env->mem_done's
                                     and arrived's tag */
};

/* Room for write-backs in one reply: 32 lanes x 64 lines each. */
#define LANE_MAX_EXTRA 2048

/* What the lane part did with it. Lanes in neither `served` nor `held`
   go on as usual (coalesced into L1 or shared-memory transactions). */
struct lane_reply {
    uint32_t served;              /* lanes answered by the part */
    uint64_t ready;               /* loads: when the served lanes' data is
                                     ready */
    /* Lanes the part answers later (data still on its way to it): it
       calls env->mem_done(tag) once, when all of them are ready. */
    uint32_t held;
    /* Call arrived(tag) when every answer of this operation is in (the
       part fetched lines with it and waits for them). */
    bool notify;
    /* Shared memory: the bank waves the remaining lanes take when the
       part fetches more than their own words (0: their bank-conflict
       degree). */
    uint32_t waves;
    /* Transactions the part sends before the rest (write-backs of dirty
       data it evicted): line address, bytes and state space (KS_GLOBAL:
       a store into L1, coalesced per L1 line; KS_SHARED: shared-memory
       bank writes, one wave per row of banks). Only the first nextra
       entries are read. */
    uint32_t nextra;
    uint64_t extra[LANE_MAX_EXTRA];
    uint32_t extra_bytes[LANE_MAX_EXTRA];
    uint8_t extra_space[LANE_MAX_EXTRA];
};

/* An empty reply (the arrays are left as they are: only the first nextra
   entries count). */
static inline void lane_reply_init(struct lane_reply *r)
{
    r->served = r->held = r->waves = r->nextra = 0;
    r->ready = 0;
    r->notify = false;
}

struct lane_ops {
    struct part_ops part;
    /* Called when the instruction issues (after its functional
       execution filled the addresses). */
    void (*access)(void *self, const struct lane_req *q, uint64_t now,
                   struct lane_reply *out);
    /* Memory operation `tag`, whose reply asked for it (notify), has all
       its answers: the lines it fetched are in. */
    void (*arrived)(void *self, uint32_t tag, uint64_t now);
    /* A barrier of CTA slot cta released (every warp arrived), or the CTA
       exited: out lists the write-backs to send (nextra); the warps of a
       barrier resume when they have left the LD/ST unit. */
    void (*barrier)(void *self, uint32_t cta, uint64_t now,
                    struct lane_reply *out);
    void (*cta_exit)(void *self, uint32_t cta, uint64_t now,
                     struct lane_reply *out);
    /* Warp slot w of CTA slot cta issued a memory fence (membar, fence):
       out lists the write-backs to send; the warp resumes when they have
       left the LD/ST unit. */
    void (*fence)(void *self, uint32_t w, uint32_t cta, uint64_t now,
                  struct lane_reply *out);
    /* The kernel is over. */
    void (*invalidate)(void *self);
};

/* ---- scheduler part ------------------------------------------------- */

struct sched_ops {
    struct part_ops part;
    /* The name statistics, the panes and events give the stall reason of
       the warps it holds back ("prefetch" for warps waiting for their
       registers, say); NULL: "design". */
    const char *hold;
    /* May warp slot w issue its instruction at pc now? A warp held back
       waits under the stall reason `hold` until the part calls
       env->wake(w). The scheduler asks only when something about the warp
       changed (it issued, a result it waits for arrived, it entered the
       active pool...): a part whose answer changes for another reason
       calls env->wake(w). NULL: always. */
    bool (*may_issue)(void *self, uint32_t w, int32_t pc);
    /* Warp slot w issued the instruction at pc (before it executes) and
       will be at next_pc after it (-1 if it exited). */
    void (*issued)(void *self, uint32_t w, int32_t pc, int32_t next_pc,
                   uint64_t now);
    /* Two-level scheduling: warp slot w entered or left the active pool. */
    void (*pool_enter)(void *self, uint32_t w, uint64_t now);
    void (*pool_leave)(void *self, uint32_t w, uint64_t now);
};

/* ---- a design -------------------------------------------------------- */

/* One SM's objects of a design's parts (NULL for a part it lacks). */
struct design_parts {
    void *rf, *l1, *lane, *sched;
};

struct design {
    const char *name;
    const char *summary;          /* one line for --help and docs */
    const struct rf_ops *rf;      /* NULL: the baseline banked file */
    const struct l1_ops *l1;      /* NULL: the baseline L1D */
    const struct lane_ops *lane;  /* NULL: none */
    const struct sched_ops *sched;/* NULL: none */
    /* The TUI layout the design opens with (a layout name of docs/tui.md:
       "design" shows its grids in the Design pane), NULL: "default". */
    const char *layout;
    /* The prefix of the design's own configuration keys in keys.h
       ("cerf" for cerf.*), NULL if it has none: `--help config` groups
       them under the design. */
    const char *keys;
    /* Optional: the design's own statistics section (JSON key `name`).
       section adds one SM's counters (called per SM on the same object;
       the lane and scheduler parts' stats hooks add theirs there too);
       ratios derives rates and averages from the sums (also from a
       launch's differences) over `cycles` kernel cycles; all is the whole
       statistics object (its common sections' ratios already derived). */
    void (*section)(const struct design_parts *sp, struct jv *sec);
    void (*ratios)(struct jv *sec, const struct jv *all,
                   const struct tparams *p, uint64_t cycles);
    /* Optional: constraints between the design's keys and the machine,
       checked before anything is built (WS_ERR with diag naming the
       keys). */
    int (*check)(const struct ws_config *cfg, const struct tparams *p,
                 struct ws_diag *diag);
    /* Optional: values that describe the design rather than count events
       (geometry, policy, storage, a launch's partition): set once, from
       SM 0, after the counters (never differenced per launch). */
    void (*facts)(const struct design_parts *sp, struct jv *sec);
    /* Optional: registers the design's events (ev_register_fields) so
       scenarios can subscribe before any SM exists. */
    void (*events)(void);
    /* Optional: the storage bill of one SM under this configuration
       (SPEC 5, `warpscope inspect --cost`): pushes one object per part,
       {part, bits, note}, onto the array items. */
    void (*cost)(const struct ws_config *cfg, const struct tparams *p,
                 struct jv *items);
    /* Optional: 32-bit registers per SM the design's register file
       offers (NULL: sm.registers), known before anything is built. */
    uint32_t (*registers)(const struct ws_config *cfg);
};

#endif

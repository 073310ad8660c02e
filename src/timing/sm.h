/*
** sm.h - one streaming multiprocessor, cycle by cycle.
** Each cycle, in reverse pipeline order so that an instruction advances
** at most one stage: results write back through the register file (its
** arbiter serves writes before reads), operand collectors that have all
** their operands dispatch to an SP, SFU or LD/ST unit (each accepts one
** warp-instruction per initiation interval), the LD/ST unit sends one
** memory transaction, and each warp scheduler issues at most one
** instruction. An instruction executes functionally when it issues (its
** values and addresses are then known); the pipeline decides when its
** results are available: a scoreboard holds back a warp whose next
** instruction reads or writes a register still being produced.
*/
#ifndef WS_SM_H
#define WS_SM_H
#include <stdbool.h>
#include <stdint.h>
#include "func/exec.h"
#include "timing/coalesce.h"
#include "timing/seams.h"

#define SM_MAX_SRC 12
#define SM_MAX_DST 8
#define SM_REG_WORDS 4            /* scoreboard: 256 registers */

/* Per kernel instruction, what the timing model needs (built once). */
struct tinst {
    uint8_t cls;                  /* enum tclass */
    uint8_t nsrc, ndst;
    uint16_t src[SM_MAX_SRC];     /* physical registers read */
    uint16_t last;                /* bit k: src[k] dies here (dead bit) */
    uint16_t dst[SM_MAX_DST];     /* physical registers written */
    uint64_t regs[SM_REG_WORDS];  /* every register read or written */
    uint64_t preds;               /* predicates read or written */
    uint64_t dpreds;              /* predicates written */
    bool load;                    /* LD/ST result comes from memory */
    bool global;                  /* reads or writes global memory (or a
                                     generic address): see sm_cycle */
};

enum stall {
    STALL_NONE,         /* issued */
    STALL_IDLE,         /* no warp assigned */
    STALL_BARRIER,      /* every warp waits at a barrier or has exited */
    STALL_MEMORY,       /* waits for a value a load brings */
    STALL_RAW,          /* waits for an arithmetic result */
    STALL_STRUCTURAL,   /* no collector / LD/ST slot free */
    STALL_BANK,         /* collectors held up by register bank conflicts */
    STALL_DESIGN,       /* held back by the design's scheduler part */
    STALL_FETCH,        /* no instruction in its buffer (sm.ibuffer) */
    STALL__COUNT
};

const char *stall_name(enum stall s);
struct sm;
/* The name of stall reason k on SM s: stall_name, but the design's own
   name for STALL_DESIGN (its scheduler part's `hold`). */
const char *sm_stall_name(const struct sm *s, enum stall k);
/* A warp's state as event warp.state reports it (-1: no warp in the slot):
   "ready", "exited", "barrier", "memory", "raw", "design", "fetch" or
   "absent". */
const char *warp_state_name(int s);

#define RS_ABSENT 0xff                /* readiness of an empty warp slot */
#define SCHED_KINDS 4                 /* next units: sched.c K_* */
#define SCHED_MAX_WORDS 32            /* 2048 warps per scheduler */

/* One warp scheduler's view of its warps (sched.c). */
struct sched {
    uint32_t n, words;            /* its warp slots, bitset words */
    uint64_t *ready[SCHED_KINDS]; /* ready warps by next unit: SP, LD/ST,
                                     none (control), SFU */
    uint64_t *pool;               /* two-level: the active pool */
    uint32_t in_pool;
    uint32_t cnt[STALL__COUNT];   /* waiting warps by reason */
    uint32_t nready;              /* ready warps (bits set in ready[]) */
    uint32_t last;                /* last issued (index among its warps) */
    bool last_mem;                /* ... and it was a memory instruction */
};

struct twarp {
    bool used;
    bool in_pool;                 /* two-level scheduling: active */
    uint8_t rs, kind;             /* readiness (enum stall, RS_ABSENT) and
                                     next unit, as sched.c last saw them */
    int32_t cta;                  /* CTA slot */
    int32_t pc;                   /* fw's next instruction (-1: exited) */
    bool at_bar;                  /* fw waits at a barrier (sm.c's
                                     warp_follow keeps both up to date) */
    struct fwarp *fw;
    uint64_t age;                 /* dispatch order: lower is older */
    uint64_t sb[SM_REG_WORDS];    /* registers being produced */
    uint64_t sbmem[SM_REG_WORDS]; /* ... by a load */
    uint64_t sbp;                 /* predicates being produced */
    uint64_t live[SM_REG_WORDS];  /* registers holding a value still to be
                                     read (written, no last read yet) */
    uint32_t inflight;            /* issued, not yet complete */
    /* instruction buffer (fetch.c, sm.ibuffer > 0) */
    uint8_t ib_n;                 /* instructions buffered */
    int32_t ib_pc;                /* pc of the first */
    uint64_t ib_flush;            /* flushed: no fetch before this cycle */
    uint32_t hold;                /* write-backs of a barrier or fence it
                                     waits for (operations in the LD/ST
                                     unit) */
    uint32_t missing;             /* two-level: its memory operations with
                                     an L1D miss outstanding */
};

struct tcta {
    bool used;
    struct fcta fc;
    uint32_t first, nwarps;       /* warp slots [first, first + nwarps) */
    uint32_t regs, shared, threads;
    uint64_t id;                  /* linear CTA index in its grid */
};

struct inst {
    int32_t next;                 /* free list / queue link */
    int32_t warp, pc;
    uint8_t cls, nread, nwritten;
    uint8_t nsrc, ndst;           /* its tinst's operand counts */
    bool collecting;
    bool reads_asked;             /* its operand reads are queued */
    uint64_t issued;              /* cycle it issued */
    uint64_t read_done;           /* cycle its last operand was read */
    uint64_t ready;
    int32_t mem;                  /* memory operation, or -1 */
    uint64_t seq;
};

enum mem_kind { MK_LOAD, MK_STORE, MK_ATOMIC };

struct memop {
    struct fmemrec rec;
    uint32_t lanes;               /* lanes left to the caches after the
                                     design's lane part served some */
    uint8_t kind, space;
    bool local, bypass, started;
    bool notify;                  /* tell the lane part when answered */
    uint32_t hold_first, hold_n;  /* warp slots waiting for it to leave */
    bool missed;                  /* a transaction missed in the L1D (counted
                                     in its warp's `missing`) */
    uint32_t ntx, next_tx, outstanding;
    uint32_t shmem_left;
    uint64_t tx[COALESCE_MAX];
    uint32_t txb[COALESCE_MAX];
    uint8_t txo[COALESCE_MAX];    /* stores: offset of the first byte
                                     written in the segment */
    int32_t inst;
    int32_t next;
};

struct tqueue {                   /* FIFO of inst indices */
    int32_t head, tail;
    uint32_t n;
};

struct sm_stats {
    uint64_t warp_insts, thread_insts;   /* of retired CTAs */
    uint64_t cycles_active;       /* cycles with a resident CTA */
    uint64_t warp_cycles;         /* sum over cycles of resident warps */
    uint64_t issued, stalls[STALL__COUNT];
    uint64_t shmem_accesses, shmem_conflicts;
    uint64_t shmem_waves;         /* bank waves performed (energy) */
    uint64_t ctas;
    /* over cycles: live and allocated warp registers (one register of
       every thread of a warp) */
    uint64_t live_reg_cycles, alloc_reg_cycles;
};

struct gpu;

/* One part of the SM's design (seams.h), for the hooks every part has. */
struct sm_part {
    const struct part_ops *ops;
    void *self;
};

struct timed_item {               /* a memory operation answered at ready */
    uint64_t ready, seq;
    int32_t mo;
};

struct sm {
    uint32_t id;
    const struct tparams *p;
    struct evbus *bus;
    uint64_t *g_cycle;
    /* the launch running (set by the GPU) */
    const struct flaunch *launch;
    const struct tinst *tinst;
    struct dmem *mem;
    uint32_t retired;             /* CTAs finished, not yet collected by
                                     the GPU */
    /* the design's parts (seams.h) */
    const struct rf_ops *rfo;
    void *rf;
    const struct l1_ops *l1o;
    void *l1;
    const struct lane_ops *laneo; /* NULL: none */
    void *lane;
    struct lane_reply *lrep;      /* the lane part's replies (with laneo) */
    const struct sched_ops *scho; /* NULL: none */
    void *schp;
    struct sm_part parts[4];      /* every part made, in creation order */
    uint32_t nparts;
    /* residents */
    struct twarp *w;              /* p->max_warps slots */
    uint64_t *wused;              /* bit per slot: w[i].used, so a pass
                                     over the warps skips empty slots */
    uint64_t *wempty;             /* bit per slot: used, its instruction
                                     buffer empty and not known to have
                                     finished (fetch.c's candidates) */
    struct tcta *cta;             /* p->max_ctas slots */
    uint32_t nctas, nwarps, threads, regs, shared;
    uint32_t nlive;               /* live warp registers (twarp.live) */
    /* schedulers */
    struct sched *sch;
    /* instructions */
    struct inst *in;
    uint32_t nin;
    int32_t free_in;
    uint32_t collectors_used;
    uint32_t pool_used[3];        /* per collector pool (SM_POOL_*) */
    struct tqueue collecting;     /* in collectors, in issue order */
    struct tqueue exec[TC__COUNT];/* executing, per class (FIFO by ready) */
    uint64_t exec_due;            /* the earliest ready of their heads */
    uint64_t *sp_free, *sfu_free; /* per unit: cycle it accepts again */
    uint64_t ldst_free;
    struct tqueue wb;             /* results waiting for register writes */
    /* LD/ST unit */
    struct memop *mo;
    uint32_t nmo;
    int32_t free_mo;
    int32_t ldst_head, ldst_tail; /* memory operations not yet sent */
    uint32_t ldst_n;
    /* the head's last L1 request stalled at park_from - 1 and waits for
       the L1 to change: its retries from park_from on are counted when
       the SM next runs (ldst_catch_up), not made */
    bool ldst_parked;
    uint64_t park_from;
    struct timed_item *timed;     /* min-heap by (ready, seq) */
    /* the LD/ST unit reports an instruction's memory operation done */
    void (*complete)(struct sm *s, int32_t i);
    uint32_t ntimed, captimed;
    bool bank_stalled;            /* collectors saw conflicts this cycle */
    /* the fetch stage (fetch.c): last cycle's fetch, decoded this cycle */
    bool fetching;
    uint32_t fetch_warp, fetch_last;
    int32_t fetch_pc;
    uint8_t *why;                 /* per scheduler: last cycle's outcome */
    uint64_t next_due;            /* the GPU runs sm_cycle from here on */
    uint64_t acct;                /* cycles before this are counted */
    bool progressed;              /* anything happened this cycle */
    /* sim.threads: this cycle stops before issuing an instruction that
       reads or writes global memory, which sm_cycle_finish then issues
       (resume_k: its scheduler, -1 when the cycle is complete) */
    bool defer_global;
    int32_t resume_k, resume_wi;
    uint64_t seq;
    struct sm_stats st;
};

/* Builds the SM with design d's parts (a NULL register file or L1 part:
   the baseline's). */
void sm_init(struct sm *s, uint32_t id, const struct tparams *p,
             const struct design *d, const struct ws_config *cfg,
             struct evbus *bus, uint64_t *cycle, const struct l2_port *l2);
void sm_free(struct sm *s);

/* Can a CTA needing these resources start here now? */
bool sm_fits(const struct sm *s, uint32_t threads, uint32_t warps,
             uint32_t regs, uint32_t shared);
/* Starts CTA `id` of launch L (the caller checked sm_fits). */
void sm_add_cta(struct sm *s, const struct flaunch *L, uint64_t id,
                const uint32_t ctaid[3], uint32_t regs_per_thread);

/*
** One cycle. Returns WS_ERR (diag filled) on a kernel fault. Finished
** CTAs are counted in s->retired (also when a response completes them).
** With s->defer_global the cycle stops before issuing an instruction
** that reads or writes global memory (s->resume_k >= 0 then), and
** sm_cycle_finish issues the rest, sm_cycle_end runs the fetch stage:
** the GPU runs several SMs' cycles at once (sim.threads), since no other
** SM's state is touched there, and the issue of what reads or writes
** global memory one SM after another, in SM order.
*/
int sm_cycle(struct sm *s, uint64_t now, struct ws_diag *diag);
int sm_cycle_finish(struct sm *s, uint64_t now, struct ws_diag *diag);
void sm_cycle_end(struct sm *s, uint64_t now);

/*
** Counts cycles [s->acct, upto) in which sm_cycle was not run because
** nothing could happen: each repeats the last simulated cycle's stall
** reasons and residency.
*/
void sm_account(struct sm *s, uint64_t upto);

/* Next cycle this SM has something to do, UINT64_MAX if idle. */
uint64_t sm_next_event(struct sm *s, uint64_t now);

/* A response from L2 for this SM. */
void sm_response(struct sm *s, const struct mreq *r, uint64_t now);

/* Resident CTAs and work in flight. */
bool sm_busy(const struct sm *s);

/* Calls hook `h` (a struct part_ops member taking (self, args...)) of
   every part of SM s that has it. */
#define SM_PARTS(s, h, ...)                                                    \
    do {                                                                       \
        for (uint32_t p_ = 0; p_ < (s)->nparts; p_++)                          \
            if ((s)->parts[p_].ops->h)                                         \
                (s)->parts[p_].ops->h((s)->parts[p_].self, __VA_ARGS__);       \
    } while (0)

/* Work the design's parts still have in flight. */
uint32_t sm_parts_pending(const struct sm *s);
/* The SM's objects of its design's parts. */
static inline struct design_parts sm_design_parts(const struct sm *s)
{
    return (struct design_parts){ s->rf, s->l1, s->lane, s->schp };
}

#endif

/*
** cerf-internal.h - what the files of design cerf share: the design
** object (cerf.c: register and cache accesses; cerf-view.c: statistics,
** inspection, constraints and the storage bill). Not for other modules.
*/
#ifndef WS_CERF_INTERNAL_H
#define WS_CERF_INTERNAL_H
#include "designs/cerf.h"
#include "timing/missq.h"
#include "timing/mshr.h"
#include "util/ring.h"

struct rreq {                 /* a queued register access */
    uint32_t w, r, tag;
    bool last;
    bool refilled;            /* a read that waited for its register's fill */
};
typedef RING(struct rreq) rq_t;

struct due {                  /* a data access granted, done at `at` */
    uint64_t at;
    uint32_t tag;
    bool write;
};

struct fwait {                /* a read waiting for its register's fill */
    uint32_t wr;
    struct rreq q;
};

/* Kinds of replacement (the displaced entry's kind, then the newcomer's). */
enum { RP_RR, RP_RC, RP_CR, RP_CC };
extern const char *const cerf_cerf_rp_names[4];
extern const char *const cerf_cerf_tr_names[16];

struct cstats {
    uint64_t reads, writes, reg_hits, cold;   /* register accesses */
    uint64_t refilled;                        /* reads that waited for a
                                                 fill after a spill */
    uint64_t spills, fills, freed;            /* freed: dead-operand bits */
    uint64_t loads, hits, misses, merges, stores, store_hits, bypass, stalls;
    uint64_t cache_fills, fills_uncached, writebacks;
    uint64_t repl[4], array_writes;
    uint64_t tag_lookups, tag_writes, data_reads, data_writes;
    uint64_t bank_conflicts, tag_conflicts, ldst_bank_conflicts;
    /* time integrals over kernel cycles (entries x cycles) */
    uint64_t state_cycles[4];
};

struct cerf {
    struct seam_env env;
    const struct tparams *p;
    enum write_policy wpol_global, wpol_local;
    uint32_t sm, registers, nwr, rpt, per_tb;
    uint32_t tag_cycles;          /* cerf.tag_stage_cycles */
    struct cerf_array a;
    rq_t *rd, *wr;                /* per data bank */
    uint32_t pending;             /* queued register accesses */
    /* bitset over data banks: set when an access enters the bank's
       queues, cleared by the tick once they are empty (an empty bank
       does nothing in a tick, so the tick visits only these) */
    uint64_t *active;
    RING(struct due) due;
    struct fwait *fw;             /* reads waiting for fills */
    uint32_t nfw, capfw;
    uint8_t *spilled, *filling;   /* per warp register */
    /* this cycle's tag lookups and data-bank grants (for LD/ST) */
    uint64_t cyc;
    uint32_t *tag_used;
    uint64_t *bank_used;          /* bitset over data banks */
    uint64_t *served_at;          /* per data bank: last cycle it served */
    uint32_t *waited_at;
    uint64_t *bank_reads, *bank_writes, *bank_conflicts;
    struct missq mq;              /* requests to L2 */
    struct mshr_table mshr;       /* cache misses (memory-operation tags) */
    bool running;
    uint64_t last;                /* time integrals are done up to here */
    struct cstats st;
    int ev_state, ev_spill, ev_fill, ev_replace;
};

static inline uint64_t now_of(const struct cerf *c)
{
    return *c->env.cycle;
}

/* The hooks cerf-view.c implements for the ops tables of cerf.c. */
void cerf_rf_stats(void *self, struct jv *o);
void cerf_l1_stats(void *self, struct jv *o);
void cerf_energy(void *self, const struct tparams *p, uint64_t cycles,
                 struct jv *o);
void cerf_rf_describe(void *self, uint64_t now, struct jv *out);
void cerf_l1_describe(void *self, uint64_t now, struct jv *out);

#endif

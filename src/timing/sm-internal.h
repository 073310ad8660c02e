/*
** sm-internal.h - shared by the SM's files (sm.c, ldst.c) only.
*/
#ifndef WS_SM_INTERNAL_H
#define WS_SM_INTERNAL_H
#include "timing/sm.h"

#define SM_LDST_QUEUE 16          /* memory operations waiting for the unit */

void tq_init(struct tqueue *q);
void tq_push(struct sm *s, struct tqueue *q, int32_t i);
int32_t tq_pop(struct sm *s, struct tqueue *q);

/* Execution of instruction i is over (its memory operation too); the
   LD/ST unit calls it through s->complete. */
void sm_complete(struct sm *s, int32_t i);

/* Warp schedulers (sched.c). */
void sched_init(struct sm *s);
void sched_free(struct sm *s);
/* Warp slot wi's readiness may have changed. */
void sched_update(struct sm *s, uint32_t wi);
void sched_update_cta(struct sm *s, const struct tcta *t);
/* Two-level: wi issued a long-latency load. */
void sched_leave_pool(struct sm *s, uint32_t wi);
/* Why scheduler q issues nothing when none of its warps is ready: the
   most pressing reason one of them waits. */
static inline enum stall sched_waiting_for(const struct sched *q)
{
    if (q->cnt[STALL_MEMORY])
        return STALL_MEMORY;
    if (q->cnt[STALL_RAW])
        return STALL_RAW;
    if (q->cnt[STALL_FETCH])
        return STALL_FETCH;
    if (q->cnt[STALL_DESIGN])
        return STALL_DESIGN;
    if (q->cnt[STALL_BARRIER])
        return STALL_BARRIER;
    return STALL_IDLE;
}
/* sched_pick's choice among ready warps (sched.c). */
int32_t sched_pick_any(struct sm *s, uint32_t k, enum stall *why);
/* The warp slot scheduler k issues from now, or -1 with *why set (at
   once when none of its warps is ready, the usual cycle of a stalled SM;
   two-level scheduling first refills its pool). */
static inline int32_t sched_pick(struct sm *s, uint32_t k, enum stall *why)
{
    const struct sched *q = &s->sch[k];
    if (!q->nready && s->p->policy != SCHED_TWO_LEVEL) {
        *why = sched_waiting_for(q);
        return -1;
    }
    return sched_pick_any(s, k, why);
}

/* Instruction fetch (fetch.c). */
/* True if warp w's buffer holds the instruction at pc. */
static inline bool fetch_holds(const struct sm *s, const struct twarp *w,
                               int32_t pc)
{
    return !s->p->ibuffer || (w->ib_n > 0 && w->ib_pc == pc);
}
void fetch_issued(struct sm *s, uint32_t wi, int32_t pc, int32_t next,
                  uint64_t now);
/* Decode last cycle's fetch, then fetch for one warp (after issue).
   Returns the warp slot whose buffer the decode filled (its scheduler
   state must be updated), or -1. */
int32_t fetch_cycle(struct sm *s, uint64_t now);
uint64_t fetch_next_event(const struct sm *s, uint64_t now);

/* LD/ST unit (ldst.c). */
int32_t mo_alloc(struct sm *s);
void mo_release(struct sm *s, int32_t mo);
/* Records what instruction i (kinst ki) accesses, after fx_step filled the
   addresses; the design's lane part, if any, sees the lanes first. */
void mo_setup(struct sm *s, int32_t mo, int32_t i, const struct kinst *ki,
              uint64_t now);
/* Queues the write-backs a lane part asked for (r->nextra) as memory
   operations of no instruction, ahead of those not yet queued. Warp
   slots [first, first + n) wait until they have left the unit. */
void mo_extra(struct sm *s, const struct lane_reply *r, uint32_t first,
              uint32_t n);
/* What the lane part hears besides accesses (seams.h). */
enum lane_flush { LF_BARRIER, LF_CTA_EXIT, LF_FENCE };
/* Tells the lane part (if it has the hook) that CTA slot cta released a
   barrier, exited, or that its warp slot w issued a fence; queues the
   write-backs it asks for, which warp slots [first, first + n) wait
   for. */
void mo_lane_flush(struct sm *s, enum lane_flush what, uint32_t cta,
                   uint32_t w, uint32_t first, uint32_t n, uint64_t now);
/* The operation's operands are read: it enters the unit's queue. */
void mo_enqueue(struct sm *s, int32_t mo);
/* One answer (L1 fill or L2 response) for the operation arrived. */
void mo_answered(struct sm *s, int32_t mo);
/* Answers due by now (L1 hits, shared memory, constants). */
void mo_timed(struct sm *s, uint64_t now);
/* Earliest due answer, UINT64_MAX if none. */
uint64_t mo_next(const struct sm *s);
/* The unit sends at most one transaction per cycle. */
void ldst_cycle(struct sm *s, uint64_t now);
/* The parked head's retries of the cycles before upto, counted. */
void ldst_catch_up(struct sm *s, uint64_t upto);
/* The head is parked and its L1 unchanged: the unit waits for the L1
   (its tick or a response), not for the next cycle. */
bool ldst_waits(const struct sm *s);

#endif

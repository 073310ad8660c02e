/*
** dram-cmd.c - the command-level DRAM channel (dram.model = command; see
** dram-cmd.h and docs/dram.md): GPGPU-Sim's GDDR model, DRAM cycle by
** DRAM cycle.
**
** Each DRAM cycle, in GPGPU-Sim's order: the read/write pipeline hands one
** finished column access on (a read's data CL cycles after its column
** command, a write's WL), the return queue hands one completed read to
** the L2, the FR-FCFS scheduler gives at most one idle bank its next
** request (the oldest request of the row the bank last opened while there
** is one, else the bank's oldest), and the command bus carries at most one
** column and one row command (banks tried in a rotating priority order,
** the column command first): a column command needs its bank's row open,
** tRCD since the activate, tCCD since any column command (tCCDL in its
** bank group) and the read/write turnaround; an activate needs the bank
** precharged, tRP, tRC since the bank's last activate and tRRD since any
** activate; a precharge needs tRAS since the activate and the read or
** write recovery (tRTP, tWTP). A column command moves `atom` bytes, so a
** smaller request costs a whole one. Each constraint is kept as the DRAM
** cycle from which it allows the command (GPGPU-Sim's counters, counted
** down every cycle, reach zero at the same cycle).
**
** Core cycles and DRAM cycles interleave by their clocks: DRAM cycle k
** belongs to core cycle floor(k x core / dram). dram_tick(now) runs the
** DRAM cycles of core cycles up to now, skipping those in which nothing
** can happen (next_action), so ticking with gaps gives the same result, and
** dcmd_next_event bounds the next completion so that the GPU need not
** visit the cycles before it. Deterministic; no allocation after dcmd_new.
*/
#include "timing/dram-cmd.h"
#include "util/invariant.h"
#include "util/xalloc.h"
#include <stdlib.h>
#include <string.h>

#define NONE (-1)

enum where { W_FREE, W_QUEUED, W_BANK, W_RWQ, W_RETURN, W_DONE };

struct creq {
    struct dram_req req;
    uint64_t row;
    uint32_t bank;
    uint32_t txbytes, dqbytes;  /* bytes commanded, bytes transferred */
    uint64_t seq;               /* arrival order */
    uint64_t done_at;           /* W_DONE: core cycle it completed */
    int32_t next;               /* bank queue / FIFO link */
    int32_t dnext;              /* W_DONE: the next in the done list */
    uint8_t where;
};

struct cbank {
    bool active;
    uint64_t row;               /* the row last opened (0 initially) */
    int32_t mrq;                /* request in service, or NONE */
    int32_t head, tail;         /* queued requests, oldest first */
    bool streak;                /* serving the queued requests of `row` */
    uint64_t streak_row;
    /* the DRAM cycle from which each constraint allows a command */
    uint64_t RCDk, RCDWRk, RASk, RCk, RPk, WTPk, RTPk;
    uint64_t activated;         /* core cycle of the last activate */
};

struct cgroup {
    uint64_t CCDLk, RTPLk;
};

/* One column access travelling through the read/write pipeline. */
struct rwslot {
    int32_t req;
    uint64_t due;               /* DRAM cycle it leaves the pipeline */
};

struct dcmd {
    struct dram_cfg cfg;
    uint32_t id;
    uint32_t bl;                /* DRAM cycles of data per column command */
    uint32_t tRTW, tWTR, tWTP, tRCDWR;
    struct creq *r;
    uint32_t nr;                /* slots */
    uint32_t held;              /* slots in use */
    uint32_t queued;            /* W_QUEUED: the scheduler's queue */
    uint64_t seq;
    struct cbank *bk;
    struct cgroup *grp;
    uint64_t CCDk, RRDk, RTWk, WTRk;   /* as cbank's */
    uint64_t serving;           /* bit j: bank j has a request (mrq) */
    uint64_t waiting;           /* bit j: bank j has queued requests */
    bool writing;               /* the pipeline's direction */
    uint32_t prio;
    struct rwslot *rwq;         /* ring of rwq_cap */
    uint32_t rwq_cap, rwq_head, rwq_n;
    int32_t *retq;              /* ring of return_queue */
    int32_t done;               /* W_DONE requests by (done_at, seq), the
                                   order dcmd_pop hands them on in */
    uint32_t ret_head, ret_n;
    uint64_t k;                 /* next DRAM cycle to run */
    uint64_t bus_cycles;        /* DRAM cycles of data moved (popped) */
    struct dram_stats st;
};

/* i mod n for i < 2n, and i + 1 mod n for i < n: the indices of the
   circular queues and the bank rotation, without a division. */
static inline uint32_t wrap(uint32_t i, uint32_t n)
{
    return i < n ? i : i - n;
}

static inline uint32_t wrap1(uint32_t i, uint32_t n)
{
    return wrap(i + 1, n);
}

/* The core cycle DRAM cycle k belongs to. */
static uint64_t core_of(const struct dcmd *d, uint64_t k)
{
    return k * d->cfg.core_mhz / d->cfg.dram_mhz;
}

/* The first DRAM cycle of core cycle c. */
static uint64_t first_of(const struct dcmd *d, uint64_t c)
{
    return (c * d->cfg.dram_mhz + d->cfg.core_mhz - 1) / d->cfg.core_mhz;
}

static void run_until(struct dcmd *d, uint64_t end);

struct dcmd *dcmd_new(const struct dram_cfg *c, uint32_t id)
{
    struct dcmd *d = ws_xcalloc(1, sizeof *d);
    d->cfg = *c;
    d->id = id;
    d->bl = c->burst * c->atom / 32;
    /* GPGPU-Sim's derived timings */
    d->tRTW = c->tCL + d->bl + 2 > c->tWL ? c->tCL + d->bl + 2 - c->tWL : 0;
    d->tWTR = c->tWL + d->bl + c->tCDLR;
    d->tWTP = c->tWL + d->bl + c->tWR;
    d->tRCDWR = c->tRCD > c->tWL + 1 ? c->tRCD - (c->tWL + 1) : 0;
    d->rwq_cap = (c->tCL > c->tWL ? c->tCL : c->tWL) + 1;
    d->nr = c->queue + c->banks + d->rwq_cap + 2 * c->return_queue + 8;
    d->r = ws_xcalloc(d->nr, sizeof *d->r);
    d->bk = ws_xcalloc(c->banks, sizeof *d->bk);
    for (uint32_t b = 0; b < c->banks; b++)
        d->bk[b].mrq = d->bk[b].head = d->bk[b].tail = NONE;
    d->grp = ws_xcalloc(c->groups ? c->groups : 1, sizeof *d->grp);
    d->rwq = ws_xcalloc(d->rwq_cap, sizeof *d->rwq);
    d->retq = ws_xcalloc(c->return_queue, sizeof *d->retq);
    d->done = NONE;
    return d;
}

void dcmd_free(struct dcmd *d)
{
    if (!d)
        return;
    free(d->r);
    free(d->bk);
    free(d->grp);
    free(d->rwq);
    free(d->retq);
    free(d);
}

bool dcmd_push(struct dcmd *d, const struct dram_req *q, uint32_t bank,
               uint64_t row, uint64_t now)
{
    run_until(d, first_of(d, now));    /* it arrives in core cycle now */
    if (d->queued >= d->cfg.queue || d->held >= d->nr) {
        d->st.queue_full++;
        return false;
    }
    int32_t i = 0;
    while (d->r[i].where != W_FREE)
        i++;
    struct creq *r = &d->r[i];
    memset(r, 0, sizeof *r);
    r->req = *q;
    r->row = row;
    r->bank = bank;
    r->seq = d->seq++;
    r->next = NONE;
    r->where = W_QUEUED;
    struct cbank *b = &d->bk[bank];
    if (b->tail >= 0)
        d->r[b->tail].next = i;
    else
        b->head = i;
    b->tail = i;
    d->waiting |= 1ULL << bank;
    d->held++;
    d->queued++;
    return true;
}

/* Removes request i from bank b's queue (prev: its predecessor or NONE). */
static void unlink(struct dcmd *d, struct cbank *b, int32_t prev, int32_t i)
{
    if (prev >= 0)
        d->r[prev].next = d->r[i].next;
    else
        b->head = d->r[i].next;
    if (b->tail == i)
        b->tail = prev;
    d->r[i].next = NONE;
}

/* FR-FCFS for bank b: the oldest queued request of the row the bank is
   serving; a new streak takes the bank's open row if any request wants
   it, else the row of the oldest request. */
static int32_t schedule(struct dcmd *d, struct cbank *b)
{
    if (b->head < 0)
        return NONE;
    if (!b->streak) {
        b->streak_row = d->r[b->head].row;
        for (int32_t i = b->head; i >= 0; i = d->r[i].next)
            if (d->r[i].row == b->row) {
                b->streak_row = b->row;
                break;
            }
        b->streak = true;
    }
    int32_t prev = NONE, i = b->head, more = 0;
    while (i >= 0 && d->r[i].row != b->streak_row) {
        prev = i;
        i = d->r[i].next;
    }
    WS_ASSERT(i >= 0 && "dram-cmd: a streak without a request");
    for (int32_t j = d->r[i].next; j >= 0; j = d->r[j].next)
        more += d->r[j].row == b->streak_row;
    unlink(d, b, prev, i);
    b->streak = more > 0;
    return i;
}

/* Gives at most one idle bank its next request, the first with queued
   requests in the rotating priority order; whether it did. */
static bool assign(struct dcmd *d, uint64_t now)
{
    uint64_t idle = d->waiting & ~d->serving;
    if (!idle)
        return false;
    uint64_t from = idle & (~0ULL << d->prio);
    uint32_t j = (uint32_t)__builtin_ctzll(from ? from : idle);
    struct cbank *b = &d->bk[j];
    int32_t i = schedule(d, b);
    d->prio = wrap1(d->prio, d->cfg.banks);
    b->mrq = i;
    d->serving |= 1ULL << j;
    if (b->head < 0)
        d->waiting &= ~(1ULL << j);
    d->r[i].where = W_BANK;
    d->queued--;
    if (b->active && b->row == d->r[i].row)
        d->st.row_hits++;
    else if (b->active)
        d->st.row_misses++;
    else
        d->st.row_empty++;
    (void)now;
    return true;
}

/* The bank group of bank j. */
static uint32_t group_ix(const struct dcmd *d, uint32_t j)
{
    return j % (d->cfg.groups ? d->cfg.groups : 1);
}

static struct cgroup *group_of(struct dcmd *d, uint32_t j)
{
    return &d->grp[group_ix(d, j)];
}

static bool issue_col(struct dcmd *d, uint32_t j, uint64_t k)
{
    struct cbank *b = &d->bk[j];
    struct cgroup *g = group_of(d, j);
    if (b->mrq < 0 || d->CCDk > k || g->CCDLk > k || !b->active ||
        d->rwq_n == d->rwq_cap)
        return false;
    struct creq *r = &d->r[b->mrq];
    if (b->row != r->row)
        return false;
    bool wr = r->req.write;
    if (wr ? (b->RCDWRk > k || d->RTWk > k) : (b->RCDk > k || d->WTRk > k))
        return false;
    d->writing = wr;
    struct rwslot *s = &d->rwq[wrap(d->rwq_head + d->rwq_n++, d->rwq_cap)];
    s->req = b->mrq;
    s->due = k + (wr ? d->cfg.tWL : d->cfg.tCL);
    r->where = W_RWQ;
    r->txbytes += d->cfg.atom;
    d->CCDk = k + d->cfg.tCCD;
    g->CCDLk = k + d->cfg.tCCDL;
    if (wr) {
        d->WTRk = k + d->tWTR;
        b->WTPk = k + d->tWTP;
    } else {
        d->RTWk = k + d->tRTW;
        b->RTPk = k + d->bl;
        g->RTPLk = k + d->cfg.tRTPL;
    }
    if (r->txbytes >= r->req.bytes) {
        b->mrq = NONE;                 /* every column command is out */
        d->serving &= ~(1ULL << j);
    } else {
        r->where = W_BANK;
    }
    return true;
}

static bool issue_row(struct dcmd *d, uint32_t j, uint64_t k)
{
    struct cbank *b = &d->bk[j];
    if (b->mrq < 0)
        return false;
    const struct creq *r = &d->r[b->mrq];
    if (!b->active && d->RRDk <= k && b->RPk <= k && b->RCk <= k) {
        b->active = true;
        b->row = r->row;
        d->RRDk = k + d->cfg.tRRD;
        b->RCDk = k + d->cfg.tRCD;
        b->RCDWRk = k + d->tRCDWR;
        b->RASk = k + d->cfg.tRAS;
        b->RCk = k + d->cfg.tRC;
        b->activated = core_of(d, k);
        d->prio = wrap1(j, d->cfg.banks);
        d->st.activates++;
        return true;
    }
    if (b->active && b->row != r->row && b->RASk <= k && b->WTPk <= k &&
        b->RTPk <= k && group_of(d, j)->RTPLk <= k) {
        b->active = false;
        b->RPk = k + d->cfg.tRP;
        d->prio = wrap1(j, d->cfg.banks);
        d->st.precharges++;
        return true;
    }
    return false;
}

/* A request leaves: counted, its slot freed at dcmd_pop. */
static void complete(struct dcmd *d, int32_t i, uint64_t k)
{
    struct creq *r = &d->r[i];
    r->where = W_DONE;
    r->done_at = core_of(d, k);
    /* completions come in cycle order, so the walk is short */
    int32_t *at = &d->done;
    while (*at >= 0 && (d->r[*at].done_at < r->done_at ||
                        (d->r[*at].done_at == r->done_at &&
                         d->r[*at].seq < r->seq)))
        at = &d->r[*at].dnext;
    r->dnext = *at;
    *at = i;
}

/* The read/write pipeline hands on its head; the return queue one read.
   Whether either did. */
static bool data_out(struct dcmd *d, uint64_t k)
{
    bool out = d->ret_n > 0;
    if (out) {
        complete(d, d->retq[d->ret_head], k);
        d->ret_head = wrap1(d->ret_head, d->cfg.return_queue);
        d->ret_n--;
    }
    if (!d->rwq_n || d->ret_n == d->cfg.return_queue)
        return out;
    struct rwslot *s = &d->rwq[d->rwq_head];
    if (s->due > k)
        return out;
    struct creq *r = &d->r[s->req];
    int32_t i = s->req;
    d->rwq_head = wrap1(d->rwq_head, d->rwq_cap);
    d->rwq_n--;
    r->dqbytes += d->cfg.atom;
    d->bus_cycles += d->bl;
    if (r->dqbytes < r->req.bytes)
        return true;
    if (r->req.write) {
        complete(d, i, k);
    } else {
        r->where = W_RETURN;
        d->retq[wrap(d->ret_head + d->ret_n++, d->cfg.return_queue)] = i;
    }
    return true;
}

/* One DRAM cycle; whether anything happened. */
static bool dram_cycle(struct dcmd *d, uint64_t k)
{
    bool moved = data_out(d, k);
    moved |= assign(d, core_of(d, k));
    bool col = false, row = false;
    /* (a row command moves the priority, and the banks after it are
       taken in the new order: j is worked out from d->prio each time) */
    for (uint32_t i = 0; i < d->cfg.banks && d->serving && !(col && row);
         i++) {
        uint32_t j = i + d->prio < d->cfg.banks ? i + d->prio
                                                : i + d->prio - d->cfg.banks;
        if (!(d->serving >> j & 1))
            continue;                  /* no request: nothing to command */
        if (!col)
            col = issue_col(d, j, k);
        if (!col && !row)
            row = issue_row(d, j, k);
    }
    return moved || col || row;
}

static uint64_t max2(uint64_t a, uint64_t b);

/*
** After a DRAM cycle in which nothing happened: the first DRAM cycle from
** d->k on at which dram_cycle can do anything (UINT64_MAX: nothing until
** a request arrives), from the conditions it tests. Nothing happened, so
** the return queue is empty and no idle bank has a queued request for
** the scheduler to give it; the pipeline hands on its head when that is
** due; a bank's request waits for its column command's constraints (its
** row open; a full pipeline frees with its head), its precharge's or its
** activate's. The cycles before it would change nothing, so run_until
** skips them.
*/
static uint64_t next_action(const struct dcmd *d)
{
    uint64_t k = d->k, t = UINT64_MAX;
    WS_ASSERT(!d->ret_n);
    if (d->rwq_n)
        t = d->rwq[d->rwq_head].due;
    WS_ASSERT(!(d->waiting & ~d->serving));
    for (uint64_t m = d->serving; m; m &= m - 1) {
        uint32_t j = (uint32_t)__builtin_ctzll(m);
        const struct cbank *b = &d->bk[j];
        const struct creq *r = &d->r[b->mrq];
        const struct cgroup *g = &d->grp[group_ix(d, j)];
        uint64_t v;
        if (!b->active)
            v = max2(d->RRDk, max2(b->RPk, b->RCk));
        else if (b->row != r->row)
            v = max2(max2(b->RASk, b->WTPk), max2(b->RTPk, g->RTPLk));
        else if (d->rwq_n == d->rwq_cap)
            continue;
        else
            v = max2(max2(d->CCDk, g->CCDLk),
                     r->req.write ? max2(b->RCDWRk, d->RTWk)
                                  : max2(b->RCDk, d->WTRk));
        if (v < t)
            t = v;
    }
    return t > k ? t : k;
}

/* Runs the DRAM cycles before `end`. After a cycle in which nothing
   happened, the ones before the next in which something can are skipped
   (the timing constraints are DRAM cycles from which they allow a
   command); a busy stretch runs cycle by cycle without looking ahead. */
static void run_until(struct dcmd *d, uint64_t end)
{
    while (d->k < end) {
        if (dram_cycle(d, d->k++) || d->k >= end || d->cfg.every_cycle)
            continue;
        uint64_t t = next_action(d);
        if (t > d->k)
            d->k = t < end ? t : end;
    }
}

void dcmd_tick(struct dcmd *d, uint64_t now)
{
    run_until(d, first_of(d, now + 1));
}

bool dcmd_pop(struct dcmd *d, uint64_t now, struct dram_req *out)
{
    int32_t best = d->done;
    if (best < 0 || d->r[best].done_at > now)
        return false;
    struct creq *r = &d->r[best];
    d->done = r->dnext;
    *out = r->req;
    dram_count(&d->st, &r->req, d->cfg.atom);
    d->st.bus_busy = d->bus_cycles * d->cfg.core_mhz / d->cfg.dram_mhz;
    r->where = W_FREE;
    d->held--;
    return true;
}

static uint64_t max2(uint64_t a, uint64_t b)
{
    return a > b ? a : b;
}

/*
** The earliest DRAM cycle (from d->k on) at which bank j could send the
** column command of a request of `row`: its constraints as they stand,
** and the precharge and activate in between when the row is not open.
*/
static uint64_t col_bound(const struct dcmd *d, uint32_t j, uint64_t row,
                          bool wr)
{
    const struct cbank *b = &d->bk[j];
    const struct cgroup *g = &d->grp[group_ix(d, j)];
    uint64_t k = d->k;
    if (b->active && b->row == row)
        return max2(max2(k, max2(d->CCDk, g->CCDLk)),
                    wr ? max2(b->RCDWRk, d->RTWk) : max2(b->RCDk, d->WTRk));
    uint64_t act;
    if (b->active)      /* precharge, then tRP before the activate */
        act = max2(max2(k, max2(b->RASk, b->WTPk)), max2(b->RTPk, g->RTPLk)) +
              d->cfg.tRP;
    else
        act = max2(max2(k, d->RRDk), max2(b->RPk, b->RCk));
    return act + (wr ? d->tRCDWR : d->cfg.tRCD);
}

/* The first DRAM cycle a column command at DRAM cycle c can complete a
   request in: a write when its data has gone in, a read one cycle after
   its data came out (the return queue). */
static uint64_t done_bound(const struct dcmd *d, uint64_t c, bool wr)
{
    return c + (wr ? d->cfg.tWL : d->cfg.tCL + 1);
}

/*
** The next core cycle at which the channel can hand a request back: a
** lower bound on its next completion, worked out from the counters,
** queues and pipeline without running it. Until then nothing it does is
** seen outside (a push runs it up to the push first, and dcmd_tick runs
** any stretch as if DRAM cycle by DRAM cycle), so the GPU can skip the
** cycles in between; the result is the same as ticking every cycle.
*/
uint64_t dcmd_next_event(const struct dcmd *d, uint64_t now)
{
    if (!d->held)
        return UINT64_MAX;
    uint64_t kk = UINT64_MAX;
    if (d->done >= 0)
        kk = first_of(d, d->r[d->done].done_at);
    if (d->ret_n)
        kk = d->k;
    if (d->rwq_n) {
        const struct rwslot *s = &d->rwq[d->rwq_head];
        uint64_t v = s->due + (d->r[s->req].req.write ? 0 : 1);
        v = v > d->k ? v : d->k;
        if (v < kk)
            kk = v;
    }
    for (uint32_t j = 0; j < d->cfg.banks && kk > d->k; j++) {
        const struct cbank *b = &d->bk[j];
        if (b->mrq >= 0) {
            const struct creq *r = &d->r[b->mrq];
            uint64_t v = done_bound(d, col_bound(d, j, r->row, r->req.write),
                                    r->req.write);
            if (v < kk)
                kk = v;
        }
        for (int32_t i = b->head; i >= 0; i = d->r[i].next) {
            const struct creq *r = &d->r[i];
            uint64_t v = done_bound(d, col_bound(d, j, r->row, r->req.write),
                                    r->req.write);
            if (v < kk)
                kk = v;
        }
    }
    if (kk == UINT64_MAX)
        return now + 1;
    uint64_t c = core_of(d, kk);
    return c > now ? c : now + 1;
}

uint32_t dcmd_pending(const struct dcmd *d)
{
    return d->held;
}

const struct dram_stats *dcmd_stats(const struct dcmd *d)
{
    return &d->st;
}

struct dram_bank_state dcmd_bank(const struct dcmd *d, uint32_t b)
{
    const struct cbank *x = &d->bk[b];
    return (struct dram_bank_state){ x->active ? (int64_t)x->row : -1, 0,
                                     x->activated };
}

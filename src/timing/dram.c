/*
** dram.c - one DRAM channel (see dram.h and docs/dram.md): address
** decoding, per-bank row buffers, the FR-FCFS scheduler and the data bus.
**
** The model is event-driven. A request is "issued" at one core cycle, the
** cycle of its first command (precharge, activate or column access); at
** that moment its whole command sequence is fixed: the cycle its data is
** ready, its burst on the data bus and the cycle its bank is free again.
** Bank state therefore only changes when a request issues, so the
** earliest cycle at which any queued request can issue is known in
** advance (d->wake) and dram_tick() jumps from one issue to the next
** instead of visiting idle cycles. Calling it every cycle or with gaps runs
** the same loop over the same cycles and gives the same result.
**
** Simplifications (documented in docs/dram.md): one request is issued per
** cycle and its later commands are not checked against the command bus;
** the bank is free again the cycle after its column command; tRRD, tFAW,
** tCCD, tRTP, tWR, tWTR and refresh are not modelled; reads and writes
** have the same timing.
**
** Must not allocate after dram_new(), keep global state, or depend on
** anything but its inputs (deterministic).
*/
#include "timing/dram.h"
#include "timing/dram-cmd.h"
#include "util/xalloc.h"
#include "util/invariant.h"
#include <stdlib.h>
#include <string.h>

/* Channel interleaving granularity in bytes. */
#define DRAM_CHUNK 256u
#define NEVER UINT64_MAX

enum slot_state { SLOT_FREE, SLOT_QUEUED, SLOT_ISSUED };

/* One request held by the channel, from dram_push() to dram_pop(). */
struct slot {
    struct dram_req req;
    uint64_t arrival;         /* core cycle it was pushed with */
    uint64_t seq;             /* push order: breaks arrival ties */
    uint64_t row;
    uint32_t bank;
    uint32_t state;           /* enum slot_state */
    uint64_t burst;           /* data-bus time in ticks (see struct
                                 dram_chan) */
    uint64_t end;             /* SLOT_ISSUED: cycle its burst ends */
};

/* A reserved data-bus interval [start, end). */
struct span {
    uint64_t start, end;
};

struct dram_chan {
    struct dram_cfg cfg;
    uint32_t id;
    struct dcmd *cmd;         /* dram.model = command: it does the work */
    /* DRAM timings converted to core cycles once (see to_core). */
    uint64_t cl;              /* column command -> data: tCL */
    uint64_t act_data;        /* activate -> data: tRCD + tCL */
    uint64_t pre_data;        /* precharge -> data: tRP + tRCD + tCL */
    uint64_t pre_act;         /* precharge -> activate: tRP */
    uint64_t ras;             /* activate -> earliest precharge: tRAS */
    /* The data bus is timed in ticks, exactly: a core cycle is dram_mhz
       ticks and a DRAM cycle core_mhz ticks, so bursts shorter than a
       whole number of core cycles pack without losing bandwidth. */
    uint64_t burst[4];        /* ticks of 32, 64, 96, 128 bytes */
    uint64_t bus_ticks;       /* ticks the bus moved data (popped) */

    struct slot *slot;        /* cfg.queue entries */
    uint32_t pending;         /* slots not SLOT_FREE */
    uint64_t seq;             /* next push number */
    struct span *bus;         /* reserved bursts, sorted, <= cfg.queue */
    uint32_t nbus;
    struct dram_bank_state *bank;   /* cfg.banks entries */
    uint64_t next;            /* first cycle dram_tick has not processed */
    uint64_t wake;            /* earliest cycle a queued request can issue,
                                 NEVER if none is queued */
    struct dram_stats st;
};

/* ceil(x * core_mhz / dram_mhz): DRAM cycles to core cycles. */
static uint64_t to_core(const struct dram_cfg *c, uint64_t x)
{
    return (x * c->core_mhz + c->dram_mhz - 1) / c->dram_mhz;
}

uint32_t dram_channel_of(const struct dram_cfg *c, uint64_t addr)
{
    return (uint32_t)((addr / DRAM_CHUNK) % c->channels);
}

/*
** Inside a channel: drop the channel digit from the chunk number (the
** channel count need not be a power of two), then column = low bits
** (row_bytes), bank = next (banks), row = the rest. Consecutive rows of a
** channel thus fall in consecutive banks.
*/
static void decode(const struct dram_cfg *c, uint64_t addr, uint32_t *bank,
                   uint64_t *row)
{
    uint64_t local = addr / DRAM_CHUNK / c->channels * DRAM_CHUNK
                     + addr % DRAM_CHUNK;
    uint64_t r = local / c->row_bytes;
    *bank = (uint32_t)(r % c->banks);
    *row = r / c->banks;
}

struct dram_chan *dram_new(const struct dram_cfg *c, uint32_t id)
{
    WS_ASSERT(c->banks >= 1 && c->row_bytes >= 1 && c->channels >= 1);
    WS_ASSERT(c->queue >= 1 && c->burst >= 1);
    WS_ASSERT(c->core_mhz >= 1 && c->dram_mhz >= 1);
    WS_ASSERT(id < c->channels);
    struct dram_chan *d = ws_xcalloc(1, sizeof *d);
    d->cfg = *c;
    d->id = id;
    if (c->command) {
        d->cmd = dcmd_new(c, id);
        return d;
    }
    d->cl = to_core(c, c->tCL);
    d->act_data = to_core(c, (uint64_t)c->tRCD + c->tCL);
    d->pre_data = to_core(c, (uint64_t)c->tRP + c->tRCD + c->tCL);
    d->pre_act = to_core(c, c->tRP);
    d->ras = to_core(c, c->tRAS);
    for (uint32_t k = 0; k < 4; k++)
        d->burst[k] = (uint64_t)c->burst * (k + 1) * c->core_mhz;
    d->slot = ws_xcalloc(c->queue, sizeof *d->slot);
    d->bus = ws_xcalloc(c->queue, sizeof *d->bus);
    d->bank = ws_xcalloc(c->banks, sizeof *d->bank);
    for (uint32_t b = 0; b < c->banks; b++)
        d->bank[b].open_row = -1;
    d->wake = NEVER;
    return d;
}

void dram_free(struct dram_chan *d)
{
    if (!d)
        return;
    dcmd_free(d->cmd);
    free(d->slot);
    free(d->bus);
    free(d->bank);
    free(d);
}

static bool row_open(const struct dram_bank_state *b, uint64_t row)
{
    return b->open_row >= 0 && (uint64_t)b->open_row == row;
}

/*
** The first cycle queued request s could issue, given the current bank
** state: not before it arrives, not while its bank is busy, and if another
** row is open, not before that row has been open tRAS.
*/
static uint64_t eligible_at(const struct dram_chan *d, const struct slot *s)
{
    const struct dram_bank_state *b = &d->bank[s->bank];
    uint64_t t = s->arrival > b->ready ? s->arrival : b->ready;
    if (b->open_row >= 0 && !row_open(b, s->row) && b->activated + d->ras > t)
        t = b->activated + d->ras;
    return t;
}

static void recompute_wake(struct dram_chan *d)
{
    d->wake = NEVER;
    for (uint32_t i = 0; i < d->cfg.queue; i++) {
        if (d->slot[i].state != SLOT_QUEUED)
            continue;
        uint64_t t = eligible_at(d, &d->slot[i]);
        if (t < d->wake)
            d->wake = t;
    }
}

bool dram_push(struct dram_chan *d, const struct dram_req *r, uint64_t now)
{
    if (d->cmd) {
        uint32_t bank;
        uint64_t row;
        WS_ASSERT(dram_channel_of(&d->cfg, r->addr) == d->id);
        decode(&d->cfg, r->addr, &bank, &row);
        return dcmd_push(d->cmd, r, bank, row, now);
    }
    if (d->pending == d->cfg.queue) {
        d->st.queue_full++;
        return false;
    }
    WS_ASSERT(dram_channel_of(&d->cfg, r->addr) == d->id
           && "dram_push: address belongs to another channel");
    WS_ASSERT(r->bytes >= 32 && r->bytes <= 128 && r->bytes % 32 == 0);
    uint32_t i = 0;
    while (d->slot[i].state != SLOT_FREE)
        i++;
    struct slot *s = &d->slot[i];
    s->req = *r;
    s->arrival = now;
    s->seq = d->seq++;
    decode(&d->cfg, r->addr, &s->bank, &s->row);
    s->burst = d->burst[r->bytes / 32 - 1];
    s->end = 0;
    s->state = SLOT_QUEUED;
    d->pending++;
    /* Bank state is unchanged by a push, so the minimum stays exact. */
    uint64_t t = eligible_at(d, s);
    if (t < d->wake)
        d->wake = t;
    return true;
}

/* a is older than b: earlier arrival, then earlier push. */
static bool older(const struct slot *a, const struct slot *b)
{
    return a->arrival != b->arrival ? a->arrival < b->arrival
                                    : a->seq < b->seq;
}

/* FR-FCFS at cycle c: the oldest ready row hit, else the oldest ready
   request; NULL if no queued request can issue at c. */
static struct slot *pick(struct dram_chan *d, uint64_t c)
{
    struct slot *hit = NULL, *any = NULL;
    for (uint32_t i = 0; i < d->cfg.queue; i++) {
        struct slot *s = &d->slot[i];
        if (s->state != SLOT_QUEUED || eligible_at(d, s) > c)
            continue;
        if (!any || older(s, any))
            any = s;
        if (row_open(&d->bank[s->bank], s->row) && (!hit || older(s, hit)))
            hit = s;
    }
    return hit ? hit : any;
}

/*
** Reserves the earliest bus interval of len ticks starting at or after
** from (ticks) that overlaps no reserved burst, and returns its start.
** Bursts that ended by tick c (the current cycle) are dropped first: no
** new burst can start before c.
*/
static uint64_t bus_reserve(struct dram_chan *d, uint64_t c, uint64_t from,
                            uint64_t len)
{
    uint32_t gone = 0;
    while (gone < d->nbus && d->bus[gone].end <= c)
        gone++;
    memmove(d->bus, d->bus + gone, (d->nbus - gone) * sizeof *d->bus);
    d->nbus -= gone;

    uint64_t x = from;
    uint32_t i = 0;
    for (; i < d->nbus; i++) {
        if (d->bus[i].end <= x)
            continue;
        if (d->bus[i].start >= x + len)
            break;
        x = d->bus[i].end;
    }
    WS_ASSERT(d->nbus < d->cfg.queue);
    memmove(d->bus + i + 1, d->bus + i, (d->nbus - i) * sizeof *d->bus);
    d->bus[i].start = x;
    d->bus[i].end = x + len;
    d->nbus++;
    return x;
}

/*
** Issues s at cycle c: its first command goes out at c. A row hit's column
** command is at c; a closed bank activates at c; a row conflict
** precharges at c and activates pre_act later. The data burst starts when
** the data is ready and the bus is free; the column command is delayed to
** match (it is issued cl before the burst), and the bank takes its next
** command the cycle after it. The row stays open (open-page policy).
*/
static void issue(struct dram_chan *d, struct slot *s, uint64_t c)
{
    struct dram_bank_state *b = &d->bank[s->bank];
    uint64_t data;
    if (row_open(b, s->row)) {
        d->st.row_hits++;
        data = c + d->cl;
    } else if (b->open_row < 0) {
        d->st.row_empty++;
        d->st.activates++;
        b->activated = c;
        data = c + d->act_data;
    } else {
        WS_ASSERT(c >= b->activated + d->ras && "dram: precharge before tRAS");
        d->st.row_misses++;
        d->st.precharges++;
        d->st.activates++;
        b->activated = c + d->pre_act;
        data = c + d->pre_data;
    }
    b->open_row = (int64_t)s->row;
    uint64_t T = d->cfg.dram_mhz;             /* ticks per core cycle */
    uint64_t start = bus_reserve(d, c * T, data * T, s->burst);
    s->end = (start + s->burst + T - 1) / T;  /* data complete */
    s->state = SLOT_ISSUED;
    b->ready = start / T - d->cl + 1;
}

void dram_tick(struct dram_chan *d, uint64_t now)
{
    WS_ASSERT(now < NEVER);
    if (d->cmd) {
        dcmd_tick(d->cmd, now);
        return;
    }
    if (now < d->next)
        return;
    while (d->wake != NEVER) {
        uint64_t c = d->wake > d->next ? d->wake : d->next;
        if (c > now)
            break;
        struct slot *s = pick(d, c);
        if (!s) {
            WS_ASSERT(!"dram: wake cycle with nothing to issue");
            break;
        }
        issue(d, s, c);
        d->next = c + 1;
        recompute_wake(d);
    }
    d->next = now + 1;
}

bool dram_pop(struct dram_chan *d, uint64_t now, struct dram_req *out)
{
    if (d->cmd)
        return dcmd_pop(d->cmd, now, out);
    /* Only what the channel has been advanced past is known to be done. */
    if (d->next == 0)
        return false;
    if (now > d->next - 1)
        now = d->next - 1;
    struct slot *first = NULL;
    for (uint32_t i = 0; i < d->cfg.queue; i++) {
        struct slot *s = &d->slot[i];
        if (s->state == SLOT_ISSUED && s->end <= now
            && (!first || s->end < first->end))
            first = s;
    }
    if (!first)
        return false;
    *out = first->req;
    dram_count(&d->st, &first->req, d->cfg.atom);
    d->bus_ticks += first->burst;
    d->st.bus_busy = d->bus_ticks / d->cfg.dram_mhz;
    first->state = SLOT_FREE;
    d->pending--;
    return true;
}

uint64_t dram_next_event(const struct dram_chan *d, uint64_t now)
{
    if (d->cmd)
        return dcmd_next_event(d->cmd, now);
    uint64_t t = NEVER;
    if (!d->pending)
        return NEVER;
    if (d->wake != NEVER) {
        t = d->wake > d->next ? d->wake : d->next;
        if (t <= now)
            t = now + 1;
    }
    for (uint32_t i = 0; i < d->cfg.queue; i++) {
        const struct slot *s = &d->slot[i];
        if (s->state == SLOT_ISSUED && s->end > now && s->end < t)
            t = s->end;
    }
    return t;
}

uint32_t dram_pending(const struct dram_chan *d)
{
    return d->cmd ? dcmd_pending(d->cmd) : d->pending;
}

const struct dram_stats *dram_stats(const struct dram_chan *d)
{
    return d->cmd ? dcmd_stats(d->cmd) : &d->st;
}

struct dram_bank_state dram_bank(const struct dram_chan *d, uint32_t b)
{
    WS_ASSERT(b < d->cfg.banks);
    return d->cmd ? dcmd_bank(d->cmd, b) : d->bank[b];
}

/*
** fetch.c - instruction fetch into per-warp instruction buffers
** (sm.ibuffer > 0), as GPGPU-Sim's SM front end: each cycle, after issue,
** the decode stage moves last cycle's fetch into its warp's buffer (up to
** sm.ibuffer instructions from the fetched pc on), then the fetch stage
** picks one warp, round-robin after the last one fetched, whose buffer is
** empty and which has not finished, and fetches for it. A warp issues
** only the instruction at the head of its buffer; when the warp's next pc
** is not the buffer's next instruction (a taken branch, a reconvergence)
** the buffer is flushed the cycle after, and the warp waits for a new
** fetch. The instruction cache always hits. With sm.ibuffer = 0 there is
** no front end: the next instruction is always there.
*/
#include "timing/sm-internal.h"

/* Warp slot wi issued its instruction at pc; its next is at next (-1:
   it has finished). */
void fetch_issued(struct sm *s, uint32_t wi, int32_t pc, int32_t next,
                  uint64_t now)
{
    struct twarp *w = &s->w[wi];
    if (!s->p->ibuffer)
        return;
    if (w->ib_n && w->ib_pc == pc) {
        w->ib_n--;
        w->ib_pc = pc + 1;
    }
    if (w->ib_n && next != w->ib_pc) {
        /* the buffered instructions are not the warp's next: flushed when
           the scheduler next looks (GPGPU-Sim's control hazard) */
        w->ib_n = 0;
        w->ib_flush = now + 1;
    }
    if (!w->ib_n)
        s->wempty[wi / 64] |= 1ULL << (wi % 64);
}

/* The lowest slot in [from, to) whose bit is set in mask, or -1. */
static int32_t next_set(const uint64_t *mask, uint32_t from, uint32_t to)
{
    while (from < to) {
        uint64_t m = mask[from / 64] >> (from % 64);
        if (m) {
            uint32_t i = from + (uint32_t)__builtin_ctzll(m);
            return i < to ? (int32_t)i : -1;
        }
        from = (from / 64 + 1) * 64;
    }
    return -1;
}

/* Whether the fetch stage may fetch for warp slot wi (a candidate: its
   bit in s->wempty is set) now. A warp that has finished never fetches
   again and leaves the candidates. */
static bool wants_fetch(struct sm *s, uint32_t wi, uint64_t now)
{
    const struct twarp *w = &s->w[wi];
    if (w->pc < 0) {               /* exited */
        s->wempty[wi / 64] &= ~(1ULL << (wi % 64));
        return false;
    }
    return w->ib_flush <= now && !(s->fetching && s->fetch_warp == wi);
}

int32_t fetch_cycle(struct sm *s, uint64_t now)
{
    uint32_t nw = s->p->max_warps;
    int32_t filled = -1;
    if (s->fetching) {
        /* decode: last cycle's fetch enters the warp's buffer */
        struct twarp *w = &s->w[s->fetch_warp];
        s->fetching = false;
        if (w->used && w->pc == s->fetch_pc) {    /* (fetch_pc >= 0) */
            w->ib_pc = s->fetch_pc;
            w->ib_n = (uint8_t)s->p->ibuffer;
            s->wempty[s->fetch_warp / 64] &= ~(1ULL << (s->fetch_warp % 64));
            filled = (int32_t)s->fetch_warp;
        }
        s->progressed = true;
    }
    /* round-robin after the last warp fetched: the candidates from there
       to the end, then from the start (a warp whose buffer holds
       instructions, or an unused slot, never fetches) */
    uint32_t from = s->fetch_last + 1 < nw ? s->fetch_last + 1 : 0;
    int32_t wi = -1;
    for (int32_t k = next_set(s->wempty, from, nw); k >= 0 && wi < 0;
         k = next_set(s->wempty, (uint32_t)k + 1, nw))
        if (wants_fetch(s, (uint32_t)k, now))
            wi = k;
    for (int32_t k = next_set(s->wempty, 0, from); k >= 0 && wi < 0;
         k = next_set(s->wempty, (uint32_t)k + 1, from))
        if (wants_fetch(s, (uint32_t)k, now))
            wi = k;
    if (wi < 0)
        return filled;
    struct twarp *w = &s->w[wi];
    s->fetching = true;
    s->fetch_warp = (uint32_t)wi;
    s->fetch_pc = w->pc;
    s->fetch_last = (uint32_t)wi;
    s->progressed = true;
    return filled;
}

uint64_t fetch_next_event(const struct sm *s, uint64_t now)
{
    if (!s->p->ibuffer)
        return UINT64_MAX;
    if (s->fetching)
        return now + 1;
    uint64_t t = UINT64_MAX;
    for (int32_t wi = next_set(s->wempty, 0, s->p->max_warps); wi >= 0;
         wi = next_set(s->wempty, (uint32_t)wi + 1, s->p->max_warps)) {
        const struct twarp *w = &s->w[wi];
        if (w->pc >= 0) {
            uint64_t v = w->ib_flush > now ? w->ib_flush : now + 1;
            if (v < t)
                t = v;
        }
    }
    return t;
}

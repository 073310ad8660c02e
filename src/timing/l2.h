/*
** l2.h - one L2 slice: a write-back cache in front of a DRAM channel.
** A slice looks up one cache unit per cycle: a line, or with l2.sectored
** a 32-byte sector (a request for a line then takes one lookup per sector
** and each sector is answered on its own). Reads and atomics look up the
** tags: hits answer after l2.latency; misses allocate an MSHR (merging
** later misses to the same unit) and fetch the unit from DRAM after the
** lookup latency; the fill answers every merged request. Writes allocate
** without fetching (write-validate) and mark the unit dirty; dirty
** victims are written to DRAM (their dirty sectors). With l2.allocate =
** miss the victim leaves at the miss. Requests to DRAM wait dram.latency
** cycles first. Atomics are performed here and answer with one flit.
** With l2.write_ack a store is answered too: one one-flit acknowledgement
** per unit it writes, l2.latency after its lookup.
** With l2.size = 0 the slice passes requests straight to DRAM.
*/
#ifndef WS_L2_H
#define WS_L2_H
#include <stdbool.h>
#include <stdint.h>
#include "timing/cache.h"
#include "timing/dram.h"
#include "timing/event.h"
#include "timing/mreq.h"
#include "util/ring.h"

struct l2_item {
    uint64_t ready;
    int32_t req;          /* request index, or -1 for a DRAM fetch or a
                             write */
    uint64_t addr;        /* unit looked up, fetched or written */
    uint32_t bytes;       /* DRAM request bytes */
    uint8_t action;
    int16_t sm;           /* the SM a lookup is for (events), or -1 */
};

typedef RING(struct l2_item) l2_ring_t;

struct l2_stats {
    uint64_t accesses, hits, misses, mshr_merges;
    uint64_t reads, writes, atomics;
    uint64_t dram_reads, dram_writes;
};

struct l2slice {
    uint32_t id, port;
    uint32_t latency, line, dram_latency;
    bool has_cache;
    struct cache c;
    struct dram_chan *dram;
    uint32_t chan;       /* the DRAM channel's index (events) */
    struct evbus *bus;   /* l2.access, dram.request (or NULL) */
    l2_ring_t look;      /* lookups still to do, one per cycle */
    l2_ring_t pipe;      /* after the tag lookup, by ready cycle */
    l2_ring_t out;       /* answers from DRAM fills, ready now */
    l2_ring_t to_dram;   /* on the way to DRAM: by ready cycle, then
                            waiting for room in the DRAM queue */
    struct l2_stats st;
    uint64_t due;        /* the earliest cycle l2_tick has work (besides
                            arrivals), as of the last change: the cycle
                            of that change while look or out holds any,
                            else the earliest ready of pipe and to_dram */
};

/* Slice id on interconnect port `port`, in front of DRAM channel `chan`;
   events go to bus (may be NULL). */
void l2_init(struct l2slice *s, uint32_t id, uint32_t port,
             const struct tparams *p, struct dram_chan *dram, uint32_t chan,
             struct evbus *bus);
void l2_free(struct l2slice *s);

/* One cycle: take a request from the interconnect, move finished lookups
   on (responses into the interconnect, fetches toward DRAM). */
void l2_tick(struct l2slice *s, struct icnt *n, struct mreq_pool *pool,
             uint64_t now);

/* A host-to-device copy wrote addr's unit: its tag is installed, clean,
   without statistics (l2.warm_on_write). */
void l2_warm(struct l2slice *s, uint64_t addr);

/* DRAM finished request r (whose tag says it is this slice's). */
void l2_dram_done(struct l2slice *s, const struct dram_req *r,
                  struct mreq_pool *pool, uint64_t now);

/* The earliest cycle at which l2_tick has anything to do: the work the
   slice noted, or the next arrival at its port; UINT64_MAX when idle.
   Before it a tick would change nothing, so the GPU skips the slice;
   at or before now, the slice is due now. */
static inline uint64_t l2_when(const struct l2slice *s, const struct icnt *n,
                               const struct mreq_pool *pool)
{
    uint64_t t = icnt_next(n, pool, s->port);
    return s->due < t ? s->due : t;
}

/* Requests held (lookups, pipeline, DRAM queue, MSHRs). */
uint32_t l2_pending(const struct l2slice *s);

/* DRAM tag of a slice's requests: slice in the high bits. */
#define L2_TAG(slice, payload) (((uint32_t)(slice) << 24) | ((payload) & 0xffffffu))
#define L2_TAG_SLICE(tag) ((tag) >> 24)
#define L2_TAG_PAYLOAD(tag) ((tag) & 0xffffffu)
#define L2_NO_REQ 0xffffffu

#endif

/*
** dram.h - one DRAM channel: banks with row buffers, an FR-FCFS scheduler
** and a shared data bus.
** Requests arrive from the L2 slices the channel serves. Each cycle the
** scheduler picks, among queued requests whose bank can start a command,
** the oldest row hit, else the oldest request (first-ready,
** first-come-first-served). A row hit costs tCL before its data burst; a
** closed bank tRCD + tCL; a bank with another row open tRP + tRCD + tCL,
** and it may not precharge earlier than tRAS after its activation. Bursts
** are serialised on the channel's data bus (dram.burst cycles per 32
** bytes). DRAM timings are given in DRAM cycles and converted to core
** cycles with the two clocks; everything here runs in core cycles.
** Deterministic; no allocation after dram_new.
*/
#ifndef WS_DRAM_H
#define WS_DRAM_H
#include <stdbool.h>
#include <stdint.h>

struct dram_cfg {
    uint32_t banks;          /* per channel */
    uint32_t row_bytes;      /* bytes per row */
    uint32_t channels;       /* total channels (for address decoding) */
    uint32_t tCL, tRCD, tRAS, tRP;   /* DRAM cycles */
    uint32_t burst;          /* DRAM cycles of data bus per 32 bytes */
    uint32_t queue;          /* requests the scheduler can hold */
    uint32_t core_mhz, dram_mhz;
    /* dram.model = command (dram-cmd.c): */
    bool command;
    uint32_t atom;           /* bytes per column command */
    uint32_t tCCD, tRRD, tRC, tWL, tCDLR, tWR;   /* DRAM cycles */
    uint32_t groups, tCCDL, tRTPL;               /* bank groups */
    uint32_t return_queue;   /* completed requests held */
    bool every_cycle;        /* tests: run every DRAM cycle, without the
                                look-ahead over idle ones */
};

struct dram_req {
    uint64_t addr;           /* byte address (global) */
    uint32_t bytes;          /* 32..128, a multiple of 32 */
    bool write;
    uint32_t tag;            /* the caller's id, returned unchanged */
};

/* Address decoding shared with the L2: which channel serves addr. */
uint32_t dram_channel_of(const struct dram_cfg *c, uint64_t addr);

struct dram_bank_state {
    int64_t open_row;        /* -1: closed */
    uint64_t ready;          /* core cycle the bank can take a command */
    uint64_t activated;      /* core cycle of the last activate */
};

struct dram_stats {
    uint64_t reads, writes;          /* requests completed (counted at pop) */
    uint64_t read_bytes, write_bytes;/* their bytes */
    uint64_t read_columns, write_columns; /* their column commands: bursts
                                        of dram.atom bytes, as GPGPU-Sim's
                                        n_rd and n_wr count */
    uint64_t row_hits, row_misses, row_empty;
    uint64_t activates, precharges;
    uint64_t bus_busy;               /* core cycles the data bus moved data
                                        (counted at pop) */
    uint64_t queue_full;             /* pushes refused */
};

struct dram_chan;                    /* opaque: defined in dram.c */

/* Creates a channel (index id); NULL never returned (aborts on OOM). */
struct dram_chan *dram_new(const struct dram_cfg *c, uint32_t id);
void dram_free(struct dram_chan *d);

/* Queues a request arriving at core cycle now; false if the queue is full
   (the caller retries later). A request pushed before dram_tick(now) can
   issue at now, otherwise from now + 1. addr must belong to this channel
   (route with dram_channel_of). */
bool dram_push(struct dram_chan *d, const struct dram_req *r, uint64_t now);

/* Advances the channel to core cycle now (call once per cycle, or with
   gaps: it must give the same result as calling every cycle). */
void dram_tick(struct dram_chan *d, uint64_t now);

/* Takes one request whose data transfer has finished by now; false if
   none. Completed requests come out in completion order. Only returns
   what dram_tick has advanced the channel past: call dram_tick(now)
   first. */
bool dram_pop(struct dram_chan *d, uint64_t now, struct dram_req *out);

/* The earliest core cycle after now at which dram_tick or dram_pop could
   change something, or UINT64_MAX if the channel is idle. */
uint64_t dram_next_event(const struct dram_chan *d, uint64_t now);

/* Requests queued, in flight, or finished but not yet popped (a request
   holds a queue slot from push to pop). */
uint32_t dram_pending(const struct dram_chan *d);

const struct dram_stats *dram_stats(const struct dram_chan *d);
/* Counts finished request r, whose column commands move `atom` bytes
   each, in st (both DRAM models). */
static inline void dram_count(struct dram_stats *st, const struct dram_req *r,
                              uint32_t atom)
{
    uint64_t cols = atom ? (r->bytes + atom - 1) / atom : 1;
    if (r->write) {
        st->writes++;
        st->write_bytes += r->bytes;
        st->write_columns += cols;
    } else {
        st->reads++;
        st->read_bytes += r->bytes;
        st->read_columns += cols;
    }
}
/* Bank state for inspection (the TUI's DRAM view). */
struct dram_bank_state dram_bank(const struct dram_chan *d, uint32_t b);

#endif

/*
** rfbanks.h - register-file banks with an access time (rfbanks.c): the
** main register file and the register-file cache of design ltrf. Each
** bank serves one access at a time, writes before reads, and background
** accesses (write-backs draining from a buffer) when neither waits; each
** queue oldest first. An access occupies its bank for `busy` and completes
** `latency` after it starts; both are in thousandths of a cycle, so a
** bank 5.3 times slower than a one-cycle bank serves 10 back-to-back
** accesses in 53 cycles rather than 60. An access may not start before
** its `arrive` time (a request asked in cycle t arrives at t, in
** thousandths: t * 1000, and with latency 1000 completes at t + 1, as
** the baseline banked file's). Completions come out in cycle order (ties
** in the order the accesses started). Timing only: no values.
*/
#ifndef WS_RFBANKS_H
#define WS_RFBANKS_H
#include <stdbool.h>
#include <stdint.h>
#include "util/ring.h"

#define RFB_MS 1000               /* thousandths of a cycle per cycle */

/* One access: what the owner needs back when it completes. */
struct rfb_req {
    uint64_t arrive;              /* thousandths of a cycle */
    uint32_t tag;                 /* owner's: instruction, fill, ... */
    uint16_t warp, reg;
    uint8_t kind;                 /* owner's kind of access */
    bool write;
    bool background;              /* served when no other access waits */
    uint32_t epoch;               /* owner's: to drop stale completions */
};

typedef RING(struct rfb_req) rfb_queue;

struct rfb_bank {
    rfb_queue rd, wr, bg;
    uint64_t free_at;             /* thousandths: when it can start again */
    uint64_t reads, writes, conflicts;
    uint64_t started_at;          /* cycle of its last start (view) */
};

struct rfb_done {
    uint64_t cycle, seq;
    struct rfb_req q;
};

struct rfbanks {
    uint32_t n;
    uint64_t busy, latency;       /* thousandths of a cycle */
    struct rfb_bank *b;
    struct rfb_done *heap;        /* completions, min by (cycle, seq) */
    uint32_t nheap, capheap;
    uint64_t seq;
    uint32_t queued;              /* accesses not started */
    uint64_t conflicts;           /* accesses that waited for their bank */
    /* bit i: bank i may have queued accesses (set by a push, cleared
       once its queues are empty); the scans for accesses to start and
       for the next event read only these banks */
    uint64_t *queued_in;
};

/* n banks; busy and latency in thousandths of a cycle (at least 1). */
void rfbanks_init(struct rfbanks *r, uint32_t n, uint64_t busy,
                  uint64_t latency);
void rfbanks_free(struct rfbanks *r);
/* Forgets every queued access and completion (the counters stay). */
void rfbanks_clear(struct rfbanks *r);
/* Queues an access on bank b. */
void rfbanks_push(struct rfbanks *r, uint32_t b, const struct rfb_req *q);
/* Starts every access that can start by cycle now (a bank whose access
   ends within the cycle starts its next one then). */
void rfbanks_start(struct rfbanks *r, uint64_t now);
/* The next completion due by cycle now into *out: false when none. */
bool rfbanks_pop_done(struct rfbanks *r, uint64_t now, struct rfb_done *out);
/* The next cycle something happens, UINT64_MAX when idle. */
uint64_t rfbanks_next(const struct rfbanks *r, uint64_t now);
/* Accesses queued or in flight. */
uint32_t rfbanks_pending(const struct rfbanks *r);

/* Thousandths of a cycle in `cycles` cycles (rounded to the nearest
   thousandth, at least 1). */
uint64_t rfbanks_ms(double cycles);

#endif

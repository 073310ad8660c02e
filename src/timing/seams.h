/*
** seams.h - the two places a register-file or L1D design plugs into an SM.
** The SM pipeline talks to its register file only through struct rf_ops
** (operand reads and result writes, with completions reported back) and
** to its L1D only through struct l1_ops (line loads, stores, bypassing
** requests, responses from L2). Designs implement these; nothing else in
** the pipeline or the panes depends on a design's internals. Hooks a
** design does not need may be NULL.
*/
#ifndef WS_SEAMS_H
#define WS_SEAMS_H
#include <stdbool.h>
#include <stdint.h>
#include "debug/event.h"
#include "timing/tparams.h"
#include "util/jval.h"

struct gpu;
struct mreq;
struct cache;
struct kimage;
struct ws_config;
struct ws_diag;

/* What a design learns when a kernel starts on its SM (both seams). */
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

/* ---- register file ------------------------------------------------- */

struct rf_env {
    const struct tparams *p;
    uint32_t sm;
    struct evbus *bus;
    struct gpu *gpu;              /* requests to L2 (see l1d.h) */
    uint64_t *cycle;
    /* The configuration, for a design's own keys: valid during create
       only (copy what is needed). */
    const struct ws_config *cfg;
};

/* Called by a register file for every access it completes. */
typedef void (*rf_done_fn)(void *ctx, uint32_t tag, bool write);

struct rf_ops {
    const char *name;
    void *(*create)(const struct rf_env *env);
    void (*destroy)(void *self);
    /* 32-bit registers the file offers resident warps (occupancy). */
    uint32_t (*capacity)(void *self);
    /* Queue a read (for the operand collector identified by tag) or a
       write (for the instruction identified by tag) of warp slot w's
       register r. last: the compiler's dead-operand bit, this read is
       the register's last use (its value is dead once read). */
    void (*read)(void *self, uint32_t w, uint32_t r, uint32_t tag,
                 bool last);
    void (*write)(void *self, uint32_t w, uint32_t r, uint32_t tag);
    /* Optional. A kernel starts (before its first CTA); warps
       [first, first + n) arrived on the SM (their registers are
       allocated) or left it (their registers are dead). */
    void (*launch)(void *self, const struct seam_launch *l);
    /* Optional. Before a launch (on SM 0's file: all are alike): WS_ERR
       with diag when the file cannot hold the launch's registers the way
       its design places them (a racetrack bank overfull under
       rf.bank_map); the launch is then refused. */
    int (*check_launch)(void *self, const struct seam_launch *l,
                        struct ws_diag *diag);
    void (*admit)(void *self, uint32_t first, uint32_t n);
    void (*retire)(void *self, uint32_t first, uint32_t n);
    /* One cycle: serve requests, report completions through done. */
    void (*tick)(void *self, uint64_t now, rf_done_fn done, void *ctx);
    /* The next cycle the file has work, UINT64_MAX when idle. */
    uint64_t (*next_event)(void *self, uint64_t now);
    /* Add this SM's counters to the statistics object (reads, writes,
       bank_conflicts, ...): called once per SM on the same object. */
    void (*stats)(void *self, struct jv *obj);
    /* Add this SM's energy in pJ, per component, over `cycles` cycles. */
    void (*energy)(void *self, const struct tparams *p, uint64_t cycles,
                   struct jv *obj);
    /* Optional. What the panes, `info banks` and ws.banks() show beyond
       the common fields, as of cycle now (the last simulated): add keys
       to out, an inspect_banks object. Conventional keys the panes draw:
         per_bank: [{queue, reads, writes, conflicts, busy_this_cycle,
                     conflicts_this_cycle}]  (the register-bank pane)
         array: {sets, ways, banks, entries: [[{state, owner, bank,
                 age}] per way] per set}   (entries coloured by state)
         tapes: [{bank, domains, ports: [offsets], offset, target,
                  occupied ('#' per domain holding a register, else '.'),
                  queue: [..], write_buffer: [..], preshift}] (racetrack)
       Read-only: must not change the model. */
    void (*describe)(void *self, uint64_t now, struct jv *out);
};

/* ---- L1 data cache ------------------------------------------------- */

enum l1_status {
    L1_HIT,        /* data ready at *ready */
    L1_PENDING,    /* done(tag) will be called when the data arrives */
    L1_SENT,       /* a store or request left; nothing will come back */
    L1_STALL,      /* no resource this cycle: try again later */
};

enum mreq_kind {
    MR_READ,       /* line (or sector) read */
    MR_WRITE,      /* store data */
    MR_ATOMIC,     /* atomic read-modify-write performed at L2 */
    MR_WRITEBACK,  /* dirty line leaving a cache */
};

struct l1_env {
    const struct tparams *p;
    uint32_t sm;
    struct gpu *gpu;
    struct evbus *bus;
    uint64_t *cycle;
    /* This SM's register file (made first): a design implementing both
       seams with one object returns it from create. */
    void *rf;
    const struct ws_config *cfg;  /* as in rf_env: during create only */
    /* Data for memory operation `tag` has arrived. */
    void (*done)(void *ctx, uint32_t tag, uint64_t when);
    void *ctx;
};

struct l1_ops {
    const char *name;
    void *(*create)(const struct l1_env *env);
    void (*destroy)(void *self);
    /* A load of one line by memory operation tag (local: local memory). */
    enum l1_status (*load)(void *self, uint64_t addr, bool local,
                           uint32_t tag, uint64_t now, uint64_t *ready);
    /* A store of `bytes` bytes into one line. */
    enum l1_status (*store)(void *self, uint64_t addr, uint32_t bytes,
                            bool local, uint64_t now);
    /* A request straight to L2 (L1-bypassing read sector, atomic); tag as
       for load. */
    enum l1_status (*bypass)(void *self, enum mreq_kind kind, uint64_t addr,
                             uint32_t bytes, uint32_t tag, uint64_t now);
    /* A response from L2 for a request this L1 sent. */
    void (*response)(void *self, const struct mreq *r, uint64_t now);
    /* One cycle: move queued requests into the interconnect. */
    void (*tick)(void *self, uint64_t now);
    uint64_t (*next_event)(void *self, uint64_t now);
    /* The kernel is over: write back what must survive it, invalidate
       everything (the L1 is not coherent). */
    void (*invalidate)(void *self);
    /* As for rf_ops: add counters (accesses, hits, misses, mshr_merges,
       ...); the GPU derives hit_rate from the sums. */
    void (*stats)(void *self, struct jv *obj);
    void (*energy)(void *self, const struct tparams *p, uint64_t cycles,
                   struct jv *obj);
    /* The cache to draw, or NULL. */
    const struct cache *(*view)(void *self);
    /* Requests it still has to send or expects back. */
    uint32_t (*pending)(void *self);
    /* Optional: bytes of storage the L1 adds to the SM beyond the
       register file's (NULL: none, it lives in the register file's
       array). With the stats key valid_byte_cycles (bytes holding valid
       cache data, summed over cycles) it gives the on-chip utilisation. */
    uint64_t (*own_bytes)(void *self);
    /* Optional, as for rf_ops. describe adds to an inspect_l1 object
       (for instance a "state" and "owner" per line of sets_data). */
    void (*launch)(void *self, const struct seam_launch *l);
    void (*describe)(void *self, uint64_t now, struct jv *out);
};

/* A design: its register file and L1 (either may be the baseline's). */
struct design {
    const char *name;
    const struct rf_ops *rf;
    const struct l1_ops *l1;
    /* Optional: the design's own statistics section (JSON key `name`).
       section adds one SM's counters (called per SM on the same object;
       rf and l1 are that SM's objects); ratios derives rates and
       averages from the sums (also from a launch's differences) over
       `cycles` kernel cycles; all is the whole statistics object (its
       common sections' ratios already derived). */
    void (*section)(void *rf, void *l1, struct jv *sec);
    /* Optional: constraints between the design's keys and the machine,
       checked before anything is built (WS_ERR with diag naming the
       keys). */
    int (*check)(const struct ws_config *cfg, const struct tparams *p,
                 struct ws_diag *diag);
    void (*ratios)(struct jv *sec, const struct jv *all,
                   const struct tparams *p, uint64_t cycles);
    /* Optional: values that describe the design rather than count events
       (geometry, policy, storage, a launch's partition): set once, from
       SM 0, after the counters (never differenced per launch). */
    void (*facts)(void *rf, void *l1, struct jv *sec);
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

const struct design *design_find(const char *name);
/* Registers per SM of the configured design's register file. */
uint32_t design_registers(const struct ws_config *cfg);
/* The i-th design of the table, NULL past its end. */
const struct design *design_at(size_t i);
/* Adds one part to a storage bill. */
void bill_add(struct jv *items, const char *part, uint64_t bits,
              const char *note);
/* The baseline L1D's data and tags, for designs that keep it. */
void baseline_l1_bill(const struct tparams *p, struct jv *items);
/* Registers every design's events (once; ev_lookup calls it). */
void design_events(void);

#endif

/*
** tinycache.h - design `tinycache` (seed 002, Sankaranarayanan et al.):
** an incoherent write-validate tinyCache per SIMT lane between the lanes
** and the L1D and shared memory. Lane l of every warp on an SM uses
** tinyCache l. It is a lane part (seams.h): it sees every global and
** shared access lane by lane before coalescing, serves the lanes that hit
** (1 cycle), lets the misses go on coalesced as 64-byte fills, writes
** back only dirty half-words, and is flushed at barriers, fences and CTA
** exits. tinycache.c is the model, tinycache-view.c what it shows (grid,
** facts, storage bill); docs/designs/tinycache.md explains both.
*/
#ifndef WS_DESIGNS_TINYCACHE_H
#define WS_DESIGNS_TINYCACHE_H
#include "designs/tclane.h"
#include "timing/seams.h"

extern const struct design tinycache_design;

/* The paper's extended tag (section 3.2): it tells global from shared
   addresses and can hold the CTA. */
#define TINYCACHE_TAG_BITS 79
/* Two state bits per line. */
#define TINYCACHE_STATE_BITS 2

/* Metadata bits of a line of `line` bytes: state, tag and one control
   bit per half-word (113 for 64 bytes). */
uint32_t tinycache_meta_bits(uint32_t line);
/* Bytes of one tinyCache: entries x (line + metadata rounded up to whole
   bytes), 16 x (64 + 15) = 1264 for the paper's. */
uint32_t tinycache_bytes(uint32_t entries, uint32_t line);

/* Why a lane's access goes past its tinyCache. */
enum tc_bypass {
    TCB_POLICY,        /* tinycache.policy does not cache its space */
    TCB_ATOMIC,        /* atomics are never cached */
    TCB_UNCACHED,      /* volatile, .cg or .cv */
    TCB_BYTE,          /* a single-byte store (control bits are per
                          half-word) */
    TCB__COUNT
};

/* Why every line is written back and invalidated. */
enum tc_flush { TCF_BARRIER, TCF_FENCE, TCF_CTA_EXIT, TCF__COUNT };

/* Counters of one SM (summed into the statistics section). Index 0 is
   global memory, 1 shared memory. */
struct tc_stats {
    uint64_t insts[2];            /* warp instructions seen */
    uint64_t lanes[2];            /* lane accesses seen */
    uint64_t served[2];           /* lanes answered now (hits, writes) */
    uint64_t held[2];             /* reads hit under a fetch on its way */
    uint64_t fills[2];            /* lines fetched (rm, rh(i)) */
    uint64_t edges[TCL__EDGES];   /* Fig. 3 edges taken */
    uint64_t wb_partial, wb_full, wb_bytes;
    uint64_t flushes[TCF__COUNT], flush_lines;
    uint64_t bypass[TCB__COUNT], bypass_evictions;
    /* what the L1D and shared memory would have seen without the caches,
       and what they saw from these accesses (write-backs included) */
    uint64_t l1_would, l1_sent;
    uint64_t sh_would, sh_sent, waves_would, waves_sent;
};

/* A fetch on its way: the memory operation that brings lines in, and
   the operations whose lanes wait for it. */
struct tc_fill {
    bool used;
    uint32_t tag;
    uint32_t lanes;               /* lanes whose line it fills */
    uint16_t line[32];            /* ... and which line */
    uint32_t nwait, capwait;
    uint32_t *wait;               /* indices of holds */
};

/* A memory operation with lanes waiting for fetches. */
struct tc_hold {
    bool used;
    uint32_t tag;
    uint32_t left;                /* fetches still on their way */
    uint64_t ready;               /* its lanes' data, once left is 0 */
};

/* One SM's tinyCaches. */
struct tc {
    struct seam_env env;
    struct tclane lane[32];
    bool cache_global, cache_shared, fence_flush;
    uint32_t latency, line, l1_line, banks;
    double e_access, e_fill, e_wb, e_leak;
    struct tc_fill *fill;
    uint32_t nfill;
    struct tc_hold *hold;
    uint32_t nhold;
    struct tcl_victim *vb;        /* write-backs of the reply being made */
    uint32_t nvb, capvb;
    struct tc_stats st;
    int ev_fill, ev_wb, ev_flush, ev_bypass;
};

/* The grid and summary describe adds (tinycache-view.c). */
void tinycache_describe(void *self, uint64_t now, struct jv *out);
/* Facts of the statistics section, and the storage bill. */
void tinycache_facts(const struct design_parts *sp, struct jv *sec);
void tinycache_bill(const struct ws_config *cfg, const struct tparams *p,
                    struct jv *items);

#endif

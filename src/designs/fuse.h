/*
** fuse.h - design `fuse` (seed 003, FUSE: an SRAM + STT-MRAM L1D): the
** pieces the L1 part (fuse.c) is built from, exported for the unit tests.
**   variants    Table I's seven L1Ds (fuse_geom_of, fuse_table1_energy)
**   predictor   the read-level predictor: a sampler fed by a few warps and
**               a history table of 4-bit counters with an R/W bit, indexed
**               by a PC signature (fuse-predictor.c)
**   CBFs        counting Bloom filters in front of the polling tag search
**               of the fully associative STT-MRAM bank (fuse-cbf.c)
**   banks       one SRAM or STT-MRAM bank: tags (cache.h) plus per-line
**               signature and prediction, and the CBF-guided search
**               (fuse-bank.c)
**   bill        the storage of each structure (fuse_cost)
** docs/designs/fuse.md describes the model and every rule the paper
** leaves open.
*/
#ifndef WS_DESIGNS_FUSE_H
#define WS_DESIGNS_FUSE_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "timing/cache.h"
#include "timing/seams.h"

/* Table I's L1Ds, in the order of the key fuse.variant. */
enum fuse_variant {
    FV_L1_SRAM,    /* 32 KB SRAM, 64 sets x 4 ways */
    FV_FA_SRAM,    /* the same, fully associative */
    FV_BY_NVM,     /* 128 KB STT-MRAM, 256 x 4, dead writes bypassed */
    FV_HYBRID,     /* 16 KB SRAM 64 x 2 + 64 KB STT 256 x 2, blocking */
    FV_BASE_FUSE,  /* hybrid + swap buffer and tag queue */
    FV_FA_FUSE,    /* base-fuse, STT 1 set x 512 ways (CBFs, polling) */
    FV_DY_FUSE,    /* fa-fuse + read-level predictor placement */
    FV__COUNT
};

/* Read levels (Fig. 6) as the predictor names them; FC_NONE: a variant
   without a predictor. */
enum fuse_class { FC_NONE, FC_NEUTRAL, FC_WM, FC_WORM, FC_WORO, FC__COUNT };

const char *fuse_variant_name(enum fuse_variant v);
const char *fuse_class_name(enum fuse_class c);

/* What a variant is made of. */
struct fuse_geom {
    enum fuse_variant v;
    uint32_t line;
    uint32_t sram_bytes, sram_sets, sram_ways;   /* 0 bytes: no SRAM bank */
    uint32_t stt_bytes, stt_sets, stt_ways;      /* 0 bytes: no STT bank */
    bool sram_fa, stt_fa;         /* fully associative (1 set) */
    bool queues;                  /* swap buffer and tag queue */
    bool predictor;               /* read-level (dy-fuse) or dead-write
                                     (by-nvm) prediction */
};

/*
** The geometry of variant v with `line`-byte blocks: Table I's sizes and
** ways, or the overrides (fuse.sram_size, fuse.sram_ways, fuse.stt_size,
** fuse.stt_ways; 0 keeps Table I's). Returns 0, or -1 with a message in
** err naming the key when an override does not fit the variant (a size
** for a bank it lacks, ways for a fully associative bank, a size that is
** not whole sets).
*/
int fuse_geom_of(enum fuse_variant v, uint32_t line, uint32_t sram_size,
                 uint32_t sram_ways, uint32_t stt_size, uint32_t stt_ways,
                 struct fuse_geom *g, char *err, size_t errlen);

/* Energies per access (pJ) and leakage (mW) of the two banks. */
struct fuse_energy {
    double sram_read, sram_write, sram_leak;
    double stt_read, stt_write, stt_leak;
};
/* Table I's values for variant v (FA-SRAM: L1-SRAM's, Table I has no
   column for it). */
void fuse_table1_energy(enum fuse_variant v, struct fuse_energy *e);

/* ---- the read-level predictor (fuse-predictor.c) --------------------- */

/* A sampler entry: V, U, LRU position, 15-bit partial tag, signature. */
struct fuse_sample {
    uint16_t tag, sig;
    uint8_t lru;                  /* 0: most recently used */
    bool valid, used;
};

/* A history-table entry: 4-bit counter and R/W status. */
struct fuse_hist {
    uint8_t counter;
    bool write;
};

struct fuse_pred {
    uint32_t sets, ways, entries;
    uint8_t th, init;             /* unused_th, initial counter */
    struct fuse_sample *s;        /* sets * ways */
    struct fuse_hist *h;          /* entries */
};

#define FUSE_TAG_BITS 15          /* the sampler's partial address tag */
#define FUSE_COUNTER_MAX 15       /* 4-bit counters */

/* entries: a power of two (the signature has log2(entries) bits). */
void fuse_pred_init(struct fuse_pred *p, uint32_t sets, uint32_t ways,
                    uint32_t entries, uint32_t unused_th, uint32_t init);
void fuse_pred_free(struct fuse_pred *p);
/* Back to the initial phase: sampler empty, every counter at init, R. */
void fuse_pred_reset(struct fuse_pred *p);
/* The signature of an instruction: its index modulo the table size. */
uint32_t fuse_pred_sig(const struct fuse_pred *p, int32_t pc);
/* The sampler's partial tag of a block (its number's low 15 bits). */
uint16_t fuse_pred_tag(uint64_t block);
/*
** The class of signature sig: counter > unused_th: WORO; counter < 1:
** WM if the status is W, WORM if R; otherwise neutral (the paper leaves
** counters 1 and 14 unassigned; they are neutral here).
*/
enum fuse_class fuse_pred_class(const struct fuse_pred *p, uint32_t sig);
/* The class a counter value and status give. */
enum fuse_class fuse_pred_classify(const struct fuse_pred *p,
                                   uint32_t counter, bool write);
/*
** An access by an instruction of signature sig to block number `block`.
** It is compared with the tags of sampler set `set` (the warp's; -1: a
** warp that is not sampled) or, with all, of every set. A hit marks the
** entry used, decrements the counter of the entry's signature (the PC
** that brought the block in) and, for a store, sets that signature's
** status to W. A miss of a sampled warp replaces the LRU entry of its set
** (an unused victim increments its signature's counter) with an unused
** entry of sig. Returns true on a hit.
*/
bool fuse_pred_sample(struct fuse_pred *p, int32_t set, bool all,
                      uint64_t block, uint32_t sig, bool store);

/* ---- counting Bloom filters (fuse-cbf.c) ----------------------------- */

#define FUSE_CBF_MAX_HASHES 8

struct fuse_cbf {
    uint32_t n, counters, hashes; /* filters, counters per filter, hashes */
    uint16_t *c;                  /* n * counters exact counts */
    uint64_t recounts;            /* decrements of a saturated counter */
    /* the same counts seen the other way, for testing every filter at
       once: bit k of row j (`words` words) is set when filter k's counter
       j is not zero; NULL when too large (counters x n over 2^26) */
    uint64_t *nz;
    uint32_t words;
};

void fuse_cbf_init(struct fuse_cbf *f, uint32_t n, uint32_t counters,
                   uint32_t hashes);
void fuse_cbf_free(struct fuse_cbf *f);
void fuse_cbf_clear(struct fuse_cbf *f);
/* Hash function i of a block number: which of `counters` counters. */
uint32_t fuse_cbf_hash(uint32_t i, uint64_t block, uint32_t counters);
/* Increment / decrement filter k's counters of block. */
void fuse_cbf_insert(struct fuse_cbf *f, uint32_t k, uint64_t block);
void fuse_cbf_remove(struct fuse_cbf *f, uint32_t k, uint64_t block);
/* Filter k's test: false (negative) if any of block's counters is 0. */
bool fuse_cbf_test(const struct fuse_cbf *f, uint32_t k, uint64_t block);
/* The same with block's counter indices computed once (fuse_cbf_keys
   fills keys[0..hashes-1]) for testing every filter. */
void fuse_cbf_keys(const struct fuse_cbf *f, uint64_t block, uint32_t *keys);
bool fuse_cbf_test_keys(const struct fuse_cbf *f, uint32_t k,
                        const uint32_t *keys);
/* Word w of the filters testing positive for keys (bit k of word w:
   filter 64 w + k), from the rows of nz; f->nz must be set. */
uint64_t fuse_cbf_positive_word(const struct fuse_cbf *f, const uint32_t *keys,
                                uint32_t w);
/* The 2-bit value of filter k's counter j (saturated at 3). */
uint32_t fuse_cbf_value(const struct fuse_cbf *f, uint32_t k, uint32_t j);

/* ---- banks (fuse-bank.c) ------------------------------------------- */

/* What the controller keeps per line beside the tags. */
struct fuse_meta {
    uint16_t sig;                 /* signature of the PC that placed it */
    uint8_t cls;                  /* class predicted at placement */
    uint8_t writes;               /* writes since it entered the L1 (its
                                     fill counts as one; saturates) */
};

/* One line as it left a bank. */
struct fuse_victim {
    bool valid, dirty;
    uint64_t addr;
    struct fuse_meta m;
};

/* The cost of a search in a bank. */
struct fuse_search {
    uint32_t rows;                /* tag rows read (polled) */
    uint32_t tests;               /* CBFs tested (FA) */
    uint32_t positives;           /* CBFs testing positive */
    uint32_t false_positives;     /* positives whose lines lack the block */
    uint32_t fp_polled;           /* rows polled for false positives */
};

struct fuse_bank {
    bool on;
    struct cache c;               /* tags, replacement (1 set when FA) */
    struct fuse_meta *m;          /* per line */
    bool fa;                      /* CBF-guided polling search */
    uint32_t comparators;         /* tags read per polled row */
    uint32_t per_cbf;             /* lines each CBF covers */
    struct fuse_cbf cbf;
};

/* bytes 0: no bank. FA banks search with cbf_count filters in front of
   rows of `comparators` tags; they replace FIFO. */
void fuse_bank_init(struct fuse_bank *b, uint32_t bytes, uint32_t ways,
                    uint32_t line, enum cache_repl repl, bool fa,
                    uint32_t comparators, uint32_t cbf_count,
                    uint32_t cbf_counters, uint32_t cbf_hashes,
                    uint64_t seed);
void fuse_bank_free(struct fuse_bank *b);
/* The line holding block-aligned addr, or -1; s (may be NULL) gets the
   search's cost: one row for a set-associative bank; for an FA bank
   every CBF is tested and the positive ones' rows are polled in order
   until the block is found. No state change. */
int32_t fuse_bank_find(const struct fuse_bank *b, uint64_t addr,
                       struct fuse_search *s);
/* The line a fill of addr would replace (no change). */
static inline uint32_t fuse_bank_victim(const struct fuse_bank *b,
                                        uint64_t addr)
{
    return cache_victim(&b->c, addr);
}
/* Puts addr's block in (the caller found it absent) with meta m; *v gets
   the line it replaced. Returns the line index. */
uint32_t fuse_bank_put(struct fuse_bank *b, uint64_t addr, bool dirty,
                       const struct fuse_meta *m, struct fuse_victim *v);
/* Takes line i out; *v gets what it held. */
void fuse_bank_take(struct fuse_bank *b, uint32_t i, struct fuse_victim *v);
/* Line i's tags and state. */
static inline const struct cache_line *fuse_bank_line(const struct fuse_bank *b,
                                                      uint32_t i)
{
    return &b->c.lines[i];
}

/* ---- storage (the bill) --------------------------------------------- */

struct fuse_cost {
    uint64_t sram_data_bits, sram_tag_bits;
    uint64_t stt_data_bits, stt_tag_bits;
    uint64_t cbf_bits;            /* filters x counters x 2 bits */
    uint64_t swap_bits;           /* entries x line */
    uint64_t tag_queue_bits;      /* entries x (command + tag + index) */
    uint64_t sampler_bits;        /* sets x ways x (V U LRU tag sig) */
    uint64_t sampler_entry_bits;
    uint64_t history_bits;        /* entries x (counter + R/W) */
    uint64_t line_sig_bits;       /* per-line signatures (dy-fuse) */
    uint64_t mshr_dest_bits;      /* bank ids in the MSHRs */
};

/* The parameters the bill depends on. */
struct fuse_cost_in {
    uint32_t comparators, cbf_count, cbf_counters, tag_queue, swap_buffer;
    uint32_t sampler_sets, sampler_ways, history_entries, mshrs;
};

void fuse_cost(const struct fuse_geom *g, const struct fuse_cost_in *in,
               struct fuse_cost *out);

struct ws_config;
/* The geometry, energies and bill inputs the configuration selects
   (fuse.variant and the fuse.* keys; a geometry the keys make invalid is
   left zeroed: check it first with the design's check hook). */
void fuse_config(const struct ws_config *cfg, const struct tparams *p,
                 struct fuse_geom *g, struct fuse_energy *e,
                 struct fuse_cost_in *ci);

/* The design (registry.c). */
extern const struct design fuse_design;

#endif

/*
** ltrf.h - design `ltrf`: the latency-tolerant register file (seed 004,
** Sadrosadati et al., ASPLOS'18), a register-file cache with one
** partition per active warp, filled by register-interval prefetches,
** in front of a large, slow main register file; see ltrf.c and
** docs/designs/ltrf.md. Variants (ltrf.variant): bl, rfc, ltrf, ltrf+,
** ideal. Exposes the design, its table hooks and the pure arithmetic the
** unit tests check; nothing else may reach into the model.
*/
#ifndef WS_LTRF_H
#define WS_LTRF_H
#include <stdint.h>
#include "timing/seams.h"

extern const struct design ltrf_design;

enum ltrf_variant { LTRF_BL, LTRF_RFC, LTRF_LTRF, LTRF_PLUS, LTRF_IDEAL };

/* The paper's architectural registers per warp: the WCB's address table
   and the PREFETCH bit-vector have one entry per register. */
#define LTRF_ARCH_REGS 256

/* One row of the paper's Table 2 (relative to #1: 256 KB in 16 banks of
   16 KB, crossbar, high-performance SRAM). */
struct ltrf_table2 {
    const char *cell;             /* cell technology */
    uint32_t banks, bank_size;    /* multiples of 16 banks, of 16 KB */
    const char *net;              /* "crossbar" or "flattened butterfly" */
    double capacity, area, power, latency;
};
/* Row #n (1..7), NULL otherwise. */
const struct ltrf_table2 *ltrf_table2_row(uint32_t n);

/* Bits of the warp control blocks of an SM (the paper's section 4.3):
   warps x (regs x entry_bits + ceil(log2 active) + 2 x regs): per
   architectural register an address-table entry, the working-set and the
   liveness bits, and a warp offset per warp. */
uint64_t ltrf_wcb_bits(uint32_t warps, uint32_t regs, uint32_t entry_bits,
                       uint32_t active);
/* Bits of the register-file cache: regs_per_interval banks x active
   warps x one warp register (32 lanes x 32 bits). */
uint64_t ltrf_rfc_bits(uint32_t regs_per_interval, uint32_t active);
/* ceil(log2 n), 0 for n <= 1. */
uint32_t ltrf_log2_ceil(uint32_t n);

/* The design's hooks (exported for the unit tests). */
int ltrf_check(const struct ws_config *cfg, const struct tparams *p,
               struct ws_diag *diag);
void ltrf_bill(const struct ws_config *cfg, const struct tparams *p,
               struct jv *items);
uint32_t ltrf_registers(const struct ws_config *cfg);

/*
** Address allocation unit (section 4.2, Fig. 8): an `unused` queue of
** free entries (banks of a warp's partition, or partitions of the RFC)
** and an `occupied` one. Allocation takes the head of the unused queue
** and appends it to the occupied queue; a release moves the entry from
** the occupied queue to the tail of the unused one. At most 256 entries.
*/
struct ltrf_aau {
    uint16_t n, nfree;
    uint16_t unused[LTRF_ARCH_REGS];     /* FIFO: head first */
    uint16_t occupied[LTRF_ARCH_REGS];   /* in allocation order */
    uint16_t nocc;
};
void ltrf_aau_init(struct ltrf_aau *a, uint32_t n);
/* The entry allocated, -1 when none is free. */
int32_t ltrf_aau_alloc(struct ltrf_aau *a);
void ltrf_aau_release(struct ltrf_aau *a, uint32_t entry);

#endif

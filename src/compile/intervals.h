/*
** intervals.h - register-intervals (LTRF, seed 004 section 3.3).
** A register-interval is a single-entry subgraph of the CFG whose
** register working set (physical registers read or written in it) is at
** most N. At each interval's head a PREFETCH brings the working set into
** the register-file cache; every access inside the interval then hits.
** Pass 1 (Algorithm 1) grows intervals from the entry, adding a block when
** all its predecessors are in the interval and the registers of the whole
** interval (every path through it, not only the path into the block)
** still fit, and splits a block whose registers overflow, and at call
** boundaries (calls
** are inlined, so where the code enters or leaves an inlined function;
** those pieces stay separate intervals in both passes, as the shared body
** of a real function would).
** Pass 2 (Algorithm 2) merges an interval into a group when all its
** predecessors are in that group and the union of working sets fits,
** repeated until nothing merges, so nested loops become one interval when
** they fit. Predicates are not in the register file and are not counted.
** Every interval of more than one instruction uses at most N registers
** (a single instruction touching more than N is an interval of its own).
*/
#ifndef WS_INTERVALS_H
#define WS_INTERVALS_H
#include <stdbool.h>
#include <stdint.h>
#include "compile/image.h"

struct interval {
    int32_t head;             /* first instruction: the PREFETCH point */
    uint64_t *regs;           /* working set: bitset of physical registers */
    uint32_t nregs;
    uint32_t static_insts;
};

struct intervals {
    uint32_t N;               /* registers allowed per interval */
    uint32_t n;
    struct interval *v;
    int32_t *of_inst;         /* instruction -> interval */
    size_t words;             /* 64-bit words per register bitset */
    uint32_t pass1;           /* intervals after pass 1 */
    uint32_t rounds;          /* pass-2 rounds until nothing merged */
};

/* Forms the register-intervals of k with at most N registers each. */
void intervals_compute(const struct kimage *k, uint32_t N,
                       struct intervals *iv);
void intervals_free(struct intervals *iv);

/* Physical registers (not predicates) instruction i reads or writes, as
   bits set in set (words long). */
void intervals_inst_regs(const struct kimage *k, int32_t i, uint64_t *set);

/* True if block b contains an instruction of interval id. */
bool intervals_block_has(const struct kimage *k, const struct intervals *iv,
                         int32_t b, uint32_t id);

#endif

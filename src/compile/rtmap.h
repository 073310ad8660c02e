/*
** rtmap.h - register mapping for a racetrack-memory register file
** (seed 001 section 4.3).
** A bank's registers sit on stripes with N_p access ports; register R at
** port region p(R) and offset o(R) costs |o(Ri) - o(Rj)| shifts when Rj
** is accessed right after Ri. From the per-bank move counts C_ij of a
** register access trace, Algorithm 1 groups the registers N_p at a time
** (greedy maximum-weight subgraphs, weight C_ij + C_ji): a group shares
** one offset, one register per port, so moves inside a group cost nothing.
** Algorithm 2 then enumerates the orders of the groups (the offsets) and
** keeps the one minimising S = sum C_ij |o(Ri) - o(Rj)|. Beyond
** RTMAP_EXHAUSTIVE_MAX groups the enumeration is replaced by a local
** search (greedy chain, then pairwise swaps to a fixed point) and the
** result says so. The direct mapping (registers in ascending order,
** region by region) is the reference; the optimised mapping is never
** worse than it on the trace it was built from.
*/
#ifndef WS_RTMAP_H
#define WS_RTMAP_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "compile/image.h"

#define RTMAP_EXHAUSTIVE_MAX 9     /* 9! = 362880 orders */

struct rtmap_bank {
    uint32_t n;                /* registers in the bank */
    int32_t *reg;              /* their register numbers, ascending */
    int32_t *port, *offset;    /* chosen mapping, per register */
    int32_t *group;            /* Algorithm 1's group of each register */
    uint32_t ngroups;
    uint64_t moves;            /* moves in the trace (sum of C_ij) */
    uint64_t direct_S, mapped_S;
    bool heuristic;            /* arrangement by local search */
    bool kept_direct;          /* the optimised mapping was no better */
};

struct rtmap {
    uint32_t banks, ports;
    struct rtmap_bank *b;
    uint64_t direct_S, mapped_S;
    bool heuristic;            /* some bank used the local search */
    bool from_trace;           /* built from a recorded access trace */
};

/*
** Builds the mapping from a register access trace: entry[i] is the
** register accessed (any non-negative id: a warp-register number) and
** bank[i] the bank holding it. Registers are numbered inside each bank in
** ascending id order, which is the direct mapping.
*/
void rtmap_from_trace(uint32_t banks, uint32_t ports, const int32_t *entry,
                      const uint32_t *bank, size_t n, struct rtmap *m);

/*
** The static trace of kernel k run by `warps` resident warps issuing in
** round-robin order, one instruction each in turn: each instruction's
** registers in order (sources then destinations, both halves of 64-bit
** values). Entries are warp-register numbers w * regs_per_thread + r, in
** bank (w + r) mod banks. Returns the length; *entry and *bank must be
** freed.
*/
size_t rtmap_static_trace(const struct kimage *k, uint32_t warps,
                          uint32_t banks, int32_t **entry, uint32_t **bank);

/*
** Maps one bank from its move counts instead of a trace: b->n registers
** (indices 0..n-1, the direct order), C[i * n + j] the moves from
** register i to register j. Fills port, offset, group, ngroups, moves,
** direct_S, mapped_S, heuristic and kept_direct exactly as
** rtmap_from_trace does for each bank; the caller frees port, offset and
** group.
*/
void rtmap_bank_from_moves(struct rtmap_bank *b, uint32_t ports,
                           const uint32_t *C);

/* Shift count S of a trace on bank b under a mapping (offset per
   register index of b). */
uint64_t rtmap_cost(const struct rtmap_bank *b, const uint32_t *C,
                    const int32_t *offset);

void rtmap_free(struct rtmap *m);

#endif

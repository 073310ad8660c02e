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
#include <stdio.h>
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

/* The register-to-bank mappings of rf.bank_map, in its order. */
enum rtmap_bank_map {
    RTMAP_WARP_REG,            /* (w + r) mod banks (GPGPU-Sim) */
    RTMAP_REG,                 /* r mod banks */
};

/*
** The static trace of kernel k run by `warps` resident warps issuing in
** round-robin order, one instruction each in turn: each instruction's
** registers in order (sources then destinations, both halves of 64-bit
** values). Entries are warp-register numbers w * regs_per_thread + r, in
** the bank `map` gives them: (w + r) mod banks or r mod banks. Returns
** the length; *entry and *bank must be freed.
*/
size_t rtmap_static_trace(const struct kimage *k, uint32_t warps,
                          uint32_t banks, enum rtmap_bank_map map,
                          int32_t **entry, uint32_t **bank);

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

/*
** Move-count profiles (the two-pass flow of a racetrack register file).
** A run records, per SM, the move counts of every tape (a group of
** registers in one bank that shift together): rtmap_moves_write. When
** every SM of a launch has written its file, rtmap_moves_merge sums the
** counts tape by tape (the registers of a tape are the same on every SM)
** and maps each tape once from the sums, so one mapping serves all SMs of
** the launch, as the paper's compile-time mapping does.
*/
struct rtmap_moves {
    uint32_t bank, tape, n;    /* n registers on it */
    const int32_t *reg;        /* [n] their ids, ascending */
    const uint32_t *C;         /* [n * n] moves from register i to j */
};

/* Writes the counts of `count` tapes to `path` (through a temporary file
   renamed into place). False if the file cannot be written. */
bool rtmap_moves_write(const char *path, const char *kernel,
                       const struct rtmap_moves *t, size_t count);

/*
** Reads the move-count files paths[0..npaths), which must hold exactly
** the tapes of t (same bank, tape and registers, in the same order), sums
** their counts and writes to `out` the mapping Algorithms 1-2 choose from
** the sums: per tape with registers "tape B K N", then N lines "reg
** domain" with domain = port * region + offset. A tape nobody accessed
** keeps the direct mapping. False, writing nothing, if a file is missing
** or does not match.
*/
bool rtmap_moves_merge(const char *const *paths, size_t npaths,
                       const struct rtmap_moves *t, size_t count,
                       uint32_t ports, uint32_t region, const char *kernel,
                       const char *out);

/*
** Reads one tape's entry of such a mapping file from f, positioned after
** its "tape B K N" line: N pairs "reg domain". Of the n registers reg[],
** those it names take its domains; the others take the free domains
** (of `domains`) in order. False if the entry is unusable (dom then
** holds garbage).
*/
bool rtmap_profile_tape(FILE *f, uint32_t entries, uint32_t domains,
                        uint32_t n, const int32_t *reg, int32_t *dom);

/* A hash of kernel k's instructions (operation, operands, registers):
   profiles recorded for other code are not reused under the same name. */
uint64_t rtmap_kernel_hash(const struct kimage *k);

#endif

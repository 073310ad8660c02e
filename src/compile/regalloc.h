/*
** regalloc.h - register allocation of a linked kernel.
** Maps virtual registers to 32-bit physical registers (64-bit values to an
** aligned even/odd pair) and predicates to a separate predicate file, by
** greedy colouring of the exact interference graph in program order. There
** is no spilling and no rematerialisation; docs/compiler.md compares the
** counts with ptxas. The result replaces the virtual registers in the
** simulated program: register banks, occupancy and the designs all see
** physical registers.
*/
#ifndef WS_REGALLOC_H
#define WS_REGALLOC_H
#include <stdint.h>
#include "compile/cfg.h"
#include "compile/liveness.h"
#include "util/diag.h"

struct regalloc {
    int32_t *slot;       /* virtual register -> physical register (first of
                            a pair for 64-bit) or predicate number */
    uint32_t nregs;      /* physical 32-bit registers used per thread */
    uint32_t npreds;     /* predicate registers used per thread */
};

/* Allocates; returns WS_ERR with diag only for kernels beyond its limits. */
int regalloc_run(const struct ptx_func *f, const struct cfg *g,
                 const struct liveness *lv, struct regalloc *ra,
                 struct ws_diag *diag);

/*
** Verifies an allocation: at every instruction no two registers live at
** the same time share a physical register, and every 64-bit register sits
** on an even pair. Returns 0 if sound, else fills msg (for tests and the
** internal-error report).
*/
int regalloc_check(const struct ptx_func *f, const struct cfg *g,
                   const struct liveness *lv, const struct regalloc *ra,
                   char *msg, size_t n);

void regalloc_free(struct regalloc *ra);

#endif

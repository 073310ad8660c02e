/*
** deadbits.h - dead-operand bits: which registers die at each instruction
** for the whole warp.
** A thread's register dies at its last use; a warp's dies only when no
** lane can read it again. Inside a divergent region lanes parked on the
** SIMT stack resume later (at the fall-through entry while the taken path
** runs, at the reconvergence point in either path), so registers live at
** those points stay alive along the path. cerf (lru-prioritized)
** and ltrf+ use these bits to free register storage early.
*/
#ifndef WS_DEADBITS_H
#define WS_DEADBITS_H
#include <stdint.h>
#include "compile/cfg.h"
#include "compile/liveness.h"

struct deadbits {
    int32_t *start;   /* per instruction i: dead[start[i] .. start[i+1]) */
    int32_t *reg;     /* virtual registers (not predicates) dying there */
};

void deadbits_compute(const struct ptx_func *f, const struct cfg *g,
                      const struct liveness *lv, struct deadbits *db);
void deadbits_free(struct deadbits *db);

#endif

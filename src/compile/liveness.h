/*
** liveness.h - register liveness of a linked kernel by iterative data flow.
** Registers are the flat function's virtual registers (predicates
** included). A definition under a guard predicate does not kill: lanes
** whose guard is false keep the old value, so it stays live above.
*/
#ifndef WS_LIVENESS_H
#define WS_LIVENESS_H
#include <stdbool.h>
#include <stdint.h>
#include "compile/cfg.h"
#include "ptx/ir.h"

#define LIVE_MAX_OPS 16

/* Registers read / written by an instruction (no duplicates). */
int live_uses(const struct ptx_inst *in, int32_t out[LIVE_MAX_OPS]);
int live_defs(const struct ptx_inst *in, int32_t out[LIVE_MAX_OPS]);

struct liveness {
    int32_t nregs;
    size_t words;            /* 64-bit words per register set */
    uint64_t *in, *out;      /* per block: live-in and live-out sets */
};

void liveness_compute(const struct ptx_func *f, const struct cfg *g,
                      struct liveness *lv);
void liveness_free(struct liveness *lv);

static inline bool live_has(const uint64_t *set, int32_t r)
{
    return (set[r >> 6] >> (r & 63)) & 1;
}

static inline void live_add(uint64_t *set, int32_t r)
{
    set[r >> 6] |= 1ULL << (r & 63);
}

static inline void live_del(uint64_t *set, int32_t r)
{
    set[r >> 6] &= ~(1ULL << (r & 63));
}

/*
** Walks block b backwards: calls fn(i, live_after, ctx) for each
** instruction i from last to first, where live_after is the set live just
** after i. The set must not be kept.
*/
void liveness_walk_block(const struct ptx_func *f, const struct cfg *g,
                         const struct liveness *lv, int32_t b,
                         void (*fn)(int32_t i, const uint64_t *live_after,
                                    void *ctx),
                         void *ctx);

/* Applies instruction in to a live set, turning live-after into live-before. */
void liveness_step(const struct ptx_inst *in, uint64_t *live);

#endif

/*
** cfg.h - control-flow graph of a flat kernel, with dominators and
** immediate post-dominators.
** The immediate post-dominator of a divergent branch's block is where the
** SIMT stack reconverges the warp. A virtual exit node (id nblocks) follows
** every exit; blocks that can never reach it (endless loops) get it as
** post-dominator so that their warps reconverge only at exit.
*/
#ifndef WS_CFG_H
#define WS_CFG_H
#include <stdint.h>
#include "ptx/ir.h"

struct cfg_block {
    int32_t first, last;    /* instruction range, inclusive */
    int32_t succ[2];        /* successor blocks; exit node = cfg.nblocks */
    uint8_t nsucc;
    int32_t npred;
    int32_t *pred;          /* predecessor blocks (exit node excluded) */
};

struct cfg {
    int32_t nblocks;        /* real blocks; the exit node is id nblocks */
    struct cfg_block *b;
    int32_t *block_of;      /* instruction -> block */
    int32_t *idom;          /* immediate dominator; -1 for entry/unreachable */
    int32_t *ipdom;         /* immediate post-dominator (nblocks = exit) */
    int32_t *rpo;           /* reachable blocks in reverse post-order */
    int32_t nrpo;
};

/* Builds the CFG of a linked kernel (labels resolved to instructions). */
void cfg_build(const struct ptx_func *f, struct cfg *g);
void cfg_free(struct cfg *g);

/* Returns the instruction that is the branch target of inst i, or -1. */
int32_t cfg_branch_target(const struct ptx_func *f, int32_t i);

/* True if block a dominates block b. */
int cfg_dominates(const struct cfg *g, int32_t a, int32_t b);

#endif

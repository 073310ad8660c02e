/*
** l1d.h - the baseline L1 data cache (l1d.c) and the calls an L1 uses to
** reach the rest of the GPU.
*/
#ifndef WS_L1D_H
#define WS_L1D_H
#include "timing/mreq.h"
#include "timing/seams.h"

extern const struct l1_ops l1d_ops;
/* The same L1D sized at each launch by design `unified` (l1d.c), and that
   design's statistics section: its split of the array. */
extern const struct l1_ops l1d_unified_ops;
void l1d_unified_section(void *rf, void *l1, struct jv *sec);

/* The queues of a baseline L1 (self made by l1d_ops.create), for
   inspection: requests waiting in the miss queue to leave, the limit
   beyond which new requests stall, and requests expecting a response. */
struct l1d_queues {
    uint32_t miss_queue, limit, outstanding;
};
void l1d_queues(const void *self, struct l1d_queues *out);

/* The request pool of the GPU an L1 belongs to. */
struct mreq_pool *gpu_pool(struct gpu *g);
/* Sends request r from SM sm toward the L2 slice owning its address;
   false if the SM's interconnect port is busy this cycle. */
bool gpu_to_l2(struct gpu *g, uint32_t sm, int32_t r, uint64_t now);
/* Earliest cycle SM sm's interconnect port can send. */
uint64_t gpu_port_free(struct gpu *g, uint32_t sm);

#endif

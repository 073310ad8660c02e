/*
** dram-cmd.h - the command-level DRAM channel of dram.model = command:
** GPGPU-Sim's GDDR timing model, one command per DRAM cycle under every
** constraint of struct dram_cfg (docs/dram.md). dram.c decodes addresses
** and calls it in place of its own request-level model; the functions
** mirror dram.h's.
*/
#ifndef WS_DRAM_CMD_H
#define WS_DRAM_CMD_H
#include <stdbool.h>
#include <stdint.h>
#include "timing/dram.h"

struct dcmd;

struct dcmd *dcmd_new(const struct dram_cfg *c, uint32_t id);
void dcmd_free(struct dcmd *d);
/* Queues request q (in bank `bank`, row `row`) arriving at core cycle
   now; false when the scheduler's queue is full. */
bool dcmd_push(struct dcmd *d, const struct dram_req *q, uint32_t bank,
               uint64_t row, uint64_t now);
/* Runs the DRAM cycles of the core cycles up to now (the ones in which
   nothing can happen are skipped). */
void dcmd_tick(struct dcmd *d, uint64_t now);
/* A request completed by now (oldest completion first); false if none. */
bool dcmd_pop(struct dcmd *d, uint64_t now, struct dram_req *out);
/* The next core cycle with work, UINT64_MAX when the channel is empty. */
uint64_t dcmd_next_event(const struct dcmd *d, uint64_t now);
/* Requests held, from push to pop. */
uint32_t dcmd_pending(const struct dcmd *d);
const struct dram_stats *dcmd_stats(const struct dcmd *d);
/* Bank b as the TUI shows it (ready is not tracked: 0). */
struct dram_bank_state dcmd_bank(const struct dcmd *d, uint32_t b);

#endif

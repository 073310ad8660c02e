/*
** team.h - a fixed team of threads that runs one batch at a time, the
** calling thread working with them:
**   struct team *t = team_new(2);            (2 threads in all)
**   team_run(t, fn, ctx);                    fn(ctx, 0) here, fn(ctx, 1)
**                                            on the worker, at once
**   team_free(t);
** Part k of every batch runs on the same thread, so what it works on
** stays in that core's cache. team_run returns once every part is done,
** and the parts' writes are then visible to the caller. Between batches
** the workers spin briefly, then yield, then sleep. A team survives
** fork(): the child starts its own workers on its first batch.
*/
#ifndef WS_TEAM_H
#define WS_TEAM_H
#include <stdint.h>

struct team;

/* A team of `threads` threads, the caller included (threads >= 1; with 1
   team_run calls fn in the caller only and no thread is started). */
struct team *team_new(uint32_t threads);
void team_free(struct team *t);
uint32_t team_threads(const struct team *t);
/* fn(ctx, k) for every k < team_threads(t), part 0 on the caller, the
   others at once on the workers; a part whose worker could not be
   started runs on the caller before part 0, the highest k first. */
void team_run(struct team *t, void (*fn)(void *ctx, uint32_t k), void *ctx);

/* One step of waiting for another thread of the team (*waited counts
   the steps): a pause at first, then yielding the core. */
void team_wait_step(uint32_t *waited);

#endif

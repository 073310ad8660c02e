/*
** dbg-internal.h - what the debugger's files share (dbg.c, dbg-lua.c,
** dbg-reverse.c, dbg-run.c). Not for other modules.
*/
#ifndef WS_DBG_INTERNAL_H
#define WS_DBG_INTERNAL_H
#include "debug/dbg.h"
#include "func/exec.h"

/* The functional warp in a slot of an SM (NULL if none), with its CTA's
   linear index; the kernel of the launch running (NULL if none). */
struct fwarp *dbg_warp(struct dbg *d, int sm, int slot, uint64_t *cta);
const struct kimage *dbg_kernel(struct dbg *d);

/* Probes and Lua expressions (dbg-lua.c). */
void dbg_probe_sample(struct dbg *d, struct probe *p, uint64_t now);
bool dbg_expr_changed(struct dbg *d, struct bp *b);
bool dbg_expr_true(struct dbg *d, int ref);

/*
** Takes a checkpoint at `now` if it is time (dbg-reverse.c). Returns true
** in a restored checkpoint, after it took up its mission.
*/
bool dbg_checkpoint(struct dbg *d, uint64_t now);
/* Reverse search: a candidate stop position (bp: breakpoint id or 0). */
void dbg_find_note(struct dbg *d, uint64_t pos, int bp, int sm, int warp);
/* After a restored checkpoint reached its target: finish the mission. */
void dbg_mission_done(struct dbg *d);

/* Re-executes a logged command quietly (set by the command layer). */
extern int (*dbg_replay_cmd)(struct dbg *d, const char *line);

#endif

/*
** dbg-internal.h - what the debugger's files share (dbg.c, dbg-core.c,
** dbg-script.c, dbg-reverse.c, dbg-run.c). Not for other modules.
*/
#ifndef WS_DBG_INTERNAL_H
#define WS_DBG_INTERNAL_H
#include "debug/dbg.h"
#include "func/exec.h"


/* Hooks, conditions, probes and expressions (dbg-script.c). A hook or
   condition that fails is disabled (d->resub set); -1, else its truth. */
int dbg_call_hook(struct dbg *d, struct bp *b, int ref,
                  const struct ws_event *e);
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
/* Reports a failed command (set by cmd.c: with the command file's
   FILE:LINE:1 and counted as a failed command). */
extern int (*dbg_cmd_error)(struct dbg *d, const char *msg);
/* "error: ..." of a run or reverse command, through dbg_cmd_error when
   a command runs it; returns WS_ERR. */
int dbg_error(struct dbg *d, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

#endif

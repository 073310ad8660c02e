/*
** linestats.h - statistics per instruction, summed per PTX line: what
** `info lines`, ws.lines() and the Source pane show. A subscriber to the
** model's events counts, against the instruction each event names (or
** the inspection layer finds), warp-instructions issued, register-bank
** conflicts, L1D loads and load misses, shared-memory bank conflicts
** and the cycles warps stood stalled at the instruction, by reason.
** Nothing in the model knows about it: the events carry the instruction
** (warp.issue, l1.*, shmem.conflict) or name the warp and register it
** is found from (rf.conflict); a warp's stalls are the intervals between
** its warp.state events. It costs nothing until started; it counts from
** the cycle it is started (debugger sessions with a driver start it
** with the session).
*/
#ifndef WS_LINESTATS_H
#define WS_LINESTATS_H
#include <stdbool.h>
#include <stdint.h>
#include "sim/device.h"
#include "timing/sm.h"
#include "util/jval.h"
#include "util/strbuf.h"
#include "util/vec.h"

/* The counts of one instruction or line. */
struct lstat {
    uint64_t issued;          /* warp-instructions issued */
    uint64_t rf;              /* register-bank conflicts: requests that
                                 waited a cycle for their bank */
    uint64_t l1, miss;        /* L1D loads, and those that missed
                                 (merges into an MSHR included) */
    uint64_t shmem;           /* shared-memory bank conflicts: extra
                                 passes over the banks */
    uint64_t stall[STALL__COUNT]; /* warp-cycles stalled here, by reason */
};

/* Sort keys: the counts above, "stall" (every reason), and each stall
   reason by its stall_name ("memory", "raw", ...). */
enum { LS_ISSUED, LS_RF, LS_L1, LS_MISS, LS_SHMEM, LS_STALL, LS_REASON };
#define LS_KEYS (LS_REASON + STALL__COUNT)

#define LS_RECENT 8           /* instructions a warp issued last, kept */

struct ls_warp {              /* a warp slot's current state */
    int16_t rs;               /* enum stall, or -1: empty or not known */
    int32_t pc;               /* where it stood when the state began */
    uint64_t since;
    const struct kimage *k;
    int32_t recent[LS_RECENT];/* its last issues, recent[last] newest (for
                                 writes waiting after their instruction
                                 completed: a write buffer's) */
    uint8_t last;
};

struct ls_kernel {            /* one kernel's counts, per instruction */
    const struct kimage *k;
    struct lstat *pc;
};

struct linestats {
    struct ws_device *dev;
    int sub;                  /* bus subscription, -1: not counting */
    uint64_t since;           /* cycle counting began */
    VEC(struct ls_kernel) ks;
    struct ls_warp *w;        /* nsm * nslots */
    uint32_t nsm, nslots;
    struct lstat lost;        /* counts whose instruction was not found */
};

void linestats_init(struct linestats *ls);
/* Starts counting the events of dev's bus (nothing when counting
   already). Returns 0, or -1 when the bus has no room for a subscriber. */
int linestats_start(struct linestats *ls, struct ws_device *dev);
bool linestats_counting(const struct linestats *ls);
/* Stops counting and frees the counts. */
void linestats_free(struct linestats *ls);

/* The key named `name`, or -1. linestats_key_name: its name. */
int linestats_key(const char *name);
const char *linestats_key_name(int key);
/* The comma-separated list of the key names, for error messages. */
const char *linestats_keys(void);
uint64_t lstat_get(const struct lstat *s, int key);

/*
** The counts of kernel k summed per PTX line of its module, lines 1..n
** of out[0..n] (out[0] unused; n = the module's lines): calloc'd, the
** caller frees. Stalls still going on count up to cycle `now`. NULL
** when nothing was counted for k.
*/
struct lstat *linestats_lines(const struct linestats *ls, const struct kimage *k,
                              const struct ptx_module *mod, uint64_t now);

/*
** The n hottest lines of kernel k by key (n <= 0: all with a count),
** hottest first, ties in line order: `info lines` as text (wrapped to
** 80 columns) or, for ws.lines(), as an array of {line, pc, text, cuda
** (file:line or null), issued, rf, l1, miss, shmem, stall, stalls:
** {reason: cycles}}. False with err when nothing was counted.
*/
bool linestats_text(const struct linestats *ls, const struct ws_device *dev,
                    int key, int n, struct strbuf *o, char *err, size_t errlen);
struct jv *linestats_json(const struct linestats *ls, const struct ws_device *dev,
                          int key, int n, char *err, size_t errlen);

/*
** Every kernel counted, in the order first counted: [{kernel, ptx (its
** file), lines: [per line with a count, in line order, as
** linestats_json's]}], stalls going on counted up to `now`. For
** `warpscope run --line-stats --json`.
*/
struct jv *linestats_all(const struct linestats *ls, uint64_t now);

#endif

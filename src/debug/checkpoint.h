/*
** checkpoint.h - snapshots of the whole simulation for reverse execution.
** A checkpoint is a forked copy of the debugging process, parked on a
** pipe: the kernel shares its memory copy-on-write, so a snapshot costs
** the pages that change afterwards, and it holds everything - the model,
** device memory, the scenario's Lua state, the debugger - exactly as it
** was. Restoring sends the checkpoint a message (where to go, and the
** commands typed since) and ends the current process; the checkpoint
** first parks a fresh copy of itself, then carries on as the session.
**
** Because the session's process changes, a supervisor (the process the
** shell started) waits for the whole family and exits with the code the
** last session left. Linux only (PR_SET_CHILD_SUBREAPER); elsewhere
** reverse execution reports itself unsupported.
*/
#ifndef WS_CHECKPOINT_H
#define WS_CHECKPOINT_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

struct ckpt {
    pid_t pid;
    int fd;            /* write end of its pipe */
    uint64_t cycle;    /* simulated cycle it holds */
    uint64_t seq;      /* taken in this order */
};

struct ckpt_set {
    struct ckpt *v;
    size_t n, cap;
    size_t max;        /* debug.checkpoints */
    uint64_t seq;
};

/*
** Forks the supervisor. Returns 1 in the session process (the caller goes
** on), 0 with nothing forked where snapshots cannot work, and -1 in the
** supervisor once the session has ended, with *code the status the
** session left (the caller exits with it).
*/
int ckpt_supervise(int *code);
/* The supervisor is in place (checkpoints can be taken). */
bool ckpt_enabled(void);
/* The exit code the supervisor reports if this process ends the session. */
void ckpt_set_exit_code(int code);

/*
** Takes a checkpoint at `cycle`. Returns 0 in the session (checkpoint
** parked), -1 if fork failed, and 1 in a checkpoint that was later
** restored: *msg (malloc'd, *len bytes) says what to do.
*/
int ckpt_take(struct ckpt_set *cs, uint64_t cycle, char **msg, size_t *len);

/* Index of the newest checkpoint at or before cycle, or -1. */
int ckpt_find(const struct ckpt_set *cs, uint64_t cycle);

/*
** Hands the session to checkpoint i with msg and ends this process
** (exit code unchanged). Returns only if the checkpoint is gone (then the
** entry is dropped and -1 returned).
*/
int ckpt_restore(struct ckpt_set *cs, size_t i, const char *msg, size_t len);

/* Ends every checkpoint (the session is ending). */
void ckpt_clear(struct ckpt_set *cs);

/* Private memory of checkpoint i in KiB (from /proc), or -1. */
long ckpt_private_kib(const struct ckpt_set *cs, size_t i);

#endif

/*
** dbg.h - the debugger: execution control, breakpoints, watchpoints, Lua
** hooks and probes, focus, reverse execution, and the record of a session.
** The command table (cmd.c), the Lua API (lua/ws-debug.c) and the TUI are
** views on this; nothing here parses commands or draws.
**
** The scenario (a Lua chunk) runs in a coroutine. When a stop the user
** asked for happens inside ws.run() (or any call that simulates), the
** coroutine yields to whoever drives the session (a command file, the
** TUI console), which later resumes it. Stops are taken at the end of a
** simulated cycle: every SM has finished that cycle, and dbg_cycle() is
** the next cycle to simulate.
*/
#ifndef WS_DBG_H
#define WS_DBG_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "debug/checkpoint.h"
#include "debug/linestats.h"
#include "timing/event.h"
#include "util/diag.h"
#include "util/strbuf.h"
#include "util/vec.h"

struct ws_session;
struct kimage;
struct dbg;

/* ---- the script engine ------------------------------------------------- */

/* No function: what compile returns on an error. */
#define DBG_NOREF (-2)

/* How much a call into scripts may do, and what to call it if it runs
   out (the configuration key that sets the budget). */
struct dbg_budget {
    int64_t instructions;
    const char *what, *key;
};

/* What a script function returned, as the debugger needs it. */
enum dbg_text { DBG_TEXT_NONE, DBG_TEXT_PLAIN, DBG_TEXT_SHOW };
struct dbg_value {
    bool truth;                   /* true as a condition */
    bool is_number;               /* a number (or a boolean: 0/1) in num */
    double num;
    const char *type;             /* its type's name */
    char *text;                   /* with text asked for: it as text
                                     (PLAIN: tostring; SHOW: tables
                                     expanded); the caller frees it */
};

/*
** The script engine the debugger drives: the scenario runs in it, and
** breakpoint conditions, hooks, probes, watch expressions and console
** code are functions of it referred to by int refs. The layer that owns
** the scripting language installs it (lua/engine.c); the debugger knows
** nothing else of it.
*/
struct dbg_engine {
    /* Loads the scenario at path (it runs from the first resume). */
    int (*load)(void *ctx, const char *path, struct ws_diag *diag);
    /* Runs the scenario until it yields to the driver (0), finishes (1)
       or fails (WS_ERR, or WS_FAIL for a failed check; diag filled). */
    int (*resume)(void *ctx, struct ws_diag *diag);
    /* An expression as a function returning its value (with_event: the
       event is its argument `e`): a ref, or DBG_NOREF with err. */
    int (*compile)(void *ctx, const char *expr, bool with_event, char *err,
                   size_t errlen);
    void (*release)(void *ctx, int ref);
    /* Calls ref (with event e as its argument when not NULL) within the
       budget; fills v. WS_OK, or WS_ERR with diag (position, traceback). */
    int (*call)(void *ctx, int ref, const struct ws_event *e,
                const struct dbg_budget *b, enum dbg_text text,
                struct dbg_value *v, struct ws_diag *diag);
    /* Runs console code, or the file it names (file true). */
    int (*run)(void *ctx, const char *text, bool file,
               const struct dbg_budget *b, struct ws_diag *diag);
};

enum bp_kind {
    BP_PC,        /* a warp reaches an instruction (before executing it) */
    BP_CYCLE,     /* the simulation reaches a cycle */
    BP_EVENT,     /* the model emits an event */
    BP_REG,       /* a register of a warp changes (one lane or any) */
    BP_MEM,       /* device memory in [addr, addr + len) changes */
    BP_L1SET,     /* a line of an L1 set is filled or evicted */
    BP_EXPR,      /* a Lua expression changes value (checked each cycle) */
    BP_HOOK       /* ws.on(event, fn): fn returns true */
};

struct bp {
    int id;
    enum bp_kind kind;
    bool enabled, temp, errored;
    uint64_t ignore, hits;
    int sm, warp, cta;            /* restriction, -1: any */
    char *spec;                   /* as the user wrote it */
    /* BP_PC: the location; resolved per kernel image */
    char *file;                   /* NULL: any module */
    int line;                     /* 0: by label or pc */
    char *label;
    int32_t pc;                   /* -1 unless given as *N */
    const struct kimage *rk;      /* resolved for this image */
    VEC(int32_t) rpcs;
    /* BP_CYCLE */
    uint64_t cycle;
    /* BP_EVENT, BP_HOOK, BP_L1SET */
    uint64_t types;
    uint32_t set;
    /* BP_REG */
    char *reg;
    int lane;
    uint32_t old[32];
    bool have_old;
    /* BP_MEM */
    uint64_t addr, len;
    uint8_t *mold;
    /* BP_EXPR, BP_HOOK: script function refs (DBG_NOREF: none);
       condition */
    int fn_ref, cond_ref;
    char *cond;
    char *old_val;                /* BP_EXPR: last value, as text */
    bool user;                    /* set by a logged command (the user's,
                                     not the scenario's) */
};

enum req_kind {
    REQ_RUN,       /* until a breakpoint or the end */
    REQ_CYCLES,    /* until the cycle reaches `target` */
    REQ_ISSUES,    /* until `n` warp-instructions issue (focus or any) */
    REQ_EVENT,     /* until an event of `types` */
    REQ_EXPR,      /* until a Lua condition holds */
    REQ_KERNEL,    /* until the launch running ends */
    REQ_PASTPC     /* until the focused warp passes `pc` (gdb's until) */
};

struct req {
    enum req_kind kind;
    uint64_t target, n, types;
    bool any;                     /* REQ_ISSUES: any warp, not the focus */
    int32_t pc;
    int expr_ref;
    bool quiet_bps;               /* breakpoints do not stop (goto) */
    bool bp_stops;                /* a scenario's ws.continue(): breakpoint
                                     hits end it */
    /* progress */
    uint64_t count;
    bool met;
};

#define STOP_MAX_HITS 8

enum stop_why { STOP_NONE, STOP_REQ, STOP_BP, STOP_HOOK, STOP_END,
                STOP_ERROR, STOP_INTERRUPT, STOP_PAUSE };

struct stop {
    enum stop_why why;
    int bp;                       /* breakpoint / hook id (the first) */
    int hits[STOP_MAX_HITS];      /* every one that stopped this cycle */
    int nhits;
    bool focused;                 /* the focus moved to a warp of it */
    uint64_t cycle;
    int sm, warp;                 /* where, -1 if not a warp */
    struct ws_event ev;           /* the event that stopped it, if any */
    bool has_ev;
    char *msg;                    /* STOP_ERROR / STOP_PAUSE text */
};

struct probe {
    char *name;
    int fn_ref;
    uint64_t every, next;
    bool dead;
    VEC(uint64_t) t;
    VEC(double) v;
};

/* What a session record holds: every command, in order, and where. */
struct logline {
    char *text;
    bool state;                   /* changes debugger state: replayed on
                                     restore */
    bool replay_only;             /* replayed on restore, not recorded (a
                                     temporary breakpoint that was used up) */
    int bp_id;                    /* the next breakpoint number when it ran:
                                     a replayed `break` gets the same one */
};

enum scen_state { SC_NOT_STARTED, SC_SUSPENDED, SC_FINISHED };

struct dbg {
    struct ws_session *s;
    const struct dbg_engine *eng; /* the script engine (installed by the
                                     scripting layer) and its state */
    void *ectx;
    enum scen_state scen;
    int scen_rc;                  /* WS_OK / WS_FAIL / WS_ERR when finished */
    struct ws_diag scen_diag;
    bool driver;                  /* commands come from a user or a file */
    /* focus (cuda-gdb style) */
    int fsm, fwarp, flane;
    /* breakpoints, watchpoints, hooks */
    VEC(struct bp) bps;
    int next_bp;
    int sub;
    /* the request the driver made, and the one of a scenario call */
    struct req drv;
    bool drv_active;
    struct req *own;              /* the scenario call simulating now */
    bool in_sim;
    /* reverse search: the last stop position before `before` */
    struct {
        bool active, bp;
        int sm, warp;
        uint64_t before, last;
        int last_bp;
    } find;
    struct stop stop;             /* why the last run stopped */
    bool stop_pending;            /* a subscriber stopped the run */
    struct {                      /* a restored checkpoint's task */
        bool active, find;
        int why, bp;
        uint64_t start, nth, nfound;
        uint64_t *found;
        int *found_bp;
        int *found_at;            /* sm * 65536 + warp */
    } mission;
    VEC(struct probe) probes;
    /* displays: Lua expressions printed at every stop */
    VEC(char *) displays;
    /* output: a capture buffer (ws.cmd, the TUI) or stdout */
    struct strbuf *capture;
    bool quiet;                   /* replaying: print nothing */
    volatile int interrupt;       /* SIGINT */
    /* reverse execution */
    struct ckpt_set ck;
    uint64_t ck_interval, ck_next;
    bool reverse;                 /* checkpoints are being taken */
    /* the session record */
    VEC(struct logline) log;
    size_t cmd_index;             /* next command of a command file */
    bool finished_quit;
    bool scen_running;            /* the scenario's Lua code is running */
    void (*say)(struct dbg *d, const char *text);  /* ws.say: the TUI */
    /* Called between stretches of simulation while a driver waits (the
       TUI redraws and reads keys here); returning true interrupts the
       run as Ctrl-C does. Stretches are at most poll_cycles long. */
    bool (*poll)(struct dbg *d);
    void *ui;                     /* the driver's own data */
    uint64_t poll_cycles;
    uint64_t restores;            /* times this process took over from a
                                     snapshot (drivers repaint) */
    /* The driver's own state (focus, scrollback) travels with a restore:
       saved by the process handing over, loaded by the one taking over. */
    void (*save_ui)(struct dbg *d, struct strbuf *out);
    void (*load_ui)(struct dbg *d, const char *text, size_t len);
    uint64_t cmd_errors;          /* commands that failed */
    const char *cmd_where;        /* where the command running came from
                                     ("FILE:LINE:1"), for its errors */
    bool no_log;                  /* commands from Lua: not in the record */
    bool replaying;               /* re-applying commands after a restore */
    bool user_cmd;                /* a logged (or replayed) command runs */
    int64_t hook_budget;          /* Lua instructions per hook/probe call */
    bool resub;                   /* the event subscription is stale (a
                                     hook was disabled): redo it */
    struct linestats lines;       /* per-PTX-line statistics (counted from
                                     the start with a driver; ws.lines()
                                     starts them in a scenario) */
};

/*
** Sets up a debugger on session s; its script engine is installed next
** (lua/engine.h: wslua_attach). driver: commands will come from a user or
** a file. reverse: take checkpoints (needs ckpt_supervise() first).
*/
void dbg_init(struct dbg *d, struct ws_session *s, bool driver, bool reverse);
void dbg_free(struct dbg *d);

/* Forgets the last stop (frees its message). */
void dbg_stop_reset(struct dbg *d);

/* The functional warp in a slot of an SM (NULL if none), with its CTA's
   linear index; the kernel of the launch running (NULL if none). */
struct fwarp;
struct fwarp *dbg_warp(struct dbg *d, int sm, int slot, uint64_t *cta);
const struct kimage *dbg_kernel(struct dbg *d);
/* The name of stall reason `why` (enum stall) on the running GPU: the
   design may name the reason of the warps it holds back. */
const char *dbg_stall_name(struct dbg *d, int why);

/* The next cycle to simulate (0 before the first launch). */
uint64_t dbg_cycle(const struct dbg *d);

/*
** Output of commands, stop reports, Lua print(): to the capture buffer
** if one is set, else stdout; nothing while replaying.
*/
void dbg_printf(struct dbg *d, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/*
** Runs until the request is met or something stops the run; reports the
** stop. Starts the scenario on first use and resumes it after a stop.
** Returns WS_OK (d->stop says why), or WS_ERR for a misuse (message
** printed) - never ends the session.
*/
int dbg_resume(struct dbg *d, const struct req *r);

/*
** The simulation loop used by every call that simulates (ws.run, ws.step,
** the driver): advances the device until `own` is met (own may be NULL:
** until the queue is empty), a breakpoint or the driver's request stops
** it. Returns 0 when `own` is met or the queue is empty, 1 when the stop
** belongs to the driver, -1 on a model error (diag filled).
*/
int dbg_simulate(struct dbg *d, struct req *own, struct ws_diag *diag);

/* Runs the scenario to its end with nothing stopping it (no driver). */
void dbg_run_to_end(struct dbg *d);

/* Appends "sm S warp W (cta C) at FILE:LINE (pc P): source" */
void dbg_where(struct dbg *d, int sm, int warp, struct strbuf *o);

/* Prints why the last run stopped and where (and the displays). */
void dbg_report(struct dbg *d);

/* Breakpoints: add (returns id, or -1 with err), find, delete. */
int dbg_bp_add(struct dbg *d, struct bp *b, char *err, size_t errlen);
struct bp *dbg_bp(struct dbg *d, int id);
/* Instructions a PC breakpoint matches in the kernels loaded so far, or
   -1 when no PTX module is loaded yet (it stays pending). */
int dbg_bp_where(struct dbg *d, struct bp *b);
bool dbg_bp_delete(struct dbg *d, int id);
/* Recomputes the event subscription after breakpoints changed. */
void dbg_resubscribe(struct dbg *d);

/* Reverse execution: go to cycle c (re-executing deterministically);
   back to the previous stop of the focused warp / of a breakpoint.
   Return WS_ERR with a message when impossible. */
int dbg_goto_cycle(struct dbg *d, uint64_t c);
int dbg_reverse(struct dbg *d, bool to_breakpoint, uint64_t n);

/* Probes */
int dbg_probe_add(struct dbg *d, const char *name, int fn_ref, uint64_t every);
int dbg_probes_csv(const struct dbg *d, const char *path, struct ws_diag *diag);

/* Logs a command of the session (state: replayed on restore). */
void dbg_log(struct dbg *d, const char *text, bool state);

/*
** Event e in one line of words (explain.c): what happened, where, who and
** why ("bank 5 conflict on sm 0: warps 3 and 7 both read R12/R44 this
** cycle; ..."). A design's event reads as its registered sentence.
*/
void dbg_explain(const struct dbg *d, const struct ws_event *e,
                 struct strbuf *o);
/* The L1D set of an address under the session's configuration; false
   when the L1D has no sets. */
bool dbg_l1_set(const struct dbg *d, uint64_t addr, uint64_t *set);
/* Writes the session as a replayable Lua scenario. */
int dbg_record(const struct dbg *d, const char *path, const char *scenario,
               const char *const *sets, size_t nsets, struct ws_diag *diag);

/* Loads the scenario as the coroutine the session runs. */
int dbg_load_scenario(struct dbg *d, const char *path, struct ws_diag *diag);

/* An expression of the script engine as a function ref (with_event: the
   event is its argument `e`); DBG_NOREF with err on a syntax error. */
int dbg_compile(struct dbg *d, const char *expr, bool with_event, char *err,
                size_t errlen);
/* Forgets a function ref (DBG_NOREF is ignored). */
void dbg_release(struct dbg *d, int ref);
/*
** Calls ref (the event as argument when e is not NULL) under the hook
** budget (lua.hook_instructions): WS_OK with v filled, or WS_ERR after
** printing "<what> failed ..." with the traceback.
*/
int dbg_script_call(struct dbg *d, int ref, const struct ws_event *e,
                    const char *what, enum dbg_text text, struct dbg_value *v);
/* Evaluates an expression once (print, display): WS_OK with its text in
   *out (caller frees), or WS_ERR with the message in *out (*syntax: the
   expression did not compile). */
int dbg_script_eval(struct dbg *d, const char *expr, enum dbg_text text,
                    const char *what, char **out, bool *syntax);

#endif

/*
** exec.h - functional SIMT execution of one warp-instruction at a time.
** A warp is 32 lanes with registers, predicates and a SIMT reconvergence
** stack; fx_step executes the instruction at the top of its stack with real
** values and real addresses. Timing is not decided here: a driver (the
** functional-only loop in launch.c, or the timing model) chooses which warp
** steps when, and may ask for the memory accesses an instruction made.
*/
#ifndef WS_EXEC_H
#define WS_EXEC_H
#include <stdbool.h>
#include <stdint.h>
#include "compile/image.h"
#include "func/mem.h"
#include "util/diag.h"

#define WS_WARP 32
#define WS_MAX_BARRIERS 16

struct simt_entry {
    int32_t pc;       /* next instruction of this path */
    int32_t rpc;      /* reconvergence point; -1 for the bottom entry */
    uint32_t mask;    /* lanes on this path */
};

enum fwarp_state { FW_READY, FW_BARRIER, FW_DONE };

struct fwarp {
    uint32_t *r;              /* registers: r[slot * 32 + lane] */
    uint32_t *p;              /* predicates: one lane mask per register */
    uint32_t cc;              /* carry flag per lane (add.cc and friends) */
    struct simt_entry *stack;
    int depth, cap;
    uint32_t valid;           /* lanes that exist (last warp may be partial) */
    uint32_t exited;          /* lanes that have exited */
    int wid;                  /* warp index within its CTA */
    int hw_slot;              /* %warpid: warp slot on the SM */
    enum fwarp_state state;
    int bar_id;               /* barrier waited on (state FW_BARRIER) */
    int32_t bar_pc;           /* bar.red: instruction to complete on release */
    uint32_t bar_mask;        /* bar.red: lanes that take the result */
    uint64_t ninst;           /* warp-instructions issued */
    uint64_t nthread;         /* thread-instructions (active, guard true) */
};

struct fbarrier {
    uint32_t arrived;         /* warps that arrived */
    uint32_t expected;        /* warps needed (0: all live warps) */
    uint8_t red_op;           /* bar.red: BARRED_* of the arrivals, or 0 */
    uint32_t red_popc;        /* bar.red.popc: threads with c true */
    bool red_and, red_or;     /* bar.red.and / .or accumulators */
};

struct fcta {
    uint32_t ctaid[3];
    uint32_t nthreads, nwarps;
    uint8_t *shared;
    uint32_t shared_bytes;
    uint8_t *local;           /* nthreads * kimage.local_bytes */
    struct fwarp *warps;
    uint32_t live;            /* warps not done */
    struct fbarrier bar[WS_MAX_BARRIERS];
    int sm;
    const struct kimage *k;   /* for completing bar.red on release */
};

/* One kernel launch: the image, its geometry and its parameter buffer. */
struct flaunch {
    const struct kimage *k;
    uint32_t grid[3], block[3];
    uint32_t dyn_shared;
    uint8_t *params;          /* k->param_bytes */
    const uint8_t *constbank; /* the module's .const data */
    uint32_t const_bytes;
    uint64_t gridid;
};

/* Memory accesses of one instruction, for the timing model. */
struct fmemrec {
    uint8_t space;            /* enum kspace (resolved, never generic) */
    uint8_t size;             /* bytes per lane (vector included) */
    bool store, atomic;
    uint32_t mask;            /* lanes that accessed */
    uint64_t addr[WS_WARP];   /* per lane, in the resolved space */
};

/* Everything fx_step needs besides the warp. */
struct fctx {
    struct dmem *mem;
    const struct flaunch *L;
    struct fcta *cta;
    uint64_t clock;           /* %clock of this SM */
    int smid, nsm, nwarpid;
    struct fmemrec *rec;      /* NULL: do not record */
    struct ws_diag *diag;
    bool general_only;        /* every instruction through the general
                                 per-lane handlers, none through the
                                 whole-warp fast paths (tests compare the
                                 two; results are the same) */
};

/* fma.f32 on whole warps uses the host's FMA instruction (true when the
   host has AVX2 and FMA; found at start-up); false: the C library's
   fmaf. Both round once, so the bits are the same; the tests run both. */
extern bool fx_fma_hw;

/*
** On x86-64 the whole-warp paths and the load, store and atomic handlers
** exist twice: built for the baseline instruction set, and built with
** AVX2, FMA and BMI, which does a warp's 32 lanes eight at a time. The
** second is used where the host has those instructions (found at
** start-up). Both give the same bits; the tests run both.
** fx_set_wide(false) uses the first, fx_set_wide(true) the second if
** there is one; returns whether the second is in use now. fx_isa() names
** the one in use: "avx2" or "baseline".
*/
bool fx_set_wide(bool on);
const char *fx_isa(void);

enum fx_status {
    FX_OK = 0,
    FX_BARRIER,   /* the warp now waits at a barrier */
    FX_DONE,      /* the warp finished */
    FX_ERR,       /* a fault; diag filled */
};

/*
** Executes the instruction at the top of w's SIMT stack. On a memory
** instruction with x->rec set, fills *x->rec (mask 0 when none accessed).
*/
enum fx_status fx_step(struct fctx *x, struct fwarp *w);
/* Up to n steps of w while it is ready, each followed by x->clock++ (as
   a caller of fx_step would); stops after a step that does not return
   FX_OK and returns that status (FX_OK otherwise). *ran: steps taken. */
enum fx_status fx_steps(struct fctx *x, struct fwarp *w, uint32_t n,
                        uint32_t *ran);

/* The instruction index w will execute next (-1 when done). */
static inline int32_t fx_pc(const struct fwarp *w)
{
    return w->depth ? w->stack[w->depth - 1].pc : -1;
}
/* Lanes that will execute it (before the guard predicate). */
static inline uint32_t fx_active(const struct fwarp *w)
{
    return w->depth ? w->stack[w->depth - 1].mask : 0;
}

/*
** Creates the CTA with id ctaid for launch L: warps, shared memory (zeroed)
** and local frames, with every warp at instruction 0.
*/
void fcta_init(struct fcta *c, const struct flaunch *L, const uint32_t ctaid[3],
               int sm, int first_hw_slot);
void fcta_free(struct fcta *c);

/*
** Releases warps from barriers that are complete. Returns the number of
** warps released.
*/
int fcta_release_barriers(struct fcta *c);

/* A diagnostic at the instruction warp w is at (a whole-warp problem:
   a deadlock, a limit); returns WS_ERR. */
int fx_warp_error(const struct kimage *k, const struct fwarp *w,
                  struct ws_diag *diag, const char *msg);

/* Writes "thread (x,y,z) of CTA (x,y,z)" for a lane into buf. */
void fcta_describe_lane(const struct fcta *c, const struct flaunch *L,
                        const struct fwarp *w, int lane, char *buf,
                        size_t n);

#endif

/*
** fuse-internal.h - the state of design fuse's L1 part, shared by the
** controller (fuse.c) and its statistics, views and bill (fuse-view.c).
** Not for other modules: they use fuse.h.
*/
#ifndef WS_DESIGNS_FUSE_INTERNAL_H
#define WS_DESIGNS_FUSE_INTERNAL_H
#include "designs/fuse.h"
#include "timing/missq.h"
#include "timing/mshr.h"
#include "util/invariant.h"
#include "util/minheap.h"
#include "util/ring.h"

/* Where an MSHR's fill goes (the "destination bits" of section IV-A). */
enum fuse_dest { FD_SRAM, FD_STT, FD_BYPASS };

/* Commands of the STT-MRAM bank, in the order they were accepted. */
enum fuse_kind {
    FK_READ,      /* R: a hit read (or read out to migrate to SRAM) */
    FK_DRAIN,     /* F: an SRAM victim written from the swap buffer */
    FK_FILL,      /* W: a fill from L2 written */
    FK_STORE,     /* S: store data written in place (by-nvm) */
    FK_SEARCH,    /* Q: a tag search that missed */
    FK__COUNT
};

struct fuse_cmd {
    uint64_t addr;
    uint64_t at, end;             /* accepted; done (entry freed) */
    int32_t warp;
    uint8_t kind;
};

/* Why a request was refused this cycle. */
enum fuse_stall {
    FS_STT_WRITE,     /* no tag queue: the STT-MRAM bank is writing */
    FS_TAG_QUEUE,     /* the tag queue is full */
    FS_SWAP_BUFFER,   /* an SRAM victim finds the swap buffer full */
    FS_FLUSH,         /* a store to an STT-MRAM block waits for the tag
                         queue to drain */
    FS_MISS_QUEUE,    /* no room for a request to L2 */
    FS_MSHR,          /* no MSHR, or its merge slots are full */
    FS__COUNT
};

/* A miss whose tag search ends after the cycle it was accepted: its
   request to L2 leaves then. */
struct fuse_late {
    uint64_t at, addr;
    uint32_t mshr;
};

/* A fill from L2 that arrived at `at`. */
struct fuse_fill {
    uint64_t addr, at;
};

/* Per MSHR: where the fill goes and what the primary miss predicted. */
struct fuse_mx {
    uint8_t dest, cls;
    uint16_t sig;
    int32_t warp;
};

struct fuse_stats {
    uint64_t loads, stores, bypass;          /* as the baseline L1D's */
    uint64_t sram_hits, stt_hits, misses, merges, stalls;
    uint64_t sram_store_hits, stt_store_hits, store_misses;
    uint64_t sram_fills, stt_fills, fills;
    uint64_t sram_reads, sram_writes, stt_reads, stt_writes;
    uint64_t to_stt, to_sram, to_sram_write, to_sram_wm;
    uint64_t bypassed_loads, bypassed_stores, victims_to_l2;
    uint64_t evictions, writebacks;
    uint64_t pred[FC__COUNT];                /* placement predictions */
    uint64_t acc_true, acc_false, acc_neutral;
    uint64_t searches, search_rows, search_wait, stt_wait;
    uint64_t cbf_tests, cbf_positives, cbf_fp, cbf_fp_polled;
    uint64_t tq_cycles, sb_cycles, flushes, commands[FK__COUNT];
    uint64_t fill_wait;                      /* cycles fills waited */
    uint64_t stall[FS__COUNT];
    uint64_t sampled, sampler_hits;
};

struct fuse {
    struct seam_env env;
    const struct tparams *p;
    struct fuse_geom g;
    uint32_t stt_read, stt_write, tq_size, sb_size;
    uint32_t sample_stride;       /* warp slots between sampled warps */
    bool probe_all;               /* every warp's access probes the sampler */
    enum write_policy wpol_global, wpol_local;
    struct fuse_bank sram, stt;
    struct fuse_pred pred;
    struct fuse_mshr_table {
        struct mshr_table t;
        struct fuse_mx *x;
    } mshr;
    struct missq mq;
    RING(struct fuse_late) late;
    RING(struct fuse_cmd) tq;     /* STT-MRAM commands not yet retired */
    /* the ends of the commands in tq after the last retire (all, and the
       swap buffer's drains), to count those in flight at a cycle without
       reading the queue; retired_at: that retire's cycle */
    struct minheap tq_end, sb_end;
    uint64_t retired_at;
    RING(struct fuse_fill) fills; /* fills from L2 waiting to be placed */
    uint64_t stt_free;            /* the data array's next free cycle */
    uint64_t poll_free;           /* the polling circuit's */
    uint64_t write_until;         /* the last STT-MRAM write's end */
    struct fuse_energy e;
    struct fuse_stats st;
    uint64_t valid_acc, valid_t;  /* valid lines x cycles up to valid_t */
    int ev_place, ev_migrate, ev_bypass, ev_predict, ev_cbf;
};

/* Tag-queue entries in use (commands accepted, not yet done) and
   swap-buffer registers in use (drains) at cycle now, which is never
   before the last retire's. */
static inline uint32_t fuse_tq_used(const struct fuse *f, uint64_t now)
{
    WS_ASSERT(now >= f->retired_at);
    return minheap_count_above(&f->tq_end, now);
}

static inline uint32_t fuse_sb_used(const struct fuse *f, uint64_t now)
{
    WS_ASSERT(now >= f->retired_at);
    return minheap_count_above(&f->sb_end, now);
}

/* The valid-line integral (lines x cycles) brought up to the current
   cycle without changing f. */
static inline uint64_t fuse_valid_cycles(const struct fuse *f)
{
    uint64_t now = *f->env.cycle;
    uint64_t n = (uint64_t)f->sram.c.nvalid + f->stt.c.nvalid;
    return now > f->valid_t ? f->valid_acc + (now - f->valid_t) * n
                            : f->valid_acc;
}

/* fuse.c: the design's events (registered by name; fuse_create looks
   their types up). */
void fuse_events(void);

/* fuse-view.c and fuse-grids.c: the L1 part's inspection and statistics
   hooks, and the design's. They read struct fuse and call nothing in
   fuse.c (files depend one way: fuse.c names them in its tables). */
void fuse_l1_stats(void *self, struct jv *o);
void fuse_l1_energy(void *self, const struct tparams *p, uint64_t cycles,
                    struct jv *o);
void fuse_l1_describe(void *self, uint64_t now, struct jv *out);
void fuse_l1_hash(void *self, uint64_t now, uint64_t *h);
void fuse_section(const struct design_parts *sp, struct jv *sec);
void fuse_facts(const struct design_parts *sp, struct jv *sec);
void fuse_ratios(struct jv *sec, const struct jv *all,
                 const struct tparams *p, uint64_t cycles);
int fuse_check(const struct ws_config *cfg, const struct tparams *p,
               struct ws_diag *diag);
void fuse_bill(const struct ws_config *cfg, const struct tparams *p,
               struct jv *items);

#endif

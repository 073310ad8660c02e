/*
** ltrf-internal.h - the state of design ltrf, shared by its files only:
** ltrf.c (the model), ltrf-view.c (statistics, inspection, storage bill,
** configuration check).
*/
#ifndef WS_LTRF_INTERNAL_H
#define WS_LTRF_INTERNAL_H
#include "compile/intervals.h"
#include "designs/ltrf.h"
#include "designs/rfbanks.h"
#include "util/bits.h"

#define LTRF_WORDS (LTRF_ARCH_REGS / 64)
#define LTRF_HIST 16              /* interval lengths by power of two */

/* What a main-RF or RFC access is for (struct rfb_req.kind). */
enum { K_OPERAND, K_RESULT, K_FILL, K_WRITEBACK };

/* A warp slot's part of the design: its warp control block and where it
   is in the program. */
struct lwarp {
    bool used, exited;
    bool ran;                     /* has been active */
    int16_t part;                 /* RFC partition (warp offset), -1 none */
    int32_t pc;                   /* its next instruction */
    int32_t iv;                   /* the register-interval it is in */
    int32_t switch_to;            /* interval just entered whose PREFETCH
                                     starts at the next tick, -1 none */
    /* WCB: allocated in the partition (address-table entry in use), the
       working-set (valid) bits, the liveness bits */
    uint64_t alloc[LTRF_WORDS], valid[LTRF_WORDS], live[LTRF_WORDS];
    uint8_t slot[LTRF_ARCH_REGS]; /* address table: RFC bank of a register */
    uint32_t fills;               /* registers of its PREFETCH on the way */
    uint32_t epoch;               /* fills of an older activation: dropped */
    uint64_t fill_from;           /* cycle its PREFETCH started */
    uint64_t insts;               /* issued in the current interval visit */
};

/* One RFC partition: the banks of one active warp. */
struct lpart {
    int32_t warp;                 /* -1: free */
    struct ltrf_aau aau;          /* the warp's address allocation unit */
    int16_t reg[LTRF_ARCH_REGS];  /* register in each bank, -1 none */
};

struct lstats {
    uint64_t reads, writes;       /* operand reads, result writes */
    uint64_t rfc_reads, rfc_writes;       /* operand accesses to the RFC */
    uint64_t rfc_read_misses, rfc_write_misses;   /* ... to the main RF */
    uint64_t main_reads, main_writes;     /* all main-RF accesses */
    uint64_t fills, writebacks, space_only;
    uint64_t prefetches, activations, deactivations;
    uint64_t fill_stall_cycles;   /* warp-cycles waiting for a PREFETCH */
    uint64_t lookup_cycles;       /* WCB lookups past the read ports */
    uint64_t visits, visit_insts, hist[LTRF_HIST];
    uint64_t launches, intervals, interval_regs;
};

struct ltrf {
    struct seam_env env;          /* cfg cleared after create */
    enum ltrf_variant v;
    uint32_t N, K;                /* banks per partition, partitions */
    uint32_t config;              /* Table 2 row */
    double scale;                 /* main-RF latency multiple */
    uint32_t main_banks, xbar;    /* crossbar cycles per register */
    uint32_t capacity;            /* registers for occupancy */
    uint32_t wcb_cycles, wcb_ports;
    double main_lat;              /* cycles of a main-RF access */
    enum bank_map map;
    double e_read, e_write, e_leak, e_rfc_read, e_rfc_write, e_rfc_leak;
    struct rfbanks main, rfc;
    struct lwarp *w;              /* [max_warps] */
    struct lpart *part;           /* [K] */
    struct ltrf_aau offsets;      /* the global unit: warp offsets */
    uint32_t nwarps, nswitch;
    struct intervals iv;
    const struct kimage *k;
    uint32_t look_tag;            /* WCB read ports: the instruction whose */
    uint64_t look_cycle;          /* operands are looked up this cycle, */
    uint32_t look_n;              /* and how many so far */
    struct lstats st;
    int ev_prefetch, ev_activate, ev_deactivate, ev_interval;
};

static inline bool ltrf_bit(const uint64_t *s, uint32_t r)
{
    return s[r >> 6] >> (r & 63) & 1;
}

/* Prefetching variants: the RFC holds register-intervals. */
static inline bool ltrf_prefetching(const struct ltrf *t)
{
    return t->v == LTRF_LTRF || t->v == LTRF_PLUS;
}

/* Variants with a register-file cache. */
static inline bool ltrf_cached(enum ltrf_variant v)
{
    return v == LTRF_RFC || v == LTRF_LTRF || v == LTRF_PLUS;
}

const char *ltrf_variant_name(enum ltrf_variant v);
/* The events' payload fields (ltrf-view.c). */
extern const struct ev_fields ltrf_ev_prefetch, ltrf_ev_activate,
    ltrf_ev_deactivate, ltrf_ev_interval;

/* ltrf-view.c: the parts' inspection and statistics hooks. */
void ltrf_stats(void *self, struct jv *o);
void ltrf_energy(void *self, const struct tparams *p, uint64_t cycles,
                 struct jv *o);
void ltrf_describe(void *self, uint64_t now, struct jv *out);
void ltrf_hash(void *self, uint64_t now, uint64_t *h);
void ltrf_section(const struct design_parts *sp, struct jv *sec);
void ltrf_ratios(struct jv *sec, const struct jv *all, const struct tparams *p,
                 uint64_t cycles);
void ltrf_facts(const struct design_parts *sp, struct jv *sec);
void ltrf_events(void);

/* What a configuration makes of the design (ltrf-view.c): the variant,
   the Table 2 row, the main register file's banks (ideal: #1's), the
   registers the SM offers (bl adds the RFC's, the 8x rows multiply) and
   the latency multiple (ideal: 1), the RFC's banks and partitions. */
struct ltrf_geom {
    enum ltrf_variant v;
    const struct ltrf_table2 *row;
    uint32_t main_banks, registers, N, K, xbar;
    double scale;
};
void ltrf_geom_of(const struct ws_config *cfg, struct ltrf_geom *g);

#endif

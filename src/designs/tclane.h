/*
** tclane.h - one tinyCache: the small cache of one SIMT lane (seed 002,
** Fig. 3), write-back and write-validate (a write miss allocates without
** fetching). Lines of `line` bytes in sets of `ways`, LRU. Each line has
** two state bits and one control bit per half-word, whose meaning
** depends on the state:
**   I    invalid
**   C    clean, filled by a read miss; the control bits do not matter
**   Dv   every half-word valid; a set bit marks a dirty half-word
**   Dpv  partially valid: only the half-words whose bit is set are valid,
**        and they are dirty
** A line is named by its address in its state space and, for shared
** memory, the CTA slot (the paper's extended tag: shared addresses of
** different CTAs must not alias). Only tags and states are kept: data
** lives in device memory, since values are computed when an instruction
** issues. A line also remembers a fetch still on its way to it (`fill`),
** which the lane part uses to time reads under it.
*/
#ifndef WS_DESIGNS_TCLANE_H
#define WS_DESIGNS_TCLANE_H
#include <stdbool.h>
#include <stdint.h>
#include "util/bits.h"

enum tcl_state { TCL_I, TCL_C, TCL_DV, TCL_DPV };

/* The edges of Fig. 3 an access takes. */
enum tcl_edge {
    TCL_RM,        /* read miss: allocate, fetch the line, C */
    TCL_RH,        /* read hit on C or Dv, or on valid half-words of Dpv
                      (rh(v)): no action */
    TCL_RH_I,      /* read of an invalid half-word of Dpv (rh(i)): fetch,
                      merge under the set bits, Dv */
    TCL_WM,        /* write miss: allocate without fetching, Dpv with the
                      written bits (Dv if they are the whole line) */
    TCL_WH_C,      /* write hit on C: Dv, only the written bits set */
    TCL_WH_DV,     /* write hit on Dv: the written bits set */
    TCL_WH_DPV,    /* write hit on Dpv: the written bits set */
    TCL_WH_LAST,   /* write of the last invalid half-words of Dpv: Dv */
    TCL__EDGES
};

/* A line's name. */
struct tcl_key {
    uint64_t addr;             /* line address in its space */
    uint32_t cta;              /* shared memory: CTA slot; 0 otherwise */
    uint8_t space;             /* enum kspace */
};

struct tcl_line {
    uint64_t addr;
    uint64_t mask;             /* control bits: bit h = half-word h */
    uint64_t stamp;            /* last use (LRU) */
    uint32_t cta;
    int32_t fill;              /* the lane part's fetch on its way, -1 */
    uint8_t state, space;
};

/* A line leaving the cache (replacement, flush, eviction). */
struct tcl_victim {
    bool valid;                /* a line left */
    struct tcl_key key;
    uint64_t mask;             /* half-words written back (0: clean) */
    bool full;                 /* ... all of them */
};

/* What an access did. */
struct tcl_result {
    enum tcl_edge edge;
    uint32_t line;             /* index of the line it used */
    bool fetch;                /* the line must be fetched (rm, rh(i)) */
    struct tcl_victim victim;  /* the line replaced, if any */
};

struct tclane {
    uint32_t sets, ways, line; /* line: bytes */
    uint32_t halfwords;        /* per line (control bits) */
    uint32_t shift;            /* log2(line) */
    uint64_t full;             /* every control bit set */
    uint64_t clock;            /* LRU time */
    struct tcl_line *l;        /* sets x ways, set-major */
    /* Beside l, a short tag per line for searching a set in one pass:
       the line address with the space in its low bits, 0 while the
       line is I. Lines whose keys
       differ can share a tag (the search then compares the lines). And
       the line's stamp, 0 while it is I, for choosing a victim in one
       pass: the first I line, else the least recently used. */
    uint64_t *tag, *age;
};

/* entries lines of `line` bytes (a power of two, 4 to 128) in sets of
   `ways` (entries a multiple of ways), every line I. */
void tclane_init(struct tclane *c, uint32_t entries, uint32_t ways,
                 uint32_t line);
void tclane_free(struct tclane *c);

/* The control bits of bytes [off, off + bytes) of a line (off < line). */
static inline uint64_t tclane_bits(const struct tclane *c, uint32_t off,
                                   uint32_t bytes)
{
    uint32_t first = off / 2, last = (off + (bytes ? bytes : 1) - 1) / 2;
    if (last >= c->halfwords)
        last = c->halfwords - 1;
    uint64_t upto = last >= 63 ? ~0ULL : (1ULL << (last + 1)) - 1;
    return upto & ~((1ULL << first) - 1);
}

/* The line named k, or -1. */
int32_t tclane_find(const struct tclane *c, const struct tcl_key *k);

/* The set line k maps to. */
static inline uint32_t tclane_set(const struct tclane *c,
                                  const struct tcl_key *k)
{
    return (uint32_t)ws_mod(k->addr >> c->shift, c->sets);
}

/* Are the half-words `bits` of line l there now (valid, and not waiting
   for a fetch on its way)? */
bool tclane_present(const struct tclane *c, const struct tcl_line *l,
                    uint64_t bits);

/* A read of half-words `bits` of line k (Fig. 3: rm, rh, rh(i)). */
void tclane_read(struct tclane *c, const struct tcl_key *k, uint64_t bits,
                 struct tcl_result *r);
/* The same, where i = tclane_find(c, k) is known. */
void tclane_read_at(struct tclane *c, const struct tcl_key *k, int32_t i,
                    uint64_t bits, struct tcl_result *r);

/* A write of half-words `bits` of line k (Fig. 3: wm, wh). */
void tclane_write(struct tclane *c, const struct tcl_key *k, uint64_t bits,
                  struct tcl_result *r);

/* Marks line i used now (a read served under a fetch). */
void tclane_touch(struct tclane *c, uint32_t i);

/* Evicts line i (rpl: Dv and Dpv write back their set half-words); the
   line becomes I. Returns false, v->valid unset, if it was I already. */
bool tclane_evict(struct tclane *c, uint32_t i, struct tcl_victim *v);

/* State names "I", "C", "Dv", "Dpv" and edge names "rm", "rh", "rh(i)",
   "wm", "wh(C)", "wh(Dv)", "wh(Dpv)", "wh(last)". */
const char *tclane_state_name(enum tcl_state s);
const char *tclane_edge_name(enum tcl_edge e);

#endif

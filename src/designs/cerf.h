/*
** cerf.h - the cache-emulated register file (cerf.c): one set-associative
** array that is both the register file and the L1D (CERF, seed 000).
** The pure parts - register re-indexing, the storage bill and the array
** with its entry states and replacement policies - are exported for the
** unit tests and `warpscope inspect --cost`.
*/
#ifndef WS_CERF_H
#define WS_CERF_H
#include <stdbool.h>
#include <stdint.h>
#include "timing/seams.h"

extern const struct design cerf_design;
extern const struct rf_ops cerf_rf_ops;
extern const struct l1_ops cerf_l1_ops;
void cerf_section(const struct design_parts *sp, struct jv *sec);
void cerf_events(void);
void cerf_facts(const struct design_parts *sp, struct jv *sec);
void cerf_ratios(struct jv *sec, const struct jv *all,
                 const struct tparams *p, uint64_t cycles);
int cerf_check(const struct ws_config *cfg, const struct tparams *p,
               struct ws_diag *diag);

#define CERF_BLOCK 128u                 /* one warp register: 32 x 4 B */
#define CERF_BLOCK_BITS 7
#define CERF_PREFIX_BITS 15
#define CERF_ADDR_BITS 32               /* addresses the tag array covers */
/* The isolated region of global memory holding reg-mem addresses: above
   every allocation and every SM's local memory. */
#define CERF_REGMEM_BASE (1ULL << 52)

/*
** Register re-indexing: warp slot w's register r (regs_per_thread
** registers per thread) is warp register wr = w * regs_per_thread + r (the
** RGen of a conventional register file), whose reg-mem address is
** wr << 7 with SM sm's 15-bit prefix above the 10-bit warp-register
** number (bits 17..31) in the isolated region.
*/
uint32_t cerf_warp_reg(uint32_t w, uint32_t r, uint32_t regs_per_thread);
uint64_t cerf_regmem(uint32_t sm, uint32_t wr);
/* The warp register of a reg-mem address (-1 if it is not one of SM
   sm's). */
int64_t cerf_regmem_wr(uint32_t sm, uint64_t addr);

/* Where a block lives: set = block number mod sets; the low bits of the
   set pick the tag bank, the next bits the set within it; the data bank
   is the tag bank's group of data banks, indexed by the set within the
   tag bank. */
struct cerf_geom {
    uint32_t sets, ways, banks, tag_banks;
};
struct cerf_where {
    uint32_t set, tag_bank, set_in_bank, data_bank;
    uint64_t tag;
};
void cerf_locate(const struct cerf_geom *g, uint64_t addr,
                 struct cerf_where *out);

/*
** The storage bill in bytes (SPEC 5): the data array, the tag array
** (CERF_ADDR_BITS - block offset - set index bits per entry) and 2 state
** bits per entry. The separate baseline: RF + L1D data + L1D tags with
** valid and dirty bits.
*/
struct cerf_cost {
    uint64_t data_bytes, tag_bits, state_bits, total_bytes;
    uint64_t base_rf_bytes, base_l1_bytes, base_tag_bits, base_total_bytes;
};
/* The bill as struct design's cost hook. */
void cerf_bill(const struct ws_config *cfg, const struct tparams *p,
               struct jv *items);
void cerf_cost(uint32_t registers, uint32_t ways, uint32_t l1_size,
               uint32_t l1_ways, uint32_t l1_line, struct cerf_cost *out);

/* ---- the array ------------------------------------------------------ */

enum cerf_state { CS_INACTIVE, CS_REG, CS_CACHE, CS_DIRTY };
enum cerf_policy { CP_LRU_FAIR, CP_LRU_PRIORITIZED };

struct cerf_entry {
    uint64_t addr;        /* block address (reg-mem or memory line) */
    uint64_t stamp;       /* last use (LRU) */
    uint8_t state;        /* enum cerf_state */
};

struct cerf_array {
    struct cerf_geom g;
    enum cerf_policy policy;
    struct cerf_entry *e;  /* sets * ways */
    uint64_t clock;
    uint32_t count[4];     /* entries per state */
};

/* What an allocation displaced. */
struct cerf_victim {
    bool replaced;         /* a valid entry was displaced */
    uint8_t state;         /* its state */
    uint64_t addr;
    uint32_t way;
};

void cerf_array_init(struct cerf_array *a, const struct cerf_geom *g,
                     enum cerf_policy policy);
void cerf_array_free(struct cerf_array *a);
/* The way of set holding addr, or -1. */
int cerf_array_find(const struct cerf_array *a, uint32_t set, uint64_t addr);
/*
** Chooses the way of `set` a new entry of state `st` takes: an inactive
** way first (lowest), else by policy - lru-fair: the least recently used
** way; lru-prioritized: the least recently used non-register way, and a
** cache entry (CS_CACHE / CS_DIRTY) never takes a register's way (-1:
** not cached). A register finding only registers takes the LRU one.
*/
int cerf_array_victim(const struct cerf_array *a, uint32_t set, uint8_t st);
/* Puts addr in set/way with state st, reporting what was there. */
void cerf_array_put(struct cerf_array *a, uint32_t set, int way,
                    uint64_t addr, uint8_t st, struct cerf_victim *v);
/* Changes an entry's state (inactive leaves the address for display). */
void cerf_array_set_state(struct cerf_array *a, uint32_t set, int way,
                          uint8_t st);
void cerf_array_touch(struct cerf_array *a, uint32_t set, int way);
/* LRU rank of a way within its set (0 = most recent). */
uint32_t cerf_array_age(const struct cerf_array *a, uint32_t set, uint32_t way);

const char *cerf_state_name(uint8_t st);

#endif

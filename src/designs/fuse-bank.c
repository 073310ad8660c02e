/*
** fuse-bank.c - one bank of FUSE's L1D, SRAM or STT-MRAM: the tags and
** replacement of cache.h, the controller's per-line data beside them
** (signature and prediction of the PC that placed the block, writes seen),
** and for the approximately fully associative STT-MRAM bank (section
** III-B) the search: the tag array is read a row of `comparators` tags per
** cycle by a polling circuit; counting Bloom filters, one per slice of
** lines, are tested first and only the positive slices' rows are polled,
** in ascending order, until the block is found.
*/
#include "designs/fuse.h"
#include "util/bits.h"
#include "util/xalloc.h"
#include <stdlib.h>
#include <string.h>

void fuse_bank_init(struct fuse_bank *b, uint32_t bytes, uint32_t ways,
                    uint32_t line, enum cache_repl repl, bool fa,
                    uint32_t comparators, uint32_t cbf_count,
                    uint32_t cbf_counters, uint32_t cbf_hashes,
                    uint64_t seed)
{
    memset(b, 0, sizeof *b);
    b->on = bytes > 0;
    /* an absent bank is a cache without lines */
    cache_init(&b->c, bytes, b->on ? ways : 1, line, repl, 1, 1, seed);
    b->m = ws_xcalloc((size_t)b->c.sets * b->c.ways + 1, sizeof *b->m);
    b->fa = fa && b->on;
    b->comparators = comparators ? comparators : 1;
    if (b->fa) {
        b->per_cbf = ways / cbf_count;
        fuse_cbf_init(&b->cbf, cbf_count, cbf_counters, cbf_hashes);
    }
}

void fuse_bank_free(struct fuse_bank *b)
{
    cache_free(&b->c);
    free(b->m);
    if (b->fa)
        fuse_cbf_free(&b->cbf);
    memset(b, 0, sizeof *b);
}

static uint64_t block_of(const struct fuse_bank *b, uint64_t addr)
{
    return addr / b->c.line;
}

/* The rows slice k's lines take (a partial row counts as one). */
static uint32_t rows_per_cbf(const struct fuse_bank *b)
{
    return (b->per_cbf + b->comparators - 1) / b->comparators;
}

/* Polls slice k, whose filter tested positive, for addr: the rows up to
   the block's while none has been found, the whole slice's for a false
   positive before then. */
static void poll_slice(const struct fuse_bank *b, uint32_t k, uint64_t addr,
                       struct fuse_search *s, int32_t *found)
{
    s->positives++;
    uint32_t first = k * b->per_cbf, here = UINT32_MAX;
    for (uint32_t i = first; i < first + b->per_cbf; i++) {
        const struct cache_line *l = &b->c.lines[i];
        if (l->valid && l->addr == addr) {
            here = i;
            break;
        }
    }
    if (here == UINT32_MAX) {
        s->false_positives++;
        if (*found < 0) {
            s->rows += rows_per_cbf(b);
            s->fp_polled += rows_per_cbf(b);
        }
        return;
    }
    if (*found < 0) {
        /* polled up to the row holding it */
        s->rows += (here - first) / b->comparators + 1;
        *found = (int32_t)here;
    }
}

int32_t fuse_bank_find(const struct fuse_bank *b, uint64_t addr,
                       struct fuse_search *s)
{
    struct fuse_search tmp;
    if (!s)
        s = &tmp;
    memset(s, 0, sizeof *s);
    if (!b->on)
        return -1;
    if (!b->fa) {
        s->rows = 1;
        return cache_index(&b->c, addr);
    }
    uint32_t keys[FUSE_CBF_MAX_HASHES];
    fuse_cbf_keys(&b->cbf, block_of(b, addr), keys);
    int32_t found = -1;
    /* every filter is tested; the positive slices are polled in
       ascending order */
    s->tests = b->cbf.n;
    if (b->cbf.nz) {
        /* 64 filters' tests at a time from the counters' rows. Only the
           slice holding the block (if its filter is positive) finds it;
           every other positive slice is a false positive, polled whole
           when it comes before that slice. */
        int32_t at = cache_index(&b->c, addr);
        if (at >= 0 && b->c.lines[at].addr != addr)
            at = -1;
        uint32_t k_at = at >= 0 ? (uint32_t)at / b->per_cbf : UINT32_MAX;
        uint32_t before = 0;
        bool hit = false;
        for (uint32_t w = 0; w < b->cbf.words; w++) {
            uint64_t bits = fuse_cbf_positive_word(&b->cbf, keys, w);
            s->positives += ws_popcount64(bits);
            if (k_at / 64 > w) {
                before += ws_popcount64(bits);
            } else if (k_at / 64 == w) {
                uint64_t below = (1ULL << (k_at % 64)) - 1;
                before += ws_popcount64(bits & below);
                hit = bits >> (k_at % 64) & 1;
            }
        }
        uint32_t rows = rows_per_cbf(b);
        if (hit) {
            s->false_positives = s->positives - 1;
            s->fp_polled = before * rows;
            s->rows = s->fp_polled +
                      ((uint32_t)at - k_at * b->per_cbf) / b->comparators + 1;
            found = at;
        } else {
            s->false_positives = s->positives;
            s->rows = s->fp_polled = s->positives * rows;
        }
    } else {
        for (uint32_t k = 0; k < b->cbf.n; k++)
            if (fuse_cbf_test_keys(&b->cbf, k, keys))
                poll_slice(b, k, addr, s, &found);
    }
    return found;
}

uint32_t fuse_bank_put(struct fuse_bank *b, uint64_t addr, bool dirty,
                       const struct fuse_meta *m, struct fuse_victim *v)
{
    uint32_t i = cache_victim(&b->c, addr);
    const struct cache_line *l = &b->c.lines[i];
    v->valid = l->valid;
    v->dirty = l->valid && l->dirty;
    v->addr = l->addr;
    v->m = b->m[i];
    if (b->fa && l->valid)
        fuse_cbf_remove(&b->cbf, i / b->per_cbf, block_of(b, l->addr));
    uint64_t wb;
    cache_fill(&b->c, addr, dirty, &wb);
    b->m[i] = *m;
    if (b->fa)
        fuse_cbf_insert(&b->cbf, i / b->per_cbf, block_of(b, addr));
    return i;
}

void fuse_bank_take(struct fuse_bank *b, uint32_t i, struct fuse_victim *v)
{
    struct cache_line *l = &b->c.lines[i];
    v->valid = l->valid;
    v->dirty = l->valid && l->dirty;
    v->addr = l->addr;
    v->m = b->m[i];
    if (!l->valid)
        return;
    if (b->fa)
        fuse_cbf_remove(&b->cbf, i / b->per_cbf, block_of(b, l->addr));
    l->valid = l->dirty = false;
    b->c.nvalid--;
    b->c.st.invalidations++;
}

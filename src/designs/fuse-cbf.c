/*
** fuse-cbf.c - counting Bloom filters of FUSE's approximate associativity
** (sections III-B and IV-C): each filter stands for a slice of the STT-MRAM
** tag array; a block inserted into the slice increments the counters its
** hash functions pick, an evicted one decrements them, and a test is
** negative (the block is not in the slice) when any of them is zero.
**
** Hash functions (the paper does not give them): multiplicative hashing of
** the block number with odd 64-bit constants,
**     h_i(b) = (((b * M_i) mod 2^64) >> 32) * counters >> 32,
** the high bits of a product, spread over the counters without a modulo.
**
** Counters are 2 bits. Four blocks x three hashes can put more than three
** increments on one counter; a counter then shows 3. Decrementing a
** saturated counter without knowing its true count could make it zero
** while a block still maps to it (a false negative: a present block
** missed, fetched again, held twice). So a decrement at 3 recounts the
** counter from the slice's tags (read in the same STT write that the
** eviction makes), which this model does by keeping exact counts and
** showing min(count, 3); each such recount is counted.
*/
#include "designs/fuse.h"
#include "util/xalloc.h"
#include <stdlib.h>
#include <string.h>

static const uint64_t mult[FUSE_CBF_MAX_HASHES] = {
    0x9e3779b97f4a7c15ULL, 0xc2b2ae3d27d4eb4fULL, 0x165667b19e3779f9ULL,
    0x85ebca77c2b2ae63ULL, 0x27d4eb2f165667c5ULL, 0xff51afd7ed558ccdULL,
    0xc4ceb9fe1a85ec53ULL, 0xd6e8feb86659fd93ULL,
};

void fuse_cbf_init(struct fuse_cbf *f, uint32_t n, uint32_t counters,
                   uint32_t hashes)
{
    memset(f, 0, sizeof *f);
    f->n = n;
    f->counters = counters;
    f->hashes = hashes < FUSE_CBF_MAX_HASHES ? hashes : FUSE_CBF_MAX_HASHES;
    f->c = ws_xcalloc((size_t)n * counters + 1, sizeof *f->c);
    f->words = (n + 63) / 64;
    if ((uint64_t)counters * f->words * 64 <= (1ULL << 26))
        f->nz = ws_xcalloc((size_t)counters * f->words, sizeof *f->nz);
}

void fuse_cbf_free(struct fuse_cbf *f)
{
    free(f->c);
    free(f->nz);
    memset(f, 0, sizeof *f);
}

void fuse_cbf_clear(struct fuse_cbf *f)
{
    memset(f->c, 0, (size_t)f->n * f->counters * sizeof *f->c);
    if (f->nz)
        memset(f->nz, 0, (size_t)f->counters * f->words * sizeof *f->nz);
}

/* Filter k's bit in counter j's row of nz. */
static void set_nz(struct fuse_cbf *f, uint32_t k, uint32_t j, bool on)
{
    if (!f->nz)
        return;
    uint64_t *w = &f->nz[(size_t)j * f->words + k / 64], bit = 1ULL << (k % 64);
    *w = on ? *w | bit : *w & ~bit;
}

uint32_t fuse_cbf_hash(uint32_t i, uint64_t block, uint32_t counters)
{
    uint64_t hi = (block * mult[i % FUSE_CBF_MAX_HASHES]) >> 32;
    return (uint32_t)((hi * counters) >> 32);
}

void fuse_cbf_insert(struct fuse_cbf *f, uint32_t k, uint64_t block)
{
    uint16_t *c = f->c + (size_t)k * f->counters;
    for (uint32_t i = 0; i < f->hashes; i++) {
        uint32_t j = fuse_cbf_hash(i, block, f->counters);
        if (c[j]++ == 0)
            set_nz(f, k, j, true);
    }
}

void fuse_cbf_remove(struct fuse_cbf *f, uint32_t k, uint64_t block)
{
    uint16_t *c = f->c + (size_t)k * f->counters;
    for (uint32_t i = 0; i < f->hashes; i++) {
        uint32_t j = fuse_cbf_hash(i, block, f->counters);
        if (c[j] >= 3)
            f->recounts++;
        if (c[j] && --c[j] == 0)
            set_nz(f, k, j, false);
    }
}

void fuse_cbf_keys(const struct fuse_cbf *f, uint64_t block, uint32_t *keys)
{
    for (uint32_t i = 0; i < f->hashes; i++)
        keys[i] = fuse_cbf_hash(i, block, f->counters);
}

bool fuse_cbf_test_keys(const struct fuse_cbf *f, uint32_t k,
                        const uint32_t *keys)
{
    const uint16_t *c = f->c + (size_t)k * f->counters;
    for (uint32_t i = 0; i < f->hashes; i++)
        if (!c[keys[i]])
            return false;
    return true;
}

uint64_t fuse_cbf_positive_word(const struct fuse_cbf *f, const uint32_t *keys,
                                uint32_t w)
{
    uint64_t bits = w + 1 < f->words || f->n % 64 == 0
                        ? ~0ULL
                        : (1ULL << (f->n % 64)) - 1;
    for (uint32_t i = 0; i < f->hashes && bits; i++)
        bits &= f->nz[(size_t)keys[i] * f->words + w];
    return bits;
}

bool fuse_cbf_test(const struct fuse_cbf *f, uint32_t k, uint64_t block)
{
    uint32_t keys[FUSE_CBF_MAX_HASHES];
    fuse_cbf_keys(f, block, keys);
    return fuse_cbf_test_keys(f, k, keys);
}

uint32_t fuse_cbf_value(const struct fuse_cbf *f, uint32_t k, uint32_t j)
{
    uint32_t v = f->c[(size_t)k * f->counters + j];
    return v > 3 ? 3 : v;
}

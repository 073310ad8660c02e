/*
** fuse-predictor.c - FUSE's read-level predictor (section IV-B, Fig. 11):
** a sampler (an LRU set-associative tag store, one set per sampled warp)
** and a history table of 4-bit counters with an R/W status bit, indexed
** by a PC signature. The sampler tells whether blocks a PC brings in are
** used again before they would be evicted: a hit lowers the counter of
** the signature that brought the block in, an unused block leaving the
** sampler raises it. Rules the paper leaves open (docs/designs/fuse.md):
** only the sampled warps' misses insert, but every access is compared
** with the sampler's tags (fuse.sampler_probe = all: a block is reused
** whichever warp reads it again; `sampled` keeps the sampled warps'
** accesses only); an entry keeps the signature that inserted it; a store
** hitting an entry sets that signature's status to W for the rest of the
** kernel (the table starts over at each launch); counters 1 and 14 are
** neutral.
*/
#include "designs/fuse.h"
#include "util/xalloc.h"
#include <stdlib.h>
#include <string.h>

void fuse_pred_init(struct fuse_pred *p, uint32_t sets, uint32_t ways,
                    uint32_t entries, uint32_t unused_th, uint32_t init)
{
    memset(p, 0, sizeof *p);
    p->sets = sets;
    p->ways = ways;
    p->entries = entries;
    p->th = (uint8_t)unused_th;
    p->init = (uint8_t)init;
    p->s = ws_xcalloc((size_t)sets * ways + 1, sizeof *p->s);
    p->h = ws_xcalloc((size_t)entries + 1, sizeof *p->h);
    fuse_pred_reset(p);
}

void fuse_pred_free(struct fuse_pred *p)
{
    free(p->s);
    free(p->h);
    memset(p, 0, sizeof *p);
}

void fuse_pred_reset(struct fuse_pred *p)
{
    for (uint32_t i = 0; i < p->sets * p->ways; i++)
        p->s[i] = (struct fuse_sample){ .lru = (uint8_t)(i % p->ways) };
    for (uint32_t i = 0; i < p->entries; i++)
        p->h[i] = (struct fuse_hist){ p->init, false };
}

uint32_t fuse_pred_sig(const struct fuse_pred *p, int32_t pc)
{
    return pc < 0 ? 0 : (uint32_t)pc & (p->entries - 1);
}

uint16_t fuse_pred_tag(uint64_t block)
{
    return (uint16_t)(block & ((1u << FUSE_TAG_BITS) - 1));
}

enum fuse_class fuse_pred_classify(const struct fuse_pred *p,
                                   uint32_t counter, bool write)
{
    if (counter > p->th)
        return FC_WORO;
    if (counter < 1)
        return write ? FC_WM : FC_WORM;
    return FC_NEUTRAL;
}

enum fuse_class fuse_pred_class(const struct fuse_pred *p, uint32_t sig)
{
    const struct fuse_hist *h = &p->h[sig & (p->entries - 1)];
    return fuse_pred_classify(p, h->counter, h->write);
}

/* Entry e of set becomes the most recently used (the others behind it
   age by one: positions stay a permutation of 0..ways-1). */
static void promote(struct fuse_sample *set, uint32_t ways, uint32_t e)
{
    uint8_t pos = set[e].lru;
    for (uint32_t w = 0; w < ways; w++)
        if (set[w].lru < pos)
            set[w].lru++;
    set[e].lru = 0;
}

/* The entry of set (or of any set, set < 0) holding tag, or NULL. */
static struct fuse_sample *probe(struct fuse_pred *p, int32_t set,
                                 uint16_t tag)
{
    uint32_t first = set < 0 ? 0 : (uint32_t)set % p->sets;
    uint32_t last = set < 0 ? p->sets : first + 1;
    for (uint32_t i = first * p->ways; i < last * p->ways; i++)
        if (p->s[i].valid && p->s[i].tag == tag)
            return &p->s[i];
    return NULL;
}

bool fuse_pred_sample(struct fuse_pred *p, int32_t set, bool all,
                      uint64_t block, uint32_t sig, bool store)
{
    if (set < 0 && !all)
        return false;             /* only the sampled warps are seen */
    uint16_t tag = fuse_pred_tag(block);
    struct fuse_sample *e = probe(p, all ? -1 : set, tag);
    if (e) {
        struct fuse_hist *h = &p->h[e->sig];
        if (h->counter > 0)
            h->counter--;
        if (store)
            h->write = true;
        e->used = true;
        uint32_t i = (uint32_t)(e - p->s);
        promote(p->s + i / p->ways * p->ways, p->ways, i % p->ways);
        return true;
    }
    if (set < 0)
        return false;             /* a warp that is not sampled */
    struct fuse_sample *s = p->s + (size_t)((uint32_t)set % p->sets) * p->ways;
    uint32_t v = 0;
    for (uint32_t w = 0; w < p->ways; w++) {
        if (!s[w].valid) {
            v = w;
            break;
        }
        if (s[w].lru > s[v].lru)
            v = w;
    }
    if (s[v].valid && !s[v].used) {
        struct fuse_hist *h = &p->h[s[v].sig];
        if (h->counter < FUSE_COUNTER_MAX)
            h->counter++;
    }
    s[v].valid = true;
    s[v].used = false;
    s[v].tag = tag;
    s[v].sig = (uint16_t)(sig & (p->entries - 1));
    promote(s, p->ways, v);
    return false;
}

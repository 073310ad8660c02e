/*
** minheap.h - a binary min-heap of 64-bit keys: push, pop the least; and,
** for counting the keys above a time that only moves forward (cycles at
** which things end), drop the ones at or below the time as it advances
** and count without changing the heap the ones at or below a later time
** (a walk that visits only those keys and their children).
*/
#ifndef WS_MINHEAP_H
#define WS_MINHEAP_H
#include <stdint.h>
#include <stdlib.h>
#include "util/xalloc.h"

struct minheap {
    uint64_t *v;
    uint32_t n, cap;
};

static inline void minheap_push(struct minheap *h, uint64_t x)
{
    if (h->n == h->cap) {
        h->cap = h->cap ? 2 * h->cap : 16;
        h->v = ws_xrealloc(h->v, (size_t)h->cap * sizeof *h->v);
    }
    uint32_t i = h->n++;
    while (i > 0 && h->v[(i - 1) / 2] > x) {
        h->v[i] = h->v[(i - 1) / 2];
        i = (i - 1) / 2;
    }
    h->v[i] = x;
}

/* Removes and returns the least key (h must not be empty). */
static inline uint64_t minheap_pop(struct minheap *h)
{
    uint64_t top = h->v[0], x = h->v[--h->n];
    uint32_t i = 0;
    for (;;) {
        uint32_t c = 2 * i + 1;
        if (c >= h->n)
            break;
        if (c + 1 < h->n && h->v[c + 1] < h->v[c])
            c++;
        if (h->v[c] >= x)
            break;
        h->v[i] = h->v[c];
        i = c;
    }
    if (h->n)
        h->v[i] = x;
    return top;
}

/* Removes every key <= t. */
static inline void minheap_drop_upto(struct minheap *h, uint64_t t)
{
    while (h->n && h->v[0] <= t)
        minheap_pop(h);
}

/* The keys <= t in the subtree at i. */
static inline uint32_t minheap_count_upto_at(const struct minheap *h,
                                             uint32_t i, uint64_t t)
{
    if (i >= h->n || h->v[i] > t)
        return 0;
    return 1 + minheap_count_upto_at(h, 2 * i + 1, t) +
           minheap_count_upto_at(h, 2 * i + 2, t);
}

/* The keys > t. */
static inline uint32_t minheap_count_above(const struct minheap *h, uint64_t t)
{
    return h->n - minheap_count_upto_at(h, 0, t);
}

static inline void minheap_free(struct minheap *h)
{
    free(h->v);
    h->v = NULL;
    h->n = h->cap = 0;
}

#endif

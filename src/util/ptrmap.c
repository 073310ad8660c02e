/* ptrmap.c - open addressing with backward-shift deletion (see ptrmap.h). */
#include "util/ptrmap.h"
#include "util/xalloc.h"
#include <stdlib.h>

static size_t slot(const void *k, size_t cap)
{
    uint64_t x = (uint64_t)(uintptr_t)k;
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    return (size_t)x & (cap - 1);
}

void ptrmap_init(struct ptrmap *m)
{
    m->keys = NULL;
    m->vals = NULL;
    m->cap = m->n = 0;
}

void ptrmap_free(struct ptrmap *m)
{
    free(m->keys);
    free(m->vals);
    ptrmap_init(m);
}

static void rehash(struct ptrmap *m, size_t nc)
{
    const void **ok = m->keys;
    int64_t *ov = m->vals;
    size_t oc = m->cap;
    m->keys = ws_xcalloc(nc, sizeof *m->keys);
    m->vals = ws_xcalloc(nc, sizeof *m->vals);
    m->cap = nc;
    m->n = 0;
    for (size_t i = 0; i < oc; i++)
        if (ok[i])
            ptrmap_put(m, ok[i], ov[i]);
    free(ok);
    free(ov);
}

void ptrmap_put(struct ptrmap *m, const void *key, int64_t val)
{
    if ((m->n + 1) * 4 > m->cap * 3)
        rehash(m, m->cap ? m->cap * 2 : 64);
    size_t i = slot(key, m->cap);
    while (m->keys[i] && m->keys[i] != key)
        i = (i + 1) & (m->cap - 1);
    if (!m->keys[i])
        m->n++;
    m->keys[i] = key;
    m->vals[i] = val;
}

bool ptrmap_get(const struct ptrmap *m, const void *key, int64_t *val)
{
    if (!m->cap)
        return false;
    size_t i = slot(key, m->cap);
    while (m->keys[i]) {
        if (m->keys[i] == key) {
            if (val)
                *val = m->vals[i];
            return true;
        }
        i = (i + 1) & (m->cap - 1);
    }
    return false;
}

void ptrmap_del(struct ptrmap *m, const void *key)
{
    if (!m->cap)
        return;
    size_t i = slot(key, m->cap);
    while (m->keys[i] && m->keys[i] != key)
        i = (i + 1) & (m->cap - 1);
    if (!m->keys[i])
        return;
    m->keys[i] = NULL;
    m->n--;
    /* Shift later members of the probe run back into the hole. */
    size_t j = i;
    for (;;) {
        j = (j + 1) & (m->cap - 1);
        if (!m->keys[j])
            break;
        size_t h = slot(m->keys[j], m->cap);
        if ((j > i && (h <= i || h > j)) || (j < i && (h <= i && h > j))) {
            m->keys[i] = m->keys[j];
            m->vals[i] = m->vals[j];
            m->keys[j] = NULL;
            i = j;
        }
    }
}

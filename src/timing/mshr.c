/* mshr.c - miss status holding registers (see mshr.h). */
#include "timing/mshr.h"
#include "util/hash.h"
#include "util/xalloc.h"
#include <stdlib.h>
#include <string.h>

void mshr_init(struct mshr_table *t, uint32_t n, uint32_t merge)
{
    memset(t, 0, sizeof *t);
    t->n = n;
    t->merge = merge;
    t->e = ws_xcalloc((size_t)n + 1, sizeof *t->e);
    t->wait = ws_xcalloc((size_t)n * merge + 1, sizeof *t->wait);
    uint32_t slots = 4;
    while (slots < 2 * n)
        slots *= 2;
    t->mask = slots - 1;
    t->idx = ws_xmalloc(slots * sizeof *t->idx);
    for (uint32_t i = 0; i < slots; i++)
        t->idx[i] = -1;
    t->busy = ws_xcalloc((size_t)n / 64 + 1, sizeof *t->busy);
}

void mshr_free(struct mshr_table *t)
{
    free(t->e);
    free(t->wait);
    free(t->idx);
    free(t->busy);
    memset(t, 0, sizeof *t);
}

/* line's home slot in idx */
static uint32_t home(const struct mshr_table *t, uint64_t line)
{
    return (uint32_t)((line * 0x9e3779b97f4a7c15ULL) >> 40) & t->mask;
}

/* The idx slot holding line's entry, or the empty slot ending its probe. */
static uint32_t slot_of(const struct mshr_table *t, uint64_t line)
{
    uint32_t h = home(t, line);
    while (t->idx[h] >= 0 && t->e[t->idx[h]].line != line)
        h = (h + 1) & t->mask;
    return h;
}

int32_t mshr_find(const struct mshr_table *t, uint64_t line)
{
    if (!t->used)
        return -1;
    return t->idx[slot_of(t, line)];
}

int32_t mshr_free_slot(const struct mshr_table *t)
{
    if (t->used >= t->n)
        return -1;
    for (uint32_t w = 0;; w++)
        if (~t->busy[w])
            return (int32_t)(w * 64 + (uint32_t)__builtin_ctzll(~t->busy[w]));
}

void mshr_open(struct mshr_table *t, int32_t m, uint64_t line, uint32_t tag)
{
    t->idx[slot_of(t, line)] = m;
    t->busy[m / 64] |= 1ULL << (m % 64);
    t->used++;
    t->e[m].valid = true;
    t->e[m].line = line;
    t->e[m].nwait = 1;
    t->wait[(size_t)m * t->merge] = tag;
}

void mshr_merge(struct mshr_table *t, int32_t m, uint32_t tag)
{
    t->wait[(size_t)m * t->merge + t->e[m].nwait++] = tag;
}

uint32_t mshr_release(struct mshr_table *t, uint64_t line, uint32_t *out)
{
    int32_t m = mshr_find(t, line);
    if (m < 0)
        return 0;
    uint32_t n = t->e[m].nwait;
    memcpy(out, mshr_waiting(t, m), n * sizeof *out);
    /* out of the index: later entries of the probe run move back into
       the hole when their home is not between it and them */
    uint32_t hole = slot_of(t, line);
    for (uint32_t j = (hole + 1) & t->mask; t->idx[j] >= 0;
         j = (j + 1) & t->mask) {
        uint32_t h = home(t, t->e[t->idx[j]].line);
        if (((j - h) & t->mask) >= ((j - hole) & t->mask)) {
            t->idx[hole] = t->idx[j];
            hole = j;
        }
    }
    t->idx[hole] = -1;
    t->busy[m / 64] &= ~(1ULL << (m % 64));
    t->e[m].valid = false;
    t->e[m].nwait = 0;
    t->used--;
    return n;
}

void mshr_describe(const struct mshr_table *t, struct jv *o)
{
    struct jv *m = jv_set(o, "mshrs", jv_arr());
    for (uint32_t i = 0; i < t->n; i++) {
        const struct mshr *x = &t->e[i];
        if (!x->valid)
            continue;
        struct jv *e = jv_push(m, jv_obj());
        jv_set(e, "addr", jv_int((int64_t)x->line));
        jv_set(e, "merged", jv_int(x->nwait ? x->nwait - 1 : 0));
        jv_set(e, "waiting", jv_int(x->nwait));
    }
    jv_set(o, "mshrs_total", jv_int(t->n));
}

void mshr_hash(const struct mshr_table *t, uint64_t *h)
{
    ws_hash_u64(h, t->used);
    for (uint32_t i = 0; i < t->n; i++) {
        const struct mshr *m = &t->e[i];
        ws_hash_u64(h, m->valid);
        if (!m->valid)
            continue;
        ws_hash_u64(h, m->line);
        ws_hash_u64(h, m->nwait);
        for (uint32_t j = 0; j < m->nwait && j < t->merge; j++)
            ws_hash_u64(h, mshr_waiting(t, (int32_t)i)[j]);
    }
}

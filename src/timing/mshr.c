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
}

void mshr_free(struct mshr_table *t)
{
    free(t->e);
    free(t->wait);
    memset(t, 0, sizeof *t);
}

int32_t mshr_find(const struct mshr_table *t, uint64_t line)
{
    if (!t->used)
        return -1;
    for (uint32_t i = 0; i < t->n; i++)
        if (t->e[i].valid && t->e[i].line == line)
            return (int32_t)i;
    return -1;
}

int32_t mshr_free_slot(const struct mshr_table *t)
{
    if (t->used >= t->n)
        return -1;
    for (uint32_t i = 0; i < t->n; i++)
        if (!t->e[i].valid)
            return (int32_t)i;
    return -1;
}

void mshr_open(struct mshr_table *t, int32_t m, uint64_t line, uint32_t tag)
{
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

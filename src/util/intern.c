/* intern.c - open-addressing string interning (see intern.h). */
#include "util/intern.h"
#include "util/hash.h"
#include "util/xalloc.h"
#include <stdlib.h>
#include <string.h>

struct ptx_strpool {
    char **slots;
    size_t cap, n;
};

struct ptx_strpool *intern_new(void)
{
    struct ptx_strpool *p = ws_xcalloc(1, sizeof *p);
    p->cap = 256;
    p->slots = ws_xcalloc(p->cap, sizeof *p->slots);
    return p;
}

void intern_free(struct ptx_strpool *p)
{
    if (!p)
        return;
    for (size_t i = 0; i < p->cap; i++)
        free(p->slots[i]);
    free(p->slots);
    free(p);
}

static size_t find(char **slots, size_t cap, const char *s, size_t n)
{
    size_t i = ws_fnv1a(WS_FNV_INIT, s, n) & (cap - 1);
    while (slots[i] && !(strncmp(slots[i], s, n) == 0 && slots[i][n] == '\0'))
        i = (i + 1) & (cap - 1);
    return i;
}

const char *intern(struct ptx_strpool *p, const char *s, size_t n)
{
    size_t i = find(p->slots, p->cap, s, n);
    if (p->slots[i])
        return p->slots[i];
    if ((p->n + 1) * 2 > p->cap) {
        size_t nc = p->cap * 2;
        char **ns = ws_xcalloc(nc, sizeof *ns);
        for (size_t k = 0; k < p->cap; k++)
            if (p->slots[k])
                ns[find(ns, nc, p->slots[k], strlen(p->slots[k]))] = p->slots[k];
        free(p->slots);
        p->slots = ns;
        p->cap = nc;
        i = find(p->slots, p->cap, s, n);
    }
    p->slots[i] = ws_xstrndup(s, n);
    p->n++;
    return p->slots[i];
}

const char *intern_cstr(struct ptx_strpool *p, const char *s)
{
    return intern(p, s, strlen(s));
}

/* ring.c - growing the circular buffers of ring.h. */
#include "util/ring.h"
#include "util/xalloc.h"
#include <string.h>

void *ring_grow(void *v, uint32_t *head, uint32_t n, uint32_t *cap,
                size_t elem)
{
    uint32_t nc = *cap ? *cap * 2 : 16;
    char *nv = ws_xmalloc((size_t)nc * elem);
    const char *ov = v;
    /* the oldest elements run from head to the end, then wrap to 0 */
    uint32_t first = n < *cap - *head ? n : *cap - *head;
    if (n) {
        memcpy(nv, ov + (size_t)*head * elem, (size_t)first * elem);
        memcpy(nv + (size_t)first * elem, ov, (size_t)(n - first) * elem);
    }
    free(v);
    *head = 0;
    *cap = nc;
    return nv;
}

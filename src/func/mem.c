/* mem.c - device memory, one host block per allocation (see mem.h). */
#include "func/mem.h"
#include "util/xalloc.h"
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

void dmem_init(struct dmem *m, uint64_t limit_bytes)
{
    memset(m, 0, sizeof *m);
    m->top = WS_GLOBAL_BASE;
    m->limit = limit_bytes;
}

static uint64_t block_bytes(uint64_t size)
{
    return (size + DMEM_PAGE_SIZE - 1) & ~(uint64_t)(DMEM_PAGE_SIZE - 1);
}

/* Zeroed host bytes for a block, or NULL. */
static uint8_t *block_new(uint64_t bytes)
{
    if (bytes != (size_t)bytes)
        return NULL;
    if (bytes < DMEM_MAP_MIN)
        return calloc(1, (size_t)bytes);
    void *p = mmap(NULL, (size_t)bytes, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    return p == MAP_FAILED ? NULL : p;
}

static void block_free(uint8_t *p, uint64_t bytes)
{
    if (bytes < DMEM_MAP_MIN)
        free(p);
    else if (p)
        munmap(p, (size_t)bytes);
}

void dmem_free(struct dmem *m)
{
    for (size_t i = 0; i < m->nallocs; i++)
        block_free(m->allocs[i].host, block_bytes(m->allocs[i].size));
    free(m->owner);
    free(m->allocs);
    memset(m, 0, sizeof *m);
}

uint64_t dmem_alloc(struct dmem *m, uint64_t size, struct ws_diag *diag)
{
    uint64_t bytes = block_bytes(size);
    uint64_t pages = bytes >> DMEM_PAGE_SHIFT;
    if (size == 0 || pages > (m->limit >> DMEM_PAGE_SHIFT) ||
        m->used + bytes > m->limit) {
        diag_error(diag, NULL, 0, 0,
                   "cannot allocate %llu bytes of device memory: %llu of the %llu-byte limit are in use (config key mem.limit)",
                   (unsigned long long)size, (unsigned long long)m->used,
                   (unsigned long long)m->limit);
        return 0;
    }
    uint8_t *host = block_new(bytes);
    if (!host) {
        diag_error(diag, NULL, 0, 0,
                   "cannot allocate %llu bytes of device memory: the host has no memory for it",
                   (unsigned long long)size);
        return 0;
    }
    size_t first = (size_t)((m->top - WS_GLOBAL_BASE) >> DMEM_PAGE_SHIFT);
    size_t need = first + (size_t)pages + 1;     /* + guard page */
    if (need > m->cap) {
        size_t nc = m->cap ? m->cap : 256;
        while (nc < need)
            nc *= 2;
        m->owner = ws_xrealloc(m->owner, nc * sizeof *m->owner);
        memset(m->owner + m->cap, 0, (nc - m->cap) * sizeof *m->owner);
        m->cap = nc;
    }
    m->allocs = ws_xrealloc(m->allocs, (m->nallocs + 1) * sizeof *m->allocs);
    m->allocs[m->nallocs++] = (struct dmem_alloc){ m->top, size, host };
    for (size_t i = first; i < first + pages; i++)
        m->owner[i] = (uint32_t)m->nallocs;
    m->npages = need;
    uint64_t addr = m->top;
    m->top += (pages + 1) << DMEM_PAGE_SHIFT;
    m->used += bytes;
    return addr;
}

uint8_t *dmem_ptr(const struct dmem *m, uint64_t addr, uint64_t n)
{
    const struct dmem_alloc *a = dmem_find(m, addr);
    if (!a || !dmem_holds(a, addr, n))
        return NULL;
    return a->host + (addr - a->addr);
}

bool dmem_mapped(const struct dmem *m, uint64_t addr, uint64_t n)
{
    /* allocations are apart (a guard page between each two), so an
       access in more than one never is */
    return n == 0 || dmem_ptr(m, addr, n);
}

bool dmem_read(const struct dmem *m, uint64_t addr, void *buf, size_t n)
{
    if (n == 0)
        return true;
    const uint8_t *p = dmem_ptr(m, addr, n);
    if (p)
        memcpy(buf, p, n);
    return p != NULL;
}

bool dmem_write(struct dmem *m, uint64_t addr, const void *buf, size_t n)
{
    if (n == 0)
        return true;
    uint8_t *p = dmem_ptr(m, addr, n);
    if (p)
        memcpy(p, buf, n);
    return p != NULL;
}

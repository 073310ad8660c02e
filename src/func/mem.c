/* mem.c - paged device memory (see mem.h). */
#include "func/mem.h"
#include "util/xalloc.h"
#include <stdlib.h>
#include <string.h>

void dmem_init(struct dmem *m, uint64_t limit_bytes)
{
    memset(m, 0, sizeof *m);
    m->top = WS_GLOBAL_BASE;
    m->limit = limit_bytes;
}

void dmem_free(struct dmem *m)
{
    for (size_t i = 0; i < m->npages; i++)
        free(m->pages[i]);
    free(m->pages);
    free(m->avail);
    free(m->allocs);
    memset(m, 0, sizeof *m);
}

uint64_t dmem_alloc(struct dmem *m, uint64_t size, struct ws_diag *diag)
{
    uint64_t pages = (size + DMEM_PAGE_SIZE - 1) >> DMEM_PAGE_SHIFT;
    if (size == 0 || pages > (m->limit >> DMEM_PAGE_SHIFT) ||
        m->used + (pages << DMEM_PAGE_SHIFT) > m->limit) {
        diag_error(diag, NULL, 0, 0,
                   "cannot allocate %llu bytes of device memory: %llu of the %llu-byte limit are in use (config key mem.limit)",
                   (unsigned long long)size, (unsigned long long)m->used,
                   (unsigned long long)m->limit);
        return 0;
    }
    size_t first = (size_t)((m->top - WS_GLOBAL_BASE) >> DMEM_PAGE_SHIFT);
    size_t need = first + (size_t)pages + 1;     /* + guard page */
    if (need > m->cap) {
        size_t nc = m->cap ? m->cap : 256;
        while (nc < need)
            nc *= 2;
        m->pages = ws_xrealloc(m->pages, nc * sizeof *m->pages);
        m->avail = ws_xrealloc(m->avail, nc * sizeof *m->avail);
        memset(m->pages + m->cap, 0, (nc - m->cap) * sizeof *m->pages);
        memset(m->avail + m->cap, 0, (nc - m->cap) * sizeof *m->avail);
        m->cap = nc;
    }
    for (size_t i = first; i < first + pages; i++)
        m->avail[i] = DMEM_PAGE_SIZE;
    if (size & (DMEM_PAGE_SIZE - 1))         /* the last page, in part */
        m->avail[first + pages - 1] = (uint16_t)(size & (DMEM_PAGE_SIZE - 1));
    m->npages = need;
    uint64_t addr = m->top;
    m->top += (pages + 1) << DMEM_PAGE_SHIFT;
    m->used += pages << DMEM_PAGE_SHIFT;
    m->allocs = ws_xrealloc(m->allocs, (m->nallocs + 1) * sizeof *m->allocs);
    m->allocs[m->nallocs++] = (struct dmem_alloc){ addr, size };
    return addr;
}

unsigned dmem_page_avail(const struct dmem *m, uint64_t addr)
{
    if (addr < WS_GLOBAL_BASE || addr >= m->top)
        return 0;
    return m->avail[(addr - WS_GLOBAL_BASE) >> DMEM_PAGE_SHIFT];
}

/* Is every byte of [addr, addr+n) in the page of addr allocated? */
static bool page_span(const struct dmem *m, uint64_t addr, uint64_t n,
                      size_t *pi)
{
    unsigned avail = dmem_page_avail(m, addr);
    *pi = (size_t)((addr - WS_GLOBAL_BASE) >> DMEM_PAGE_SHIFT);
    return avail && (addr & (DMEM_PAGE_SIZE - 1)) + n <= avail;
}

bool dmem_mapped(const struct dmem *m, uint64_t addr, uint64_t n)
{
    if (n == 0)
        return true;
    if (addr + n < addr)
        return false;
    while (n) {
        uint64_t off = addr & (DMEM_PAGE_SIZE - 1);
        uint64_t k = DMEM_PAGE_SIZE - off < n ? DMEM_PAGE_SIZE - off : n;
        size_t pi;
        if (!page_span(m, addr, k, &pi))
            return false;
        addr += k;
        n -= k;
    }
    return true;
}

bool dmem_read(const struct dmem *m, uint64_t addr, void *buf, size_t n)
{
    if (!dmem_mapped(m, addr, n))
        return false;
    uint8_t *out = buf;
    while (n) {
        size_t pi = (size_t)((addr - WS_GLOBAL_BASE) >> DMEM_PAGE_SHIFT);
        size_t off = (size_t)(addr & (DMEM_PAGE_SIZE - 1));
        size_t k = DMEM_PAGE_SIZE - off < n ? DMEM_PAGE_SIZE - off : n;
        if (m->pages[pi])
            memcpy(out, m->pages[pi] + off, k);
        else
            memset(out, 0, k);
        out += k;
        addr += k;
        n -= k;
    }
    return true;
}

bool dmem_write(struct dmem *m, uint64_t addr, const void *buf, size_t n)
{
    if (!dmem_mapped(m, addr, n))
        return false;
    const uint8_t *in = buf;
    while (n) {
        size_t pi = (size_t)((addr - WS_GLOBAL_BASE) >> DMEM_PAGE_SHIFT);
        size_t off = (size_t)(addr & (DMEM_PAGE_SIZE - 1));
        size_t k = DMEM_PAGE_SIZE - off < n ? DMEM_PAGE_SIZE - off : n;
        if (!m->pages[pi])
            m->pages[pi] = ws_xcalloc(1, DMEM_PAGE_SIZE);
        memcpy(m->pages[pi] + off, in, k);
        in += k;
        addr += k;
        n -= k;
    }
    return true;
}

uint8_t *dmem_page_ptr(struct dmem *m, uint64_t addr, unsigned n, bool write)
{
    static uint8_t zero_page[DMEM_PAGE_SIZE];
    size_t pi;
    if (!page_span(m, addr, n, &pi))
        return NULL;
    size_t off = (size_t)(addr & (DMEM_PAGE_SIZE - 1));
    if (!m->pages[pi]) {
        if (!write)
            return zero_page + off;
        m->pages[pi] = ws_xcalloc(1, DMEM_PAGE_SIZE);
    }
    return m->pages[pi] + off;
}

const struct dmem_alloc *dmem_find(const struct dmem *m, uint64_t addr)
{
    size_t lo = 0, hi = m->nallocs;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        const struct dmem_alloc *a = &m->allocs[mid];
        if (addr < a->addr)
            hi = mid;
        else if (addr >= a->addr + ((a->size + DMEM_PAGE_SIZE - 1) & ~(uint64_t)(DMEM_PAGE_SIZE - 1)))
            lo = mid + 1;
        else
            return a;
    }
    return NULL;
}

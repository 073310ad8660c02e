/*
** mem.h - device memory: the flat 64-bit global address space.
** Allocations are page aligned and each is followed by an unmapped guard
** page; the bytes of an allocation's last page past its size are not
** mapped either, so a kernel that runs past the end of a buffer, by one
** byte or by a page, faults with a clear message instead of silently
** corrupting a neighbour or reading padding. Each allocation is one
** block of host memory, so that a warp's accesses to one buffer are
** checked by one range test however many pages they touch; blocks of
** DMEM_MAP_MIN bytes or more are mapped from the host kernel, which
** provides their pages zeroed on first use, so large sparse buffers stay
** cheap. Also defines the generic-address windows through which shared,
** local and constant memory appear to generic loads/stores.
*/
#ifndef WS_MEM_H
#define WS_MEM_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "util/diag.h"

#define DMEM_PAGE_SHIFT 12
#define DMEM_PAGE_SIZE (1u << DMEM_PAGE_SHIFT)

/* Generic address windows (cvta.shared etc. add these bases). */
#define WS_SHARED_WINDOW 0x0000000010000000ULL
#define WS_LOCAL_WINDOW 0x0000000020000000ULL
#define WS_CONST_WINDOW 0x0000000030000000ULL
#define WS_WINDOW_SIZE 0x0000000001000000ULL   /* 16 MiB each */
/* First address of the global heap. */
#define WS_GLOBAL_BASE 0x0000000700000000ULL

/* Blocks at least this large are mapped (zero pages on demand). */
#define DMEM_MAP_MIN (64u * 1024)

struct dmem_alloc {
    uint64_t addr, size;
    uint8_t *host;         /* the bytes: size rounded up to whole pages,
                              zero past size */
};

struct dmem {
    uint64_t top;          /* first address after the last guard page */
    uint64_t limit;        /* max bytes of allocations */
    uint64_t used;         /* bytes allocated (page-rounded) */
    uint32_t *owner;       /* per page from WS_GLOBAL_BASE: 1 + the index in
                              allocs of the allocation it holds, 0 for a
                              guard page */
    size_t npages, cap;
    struct dmem_alloc *allocs;
    size_t nallocs;
};

void dmem_init(struct dmem *m, uint64_t limit_bytes);
void dmem_free(struct dmem *m);

/*
** Allocates size bytes (>0), zeroed. Returns the address, or 0 with diag
** filled when the configured limit would be exceeded or the host has no
** memory for it.
*/
uint64_t dmem_alloc(struct dmem *m, uint64_t size, struct ws_diag *diag);

/* Copies n bytes; returns false if any byte is outside an allocation. */
bool dmem_read(const struct dmem *m, uint64_t addr, void *buf, size_t n);
bool dmem_write(struct dmem *m, uint64_t addr, const void *buf, size_t n);

/* True if every byte of [addr, addr+n) belongs to an allocation. */
bool dmem_mapped(const struct dmem *m, uint64_t addr, uint64_t n);

/*
** The allocation whose pages hold addr (its size rounded up to whole
** pages), or NULL: what a fault names as the buffer it ran past, and
** where an access starts looking. One look-up by the page.
*/
static inline const struct dmem_alloc *dmem_find(const struct dmem *m,
                                                 uint64_t addr)
{
    uint64_t pi = (addr - WS_GLOBAL_BASE) >> DMEM_PAGE_SHIFT;
    if (addr < WS_GLOBAL_BASE || pi >= m->npages || !m->owner[pi])
        return NULL;
    return &m->allocs[m->owner[pi] - 1];
}

/* True if every byte of [addr, addr+n) lies in the allocation a. */
static inline bool dmem_holds(const struct dmem_alloc *a, uint64_t addr,
                              uint64_t n)
{
    return addr >= a->addr && n <= a->size &&
           addr - a->addr <= a->size - n;
}

/*
** Pointer to the byte at addr for an n-byte access, or NULL if any of its
** bytes is outside the allocation holding addr.
*/
uint8_t *dmem_ptr(const struct dmem *m, uint64_t addr, uint64_t n);

#endif

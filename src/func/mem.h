/*
** mem.h - device memory: the flat 64-bit global address space.
** Allocations are page aligned and each is followed by an unmapped guard
** page; the bytes of an allocation's last page past its size are not
** mapped either, so a kernel that runs past the end of a buffer, by one
** byte or by a page, faults with a clear message instead of silently
** corrupting a neighbour or reading padding. Pages are allocated
** on first write (reads of untouched memory see zeros), which keeps large
** sparse buffers cheap. Also defines the generic-address windows through
** which shared, local and constant memory appear to generic loads/stores.
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

struct dmem_alloc {
    uint64_t addr, size;
};

struct dmem {
    uint64_t top;          /* first address after the last guard page */
    uint64_t limit;        /* max bytes of allocations */
    uint64_t used;         /* bytes allocated (page-rounded) */
    uint8_t **pages;       /* per page from WS_GLOBAL_BASE; NULL: untouched */
    uint16_t *avail;       /* per page: bytes of an allocation it holds,
                              from its start (0: unmapped, a full page:
                              DMEM_PAGE_SIZE) */
    size_t npages, cap;
    struct dmem_alloc *allocs;
    size_t nallocs;
};

void dmem_init(struct dmem *m, uint64_t limit_bytes);
void dmem_free(struct dmem *m);

/*
** Allocates size bytes (>0). Returns the address, or 0 with diag filled
** when the configured limit would be exceeded.
*/
uint64_t dmem_alloc(struct dmem *m, uint64_t size, struct ws_diag *diag);

/* Copies n bytes; returns false if any byte is outside an allocation. */
bool dmem_read(const struct dmem *m, uint64_t addr, void *buf, size_t n);
bool dmem_write(struct dmem *m, uint64_t addr, const void *buf, size_t n);

/* True if every byte of [addr, addr+n) belongs to an allocation. */
bool dmem_mapped(const struct dmem *m, uint64_t addr, uint64_t n);

/*
** Pointer to the byte at addr for an n-byte access that stays inside one
** page, or NULL if any of its bytes is outside every allocation. Reads of
** an untouched page return a shared zero page (do not write through it);
** writes allocate the page.
*/
uint8_t *dmem_page_ptr(struct dmem *m, uint64_t addr, unsigned n, bool write);

/* The bytes of the page holding addr that belong to an allocation,
   counted from the page's start (0 if none). */
unsigned dmem_page_avail(const struct dmem *m, uint64_t addr);

/* The allocation containing addr (its size rounded up to whole pages),
   or NULL: what a fault names as the buffer it ran past. */
const struct dmem_alloc *dmem_find(const struct dmem *m, uint64_t addr);

#endif

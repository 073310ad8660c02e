/*
** mem.h - device memory: the flat 64-bit global address space.
** Allocations are page aligned and each is followed by an unmapped guard
** page, so a kernel that runs past the end of a buffer faults with a clear
** message instead of silently corrupting a neighbour. Pages are allocated
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
    uint8_t *mapped;       /* per page: 1 if part of an allocation */
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

/* True if [addr, addr+n) lies in mapped pages. */
bool dmem_mapped(const struct dmem *m, uint64_t addr, uint64_t n);

/*
** Pointer to the byte at addr for an access that stays inside one page, or
** NULL if the page is unmapped. Reads of an untouched page return a shared
** zero page (do not write through it); writes allocate the page.
*/
uint8_t *dmem_page_ptr(struct dmem *m, uint64_t addr, bool write);

/* The allocation containing addr, or NULL. */
const struct dmem_alloc *dmem_find(const struct dmem *m, uint64_t addr);

#endif

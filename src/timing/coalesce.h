/*
** coalesce.h - from one warp instruction's lane addresses to memory
** transactions.
** Global and local accesses become one transaction per distinct segment
** (128-byte L1 lines, or 32-byte sectors when bypassing L1), in order of
** first touch by ascending lane. Shared-memory accesses are serialised by
** bank conflicts: the degree is the largest number of distinct 4-byte
** words any bank must deliver (lanes reading the same word share it).
*/
#ifndef WS_COALESCE_H
#define WS_COALESCE_H
#include <stdbool.h>
#include <stdint.h>

#define COALESCE_MAX 128   /* 32 lanes x up to 16 bytes over 32-byte sectors */

/*
** Segments of `seg` bytes touched by lanes in mask, each lane accessing
** `size` bytes at addr[lane]. Writes the segment addresses to out (and the
** bytes each covers, when bytes is not NULL); returns their number.
*/
uint32_t coalesce(const uint64_t *addr, uint32_t mask, uint32_t size,
                  uint32_t seg, uint64_t *out, uint32_t *bytes);

/*
** coalesce() with each segment's first byte touched (coalesce_first) in
** first[] when first is not NULL (the offset of a 128-byte segment fits a
** byte), found in the same pass in the common case.
*/
uint32_t coalesce_tx(const uint64_t *addr, uint32_t mask, uint32_t size,
                     uint32_t seg, uint64_t *out, uint32_t *bytes,
                     uint8_t *first);

/*
** Offset from segment start s of the lowest byte of [s, s + seg) that the
** lanes in mask touch (seg when none does): a store's first byte written,
** which places a partial segment on the right sectors of a sectored L2.
*/
uint32_t coalesce_first(const uint64_t *addr, uint32_t mask, uint32_t size,
                        uint64_t s, uint32_t seg);

/*
** Shared-memory bank-conflict degree (>= 1 when any lane is active; 0
** when none). With `atomic`, lanes hitting the same word also serialise.
*/
uint32_t shmem_degree(const uint64_t *addr, uint32_t mask, uint32_t size,
                      uint32_t banks, bool atomic);

#endif

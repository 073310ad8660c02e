/*
** hash.h - FNV-1a 64-bit hashing for config hashes and state hashes.
** Stable across hosts and compilers: the same bytes give the same hash.
*/
#ifndef WS_HASH_H
#define WS_HASH_H
#include <stddef.h>
#include <stdint.h>

#define WS_FNV_INIT 0xcbf29ce484222325ULL

uint64_t ws_fnv1a(uint64_t h, const void *data, size_t n);

/* Folds v into *h as 8 little-endian bytes (the same on every host). */
void ws_hash_u64(uint64_t *h, uint64_t v);

#endif

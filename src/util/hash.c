/* hash.c - FNV-1a (see hash.h). */
#include "util/hash.h"

uint64_t ws_fnv1a(uint64_t h, const void *data, size_t n)
{
    const unsigned char *p = data;
    for (size_t i = 0; i < n; i++) {
        h ^= p[i];
        h *= 0x100000001b3ULL;
    }
    return h;
}

void ws_hash_u64(uint64_t *h, uint64_t v)
{
    uint8_t b[8];
    for (int i = 0; i < 8; i++)
        b[i] = (uint8_t)(v >> (8 * i));
    *h = ws_fnv1a(*h, b, sizeof b);
}

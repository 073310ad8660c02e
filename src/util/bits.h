/*
** bits.h - set bits of a word without a library call (the baseline x86-64
** has no popcnt instruction, and __builtin_popcount becomes a call there),
** the next set bit of a bitset, and division by a count that is usually a
** power of two (a 64-bit division costs tens of cycles; a geometry of
** sets, banks or schedulers is a power of two on every preset).
*/
#ifndef WS_BITS_H
#define WS_BITS_H
#include <stdbool.h>
#include <stdint.h>

static inline uint32_t ws_popcount32(uint32_t v)
{
    v = v - ((v >> 1) & 0x55555555u);
    v = (v & 0x33333333u) + ((v >> 2) & 0x33333333u);
    return (((v + (v >> 4)) & 0x0f0f0f0fu) * 0x01010101u) >> 24;
}

static inline uint32_t ws_popcount64(uint64_t v)
{
    v = v - ((v >> 1) & 0x5555555555555555ULL);
    v = (v & 0x3333333333333333ULL) + ((v >> 2) & 0x3333333333333333ULL);
    return (uint32_t)((((v + (v >> 4)) & 0x0f0f0f0f0f0f0f0fULL) *
                       0x0101010101010101ULL) >> 56);
}

/* The lowest set bit at or after `from` in the bitset `set` of n bits
   (bits at n and above clear), or n when there is none. */
static inline uint32_t ws_next_bit(const uint64_t *set, uint32_t n,
                                   uint32_t from)
{
    for (uint32_t w = from / 64; w * 64 < n; w++) {
        uint64_t m = set[w];
        if (w == from / 64)
            m &= ~0ULL << (from % 64);
        if (m)
            return w * 64 + (uint32_t)__builtin_ctzll(m);
    }
    return n;
}

/* Bit i of the bitset `set` set when on, cleared otherwise. */
static inline void ws_bit_put(uint64_t *set, uint32_t i, bool on)
{
    uint64_t b = 1ULL << (i % 64);
    set[i / 64] = (set[i / 64] & ~b) | (on ? b : 0);
}

/* A set of n <= 64 bits in round-robin order from `start` (< n): bit i
   of the result is bit (start + i) mod n of set; ws_rr_index turns such
   an i back into the bit's own index. */
static inline uint64_t ws_rr_order(uint64_t set, uint32_t start, uint32_t n)
{
    uint64_t all = n < 64 ? (1ULL << n) - 1 : ~0ULL;
    return (start ? set >> start | set << (n - start) : set) & all;
}

static inline uint32_t ws_rr_index(uint32_t i, uint32_t start, uint32_t n)
{
    return i + start < n ? i + start : i + start - n;
}

static inline int ws_is_pow2(uint64_t v)
{
    return v && !(v & (v - 1));
}

/* n mod d and n div d for d > 0: a mask and a shift when d is a power of
   two, else a division. */
static inline uint64_t ws_mod(uint64_t n, uint64_t d)
{
    return d & (d - 1) ? n % d : n & (d - 1);
}

static inline uint64_t ws_div(uint64_t n, uint64_t d)
{
    return d & (d - 1) ? n / d : n >> __builtin_ctzll(d);
}

#endif

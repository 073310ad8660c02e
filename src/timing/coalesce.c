/* coalesce.c - memory transactions of a warp access (see coalesce.h). */
#include "timing/coalesce.h"
#include "util/bits.h"
#include <string.h>

/* Bytes of segment [s, s + seg) that the lanes in mask touch: the length
   of the union of their ranges, since lanes may read the same bytes (a
   broadcast reads one word for all 32). */
static uint32_t covered(const uint64_t *addr, uint32_t mask, uint32_t size,
                        uint64_t s, uint32_t seg)
{
    uint64_t lo[32], hi[32], total = 0, end = s;
    uint32_t k = 0;
    for (int l = 0; l < 32; l++) {
        if (!(mask >> l & 1))
            continue;
        uint64_t a = addr[l] > s ? addr[l] : s;
        uint64_t b = addr[l] + size < s + seg ? addr[l] + size : s + seg;
        if (a >= b)
            continue;
        uint32_t j = k++;               /* insertion sort by start */
        for (; j > 0 && lo[j - 1] > a; j--) {
            lo[j] = lo[j - 1];
            hi[j] = hi[j - 1];
        }
        lo[j] = a;
        hi[j] = b;
    }
    for (uint32_t j = 0; j < k; j++) {
        uint64_t from = lo[j] > end ? lo[j] : end;
        if (hi[j] > from) {
            total += hi[j] - from;
            end = hi[j];
        }
    }
    return (uint32_t)total;
}

/* Bytes [off, off + size) of a segment as a 128-bit mask. */
static void mark(uint64_t bits[2], uint64_t off, uint32_t size)
{
    for (uint64_t b = off; b < off + size;) {
        uint32_t w = (uint32_t)(b >> 6), at = (uint32_t)(b & 63);
        uint32_t k = (uint32_t)(off + size - b);
        if (k > 64 - at)
            k = 64 - at;
        bits[w] |= (k == 64 ? ~0ULL : ((1ULL << k) - 1)) << at;
        b += k;
    }
}

/* The common case in one pass: seg a power of two of at most 128 bytes
   and every active lane's bytes inside one segment. The bytes a segment's
   lanes touch are the union of their ranges (lanes may read the same
   bytes: a broadcast reads one word for all 32), the same as covered():
   each segment keeps the interval its lanes have covered so far, which a
   lane's range overlapping or touching it extends (lanes reading one
   word, or walking up memory); a range apart from it moves the interval
   into a bit mask of the segment's bytes, counted at the end. first[i]
   is the lowest offset touched. Returns false, having written nothing
   that counts, when the case does not apply. */
static bool coalesce_simple(const uint64_t *addr, uint32_t mask, uint32_t size,
                            uint32_t seg, uint64_t *out, uint32_t *bytes,
                            uint8_t *first, uint32_t *nout)
{
    if (!size || seg > 128 || (seg & (seg - 1)) || size > seg)
        return false;
    uint64_t lo = seg - 1, bits[32][2], top = 0;
    uint8_t rlo[32], rhi[32];     /* a segment's interval [rlo, rhi) */
    uint32_t n = 0, last = 0, masked = 0;   /* bit i: bits[i] is in use */
    for (uint32_t m = mask; m; m &= m - 1) {
        int l = __builtin_ctz(m);
        uint64_t off = addr[l] & lo, s = addr[l] - off;
        if (off + size > seg)
            return false;
        uint32_t i = last;
        if (!n || out[i] != s) {
            if (n && s <= top) {
                for (i = 0; i < n && out[i] != s; i++)
                    ;
            } else {      /* above every segment so far (lanes walking up
                             memory): new, without looking */
                i = n;
                top = s;
            }
            last = i;
            if (i == n) {
                out[n] = s;
                rlo[n] = (uint8_t)off;
                rhi[n] = (uint8_t)(off + size);
                if (first)
                    first[n] = (uint8_t)off;
                n++;
                continue;
            }
        }
        if (first && off < first[i])
            first[i] = (uint8_t)off;
        if (off <= rhi[i] && off + size >= rlo[i]) {
            if (off < rlo[i])
                rlo[i] = (uint8_t)off;
            if (off + size > rhi[i])
                rhi[i] = (uint8_t)(off + size);
            continue;
        }
        if (!(masked >> i & 1)) {
            masked |= 1u << i;
            bits[i][0] = bits[i][1] = 0;
        }
        mark(bits[i], rlo[i], (uint32_t)(rhi[i] - rlo[i]));
        rlo[i] = (uint8_t)off;
        rhi[i] = (uint8_t)(off + size);
    }
    for (uint32_t i = 0; i < n && bytes; i++) {
        if (!(masked >> i & 1)) {
            bytes[i] = (uint32_t)(rhi[i] - rlo[i]);
            continue;
        }
        mark(bits[i], rlo[i], (uint32_t)(rhi[i] - rlo[i]));
        bytes[i] = (uint32_t)(__builtin_popcountll(bits[i][0]) +
                              __builtin_popcountll(bits[i][1]));
    }
    *nout = n;
    return true;
}

/* Any case: the segments each lane's bytes touch, lane by lane. */
static uint32_t coalesce_any(const uint64_t *addr, uint32_t mask,
                             uint32_t size, uint32_t seg, uint64_t *out,
                             uint32_t *bytes)
{
    uint32_t n = 0;
    for (int l = 0; l < 32 && n < COALESCE_MAX; l++) {
        if (!(mask >> l & 1))
            continue;
        uint64_t first = addr[l] - addr[l] % seg;
        uint64_t last = (addr[l] + size - 1) - (addr[l] + size - 1) % seg;
        for (uint64_t s = first; s <= last && n < COALESCE_MAX; s += seg) {
            uint32_t i;
            for (i = 0; i < n; i++)
                if (out[i] == s)
                    break;
            if (i == n)
                out[n++] = s;
        }
    }
    if (bytes)
        for (uint32_t i = 0; i < n; i++)
            bytes[i] = covered(addr, mask, size, out[i], seg);
    return n;
}

uint32_t coalesce(const uint64_t *addr, uint32_t mask, uint32_t size,
                  uint32_t seg, uint64_t *out, uint32_t *bytes)
{
    uint32_t n;
    if (coalesce_simple(addr, mask, size, seg, out, bytes, NULL, &n))
        return n;
    return coalesce_any(addr, mask, size, seg, out, bytes);
}

uint32_t coalesce_tx(const uint64_t *addr, uint32_t mask, uint32_t size,
                     uint32_t seg, uint64_t *out, uint32_t *bytes,
                     uint8_t *first)
{
    uint32_t n;
    if (coalesce_simple(addr, mask, size, seg, out, bytes, first, &n))
        return n;
    n = coalesce_any(addr, mask, size, seg, out, bytes);
    for (uint32_t k = 0; first && k < n; k++)
        first[k] = (uint8_t)coalesce_first(addr, mask, size, out[k], seg);
    return n;
}

uint32_t coalesce_first(const uint64_t *addr, uint32_t mask, uint32_t size,
                        uint64_t s, uint32_t seg)
{
    uint64_t first = s + seg;
    for (int l = 0; l < 32; l++) {
        if (!(mask >> l & 1) || addr[l] + size <= s || addr[l] >= s + seg)
            continue;
        uint64_t a = addr[l] > s ? addr[l] : s;
        if (a < first)
            first = a;
    }
    return (uint32_t)(first - s);
}

/* True if an active lane before lane l touches the word at byte address
   w (a multiple of 4). */
static bool seen_before(const uint64_t *addr, uint32_t mask, uint32_t size,
                        int l, uint64_t w)
{
    for (int k = 0; k < l; k++)
        if ((mask >> k & 1) && (addr[k] & ~3ULL) <= w && w < addr[k] + size)
            return true;
    return false;
}

/* Degree 1 or 0 when no bank holds two different words (the common,
   conflict-free case), found in one pass; 0xffffffff when some bank
   does and the full count is needed. */
static uint32_t conflict_free(const uint64_t *addr, uint32_t mask,
                              uint32_t size, uint32_t banks, bool atomic)
{
    uint64_t word[64];
    uint64_t seen = 0;
    if (size <= 4 && !(banks & (banks - 1))) {
        uint64_t bm = banks - 1;
        if (mask == 0xffffffffu && !atomic) {
            /* a whole warp: each lane writes its word into its bank's
               slot, then every lane must find its own word there; two
               passes without branches (a broadcast and consecutive
               words pass) */
            uint64_t bad = 0;
#pragma GCC unroll 32
            for (int l = 0; l < 32; l++)
                word[(addr[l] >> 2) & bm] = addr[l] >> 2;
#pragma GCC unroll 32
            for (int l = 0; l < 32; l++)
                bad |= (addr[l] >> 2) ^ word[(addr[l] >> 2) & bm];
            return bad ? 0xffffffffu : 1;
        }
        /* one word per lane; an atomic's lanes on one word conflict */
        for (int l = 0; l < 32; l++) {
            if (!(mask >> l & 1))
                continue;
            uint64_t w = addr[l] >> 2, b = w & bm;
            if (!(seen >> b & 1)) {
                seen |= 1ULL << b;
                word[b] = w;
            } else if (atomic || word[b] != w) {
                return 0xffffffffu;
            }
        }
        return seen != 0;
    }
    for (int l = 0; l < 32; l++) {
        if (!(mask >> l & 1))
            continue;
        for (uint64_t a = addr[l] & ~3ULL; a < addr[l] + size; a += 4) {
            uint32_t b = (uint32_t)ws_mod(a >> 2, banks);
            if (!(seen >> b & 1)) {
                seen |= 1ULL << b;
                word[b] = a >> 2;
            } else if (atomic || word[b] != a >> 2) {
                return 0xffffffffu;
            }
        }
    }
    return seen != 0;
}

uint32_t shmem_degree(const uint64_t *addr, uint32_t mask, uint32_t size,
                      uint32_t banks, bool atomic)
{
    if (banks > 64)
        banks = 64;
    uint32_t quick = conflict_free(addr, mask, size, banks, atomic);
    if (quick != 0xffffffffu)
        return quick;
    /* cnt[b]: distinct words bank b must deliver. A lane's own words are
       distinct; a word an earlier lane touched is shared (broadcast),
       except by atomics. */
    uint32_t cnt[64];
    memset(cnt, 0, sizeof cnt);
    uint32_t degree = 0;
    for (int l = 0; l < 32; l++) {
        if (!(mask >> l & 1))
            continue;
        for (uint64_t a = addr[l] & ~3ULL; a < addr[l] + size; a += 4) {
            if (!atomic && seen_before(addr, mask, size, l, a))
                continue;
            uint32_t b = (uint32_t)ws_mod(a >> 2, banks);
            if (++cnt[b] > degree)
                degree = cnt[b];
        }
    }
    return degree;
}

/* test_coalesce.c - warp accesses to memory transactions (segments of
   128 B lines or 32 B sectors, the bytes each covers) and the shared-memory
   bank-conflict degree, on worked examples and against brute-force
   references computed here. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdbool.h>
#include <string.h>
#include "timing/coalesce.h"

#define FULL 0xffffffffu
#define BASE 0x10000ULL          /* 128-byte aligned */
#define JUNK 0xfffffffffffff000ULL   /* address of an inactive lane */

/* addr[l] = base + l * stride for every lane. */
static void strided(uint64_t *a, uint64_t base, uint64_t stride)
{
    for (int l = 0; l < 32; l++)
        a[l] = base + (uint64_t)l * stride;
}

/* Brute-force reference for coalesce(): walk every byte each active lane
   touches, ascending lanes; a segment is listed the first time one of its
   bytes is touched; its byte count is the number of distinct bytes of it
   that some active lane touches. */
static uint32_t ref_coalesce(const uint64_t *a, uint32_t mask, uint32_t size,
                             uint32_t seg, uint64_t *out, uint32_t *bytes)
{
    uint32_t n = 0;
    for (int l = 0; l < 32; l++) {
        if (!(mask >> l & 1))
            continue;
        for (uint64_t x = a[l]; x < a[l] + size; x++) {
            uint64_t s = x / seg * seg;
            uint32_t i = 0;
            while (i < n && out[i] != s)
                i++;
            if (i == n)
                out[n++] = s;
        }
    }
    for (uint32_t i = 0; i < n; i++) {
        bytes[i] = 0;
        for (uint64_t y = out[i]; y < out[i] + seg; y++) {
            bool hit = false;
            for (int l = 0; l < 32 && !hit; l++)
                hit = (mask >> l & 1) && a[l] <= y && y < a[l] + size;
            bytes[i] += hit;
        }
    }
    return n;
}

/* Brute-force reference for shmem_degree(): for each bank, the distinct
   4-byte words (or, for atomics, every word access) it must deliver; the
   degree is the largest count. */
static uint32_t ref_degree(const uint64_t *a, uint32_t mask, uint32_t size,
                           uint32_t banks, bool atomic)
{
    uint32_t worst = 0;
    for (uint32_t b = 0; b < banks; b++) {
        uint64_t words[32 * 8];
        uint32_t n = 0;
        for (int l = 0; l < 32; l++) {
            if (!(mask >> l & 1))
                continue;
            for (uint64_t w = a[l] / 4; w * 4 < a[l] + size; w++) {
                if (w % banks != b)
                    continue;
                bool dup = false;
                for (uint32_t k = 0; k < n && !atomic && !dup; k++)
                    dup = words[k] == w;
                if (!dup)
                    words[n++] = w;
            }
        }
        if (n > worst)
            worst = n;
    }
    return worst;
}

/* Runs coalesce() (with and without bytes) and checks it against the
   reference: same count, same segments in the same order, same bytes. */
static void check_coalesce(const uint64_t *a, uint32_t mask, uint32_t size,
                           uint32_t seg)
{
    uint64_t out[COALESCE_MAX], rout[COALESCE_MAX], out2[COALESCE_MAX];
    uint32_t bytes[COALESCE_MAX], rbytes[COALESCE_MAX];
    uint32_t rn = ref_coalesce(a, mask, size, seg, rout, rbytes);
    uint32_t n = coalesce(a, mask, size, seg, out, bytes);
    assert_int_equal(n, rn);
    for (uint32_t i = 0; i < n; i++) {
        assert_int_equal(out[i], rout[i]);
        assert_int_equal(bytes[i], rbytes[i]);
    }
    assert_int_equal(coalesce(a, mask, size, seg, out2, NULL), rn);
    assert_memory_equal(out2, out, n * sizeof *out);
    /* coalesce_tx: the same, with each segment's first byte as
       coalesce_first finds it */
    uint8_t first[COALESCE_MAX];
    assert_int_equal(coalesce_tx(a, mask, size, seg, out2, bytes, first), rn);
    for (uint32_t i = 0; i < n; i++) {
        assert_int_equal(out2[i], rout[i]);
        assert_int_equal(bytes[i], rbytes[i]);
        assert_int_equal(first[i], coalesce_first(a, mask, size, rout[i], seg));
    }
}

/* A deterministic generator for the pseudo-random patterns. */
static uint64_t rng_next(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

static uint32_t gcd(uint32_t x, uint32_t y)
{
    while (y) {
        uint32_t t = x % y;
        x = y;
        y = t;
    }
    return x;
}

/* ---- coalesce ------------------------------------------------------ */

/* 32 lanes x 4 B at stride 4 cover 128 contiguous bytes from an aligned
   base: one 128 B segment, or 128 / 32 = 4 sectors, each fully used. */
static void test_stride4(void **state)
{
    (void)state;
    uint64_t a[32], out[COALESCE_MAX];
    uint32_t b[COALESCE_MAX];
    strided(a, BASE, 4);
    assert_int_equal(coalesce(a, FULL, 4, 128, out, b), 1);
    assert_int_equal(out[0], BASE);
    assert_int_equal(b[0], 128);
    assert_int_equal(coalesce(a, FULL, 4, 32, out, b), 4);
    for (uint32_t i = 0; i < 4; i++) {
        assert_int_equal(out[i], BASE + 32 * i);
        assert_int_equal(b[i], 32);
    }
}

/* Stride 8 spans 32 * 8 = 256 bytes: 2 segments of 128 (16 lanes x 4 B
   = 64 bytes used in each) or 8 sectors (4 lanes x 4 B = 16 bytes each).
   With 8-byte elements at stride 8 every byte is used. */
static void test_stride8(void **state)
{
    (void)state;
    uint64_t a[32], out[COALESCE_MAX];
    uint32_t b[COALESCE_MAX];
    strided(a, BASE, 8);
    assert_int_equal(coalesce(a, FULL, 4, 128, out, b), 2);
    for (uint32_t i = 0; i < 2; i++) {
        assert_int_equal(out[i], BASE + 128 * i);
        assert_int_equal(b[i], 16 * 4);
    }
    assert_int_equal(coalesce(a, FULL, 4, 32, out, b), 8);
    for (uint32_t i = 0; i < 8; i++) {
        assert_int_equal(out[i], BASE + 32 * i);
        assert_int_equal(b[i], 4 * 4);
    }
    assert_int_equal(coalesce(a, FULL, 8, 128, out, b), 2);
    assert_int_equal(b[0] + b[1], 256);
    assert_int_equal(coalesce(a, FULL, 8, 32, out, b), 8);
    for (uint32_t i = 0; i < 8; i++)
        assert_int_equal(b[i], 32);
}

/* Stride 128: every lane in its own line and its own sector, 4 bytes
   each, listed in lane order. */
static void test_stride128(void **state)
{
    (void)state;
    uint64_t a[32], out[COALESCE_MAX];
    uint32_t b[COALESCE_MAX];
    strided(a, BASE, 128);
    for (uint32_t seg = 32; seg <= 128; seg *= 4) {
        assert_int_equal(coalesce(a, FULL, 4, seg, out, b), 32);
        for (uint32_t i = 0; i < 32; i++) {
            assert_int_equal(out[i], BASE + 128 * i);
            assert_int_equal(b[i], 4);
        }
    }
}

/* Base 100 bytes into a line: [BASE+100, BASE+228) crosses the boundary
   at BASE+128: 28 bytes in the first line, 100 in the second. In sectors:
   100 = 3 * 32 + 4, so sector BASE+96 holds 28 bytes, three full sectors
   follow, and BASE+224 holds the last 228 - 224 = 4. A single 8-byte
   access at BASE+124 straddles two lines (and two sectors), 4 + 4. */
static void test_misaligned(void **state)
{
    (void)state;
    uint64_t a[32], out[COALESCE_MAX];
    uint32_t b[COALESCE_MAX];
    strided(a, BASE + 100, 4);
    assert_int_equal(coalesce(a, FULL, 4, 128, out, b), 2);
    assert_int_equal(out[0], BASE);
    assert_int_equal(b[0], 28);
    assert_int_equal(out[1], BASE + 128);
    assert_int_equal(b[1], 100);
    assert_int_equal(coalesce(a, FULL, 4, 32, out, b), 5);
    const uint32_t want[5] = { 28, 32, 32, 32, 4 };
    for (uint32_t i = 0; i < 5; i++) {
        assert_int_equal(out[i], BASE + 96 + 32 * i);
        assert_int_equal(b[i], want[i]);
    }
    a[0] = BASE + 124;
    assert_int_equal(coalesce(a, 1u, 8, 128, out, b), 2);
    assert_int_equal(out[0], BASE);
    assert_int_equal(out[1], BASE + 128);
    assert_int_equal(b[0], 4);
    assert_int_equal(b[1], 4);
    assert_int_equal(coalesce(a, 1u, 8, 32, out, b), 2);
    assert_int_equal(out[0], BASE + 96);
    assert_int_equal(out[1], BASE + 128);
}

/* 16-byte vectors at stride 16: 512 contiguous bytes = 4 lines or 16
   sectors, all full. Shifted by 8 bytes: [BASE+8, BASE+520) touches 5
   lines (120, 128, 128, 128, 8 bytes) and 17 sectors (24, 15 x 32, 8). */
static void test_vec16(void **state)
{
    (void)state;
    uint64_t a[32], out[COALESCE_MAX];
    uint32_t b[COALESCE_MAX];
    strided(a, BASE, 16);
    assert_int_equal(coalesce(a, FULL, 16, 128, out, b), 4);
    for (uint32_t i = 0; i < 4; i++) {
        assert_int_equal(out[i], BASE + 128 * i);
        assert_int_equal(b[i], 128);
    }
    assert_int_equal(coalesce(a, FULL, 16, 32, out, b), 16);
    for (uint32_t i = 0; i < 16; i++)
        assert_int_equal(b[i], 32);
    strided(a, BASE + 8, 16);
    assert_int_equal(coalesce(a, FULL, 16, 128, out, b), 5);
    const uint32_t want[5] = { 120, 128, 128, 128, 8 };
    for (uint32_t i = 0; i < 5; i++) {
        assert_int_equal(out[i], BASE + 128 * i);
        assert_int_equal(b[i], want[i]);
    }
    assert_int_equal(coalesce(a, FULL, 16, 32, out, b), 17);
    assert_int_equal(b[0], 24);
    assert_int_equal(b[16], 8);
    uint32_t sum = 0;
    for (uint32_t i = 0; i < 17; i++)
        sum += b[i];
    assert_int_equal(sum, 32 * 16);
    /* every lane straddling two sectors: 16 B at BASE + 24 + 128 l
       touches sectors BASE+128l and BASE+128l+32, 8 bytes in each */
    strided(a, BASE + 24, 128);
    assert_int_equal(coalesce(a, FULL, 16, 32, out, b), 64);
    for (uint32_t l = 0; l < 32; l++) {
        assert_int_equal(out[2 * l], BASE + 128 * l);
        assert_int_equal(out[2 * l + 1], BASE + 128 * l + 32);
        assert_int_equal(b[2 * l], 8);
        assert_int_equal(b[2 * l + 1], 8);
    }
}

/* Inactive lanes are ignored (their addresses are junk here). No lane:
   no transaction. Lanes 16..31 at stride 8 cover only the second line
   (BASE+128..BASE+255), 16 x 4 = 64 bytes. Lanes 0 and 31 at stride 4
   share the line, 8 bytes. */
static void test_partial_masks(void **state)
{
    (void)state;
    uint64_t a[32], out[COALESCE_MAX];
    uint32_t b[COALESCE_MAX];
    for (int l = 0; l < 32; l++)
        a[l] = JUNK + 4096 * (uint64_t)(l % 3);
    out[0] = 12345;
    assert_int_equal(coalesce(a, 0, 4, 128, out, b), 0);
    assert_int_equal(out[0], 12345);            /* nothing written */
    strided(a, BASE, 8);
    for (int l = 0; l < 16; l++)
        a[l] = JUNK;
    assert_int_equal(coalesce(a, 0xffff0000u, 4, 128, out, b), 1);
    assert_int_equal(out[0], BASE + 128);
    assert_int_equal(b[0], 64);
    strided(a, BASE, 4);
    for (int l = 1; l < 31; l++)
        a[l] = JUNK;
    assert_int_equal(coalesce(a, 0x80000001u, 4, 128, out, b), 1);
    assert_int_equal(b[0], 8);
    assert_int_equal(coalesce(a, 0x80000001u, 4, 32, out, b), 2);
    assert_int_equal(out[0], BASE);
    assert_int_equal(out[1], BASE + 96);        /* lane 31: BASE + 124 */
}

/* Segments come out in order of first touch by ascending lane, not by
   address: lane l at BASE + (31 - l) * 128 lists the highest line first. */
static void test_first_touch_order(void **state)
{
    (void)state;
    uint64_t a[32], out[COALESCE_MAX];
    for (int l = 0; l < 32; l++)
        a[l] = BASE + (uint64_t)(31 - l) * 128;
    assert_int_equal(coalesce(a, FULL, 4, 128, out, NULL), 32);
    for (uint32_t i = 0; i < 32; i++)
        assert_int_equal(out[i], BASE + (31 - i) * 128);
    /* lanes alternating between two lines: line of lane 0 first */
    for (int l = 0; l < 32; l++)
        a[l] = BASE + 4 * (uint64_t)l + (l % 2 ? 0 : 512);
    assert_int_equal(coalesce(a, FULL, 4, 128, out, NULL), 2);
    assert_int_equal(out[0], BASE + 512);
    assert_int_equal(out[1], BASE);
}

/* Lanes reading the same bytes cover them once. All 32 lanes on one word
   (a broadcast): one segment, 4 bytes. Pairs of lanes on each word
   (a[l] = BASE + 4 * (l / 2)): 16 distinct words = 64 bytes of one line,
   or 2 full sectors. */
static void test_overlapping_lanes(void **state)
{
    (void)state;
    uint64_t a[32], out[COALESCE_MAX];
    uint32_t b[COALESCE_MAX];
    strided(a, BASE + 40, 0);
    assert_int_equal(coalesce(a, FULL, 4, 128, out, b), 1);
    assert_int_equal(out[0], BASE);
    assert_int_equal(b[0], 4);
    assert_int_equal(coalesce(a, FULL, 4, 32, out, b), 1);
    assert_int_equal(out[0], BASE + 32);
    assert_int_equal(b[0], 4);
    for (int l = 0; l < 32; l++)
        a[l] = BASE + 4 * (uint64_t)(l / 2);
    assert_int_equal(coalesce(a, FULL, 4, 128, out, b), 1);
    assert_int_equal(b[0], 16 * 4);
    assert_int_equal(coalesce(a, FULL, 4, 32, out, b), 2);
    assert_int_equal(b[0], 32);
    assert_int_equal(b[1], 32);
    /* partial overlap: 8-byte accesses at stride 4 cover 4 * 31 + 8 =
       132 bytes: 128 of the first line and 4 of the next */
    strided(a, BASE, 4);
    assert_int_equal(coalesce(a, FULL, 8, 128, out, b), 2);
    assert_int_equal(b[0], 128);
    assert_int_equal(b[1], 4);
}

/* Without overlapping lanes the bytes of all segments add up to the bytes
   the active lanes access: popcount(mask) * size. */
static void test_bytes_sum(void **state)
{
    (void)state;
    uint64_t seed = 0x1234567;
    uint64_t a[32], out[COALESCE_MAX];
    uint32_t b[COALESCE_MAX];
    const uint32_t sizes[] = { 1, 2, 4, 8, 16 };
    for (int it = 0; it < 200; it++) {
        uint32_t size = sizes[rng_next(&seed) % 5];
        uint32_t mask = (uint32_t)rng_next(&seed);
        /* distinct, non-overlapping slots of `size` bytes in a 4 KB window */
        uint64_t slot = 4096 / size, perm[32];
        for (int l = 0; l < 32; l++) {
            bool fresh;
            do {
                perm[l] = rng_next(&seed) % slot;
                fresh = true;
                for (int k = 0; k < l; k++)
                    fresh = fresh && perm[k] != perm[l];
            } while (!fresh);
            a[l] = BASE + perm[l] * size;
        }
        for (uint32_t seg = 32; seg <= 128; seg *= 4) {
            uint32_t n = coalesce(a, mask, size, seg, out, b), sum = 0;
            for (uint32_t i = 0; i < n; i++) {
                assert_true(b[i] >= 1 && b[i] <= seg);
                sum += b[i];
            }
            assert_int_equal(sum, (uint32_t)__builtin_popcount(mask) * size);
        }
    }
}

/* Pseudo-random patterns (aligned and unaligned, overlapping or not,
   random masks, sizes 1..16) against the brute-force reference. */
static void test_random_vs_reference(void **state)
{
    (void)state;
    uint64_t seed = 0x9e3779b97f4a7c15ULL;
    uint64_t a[32];
    const uint32_t sizes[] = { 1, 2, 4, 8, 16 };
    for (int it = 0; it < 600; it++) {
        uint32_t size = sizes[rng_next(&seed) % 5];
        uint32_t pick = (uint32_t)(rng_next(&seed) % 4);
        uint32_t mask = pick == 0 ? FULL : (uint32_t)rng_next(&seed);
        uint64_t window = 64ULL << (rng_next(&seed) % 8);  /* 64 B .. 8 KB */
        bool aligned = rng_next(&seed) % 2;
        for (int l = 0; l < 32; l++) {
            uint64_t off = rng_next(&seed) % window;
            a[l] = BASE + (aligned ? off / size * size : off);
        }
        check_coalesce(a, mask, size, 128);
        check_coalesce(a, mask, size, 32);
    }
}

/* ---- shared memory ------------------------------------------------- */

/* Word stride k over 32 banks: lane l uses bank (l * k) mod 32, so
   gcd(k, 32) lanes share each bank used, each on a distinct word: the
   degree is gcd(k, 32) (k for the powers of two 1..32, 1 for odd k). */
/* The first byte written of each segment: a half warp writing the upper
   half of a line starts at offset 64 (its sectors are 2 and 3, not 0 and
   1); a lane straddling into a segment starts it at 0; a segment no lane
   touches gives seg. */
static void test_first_byte(void **state)
{
    (void)state;
    uint64_t a[32];
    strided(a, BASE + 64, 4);                 /* lanes 0-15: bytes 64..127 */
    assert_int_equal(coalesce_first(a, 0xffffu, 4, BASE, 128), 64);
    assert_int_equal(coalesce_first(a, 0xffff0000u, 4, BASE + 128, 128), 0);
    assert_int_equal(coalesce_first(a, 0xffffu, 4, BASE + 128, 128), 128);
    /* lanes in descending order: the lowest address counts, not lane 0 */
    for (int l = 0; l < 32; l++)
        a[l] = BASE + 124 - 4 * (uint64_t)l;
    assert_int_equal(coalesce_first(a, 0xfffu, 4, BASE, 128), 80);
    /* an 8-byte access starting 4 bytes before the segment */
    a[0] = BASE + 124;
    assert_int_equal(coalesce_first(a, 1u, 8, BASE + 128, 128), 0);
    assert_int_equal(coalesce_first(a, 1u, 8, BASE, 128), 124);
}

static void test_shmem_strides(void **state)
{
    (void)state;
    uint64_t a[32];
    const uint32_t pow2[] = { 1, 2, 4, 8, 16, 32 };
    for (uint32_t i = 0; i < 6; i++) {
        strided(a, 0, 4 * pow2[i]);
        assert_int_equal(shmem_degree(a, FULL, 4, 32, false), pow2[i]);
    }
    const uint32_t other[] = { 3, 5, 6, 12, 31, 33, 48, 64 };
    for (uint32_t i = 0; i < 8; i++) {
        strided(a, 0x40, 4 * other[i]);
        assert_int_equal(shmem_degree(a, FULL, 4, 32, false),
                         gcd(other[i], 32));
    }
    /* 16 banks (lanes l and l + 16 share at stride 1) and 8 banks */
    strided(a, 0, 4);
    assert_int_equal(shmem_degree(a, FULL, 4, 16, false), 32 / 16);
    assert_int_equal(shmem_degree(a, FULL, 4, 8, false), 32 / 8);
}

/* Lanes reading one word share it (broadcast): degree 1. Two words in the
   same bank (0 and 32), half the lanes each: 2. As atomics, every lane on
   the same word serialises: 32, and pairs of lanes per word: 2. */
static void test_shmem_broadcast_and_atomics(void **state)
{
    (void)state;
    uint64_t a[32];
    strided(a, 0x100, 0);
    assert_int_equal(shmem_degree(a, FULL, 4, 32, false), 1);
    assert_int_equal(shmem_degree(a, FULL, 4, 32, true), 32);
    assert_int_equal(shmem_degree(a, 0x0000ff00u, 4, 32, true), 8);
    for (int l = 0; l < 32; l++)
        a[l] = l < 16 ? 0 : 32 * 4;
    assert_int_equal(shmem_degree(a, FULL, 4, 32, false), 2);
    strided(a, 0, 4);
    assert_int_equal(shmem_degree(a, FULL, 4, 32, true), 1);
    for (int l = 0; l < 32; l++)
        a[l] = 4 * (uint64_t)(l / 2);
    assert_int_equal(shmem_degree(a, FULL, 4, 32, false), 1);
    assert_int_equal(shmem_degree(a, FULL, 4, 32, true), 2);
}

/* No active lane: 0. Stride 32 words with lanes 3, 9, 20, 27 active: all
   in bank 0, 4 distinct words. Inactive lanes' addresses are ignored. */
static void test_shmem_masks(void **state)
{
    (void)state;
    uint64_t a[32];
    strided(a, 0, 128);
    assert_int_equal(shmem_degree(a, 0, 4, 32, false), 0);
    assert_int_equal(shmem_degree(a, 0, 4, 32, true), 0);
    uint32_t m = 1u << 3 | 1u << 9 | 1u << 20 | 1u << 27;
    /* inactive lanes on yet more distinct words of bank 0 */
    for (int l = 0; l < 32; l++)
        if (!(m >> l & 1))
            a[l] = 128 * (uint64_t)(l + 100);
    assert_int_equal(shmem_degree(a, m, 4, 32, false), 4);
    assert_int_equal(shmem_degree(a, 1u << 5, 4, 32, false), 1);
}

/* 8-byte accesses use two adjacent words. Consecutive doubles: lane l
   has words 2l, 2l + 1, banks 2l mod 32 and 2l + 1 mod 32, so lanes l and
   l + 16 meet in both: 2. At stride 16 B (words 4l, 4l + 1) lanes l,
   l + 8, l + 16, l + 24 meet: 4. One double for all lanes: 1. 16-byte
   vectors, consecutive: words 4l..4l+3, 32 / 4 = 8 lanes per round of
   banks, so 4 lanes meet in each bank: 4. */
static void test_shmem_wide(void **state)
{
    (void)state;
    uint64_t a[32];
    strided(a, 0, 8);
    assert_int_equal(shmem_degree(a, FULL, 8, 32, false), 2);
    strided(a, 0, 16);
    assert_int_equal(shmem_degree(a, FULL, 8, 32, false), 4);
    strided(a, 0x208, 0);
    assert_int_equal(shmem_degree(a, FULL, 8, 32, false), 1);
    assert_int_equal(shmem_degree(a, FULL, 8, 32, true), 32);
    strided(a, 0, 16);
    assert_int_equal(shmem_degree(a, FULL, 16, 32, false), 4);
    /* half the lanes only: lanes 0..15 at stride 8 use 32 distinct banks */
    strided(a, 0, 8);
    assert_int_equal(shmem_degree(a, 0xffffu, 8, 32, false), 1);
}

/* Few banks and wide accesses: 2 banks, 16-byte vectors. Lanes 0..23 read
   24 distinct vectors at stride 16 B (words 4l..4l+3: 2 in each bank);
   lanes 24..31 read the vectors of lanes 16..23 again. Each bank delivers
   24 x 2 = 48 distinct words; the repeats add nothing. */
static void test_shmem_few_banks(void **state)
{
    (void)state;
    uint64_t a[32];
    for (int l = 0; l < 32; l++)
        a[l] = 16 * (uint64_t)(l < 24 ? l : l - 8);
    assert_int_equal(shmem_degree(a, FULL, 16, 2, false), 24 * 2);
    assert_int_equal(shmem_degree(a, FULL, 16, 2, false),
                     ref_degree(a, FULL, 16, 2, false));
    /* as atomics the repeats count: 32 x 2 */
    assert_int_equal(shmem_degree(a, FULL, 16, 2, true), 32 * 2);
    /* one bank: every distinct word, 24 x 4 */
    assert_int_equal(shmem_degree(a, FULL, 16, 1, false), 24 * 4);
}

/* Pseudo-random shared accesses against the reference, for 32, 16 and 8
   banks, sizes 4, 8 and 16, plain and atomic. */
static void test_shmem_random(void **state)
{
    (void)state;
    uint64_t seed = 0xabcdef12345ULL;
    uint64_t a[32];
    const uint32_t sizes[] = { 4, 8, 16 };
    const uint32_t banks[] = { 32, 16, 8, 4, 2 };
    for (int it = 0; it < 1000; it++) {
        uint32_t size = sizes[rng_next(&seed) % 3];
        uint32_t nb = banks[rng_next(&seed) % 5];
        uint32_t mask = rng_next(&seed) % 4 ? (uint32_t)rng_next(&seed) : FULL;
        uint64_t window = 64ULL << (rng_next(&seed) % 7);  /* 64 B .. 4 KB */
        for (int l = 0; l < 32; l++)
            a[l] = rng_next(&seed) % window / size * size;
        bool atomic = rng_next(&seed) % 4 == 0;
        assert_int_equal(shmem_degree(a, mask, size, nb, atomic),
                         ref_degree(a, mask, size, nb, atomic));
    }
}

/* Whole warps of one word per lane that mostly keep to one word per bank
   (broadcasts, permutations), sometimes not, against the reference. */
static void test_shmem_near_free(void **state)
{
    (void)state;
    uint64_t seed = 0x5eed0fbadcafeULL;
    uint64_t a[32], bytes[32];
    const uint32_t banks[] = { 64, 32, 16, 8 };
    int free = 0, conflict = 0;
    for (int it = 0; it < 2000; it++) {
        uint32_t nb = banks[rng_next(&seed) % 4];
        uint64_t base = rng_next(&seed) % 4096 * 4;
        int spread = (int)(rng_next(&seed) % 3);    /* 0: no second word */
        for (int l = 0; l < 32; l++) {
            uint64_t b = rng_next(&seed) % nb;
            uint64_t k = spread && rng_next(&seed) % 16 == 0 ? spread : 0;
            a[l] = base + (b + k * nb) * 4;
            bytes[l] = a[l] + rng_next(&seed) % 4;   /* a byte of the word */
        }
        uint32_t want = ref_degree(a, FULL, 4, nb, false);
        assert_int_equal(shmem_degree(a, FULL, 4, nb, false), want);
        assert_int_equal(shmem_degree(bytes, FULL, 1, nb, false),
                         ref_degree(bytes, FULL, 1, nb, false));
        if (want == 1)
            free++;
        else
            conflict++;
    }
    assert_true(free > 100 && conflict > 100);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_stride4),
        cmocka_unit_test(test_stride8),
        cmocka_unit_test(test_stride128),
        cmocka_unit_test(test_misaligned),
        cmocka_unit_test(test_vec16),
        cmocka_unit_test(test_partial_masks),
        cmocka_unit_test(test_first_touch_order),
        cmocka_unit_test(test_overlapping_lanes),
        cmocka_unit_test(test_bytes_sum),
        cmocka_unit_test(test_random_vs_reference),
        cmocka_unit_test(test_first_byte),
        cmocka_unit_test(test_shmem_strides),
        cmocka_unit_test(test_shmem_broadcast_and_atomics),
        cmocka_unit_test(test_shmem_masks),
        cmocka_unit_test(test_shmem_wide),
        cmocka_unit_test(test_shmem_few_banks),
        cmocka_unit_test(test_shmem_random),
        cmocka_unit_test(test_shmem_near_free),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

/* test_cache.c - the set-associative cache: set mapping (linear, slice
   digits stripped, Fermi hash), LRU/FIFO/random replacement, dirty lines
   and write-backs, invalidation, MSHRs with merging, sectors, allocation
   on a miss, the size-0 cache and LRU age ranks; the table that finds
   lines of highly associative caches. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include "timing/cache.h"

#define NOADDR 0xdeadbeefdeadbeefULL   /* *victim sentinel */

/* The way of set s holding the line of addr, or -1. */
static int way_of(const struct cache *c, uint64_t addr)
{
    uint32_t s = cache_set_of(c, addr);
    for (uint32_t w = 0; w < c->ways; w++) {
        const struct cache_line *l = cache_way(c, s, w);
        if (l->valid && l->addr == addr - addr % c->line)
            return (int)w;
    }
    return -1;
}

/* Fills addr (clean) and asserts nothing dirty left. */
static void fill_clean(struct cache *c, uint64_t addr)
{
    uint64_t v = NOADDR;
    assert_false(cache_fill(c, addr, false, &v));
    assert_int_equal(v, NOADDR);
}

/* 1 KB, 2 ways, 128 B lines: 1024 / (2 * 128) = 4 sets. A read miss takes
   an MSHR; after the fill and release the line hits at any byte of it. */
static void test_hit_after_fill(void **state)
{
    (void)state;
    struct cache c;
    cache_init(&c, 1024, 2, 128, REPL_LRU, 4, 4, 1);
    assert_int_equal(c.sets, 4);
    /* set = (addr / 128) mod 4: 0x1234 / 128 = 36, 36 mod 4 = 0 */
    assert_int_equal(cache_set_of(&c, 0x1234), 0);
    assert_int_equal(cache_line_of(&c, 0x1234), 0x1200);
    /* 0x1280 / 128 = 37 -> set 1 */
    assert_int_equal(cache_set_of(&c, 0x1280), 1);

    uint32_t m = 99, tags[4];
    assert_int_equal(cache_read(&c, 0x1234, 7, &m), CACHE_MISS);
    assert_true(m < 4);
    assert_false(cache_present(&c, 0x1234));
    fill_clean(&c, 0x1234);
    assert_true(cache_present(&c, 0x1200));
    assert_true(cache_present(&c, 0x127f));      /* last byte of the line */
    assert_false(cache_present(&c, 0x1280));     /* first byte of the next */
    assert_int_equal(cache_release(&c, 0x1200, tags), 1);
    assert_int_equal(tags[0], 7);
    assert_int_equal(cache_mshrs_used(&c), 0);
    assert_int_equal(cache_read(&c, 0x1200, 8, &m), CACHE_HIT);
    assert_int_equal(cache_read(&c, 0x127c, 9, &m), CACHE_HIT);
    assert_int_equal(c.st.accesses, 3);
    assert_int_equal(c.st.hits, 2);
    assert_int_equal(c.st.misses, 1);
    assert_int_equal(c.st.fills, 1);
    assert_int_equal(c.st.evictions, 0);
    /* The way holds the line address, clean. */
    int w = way_of(&c, 0x1234);
    assert_true(w >= 0);
    assert_false(cache_way(&c, 0, (uint32_t)w)->dirty);
    cache_free(&c);
}

/* Lines in different sets never evict each other: 2 sets x 1 way x 64 B.
   0 and 64 are sets 0 and 1; 128 is set 0 again and evicts 0 only. */
static void test_sets_independent(void **state)
{
    (void)state;
    struct cache c;
    cache_init(&c, 128, 1, 64, REPL_LRU, 1, 1, 1);
    assert_int_equal(c.sets, 2);
    fill_clean(&c, 0);
    fill_clean(&c, 64);
    fill_clean(&c, 128);
    assert_false(cache_present(&c, 0));
    assert_true(cache_present(&c, 64));
    assert_true(cache_present(&c, 128));
    assert_int_equal(c.st.evictions, 1);
    cache_free(&c);
}

/* 2 sets x 4 ways x 64 B = 512 B. Set 0 holds lines k * 2 * 64 = k * 128.
   Fill k = 0..3, then touch k = 0 with a read hit: the LRU line is k = 1,
   so filling k = 4 evicts it. Then k = 2 is LRU; a write hit on it and a
   refill of k = 3 (already present) make k = 0 the LRU line. */
static void test_lru_order(void **state)
{
    (void)state;
    struct cache c;
    cache_init(&c, 512, 4, 64, REPL_LRU, 4, 4, 1);
    assert_int_equal(c.sets, 2);
    for (uint64_t k = 0; k < 4; k++)
        fill_clean(&c, k * 128);
    assert_int_equal(c.st.evictions, 0);
    uint32_t m;
    assert_int_equal(cache_read(&c, 0 * 128 + 8, 1, &m), CACHE_HIT);
    fill_clean(&c, 4 * 128);
    assert_true(cache_present(&c, 0 * 128));
    assert_false(cache_present(&c, 1 * 128));
    assert_true(cache_present(&c, 2 * 128));
    assert_true(cache_present(&c, 3 * 128));
    assert_true(cache_present(&c, 4 * 128));
    assert_int_equal(c.st.evictions, 1);
    /* use order now (oldest first): 2, 3, 0, 4 */
    assert_true(cache_write_hit(&c, 2 * 128));      /* 3, 0, 4, 2 */
    fill_clean(&c, 3 * 128);                        /* 0, 4, 2, 3 */
    assert_int_equal(c.st.fills, 5);                /* refill is no fill */
    uint64_t v = NOADDR;
    assert_false(cache_fill(&c, 5 * 128, false, &v));
    assert_false(cache_present(&c, 0));
    assert_true(cache_present(&c, 2 * 128));
    assert_true(cache_present(&c, 3 * 128));
    assert_true(cache_present(&c, 4 * 128));
    /* Set 1 was never touched. */
    for (uint32_t w = 0; w < 4; w++)
        assert_false(cache_way(&c, 1, w)->valid);
    cache_free(&c);
}

/* The same sequence under FIFO: hits, write hits and refills do not
   change the order, so the first line filled (k = 0) goes first even
   though it was just used, then k = 1. */
static void test_fifo_ignores_hits(void **state)
{
    (void)state;
    struct cache c;
    cache_init(&c, 512, 4, 64, REPL_FIFO, 4, 4, 1);
    for (uint64_t k = 0; k < 4; k++)
        fill_clean(&c, k * 128);
    uint32_t m;
    assert_int_equal(cache_read(&c, 0, 1, &m), CACHE_HIT);
    assert_true(cache_write_hit(&c, 0));
    fill_clean(&c, 0);                       /* present: no new order */
    uint64_t v = NOADDR;
    /* k = 0 is dirty now (write hit): its eviction is a write-back */
    assert_true(cache_fill(&c, 4 * 128, false, &v));
    assert_int_equal(v, 0);
    assert_false(cache_present(&c, 0));
    assert_true(cache_present(&c, 1 * 128));
    assert_int_equal(cache_read(&c, 1 * 128, 2, &m), CACHE_HIT);
    fill_clean(&c, 5 * 128);
    assert_false(cache_present(&c, 1 * 128));
    assert_true(cache_present(&c, 2 * 128));
    assert_true(cache_present(&c, 3 * 128));
    assert_true(cache_present(&c, 4 * 128));
    assert_true(cache_present(&c, 5 * 128));
    cache_free(&c);
}

/* Random replacement: one set of 4 ways, 400 fills of distinct lines
   (4 cold, 396 evictions). The victims are a function of the seed alone:
   two caches with the same seed end with the same way contents after every
   fill; another seed diverges somewhere. Every way gets chosen (a
   generator stuck on one way would pass the first two checks). */
static void fill_random(struct cache *c, uint64_t k)
{
    fill_clean(c, k * 64);
}

static void test_random_seeded(void **state)
{
    (void)state;
    struct cache a, b, d;
    cache_init(&a, 256, 4, 64, REPL_RANDOM, 1, 1, 42);
    cache_init(&b, 256, 4, 64, REPL_RANDOM, 1, 1, 42);
    cache_init(&d, 256, 4, 64, REPL_RANDOM, 1, 1, 43);
    assert_int_equal(a.sets, 1);
    uint32_t chosen[4] = { 0 };
    bool differ = false;
    for (uint64_t k = 0; k < 400; k++) {
        fill_random(&a, k);
        fill_random(&b, k);
        fill_random(&d, k);
        int w = way_of(&a, k * 64);
        assert_true(w >= 0);
        if (k >= 4)
            chosen[w]++;
        else
            assert_int_equal(w, k);   /* invalid ways first, in order */
        for (uint32_t x = 0; x < 4; x++) {
            assert_int_equal(cache_way(&a, 0, x)->addr,
                             cache_way(&b, 0, x)->addr);
            if (cache_way(&a, 0, x)->addr != cache_way(&d, 0, x)->addr)
                differ = true;
        }
    }
    assert_true(differ);
    for (uint32_t x = 0; x < 4; x++)
        assert_true(chosen[x] > 0);
    assert_int_equal(chosen[0] + chosen[1] + chosen[2] + chosen[3], 396);
    assert_int_equal(a.st.evictions, 396);
    /* hits do not consume the generator: a and b stay in step even if
       only a is read */
    uint32_t m;
    for (uint32_t x = 0; x < 4; x++)
        assert_int_equal(cache_read(&a, cache_way(&a, 0, x)->addr, 0, &m),
                         CACHE_HIT);
    fill_random(&a, 1000);
    fill_random(&b, 1000);
    for (uint32_t x = 0; x < 4; x++)
        assert_int_equal(cache_way(&a, 0, x)->addr, cache_way(&b, 0, x)->addr);
    cache_free(&a);
    cache_free(&b);
    cache_free(&d);
}

/* One set of 2 ways x 64 B. A write hit marks the line dirty (and uses
   it); a write to an absent line changes nothing. The clean LRU victim
   is not reported; the dirty one is, with its line address. */
static void test_dirty_victim(void **state)
{
    (void)state;
    struct cache c;
    cache_init(&c, 128, 2, 64, REPL_LRU, 1, 1, 1);
    assert_int_equal(c.sets, 1);
    fill_clean(&c, 0x1000);
    fill_clean(&c, 0x2000);
    assert_true(cache_write_hit(&c, 0x1010));        /* A dirty, MRU */
    assert_true(cache_way(&c, 0, (uint32_t)way_of(&c, 0x1000))->dirty);
    assert_false(cache_way(&c, 0, (uint32_t)way_of(&c, 0x2000))->dirty);
    assert_false(cache_write_hit(&c, 0x3000));
    assert_false(cache_present(&c, 0x3000));
    fill_clean(&c, 0x3000);                          /* evicts clean B */
    assert_false(cache_present(&c, 0x2000));
    uint64_t v = NOADDR;
    assert_true(cache_fill(&c, 0x4000, false, &v));  /* evicts dirty A */
    assert_int_equal(v, 0x1000);
    assert_false(cache_present(&c, 0x1000));
    /* A line installed dirty is written back too; a refill with dirty
       ORs into a present line, a clean refill does not clear it. */
    assert_false(cache_fill(&c, 0x3000, true, &v));  /* present: no victim */
    fill_clean(&c, 0x3000);
    assert_true(cache_way(&c, 0, (uint32_t)way_of(&c, 0x3000))->dirty);
    /* LRU is now 0x4000 (0x3000 was refilled twice): clean */
    fill_clean(&c, 0x5000);
    v = NOADDR;
    assert_true(cache_fill(&c, 0x6000, false, &v));
    assert_int_equal(v, 0x3000);
    assert_int_equal(c.st.evictions, 4);
    assert_int_equal(c.st.writebacks, 2);
    cache_free(&c);
}

/* Invalidate drops the line and says whether it was dirty; the freed way
   is reused by the next fill without an eviction. */
static void test_invalidate(void **state)
{
    (void)state;
    struct cache c;
    cache_init(&c, 128, 2, 64, REPL_LRU, 1, 1, 1);
    uint64_t v = NOADDR;
    assert_false(cache_fill(&c, 0x100, true, &v));
    fill_clean(&c, 0x200);
    assert_true(cache_invalidate(&c, 0x13f));        /* dirty line 0x100 */
    assert_false(cache_present(&c, 0x100));
    assert_false(cache_invalidate(&c, 0x100));       /* already gone */
    assert_false(cache_invalidate(&c, 0x200));       /* clean */
    assert_false(cache_present(&c, 0x200));
    assert_int_equal(c.st.invalidations, 2);
    assert_false(cache_write_hit(&c, 0x100));
    fill_clean(&c, 0x300);
    fill_clean(&c, 0x400);
    assert_int_equal(c.st.evictions, 0);
    assert_true(cache_present(&c, 0x300));
    assert_true(cache_present(&c, 0x400));
    /* Invalidating the clean 0x300 frees its way; 0x500 installed dirty
       there (no eviction) reports dirty when invalidated. */
    assert_false(cache_invalidate(&c, 0x300));
    v = NOADDR;
    assert_false(cache_fill(&c, 0x500, true, &v));
    assert_int_equal(v, NOADDR);
    assert_int_equal(c.st.evictions, 0);
    assert_true(cache_present(&c, 0x400));
    assert_true(cache_invalidate(&c, 0x500));
    assert_int_equal(c.st.invalidations, 4);
    cache_free(&c);
}

/* 2 MSHRs, merge limit 3: a line's MSHR holds at most 3 waiting tags
   (the miss plus 2 merges, as cache_release's out has room for `merge`
   tags). The 4th request to the line fails; a second line takes the
   other MSHR; a third line finds none. */
static void test_mshr_merge_and_limits(void **state)
{
    (void)state;
    struct cache c;
    cache_init(&c, 1024, 2, 128, REPL_LRU, 2, 3, 1);
    uint32_t ma = 99, mb = 99, m = 99;
    assert_int_equal(cache_read(&c, 0x1000, 10, &ma), CACHE_MISS);
    assert_int_equal(cache_read(&c, 0x1004, 11, &m), CACHE_MERGED);
    assert_int_equal(m, ma);
    assert_int_equal(cache_read(&c, 0x107f, 12, &m), CACHE_MERGED);
    assert_int_equal(m, ma);
    assert_int_equal(cache_read(&c, 0x1000, 13, &m), CACHE_FAIL);
    assert_int_equal(cache_mshrs_used(&c), 1);
    assert_int_equal(cache_read(&c, 0x2000, 20, &mb), CACHE_MISS);
    assert_true(mb != ma && mb < 2);
    assert_int_equal(cache_mshrs_used(&c), 2);
    assert_int_equal(cache_read(&c, 0x3000, 30, &m), CACHE_FAIL);
    /* the failed line got no MSHR: still 2 in use, nothing to release */
    assert_int_equal(cache_mshrs_used(&c), 2);
    uint32_t tags[3] = { 0, 0, 0 };
    assert_int_equal(cache_release(&c, 0x3000, tags), 0);
    assert_int_equal(c.st.accesses, 4);      /* 2 misses + 2 merges */
    assert_int_equal(c.st.misses, 4);
    assert_int_equal(c.st.mshr_merges, 2);
    assert_int_equal(c.st.fails, 2);
    assert_int_equal(c.st.hits, 0);

    /* Releasing line 0x1000 returns its tags in arrival order and frees
       the MSHR, which the third line can now take. */
    assert_int_equal(cache_release(&c, 0x1040, tags), 3);
    assert_int_equal(tags[0], 10);
    assert_int_equal(tags[1], 11);
    assert_int_equal(tags[2], 12);
    assert_int_equal(cache_mshrs_used(&c), 1);
    assert_int_equal(cache_release(&c, 0x1000, tags), 0);
    assert_int_equal(cache_read(&c, 0x3000, 31, &m), CACHE_MISS);
    assert_int_equal(m, ma);                 /* the freed MSHR */
    /* A reused MSHR starts empty: merge limit counts from 1 again. */
    assert_int_equal(cache_read(&c, 0x3000, 32, &m), CACHE_MERGED);
    assert_int_equal(cache_read(&c, 0x3000, 33, &m), CACHE_MERGED);
    assert_int_equal(cache_read(&c, 0x3000, 34, &m), CACHE_FAIL);
    assert_int_equal(cache_release(&c, 0x3000, tags), 3);
    assert_int_equal(tags[0], 31);
    assert_int_equal(tags[2], 33);
    uint32_t one[1];
    assert_int_equal(cache_release(&c, 0x2000, one), 1);
    assert_int_equal(one[0], 20);
    assert_int_equal(cache_mshrs_used(&c), 0);
    cache_free(&c);
}

/* With merge = 8 the release writes exactly 8 tags into a buffer of 8
   (on the heap, so a sanitizer build catches a write past it), in order;
   MSHRs of different lines keep their tags apart. */
static void test_release_all_in_order(void **state)
{
    (void)state;
    struct cache c;
    cache_init(&c, 4096, 4, 128, REPL_LRU, 4, 8, 1);
    uint32_t m;
    for (uint32_t i = 0; i < 8; i++) {
        assert_int_equal(cache_read(&c, 0x8000 + i * 16, 100 + i, &m),
                         i ? CACHE_MERGED : CACHE_MISS);
        assert_int_equal(cache_read(&c, 0x9000 + i * 16, 200 + i, &m),
                         i ? CACHE_MERGED : CACHE_MISS);
    }
    uint32_t *out = malloc(8 * sizeof *out);
    assert_non_null(out);
    assert_int_equal(cache_release(&c, 0x9000, out), 8);
    for (uint32_t i = 0; i < 8; i++)
        assert_int_equal(out[i], 200 + i);
    assert_int_equal(cache_release(&c, 0x8000, out), 8);
    for (uint32_t i = 0; i < 8; i++)
        assert_int_equal(out[i], 100 + i);
    free(out);
    cache_free(&c);
}

/* Size 0: no sets and no lines; reads always miss (the MSHR logic still
   works), fills install nothing and report no victim. */
static void test_size_zero(void **state)
{
    (void)state;
    struct cache c;
    cache_init(&c, 0, 4, 128, REPL_LRU, 2, 2, 1);
    assert_int_equal(c.sets, 0);
    uint32_t m, tags[2];
    for (int round = 0; round < 3; round++) {
        assert_int_equal(cache_read(&c, 0x400, 1, &m), CACHE_MISS);
        assert_int_equal(cache_read(&c, 0x404, 2, &m), CACHE_MERGED);
        uint64_t v = NOADDR;
        assert_false(cache_fill(&c, 0x400, true, &v));
        assert_int_equal(v, NOADDR);
        assert_false(cache_present(&c, 0x400));
        assert_false(cache_write_hit(&c, 0x400));
        assert_false(cache_invalidate(&c, 0x400));
        assert_int_equal(cache_release(&c, 0x400, tags), 2);
        assert_int_equal(tags[0], 1);
        assert_int_equal(tags[1], 2);
    }
    assert_int_equal(c.st.hits, 0);
    assert_int_equal(c.st.misses, 6);
    assert_int_equal(c.st.fills, 0);
    cache_free(&c);
}

/* Age ranks in one set of 4 ways: fill A, B, C, D gives D 0, C 1, B 2,
   A 3; a hit on A makes it 0 and pushes the others down by one. Ranks are
   always a permutation of 0..valid-1; invalid ways are not counted. */
static void test_age_ranks(void **state)
{
    (void)state;
    struct cache c;
    cache_init(&c, 256, 4, 64, REPL_LRU, 1, 1, 1);
    const uint64_t A = 0, B = 64, C = 128, D = 192;   /* one set */
    fill_clean(&c, A);
    fill_clean(&c, B);
    /* two valid ways: B 0, A 1 */
    assert_int_equal(cache_age(&c, 0, (uint32_t)way_of(&c, B)), 0);
    assert_int_equal(cache_age(&c, 0, (uint32_t)way_of(&c, A)), 1);
    fill_clean(&c, C);
    fill_clean(&c, D);
    assert_int_equal(cache_age(&c, 0, (uint32_t)way_of(&c, D)), 0);
    assert_int_equal(cache_age(&c, 0, (uint32_t)way_of(&c, C)), 1);
    assert_int_equal(cache_age(&c, 0, (uint32_t)way_of(&c, B)), 2);
    assert_int_equal(cache_age(&c, 0, (uint32_t)way_of(&c, A)), 3);
    uint32_t m;
    assert_int_equal(cache_read(&c, A, 0, &m), CACHE_HIT);
    assert_int_equal(cache_age(&c, 0, (uint32_t)way_of(&c, A)), 0);
    assert_int_equal(cache_age(&c, 0, (uint32_t)way_of(&c, D)), 1);
    assert_int_equal(cache_age(&c, 0, (uint32_t)way_of(&c, C)), 2);
    assert_int_equal(cache_age(&c, 0, (uint32_t)way_of(&c, B)), 3);
    /* the oldest rank is the next victim */
    uint32_t oldest = 0;
    for (uint32_t w = 0; w < 4; w++)
        if (cache_age(&c, 0, w) == 3)
            oldest = w;
    fill_clean(&c, 256);
    assert_int_equal(cache_way(&c, 0, oldest)->addr, 256);
    /* a permutation: each rank once */
    uint32_t seen = 0;
    for (uint32_t w = 0; w < 4; w++)
        seen |= 1u << cache_age(&c, 0, w);
    assert_int_equal(seen, 0xf);
    cache_free(&c);
}

/* An L2 slice of a GPU with 12 slices sees only the 256-byte chunks whose
   number is its own mod 12. Indexed by the whole address, such a slice
   (64 sets of 128 B) reaches only the sets gcd(12, 32) allows: 16 of 64.
   With the slice digit stripped (strip = 12) it reaches all 64, and 64 x
   8 consecutive lines of the slice fit without an eviction. */
static void test_strip_uses_every_set(void **state)
{
    (void)state;
    struct cache c;
    cache_init(&c, 65536, 8, 128, REPL_LRU, 4, 4, 1);
    uint64_t seen = 0;
    for (uint64_t k = 0; k < 256; k++)           /* chunks 5, 17, 29, ... */
        for (uint64_t half = 0; half < 2; half++)
            seen |= 1ULL << cache_set_of(&c, (5 + 12 * k) * 256 + 128 * half);
    assert_int_equal(__builtin_popcountll(seen), 16);
    struct cache_opts o = { .strip = 12 };
    cache_configure(&c, &o);
    seen = 0;
    for (uint64_t k = 0; k < 256; k++) {
        for (uint64_t half = 0; half < 2; half++) {
            uint64_t a = (5 + 12 * k) * 256 + 128 * half;
            seen |= 1ULL << cache_set_of(&c, a);
            fill_clean(&c, a);
        }
    }
    assert_int_equal(__builtin_popcountll(seen), 64);
    assert_int_equal(c.st.evictions, 0);
    assert_int_equal(c.nvalid, 512);
    cache_free(&c);
}

/* The set index by shifts, masks and a multiply (struct cache's derived
   fields) is the index by division: strips of 3 to 24 slices (12 is
   fermi's L2) and powers of two, linear and Fermi-hashed, sets a power
   of two or not (3 sets), over random addresses, near 2^48 and above. */
static void test_set_index_without_division(void **state)
{
    (void)state;
    static const uint32_t strips[] = { 0, 2, 3, 5, 6, 7, 8, 12, 24 };
    uint64_t seed = 99;
    for (unsigned si = 0; si < sizeof strips / sizeof strips[0]; si++) {
        for (int geo = 0; geo < 3; geo++) {
            struct cache c;
            uint32_t size = geo == 2 ? 3 * 4 * 128 : 65536 >> geo;
            cache_init(&c, size, geo == 2 ? 4 : 8, 128, REPL_LRU, 4, 4, 1);
            struct cache_opts o = { .strip = strips[si],
                                    .index = geo == 1 ? CIDX_FERMI
                                                      : CIDX_LINEAR };
            cache_configure(&c, &o);
            for (int i = 0; i < 20000; i++) {
                seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
                uint64_t a = i % 4 == 0 ? seed >> 16             /* < 2^48 */
                             : i % 4 == 1 ? (1ULL << 56) - (seed >> 40)
                             : i % 4 == 2 ? seed                  /* any */
                                          : seed >> 34;
                uint64_t x = a;
                if (strips[si] > 1)
                    x = a / 256 / strips[si] * 256 + a % 256;
                uint32_t want = o.index == CIDX_FERMI && c.o.index == CIDX_FERMI
                                    ? cache_fermi_set(x, c.line, c.sets)
                                    : (uint32_t)((x / c.line) % c.sets);
                assert_int_equal(cache_set_of(&c, a), want);
                assert_int_equal(cache_line_of(&c, a), a - a % 128);
            }
            cache_free(&c);
        }
    }
}

/* floor(log2(v)), 0 for 0 and 1: the index bits of v sets or bytes
   (also of sizes that are not powers of two, in the storage bills). */
static void test_log2(void **state)
{
    (void)state;
    assert_int_equal(cache_log2(0), 0);
    assert_int_equal(cache_log2(1), 0);
    assert_int_equal(cache_log2(2), 1);
    assert_int_equal(cache_log2(3), 1);
    assert_int_equal(cache_log2(128), 7);
    assert_int_equal(cache_log2(129), 7);
    assert_int_equal(cache_log2(255), 7);
    assert_int_equal(cache_log2(1ULL << 40), 40);
    assert_int_equal(cache_log2(UINT64_MAX), 63);
}

/* GPGPU-Sim's Fermi hash for 32 sets: bits 7-11 xor (13, 14, 15, 17,
   19); with 64 sets bit 12 is the sixth index bit. A power-of-two row
   pitch of 4 KB puts 32 rows into one linear set but into 8 hashed ones
   (bits 13-15 vary); an 8 KB pitch into 16 (bits 13-15 and 17). */
static void test_fermi_hash(void **state)
{
    (void)state;
    assert_int_equal(cache_fermi_set(0x0, 128, 32), 0);
    assert_int_equal(cache_fermi_set(0x80, 128, 32), 1);
    assert_int_equal(cache_fermi_set(0x2000, 128, 32), 1);    /* bit 13 */
    assert_int_equal(cache_fermi_set(0x20000, 128, 32), 8);   /* bit 17 */
    assert_int_equal(cache_fermi_set(0x80000, 128, 32), 16);  /* bit 19 */
    assert_int_equal(cache_fermi_set(0x10000, 128, 32), 0);   /* bit 16 */
    assert_int_equal(cache_fermi_set(0x1000, 128, 64), 32);   /* bit 12 */
    assert_int_equal(cache_fermi_set(0x1000, 128, 32), 0);
    struct cache c;
    cache_init(&c, 16384, 4, 128, REPL_LRU, 4, 4, 1);
    uint64_t lin = 0, h4 = 0, h8 = 0;
    for (uint64_t r = 0; r < 32; r++)
        lin |= 1ULL << cache_set_of(&c, r * 4096);
    struct cache_opts o = { .index = CIDX_FERMI };
    cache_configure(&c, &o);
    for (uint64_t r = 0; r < 32; r++) {
        h4 |= 1ULL << cache_set_of(&c, r * 4096);
        h8 |= 1ULL << cache_set_of(&c, r * 8192);
    }
    assert_int_equal(__builtin_popcountll(lin), 1);
    assert_int_equal(__builtin_popcountll(h4), 8);
    assert_int_equal(__builtin_popcountll(h8), 16);
    cache_free(&c);
}

/* A sectored line (128 B, 4 sectors of 32 B): a miss fetches one sector;
   another sector of the present line is a sector miss with its own MSHR;
   the same sector merges; each fill validates one sector; a dirty line
   writes back only its modified sectors. */
static void test_sectors(void **state)
{
    (void)state;
    struct cache c;
    cache_init(&c, 256, 1, 128, REPL_LRU, 4, 4, 1);   /* 2 sets, 1 way */
    struct cache_opts o = { .sectored = true };
    cache_configure(&c, &o);
    assert_int_equal(c.unit, 32);
    uint32_t m, tags[4];
    assert_int_equal(cache_read(&c, 0x104, 1, &m), CACHE_MISS);
    assert_int_equal(cache_read(&c, 0x11c, 2, &m), CACHE_MERGED);
    fill_clean(&c, 0x100);
    assert_int_equal(cache_release(&c, 0x100, tags), 2);
    assert_true(cache_present(&c, 0x11f));
    assert_false(cache_present(&c, 0x120));           /* sector 1 absent */
    assert_int_equal(cache_read(&c, 0x120, 3, &m), CACHE_SECTOR_MISS);
    assert_int_equal(cache_mshrs_used(&c), 1);
    fill_clean(&c, 0x120);
    assert_int_equal(cache_release(&c, 0x120, tags), 1);
    assert_int_equal(cache_read(&c, 0x13c, 4, &m), CACHE_HIT);
    assert_int_equal(c.st.misses, 3);
    assert_int_equal(c.st.sector_misses, 1);
    assert_int_equal(c.st.fills, 2);
    assert_int_equal(c.st.evictions, 0);
    /* one dirty sector: the victim writes back 32 bytes */
    assert_true(cache_write_hit(&c, 0x124));
    assert_false(cache_write_hit(&c, 0x140));         /* sector 2 absent */
    uint64_t v = NOADDR;
    assert_true(cache_fill(&c, 0x300, false, &v));    /* same set (1) */
    assert_int_equal(v, 0x100);
    assert_int_equal(c.evicted_bytes, 32);
    cache_free(&c);
}

/* Allocate on miss: a read miss takes its victim way at once (the dirty
   victim is reported) and reserves it; when every way of the set is
   reserved the next miss to that set fails, while a hit, a merge or a
   miss to another set still goes through; the fill frees the way. */
static void test_alloc_on_miss(void **state)
{
    (void)state;
    struct cache c;
    cache_init(&c, 512, 2, 128, REPL_LRU, 8, 4, 1);   /* 2 sets, 2 ways */
    struct cache_opts o = { .alloc_on_miss = true };
    cache_configure(&c, &o);
    uint32_t m, tags[4];
    uint64_t v = NOADDR;
    assert_false(cache_fill(&c, 0x000, true, &v));     /* dirty, set 0 */
    fill_clean(&c, 0x100);                             /* set 0 */
    assert_int_equal(cache_read(&c, 0x200, 1, &m), CACHE_MISS);
    assert_true(c.evicted && c.evicted_dirty);         /* LRU way: 0x000 */
    assert_int_equal(c.evicted_addr, 0x000);
    assert_false(cache_present(&c, 0x200));
    assert_false(cache_set_reserved(&c, 0x300));
    assert_int_equal(cache_read(&c, 0x300, 2, &m), CACHE_MISS);
    assert_int_equal(c.evicted_addr, 0x100);
    assert_true(cache_set_reserved(&c, 0x400));
    assert_int_equal(cache_read(&c, 0x400, 3, &m), CACHE_FAIL);
    assert_int_equal(c.st.line_fails, 1);
    assert_int_equal(cache_read(&c, 0x204, 4, &m), CACHE_MERGED);
    assert_int_equal(cache_read(&c, 0x080, 5, &m), CACHE_MISS);   /* set 1 */
    fill_clean(&c, 0x200);
    assert_int_equal(cache_release(&c, 0x200, tags), 2);
    assert_false(cache_set_reserved(&c, 0x400));
    assert_int_equal(cache_read(&c, 0x200, 6, &m), CACHE_HIT);
    assert_int_equal(cache_read(&c, 0x400, 7, &m), CACHE_MISS);  /* 0x200 */
    assert_false(cache_present(&c, 0x200));
    assert_int_equal(c.st.fills, 3);
    cache_free(&c);
}

/* A highly associative cache (64 ways: look-ups through its table of
   where each line address is, victims from its lines in stamp order)
   against the same cache comparing every way (table and order removed): random reads, fills, write
   hits, invalidations, releases and lines invalidated from outside (as
   the L1D's kernel-end pass and FUSE's bank do) give the same results,
   statistics and lines, for LRU and FIFO, one set and four, while sets
   have room and while every way is valid. */
static void test_where_table_same_as_ways(void **state)
{
    (void)state;
    static const struct { uint32_t size; enum cache_repl repl; uint32_t lines; } k[] = {
        { 64 * 128, REPL_LRU, 200 }, { 64 * 128, REPL_FIFO, 200 },
        { 4 * 64 * 128, REPL_FIFO, 700 }, { 4 * 64 * 128, REPL_LRU, 700 },
    };
    for (size_t t = 0; t < sizeof k / sizeof k[0]; t++) {
        struct cache a, b;
        cache_init(&a, k[t].size, 64, 128, k[t].repl, 16, 4, 3);
        cache_init(&b, k[t].size, 64, 128, k[t].repl, 16, 4, 3);
        assert_non_null(a.where);
        free(b.where);
        free(b.older);
        free(b.newer);
        free(b.oldest);
        free(b.newest);
        b.where = b.older = b.newer = b.oldest = b.newest = NULL;
        struct cache_opts o = { .alloc_on_miss = t % 2 == 1 };
        cache_configure(&a, &o);
        cache_configure(&b, &o);
        uint64_t rng = 5 + t;
        uint32_t hits = 0, full = 0;
        for (int op = 0; op < 20000; op++) {
            full += a.nvalid == a.sets * a.ways;
            rng = rng * 6364136223846793005ULL + 1442695040888963407ULL;
            uint64_t addr = ((rng >> 33) % k[t].lines) * 128 + (rng >> 20) % 128;
            uint32_t what = (uint32_t)(rng >> 12) % 32, ma = 0, mb = 0;
            if (what >= 16 && what < 28)
                what = 6 + what % 4;          /* fills the most */
            uint64_t va = NOADDR, vb = NOADDR;
            uint32_t ta[16], tb[16];
            switch (what) {
            case 0: case 1: case 2: case 3: case 4: case 5: {
                enum cache_result ra = cache_read(&a, addr, 1, &ma);
                assert_int_equal(ra, cache_read(&b, addr, 1, &mb));
                assert_int_equal(ma, mb);
                hits += ra == CACHE_HIT;
                break;
            }
            case 6: case 7: case 8: case 9:
                assert_int_equal(cache_fill(&a, addr, what == 9, &va),
                                 cache_fill(&b, addr, what == 9, &vb));
                assert_int_equal(va, vb);
                assert_int_equal(cache_release(&a, addr, ta),
                                 cache_release(&b, addr, tb));
                break;
            case 10:
                assert_int_equal(cache_write_hit(&a, addr), cache_write_hit(&b, addr));
                break;
            case 11:
                assert_int_equal(cache_invalidate(&a, addr), cache_invalidate(&b, addr));
                break;
            case 12: {
                /* from outside: the line of some index goes invalid */
                uint32_t i = (uint32_t)(rng >> 40) % (a.sets * a.ways);
                if (a.lines[i].valid) {
                    a.lines[i].valid = b.lines[i].valid = false;
                    a.nvalid--;
                    b.nvalid--;
                }
                break;
            }
            default:
                assert_int_equal(cache_index(&a, addr), cache_index(&b, addr));
                assert_int_equal(cache_present(&a, addr), cache_present(&b, addr));
                break;
            }
        }
        assert_memory_equal(&a.st, &b.st, sizeof a.st);
        assert_int_equal(a.nvalid, b.nvalid);
        for (uint32_t i = 0; i < a.sets * a.ways; i++) {
            assert_int_equal(a.lines[i].valid, b.lines[i].valid);
            if (a.lines[i].valid) {
                assert_int_equal(a.lines[i].addr, b.lines[i].addr);
                assert_int_equal(a.lines[i].stamp, b.lines[i].stamp);
            }
        }
        assert_true(hits > 500);
        assert_true(full > 500);           /* victims of full sets too */
        cache_free(&a);
        cache_free(&b);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_log2),
        cmocka_unit_test(test_hit_after_fill),
        cmocka_unit_test(test_sets_independent),
        cmocka_unit_test(test_lru_order),
        cmocka_unit_test(test_fifo_ignores_hits),
        cmocka_unit_test(test_random_seeded),
        cmocka_unit_test(test_dirty_victim),
        cmocka_unit_test(test_invalidate),
        cmocka_unit_test(test_mshr_merge_and_limits),
        cmocka_unit_test(test_release_all_in_order),
        cmocka_unit_test(test_size_zero),
        cmocka_unit_test(test_age_ranks),
        cmocka_unit_test(test_strip_uses_every_set),
        cmocka_unit_test(test_set_index_without_division),
        cmocka_unit_test(test_fermi_hash),
        cmocka_unit_test(test_sectors),
        cmocka_unit_test(test_alloc_on_miss),
        cmocka_unit_test(test_where_table_same_as_ways),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

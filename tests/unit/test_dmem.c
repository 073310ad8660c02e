/*
** test_dmem.c - device memory (func/mem.h): allocations page aligned,
** zeroed and apart (a guard page after each), bytes read back as written
** across pages and in blocks of both kinds (heap and mapped), nothing
** readable or writable past an allocation's size or in a guard page, the
** allocation of an address found by its page, and the limit.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "func/mem.h"

static void test_layout_and_zero(void **state)
{
    (void)state;
    struct dmem m;
    dmem_init(&m, 64u << 20);
    struct ws_diag d = { 0 };
    uint64_t a = dmem_alloc(&m, 100, &d);
    uint64_t b = dmem_alloc(&m, 3 * DMEM_PAGE_SIZE, &d);
    uint64_t c = dmem_alloc(&m, 1u << 20, &d);      /* a mapped block */
    assert_int_equal(a, WS_GLOBAL_BASE);
    /* page aligned, one guard page after each */
    assert_int_equal(b, a + 2 * DMEM_PAGE_SIZE);
    assert_int_equal(c, b + 4 * DMEM_PAGE_SIZE);
    assert_int_equal(m.used, (1 + 3 + 256) * (uint64_t)DMEM_PAGE_SIZE);
    /* zeroed, in each kind of block */
    uint8_t buf[256];
    memset(buf, 0xaa, sizeof buf);
    assert_true(dmem_read(&m, a + 100 - 64, buf, 64));
    assert_true(dmem_read(&m, c + (1u << 20) - 256, buf + 64, 192));
    for (int i = 0; i < 256; i++)
        assert_int_equal(buf[i], 0);
    dmem_free(&m);
}

static void test_bounds(void **state)
{
    (void)state;
    struct dmem m;
    dmem_init(&m, 64u << 20);
    struct ws_diag d = { 0 };
    uint64_t a = dmem_alloc(&m, 100, &d);
    uint64_t c = dmem_alloc(&m, 200000, &d);
    uint8_t x[8] = { 0 };
    /* the last bytes, and one past */
    assert_true(dmem_mapped(&m, a, 100));
    assert_true(dmem_write(&m, a + 96, x, 4));
    assert_false(dmem_write(&m, a + 97, x, 4));
    assert_false(dmem_read(&m, a + 100, x, 1));
    assert_false(dmem_mapped(&m, a + 4000, 1));       /* same page, past */
    assert_false(dmem_mapped(&m, a + DMEM_PAGE_SIZE, 1));   /* guard */
    assert_null(dmem_ptr(&m, a + DMEM_PAGE_SIZE, 1));
    assert_true(dmem_mapped(&m, c, 200000));
    assert_false(dmem_mapped(&m, c, 200001));
    assert_false(dmem_mapped(&m, c + 199999, 2));
    /* an access from one allocation into the next crosses a guard page */
    assert_false(dmem_mapped(&m, a, c - a + 1));
    /* below the heap, past its top, and sizes that wrap */
    assert_false(dmem_mapped(&m, WS_GLOBAL_BASE - 1, 1));
    assert_false(dmem_mapped(&m, m.top, 1));
    assert_false(dmem_mapped(&m, a + 8, UINT64_MAX - 4));
    assert_false(dmem_mapped(&m, UINT64_MAX - 2, 8));
    assert_true(dmem_mapped(&m, a + 5000, 0));
    dmem_free(&m);
}

/* Bytes written anywhere in a block, across its pages, read back; a
   write changes no other allocation. */
static void test_round_trip(void **state)
{
    (void)state;
    struct dmem m;
    dmem_init(&m, 64u << 20);
    struct ws_diag d = { 0 };
    uint64_t sz[3] = { 5000, 3u << 20, 12 };
    uint64_t at[3];
    for (int i = 0; i < 3; i++)
        at[i] = dmem_alloc(&m, sz[i], &d);
    uint8_t *ref = calloc(1, 3u << 20), *got = malloc(3u << 20);
    uint64_t seed = 3;
    for (int k = 0; k < 2000; k++) {
        seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
        uint64_t off = (seed >> 20) % sz[1];
        size_t n = (size_t)((seed >> 8) % 9000);
        if (off + n > sz[1])
            n = (size_t)(sz[1] - off);
        for (size_t j = 0; j < n; j++)
            ref[off + j] = (uint8_t)(seed >> (j % 56));
        assert_true(dmem_write(&m, at[1] + off, ref + off, n));
    }
    assert_true(dmem_read(&m, at[1], got, (size_t)sz[1]));
    assert_memory_equal(got, ref, (size_t)sz[1]);
    /* through the pointer: the same bytes */
    const uint8_t *p = dmem_ptr(&m, at[1] + 12345, 100);
    assert_non_null(p);
    assert_memory_equal(p, ref + 12345, 100);
    /* the neighbours still zero */
    assert_true(dmem_read(&m, at[0], got, (size_t)sz[0]));
    assert_true(dmem_read(&m, at[2], got + sz[0], (size_t)sz[2]));
    for (uint64_t j = 0; j < sz[0] + sz[2]; j++)
        assert_int_equal(got[j], 0);
    free(ref);
    free(got);
    dmem_free(&m);
}

/* dmem_find: the allocation of every page it holds (its last page
   whole), nothing for guard pages; dmem_holds on the exact size. */
static void test_find(void **state)
{
    (void)state;
    struct dmem m;
    dmem_init(&m, 64u << 20);
    struct ws_diag d = { 0 };
    uint64_t at[4];
    uint64_t sz[4] = { 1, 2 * DMEM_PAGE_SIZE, 70000, 4097 };
    for (int i = 0; i < 4; i++)
        at[i] = dmem_alloc(&m, sz[i], &d);
    for (int i = 0; i < 4; i++) {
        uint64_t pages = (sz[i] + DMEM_PAGE_SIZE - 1) / DMEM_PAGE_SIZE;
        for (uint64_t off = 0; off < pages * DMEM_PAGE_SIZE; off += 1000) {
            const struct dmem_alloc *a = dmem_find(&m, at[i] + off);
            assert_non_null(a);
            assert_int_equal(a->addr, at[i]);
            assert_int_equal(a->size, sz[i]);
            assert_int_equal(dmem_holds(a, at[i] + off, 1), off < sz[i]);
        }
        assert_null(dmem_find(&m, at[i] + pages * DMEM_PAGE_SIZE));
    }
    assert_null(dmem_find(&m, 0));
    dmem_free(&m);
}

static void test_limit(void **state)
{
    (void)state;
    struct dmem m;
    dmem_init(&m, 4 * DMEM_PAGE_SIZE);
    struct ws_diag d = { 0 };
    assert_int_not_equal(dmem_alloc(&m, 3 * DMEM_PAGE_SIZE, &d), 0);
    assert_null(d.msg);
    assert_int_equal(dmem_alloc(&m, DMEM_PAGE_SIZE + 1, &d), 0);
    assert_non_null(d.msg);
    assert_non_null(strstr(d.msg, "mem.limit"));
    diag_reset(&d);
    assert_int_equal(dmem_alloc(&m, 0, &d), 0);
    diag_reset(&d);
    assert_int_not_equal(dmem_alloc(&m, DMEM_PAGE_SIZE, &d), 0);
    assert_int_equal(m.used, 4 * DMEM_PAGE_SIZE);
    diag_reset(&d);
    dmem_free(&m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_layout_and_zero),
        cmocka_unit_test(test_bounds),
        cmocka_unit_test(test_round_trip),
        cmocka_unit_test(test_find),
        cmocka_unit_test(test_limit),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

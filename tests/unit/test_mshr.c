/* test_mshr.c - the MSHR table's lookup by line (a hash index) and its
   lowest-free-entry choice against a plain list kept here, over random
   opens, merges and releases with colliding lines. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdbool.h>
#include <string.h>
#include "timing/mshr.h"

#define N 70                /* more than one word of in-use bits */

static uint64_t rng_next(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

/* The reference: ref[i] the line of entry i, or 0 when free. */
static int32_t ref_find(const uint64_t *ref, uint64_t line)
{
    for (int32_t i = 0; i < N; i++)
        if (ref[i] == line)
            return i;
    return -1;
}

static void test_random_vs_list(void **state)
{
    (void)state;
    struct mshr_table t;
    mshr_init(&t, N, 4);
    uint64_t ref[N] = { 0 }, seed = 0x2545f4914f6cdd1dULL;
    uint32_t used = 0, nw[N] = { 0 }, first[N] = { 0 };
    for (int it = 0; it < 20000; it++) {
        /* few distinct lines, many probes colliding in the index */
        uint64_t line = 128 * (1 + rng_next(&seed) % (3 * N));
        int32_t m = mshr_find(&t, line);
        assert_int_equal(m, ref_find(ref, line));
        if (m >= 0 && rng_next(&seed) % 3) {
            uint32_t out[4];
            assert_int_equal(mshr_release(&t, line, out), nw[m]);
            assert_int_equal(out[0], first[m]);
            ref[m] = 0;
            used--;
        } else if (m >= 0) {
            if (!mshr_merge_full(&t, m)) {
                mshr_merge(&t, m, (uint32_t)it);
                nw[m]++;
            }
        } else {
            int32_t f = mshr_free_slot(&t);
            assert_int_equal(f, used == N ? -1 : ref_find(ref, 0));
            if (f >= 0) {
                mshr_open(&t, f, line, (uint32_t)it);
                ref[f] = line;
                nw[f] = 1;
                first[f] = (uint32_t)it;
                used++;
            }
        }
        assert_int_equal(t.used, used);
    }
    for (int32_t i = 0; i < N; i++)
        if (ref[i])
            assert_int_equal(mshr_find(&t, ref[i]), i);
    mshr_free(&t);
}

/* A fill releases its waiting requests in arrival order. */
static void test_release_order(void **state)
{
    (void)state;
    struct mshr_table t;
    mshr_init(&t, 2, 3);
    mshr_open(&t, mshr_free_slot(&t), 0x1000, 7);
    mshr_merge(&t, mshr_find(&t, 0x1000), 8);
    mshr_merge(&t, mshr_find(&t, 0x1000), 9);
    assert_true(mshr_merge_full(&t, mshr_find(&t, 0x1000)));
    mshr_open(&t, mshr_free_slot(&t), 0x2000, 1);
    assert_int_equal(mshr_free_slot(&t), -1);
    uint32_t out[3];
    assert_int_equal(mshr_release(&t, 0x1000, out), 3);
    assert_int_equal(out[0], 7);
    assert_int_equal(out[1], 8);
    assert_int_equal(out[2], 9);
    assert_int_equal(mshr_find(&t, 0x1000), -1);
    assert_int_equal(mshr_find(&t, 0x2000), 1);
    assert_int_equal(mshr_free_slot(&t), 0);
    assert_int_equal(mshr_release(&t, 0x3000, out), 0);
    mshr_free(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_vs_list),
        cmocka_unit_test(test_release_order),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

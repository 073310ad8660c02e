/*
** test_ring.c - the FIFO queues of util/ring.h: order kept across wraps
** and growth (the storage doubles from 16, an index wraps by a mask),
** ring_at, and a freed ring reused.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdbool.h>
#include <stdint.h>
#include <cmocka.h>
#include "util/ring.h"

/* Random pushes and pops against a plain array of the values in order:
   the front, every element by ring_at, the count and the capacity (a
   power of two once anything was pushed) after each step. */
static void test_fifo_against_array(void **state)
{
    (void)state;
    RING(uint32_t) q = { 0 };
    static uint32_t ref[4096];
    uint32_t lo = 0, hi = 0, next = 1;
    uint64_t seed = 7;
    for (int step = 0; step < 60000; step++) {
        seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
        /* phases of mostly pushing, then mostly popping: the ring grows
           to 1,024 and wraps at every size on the way */
        int phase = (step / 3000) % 2;
        bool push = hi - lo == 0 || (seed >> 33) % 10 < (phase ? 3u : 7u);
        if (push && hi - lo < 1000) {
            ring_push(&q, next);
            ref[hi++ % 4096] = next++;
        } else if (hi > lo) {
            assert_int_equal(ring_front(&q), ref[lo % 4096]);
            ring_pop(&q);
            lo++;
        }
        assert_int_equal(q.n, hi - lo);
        assert_true(q.cap >= q.n && (q.cap & (q.cap - 1)) == 0);
        if (step % 97 == 0)
            for (uint32_t i = 0; i < q.n; i++)
                assert_int_equal(ring_at(&q, i), ref[(lo + i) % 4096]);
    }
    assert_true(q.cap >= 1024);
    ring_free(&q);
    assert_int_equal(q.n, 0);
    assert_int_equal(q.cap, 0);
    for (uint32_t i = 0; i < 40; i++)        /* reused after ring_free */
        ring_push(&q, i);
    for (uint32_t i = 0; i < 40; i++) {
        assert_int_equal(ring_front(&q), i);
        ring_pop(&q);
    }
    ring_free(&q);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fifo_against_array),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

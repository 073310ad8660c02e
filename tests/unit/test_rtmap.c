/* test_rtmap.c - racetrack register grouping and arrangement. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>
#include "compile/rtmap.h"

/* Seed 001 Fig. 7: five registers, six accesses. The figure's trace is not
   in the text; this one reproduces its numbers: ascending (direct) mapping
   12 shifts, optimum 6, reached by exchanging R0 and R4. One port. */
static void test_fig7_toy(void **state)
{
    (void)state;
    const int32_t trace[] = { 0, 3, 1, 4, 1, 2 };
    const uint32_t bank[6] = { 0 };
    struct rtmap m;
    rtmap_from_trace(1, 1, trace, bank, 6, &m);
    assert_int_equal(m.direct_S, 12);
    assert_int_equal(m.mapped_S, 6);
    assert_false(m.heuristic);
    const struct rtmap_bank *b = &m.b[0];
    assert_int_equal(b->n, 5);
    assert_int_equal(b->moves, 5);
    rtmap_free(&m);
}

/* Brute force over all groupings of 12 registers into 3 groups of 4 and all
   3! orders: the true optimum of S under "a group shares an offset". */
static uint64_t brute_12(const uint32_t *C)
{
    uint64_t best = UINT64_MAX;
    int32_t off[12];
    /* group of each register: choose 4 for offset-group 0, 4 for 1 */
    for (unsigned a = 0; a < 4096; a++) {
        if (__builtin_popcount(a) != 4)
            continue;
        for (unsigned b = 0; b < 4096; b++) {
            if ((a & b) || __builtin_popcount(b) != 4)
                continue;
            for (int r = 0; r < 12; r++)
                off[r] = (a >> r & 1) ? 0 : (b >> r & 1) ? 1 : 2;
            uint64_t s = 0;
            for (int i = 0; i < 12; i++)
                for (int j = 0; j < 12; j++)
                    s += C[i * 12 + j] * (uint64_t)labs((long)off[i] - off[j]);
            if (s < best)
                best = s;
        }
    }
    return best;
}

/* Seed 001 Fig. 8's setting: 12 registers, 4 ports, 3 groups, 3! orders.
   Three clusters move among themselves a lot and between each other a
   little; the algorithm must find the clusters and the best order. */
static void test_fig8_twelve_registers(void **state)
{
    (void)state;
    static const int cluster[12] = { 0, 1, 1, 2, 2, 0, 2, 0, 2, 0, 1, 1 };
    int32_t trace[4096];
    size_t n = 0;
    uint32_t x = 12345;
    for (int rep = 0; rep < 300; rep++) {
        x = x * 1103515245u + 12345u;
        int c = (int)((x >> 16) % 3);
        for (int k = 0; k < 3; k++) {
            x = x * 1103515245u + 12345u;
            int r;
            do {
                x = x * 1103515245u + 12345u;
                r = (int)((x >> 16) % 12);
            } while (cluster[r] != c);
            trace[n++] = r;
        }
    }
    uint32_t bank[4096] = { 0 };
    struct rtmap m;
    rtmap_from_trace(1, 4, trace, bank, n, &m);
    const struct rtmap_bank *b = &m.b[0];
    assert_int_equal(b->ngroups, 3);
    assert_false(b->heuristic);
    /* registers of one cluster share a group (an offset) */
    for (int i = 0; i < 12; i++)
        for (int j = 0; j < 12; j++)
            if (cluster[i] == cluster[j])
                assert_int_equal(b->group[i], b->group[j]);
    /* within a group, every register has its own port */
    for (int i = 0; i < 12; i++)
        for (int j = i + 1; j < 12; j++)
            if (b->group[i] == b->group[j])
                assert_int_not_equal(b->port[i], b->port[j]);
    /* optimal against brute force */
    uint32_t C[144] = { 0 };
    for (size_t i = 1; i < n; i++)
        C[trace[i - 1] * 12 + trace[i]]++;
    assert_int_equal(b->mapped_S, brute_12(C));
    assert_true(b->mapped_S < b->direct_S);
    rtmap_free(&m);
}

/* Never worse than direct; many groups switch to the documented local
   search and say so. */
static void test_random_traces(void **state)
{
    (void)state;
    uint32_t x = 7;
    for (int t = 0; t < 20; t++) {
        int32_t trace[2000];
        uint32_t nregs = 8 + (uint32_t)t * 6;
        for (int i = 0; i < 2000; i++) {
            x = x * 1664525u + 1013904223u;
            trace[i] = (int32_t)((x >> 8) % nregs);
        }
        uint32_t bank[2000];
        for (int i = 0; i < 2000; i++)
            bank[i] = (uint32_t)trace[i] % 2;
        struct rtmap m;
        rtmap_from_trace(2, 4, trace, bank, 2000, &m);
        assert_true(m.mapped_S <= m.direct_S);
        uint32_t maxg = 0;
        for (uint32_t k = 0; k < 2; k++)
            if (m.b[k].ngroups > maxg)
                maxg = m.b[k].ngroups;
        assert_int_equal(m.heuristic, maxg > RTMAP_EXHAUSTIVE_MAX);
        rtmap_free(&m);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fig7_toy),
        cmocka_unit_test(test_fig8_twelve_registers),
        cmocka_unit_test(test_random_traces),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

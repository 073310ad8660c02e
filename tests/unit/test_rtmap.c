/* test_rtmap.c - racetrack register grouping and arrangement. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "harness.h"
#include "compile/rtmap.h"
#include "ptx/parse.h"
#include "util/xalloc.h"

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

/* The static trace places registers in the bank rf.bank_map names: (w +
   r) mod banks or r mod banks. */
static void test_static_trace_bank_map(void **state)
{
    (void)state;
    static const char src[] =
        ".version 8.0\n.target sm_75\n.address_size 64\n"
        ".visible .entry k(.param .u64 p)\n{\n"
        " .reg .b32 %r<4>;\n .reg .b64 %rd1;\n"
        " ld.param.u64 %rd1, [p];\n ld.global.u32 %r1, [%rd1];\n"
        " add.s32 %r2, %r1, 1;\n add.s32 %r3, %r2, %r1;\n"
        " st.global.u32 [%rd1], %r3;\n ret;\n}\n";
    struct kimage *k = th_kernel(src);
    uint32_t R = k->regs_per_thread ? k->regs_per_thread : 1;
    int32_t *e0, *e2;
    uint32_t *b0, *b2;
    size_t n0 = rtmap_static_trace(k, 3, 4, RTMAP_WARP_REG, &e0, &b0);
    size_t n2 = rtmap_static_trace(k, 3, 4, RTMAP_REG, &e2, &b2);
    assert_true(n0 > 0);
    assert_int_equal(n0, n2);
    bool differ = false;
    for (size_t i = 0; i < n0; i++) {
        uint32_t w = (uint32_t)e0[i] / R, r = (uint32_t)e0[i] % R;
        assert_int_equal(e2[i], e0[i]);
        assert_int_equal(b0[i], (w + r) % 4);
        assert_int_equal(b2[i], r % 4);
        differ |= b2[i] != b0[i];
    }
    assert_true(differ);
    free(e0), free(e2), free(b0), free(b2);
    th_kernel_free(k);
}

/* Move counts of several traces are summed per tape and mapped once. */
static void test_moves_merge(void **state)
{
    (void)state;
    char dir[] = "/tmp/ws-rtmap-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char p0[128], p1[128], out[128];
    snprintf(p0, sizeof p0, "%s/a.moves", dir);
    snprintf(p1, sizeof p1, "%s/b.moves", dir);
    snprintf(out, sizeof out, "%s/m.rtmap", dir);
    /* Fig. 7's trace 0 3 1 4 1 2 split over two traces: 0 3 1 and 1 4 1 2
       (the move 1 -> 1 costs nothing), one port, five registers */
    const int32_t reg[5] = { 10, 11, 12, 13, 14 };
    uint32_t Ca[25] = { 0 }, Cb[25] = { 0 };
    Ca[0 * 5 + 3] = 1, Ca[3 * 5 + 1] = 1;
    Cb[1 * 5 + 4] = 1, Cb[4 * 5 + 1] = 1, Cb[1 * 5 + 2] = 1;
    struct rtmap_moves a = { 0, 0, 5, reg, Ca }, b = { 0, 0, 5, reg, Cb };
    assert_true(rtmap_moves_write(p0, "k", &a, 1));
    assert_true(rtmap_moves_write(p1, "k", &b, 1));
    const char *paths[2] = { p0, p1 };
    /* a file for other registers does not merge */
    const int32_t other[5] = { 10, 11, 12, 13, 15 };
    struct rtmap_moves x = { 0, 0, 5, other, Ca };
    assert_false(rtmap_moves_merge(paths, 2, &x, 1, 1, 5, "k", out));
    assert_true(rtmap_moves_merge(paths, 2, &a, 1, 1, 5, "k", out));
    /* the mapping of the summed counts, as rtmap_bank_from_moves gives */
    uint32_t C[25];
    for (int i = 0; i < 25; i++)
        C[i] = Ca[i] + Cb[i];
    struct rtmap_bank bk = { .n = 5 };
    rtmap_bank_from_moves(&bk, 1, C);
    FILE *f = fopen(out, "r");
    assert_non_null(f);
    char word[64];
    unsigned ver, tb, tk, tn;
    assert_int_equal(fscanf(f, "%63s %u", word, &ver), 2);
    assert_int_equal(fscanf(f, "%63s %*s", word), 1);
    assert_int_equal(fscanf(f, "%63s %u %u %u", word, &tb, &tk, &tn), 4);
    assert_int_equal(tn, 5);
    int32_t dom[5];
    assert_true(rtmap_profile_tape(f, tn, 5, 5, reg, dom));
    fclose(f);
    for (int i = 0; i < 5; i++)
        assert_int_equal(dom[i], bk.port[i] * 5 + bk.offset[i]);
    free(bk.port), free(bk.offset), free(bk.group);
    char cmd[160];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    assert_int_equal(system(cmd), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fig7_toy),
        cmocka_unit_test(test_fig8_twelve_registers),
        cmocka_unit_test(test_random_traces),
        cmocka_unit_test(test_static_trace_bank_map),
        cmocka_unit_test(test_moves_merge),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

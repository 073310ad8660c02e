/*
** test_simt.c - divergence and reconvergence on hand-written divergent
** control flow. Each kernel's per-lane results are checked, and so are
** the counts the device records for the launch:
**   warp_instructions   - one per instruction a warp issues; under the
**                         immediate-post-dominator SIMT stack a divergent
**                         region costs the sum of both paths, a uniform
**                         branch only the path taken, and a loop runs as
**                         long as its longest-running lane;
**   thread_instructions - per issued instruction, the lanes that execute
**                         it with a true guard (so it equals the sum over
**                         lanes of the instructions on that lane's own
**                         path, which is how the expected values below
**                         are computed).
** Instruction numbers in the kernels' comments are what the counts are
** worked out from.
*/
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>
#include "harness.h"

#define NL 32
#define HDR ".version 8.0\n.target sm_75\n.address_size 64\n"
#define MARK 0xdeadbeefu

static struct th T;

static int setup(void **state)
{
    (void)state;
    return th_init(&T, NULL) ? -1 : 0;
}

static int teardown(void **state)
{
    (void)state;
    th_free(&T);
    return 0;
}

struct counts {
    uint64_t warp, thread;
};

/*
** Loads ptx, fills a fresh output buffer of `threads` words with MARK,
** launches kernel `name` on one CTA with (out[, extra]) and returns the
** output and the counts of this launch.
*/
static struct counts launch(const char *ptx, const char *name,
                            uint32_t threads, const uint64_t *extra,
                            int nextra, uint32_t *out)
{
    if (th_load(&T, ptx))
        fail_msg("load failed: %s", th_error(&T));
    size_t n = (size_t)threads * 4;
    uint64_t o = th_alloc(&T, n);
    assert_true(o != 0);
    for (uint32_t i = 0; i < threads; i++)
        out[i] = MARK;
    th_write(&T, o, out, n);
    uint64_t args[4] = { o, 0, 0, 0 };
    for (int i = 0; i < nextra; i++)
        args[1 + i] = extra[i];
    uint32_t grid[3] = { 1, 1, 1 }, block[3] = { threads, 1, 1 };
    size_t before = T.dev.done.n;
    if (th_launch(&T, name, grid, block, 0, args, 1 + nextra))
        fail_msg("launch of %s failed: %s", name, th_error(&T));
    assert_int_equal(T.dev.done.n, before + 1);
    th_read(&T, o, out, n);
    const struct launch_record *r = &T.dev.done.v[T.dev.done.n - 1];
    return (struct counts){ r->warp_instructions, r->thread_instructions };
}

static void expect_counts(const char *what, struct counts got, uint64_t warp,
                          uint64_t thread)
{
    if (got.warp != warp || got.thread != thread)
        fail_msg("%s: %llu warp / %llu thread instructions, want %llu / %llu",
                 what, (unsigned long long)got.warp,
                 (unsigned long long)got.thread, (unsigned long long)warp,
                 (unsigned long long)thread);
}

/* ---- straight line ------------------------------------------------------- */

static const char line_ptx[] = HDR
    ".visible .entry line(.param .u64 out)\n"
    "{\n"
    " .reg .b32 %r<4>;\n .reg .b64 %rd<4>;\n"
    " ld.param.u64 %rd1, [out];\n"          /* 1 */
    " mov.u32 %r1, %tid.x;\n"               /* 2 */
    " mul.wide.u32 %rd2, %r1, 4;\n"         /* 3 */
    " add.s64 %rd3, %rd1, %rd2;\n"          /* 4 */
    " mul.lo.u32 %r2, %r1, %r1;\n"          /* 5 */
    " st.global.u32 [%rd3], %r2;\n"         /* 6 */
    " ret;\n"                               /* 7 */
    "}\n";

/* No branches: every instruction issues once per warp, for all lanes. */
static void test_straight_line_counts(void **state)
{
    (void)state;
    uint32_t out[64];
    struct counts c = launch(line_ptx, "line", 32, NULL, 0, out);
    for (uint32_t i = 0; i < 32; i++)
        assert_int_equal(out[i], i * i);
    expect_counts("1 warp", c, 7, 7 * 32);
    /* a partial second warp: 40 threads = 32 + 8 lanes */
    c = launch(line_ptx, "line", 40, NULL, 0, out);
    for (uint32_t i = 0; i < 40; i++)
        assert_int_equal(out[i], i * i);
    expect_counts("40 threads", c, 14, 7 * 40);
}

/* ---- if/else diamond -------------------------------------------------------- */

static const char diamond_ptx[] = HDR
    ".visible .entry diamond(.param .u64 out, .param .u32 n)\n"
    "{\n"
    " .reg .b32 %r<10>;\n .reg .b64 %rd<4>;\n .reg .pred %p<4>;\n"
    " ld.param.u64 %rd1, [out];\n"          /* 1 */
    " ld.param.u32 %r9, [n];\n"             /* 2 */
    " mov.u32 %r1, %tid.x;\n"               /* 3 */
    " mul.wide.u32 %rd2, %r1, 4;\n"         /* 4 */
    " add.s64 %rd3, %rd1, %rd2;\n"          /* 5 */
    " setp.lt.u32 %p1, %r1, %r9;\n"         /* 6 */
    " @%p1 bra $THEN;\n"                    /* 7 */
    " add.u32 %r2, %r1, 1000;\n"            /* 8  else */
    " mul.lo.u32 %r2, %r2, 2;\n"            /* 9 */
    " bra.uni $JOIN;\n"                     /* 10 */
    "$THEN:\n"
    " add.u32 %r2, %r1, 500;\n"             /* 11 then */
    "$JOIN:\n"
    " add.u32 %r2, %r2, 1;\n"               /* 12 */
    " st.global.u32 [%rd3], %r2;\n"         /* 13 */
    " ret;\n"                               /* 14 */
    "}\n";

static uint32_t diamond_value(uint32_t tid, uint32_t n)
{
    return tid < n ? tid + 500 + 1 : (tid + 1000) * 2 + 1;
}

/* Both sides of a divergent branch run, then rejoin at the post-dominator.
   Divergent (n = 12): all 14 instructions issue; lanes < 12 run 11 of
   them (1-7, 11-14), lanes >= 12 run 12 (1-6, 8-10, 12-14; their guard
   on 7 is false). Uniform: only the path taken issues. */
static void test_diamond_rejoin(void **state)
{
    (void)state;
    uint32_t out[64];
    uint64_t n = 12;
    struct counts c = launch(diamond_ptx, "diamond", 32, &n, 1, out);
    for (uint32_t i = 0; i < 32; i++)
        assert_int_equal(out[i], diamond_value(i, 12));
    expect_counts("divergent", c, 14, 12 * 11 + 20 * 12);
    n = 32;                                  /* every lane takes THEN */
    c = launch(diamond_ptx, "diamond", 32, &n, 1, out);
    for (uint32_t i = 0; i < 32; i++)
        assert_int_equal(out[i], diamond_value(i, 32));
    expect_counts("all taken", c, 11, 32 * 11);
    n = 0;                                   /* no lane takes it */
    c = launch(diamond_ptx, "diamond", 32, &n, 1, out);
    for (uint32_t i = 0; i < 32; i++)
        assert_int_equal(out[i], diamond_value(i, 0));
    expect_counts("none taken", c, 13, 32 * 12);
    /* two warps: warp 0 is uniform (all < 40), warp 1 diverges */
    n = 40;
    c = launch(diamond_ptx, "diamond", 64, &n, 1, out);
    for (uint32_t i = 0; i < 64; i++)
        assert_int_equal(out[i], diamond_value(i, 40));
    expect_counts("two warps", c, 11 + 14, 32 * 11 + 8 * 11 + 24 * 12);
}

/* ---- nested if/else ---------------------------------------------------------- */

static const char nested_ptx[] = HDR
    ".visible .entry nested(.param .u64 out)\n"
    "{\n"
    " .reg .b32 %r<10>;\n .reg .b64 %rd<4>;\n .reg .pred %p<4>;\n"
    " ld.param.u64 %rd1, [out];\n"          /* 1 */
    " mov.u32 %r1, %tid.x;\n"               /* 2 */
    " mul.wide.u32 %rd2, %r1, 4;\n"         /* 3 */
    " add.s64 %rd3, %rd1, %rd2;\n"          /* 4 */
    " mov.u32 %r2, 0;\n"                    /* 5 */
    " setp.lt.u32 %p1, %r1, 16;\n"          /* 6 */
    " @!%p1 bra $OUTER_ELSE;\n"             /* 7 */
    " setp.lt.u32 %p2, %r1, 8;\n"           /* 8  lanes 0..15 */
    " @!%p2 bra $IN_ELSE;\n"                /* 9 */
    " mov.u32 %r2, 1;\n"                    /* 10 lanes 0..7 */
    " bra.uni $IN_JOIN;\n"                  /* 11 */
    "$IN_ELSE:\n"
    " mov.u32 %r2, 2;\n"                    /* 12 lanes 8..15 */
    "$IN_JOIN:\n"
    " add.u32 %r2, %r2, 10;\n"              /* 13 */
    " bra.uni $OUTER_JOIN;\n"               /* 14 */
    "$OUTER_ELSE:\n"
    " setp.eq.u32 %p3, %r1, 31;\n"          /* 15 lanes 16..31 */
    " @%p3 bra $SKIP;\n"                    /* 16 */
    " mov.u32 %r2, 3;\n"                    /* 17 lanes 16..30 */
    "$SKIP:\n"
    " add.u32 %r2, %r2, 100;\n"             /* 18 */
    "$OUTER_JOIN:\n"
    " add.u32 %r2, %r2, 1000;\n"            /* 19 */
    " st.global.u32 [%rd3], %r2;\n"         /* 20 */
    " ret;\n"                               /* 21 */
    "}\n";

/* Every instruction issues exactly once (each region diverges). Per lane:
   0..7 run 1-6, 8, 10, 11, 13, 14, 19-21 = 14; 8..15 run 1-6, 8, 9, 12,
   13, 14, 19-21 = 14; 16..30 run 1-7, 15, 17, 18, 19-21 = 13; lane 31
   runs 1-7, 15, 16, 18, 19-21 = 13. */
static void test_nested_if_else(void **state)
{
    (void)state;
    uint32_t out[32];
    struct counts c = launch(nested_ptx, "nested", 32, NULL, 0, out);
    for (uint32_t i = 0; i < 32; i++) {
        uint32_t want = i < 8 ? 1011 : i < 16 ? 1012 : i < 31 ? 1103 : 1100;
        assert_int_equal(out[i], want);
    }
    expect_counts("nested", c, 21, 8 * 14 + 8 * 14 + 15 * 13 + 1 * 13);
}

/* ---- loops --------------------------------------------------------------------- */

static const char loop_ptx[] = HDR
    ".visible .entry loop(.param .u64 out)\n"
    "{\n"
    " .reg .b32 %r<10>;\n .reg .b64 %rd<4>;\n .reg .pred %p<4>;\n"
    " ld.param.u64 %rd1, [out];\n"          /* 1 */
    " mov.u32 %r1, %tid.x;\n"               /* 2 */
    " mul.wide.u32 %rd2, %r1, 4;\n"         /* 3 */
    " add.s64 %rd3, %rd1, %rd2;\n"          /* 4 */
    " rem.u32 %r3, %r1, 5;\n"               /* 5 */
    " add.u32 %r3, %r3, 1;\n"               /* 6  n = tid % 5 + 1 */
    " mov.u32 %r2, 0;\n"                    /* 7 */
    " mov.u32 %r4, 0;\n"                    /* 8 */
    "$LOOP:\n"
    " add.u32 %r4, %r4, 1;\n"               /* 9 */
    " add.u32 %r2, %r2, %r4;\n"             /* 10 */
    " setp.lt.u32 %p1, %r4, %r3;\n"         /* 11 */
    " @%p1 bra $LOOP;\n"                    /* 12 backwards */
    " st.global.u32 [%rd3], %r2;\n"         /* 13 */
    " ret;\n"                               /* 14 */
    "}\n";

/* A backward @p bra whose trip count differs per lane: the body issues
   max(n) = 5 times (the finished lanes wait at the post-dominator), so
   8 + 5 * 4 + 2 = 30 warp-instructions. A lane with trip count n runs
   8 + 3n + (n - 1) + 2 = 9 + 4n instructions; n = 1..5 occur on 7, 7, 6,
   6, 6 lanes. */
static void test_loop_data_dependent_trips(void **state)
{
    (void)state;
    uint32_t out[32];
    struct counts c = launch(loop_ptx, "loop", 32, NULL, 0, out);
    for (uint32_t i = 0; i < 32; i++) {
        uint32_t n = i % 5 + 1;
        assert_int_equal(out[i], n * (n + 1) / 2);
    }
    expect_counts("loop", c, 30, 32 * 9 + 4 * (7 * 1 + 7 * 2 + 6 * 3 + 6 * 4 + 6 * 5));
}

static const char popc_ptx[] = HDR
    ".visible .entry popc(.param .u64 out)\n"
    "{\n"
    " .reg .b32 %r<10>;\n .reg .b64 %rd<4>;\n .reg .pred %p<4>;\n"
    " ld.param.u64 %rd1, [out];\n"          /* 1 */
    " mov.u32 %r1, %tid.x;\n"               /* 2 */
    " mul.wide.u32 %rd2, %r1, 4;\n"         /* 3 */
    " add.s64 %rd3, %rd1, %rd2;\n"          /* 4 */
    " mov.u32 %r2, 0;\n"                    /* 5 */
    " mov.u32 %r4, %r1;\n"                  /* 6  x = tid */
    "$HEAD:\n"
    " setp.eq.u32 %p1, %r4, 0;\n"           /* 7 */
    " @%p1 bra $EXIT;\n"                    /* 8  leave when x == 0 */
    " and.b32 %r5, %r4, 1;\n"               /* 9 */
    " setp.eq.u32 %p2, %r5, 0;\n"           /* 10 */
    " @%p2 bra $EVEN;\n"                    /* 11 */
    " add.u32 %r2, %r2, 1;\n"               /* 12 odd x only */
    "$EVEN:\n"
    " shr.u32 %r4, %r4, 1;\n"               /* 13 */
    " bra.uni $HEAD;\n"                     /* 14 */
    "$EXIT:\n"
    " st.global.u32 [%rd3], %r2;\n"         /* 15 */
    " ret;\n"                               /* 16 */
    "}\n";

/* A while loop with a divergent exit at the top and a divergent if in
   the body: lane i loops bitlength(i) times (at most 5 for i < 32), then
   one last check (7, 8) finds every lane done: 6 + 5 * 8 + 2 + 2 = 50.
   Per lane with L = bitlength(i): 6 + (L + 1) checks + 1 taken exit
   branch + 5 per iteration (exactly one of 11/12 counts) + 2 = 10 + 6L;
   the sum of L over 0..31 is 129. */
static void test_while_loop_with_inner_if(void **state)
{
    (void)state;
    uint32_t out[32];
    struct counts c = launch(popc_ptx, "popc", 32, NULL, 0, out);
    for (uint32_t i = 0; i < 32; i++)
        assert_int_equal(out[i], (uint32_t)__builtin_popcount(i));
    expect_counts("while", c, 50, 32 * 10 + 6 * 129);
}

/* ---- break out of a loop ---------------------------------------------------------- */

static const char break_ptx[] = HDR
    ".visible .entry brk(.param .u64 out)\n"
    "{\n"
    " .reg .b32 %r<10>;\n .reg .b64 %rd<4>;\n .reg .pred %p<4>;\n"
    " ld.param.u64 %rd1, [out];\n"          /* 1 */
    " mov.u32 %r1, %tid.x;\n"               /* 2 */
    " mul.wide.u32 %rd2, %r1, 4;\n"         /* 3 */
    " add.s64 %rd3, %rd1, %rd2;\n"          /* 4 */
    " and.b32 %r3, %r1, 3;\n"               /* 5  k = tid & 3 */
    " mov.u32 %r2, 0;\n"                    /* 6 */
    " mov.u32 %r4, 0;\n"                    /* 7 */
    "$TOP:\n"
    " setp.eq.u32 %p1, %r4, %r3;\n"         /* 8 */
    " @%p1 bra $OUT;\n"                     /* 9  break when i == k */
    " add.u32 %r2, %r2, 10;\n"              /* 10 */
    " add.u32 %r4, %r4, 1;\n"               /* 11 */
    " bra.uni $TOP;\n"                      /* 12 */
    "$OUT:\n"
    " add.u32 %r2, %r2, %r4;\n"             /* 13 */
    " st.global.u32 [%rd3], %r2;\n"         /* 14 */
    " ret;\n"                               /* 15 */
    "}\n";

/* Lanes break out of the loop on different trips (k = 0..3); the break
   target post-dominates the loop, so the warp runs the check 4 times and
   the body 3 times before the lanes meet again: 7 + 4*2 + 3*3 + 3 = 27.
   A lane with k runs 7 + (k+1) + 1 + 3k + 3 = 12 + 4k instructions. */
static void test_loop_break(void **state)
{
    (void)state;
    uint32_t out[32];
    struct counts c = launch(break_ptx, "brk", 32, NULL, 0, out);
    for (uint32_t i = 0; i < 32; i++)
        assert_int_equal(out[i], 11 * (i & 3));
    expect_counts("break", c, 27, 32 * 12 + 4 * 8 * (0 + 1 + 2 + 3));
}

/* ---- early exit ------------------------------------------------------------------- */

static const char early_ptx[] = HDR
    ".visible .entry early(.param .u64 out)\n"
    "{\n"
    " .reg .b32 %r<10>;\n .reg .b64 %rd<4>;\n .reg .pred %p<4>;\n"
    " ld.param.u64 %rd1, [out];\n"          /* 1 */
    " mov.u32 %r1, %tid.x;\n"               /* 2 */
    " mul.wide.u32 %rd2, %r1, 4;\n"         /* 3 */
    " add.s64 %rd3, %rd1, %rd2;\n"          /* 4 */
    " setp.ge.u32 %p1, %r1, 20;\n"          /* 5 */
    " @%p1 ret;\n"                          /* 6  lanes 20..31 leave */
    " mul.lo.u32 %r2, %r1, 3;\n"            /* 7 */
    " st.global.u32 [%rd3], %r2;\n"         /* 8 */
    " ret;\n"                               /* 9 */
    "}\n";

static const char exit_loop_ptx[] = HDR
    ".visible .entry exloop(.param .u64 out)\n"
    "{\n"
    " .reg .b32 %r<10>;\n .reg .b64 %rd<4>;\n .reg .pred %p<4>;\n"
    " ld.param.u64 %rd1, [out];\n"          /* 1 */
    " mov.u32 %r1, %tid.x;\n"               /* 2 */
    " mul.wide.u32 %rd2, %r1, 4;\n"         /* 3 */
    " add.s64 %rd3, %rd1, %rd2;\n"          /* 4 */
    " mov.u32 %r2, 0;\n"                    /* 5 */
    " mov.u32 %r4, 0;\n"                    /* 6 */
    "$L:\n"
    " add.u32 %r4, %r4, 1;\n"               /* 7 */
    " setp.eq.u32 %p2, %r4, 3;\n"           /* 8 */
    " and.b32 %r5, %r1, 1;\n"               /* 9 */
    " setp.ne.and.u32 %p3, %r5, 0, %p2;\n"  /* 10 odd lane, 3rd trip */
    " @%p3 exit;\n"                         /* 11 */
    " add.u32 %r2, %r2, %r4;\n"             /* 12 */
    " setp.lt.u32 %p1, %r4, 5;\n"           /* 13 */
    " @%p1 bra $L;\n"                       /* 14 */
    " st.global.u32 [%rd3], %r2;\n"         /* 15 */
    " ret;\n"                               /* 16 */
    "}\n";

/* Lanes that exit early stop issuing; the others continue alone. */
static void test_early_exit(void **state)
{
    (void)state;
    uint32_t out[32];
    struct counts c = launch(early_ptx, "early", 32, NULL, 0, out);
    for (uint32_t i = 0; i < 32; i++)
        assert_int_equal(out[i], i < 20 ? i * 3 : MARK);
    /* lanes < 20 run 1-5, 7-9 (8); lanes >= 20 run 1-6 (6) */
    expect_counts("early ret", c, 9, 20 * 8 + 12 * 6);
    /* the whole warp exits: nothing after the exit issues */
    char all[sizeof early_ptx];
    snprintf(all, sizeof all, "%s", early_ptx);
    char *p = strstr(all, "%r1, 20;");
    assert_non_null(p);
    memcpy(p, "%r1,  0;", 8);
    c = launch(all, "early", 32, NULL, 0, out);
    for (uint32_t i = 0; i < 32; i++)
        assert_int_equal(out[i], MARK);
    expect_counts("all exit", c, 6, 32 * 6);
}

/* Odd lanes exit on the third trip of a uniform loop: the loop still
   runs 5 trips, 6 + 5 * 8 + 2 = 48 warp-instructions. Even lanes run
   6 + 5 * 6 + 4 taken branches + 2 = 42; odd lanes 6 + 2 * 7 + 5 = 25. */
static void test_exit_inside_loop(void **state)
{
    (void)state;
    uint32_t out[32];
    struct counts c = launch(exit_loop_ptx, "exloop", 32, NULL, 0, out);
    for (uint32_t i = 0; i < 32; i++)
        assert_int_equal(out[i], i % 2 == 0 ? 15 : MARK);
    expect_counts("exit in loop", c, 48, 16 * 42 + 16 * 25);
}

/* ---- reconvergence is observable ----------------------------------------------------- */

static const char reconv_ptx[] = HDR
    ".visible .entry reconv(.param .u64 out)\n"
    "{\n"
    " .reg .b32 %r<10>;\n .reg .b64 %rd<4>;\n .reg .pred %p<4>;\n"
    " ld.param.u64 %rd1, [out];\n"          /* 1 */
    " mov.u32 %r1, %tid.x;\n"               /* 2 */
    " mul.wide.u32 %rd2, %r1, 4;\n"         /* 3 */
    " add.s64 %rd3, %rd1, %rd2;\n"          /* 4 */
    " and.b32 %r3, %r1, 3;\n"               /* 5 */
    " setp.eq.u32 %p1, %r3, 0;\n"           /* 6 */
    " @%p1 bra $A;\n"                       /* 7 */
    " activemask.b32 %r6;\n"                /* 8  lanes with tid % 4 != 0 */
    " bra.uni $J;\n"                        /* 9 */
    "$A:\n"
    " activemask.b32 %r6;\n"                /* 10 lanes with tid % 4 == 0 */
    "$J:\n"
    " activemask.b32 %r7;\n"                /* 11 all 32 again */
    " setp.ne.u32 %p2, %r7, -1;\n"          /* 12 */
    " @%p2 mov.u32 %r6, 0;\n"               /* 13 */
    " st.global.u32 [%rd3], %r6;\n"         /* 14 */
    " ret;\n"                               /* 15 */
    "}\n";

/* After the join every lane is active again (activemask = all ones), and
   inside each side exactly that side's lanes are. */
static void test_reconvergence_active_mask(void **state)
{
    (void)state;
    uint32_t out[32];
    struct counts c = launch(reconv_ptx, "reconv", 32, NULL, 0, out);
    for (uint32_t i = 0; i < 32; i++)
        assert_int_equal(out[i], i % 4 == 0 ? 0x11111111u : 0xeeeeeeeeu);
    /* tid % 4 == 0 (8 lanes): 1-7, 10-12, 14, 15 = 12 (13's guard false);
       others (24 lanes): 1-6, 8, 9, 11, 12, 14, 15 = 12 */
    expect_counts("reconv", c, 15, 8 * 12 + 24 * 12);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
#define T_(f) cmocka_unit_test_setup_teardown(f, setup, teardown)
        T_(test_straight_line_counts),
        T_(test_diamond_rejoin),
        T_(test_nested_if_else),
        T_(test_loop_data_dependent_trips),
        T_(test_while_loop_with_inner_if),
        T_(test_loop_break),
        T_(test_early_exit),
        T_(test_exit_inside_loop),
        T_(test_reconvergence_active_mask),
#undef T_
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

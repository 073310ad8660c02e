/*
** test_exec_fault.c - the faults of bad accesses: misaligned global loads,
** stores and atomics; global accesses past a buffer's end (the guard page
** after an allocation, and the bytes of a buffer's last page past its
** size, on the slow path and on one warp's fast path, and a warp's lanes
** spread over two buffers) or outside any allocation; shared and local
** accesses outside the CTA's or thread's range. Each diagnostic must name
** the PTX file:line:col and the fault.
*/
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>
#include "harness.h"

#define HDR ".version 8.0\n.target sm_75\n.address_size 64\n"

static uint64_t buf(size_t n)
{
    uint64_t a = th_alloc(&th_shared, n);
    assert_true(a != 0);
    return a;
}

/* A launch that faults: the diagnostic names file:line:col and the fault. */
static void expect_fault(const char *ptx, uint32_t threads,
                         const uint64_t *args, int nargs, int line, int col,
                         const char *what)
{
    if (th_load(&th_shared, ptx))
        fail_msg("load failed: %s", th_error(&th_shared));
    uint32_t grid[3] = { 1, 1, 1 }, block[3] = { threads, 1, 1 };
    int rc = th_launch(&th_shared, "f", grid, block, 0, args, nargs);
    th_expect_error(rc, th_error(&th_shared), line, col, what,
                    "the launch succeeded");
}

static void test_fault_misaligned(void **state)
{
    (void)state;
    uint64_t p = buf(64);
    expect_fault(HDR ".visible .entry f(.param .u64 p)\n{\n .reg .b32 %r<2>;\n .reg .b64 %rd<2>;\n"
                 " ld.param.u64 %rd1, [p];\n ld.global.u32 %r1, [%rd1+2];\n ret;\n}\n",
                 1, &p, 1, 9, 2, "misaligned global load of 4 bytes");
    expect_fault(HDR ".visible .entry f(.param .u64 p)\n{\n .reg .b32 %r<2>;\n .reg .b64 %rd<2>;\n"
                 " ld.param.u64 %rd1, [p];\n  atom.global.add.u32 %r1, [%rd1+6], 1;\n ret;\n}\n",
                 1, &p, 1, 9, 3, "misaligned global atomic of 4 bytes");
    expect_fault(HDR ".visible .entry f(.param .u64 p)\n{\n .reg .b64 %rd<3>;\n"
                 " ld.param.u64 %rd1, [p];\n mov.u64 %rd2, 0;\n st.global.v2.u64 [%rd1+8], {%rd2, %rd2};\n ret;\n}\n",
                 1, &p, 1, 9, 2, "misaligned global store of 16 bytes");
}

static void test_fault_out_of_bounds_global(void **state)
{
    (void)state;
    /* allocations are followed by an unmapped guard page */
    uint64_t p = buf(4096);
    expect_fault(HDR ".visible .entry f(.param .u64 p)\n{\n .reg .b32 %r<2>;\n .reg .b64 %rd<2>;\n"
                 " ld.param.u64 %rd1, [p];\n ld.global.u32 %r1, [%rd1+4096];\n ret;\n}\n",
                 1, &p, 1, 9, 2, "is past the end of the 4096-byte buffer");
    /* and so are the bytes of a buffer's last page past its size: one
       word past a 100-byte buffer, a u64 that starts inside and ends
       outside, and one warp of 32-bit loads (the fast path) whose last
       lanes run over */
    uint64_t q = buf(100);
    expect_fault(HDR ".visible .entry f(.param .u64 p)\n{\n .reg .b32 %r<2>;\n .reg .b64 %rd<2>;\n"
                 " ld.param.u64 %rd1, [p];\n ld.global.u32 %r1, [%rd1+100];\n ret;\n}\n",
                 1, &q, 1, 9, 2, "global load of 4 bytes at 0x" );
    expect_fault(HDR ".visible .entry f(.param .u64 p)\n{\n .reg .b32 %r<2>;\n .reg .b64 %rd<2>;\n"
                 " ld.param.u64 %rd1, [p];\n ld.global.u32 %r1, [%rd1+100];\n ret;\n}\n",
                 1, &q, 1, 9, 2, "is past the end of the 100-byte buffer at 0x");
    expect_fault(HDR ".visible .entry f(.param .u64 p)\n{\n .reg .b64 %rd<3>;\n"
                 " ld.param.u64 %rd1, [p];\n ld.global.u64 %rd2, [%rd1+96];\n ret;\n}\n",
                 1, &q, 1, 8, 2, "runs past the end of the 100-byte buffer");
    expect_fault(HDR ".visible .entry f(.param .u64 p)\n{\n .reg .b32 %r<3>;\n .reg .b64 %rd<4>;\n"
                 " ld.param.u64 %rd1, [p];\n mov.u32 %r1, %tid.x;\n mul.wide.u32 %rd2, %r1, 4;\n"
                 " add.s64 %rd3, %rd1, %rd2;\n ld.global.u32 %r2, [%rd3];\n ret;\n}\n",
                 32, &q, 1, 12, 2, "(warp 0 lane 25): global load of 4 bytes at");
    /* the lanes in two buffers, even lanes in p and odd ones in q: the
       first lane that runs past q's end faults */
    uint64_t pq[2] = { p, q };
    expect_fault(HDR ".visible .entry f(.param .u64 p, .param .u64 q)\n{\n .reg .pred %p<2>;\n"
                 " .reg .b32 %r<4>;\n .reg .b64 %rd<6>;\n"
                 " ld.param.u64 %rd1, [p];\n ld.param.u64 %rd2, [q];\n mov.u32 %r1, %tid.x;\n"
                 " and.b32 %r2, %r1, 1;\n setp.eq.u32 %p1, %r2, 0;\n selp.b64 %rd3, %rd1, %rd2, %p1;\n"
                 " mul.wide.u32 %rd4, %r1, 4;\n add.s64 %rd5, %rd3, %rd4;\n"
                 " ld.global.u32 %r3, [%rd5];\n ret;\n}\n",
                 32, pq, 2, 17, 2, "(warp 0 lane 25): global load of 4 bytes at");
    uint64_t zero = 8;
    expect_fault(HDR ".visible .entry f(.param .u64 p)\n{\n .reg .b64 %rd<2>;\n"
                 " ld.param.u64 %rd1, [p];\n st.global.u64 [%rd1], %rd1;\n ret;\n}\n",
                 1, &zero, 1, 8, 2, "global store of 8 bytes at 0x8 is outside any allocation");
}

static void test_fault_shared_and_local_range(void **state)
{
    (void)state;
    expect_fault(HDR ".visible .entry f()\n{\n .reg .b32 %r<2>;\n .shared .align 4 .b8 sh[16];\n"
                 " mov.u32 %r1, 1;\n st.shared.u32 [sh+16], %r1;\n ret;\n}\n",
                 1, NULL, 0, 9, 2, "outside the CTA's 16 bytes of shared memory");
    /* a whole warp through a 32-bit shared address (the fast path): the
       last lane's word starts at the array's end, or one lane is
       misaligned */
    expect_fault(HDR ".visible .entry f()\n{\n .reg .b32 %r<6>;\n .shared .align 4 .b8 sh[124];\n"
                 " mov.u32 %r1, %tid.x;\n shl.b32 %r2, %r1, 2;\n mov.u32 %r3, sh;\n"
                 " add.u32 %r4, %r3, %r2;\n ld.shared.u32 %r5, [%r4];\n ret;\n}\n",
                 32, NULL, 0, 12, 2, "(warp 0 lane 31): shared load of 4 bytes at");
    expect_fault(HDR ".visible .entry f()\n{\n .reg .b32 %r<6>;\n .shared .align 4 .b8 sh[256];\n"
                 " mov.u32 %r1, %tid.x;\n shl.b32 %r2, %r1, 2;\n mov.u32 %r3, sh;\n"
                 " add.u32 %r4, %r3, %r2;\n st.shared.u32 [%r4+2], %r1;\n ret;\n}\n",
                 32, NULL, 0, 12, 2, "misaligned");
    expect_fault(HDR ".visible .entry f()\n{\n .reg .b32 %r<3>;\n .local .align 4 .b8 fr[8];\n"
                 " mov.u32 %r1, 64;\n ld.local.u32 %r2, [%r1];\n ret;\n}\n",
                 1, NULL, 0, 9, 2, "outside the thread's 8-byte local frame");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_fault_misaligned, th_setup, th_teardown),
        cmocka_unit_test_setup_teardown(test_fault_out_of_bounds_global, th_setup, th_teardown),
        cmocka_unit_test_setup_teardown(test_fault_shared_and_local_range, th_setup, th_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

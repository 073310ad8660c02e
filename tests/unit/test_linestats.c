/*
** test_linestats.c - statistics per PTX line (debug/linestats.h) on a
** real timing run: a kernel whose lines have known costs (a load that
** misses, the instruction waiting for it, a load of the same line that
** hits, a shared-memory store with a 32-way bank conflict, one without)
** runs with the counter subscribed;
** each count must land on its line and not on the others, and the
** per-line sums must equal the model's own totals.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "debug/linestats.h"
#include "harness.h"
#include "ptx/ir.h"
#include "timing/event.h"

static const char *ptx =
    ".version 8.0\n.target sm_75\n.address_size 64\n"
    ".visible .entry k(.param .u64 a)\n{\n"
    " .reg .b32 %r<12>;\n .reg .b64 %rd<4>;\n"
    " .shared .align 4 .b8 sh[4096];\n"
    " ld.param.u64 %rd1, [a];\n"
    " mov.u32 %r1, %tid.x;\n"
    " mul.wide.u32 %rd2, %r1, 4;\n"
    " add.s64 %rd3, %rd1, %rd2;\n"
    " ld.global.u32 %r2, [%rd3];\n"          /* L_LOAD: misses */
    " add.u32 %r3, %r2, 1;\n"                /* L_USE: waits for it */
    " ld.global.u32 %r11, [%rd3];\n"         /* L_HIT: the line is in */
    " mov.u32 %r5, sh;\n"
    " and.b32 %r10, %r1, 31;\n"
    " shl.b32 %r4, %r10, 7;\n"
    " add.u32 %r6, %r5, %r4;\n"
    " st.shared.u32 [%r6], %r3;\n"           /* L_CONFLICT: one bank */
    " shl.b32 %r7, %r1, 2;\n"
    " add.u32 %r8, %r5, %r7;\n"
    " st.shared.u32 [%r8], %r3;\n"           /* L_CLEAN: all banks */
    " add.u32 %r9, %r3, %r11;\n"
    " st.global.u32 [%rd3], %r9;\n"
    " ret;\n}\n";

static int line_of(const char *needle)
{
    return th_line_of(ptx, needle);
}

static int64_t stat(const struct jv *st, const char *group, const char *key)
{
    const struct jv *v = jv_get(jv_get(st, group), key);
    assert_non_null(v);
    return v->u.i;
}

/* A device with sets, an event bus and the kernel loaded; nothing
   counting yet. */
static void setup(struct th *t, struct evbus *bus, const char *const *sets,
                  struct linestats *ls)
{
    assert_int_equal(th_init(t, sets), 0);
    evbus_init(bus);
    t->dev.bus = bus;
    assert_int_equal(th_load(t, ptx), 0);
    linestats_init(ls);
}

static void test_counts_land_on_their_lines(void **state)
{
    (void)state;
    struct th t;
    struct evbus bus;
    struct linestats ls;
    const char *sets[] = { "sm.count=1", "rf.banks=2", NULL };
    setup(&t, &bus, sets, &ls);
    assert_false(linestats_counting(&ls));
    assert_int_equal(linestats_start(&ls, &t.dev), 0);
    assert_true(linestats_counting(&ls));

    uint64_t a = th_alloc(&t, 64 * 4);
    uint32_t grid[3] = { 1, 1, 1 }, block[3] = { 64, 1, 1 };
    if (th_launch(&t, "k", grid, block, 0, &a, 1))
        fail_msg("%s", th_error(&t));

    const struct ptx_module *mod = t.dev.modules.v[t.module].mod;
    const struct kimage *k = t.dev.modules.v[t.module].kernels[0];
    struct lstat *l = linestats_lines(&ls, k, mod, 0);
    assert_non_null(l);
    int n = (int)mod->line_start.n;
    int load = line_of("ld.global"), use = line_of("add.u32 %r3"),
        conflict = line_of("st.shared.u32 [%r6]"),
        clean = line_of("st.shared.u32 [%r8]"),
        hit = line_of("ld.global.u32 %r11");

    /* every line with an instruction issued once per warp, others never */
    for (int i = 1; i <= n; i++) {
        bool inst = false;
        for (int32_t pc = 0; pc < k->ninst; pc++)
            inst |= k->flat.insts.v[pc].line == i;
        assert_int_equal(l[i].issued, inst ? 2 : 0);
    }
    /* shared-memory conflicts: 31 extra passes per warp, on that line */
    assert_int_equal(l[conflict].shmem, 2 * 31);
    assert_int_equal(l[clean].shmem, 0);
    /* L1D: both warps' loads on the load line; the first one misses */
    assert_int_equal(l[load].l1, 2);
    assert_true(l[load].miss >= 1);
    assert_int_equal(l[hit].l1, 2);
    assert_int_equal(l[hit].miss, 0);
    /* the wait for the load counts where the warp waits: its user */
    assert_true(l[use].stall[STALL_MEMORY] > 0);
    assert_int_equal(l[load].stall[STALL_MEMORY], 0);

    struct jv *st = device_stats(&t.dev);
    uint64_t sum[4] = { 0 };
    for (int i = 1; i <= n; i++) {
        if (i != conflict)
            assert_int_equal(l[i].shmem, 0);
        if (i != load && i != hit)
            assert_int_equal(l[i].l1, 0);
        sum[0] += l[i].rf;
        sum[1] += l[i].shmem;
        sum[2] += l[i].l1;
        sum[3] += l[i].miss;
    }
    /* two banks: conflicts happen, and every one is found on a line */
    assert_true(sum[0] > 0);
    assert_int_equal(ls.lost.rf, 0);
    assert_int_equal(sum[0], stat(st, "rf", "bank_conflicts"));
    assert_int_equal(sum[1], stat(st, "shmem", "bank_conflicts"));
    assert_int_equal(sum[2], stat(st, "l1d", "accesses"));
    assert_int_equal(sum[3], stat(st, "l1d", "misses"));
    jv_free(st);

    /* the text: hottest by shmem first, the conflict line with its count */
    struct strbuf o;
    sb_init(&o);
    char err[200];
    assert_true(linestats_text(&ls, &t.dev, LS_SHMEM, 1, &o, err, sizeof err));
    const char *s = sb_str(&o);
    char want[64];
    snprintf(want, sizeof want, "\n%6d ", conflict);
    assert_non_null(strstr(s, want));
    assert_non_null(strstr(s, "st.shared.u32 [%r6], %r3;"));
    assert_null(strstr(s, "[%r8]"));   /* N = 1: only the hottest */
    sb_free(&o);

    assert_int_equal(linestats_key("miss"), LS_MISS);
    assert_int_equal(linestats_key("memory"), LS_REASON + STALL_MEMORY);
    assert_int_equal(linestats_key("idle"), -1);   /* not a stall here */
    assert_int_equal(linestats_key("bogus"), -1);
    free(l);
    linestats_free(&ls);
    assert_false(linestats_counting(&ls));
    th_free(&t);
}

/* Nothing counted before start: a kernel run without the subscriber has
   no counts, and the text says why. */
static void test_nothing_before_start(void **state)
{
    (void)state;
    struct th t;
    struct evbus bus;
    struct linestats ls;
    const char *sets[] = { "sm.count=1", NULL };
    setup(&t, &bus, sets, &ls);
    struct strbuf o;
    sb_init(&o);
    char err[200] = "";
    assert_false(linestats_text(&ls, &t.dev, LS_STALL, 5, &o, err, sizeof err));
    assert_non_null(strstr(err, "not being counted"));
    assert_int_equal(linestats_start(&ls, &t.dev), 0);
    assert_false(linestats_text(&ls, &t.dev, LS_STALL, 5, &o, err, sizeof err));
    assert_non_null(strstr(err, "nothing counted for kernel k"));
    assert_null(linestats_lines(&ls, t.dev.modules.v[t.module].kernels[0],
                                t.dev.modules.v[t.module].mod, 0));
    sb_free(&o);
    linestats_free(&ls);
    th_free(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_counts_land_on_their_lines),
        cmocka_unit_test(test_nothing_before_start),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

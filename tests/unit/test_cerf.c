/*
** test_cerf.c - design cerf: the register re-indexing bit layout and
** placement of the paper's section III-C, the storage arithmetic of
** section III-E, every entry-state transition of Fig. 6 and both
** replacement policies on the array, and through real kernels: registers
** spill and fill back under lru-fair but never under lru-prioritized
** (with correct results either way), dirty blocks are written back when
** replaced, the dead-operand bits free registers.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>
#include "designs/cerf.h"
#include "harness.h"

/* ---- re-indexing and placement -------------------------------------- */

static void test_reindex_bits(void **state)
{
    (void)state;
    /* warp 5, register 3, 10 registers per thread: warp register 53 */
    assert_int_equal(cerf_warp_reg(5, 3, 10), 53);
    uint64_t a = cerf_regmem(3, 53);
    assert_int_equal(a & 0x7f, 0);                      /* block offset */
    assert_int_equal((a >> 7) & 0x3ff, 53);             /* 10-bit number */
    assert_int_equal((a >> 17) & 0x7fff, 3);            /* 15-bit prefix */
    assert_true(a >> 32 != 0);                          /* isolated region */
    assert_int_equal(cerf_regmem_wr(3, a), 53);
    assert_int_equal(cerf_regmem_wr(4, a), -1);         /* another SM's */
    assert_int_equal(cerf_regmem_wr(3, 0x1000), -1);    /* a memory line */
    /* the largest warp register stays inside the SM's region */
    assert_int_equal(cerf_regmem_wr(3, cerf_regmem(3, 1023)), 1023);
}

static void test_locate_bits(void **state)
{
    (void)state;
    /* 256 sets in 4 tag banks, 32 data banks: the 2 bits above the
       offset pick the tag bank, the next 6 the set in it, the rest is
       the tag */
    struct cerf_geom g = { 256, 4, 32, 4 };
    uint64_t addrs[] = { 0, 128, 0x12345680, 0xdeadbe80, cerf_regmem(7, 999),
                         0xffffffff80ULL };
    for (size_t i = 0; i < sizeof addrs / sizeof addrs[0]; i++) {
        struct cerf_where w;
        cerf_locate(&g, addrs[i], &w);
        assert_int_equal(w.tag_bank, (addrs[i] >> 7) & 3);
        assert_int_equal(w.set_in_bank, (addrs[i] >> 9) & 63);
        assert_int_equal(w.set, (addrs[i] >> 7) & 255);
        assert_int_equal(w.tag, addrs[i] >> 15);
        assert_true(w.data_bank / 8 == w.tag_bank);     /* its 8 banks */
    }
    /* sequential registers land in sequential sets and tag banks, and 32
       sequential registers cover every data bank */
    uint32_t seen = 0;
    for (uint32_t wr = 0; wr < 32; wr++) {
        struct cerf_where w;
        cerf_locate(&g, cerf_regmem(0, wr), &w);
        assert_int_equal(w.set, wr);
        assert_int_equal(w.tag_bank, wr % 4);
        seen |= 1u << w.data_bank;
    }
    assert_int_equal(seen, 0xffffffffu);
}

/* cerf_locate by masks and shifts is the division formula, for the
   paper's geometry and for counts that are not powers of two (3 tag
   banks, 6 sets per bank, 12 banks), over random addresses. */
static void test_locate_any_geometry(void **state)
{
    (void)state;
    static const struct cerf_geom gs[] = {
        { 256, 8, 32, 4 }, { 96, 4, 12, 3 }, { 64, 2, 16, 16 },
        { 7, 1, 5, 1 }, { 128, 4, 8, 8 }
    };
    uint64_t seed = 5;
    for (size_t k = 0; k < sizeof gs / sizeof gs[0]; k++) {
        const struct cerf_geom *g = &gs[k];
        for (int i = 0; i < 5000; i++) {
            seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
            uint64_t a = seed >> (i % 3 ? 16 : 0);
            uint64_t block = a >> CERF_BLOCK_BITS;
            uint32_t per_tb = g->banks / g->tag_banks;
            uint32_t set = (uint32_t)(block % g->sets);
            struct cerf_where w;
            cerf_locate(g, a, &w);
            assert_int_equal(w.set, set);
            assert_int_equal(w.tag, block / g->sets);
            assert_int_equal(w.tag_bank, set % g->tag_banks);
            assert_int_equal(w.set_in_bank, set / g->tag_banks);
            assert_int_equal(w.data_bank, (set % g->tag_banks) * per_tb +
                                              set / g->tag_banks % per_tb);
        }
    }
}

/* ---- storage ----------------------------------------------------------- */

static void test_storage(void **state)
{
    (void)state;
    struct cerf_cost c;
    /* the paper's defaults: 128 KB, 4-way, 256 sets; 16 KB 4-way L1D */
    cerf_cost(32768, 4, 16384, 4, 128, &c);
    assert_int_equal(c.data_bytes, 131072);
    assert_int_equal(c.tag_bits, 1024 * 17);            /* 2.125 KB */
    assert_int_equal(c.tag_bits / 8, 2176);
    assert_int_equal(c.state_bits / 8, 256);            /* 2 bits each */
    assert_int_equal(c.total_bytes, 133504);            /* 130.375 KB */
    /* 128 KB RF + 16 KB L1D + 128 lines x (20 tag + valid + dirty) */
    assert_int_equal(c.base_total_bytes, 131072 + 16384 + 128 * 22 / 8);
    /* 8-way: 128 sets, one index bit fewer, one tag bit more */
    cerf_cost(32768, 8, 16384, 4, 128, &c);
    assert_int_equal(c.tag_bits, 1024 * 18);
    cerf_cost(32768, 2, 16384, 4, 128, &c);
    assert_int_equal(c.tag_bits, 1024 * 16);
}

/* ---- the array: Fig. 6 and the policies --------------------------------- */

static struct cerf_array one_set(enum cerf_policy pol)
{
    struct cerf_geom g = { 1, 4, 4, 1 };
    struct cerf_array a;
    cerf_array_init(&a, &g, pol);
    return a;
}

static void put(struct cerf_array *a, uint64_t addr, uint8_t st,
                struct cerf_victim *v)
{
    int w = cerf_array_victim(a, 0, st);
    assert_true(w >= 0);
    cerf_array_put(a, 0, w, addr, st, v);
}

static void test_transitions(void **state)
{
    (void)state;
    struct cerf_array a = one_set(CP_LRU_PRIORITIZED);
    struct cerf_victim v;
    /* inactive -> reg: a register write */
    put(&a, 0x100000, CS_REG, &v);
    assert_false(v.replaced);
    assert_int_equal(a.count[CS_REG], 1);
    /* reg -> inactive: the dead-operand bit */
    int w = cerf_array_find(&a, 0, 0x100000);
    cerf_array_set_state(&a, 0, w, CS_INACTIVE);
    assert_int_equal(a.count[CS_REG], 0);
    assert_int_equal(cerf_array_find(&a, 0, 0x100000), -1);
    /* inactive -> cache: a load fill, into the freed way */
    put(&a, 0x80, CS_CACHE, &v);
    assert_int_equal(v.way, (uint32_t)w);
    assert_false(v.replaced);
    /* cache -> dirty: a store */
    w = cerf_array_find(&a, 0, 0x80);
    cerf_array_set_state(&a, 0, w, CS_DIRTY);
    assert_int_equal(a.count[CS_DIRTY], 1);
    /* fill the other ways with registers; then a new register replaces
       the dirty block (the only non-register), which must be written
       back by the caller */
    put(&a, 0x100080, CS_REG, &v);
    put(&a, 0x100100, CS_REG, &v);
    put(&a, 0x100180, CS_REG, &v);
    assert_int_equal(a.count[CS_INACTIVE], 0);
    put(&a, 0x100200, CS_REG, &v);
    assert_true(v.replaced);
    assert_int_equal(v.state, CS_DIRTY);
    assert_int_equal(v.addr, 0x80);
    assert_int_equal(a.count[CS_DIRTY], 0);
    assert_int_equal(a.count[CS_REG], 4);
    /* cache data never displaces a register under lru-prioritized */
    assert_int_equal(cerf_array_victim(&a, 0, CS_CACHE), -1);
    /* ... but a register takes the least recently used register */
    int lru = cerf_array_victim(&a, 0, CS_REG);
    assert_int_equal(lru, cerf_array_find(&a, 0, 0x100080));
    cerf_array_free(&a);
}

static void test_lru_fair(void **state)
{
    (void)state;
    struct cerf_array a = one_set(CP_LRU_FAIR);
    struct cerf_victim v;
    put(&a, 0x100000, CS_REG, &v);     /* oldest: a register */
    put(&a, 0x80, CS_CACHE, &v);
    put(&a, 0x100, CS_CACHE, &v);
    put(&a, 0x180, CS_CACHE, &v);
    /* plain LRU: the cache fill displaces the register (a spill) */
    put(&a, 0x200, CS_CACHE, &v);
    assert_true(v.replaced);
    assert_int_equal(v.state, CS_REG);
    assert_int_equal(v.addr, 0x100000);
    /* touching makes a block most recent: 0x80 survives the next fill */
    cerf_array_touch(&a, 0, cerf_array_find(&a, 0, 0x80));
    put(&a, 0x280, CS_CACHE, &v);
    assert_int_equal(v.addr, 0x100);
    assert_int_equal(cerf_array_age(&a, 0, (uint32_t)cerf_array_find(&a, 0, 0x280)), 0);
    /* an inactive way is always taken first */
    cerf_array_set_state(&a, 0, cerf_array_find(&a, 0, 0x180), CS_INACTIVE);
    put(&a, 0x300, CS_REG, &v);
    assert_false(v.replaced);
    cerf_array_free(&a);
}

/* ---- through real kernels ------------------------------------------------ */

/* Each warp keeps %r9 alive across a loop that loads n lines (one per
   iteration, stride 128 B) and uses it at the end: the loads stream
   through every set while %r9 is never touched. */
static const char *ptx_keep =
    ".version 8.0\n.target sm_75\n.address_size 64\n"
    ".visible .entry keep(.param .u64 a, .param .u64 out, .param .u32 n)\n{\n"
    " .reg .pred %p<2>;\n .reg .b32 %r<12>;\n .reg .b64 %rd<8>;\n"
    " ld.param.u64 %rd1, [a];\n ld.param.u64 %rd2, [out];\n"
    " ld.param.u32 %r1, [n];\n"
    " mov.u32 %r2, %tid.x;\n mul.lo.u32 %r9, %r2, 3;\n"
    " mov.u32 %r3, 0;\n mov.u32 %r4, 0;\n"
    "L:\n mul.wide.u32 %rd3, %r3, 128;\n add.s64 %rd4, %rd1, %rd3;\n"
    " ld.global.u32 %r5, [%rd4];\n add.u32 %r4, %r4, %r5;\n"
    " add.u32 %r3, %r3, 1;\n setp.lt.u32 %p1, %r3, %r1;\n @%p1 bra L;\n"
    " add.u32 %r6, %r4, %r9;\n mul.wide.u32 %rd5, %r2, 4;\n"
    " add.s64 %rd6, %rd2, %rd5;\n st.global.u32 [%rd6], %r6;\n"
    " ret;\n}\n"
    ".visible .entry dirty(.param .u64 a, .param .u64 out, .param .u32 n)\n{\n"
    " .reg .pred %p<2>;\n .reg .b32 %r<12>;\n .reg .b64 %rd<8>;\n"
    " ld.param.u64 %rd1, [a];\n ld.param.u64 %rd2, [out];\n"
    " ld.param.u32 %r1, [n];\n mov.u32 %r2, %tid.x;\n"
    " mul.wide.u32 %rd5, %r2, 4;\n add.s64 %rd6, %rd2, %rd5;\n"
    " st.global.u32 [%rd6], %r2;\n"
    " mov.u32 %r3, 0;\n mov.u32 %r4, 0;\n"
    "L:\n mul.wide.u32 %rd3, %r3, 128;\n add.s64 %rd4, %rd1, %rd3;\n"
    " ld.global.u32 %r5, [%rd4];\n add.u32 %r4, %r4, %r5;\n"
    " add.u32 %r3, %r3, 1;\n setp.lt.u32 %p1, %r3, %r1;\n @%p1 bra L;\n"
    " st.global.u32 [%rd6+128], %r4;\n"
    " ret;\n}\n";

struct outcome {
    int64_t spills, fills, freed, writebacks, rc, storage;
};

static int64_t cerf_int(const struct jv *st, const char *key)
{
    const struct jv *v = jv_get(jv_get(st, "cerf"), key);
    assert_non_null(v);
    return v->u.i;
}

/* Runs kernel `name` on a small cerf array (64 blocks: 16 sets x 4 ways)
   and checks its results. */
static struct outcome run_with(const char *name, const char *policy,
                               const char *write_global, const char *extra,
                               struct jv **stats)
{
    char pol[64], wg[64];
    snprintf(pol, sizeof pol, "cerf.policy=%s", policy);
    snprintf(wg, sizeof wg, "l1d.write_global=%s", write_global);
    const char *sets[] = { "design=cerf", "sm.registers=2048", "rf.banks=8",
                           pol, wg, extra, NULL };
    struct th t;
    assert_int_equal(th_init(&t, sets), 0);
    assert_int_equal(th_load(&t, ptx_keep), 0);
    enum { N = 96 };
    /* out: 64 words, and 'dirty' stores 32 words 128 bytes on */
    uint64_t a = th_alloc(&t, N * 128), out = th_alloc(&t, 384);
    uint32_t line[32] = { 0 };
    uint32_t sum = 0;
    for (uint32_t i = 0; i < N; i++) {
        line[0] = i * 7 + 1;
        sum += line[0];
        th_write(&t, a + i * 128, line, sizeof line);
    }
    uint32_t grid[3] = { 1, 1, 1 }, block[3] = { 64, 1, 1 };
    uint64_t args[3] = { a, out, N };
    if (th_launch(&t, name, grid, block, 0, args, 3))
        fail_msg("%s", th_error(&t));
    uint32_t res[64];
    th_read(&t, out, res, sizeof res);
    for (uint32_t i = 0; i < 64; i++) {
        if (strcmp(name, "keep") == 0)
            assert_int_equal(res[i], sum + 3 * i);
        else if (i >= 32)
            assert_int_equal(res[i], sum);   /* warp 0 lanes' second store */
    }
    struct jv *st = device_stats(&t.dev);
    struct outcome o = { cerf_int(st, "spills"), cerf_int(st, "fills"),
                         cerf_int(st, "freed_by_dead_bits"),
                         cerf_int(st, "writebacks"),
                         jv_get(jv_get(jv_get(st, "cerf"), "interference"),
                                "register_by_cache")->u.i,
                         cerf_int(st, "storage_bytes") };
    if (stats)
        *stats = st;
    else
        jv_free(st);
    th_free(&t);
    return o;
}

static struct outcome run(const char *name, const char *policy,
                          const char *write_global)
{
    return run_with(name, policy, write_global, NULL, NULL);
}

/* A read served after its spilled register's fill is a miss: hits,
   refills and cold reads add up to the reads. The paper's tag stage
   (cerf.tag_stage_cycles = 0) takes the extra cycle out of every
   register access: the same kernel runs in fewer cycles. */
static void test_hit_rate_and_tag_stage(void **state)
{
    (void)state;
    struct jv *a, *b;
    run_with("keep", "lru-fair", "evict", NULL, &a);
    run_with("keep", "lru-fair", "evict", "cerf.tag_stage_cycles=0", &b);
    int64_t reads = cerf_int(a, "register_reads");
    int64_t refilled = cerf_int(a, "refilled_reads");
    assert_true(refilled > 0);
    assert_int_equal(cerf_int(a, "register_hits") + refilled +
                         cerf_int(a, "cold_reads"),
                     reads);
    assert_true(jv_num_at(jv_get(a, "cerf"), "register_hit_rate") < 1.0);
    assert_true(jv_get(b, "cycles")->u.i < jv_get(a, "cycles")->u.i);
    jv_free(a);
    jv_free(b);
}

static void test_fair_spills_prioritized_never(void **state)
{
    (void)state;
    struct outcome f = run("keep", "lru-fair", "evict");
    assert_true(f.spills > 0);
    assert_true(f.rc > 0);              /* registers displaced by cache data */
    assert_true(f.fills > 0);           /* ... and brought back when read */
    assert_true(f.fills <= f.spills);
    assert_int_equal(f.freed, 0);       /* lru-fair ignores dead bits */
    struct outcome p = run("keep", "lru-prioritized", "evict");
    assert_int_equal(p.spills, 0);
    assert_int_equal(p.fills, 0);
    assert_int_equal(p.rc, 0);
    assert_true(p.freed > 0);           /* dead-operand bits free registers */
    /* 64 blocks: 8 KB data + 64 x 21 tag bits + 64 x 2 state bits */
    assert_int_equal(p.storage, 8192 + 64 * 21 / 8 + 64 * 2 / 8);
}

static void test_dirty_writeback(void **state)
{
    (void)state;
    /* write-back stores make a dirty block; the streaming loads displace
       it, so it is written back */
    struct outcome b = run("dirty", "lru-prioritized", "back");
    assert_true(b.writebacks >= 1);
    /* write-evict stores never leave a dirty block behind */
    struct outcome e = run("dirty", "lru-prioritized", "evict");
    assert_int_equal(e.writebacks, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_reindex_bits),
        cmocka_unit_test(test_locate_bits),
        cmocka_unit_test(test_locate_any_geometry),
        cmocka_unit_test(test_storage),
        cmocka_unit_test(test_transitions),
        cmocka_unit_test(test_lru_fair),
        cmocka_unit_test(test_fair_spills_prioritized_never),
        cmocka_unit_test(test_dirty_writeback),
        cmocka_unit_test(test_hit_rate_and_tag_stage),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

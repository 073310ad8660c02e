/*
** test_tinycache.c - design `tinycache` (seed 002): the paper's exact
** numbers (113 metadata bits, 15 B, 1264 B per tinyCache, 19% control
** overhead, 2 sets) and the design on real kernels run by the timing
** model: lane sharing between warps, misses coalesced before the L1D,
** per-thread reuse, write-validate, every Fig. 3 edge as counted by the
** statistics, partial write-backs of only the dirty half-words, byte
** stores, atomics, volatile loads, barriers, fences, CTA exits, shared
** memory and the three policies, and the design's events.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "harness.h"
#include "designs/registry.h"
#include "designs/tinycache.h"
#include "timing/event.h"
#include "timing/tparams.h"
#include "util/jval.h"

/* ---- the paper's numbers ------------------------------------------------ */

static void test_storage_numbers(void **state)
{
    (void)state;
    /* 2 state + 79 tag + 32 control bits = 113 bits = 14.125 B -> 15 B */
    assert_int_equal(tinycache_meta_bits(64), 113);
    assert_int_equal((tinycache_meta_bits(64) + 7) / 8, 15);
    /* 16 x (64 + 15) B = 1264 B, of which 16 x 15 = 240 B (19%) control */
    assert_int_equal(tinycache_bytes(16, 64), 1264);
    assert_int_equal(1000 * 240 / tinycache_bytes(16, 64), 189);  /* 18.99% */
    /* 1 KB / 64 B = 16 lines in 8-way sets: 2 sets; 32 lanes per SM */
    struct tclane c;
    tclane_init(&c, 1024 / 64, 8, 64);
    assert_int_equal(c.sets, 2);
    tclane_free(&c);
    assert_int_equal(32 * tinycache_bytes(16, 64), 40448);
}

/* The storage bill of `inspect --cost` lists the paper's arithmetic. */
static void test_storage_bill(void **state)
{
    (void)state;
    const struct design *d = design_find("tinycache");
    assert_non_null(d);
    struct th t;
    assert_int_equal(th_init(&t, NULL), 0);
    struct tparams p;
    tparams_init(&p, &t.dev.cfg);
    struct jv *items = jv_arr();
    d->cost(&t.dev.cfg, &p, items);
    int64_t data = -1, meta = -1;
    for (size_t i = 0; i < items->n; i++) {
        const char *part = jv_get(items->items[i], "part")->u.s;
        int64_t bits = jv_get(items->items[i], "bits")->u.i;
        if (strcmp(part, "tinyCache data") == 0)
            data = bits;
        if (strcmp(part, "tinyCache metadata") == 0)
            meta = bits;
    }
    assert_int_equal(data, 32 * 16 * 64 * 8);
    assert_int_equal(meta, 32 * 16 * 15 * 8);
    assert_int_equal((data + meta) / 8 / 32, 1264);
    jv_free(items);
    th_free(&t);
}

/* ---- kernels ---------------------------------------------------------------- */

/* Every kernel: a, b, out (u64 pointers); %r1 = tid, %rd5 = &a[tid],
   %rd6 = &out[tid], %rd8 = &a[16 tid], %rd9 = &b[16 tid] (a 64-byte block
   per thread). */
#define PROLOGUE                                                               \
    ".version 8.0\n.target sm_75\n.address_size 64\n"                         \
    ".visible .entry k(.param .u64 a, .param .u64 b, .param .u64 out)\n{\n"   \
    " .reg .b32 %r<40>;\n .reg .b64 %rd<40>;\n .reg .b16 %h<4>;\n"            \
    " .shared .align 4 .b32 sh[64];\n"                                        \
    " ld.param.u64 %rd1, [a];\n ld.param.u64 %rd2, [b];\n"                    \
    " ld.param.u64 %rd3, [out];\n mov.u32 %r1, %tid.x;\n"                     \
    " mul.wide.u32 %rd4, %r1, 4;\n add.s64 %rd5, %rd1, %rd4;\n"               \
    " add.s64 %rd6, %rd3, %rd4;\n mul.wide.u32 %rd7, %r1, 64;\n"              \
    " add.s64 %rd8, %rd1, %rd7;\n add.s64 %rd9, %rd2, %rd7;\n"
#define EPILOGUE " ret;\n}\n"

#define N 4096                    /* words in a and b */

struct run {
    struct jv *st;                /* statistics */
    uint32_t a[N], b[N], out[N];  /* memory after the run */
    uint32_t events[4];           /* fill, writeback, flush, bypass */
    uint64_t wb_mask[64];         /* masks of the first writeback events */
    uint32_t nwb;
};

static const char *const ev_names[4] = { "tinycache.fill",
                                         "tinycache.writeback",
                                         "tinycache.flush",
                                         "tinycache.bypass" };

static bool on_event(void *ctx, const struct ws_event *e)
{
    struct run *r = ctx;
    for (int i = 0; i < 4; i++)
        if (e->type == ev_lookup(ev_names[i])) {
            r->events[i]++;
            if (i == 1 && r->nwb < 64)
                r->wb_mask[r->nwb++] = (uint64_t)e->b;
        }
    return false;
}

/* Runs body on `threads` threads of one CTA under design tinycache with
   the extra sets; a[i] = 1000 + i, b[i] = 0, out[i] = 0 before. */
static void run(const char *body, uint32_t threads, const char *set1,
                struct run *r)
{
    const char *sets[] = { "design=tinycache", set1, NULL };
    memset(r, 0, sizeof *r);
    struct th t;
    assert_int_equal(th_init(&t, sets), 0);
    struct evbus bus;
    evbus_init(&bus);
    uint64_t mask = 0;
    for (int i = 0; i < 4; i++) {
        int ty = ev_lookup(ev_names[i]);
        assert_true(ty >= 0);
        mask |= 1ULL << ty;
    }
    assert_true(evbus_subscribe(&bus, mask, on_event, r) >= 0);
    t.dev.bus = &bus;
    size_t len = strlen(PROLOGUE) + strlen(body) + strlen(EPILOGUE) + 1;
    char *ptx = malloc(len);
    snprintf(ptx, len, "%s%s%s", PROLOGUE, body, EPILOGUE);
    assert_int_equal(th_load(&t, ptx), 0);
    free(ptx);
    uint64_t a = th_alloc(&t, 4 * N), b = th_alloc(&t, 4 * N),
             o = th_alloc(&t, 4 * N);
    for (uint32_t i = 0; i < N; i++)
        r->a[i] = 1000 + i;
    th_write(&t, a, r->a, sizeof r->a);
    th_write(&t, b, r->b, sizeof r->b);
    th_write(&t, o, r->out, sizeof r->out);
    uint32_t grid[3] = { 1, 1, 1 }, block[3] = { threads, 1, 1 };
    uint64_t args[3] = { a, b, o };
    if (th_launch(&t, "k", grid, block, 0, args, 3))
        fail_msg("%s", th_error(&t));
    th_read(&t, a, r->a, sizeof r->a);
    th_read(&t, b, r->b, sizeof r->b);
    th_read(&t, o, r->out, sizeof r->out);
    r->st = device_stats(&t.dev);
    th_free(&t);
}

static int64_t tc(const struct run *r, const char *key)
{
    const struct jv *v = jv_get(jv_get(r->st, "tinycache"), key);
    if (!v)
        fail_msg("no tinycache.%s", key);
    return v->u.i;
}

static int64_t sub(const struct run *r, const char *obj, const char *key)
{
    const struct jv *o = jv_get(jv_get(r->st, "tinycache"), obj);
    const struct jv *v = jv_get(o, key);
    if (!v)
        fail_msg("no tinycache.%s.%s", obj, key);
    return v->u.i;
}

static int64_t l1(const struct run *r, const char *key)
{
    return jv_get(jv_get(r->st, "l1d"), key)->u.i;
}

/* Lane l of both warps reads a[l]: warp 0's 32 misses are one L1 access
   (coalesced), and warp 1 finds every line in its lane's cache (lane l
   of every warp shares tinyCache l). */
static void test_lanes_shared_by_warps(void **state)
{
    (void)state;
    struct run r;
    run(" and.b32 %r2, %r1, 31;\n mul.wide.u32 %rd10, %r2, 4;\n"
        " add.s64 %rd11, %rd1, %rd10;\n ld.global.u32 %r3, [%rd11];\n"
        " st.global.u32 [%rd6], %r3;\n",
        64, NULL, &r);
    for (uint32_t i = 0; i < 64; i++)
        assert_int_equal(r.out[i], 1000 + i % 32);
    assert_int_equal(tc(&r, "fills_global"), 32);
    assert_int_equal(sub(&r, "transitions", "rm"), 32);
    assert_int_equal(sub(&r, "transitions", "rh"), 32);      /* warp 1 */
    assert_int_equal(tc(&r, "served_global") - 64 +
                         tc(&r, "hits_under_fill_global"), 32);
    assert_int_equal(l1(&r, "accesses"), 1);
    assert_int_equal(tc(&r, "l1d_would_be"), 2 + 2);          /* 2 loads,
                                                                  2 stores */
    /* the 64 stores wrote without fetching (wm) and left at the CTA's
       exit as partial write-backs, merged per L1 line: 2 stores */
    assert_int_equal(sub(&r, "transitions", "wm"), 64);
    assert_int_equal(tc(&r, "writebacks_partial"), 64);
    assert_int_equal(tc(&r, "writeback_bytes"), 256);
    assert_int_equal(l1(&r, "stores"), 2);
    assert_int_equal(tc(&r, "cta_exit_invalidations"), 1);
    assert_int_equal(tc(&r, "flushed_lines"), 32 + 64);
    assert_int_equal(r.events[0], 32);
    assert_int_equal(r.events[1], 64);
    assert_int_equal(r.events[2], 1);
    jv_free(r.st);
}

/* Thread per row: each thread sums its own 16 words (one 64-byte block):
   one fill per lane, then 15 hits; the L1D sees only the first load's 16
   lines. */
static void test_per_thread_reuse(void **state)
{
    (void)state;
    char body[2048] = " mov.u32 %r2, 0;\n";
    for (int j = 0; j < 16; j++) {               /* 16 independent loads */
        char s[64];
        snprintf(s, sizeof s, " ld.global.u32 %%r%d, [%%rd8+%d];\n", 10 + j,
                 4 * j);
        strcat(body, s);
    }
    for (int j = 0; j < 16; j++) {
        char s[64];
        snprintf(s, sizeof s, " add.u32 %%r2, %%r2, %%r%d;\n", 10 + j);
        strcat(body, s);
    }
    strcat(body, " st.global.u32 [%rd6], %r2;\n");
    struct run r;
    run(body, 32, NULL, &r);
    for (uint32_t i = 0; i < 32; i++)
        assert_int_equal(r.out[i], 16 * (1000 + 16 * i) + 120);
    assert_int_equal(tc(&r, "fills_global"), 32);
    assert_int_equal(sub(&r, "transitions", "rm"), 32);
    assert_int_equal(sub(&r, "transitions", "rh"), 32 * 15);
    /* loads issued before their line's fetch returned waited for it */
    assert_true(tc(&r, "hits_under_fill_global") > 0);
    assert_int_equal(l1(&r, "accesses"), 16);
    assert_int_equal(tc(&r, "l1d_would_be"), 16 * 16 + 1);
    assert_int_equal(tc(&r, "l1d_sent"), 16 + 1);
    jv_free(r.st);
}

/* Write-validate: a store then a load of the same word never fetches
   (wm, then rh(v) on Dpv); the L1D sees no load. */
static void test_write_validate(void **state)
{
    (void)state;
    struct run r;
    run(" add.u32 %r2, %r1, 7;\n st.global.u32 [%rd9], %r2;\n"
        " ld.global.u32 %r3, [%rd9];\n add.u32 %r3, %r3, 1;\n"
        " st.global.u32 [%rd6], %r3;\n",
        32, NULL, &r);
    for (uint32_t i = 0; i < 32; i++) {
        assert_int_equal(r.out[i], i + 8);
        assert_int_equal(r.b[16 * i], i + 7);
    }
    assert_int_equal(tc(&r, "fills_global"), 0);
    assert_int_equal(sub(&r, "transitions", "wm"), 64);
    assert_int_equal(sub(&r, "transitions", "rh"), 32);
    assert_int_equal(l1(&r, "accesses"), 0);
    jv_free(r.st);
}

/* Every write edge: rm, wh(C), wh(Dv) on a's block; on b's block wm,
   wh(Dpv) twice and wh(last) with 16-byte stores; rh(i) on a third
   block; each once per lane. */
static void test_fig3_edges_on_a_kernel(void **state)
{
    (void)state;
    struct run r;
    run(" ld.global.u32 %r2, [%rd8];\n"            /* rm */
        " st.global.u32 [%rd8], %r1;\n"            /* wh(C) */
        " st.global.u32 [%rd8+4], %r2;\n"          /* wh(Dv) */
        " st.global.v4.u32 [%rd9], {%r1, %r1, %r1, %r1};\n"     /* wm */
        " st.global.v4.u32 [%rd9+16], {%r1, %r1, %r1, %r1};\n"  /* wh(Dpv) */
        " st.global.v4.u32 [%rd9+32], {%r1, %r1, %r1, %r1};\n"  /* wh(Dpv) */
        " st.global.v4.u32 [%rd9+48], {%r1, %r1, %r1, %r2};\n"  /* wh(last) */
        " add.s64 %rd10, %rd9, 2048;\n"
        " st.global.u32 [%rd10], %r1;\n"           /* wm */
        " ld.global.u32 %r3, [%rd10+8];\n"          /* rh(i) */
        " ld.global.u32 %r4, [%rd10];\n"            /* rh */
        " add.u32 %r3, %r3, %r4;\n st.global.u32 [%rd6], %r3;\n",  /* wm */
        32, NULL, &r);
    for (uint32_t i = 0; i < 32; i++) {
        assert_int_equal(r.a[16 * i], i);
        assert_int_equal(r.a[16 * i + 1], 1000 + 16 * i);
        assert_int_equal(r.b[16 * i + 15], 1000 + 16 * i);
        assert_int_equal(r.out[i], i);                 /* b[..+2] is 0 */
    }
    assert_int_equal(sub(&r, "transitions", "rm"), 32);
    assert_int_equal(sub(&r, "transitions", "wh(C)"), 32);
    assert_int_equal(sub(&r, "transitions", "wh(Dv)"), 32);
    assert_int_equal(sub(&r, "transitions", "wm"), 96);
    assert_int_equal(sub(&r, "transitions", "wh(Dpv)"), 64);
    assert_int_equal(sub(&r, "transitions", "wh(last)"), 32);
    assert_int_equal(sub(&r, "transitions", "rh(i)"), 32);
    assert_int_equal(sub(&r, "transitions", "rh"), 32);
    assert_int_equal(tc(&r, "fills_global"), 64);      /* rm and rh(i) */
    /* at the exit: a's and b's blocks fully dirty... a's 2 words, b's
       all 32 half-words, the third block its written word, out a word */
    assert_int_equal(tc(&r, "writebacks_full"), 32);
    assert_int_equal(tc(&r, "writebacks_partial"), 96);
    jv_free(r.st);
}

/* A partial write-back carries exactly the dirty half-words: each
   thread writes half-word 1 of its own block. */
static void test_partial_writeback_mask(void **state)
{
    (void)state;
    struct run r;
    run(" cvt.u16.u32 %h1, %r1;\n st.global.u16 [%rd9+2], %h1;\n", 32, NULL,
        &r);
    for (uint32_t i = 0; i < 32; i++)
        assert_int_equal(r.b[16 * i], i << 16);
    assert_int_equal(tc(&r, "writebacks_partial"), 32);
    assert_int_equal(tc(&r, "writeback_bytes"), 64);
    assert_int_equal(r.nwb, 32);
    for (uint32_t i = 0; i < 32; i++)
        assert_int_equal(r.wb_mask[i], 0x2);
    jv_free(r.st);
}

/* A byte store evicts the line when the lane holds it (writing back its
   dirty half-words first) and otherwise goes past the cache. */
static void test_byte_store(void **state)
{
    (void)state;
    struct run r;
    run(" st.global.u32 [%rd8], %r1;\n"                 /* wm: dirty */
        " cvt.u16.u32 %h1, %r1;\n st.global.u8 [%rd8+1], %h1;\n" /* evict */
        " st.global.u8 [%rd9], %h1;\n"                  /* not cached */
        " ld.global.u32 %r2, [%rd8];\n st.global.u32 [%rd6], %r2;\n",
        32, NULL, &r);
    for (uint32_t i = 0; i < 32; i++) {
        assert_int_equal(r.out[i], i | (i & 0xff) << 8);
        assert_int_equal(r.b[16 * i], i & 0xff);
    }
    assert_int_equal(sub(&r, "bypass", "byte_store"), 64);
    assert_int_equal(tc(&r, "bypass_evictions"), 32);
    assert_int_equal(r.events[3], 64);
    /* the reload after the eviction misses */
    assert_int_equal(sub(&r, "transitions", "rm"), 32);
    jv_free(r.st);
}

/* Atomics are never cached, and the lane's copy leaves first. */
static void test_atomic_bypasses(void **state)
{
    (void)state;
    struct run r;
    run(" ld.global.u32 %r2, [%rd1];\n"
        " atom.global.add.u32 %r3, [%rd1], 1;\n st.global.u32 [%rd6], %r2;\n",
        32, NULL, &r);
    assert_int_equal(r.a[0], 1000 + 32);
    assert_int_equal(sub(&r, "bypass", "atomic"), 32);
    assert_int_equal(tc(&r, "bypass_evictions"), 32);
    jv_free(r.st);
}

/* Volatile loads go past the caches; a fence writes back and invalidates
   every line (tinycache.fence = flush), or passes (ignore). */
static void test_volatile_and_fence(void **state)
{
    (void)state;
    const char *body = " st.global.u32 [%rd9], %r1;\n membar.gl;\n"
                       " ld.volatile.global.u32 %r2, [%rd9];\n"
                       " st.global.u32 [%rd6], %r2;\n";
    struct run r;
    run(body, 32, NULL, &r);
    for (uint32_t i = 0; i < 32; i++)
        assert_int_equal(r.out[i], i);
    assert_int_equal(sub(&r, "bypass", "uncached"), 32);
    assert_int_equal(tc(&r, "fence_flushes"), 1);
    assert_int_equal(tc(&r, "writebacks_partial"), 32 + 32);
    assert_int_equal(tc(&r, "bypass_evictions"), 0);   /* flushed before */
    jv_free(r.st);
    run(body, 32, "tinycache.fence=ignore", &r);
    assert_int_equal(tc(&r, "fence_flushes"), 0);
    assert_int_equal(tc(&r, "bypass_evictions"), 32);  /* b's line, dirty */
    jv_free(r.st);
}

/* A barrier writes back and invalidates every line: the load after it
   misses again. */
static void test_barrier_flush(void **state)
{
    (void)state;
    struct run r;
    run(" ld.global.u32 %r2, [%rd5];\n st.global.u32 [%rd9], %r2;\n"
        " bar.sync 0;\n ld.global.u32 %r3, [%rd5];\n"
        " add.u32 %r3, %r3, %r2;\n st.global.u32 [%rd6], %r3;\n",
        64, NULL, &r);
    for (uint32_t i = 0; i < 64; i++)
        assert_int_equal(r.out[i], 2 * (1000 + i));
    assert_int_equal(tc(&r, "barrier_flushes"), 1);
    assert_int_equal(sub(&r, "transitions", "rm"), 128);
    /* each lane holds a[l] and a[l + 32] (128 B apart: two lines) and the
       blocks of b[16 l] and b[16 (l + 32)] at the barrier, and a's two
       lines and out's two at the exit */
    assert_int_equal(tc(&r, "flushed_lines"), 32 * 4 + 32 * 4);
    assert_int_equal(tc(&r, "writebacks_partial"), 64 + 64);
    jv_free(r.st);
}

/* Shared memory: each thread writes its word, a barrier flushes, then
   each reads its neighbour's: two blocks fetched from shared memory (one
   bank wave each way with 32 banks). bypass_shared leaves shared memory
   alone; bypass_global leaves global memory alone. */
static void test_shared_memory_and_policies(void **state)
{
    (void)state;
    const char *body =
        " mov.u32 %r5, sh;\n shl.b32 %r2, %r1, 2;\n add.u32 %r3, %r5, %r2;\n"
        " st.shared.u32 [%r3], %r1;\n bar.sync 0;\n"
        " add.u32 %r4, %r1, 1;\n and.b32 %r4, %r4, 31;\n shl.b32 %r4, %r4, 2;\n"
        " add.u32 %r4, %r5, %r4;\n ld.shared.u32 %r6, [%r4];\n"
        " st.global.u32 [%rd6], %r6;\n";
    struct run r;
    run(body, 32, NULL, &r);
    for (uint32_t i = 0; i < 32; i++)
        assert_int_equal(r.out[i], (i + 1) % 32);
    assert_int_equal(tc(&r, "fills_shared"), 32);
    assert_int_equal(tc(&r, "writebacks_partial"), 32 + 32);
    assert_int_equal(tc(&r, "shmem_would_be"), 2);
    /* the store is filtered; the barrier's write-backs and the fills are
       one shared-memory access each: the two 64-byte blocks written back
       one after the other (a wave each), the two fetched in one wave */
    assert_int_equal(tc(&r, "shmem_sent"), 2);
    assert_int_equal(tc(&r, "shmem_waves_would_be"), 2);
    assert_int_equal(tc(&r, "shmem_waves_sent"), 3);
    jv_free(r.st);
    run(body, 32, "tinycache.policy=bypass_shared", &r);
    for (uint32_t i = 0; i < 32; i++)
        assert_int_equal(r.out[i], (i + 1) % 32);
    assert_int_equal(sub(&r, "bypass", "policy"), 64);
    assert_int_equal(tc(&r, "fills_shared"), 0);
    assert_int_equal(tc(&r, "shmem_sent"), 2);
    assert_int_equal(sub(&r, "transitions", "wm"), 32);     /* global out */
    jv_free(r.st);
    run(body, 32, "tinycache.policy=bypass_global", &r);
    assert_int_equal(sub(&r, "bypass", "policy"), 32);
    assert_int_equal(tc(&r, "fills_shared"), 32);
    assert_int_equal(l1(&r, "stores"), 1);
    jv_free(r.st);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_storage_numbers),
        cmocka_unit_test(test_storage_bill),
        cmocka_unit_test(test_lanes_shared_by_warps),
        cmocka_unit_test(test_per_thread_reuse),
        cmocka_unit_test(test_write_validate),
        cmocka_unit_test(test_fig3_edges_on_a_kernel),
        cmocka_unit_test(test_partial_writeback_mask),
        cmocka_unit_test(test_byte_store),
        cmocka_unit_test(test_atomic_bypasses),
        cmocka_unit_test(test_volatile_and_fence),
        cmocka_unit_test(test_barrier_flush),
        cmocka_unit_test(test_shared_memory_and_policies),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

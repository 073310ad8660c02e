/*
** test_inspect.c - the debugger's inspection layer on a live timing run.
** A real kernel runs on one SM (one CTA of two warps); a subscriber to the
** model's events calls the inspect functions from inside the run, when
** the state is mid-simulation, and checks facts the kernel makes
** knowable: the next pc after an issue in straight-line code, register
** values computed from the thread index, PTX names against physical
** registers, an L1 line after its fill, MSHRs during a miss, operand
** collectors and bank queues in the cycle of an issue, and the state
** hash (equal for equal runs, changed by one poked byte or register).
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>
#include "timing/event.h"
#include "debug/inspect.h"
#include "harness.h"
#include "timing/cache.h"
#include "timing/gpu-internal.h"

/* Each instruction on its own line; the table below finds them. */
static const char *ptx =
    ".version 8.0\n.target sm_75\n.address_size 64\n"
    ".visible .entry k(.param .u64 a)\n{\n"
    " .reg .b32 %r<8>;\n .reg .b64 %rd<4>;\n .reg .pred %p<2>;\n"
    " ld.param.u64 %rd1, [a];\n"
    " mov.u32 %r1, %tid.x;\n"
    " mul.lo.u32 %r2, %r1, 3;\n"
    " add.u32 %r3, %r2, 7;\n"
    " setp.lt.u32 %p1, %r1, 5;\n"
    " mul.wide.u32 %rd2, %r1, 4;\n"
    " add.s64 %rd3, %rd1, %rd2;\n"
    " ld.global.u32 %r4, [%rd3];\n"
    " add.u32 %r5, %r4, %r3;\n"
    " selp.u32 %r6, 1, 0, %p1;\n"
    " add.u32 %r7, %r5, %r6;\n"
    " st.global.u32 [%rd3], %r7;\n"
    " ret;\n}\n";

enum { I_PARAM, I_MOV, I_MUL, I_ADD3, I_SETP, I_WIDE, I_ADDR, I_LD, I_ADD5,
       I_SELP, I_ADD7, I_ST, I__N };

/* The key instructions and their 32-bit register sources. */
static const struct {
    const char *text;
    int nsrc;                /* register slots read */
    const char *src[2];      /* 32-bit sources, for the bank check */
} insts[I__N] = {
    { "ld.param.u64 %rd1", 0, { NULL } },
    { "mov.u32 %r1", 0, { NULL } },
    { "mul.lo.u32 %r2", 1, { "%r1" } },
    { "add.u32 %r3", 1, { "%r2" } },
    { "setp.lt.u32 %p1", 1, { "%r1" } },
    { "mul.wide.u32 %rd2", 1, { "%r1" } },
    { "add.s64 %rd3", 4, { NULL } },
    { "ld.global.u32 %r4", 2, { NULL } },
    { "add.u32 %r5", 2, { "%r4", "%r3" } },
    { "selp.u32 %r6", 0, { NULL } },
    { "add.u32 %r7", 2, { "%r5", "%r6" } },
    { "st.global.u32", 3, { NULL } },
};

enum { C_MUL = 1, C_SETP = 2, C_ADDR = 4, C_MISS = 8, C_FILL = 16,
       C_COLL = 32, C_SM = 64, C_LDNOW = 128, C_HASH = 256 };

struct run {
    struct th t;
    struct evbus bus;
    const struct kimage *k;
    uint64_t a;
    int32_t pc[I__N];
    int line[I__N];
    unsigned checked;        /* C_* checks that ran */
    uint64_t issues;
    /* the previous issue, for same-cycle collector checks */
    uint64_t prev_cycle;
    int32_t prev_warp;
    int64_t prev_pc;
    /* state hash test */
    uint64_t hash_at, hash;
    bool poke;
};

/* ---- helpers --------------------------------------------------------- */

static int line_of(const char *needle)
{
    return th_line_of(ptx, needle);
}

static int32_t vreg_of(const struct kimage *k, const char *name)
{
    for (size_t v = 0; v < k->flat.regs.n; v++) {
        const char *n = k->flat.regs.v[v].name;
        if (strcmp(n, name) == 0 || (*n != '%' && strcmp(n, name + 1) == 0))
            return (int32_t)v;
    }
    fail_msg("no register %s", name);
    return -1;
}

static int32_t slot_of(const struct kimage *k, const char *name)
{
    return k->vreg_slot[vreg_of(k, name)];
}

static int64_t ival(const struct jv *o, const char *key)
{
    const struct jv *v = jv_get(o, key);
    if (!v)
        fail_msg("no key %s", key);
    assert_true(v->kind == JV_INT || v->kind == JV_BOOL);
    return v->kind == JV_INT ? v->u.i : v->u.b;
}

static const char *sval(const struct jv *o, const char *key)
{
    const struct jv *v = jv_get(o, key);
    if (!v || v->kind != JV_STR)
        fail_msg("no string %s", key);
    return v->u.s;
}

/* Every line of s fits 80 columns; returns the number of lines. */
static int check_width(const char *s)
{
    int lines = 0;
    while (*s) {
        const char *e = strchr(s, '\n');
        size_t len = e ? (size_t)(e - s) : strlen(s);
        if (len > 80)
            fail_msg("line longer than 80 columns: %.*s", (int)len, s);
        lines++;
        s += len + (e ? 1 : 0);
    }
    return lines;
}

static void text_of(const char *what, const struct jv *v, struct strbuf *b)
{
    sb_clear(b);
    inspect_text(b, what, v);
    check_width(sb_str(b));
}

static void setup(struct run *r, const char *const *sets, ev_fn fn,
                  uint64_t types)
{
    memset(r, 0, sizeof *r);
    assert_int_equal(th_init(&r->t, sets), 0);
    evbus_init(&r->bus);
    if (fn)
        assert_true(evbus_subscribe(&r->bus, types, fn, r) >= 0);
    r->t.dev.bus = &r->bus;
    assert_int_equal(th_load(&r->t, ptx), 0);
    r->k = r->t.dev.modules.v[r->t.module].kernels[0];
    for (int i = 0; i < I__N; i++) {
        r->line[i] = line_of(insts[i].text);
        r->pc[i] = -1;
        for (int32_t pc = 0; pc < r->k->ninst; pc++)
            if (r->k->flat.insts.v[pc].line == r->line[i])
                r->pc[i] = pc;
        assert_true(r->pc[i] >= 0);
        if (i)
            assert_int_equal(r->pc[i], r->pc[i - 1] + 1);  /* straight line */
    }
    r->a = th_alloc(&r->t, 64 * 4);
    uint32_t in[64];
    for (int i = 0; i < 64; i++)
        in[i] = (uint32_t)(1000 + i);
    th_write(&r->t, r->a, in, sizeof in);
    r->prev_cycle = UINT64_MAX;
}

/* Runs the kernel (one CTA of 64 threads) and checks its results. */
static void launch(struct run *r)
{
    uint32_t grid[3] = { 1, 1, 1 }, block[3] = { 64, 1, 1 };
    if (th_launch(&r->t, "k", grid, block, 0, &r->a, 1))
        fail_msg("%s", th_error(&r->t));
    uint32_t out[64];
    th_read(&r->t, r->a, out, sizeof out);
    for (uint32_t i = 0; i < 64; i++)
        assert_int_equal(out[i], 1000 + i + 3 * i + 7 + (i < 5));
}

/* ---- warps and registers --------------------------------------------- */

static void check_reg_eq(struct run *r, const struct ws_event *e,
                         const char *a, const char *b)
{
    uint32_t va[32], vb[32], ma, mb;
    char err[200];
    if (inspect_reg(&r->t.dev, e->sm, e->warp, a, va, &ma, err, sizeof err))
        fail_msg("%s: %s", a, err);
    if (inspect_reg(&r->t.dev, e->sm, e->warp, b, vb, &mb, err, sizeof err))
        fail_msg("%s: %s", b, err);
    assert_int_equal(ma, mb);
    assert_memory_equal(va, vb, sizeof va);
}

/* After mul.lo %r2 = 3 * tid: the warp stands at the add that follows. */
static void after_mul(struct run *r, const struct ws_event *e)
{
    char err[200] = "";
    struct jv *w = inspect_warp(&r->t.dev, e->sm, e->warp, err, sizeof err);
    if (!w)
        fail_msg("%s", err);
    assert_int_equal(ival(w, "pc"), e->a + 1);
    assert_int_equal(ival(w, "line"), r->line[I_ADD3]);
    assert_non_null(strstr(sval(w, "inst"), "add.u32 R"));
    assert_int_equal(ival(w, "slot"), e->warp);
    assert_int_equal(ival(w, "warp_in_cta"), e->warp);   /* CTA from slot 0 */
    assert_int_equal(ival(w, "valid_mask"), 0xffffffff);
    assert_int_equal(ival(w, "active_mask"), 0xffffffff);
    assert_int_equal(ival(w, "exited_mask"), 0);
    assert_int_equal(ival(w, "instructions"), r->pc[I_MUL] + 1);
    assert_string_equal(sval(w, "state"), "ready");
    const struct jv *simt = jv_get(w, "simt");
    assert_int_equal(simt->n, 1);
    assert_int_equal(ival(simt->items[0], "pc"), e->a + 1);
    assert_int_equal(ival(simt->items[0], "mask"), 0xffffffff);
    assert_int_equal(ival(jv_get(w, "cta"), "x"), 0);
    jv_free(w);

    uint32_t v[32], mask;
    if (inspect_reg(&r->t.dev, e->sm, e->warp, "%r2", v, &mask, err, sizeof err))
        fail_msg("%s", err);
    assert_int_equal(mask, 0xffffffff);
    for (uint32_t l = 0; l < 32; l++)
        assert_int_equal(v[l], 3 * ((uint32_t)e->warp * 32 + l));
    char phys[16], bare[16];
    snprintf(phys, sizeof phys, "R%d", slot_of(r->k, "%r2"));
    snprintf(bare, sizeof bare, "%d", slot_of(r->k, "%r2"));
    check_reg_eq(r, e, "%r2", phys);
    check_reg_eq(r, e, "%r2", bare);
    /* %r5 is first written much later: not live here */
    assert_int_equal(inspect_reg(&r->t.dev, e->sm, e->warp, "%r5", v, &mask,
                                 err, sizeof err), -1);
    assert_non_null(strstr(err, "%r5"));
    assert_non_null(strstr(err, "not live"));
    assert_int_equal(inspect_reg(&r->t.dev, e->sm, e->warp, "%r99", v, &mask,
                                 err, sizeof err), -1);
    assert_non_null(strstr(err, "no register %r99"));
    assert_int_equal(inspect_reg(&r->t.dev, e->sm, e->warp, "R9999", v, &mask,
                                 err, sizeof err), -1);
    assert_non_null(strstr(err, "R9999"));
    assert_int_equal(inspect_reg(&r->t.dev, e->sm, e->warp, "x7", v, &mask,
                                 err, sizeof err), -1);
    r->checked |= C_MUL;
}

/* After setp %p1 = tid < 5: the predicate per lane, by name and number. */
static void after_setp(struct run *r, const struct ws_event *e)
{
    uint32_t v[32], mask;
    char err[200];
    if (inspect_reg(&r->t.dev, e->sm, e->warp, "%p1", v, &mask, err, sizeof err))
        fail_msg("%s", err);
    for (uint32_t l = 0; l < 32; l++)
        assert_int_equal(v[l], (uint32_t)e->warp * 32 + l < 5);
    char phys[16];
    snprintf(phys, sizeof phys, "P%d", slot_of(r->k, "%p1"));
    check_reg_eq(r, e, "%p1", phys);
    r->checked |= C_SETP;
}

/* After add.s64 %rd3 = a + 4 * tid: a 64-bit register is a pair. */
static void after_addr(struct run *r, const struct ws_event *e)
{
    struct inspect_regref ref;
    char err[200], hi[16];
    if (inspect_reg_resolve(&r->t.dev, e->sm, e->warp, "%rd3", &ref, err,
                            sizeof err))
        fail_msg("%s", err);
    assert_int_equal(ref.kind, 'R');
    assert_int_equal(ref.width, 2);
    assert_int_equal(ref.index, slot_of(r->k, "%rd3"));
    uint32_t lo[32], h[32], mask;
    assert_int_equal(inspect_reg(&r->t.dev, e->sm, e->warp, "%rd3", lo, &mask,
                                 err, sizeof err), 0);
    snprintf(hi, sizeof hi, "R%d", ref.index + 1);
    assert_int_equal(inspect_reg(&r->t.dev, e->sm, e->warp, hi, h, &mask, err,
                                 sizeof err), 0);
    for (uint32_t l = 0; l < 32; l++) {
        uint64_t want = r->a + 4 * ((uint64_t)e->warp * 32 + l);
        assert_int_equal(lo[l], (uint32_t)want);
        assert_int_equal(h[l], (uint32_t)(want >> 32));
    }
    r->checked |= C_ADDR;
}

static bool on_regs(void *ctx, const struct ws_event *e)
{
    struct run *r = ctx;
    if (e->a == r->pc[I_MUL])
        after_mul(r, e);
    else if (e->a == r->pc[I_SETP])
        after_setp(r, e);
    else if (e->a == r->pc[I_ADDR])
        after_addr(r, e);
    return false;
}

static void test_warp_and_registers(void **state)
{
    (void)state;
    const char *sets[] = { "sm.count=1", NULL };
    struct run *r = test_malloc(sizeof *r);
    setup(r, sets, on_regs, 1ULL << EV_WARP_ISSUE);
    launch(r);
    assert_int_equal(r->checked, C_MUL | C_SETP | C_ADDR);
    th_free(&r->t);
    test_free(r);
}

/* ---- L1D and MSHRs --------------------------------------------------- */

static const struct jv *find_line(const struct jv *l1, uint64_t line,
                                  uint32_t *set)
{
    int64_t sets = ival(l1, "sets"), size = ival(l1, "line");
    assert_true(sets > 0);
    *set = (uint32_t)((line / (uint64_t)size) % (uint64_t)sets);
    const struct jv *ways = jv_get(l1, "sets_data")->items[*set];
    for (size_t w = 0; w < ways->n; w++)
        if (ival(ways->items[w], "valid") &&
            (uint64_t)ival(ways->items[w], "addr") == line)
            return ways->items[w];
    return NULL;
}

static void on_miss(struct run *r, const struct ws_event *e)
{
    char err[200];
    struct jv *l1 = inspect_l1(&r->t.dev, e->sm, err, sizeof err);
    if (!l1)
        fail_msg("%s", err);
    uint32_t set;
    assert_null(find_line(l1, e->addr, &set));       /* not filled yet */
    const struct jv *m = jv_get(l1, "mshrs");
    bool found = false;
    for (size_t i = 0; i < m->n; i++)
        if ((uint64_t)ival(m->items[i], "addr") == e->addr) {
            found = true;
            assert_int_equal(ival(m->items[i], "waiting"), 1);
            assert_int_equal(ival(m->items[i], "merged"), 0);
        }
    assert_true(found);
    struct strbuf b;
    sb_init(&b);
    text_of("mshr", l1, &b);
    char hex[32];
    snprintf(hex, sizeof hex, "0x%llx", (unsigned long long)e->addr);
    assert_non_null(strstr(sb_str(&b), hex));
    sb_free(&b);
    jv_free(l1);
    r->checked |= C_MISS;
}

/* The warp's line (its 32 lanes read 128 consecutive bytes). */
static uint64_t warp_line(const struct run *r, int32_t warp)
{
    return r->a + 128 * (uint64_t)warp;
}

static void on_issue_l1(struct run *r, const struct ws_event *e)
{
    char err[200];
    struct jv *l1 = inspect_l1(&r->t.dev, e->sm, err, sizeof err);
    if (!l1)
        fail_msg("%s", err);
    uint32_t set;
    const struct jv *line = find_line(l1, warp_line(r, e->warp), &set);
    if (e->a == r->pc[I_LD]) {
        assert_null(line);       /* the load has issued, not yet accessed */
        r->checked |= C_LDNOW;
    } else if (e->a == r->pc[I_ADD5]) {
        /* it waited for the load: the line has been filled */
        assert_non_null(line);
        uint64_t want = warp_line(r, e->warp);
        assert_int_equal(ival(line, "tag"),
                         want / (uint64_t)ival(l1, "line") /
                             (uint64_t)ival(l1, "sets"));
        assert_string_equal(sval(line, "state"), "clean");
        assert_int_equal(ival(line, "dirty"), 0);
        assert_int_equal(ival(line, "age"), 0);
        assert_true(ival(l1, "valid_lines") >= 1);
        struct strbuf b;
        sb_init(&b);
        text_of("cache", l1, &b);
        char hex[32];
        snprintf(hex, sizeof hex, "0x%llx", (unsigned long long)want);
        assert_non_null(strstr(sb_str(&b), hex));
        assert_non_null(strstr(sb_str(&b), "valid line"));
        sb_free(&b);
        r->checked |= C_FILL;
    }
    jv_free(l1);
}

static bool on_l1(void *ctx, const struct ws_event *e)
{
    struct run *r = ctx;
    if (e->type == EV_L1_MISS)
        on_miss(r, e);
    else if (e->type == EV_WARP_ISSUE)
        on_issue_l1(r, e);
    return false;
}

static void test_l1_lines_and_mshrs(void **state)
{
    (void)state;
    const char *sets[] = { "sm.count=1", "l1d.size=4K", NULL };
    struct run *r = test_malloc(sizeof *r);
    setup(r, sets, on_l1, (1ULL << EV_WARP_ISSUE) | (1ULL << EV_L1_MISS));
    launch(r);
    assert_int_equal(r->checked, C_MISS | C_FILL | C_LDNOW);
    th_free(&r->t);
    test_free(r);
}

/* ---- SM summary, warps list, banks and collectors -------------------- */

static void check_sm(struct run *r, const struct ws_event *e)
{
    char err[200];
    struct jv *s = inspect_sm(&r->t.dev, e->sm, err, sizeof err);
    if (!s)
        fail_msg("%s", err);
    assert_int_equal(ival(s, "issued"), (int64_t)r->issues);
    assert_int_equal(ival(s, "ctas_used"), 1);
    assert_int_equal(ival(s, "warps_used"), 2);
    assert_int_equal(ival(s, "threads_used"), 64);
    assert_int_equal(ival(s, "cycle"), (int64_t)e->cycle);
    const struct jv *c = jv_get(s, "ctas");
    assert_int_equal(c->n, 1);
    assert_int_equal(ival(jv_get(c->items[0], "ctaid"), "x"), 0);
    assert_int_equal(ival(c->items[0], "first_warp"), 0);
    assert_int_equal(ival(c->items[0], "warps"), 2);
    struct strbuf b;
    sb_init(&b);
    text_of("sm", s, &b);
    assert_non_null(strstr(sb_str(&b), "warps 2/"));
    jv_free(s);
    struct jv *ws = inspect_warps(&r->t.dev, e->sm, err, sizeof err);
    assert_non_null(ws);
    assert_int_equal(ws->n, 2);
    assert_int_equal(ival(ws->items[0], "slot"), 0);
    assert_int_equal(ival(ws->items[1], "slot"), 1);
    text_of("warps", ws, &b);
    assert_int_equal(check_width(sb_str(&b)), 3);       /* header + 2 */
    text_of("warp", ws->items[0], &b);
    assert_non_null(strstr(sb_str(&b), "SIMT"));
    jv_free(ws);
    sb_free(&b);
    r->checked |= C_SM;
}

/*
** An instruction that issued earlier in this cycle sits in an operand
** collector with none of its operands read (the banks serve reads at the
** start of the next cycle), and each of its registers waits in its bank.
*/
static void check_collector(struct run *r, const struct ws_event *e, int i)
{
    char err[200];
    struct jv *b = inspect_banks(&r->t.dev, e->sm, err, sizeof err);
    if (!b)
        fail_msg("%s", err);
    const struct jv *cs = jv_get(b, "collectors"), *pb = jv_get(b, "per_bank");
    int64_t banks = ival(b, "banks");
    assert_int_equal((int64_t)pb->n, banks);
    bool found = false;
    for (size_t c = 0; c < cs->n; c++) {
        const struct jv *x = cs->items[c];
        if (!ival(x, "busy") || ival(x, "warp") != r->prev_warp ||
            ival(x, "pc") != r->prev_pc)
            continue;
        found = true;
        assert_int_equal(ival(x, "operands_total"), insts[i].nsrc);
        assert_int_equal(ival(x, "operands_ready"), 0);
    }
    assert_true(found);
    for (int k = 0; k < 2 && insts[i].src[k]; k++) {
        int64_t reg = slot_of(r->k, insts[i].src[k]);
        const struct jv *x = pb->items[(r->prev_warp + reg) % banks];
        assert_true(ival(x, "reads_queued") >= 1);
        assert_true(ival(x, "queue") >= 1);
    }
    struct strbuf t;
    sb_init(&t);
    text_of("banks", b, &t);
    assert_non_null(strstr(sb_str(&t), "operand collectors"));
    sb_free(&t);
    jv_free(b);
    r->checked |= C_COLL;
}

static bool on_pipeline(void *ctx, const struct ws_event *e)
{
    struct run *r = ctx;
    r->issues++;
    if (r->issues == 5)
        check_sm(r, e);
    if (e->cycle == r->prev_cycle)
        for (int i = 0; i < I__N; i++)
            if (r->pc[i] == r->prev_pc && insts[i].nsrc > 0)
                check_collector(r, e, i);
    r->prev_cycle = e->cycle;
    r->prev_warp = e->warp;
    r->prev_pc = e->a;
    return false;
}

static void test_sm_banks_collectors(void **state)
{
    (void)state;
    const char *sets[] = { "sm.count=1", "sm.schedulers=2",
                           "rf.bank_map=warp+reg", NULL };
    struct run *r = test_malloc(sizeof *r);
    setup(r, sets, on_pipeline, 1ULL << EV_WARP_ISSUE);
    launch(r);
    assert_true(r->checked & C_SM);
    assert_true(r->checked & C_COLL);
    /* after the run: the banks' cumulative reads are the statistics' */
    char err[200];
    struct jv *b = inspect_banks(&r->t.dev, 0, err, sizeof err);
    assert_non_null(b);
    int64_t reads = 0;
    const struct jv *pb = jv_get(b, "per_bank");
    for (size_t i = 0; i < pb->n; i++)
        reads += ival(pb->items[i], "reads");
    struct jv *st = device_stats(&r->t.dev);
    assert_int_equal(reads, ival(jv_get(st, "rf"), "reads"));
    assert_true(reads > 0);
    jv_free(st);
    jv_free(b);
    th_free(&r->t);
    test_free(r);
}

/* ---- errors ---------------------------------------------------------- */

static bool on_errors(void *ctx, const struct ws_event *e)
{
    struct run *r = ctx;
    char err[200] = "";
    const struct ws_device *d = &r->t.dev;
    if (r->checked)
        return false;
    assert_null(inspect_sm(d, 7, err, sizeof err));
    assert_string_equal(err, "no SM 7 (the GPU has 1 SM)");
    assert_null(inspect_l1(d, -1, err, sizeof err));
    assert_non_null(strstr(err, "no SM -1"));
    assert_null(inspect_banks(d, 1, err, sizeof err));
    assert_null(inspect_warps(d, 3, err, sizeof err));
    assert_null(inspect_warp(d, e->sm, 99, err, sizeof err));
    assert_non_null(strstr(err, "no warp slot 99"));
    assert_null(inspect_warp(d, e->sm, 5, err, sizeof err));
    assert_non_null(strstr(err, "slot 5 of SM 0 is empty"));
    uint32_t v[32], m;
    assert_int_equal(inspect_reg(d, 2, 0, "R0", v, &m, err, sizeof err), -1);
    assert_non_null(strstr(err, "no SM 2"));
    assert_int_equal(inspect_reg(d, 0, 5, "R0", v, &m, err, sizeof err), -1);
    r->checked = 1;
    return false;
}

static void test_bad_arguments(void **state)
{
    (void)state;
    const char *sets[] = { "sm.count=1", "sm.max_warps=16", NULL };
    struct run *r = test_malloc(sizeof *r);
    setup(r, sets, on_errors, 1ULL << EV_WARP_ISSUE);
    char err[200];
    assert_null(inspect_sm(&r->t.dev, 0, err, sizeof err));
    assert_string_equal(err, "no kernel is running");
    launch(r);
    assert_int_equal(r->checked, 1);
    /* after the run: the GPU is there, no warp is */
    struct jv *s = inspect_sm(&r->t.dev, 0, err, sizeof err);
    assert_non_null(s);
    assert_int_equal(ival(s, "warps_used"), 0);
    jv_free(s);
    assert_null(inspect_warp(&r->t.dev, 0, 0, err, sizeof err));
    assert_string_equal(err, "no kernel is running");
    struct jv *ws = inspect_warps(&r->t.dev, 0, err, sizeof err);
    assert_int_equal(ws->n, 0);
    jv_free(ws);
    th_free(&r->t);
    /* functional mode has no timing model */
    const char *fsets[] = { "sim.mode=functional", NULL };
    setup(r, fsets, NULL, 0);
    launch(r);
    assert_null(inspect_sm(&r->t.dev, 0, err, sizeof err));
    assert_non_null(strstr(err, "functional"));
    th_free(&r->t);
    test_free(r);
}

/* ---- state hash ------------------------------------------------------ */

#define HASH_AT 13

static bool on_hash(void *ctx, const struct ws_event *e)
{
    struct run *r = ctx;
    (void)e;
    if (++r->issues == r->hash_at) {
        r->hash = inspect_state_hash(&r->t.dev);
        r->checked |= C_HASH;
    }
    return false;
}

static uint64_t hash_run(uint64_t at, uint64_t *final)
{
    const char *sets[] = { "sm.count=1", NULL };
    struct run *r = test_malloc(sizeof *r);
    setup(r, sets, on_hash, 1ULL << EV_WARP_ISSUE);
    r->hash_at = at;
    launch(r);
    assert_true(r->checked & C_HASH);
    uint64_t h = r->hash;
    *final = inspect_state_hash(&r->t.dev);
    th_free(&r->t);
    test_free(r);
    return h;
}

static void test_hash_deterministic(void **state)
{
    (void)state;
    uint64_t f1, f2, f3;
    uint64_t h1 = hash_run(HASH_AT, &f1), h2 = hash_run(HASH_AT, &f2);
    uint64_t h3 = hash_run(HASH_AT + 1, &f3);
    assert_true(h1 == h2);
    assert_true(f1 == f2);
    assert_true(f1 == f3);        /* same run to the end */
    assert_true(h1 != h3);        /* one more instruction issued */
    assert_true(h1 != f1);
}

/* Pokes, then restores, a memory byte, a register and an L1 line. */
static void poke_all(struct run *r, const struct ws_event *e)
{
    struct ws_device *d = &r->t.dev;
    uint64_t h0 = inspect_state_hash(d);
    assert_true(h0 == inspect_state_hash(d));
    uint8_t byte, other;
    th_read(&r->t, r->a + 77, &byte, 1);
    other = (uint8_t)(byte ^ 0x10);
    th_write(&r->t, r->a + 77, &other, 1);
    assert_true(inspect_state_hash(d) != h0);
    th_write(&r->t, r->a + 77, &byte, 1);
    assert_true(inspect_state_hash(d) == h0);

    struct fwarp *fw = d->gpu->sm[e->sm].w[e->warp].fw;
    uint32_t *reg = &fw->r[(size_t)slot_of(r->k, "%r3") * 32 + 9];
    *reg += 1;
    assert_true(inspect_state_hash(d) != h0);
    *reg -= 1;
    assert_true(inspect_state_hash(d) == h0);

    const struct sm *s = &d->gpu->sm[e->sm];
    struct cache *c = (struct cache *)s->l1o->view(s->l1);
    struct cache_line *l = NULL;
    for (size_t i = 0; i < (size_t)c->sets * c->ways && !l; i++)
        if (c->lines[i].valid)
            l = &c->lines[i];
    assert_non_null(l);
    l->dirty = !l->dirty;
    assert_true(inspect_state_hash(d) != h0);
    l->dirty = !l->dirty;
    uint64_t addr = l->addr;
    l->addr += (uint64_t)c->line * c->sets;     /* another tag, same set */
    assert_true(inspect_state_hash(d) != h0);
    l->addr = addr;
    assert_true(inspect_state_hash(d) == h0);
    r->checked |= C_HASH;
}

static bool on_poke(void *ctx, const struct ws_event *e)
{
    struct run *r = ctx;
    if (e->a == r->pc[I_ADD5] && !(r->checked & C_HASH))
        poke_all(r, e);
    return false;
}

static void test_hash_sees_changes(void **state)
{
    (void)state;
    const char *sets[] = { "sm.count=1", NULL };
    struct run *r = test_malloc(sizeof *r);
    setup(r, sets, on_poke, 1ULL << EV_WARP_ISSUE);
    launch(r);
    assert_true(r->checked & C_HASH);
    th_free(&r->t);
    test_free(r);
}

/* Functional mode: memory and launch records; pages by content. */
static void test_hash_functional(void **state)
{
    (void)state;
    const char *sets[] = { "sim.mode=functional", NULL };
    struct run *r1 = test_malloc(sizeof *r1), *r2 = test_malloc(sizeof *r2);
    setup(r1, sets, NULL, 0);
    setup(r2, sets, NULL, 0);
    uint64_t b1 = th_alloc(&r1->t, 3 * 4096), b2 = th_alloc(&r2->t, 3 * 4096);
    assert_int_equal(b1, b2);
    assert_true(inspect_state_hash(&r1->t.dev) == inspect_state_hash(&r2->t.dev));
    launch(r1);
    assert_true(inspect_state_hash(&r1->t.dev) != inspect_state_hash(&r2->t.dev));
    launch(r2);
    uint64_t h = inspect_state_hash(&r1->t.dev);
    assert_true(h == inspect_state_hash(&r2->t.dev));
    uint8_t zero = 0, one = 1;
    th_write(&r1->t, b1 + 5000, &zero, 1);   /* a page of zeros appears */
    assert_true(inspect_state_hash(&r1->t.dev) == h);
    th_write(&r1->t, b1 + 5000, &one, 1);
    assert_true(inspect_state_hash(&r1->t.dev) != h);
    th_write(&r1->t, b1 + 5000, &zero, 1);
    assert_true(inspect_state_hash(&r1->t.dev) == h);
    th_free(&r1->t);
    th_free(&r2->t);
    test_free(r1);
    test_free(r2);
}

/* inspect_text falls back to JSON for names it does not know. */
static void test_text_fallback(void **state)
{
    (void)state;
    struct jv *o = jv_obj();
    jv_set(o, "x", jv_int(3));
    struct strbuf b;
    sb_init(&b);
    inspect_text(&b, "nonsense", o);
    assert_non_null(strstr(sb_str(&b), "\"x\": 3"));
    sb_clear(&b);
    struct jv *a = jv_arr();
    inspect_text(&b, "warps", a);
    assert_string_equal(sb_str(&b), "no warps resident\n");
    sb_clear(&b);
    inspect_text(&b, "sm", a);                  /* wrong shape: JSON */
    assert_string_equal(sb_str(&b), "[]\n");
    sb_free(&b);
    jv_free(a);
    jv_free(o);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_warp_and_registers),
        cmocka_unit_test(test_l1_lines_and_mshrs),
        cmocka_unit_test(test_sm_banks_collectors),
        cmocka_unit_test(test_bad_arguments),
        cmocka_unit_test(test_hash_deterministic),
        cmocka_unit_test(test_hash_sees_changes),
        cmocka_unit_test(test_hash_functional),
        cmocka_unit_test(test_text_fallback),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

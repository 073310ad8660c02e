/*
** exec.c - instruction dispatch, SIMT control flow, barriers, warp-level
** instructions and CTA setup (see exec.h). The instruction families
** (exec-*.c) are called from here and never call back: what they share
** (special registers, fault reports) is in exec-env.c.
** The SIMT stack follows the immediate-post-dominator scheme: a divergent
** branch turns the top entry into the reconvergence entry (pc = ipdom) and
** pushes the not-taken then the taken path; an entry is popped when its pc
** reaches its reconvergence point or all its lanes have exited.
*/
#include "func/exec-internal.h"
#include "util/xalloc.h"
#include <stdio.h>
#include <stdlib.h>

/* ---- whole-warp errors ------------------------------------------------ */

int fx_warp_error(const struct kimage *k, const struct fwarp *w,
                  struct ws_diag *diag, const char *msg)
{
    int32_t pc = fx_pc(w);
    if (pc < 0 || pc >= k->ninst)
        pc = k->ninst - 1;
    const struct ptx_inst *in = &k->flat.insts.v[pc];
    char at[320];
    fx_cuda_at(k, in, at, sizeof at);
    diag_error(diag, k->mod->path, in->line, in->col, "in kernel '%s'%s: %s",
               k->name, at, msg);
    size_t len;
    const char *src = ptx_module_line(k->mod, in->line, &len);
    if (src)
        diag_source(diag, src, len, in->width);
    return WS_ERR;
}

/* ---- SIMT stack ------------------------------------------------------ */

static void push(struct fwarp *w, int32_t pc, int32_t rpc, uint32_t mask)
{
    if (w->depth == w->cap) {
        w->cap = w->cap ? w->cap * 2 : 8;
        w->stack = ws_xrealloc(w->stack, (size_t)w->cap * sizeof *w->stack);
    }
    w->stack[w->depth++] = (struct simt_entry){ pc, rpc, mask };
}

/* Pops entries that reached their reconvergence point or have no lanes. */
static inline void settle(struct fwarp *w)
{
    while (w->depth > 0) {
        struct simt_entry *t = &w->stack[w->depth - 1];
        if (t->mask != 0 && t->pc != t->rpc)
            break;
        w->depth--;
    }
    if (w->depth == 0)
        w->state = FW_DONE;
}

static void lanes_exit(struct fwarp *w, uint32_t m)
{
    w->exited |= m;
    for (int i = 0; i < w->depth; i++)
        w->stack[i].mask &= ~m;
}

static void branch(struct fwarp *w, const struct kinst *ki, int32_t pc,
                   uint32_t active, uint32_t taken)
{
    struct simt_entry *top = &w->stack[w->depth - 1];
    uint32_t fall = active & ~taken;
    if (ki->target == pc + 1 || fall == 0) {
        top->pc = taken ? ki->target : pc + 1;
        return;
    }
    if (taken == 0) {
        top->pc = pc + 1;
        return;
    }
    /* Divergence: the current entry waits at the reconvergence point. */
    top->pc = ki->rpc;
    push(w, pc + 1, ki->rpc, fall);
    push(w, ki->target, ki->rpc, taken);
}

/* ---- warp-level instructions ----------------------------------------- */

static enum fx_status do_vote(struct fctx *x, struct fwarp *w,
                              const struct kinst *ki, uint32_t m)
{
    (void)x;
    /* Lanes that take part: executing lanes named in the member mask. */
    lanes_t mm;
    rd(x, w, &ki->s[1], mm);
    uint32_t p = rd_pred(w, &ki->s[0]);
    uint32_t part = m;
    for (int l = 0; l < WS_WARP; l++)
        if (m >> l & 1)
            part &= (uint32_t)mm[l];
    uint32_t ballot = p & part;
    switch (ki->m.mode) {
    case VOTE_BALLOT: {
        lanes_t d;
        for (int l = 0; l < WS_WARP; l++)
            d[l] = ballot;
        wr(w, &ki->d[0], d, m);
        break;
    }
    case VOTE_ALL:
        wr_pred(w, &ki->d[0], ballot == part ? ~0u : 0, m);
        break;
    case VOTE_ANY:
        wr_pred(w, &ki->d[0], ballot ? ~0u : 0, m);
        break;
    case VOTE_UNI:
        wr_pred(w, &ki->d[0], (ballot == 0 || ballot == part) ? ~0u : 0, m);
        break;
    }
    return FX_OK;
}

static enum fx_status do_shfl(struct fctx *x, struct fwarp *w,
                              const struct kinst *ki, uint32_t m)
{
    lanes_t a, b, c, d;
    int nd = ki->nd;
    rd(x, w, &ki->s[0], a);
    rd(x, w, &ki->s[1], b);
    rd(x, w, &ki->s[2], c);
    uint32_t pv = 0;
    for (int l = 0; l < WS_WARP; l++) {
        if (!(m >> l & 1))
            continue;
        int bval = (int)(b[l] & 31), cval = (int)(c[l] & 31);
        int seg = (int)((c[l] >> 8) & 31);
        int maxl = (l & seg) | (cval & ~seg);
        int minl = l & seg;
        int j;
        bool ok;
        switch (ki->m.mode) {
        case SHFL_UP: j = l - bval; ok = j >= maxl; break;
        case SHFL_DOWN: j = l + bval; ok = j <= maxl; break;
        case SHFL_BFLY: j = l ^ bval; ok = j <= maxl; break;
        default: j = minl | (bval & ~seg); ok = j <= maxl; break;
        }
        if (!ok)
            j = l;
        d[l] = a[j];
        pv |= (uint32_t)ok << l;
    }
    wr(w, &ki->d[0], d, m);
    if (nd == 2)
        wr_pred(w, &ki->d[1], pv, m);
    return FX_OK;
}

/* ---- barriers -------------------------------------------------------- */

static enum fx_status do_bar(struct fctx *x, struct fwarp *w,
                             const struct kinst *ki, uint32_t m)
{
    if (ki->m.mode2 == 9)      /* bar.warp.sync: lanes run in lockstep */
        return FX_OK;
    lanes_t id, cnt;
    rd(x, w, &ki->s[0], id);
    int l0 = m ? __builtin_ctz(m) : __builtin_ctz(fx_active(w) | 1);
    if (m == 0)
        return FX_OK;   /* no lane executes it (guard false) */
    uint64_t b = id[l0];
    if (b >= WS_MAX_BARRIERS)
        return fx_fault(x, w, ki, l0, "barrier number %llu is out of range 0..%d",
                        (unsigned long long)b, WS_MAX_BARRIERS - 1);
    struct fbarrier *bar = &x->cta->bar[b];
    uint32_t expected = 0;
    /* The thread count b is optional: bar.sync a{, b}; bar.red d, a{, b}, c. */
    if (ki->ns >= (ki->m.mode == BAR_RED ? 3 : 2)) {
        rd(x, w, &ki->s[1], cnt);
        uint64_t n = cnt[l0];
        if (n == 0 || n % WS_WARP || n > x->cta->nthreads + WS_WARP - 1)
            return fx_fault(x, w, ki, l0, "barrier thread count %llu must be a non-zero multiple of 32 up to the CTA size",
                            (unsigned long long)n);
        expected = (uint32_t)(n / WS_WARP);
    }
    if (bar->arrived && bar->expected != expected)
        return fx_fault(x, w, ki, l0, "barrier %llu used with different thread counts",
                        (unsigned long long)b);
    uint8_t op = ki->m.mode == BAR_RED ? ki->m.mode2 : 0;
    if (bar->arrived && bar->red_op != op)
        return fx_fault(x, w, ki, l0, "barrier %llu used by bar.red and another barrier instruction at once",
                        (unsigned long long)b);
    if (!bar->arrived) {
        bar->red_popc = 0;
        bar->red_and = true;
        bar->red_or = false;
    }
    bar->expected = expected;
    bar->red_op = op;
    bar->arrived++;
    w->bar_pc = -1;
    if (op) {
        /* Each thread contributes its predicate c (the last operand). */
        uint32_t c = rd_pred(w, &ki->s[ki->ns - 1]) & m;
        bar->red_popc += ws_popcount32(c);
        bar->red_and = bar->red_and && c == m;
        bar->red_or = bar->red_or || c != 0;
        w->bar_pc = (int32_t)(ki - x->L->k->insts);
        w->bar_mask = m;
    }
    if (ki->m.mode == BAR_ARRIVE)
        return FX_OK;
    w->state = FW_BARRIER;
    w->bar_id = (int)b;
    return FX_BARRIER;
}

int fcta_release_barriers(struct fcta *c)
{
    int released = 0;
    for (int b = 0; b < WS_MAX_BARRIERS; b++) {
        struct fbarrier *bar = &c->bar[b];
        if (!bar->arrived)
            continue;
        uint32_t need = bar->expected ? bar->expected : c->live;
        if (bar->arrived < need)
            continue;
        for (uint32_t i = 0; i < c->nwarps; i++) {
            struct fwarp *w = &c->warps[i];
            if (w->state != FW_BARRIER || w->bar_id != b)
                continue;
            if (bar->red_op && w->bar_pc >= 0) {
                /* bar.red completes now that every thread has voted. */
                const struct kop *d = &c->k->insts[w->bar_pc].d[0];
                if (bar->red_op == BARRED_POPC) {
                    lanes_t v;
                    for (int l = 0; l < WS_WARP; l++)
                        v[l] = bar->red_popc;
                    wr(w, d, v, w->bar_mask);
                } else {
                    bool r = bar->red_op == BARRED_AND ? bar->red_and
                                                       : bar->red_or;
                    wr_pred(w, d, r ? ~0u : 0, w->bar_mask);
                }
            }
            w->state = FW_READY;
            released++;
        }
        bar->arrived = 0;
        bar->expected = 0;
        bar->red_op = 0;
    }
    return released;
}

/* ---- dispatch -------------------------------------------------------- */

static enum fx_status do_mov(struct fctx *x, struct fwarp *w,
                             const struct kinst *ki, uint32_t m)
{
    const struct kop *d = &ki->d[0], *s = &ki->s[0];
    lanes_t v;
    if (d->kind == KO_VEC) {
        /* Unpack: split the source into equal parts, lowest first. */
        rd(x, w, s, v);
        int bits = type_bits(ki->m.type) / d->nvec;
        for (int e = 0; e < d->nvec; e++) {
            if (d->vec[e] < 0)
                continue;
            lanes_t part;
            for (int l = 0; l < WS_WARP; l++)
                part[l] = (v[l] >> (e * bits)) & bits_mask(bits);
            wr_slot(w, d->vec[e], d->nslot, d->bytes, part, m);
        }
        return FX_OK;
    }
    if (s->kind == KO_VEC) {
        /* Pack: immediate elements are already in place in s->imm. */
        int bits = type_bits(ki->m.type) / s->nvec;
        for (int l = 0; l < WS_WARP; l++)
            v[l] = s->imm;
        for (int e = 0; e < s->nvec; e++) {
            if (s->vec[e] < 0)
                continue;
            struct kop el = { .kind = KO_REG, .nslot = s->nslot,
                              .slot = s->vec[e] };
            lanes_t part;
            rd(x, w, &el, part);
            for (int l = 0; l < WS_WARP; l++)
                v[l] |= (part[l] & bits_mask(bits)) << (e * bits);
        }
        wr(w, d, v, m);
        return FX_OK;
    }
    if (d->kind == KO_PRED) {
        wr_pred(w, d, rd_pred(w, s), m);
        return FX_OK;
    }
    rd(x, w, s, v);
    for (int l = 0; l < WS_WARP; l++)
        v[l] = norm(v[l], ki->m.type);
    wr(w, d, v, m);
    return FX_OK;
}

static enum fx_status do_cvta(struct fctx *x, struct fwarp *w,
                              const struct kinst *ki, uint32_t m)
{
    lanes_t v;
    rd(x, w, &ki->s[0], v);
    uint64_t base = 0;
    switch (ki->m.space) {
    case SP_SHARED: base = WS_SHARED_WINDOW; break;
    case SP_LOCAL: base = WS_LOCAL_WINDOW; break;
    case SP_CONST: base = WS_CONST_WINDOW; break;
    default: base = 0; break;
    }
    bool to_space = ki->m.mode == CVTA_TO_SPACE;
    for (int l = 0; l < WS_WARP; l++)
        v[l] = norm(to_space ? v[l] - base : v[l] + base, ki->m.type);
    wr(w, &ki->d[0], v, m);
    return FX_OK;
}

static enum fx_status do_activemask(struct fctx *x, struct fwarp *w,
                                    const struct kinst *ki, uint32_t m)
{
    (void)x;
    wr_same(w, &ki->d[0], fx_active(w), m);
    return FX_OK;
}

static enum fx_status do_nop(struct fctx *x, struct fwarp *w,
                             const struct kinst *ki, uint32_t m)
{
    (void)x, (void)w, (void)ki, (void)m;
    return FX_OK;
}

/* Opcodes defined on integers and floats (add, min, ...) go to the
   handler of the instruction's type. */
static enum fx_status do_typed(struct fctx *x, struct fwarp *w,
                               const struct kinst *ki, uint32_t m)
{
    uint8_t t = ki->m.type;
    if (t == PT_F32 || t == PT_F64)
        return fx_float(x, w, ki, m);
    if (ptx_type_is_half((enum ptx_type)t))
        return fx_half(x, w, ki, m);
    return fx_int(x, w, ki, m);
}

/* The general handler of each opcode; MEM and ATOM: the load and store,
   and the atomic handler of one build (fx_set_wide). */
#define HANDLERS(MEM, ATOM)                                                   \
    {                                                                         \
        [OP_MOV] = do_mov, [OP_LD] = MEM, [OP_ST] = MEM,                      \
        [OP_CVTA] = do_cvta, [OP_CVT] = fx_cvt, [OP_PRMT] = fx_int,           \
        [OP_ADD] = do_typed, [OP_SUB] = do_typed, [OP_ADDC] = fx_int,         \
        [OP_SUBC] = fx_int, [OP_MUL] = do_typed, [OP_MAD] = do_typed,         \
        [OP_MADC] = fx_int, [OP_MUL24] = fx_int, [OP_MAD24] = fx_int,         \
        [OP_SAD] = fx_int, [OP_DIV] = do_typed, [OP_REM] = fx_int,            \
        [OP_ABS] = do_typed, [OP_NEG] = do_typed, [OP_MIN] = do_typed,        \
        [OP_MAX] = do_typed, [OP_FMA] = do_typed, [OP_RCP] = fx_float,        \
        [OP_SQRT] = fx_float, [OP_RSQRT] = fx_float, [OP_EX2] = do_typed,     \
        [OP_LG2] = fx_float, [OP_SIN] = fx_float, [OP_COS] = fx_float,        \
        [OP_TANH] = do_typed, [OP_COPYSIGN] = fx_float,                       \
        [OP_TESTP] = fx_float, [OP_AND] = fx_int, [OP_OR] = fx_int,           \
        [OP_XOR] = fx_int, [OP_NOT] = fx_int, [OP_CNOT] = fx_int,             \
        [OP_SHL] = fx_int, [OP_SHR] = fx_int, [OP_SHF] = fx_int,              \
        [OP_BFE] = fx_int, [OP_BFI] = fx_int, [OP_POPC] = fx_int,             \
        [OP_CLZ] = fx_int, [OP_BREV] = fx_int, [OP_BFIND] = fx_int,           \
        [OP_LOP3] = fx_int, [OP_SETP] = fx_setp, [OP_SET] = fx_setp,          \
        [OP_SELP] = fx_int, [OP_SLCT] = fx_int, [OP_MEMBAR] = do_nop,         \
        [OP_FENCE] = do_nop, [OP_ATOM] = ATOM, [OP_RED] = ATOM,               \
        [OP_VOTE] = do_vote, [OP_SHFL] = do_shfl,                             \
        [OP_ACTIVEMASK] = do_activemask, [OP_DP4A] = fx_video,                \
        [OP_DP2A] = fx_video, [OP_VADD] = fx_video, [OP_VSUB] = fx_video,     \
        [OP_VABSDIFF] = fx_video, [OP_VMIN] = fx_video,                       \
        [OP_VMAX] = fx_video, [OP_VSHL] = fx_video, [OP_VSHR] = fx_video,     \
        [OP_VMAD] = fx_video, [OP_VSET] = fx_video, [OP_VADD2] = fx_video,    \
        [OP_VSUB2] = fx_video, [OP_VAVRG2] = fx_video,                        \
        [OP_VABSDIFF2] = fx_video, [OP_VMIN2] = fx_video,                     \
        [OP_VMAX2] = fx_video, [OP_VSET2] = fx_video,                         \
        [OP_VADD4] = fx_video, [OP_VSUB4] = fx_video,                         \
        [OP_VAVRG4] = fx_video, [OP_VABSDIFF4] = fx_video,                    \
        [OP_VMIN4] = fx_video, [OP_VMAX4] = fx_video,                         \
        [OP_VSET4] = fx_video,                                                \
    }

static const fx_handler handlers[OP__COUNT] = HANDLERS(fx_mem, fx_atom);

/* The whole-warp path of each opcode that has one, tried before its
   handler (exec-internal.h): one look-up, no call through the general
   handler's frame when it succeeds. */
#define FAST(MOV, MEM, CVTA, CVT, SETP, ALU)                                  \
    {                                                                         \
        [OP_MOV] = MOV, [OP_LD] = MEM, [OP_ST] = MEM, [OP_CVTA] = CVTA,       \
        [OP_CVT] = CVT, [OP_SETP] = SETP, [OP_SET] = SETP, [OP_ADD] = ALU,    \
        [OP_SUB] = ALU, [OP_MUL] = ALU, [OP_MAD] = ALU, [OP_FMA] = ALU,       \
        [OP_NEG] = ALU, [OP_MIN] = ALU, [OP_MAX] = ALU, [OP_AND] = ALU,       \
        [OP_OR] = ALU, [OP_XOR] = ALU, [OP_NOT] = ALU, [OP_SHL] = ALU,        \
        [OP_SHR] = ALU, [OP_PRMT] = ALU, [OP_SELP] = ALU,                     \
    }
static const fx_fast_fn fast_base[OP__COUNT] =
    FAST(fx_fast_mov, fx_fast_mem, fx_fast_cvta, fx_fast_cvt, fx_fast_setp,
         fx_fast_alu);

#ifdef WS_AVX2
static const fx_handler handlers_avx2[OP__COUNT] =
    HANDLERS(fx_mem_avx2, fx_atom_avx2);
static const fx_fast_fn fast_avx2[OP__COUNT] =
    FAST(fx_fast_mov_avx2, fx_fast_mem_avx2, fx_fast_cvta_avx2,
         fx_fast_cvt_avx2, fx_fast_setp_avx2, fx_fast_alu_avx2);
#endif

/* The build in use (fx_set_wide). */
static const fx_handler *handlers_now = handlers;
static const fx_fast_fn *fast_now = fast_base;

bool fx_set_wide(bool on)
{
#ifdef WS_AVX2
    __builtin_cpu_init();
    on = on && __builtin_cpu_supports("avx2") &&
         __builtin_cpu_supports("fma") && __builtin_cpu_supports("bmi") &&
         __builtin_cpu_supports("bmi2");
    handlers_now = on ? handlers_avx2 : handlers;
    fast_now = on ? fast_avx2 : fast_base;
    return on;
#else
    (void)on;
    return false;
#endif
}

const char *fx_isa(void)
{
    return fast_now == fast_base ? "baseline" : "avx2";
}

/* The wide build where the host has it. */
__attribute__((constructor)) static void choose_build(void)
{
    fx_set_wide(true);
}

/* After an instruction that is no branch or exit: the next pc. Only
   branches and exits change the stack or empty a mask, so another
   instruction can only bring the top entry to its reconvergence point. */
static inline __attribute__((always_inline)) enum fx_status
next_pc(struct fwarp *w, struct simt_entry *top, int32_t pc, enum fx_status st)
{
    top->pc = pc + 1;
    if (top->pc == top->rpc) {
        settle(w);
        if (w->state == FW_DONE)
            return FX_DONE;
    }
    return st;
}

/* No whole-warp paths (fctx.general_only). */
static const fx_fast_fn no_fast[OP__COUNT];

/* The whole-warp paths x may use. */
static inline const fx_fast_fn *fast_of(const struct fctx *x)
{
    return x->general_only ? no_fast : fast_now;
}

/* One instruction of w: insts is the kernel's (x->L->k->insts) and fast
   fast_of(x), which fx_steps looks up once for its steps; the caller
   counts the warp-instruction in w->ninst, and *nthread gets its
   thread-instructions (a local of fx_steps' loop, added to w once). */
static inline __attribute__((always_inline)) enum fx_status
step(struct fctx *x, struct fwarp *w, const struct kinst *insts,
     const fx_fast_fn *fast, uint64_t *nthread)
{
    struct simt_entry *top = &w->stack[w->depth - 1];
    int32_t pc = top->pc;
    const struct kinst *ki = &insts[pc];
    uint32_t active = top->mask;
    uint32_t m = active;
    if (ki->guard >= 0) {
        uint32_t g = w->p[ki->guard];
        m &= ki->guard_neg ? ~g : g;
    }
    *nthread += m == 0xffffffffu ? WS_WARP : ws_popcount32(m);
    if (x->rec)
        x->rec->mask = 0;
    /* the whole-warp path first: it leaves the stack alone */
    fx_fast_fn f = fast[ki->op];
    if (f && f(x, w, ki, m))
        return next_pc(w, top, pc, FX_OK);
    enum fx_status st;
    switch (ki->op) {
    case OP_BRA:
        branch(w, ki, pc, active, m);
        settle(w);
        return w->state == FW_DONE ? FX_DONE : FX_OK;
    case OP_EXIT:
    case OP_RET:
        lanes_exit(w, m);
        top = &w->stack[w->depth - 1];
        if (top->mask)
            top->pc = pc + 1;
        settle(w);
        return w->state == FW_DONE ? FX_DONE : FX_OK;
    case OP_BAR:
        st = do_bar(x, w, ki, m);
        break;
    default:
        st = handlers_now[ki->op](x, w, ki, m);
        break;
    }
    if (st == FX_ERR)
        return st;
    return next_pc(w, &w->stack[w->depth - 1], pc, st);
}

enum fx_status fx_step(struct fctx *x, struct fwarp *w)
{
    w->ninst++;
    return step(x, w, x->L->k->insts, fast_of(x), &w->nthread);
}

enum fx_status fx_steps(struct fctx *x, struct fwarp *w, uint32_t n,
                        uint32_t *ran)
{
    enum fx_status st = FX_OK;
    uint32_t k = 0;
    /* a step that leaves the warp waiting or done says so (not FX_OK) */
    if (w->state == FW_READY) {
        const struct kinst *insts = x->L->k->insts;
        const fx_fast_fn *fast = fast_of(x);
        uint64_t nthread = 0;
        while (k < n) {
            st = step(x, w, insts, fast, &nthread);
            x->clock++;
            k++;
            if (st != FX_OK)
                break;
        }
        w->ninst += k;
        w->nthread += nthread;
    }
    *ran = k;
    return st;
}

/* ---- CTAs ------------------------------------------------------------ */

void fcta_init(struct fcta *c, const struct flaunch *L, const uint32_t ctaid[3],
               int sm, int first_hw_slot)
{
    const struct kimage *k = L->k;
    memset(c, 0, sizeof *c);
    memcpy(c->ctaid, ctaid, sizeof c->ctaid);
    c->sm = sm;
    c->k = k;
    c->nthreads = L->block[0] * L->block[1] * L->block[2];
    c->nwarps = (c->nthreads + WS_WARP - 1) / WS_WARP;
    c->live = c->nwarps;
    uint32_t dyn_off = k->shared_static;
    if (L->dyn_shared && k->dyn_shared_align)
        dyn_off = (dyn_off + k->dyn_shared_align - 1) / k->dyn_shared_align *
                  k->dyn_shared_align;
    c->shared_bytes = dyn_off + L->dyn_shared;
    c->shared = ws_xcalloc(c->shared_bytes + 1, 1);
    c->local = ws_xcalloc((size_t)c->nthreads * k->local_bytes + 1, 1);
    c->warps = ws_xcalloc(c->nwarps, sizeof *c->warps);
    for (uint32_t i = 0; i < c->nwarps; i++) {
        struct fwarp *w = &c->warps[i];
        w->r = ws_xcalloc((size_t)k->nslots * WS_WARP + 1, sizeof *w->r);
        w->p = ws_xcalloc((size_t)k->npreds + 1, sizeof *w->p);
        uint32_t n = c->nthreads - i * WS_WARP;
        w->valid = n >= WS_WARP ? 0xffffffffu : (1u << n) - 1;
        w->wid = (int)i;
        w->hw_slot = first_hw_slot + (int)i;
        w->state = FW_READY;
        push(w, 0, -1, w->valid);
    }
}

void fcta_free(struct fcta *c)
{
    if (c->warps)
        for (uint32_t i = 0; i < c->nwarps; i++) {
            free(c->warps[i].r);
            free(c->warps[i].p);
            free(c->warps[i].stack);
        }
    free(c->warps);
    free(c->shared);
    free(c->local);
    memset(c, 0, sizeof *c);
}

/*
** decode.c - build a kernel image from a linked kernel (see image.h).
** Decides, for every operand, the type it is read or written as; checks
** registers against it; converts immediates; resolves symbols to addresses
** in their state space; lays out parameters, shared memory and the local
** frame; and records branch targets and reconvergence points.
*/
#include "compile/image.h"
#include "compile/link.h"
#include "compile/regalloc.h"
#include "util/xalloc.h"
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct dec {
    const struct ptx_module *m;
    struct kimage *k;
    struct ws_diag *diag;
    const uint64_t *gvar_addr;
    uint64_t *var_addr;       /* flat var -> address in its space */
    uint8_t *var_space;       /* flat var -> enum kspace */
    uint64_t *mshared_off;    /* module var -> shared offset (or ~0) */
};

static int derr(struct dec *d, int line, int col, int width, const char *fmt,
                ...) __attribute__((format(printf, 5, 6)));
static int derr(struct dec *d, int line, int col, int width, const char *fmt,
                ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    diag_error(d->diag, d->m->path, line, col, "%s", msg);
    size_t len;
    const char *src = ptx_module_line(d->m, line, &len);
    if (src)
        diag_source(d->diag, src, len, width);
    return WS_ERR;
}

static uint64_t align_up(uint64_t x, uint64_t a)
{
    return a ? (x + a - 1) / a * a : x;
}

/* ---- layout ---------------------------------------------------------- */

static int layout(struct dec *d)
{
    struct kimage *k = d->k;
    const struct ptx_func *f = &k->flat;
    size_t nv = f->vars.n;
    d->var_addr = ws_xcalloc(nv + 1, sizeof *d->var_addr);
    d->var_space = ws_xcalloc(nv + 1, 1);
    d->mshared_off = ws_xmalloc((d->m->vars.n + 1) * sizeof *d->mshared_off);
    for (size_t i = 0; i < d->m->vars.n; i++)
        d->mshared_off[i] = UINT64_MAX;

    /* Kernel parameters: in order, each aligned, as the CUDA ABI does. */
    k->nparams = (uint32_t)f->params.n;
    k->params = ws_xcalloc(f->params.n + 1, sizeof *k->params);
    uint64_t off = 0;
    for (size_t i = 0; i < f->params.n; i++) {
        const struct ptx_var *v = &f->vars.v[f->params.v[i]];
        off = align_up(off, v->align);
        k->params[i] = (struct kparam){ v->name, v->type, (uint32_t)off,
                                        (uint32_t)v->size, v->align };
        d->var_addr[f->params.v[i]] = off;
        d->var_space[f->params.v[i]] = KS_PARAM;
        off += v->size;
    }
    if (off > 4096)
        return derr(d, f->line, f->col, 1,
                    "kernel '%s' has %llu bytes of parameters, more than the 4096 allowed",
                    f->name, (unsigned long long)off);
    k->param_bytes = (uint32_t)off;

    /* Per-thread local frame: .local data and call-sequence .params. */
    uint64_t loc = 0, sh = 0;
    for (size_t i = 0; i < nv; i++) {
        const struct ptx_var *v = &f->vars.v[i];
        if (v->kind != VAR_DATA)
            continue;
        if (v->space == SP_LOCAL || v->space == SP_PARAM) {
            loc = align_up(loc, v->align);
            d->var_addr[i] = loc;
            d->var_space[i] = KS_LOCAL;
            loc += v->size;
        } else if (v->space == SP_SHARED) {
            sh = align_up(sh, v->align);
            d->var_addr[i] = sh;
            d->var_space[i] = KS_SHARED;
            sh += v->size;
        }
    }
    /* Module-level .shared variables this kernel uses, then the dynamic
       (.extern) area. */
    uint32_t dyn_align = 0;
    for (size_t i = 0; i < f->insts.n; i++) {
        const struct ptx_inst *in = &f->insts.v[i];
        for (int o = 0; o < in->n; o++) {
            const struct ptx_opnd *op = &in->o[o];
            if (!((op->kind == OPK_SYM || op->kind == OPK_ADDR) &&
                  op->sym >= 0 && op->symscope == SYM_MODULE))
                continue;
            const struct ptx_var *v = &d->m->vars.v[op->sym];
            if (v->space != SP_SHARED || d->mshared_off[op->sym] != UINT64_MAX)
                continue;
            if (v->external) {
                uint32_t a = v->align > 16 ? v->align : 16;
                if (a > dyn_align)
                    dyn_align = a;
                d->mshared_off[op->sym] = UINT64_MAX - 1;  /* fixed below */
                continue;
            }
            sh = align_up(sh, v->align);
            d->mshared_off[op->sym] = sh;
            sh += v->size;
        }
    }
    if (dyn_align) {
        sh = align_up(sh, dyn_align);
        for (size_t i = 0; i < d->m->vars.n; i++)
            if (d->mshared_off[i] == UINT64_MAX - 1)
                d->mshared_off[i] = sh;
    }
    if (sh > (1u << 24) || loc > (1u << 24))
        return derr(d, f->line, f->col, 1,
                    "the kernel needs %llu bytes of shared memory per CTA and %llu bytes of local memory per thread, beyond any GPU (at most 16 MiB each)",
                    (unsigned long long)sh, (unsigned long long)loc);
    k->shared_static = (uint32_t)sh;
    k->dyn_shared_align = dyn_align;
    k->local_bytes = (uint32_t)align_up(loc, 8);
    return WS_OK;
}

/*
** Registers live at once, at most: allocation and its check cost time in
** proportion to this times the instructions, and GPUs give a thread 255.
** Sixteen times that keeps every real kernel while a pathological file
** cannot make the allocator run for hours.
*/
#define MAX_LIVE 4096

struct peak {
    const struct ptx_func *f;
    size_t words;
    uint32_t most;
    int32_t at;
};

static void count_live(int32_t i, const uint64_t *live, void *vctx)
{
    struct peak *p = vctx;
    uint32_t n = 0;
    for (size_t w = 0; w < p->words; w++)
        n += (uint32_t)__builtin_popcountll(live[w]);
    int32_t d[LIVE_MAX_OPS];
    n += (uint32_t)live_defs(&p->f->insts.v[i], d);
    if (n > p->most) {
        p->most = n;
        p->at = i;
    }
}

static int check_live(const struct kimage *k, const struct liveness *lv,
                      struct ws_diag *diag)
{
    const struct ptx_func *f = &k->flat;
    struct peak p = { f, lv->words, 0, -1 };
    for (int32_t b = 0; b < k->cfg.nblocks && p.most <= MAX_LIVE; b++)
        liveness_walk_block(f, &k->cfg, lv, b, count_live, &p);
    if (p.most <= MAX_LIVE)
        return WS_OK;
    const struct ptx_inst *in = &f->insts.v[p.at];
    diag_error(diag, k->mod->path, in->line, in->col,
               "more than %d registers are live at once here; warpscope allocates at most %d (a GPU thread has at most 255)",
               MAX_LIVE, MAX_LIVE);
    size_t len;
    const char *src = ptx_module_line(k->mod, in->line, &len);
    if (src)
        diag_source(diag, src, len, in->width > 0 ? in->width : 1);
    return WS_ERR;
}

/* Assigns physical registers (see regalloc.h) and checks the result. */
static int assign_registers(struct kimage *k, struct ws_diag *diag)
{
    const struct ptx_func *f = &k->flat;
    struct liveness lv;
    struct regalloc ra;
    liveness_compute(f, &k->cfg, &lv);
    if (check_live(k, &lv, diag) != WS_OK) {
        liveness_free(&lv);
        return WS_ERR;
    }
    int rc = regalloc_run(f, &k->cfg, &lv, &ra, diag);
    if (rc != WS_OK && !diag->file) {
        /* The allocator knows the kernel, not its file: the error is
           about the kernel's declaration. */
        char *msg = ws_xstrdup(diag->msg ? diag->msg : "register allocation failed");
        diag_error(diag, k->mod->path, f->line, f->col, "%s", msg);
        free(msg);
        size_t len;
        const char *src = ptx_module_line(k->mod, f->line, &len);
        if (src)
            diag_source(diag, src, len, 1);
    }
    if (rc == WS_OK) {
        char msg[256];
        if (regalloc_check(f, &k->cfg, &lv, &ra, msg, sizeof msg)) {
            rc = diag_error(diag, k->mod->path, f->line, f->col,
                            "internal error: register allocation of '%s' is unsound: %s",
                            f->name, msg);
        } else {
            k->vreg_slot = ra.slot;
            ra.slot = NULL;
            k->nslots = ra.nregs;
            k->npreds = ra.npreds;
            k->regs_per_thread = ra.nregs;
            deadbits_compute(f, &k->cfg, &lv, &k->dead);
            /* Keep the block live sets for inspection. */
            k->live_in = lv.in;
            k->live_out = lv.out;
            k->live_words = lv.words;
            lv.in = lv.out = NULL;
        }
    }
    regalloc_free(&ra);
    liveness_free(&lv);
    return rc;
}

/* ---- operands -------------------------------------------------------- */

enum { TY_ADDR = 0xfe };   /* operand is an address, not a value */

/* The type each operand of `in` is read or written as. */
static void operand_types(const struct ptx_inst *in, uint8_t *ty)
{
    uint8_t t = in->m.type, t2 = in->m.type2;
    uint8_t wide = t;
    if (in->m.mode == MUL_WIDE &&
        (in->op == OP_MUL || in->op == OP_MAD)) {
        static const uint8_t w[PT__COUNT] = {
            [PT_U16] = PT_U32, [PT_S16] = PT_S32, [PT_U32] = PT_U64,
            [PT_S32] = PT_S64, [PT_B16] = PT_B32, [PT_B32] = PT_B64 };
        wide = w[t] ? w[t] : t;
    }
    for (int i = 0; i < in->n; i++)
        ty[i] = t;
    switch (in->op) {
    case OP_LD:
        ty[1] = TY_ADDR;
        break;
    case OP_ST:
        ty[0] = TY_ADDR;
        break;
    case OP_CVT:
        ty[1] = t2;
        break;
    case OP_MUL:
        ty[0] = wide;
        break;
    case OP_MAD:
        ty[0] = wide;
        ty[3] = wide;
        break;
    case OP_SHL: case OP_SHR:
        ty[2] = PT_U32;
        break;
    case OP_SHF:
        ty[3] = PT_U32;
        break;
    case OP_BFE:
        ty[2] = ty[3] = PT_U32;
        break;
    case OP_BFI:
        ty[3] = ty[4] = PT_U32;
        break;
    case OP_POPC: case OP_CLZ: case OP_BFIND:
        ty[0] = PT_U32;
        break;
    case OP_SETP:
        ty[0] = PT_PRED;
        if (in->nd == 2)
            ty[1] = PT_PRED;
        ty[in->nd + 2] = PT_PRED;
        break;
    case OP_SET:
        ty[1] = ty[2] = t2;
        ty[3] = PT_PRED;
        break;
    case OP_SELP:
        ty[3] = PT_PRED;
        break;
    case OP_SLCT:
        ty[3] = t2;
        break;
    case OP_TESTP:
        ty[0] = PT_PRED;
        break;
    case OP_ATOM:
        ty[1] = TY_ADDR;
        break;
    case OP_RED:
        ty[0] = TY_ADDR;
        break;
    case OP_VOTE:
        ty[0] = in->m.mode == VOTE_BALLOT ? PT_B32 : PT_PRED;
        ty[1] = PT_PRED;
        ty[2] = PT_U32;
        break;
    case OP_SHFL:
        ty[0] = PT_B32;
        if (in->nd == 2)
            ty[1] = PT_PRED;
        for (int i = in->nd; i < in->n; i++)
            ty[i] = PT_U32;
        ty[in->nd] = PT_B32;
        break;
    case OP_LOP3:
        ty[4] = PT_U32;
        break;
    case OP_BAR:
        for (int i = 0; i < in->n; i++)
            ty[i] = PT_U32;
        if (in->m.mode == BAR_RED) {
            /* bar.red.popc.u32 d, a{, b}, {!}c / bar.red.and.pred p, ... */
            ty[0] = in->m.mode2 == BARRED_POPC ? PT_U32 : PT_PRED;
            ty[in->n - 1] = PT_PRED;
        }
        break;
    default:
        break;
    }
}

/* Converts an immediate to the bits of type t. */
static int imm_bits(struct dec *d, const struct ptx_opnd *o, uint8_t t,
                    uint64_t *bits)
{
    if (t == PT_PRED) {
        if (o->kind != OPK_IMM || (o->imm != 0 && o->imm != 1))
            return derr(d, o->line, o->col, o->width,
                        "a predicate immediate must be 0 or 1");
        *bits = (uint64_t)o->imm;
        return WS_OK;
    }
    unsigned sz = ptx_type_size(t);
    uint64_t mask = sz >= 8 ? UINT64_MAX : ((1ULL << (8 * sz)) - 1);
    if (t == PT_F32 || t == PT_F64) {
        double v = o->kind == OPK_FIMM ? o->f : (double)o->imm;
        if (t == PT_F32) {
            float f = (float)v;
            uint32_t b;
            memcpy(&b, &f, 4);
            *bits = b;
        } else {
            memcpy(bits, &v, 8);
        }
        return WS_OK;
    }
    if (o->kind == OPK_FIMM) {
        /* A float literal in a bit-typed operand gives its bit pattern. */
        if (ptx_type_is_bits(t) && sz == 4 && o->fsize == 4) {
            float f = (float)o->f;
            uint32_t b;
            memcpy(&b, &f, 4);
            *bits = b;
            return WS_OK;
        }
        if (ptx_type_is_bits(t) && sz == 8) {
            double v = o->f;
            memcpy(bits, &v, 8);
            return WS_OK;
        }
        return derr(d, o->line, o->col, o->width,
                    "float literal used where a .%s integer is expected",
                    ptx_type_name(t));
    }
    /* An integer must fit the operand's width, read as signed or as
       unsigned (mov.u32 r, -1 is all ones); more bits are an error, not
       silently dropped. */
    if (sz < 8) {
        int64_t lo = -(INT64_C(1) << (8 * sz - 1));
        int64_t hi = (int64_t)mask;
        if (o->imm < lo || o->imm > hi)
            return derr(d, o->line, o->col, o->width,
                        "immediate %lld does not fit in %u bits (a .%s operand takes %lld..%lld)",
                        (long long)o->imm, 8 * sz, ptx_type_name(t),
                        (long long)lo, (long long)hi);
    }
    *bits = (uint64_t)o->imm & mask;
    return WS_OK;
}

static int reg_operand(struct dec *d, const struct ptx_inst *in, int idx,
                       int32_t vreg, uint8_t t, struct kop *k, bool dst)
{
    const struct ptx_reg *r = &d->k->flat.regs.v[vreg];
    k->vreg = vreg;
    if (r->type == PT_PRED || t == PT_PRED) {
        if (r->type != t) {
            const struct ptx_opnd *o = &in->o[idx];
            return derr(d, o->line, o->col, o->width,
                        "operand %d of '%s': register '%s' is .%s but the instruction needs %s",
                        idx + 1, ptx_op_name(in->op), r->name,
                        ptx_type_name(r->type),
                        t == PT_PRED ? "a .pred" : "a data register");
        }
        k->kind = KO_PRED;
        k->slot = d->k->vreg_slot[vreg];
        return WS_OK;
    }
    unsigned rs = ptx_type_size(r->type), ts = ptx_type_size(t);
    const struct ptx_opnd *o = &in->o[idx];
    if (rs < ts)
        return derr(d, o->line, o->col, o->width,
                    "operand %d of '%s': register '%s' is %u-bit, the instruction needs a %u-bit .%s value",
                    idx + 1, ptx_op_name(in->op), r->name, rs * 8, ts * 8,
                    ptx_type_name(t));
    /* PTX 9.4.1: only ld, st and cvt take registers wider than their type
       (the value is extended or truncated); elsewhere sizes must match. */
    bool relaxed = in->op == OP_LD || in->op == OP_ST || in->op == OP_CVT;
    if (rs > ts && !relaxed)
        return derr(d, o->line, o->col, o->width,
                    "operand %d of '%s': register '%s' is %u-bit, the instruction needs exactly %u bits (.%s); only ld, st and cvt accept wider registers",
                    idx + 1, ptx_op_name(in->op), r->name, rs * 8, ts * 8,
                    ptx_type_name(t));
    /* PTX 5.2: bit-size types agree with anything of their size, integer
       types with each other; float registers only with float types. */
    bool rf = ptx_type_is_float(r->type), tf = ptx_type_is_float(t);
    if (!ptx_type_is_bits(r->type) && !ptx_type_is_bits(t) && rf != tf)
        return derr(d, o->line, o->col, o->width,
                    "operand %d of '%s': register '%s' is .%s, which does not agree with the instruction's .%s",
                    idx + 1, ptx_op_name(in->op), r->name,
                    ptx_type_name(r->type), ptx_type_name(t));
    (void)dst;
    k->kind = KO_REG;
    k->slot = d->k->vreg_slot[vreg];
    k->bytes = (uint8_t)rs;
    k->nslot = rs == 8 ? 2 : 1;
    return WS_OK;
}

/* Resolves a symbol to (space, address). */
static int symbol(struct dec *d, const struct ptx_opnd *o, uint8_t *space,
                  uint64_t *addr, bool *callparam)
{
    *callparam = false;
    if (o->symscope == SYM_FUNC) {
        const struct ptx_var *v = &d->k->flat.vars.v[o->sym];
        *space = d->var_space[o->sym];
        *addr = d->var_addr[o->sym];
        *callparam = v->space == SP_PARAM && *space == KS_LOCAL;
        return WS_OK;
    }
    const struct ptx_var *v = &d->m->vars.v[o->sym];
    switch (v->space) {
    case SP_GLOBAL:
        *space = KS_GLOBAL;
        *addr = d->gvar_addr[o->sym];
        return WS_OK;
    case SP_CONST:
        *space = KS_CONST;
        *addr = d->gvar_addr[o->sym];
        return WS_OK;
    case SP_SHARED:
        *space = KS_SHARED;
        *addr = d->mshared_off[o->sym];
        return WS_OK;
    default:
        return derr(d, o->line, o->col, o->width,
                    "variable '%s' in state space .%s cannot be used here",
                    v->name, ptx_space_name(v->space));
    }
}

static int decode_operand(struct dec *d, const struct ptx_inst *in, int idx,
                          uint8_t t, struct kop *k, struct kinst *ki)
{
    const struct ptx_opnd *o = &in->o[idx];
    bool dst = idx < in->nd;
    memset(k, 0, sizeof *k);
    k->vreg = -1;
    k->slot = -1;
    switch (o->kind) {
    case OPK_REG:
        if (reg_operand(d, in, idx, o->reg, t, k, dst))
            return WS_ERR;
        if (o->neg) {
            if (k->kind != KO_PRED)
                return derr(d, o->line, o->col, o->width,
                            "'!' applies only to predicates");
            k->neg = 1;
        }
        return WS_OK;
    case OPK_IMM:
    case OPK_FIMM:
        k->kind = KO_IMM;
        return imm_bits(d, o, t, &k->imm);
    case OPK_SREG:
        k->kind = KO_SREG;
        k->sreg = o->sreg;
        k->comp = o->comp;
        return WS_OK;
    case OPK_SINK:
        k->kind = KO_SINK;
        return WS_OK;
    case OPK_SYM: {
        uint8_t sp;
        uint64_t a;
        bool cp;
        if (symbol(d, o, &sp, &a, &cp))
            return WS_ERR;
        k->kind = KO_IMM;
        k->imm = a;
        return WS_OK;
    }
    case OPK_VEC: {
        k->kind = KO_VEC;
        k->nvec = o->nvec;
        unsigned esz = ptx_type_size(t);
        /* mov pack/unpack: elements are the type split n ways. */
        if (in->op == OP_MOV)
            esz = ptx_type_size(t) / o->nvec;
        if (in->op == OP_MOV && (o->nvec < 2 || ptx_type_size(t) % o->nvec ||
                                 esz < 2))
            return derr(d, o->line, o->col, o->width,
                        "a vector in mov.%s must split it into 2 or 4 parts of at least 16 bits",
                        ptx_type_name(t));
        if ((in->op == OP_LD || in->op == OP_ST) && o->nvec != in->m.vec)
            return derr(d, o->line, o->col, o->width,
                        "vector has %d elements but the instruction is .v%d",
                        o->nvec, in->m.vec);
        for (int e = 0; e < o->nvec; e++) {
            k->vec[e] = -1;
            if (o->vec[e] < 0) {
                if (!dst)
                    return derr(d, o->line, o->col, o->width,
                                "'_' cannot be a source");
                continue;
            }
            const struct ptx_reg *r = &d->k->flat.regs.v[o->vec[e]];
            unsigned rs = ptx_type_size(r->type);
            if (r->type == PT_PRED || rs < esz)
                return derr(d, o->line, o->col, o->width,
                            "vector element '%s' is .%s, too narrow for %u-bit elements",
                            r->name, ptx_type_name(r->type), esz * 8);
            k->vec[e] = d->k->vreg_slot[o->vec[e]];
            k->nslot = rs == 8 ? 2 : 1;
            k->bytes = (uint8_t)rs;
        }
        /* All elements are read/written with one width. */
        for (int e = 0; e < o->nvec; e++) {
            if (o->vec[e] < 0)
                continue;
            unsigned rs = ptx_type_size(d->k->flat.regs.v[o->vec[e]].type);
            if ((rs == 8 ? 2 : 1) != k->nslot)
                return derr(d, o->line, o->col, o->width,
                            "vector elements must all be 64-bit or all narrower");
        }
        return WS_OK;
    }
    case OPK_ADDR: {
        k->kind = KO_ADDR;
        k->imm = (uint64_t)o->imm;
        if (o->reg >= 0) {
            const struct ptx_reg *r = &d->k->flat.regs.v[o->reg];
            unsigned rs = ptx_type_size(r->type);
            if (r->type == PT_PRED || rs < 4)
                return derr(d, o->line, o->col, o->width,
                            "address register '%s' must be 32 or 64 bits",
                            r->name);
            k->slot = d->k->vreg_slot[o->reg];
            k->nslot = rs == 8 ? 2 : 1;
            k->vreg = o->reg;
        }
        if (o->sym >= 0) {
            uint8_t sp;
            uint64_t a;
            bool cp;
            if (symbol(d, o, &sp, &a, &cp))
                return WS_ERR;
            k->imm += a;
            uint8_t want = ki->space;
            if (want == KS_GENERIC) {
                /* Generic access to a named variable: use its space. */
                ki->space = sp;
            } else if (want == KS_PARAM && sp == KS_LOCAL) {
                ki->space = KS_LOCAL;
                ki->callparam = cp;
            } else if (want != sp) {
                return derr(d, o->line, o->col, o->width,
                            "'%s' is in .%s memory but the instruction accesses .%s",
                            o->name, kspace_name(sp), kspace_name(want));
            }
        }
        return WS_OK;
    }
    case OPK_LABEL:
        return WS_OK;
    default:
        return derr(d, o->line, o->col, o->width, "unexpected operand");
    }
}

/* ---- instructions ---------------------------------------------------- */

static bool is_int(uint8_t t) { return ptx_type_is_int(t); }
static bool is_flt(uint8_t t) { return t == PT_F32 || t == PT_F64; }

/* The number of an sm_NN target, 0 if it has none. */
static int target_sm(const struct ptx_module *m)
{
    int n = 0;
    if (sscanf(m->target, "sm_%d", &n) != 1)
        return 0;
    return n;
}

/* Semantic checks that the parser's shape checks cannot make. */
static int check_types(struct dec *d, const struct ptx_inst *in)
{
    const struct ptx_mods *m = &in->m;
    uint8_t t = m->type;
    const char *name = ptx_op_name(in->op);
#define BAD(...) derr(d, in->line, in->col, in->width, __VA_ARGS__)
    if (t == PT_F16 || t == PT_F16X2 || t == PT_BF16 || m->type2 == PT_F16 ||
        m->type2 == PT_F16X2 || m->type2 == PT_BF16)
        return BAD("'%s' on half-precision types (.f16, .f16x2, .bf16) is not supported",
                   name);
    switch (in->op) {
    case OP_ADD: case OP_SUB: case OP_MUL: case OP_MAD: case OP_DIV:
    case OP_MIN: case OP_MAX: case OP_ABS: case OP_NEG:
        if (t == PT_PRED || ptx_type_is_bits(t))
            return BAD("'%s' needs a .u, .s or .f type, not .%s", name,
                       ptx_type_name(t));
        if (is_flt(t) && (m->mode == MUL_HI || m->mode == MUL_WIDE))
            return BAD("'%s.%s' is only defined for integers", name,
                       m->mode == MUL_HI ? "hi" : "wide");
        if (is_int(t) && (in->op == OP_MUL || in->op == OP_MAD) &&
            ptx_type_size(t) > 1 && !m->mode)
            return BAD("integer '%s' needs .lo, .hi or .wide", name);
        if (m->mode == MUL_WIDE && ptx_type_size(t) == 8)
            return BAD("'%s.wide' takes 16- or 32-bit sources", name);
        if (in->op == OP_MAD && t == PT_F32 && !m->rnd && !m->approx)
            return BAD("mad.f32 needs a rounding modifier (.rn, .rz, .rm, .rp) on sm_20 and later");
        if (in->op == OP_DIV && t == PT_F32 && !m->rnd && !m->approx &&
            !m->full)
            return BAD("div.f32 needs .approx, .full or a rounding modifier");
        if (in->op == OP_DIV && t == PT_F64 && !m->rnd)
            return BAD("div.f64 needs a rounding modifier such as .rn");
        if (m->cc && !is_int(t))
            return BAD("'.cc' applies only to integer arithmetic");
        if (is_int(t) && (m->ftz || m->approx || m->full))
            return BAD("integer '%s' takes no .ftz, .approx or .full modifier",
                       name);
        if (m->nan && target_sm(d->m) < 80)
            return BAD("'%s.NaN' needs sm_80 or later (this module targets %s)",
                       name, d->m->target);
        break;
    case OP_ADDC: case OP_SUBC: case OP_MADC:
        if (!is_int(t) || ptx_type_size(t) < 4)
            return BAD("'%s' needs a 32- or 64-bit integer type", name);
        break;
    case OP_MUL24: case OP_MAD24:
        if (t != PT_U32 && t != PT_S32)
            return BAD("'%s' needs .u32 or .s32", name);
        if (m->mode != MUL_LO && m->mode != MUL_HI)
            return BAD("'%s' needs .lo or .hi", name);
        break;
    case OP_SAD: case OP_REM:
        if (!is_int(t) || ptx_type_is_bits(t))
            return BAD("'%s' needs a .u or .s integer type", name);
        break;
    case OP_FMA: case OP_RCP: case OP_SQRT: case OP_RSQRT: case OP_EX2:
    case OP_LG2: case OP_SIN: case OP_COS: case OP_TANH: case OP_COPYSIGN:
    case OP_TESTP:
        if (!is_flt(t))
            return BAD("'%s' needs .f32 or .f64", name);
        if ((in->op == OP_FMA) && !m->rnd)
            return BAD("fma needs a rounding modifier such as .rn");
        if ((in->op == OP_RCP || in->op == OP_SQRT) && !m->rnd && !m->approx)
            return BAD("'%s' needs .approx or a rounding modifier", name);
        if (in->op == OP_TESTP && !m->mode)
            return BAD("testp needs a class: .finite, .infinite, .number, .notanumber, .normal or .subnormal");
        break;
    case OP_AND: case OP_OR: case OP_XOR: case OP_NOT: case OP_CNOT:
        if (!is_int(t) && t != PT_PRED)
            return BAD("'%s' needs a bit type such as .b32 or .pred", name);
        if (in->op == OP_CNOT && t == PT_PRED)
            return BAD("cnot does not take .pred");
        break;
    case OP_SHL: case OP_SHR:
        if (!is_int(t) || ptx_type_size(t) < 2)
            return BAD("'%s' needs a 16-, 32- or 64-bit integer type", name);
        break;
    case OP_BFE: case OP_BFI: case OP_POPC: case OP_CLZ: case OP_BREV:
    case OP_BFIND:
        if (!is_int(t) || ptx_type_size(t) < 4)
            return BAD("'%s' needs a 32- or 64-bit integer type", name);
        break;
    case OP_SHF: case OP_LOP3: case OP_PRMT:
        if (t != PT_B32)
            return BAD("'%s' needs .b32", name);
        if (in->op == OP_SHF && !m->mode)
            return BAD("shf needs .l or .r");
        break;
    case OP_SETP: case OP_SET:
        if (!m->cmp)
            return BAD("'%s' needs a comparison such as .lt", name);
        if (in->op == OP_SETP && (t == PT_PRED))
            return BAD("setp compares data values, not .pred");
        if (m->bop && in->n != in->nd + 3)
            return BAD("'%s.%s' needs a predicate operand to combine with",
                       name, m->bop == BOP_AND ? "and" : m->bop == BOP_OR ? "or" : "xor");
        if (!m->bop && in->n != in->nd + 2)
            return BAD("'%s' takes a third source only with .and, .or or .xor",
                       name);
        if (is_int(t) && m->cmp >= CMP_EQU)
            return BAD("comparison is only defined for floats");
        if (is_flt(t) && m->cmp >= CMP_LO && m->cmp <= CMP_HS)
            return BAD("unsigned comparisons (.lo .ls .hi .hs) do not apply to floats");
        break;
    case OP_SLCT:
        if (m->type2 != PT_S32 && m->type2 != PT_F32)
            return BAD("slct selects on .s32 or .f32");
        break;
    case OP_CVT:
        if (t == PT_PRED || m->type2 == PT_PRED)
            return BAD("cvt does not convert predicates (use selp or setp)");
        if (is_flt(t) && is_flt(m->type2) && ptx_type_size(t) < ptx_type_size(m->type2) &&
            !(m->rnd >= RND_RN && m->rnd <= RND_RP))
            return BAD("narrowing float conversion needs .rn, .rz, .rm or .rp");
        if (is_flt(t) && is_int(m->type2) && !(m->rnd >= RND_RN && m->rnd <= RND_RP))
            return BAD("integer to float conversion needs .rn, .rz, .rm or .rp");
        if (is_int(t) && is_flt(m->type2) && !(m->rnd >= RND_RNI && m->rnd <= RND_RPI))
            return BAD("float to integer conversion needs .rni, .rzi, .rmi or .rpi");
        if (is_int(t) && is_int(m->type2) && m->rnd)
            return BAD("integer to integer conversion takes no rounding modifier");
        break;
    case OP_LD: case OP_ST:
        if (t == PT_PRED)
            return BAD("'%s' cannot move .pred values", name);
        if (m->vec > 1 && ptx_type_size(t) * m->vec > 16)
            return BAD("vector access of more than 16 bytes");
        break;
    case OP_CVTA:
        if (t != PT_U64 && t != PT_U32 && t != PT_B64)
            return BAD("cvta needs .u32 or .u64");
        if (m->space == SP_NONE || m->space == SP_PARAM)
            return BAD("cvta needs .global, .shared, .local or .const");
        break;
    case OP_ATOM: case OP_RED: {
        static const char *ops[] = { "", "add", "min", "max", "inc", "dec",
                                     "and", "or", "xor", "exch", "cas" };
        if (!m->mode)
            return BAD("'%s' needs an operation such as .add", name);
        if (m->space != SP_NONE && m->space != SP_GLOBAL && m->space != SP_SHARED)
            return BAD("'%s' works on .global or .shared memory", name);
        if (in->op == OP_RED && m->mode == ATOM_CAS)
            return BAD("red has no .cas (use atom.cas)");
        if (in->op == OP_RED && m->mode == ATOM_EXCH)
            return BAD("red has no .exch (use atom.exch)");
        bool ok;
        switch (m->mode) {
        case ATOM_ADD: ok = t == PT_U32 || t == PT_S32 || t == PT_U64 ||
                            t == PT_S64 || t == PT_F32 || t == PT_F64; break;
        case ATOM_MIN: case ATOM_MAX:
            ok = t == PT_U32 || t == PT_S32 || t == PT_U64 || t == PT_S64; break;
        case ATOM_INC: case ATOM_DEC: ok = t == PT_U32; break;
        case ATOM_AND: case ATOM_OR: case ATOM_XOR:
            ok = t == PT_B32 || t == PT_B64; break;
        default: ok = t == PT_B32 || t == PT_B64; break;
        }
        if (!ok)
            return BAD("'%s.%s.%s' is not supported", name, ops[m->mode],
                       ptx_type_name(t));
        if ((m->mode == ATOM_CAS) != (in->n == in->nd + 3))
            return BAD("'%s.%s' takes %s", name, ops[m->mode],
                       m->mode == ATOM_CAS ? "a compare and a swap value"
                                           : "one value");
        break;
    }
    case OP_VOTE:
        if (!m->mode)
            return BAD("vote needs .all, .any, .uni or .ballot");
        if (!m->sync)
            return BAD("vote without .sync is not supported for sm_70 and later targets (use vote.sync)");
        if (in->n != 3)
            return BAD("vote.sync needs a member mask operand");
        if ((m->mode == VOTE_BALLOT) != (t == PT_B32) ||
            (m->mode != VOTE_BALLOT && t != PT_PRED))
            return BAD("vote.ballot takes .b32; vote.all/.any/.uni take .pred");
        break;
    case OP_SHFL:
        if (!m->sync)
            return BAD("shfl without .sync is not supported for sm_70 and later targets (use shfl.sync)");
        if (!m->mode)
            return BAD("shfl needs .up, .down, .bfly or .idx");
        if (t != PT_B32)
            return BAD("shfl.sync moves .b32 values");
        break;
    case OP_ACTIVEMASK:
        if (t != PT_B32)
            return BAD("activemask needs .b32");
        break;
    case OP_BAR:
        if (m->mode == BAR_RED &&
            ((m->mode2 == BARRED_POPC) != (t == PT_U32) ||
             (m->mode2 != BARRED_POPC && t != PT_PRED)))
            return BAD("bar.red.popc takes .u32; bar.red.and and bar.red.or take .pred");
        if (m->mode2 != 9 && in->n < 1)
            return BAD("bar needs a barrier number");
        if (m->mode == 0 && m->mode2 != 9)
            return BAD("bar needs .sync, .arrive or .red");
        break;
    case OP_MOV:
        if (in->o[1].kind == OPK_SREG) {
            uint8_t need = in->o[1].sreg == SR_CLOCK64 ? 8 : 4;
            if (ptx_type_size(t) < need)
                return BAD("special register %s is %u-bit", ptx_sreg_name(in->o[1].sreg),
                           need * 8u);
        }
        break;
    default:
        break;
    }
    if (m->sat && !(in->op == OP_CVT || is_flt(t) ||
                    ((in->op == OP_ADD || in->op == OP_SUB ||
                      in->op == OP_MAD) && t == PT_S32)))
        return BAD("'.sat' is not valid on '%s.%s'", name, ptx_type_name(t));
    return WS_OK;
#undef BAD
}

static int decode_inst(struct dec *d, int32_t i)
{
    struct kimage *k = d->k;
    const struct ptx_inst *in = &k->flat.insts.v[i];
    struct kinst *ki = &k->insts[i];
    memset(ki, 0, sizeof *ki);
    ki->op = in->op;
    ki->m = in->m;
    ki->nd = in->nd;
    ki->ns = (uint8_t)(in->n - in->nd);
    ki->guard = -1;
    ki->target = -1;
    ki->rpc = -1;
    if (check_types(d, in))
        return WS_ERR;
    if (in->guard >= 0) {
        ki->guard = k->vreg_slot[in->guard];
        ki->guard_neg = in->guard_neg;
    }
    switch (in->m.space) {
    case SP_GLOBAL: ki->space = KS_GLOBAL; break;
    case SP_SHARED: ki->space = KS_SHARED; break;
    case SP_LOCAL: ki->space = KS_LOCAL; break;
    case SP_PARAM: ki->space = KS_PARAM; break;
    case SP_CONST: ki->space = KS_CONST; break;
    default: ki->space = KS_GENERIC; break;
    }
    if (in->op == OP_CVTA)
        ki->space = KS_GENERIC;   /* the operand is a value, not an access */
    if (in->n > 7)
        return derr(d, in->line, in->col, in->width, "too many operands");
    uint8_t ty[8];
    operand_types(in, ty);
    for (int o = 0; o < in->n; o++) {
        struct kop *dst = o < in->nd ? &ki->d[o] : &ki->s[o - in->nd];
        if (o - in->nd >= 5)
            return derr(d, in->line, in->col, in->width, "too many operands");
        if (decode_operand(d, in, o, ty[o], dst, ki))
            return WS_ERR;
    }
    if (in->op == OP_ST && ki->space == KS_PARAM && !ki->callparam)
        return derr(d, in->line, in->col, in->width,
                    "cannot store to a kernel parameter (parameters are read-only)");
    if (in->op == OP_ST && ki->space == KS_CONST)
        return derr(d, in->line, in->col, in->width,
                    "cannot store to .const memory");
    if ((in->op == OP_LD || in->op == OP_ST) && ki->space == KS_PARAM &&
        ki->callparam == false && in->o[in->op == OP_LD ? 1 : 0].sym < 0 &&
        in->o[in->op == OP_LD ? 1 : 0].reg < 0)
        return derr(d, in->line, in->col, in->width,
                    "parameter access needs a parameter name or a register");
    if (in->op == OP_BRA) {
        ki->target = k->flat.labels.v[in->o[0].sym].inst;
        int32_t b = k->cfg.block_of[i];
        int32_t pd = k->cfg.ipdom[b];
        ki->rpc = pd >= k->cfg.nblocks ? k->ninst : k->cfg.b[pd].first;
    }
    return WS_OK;
}

int kimage_build(const struct ptx_module *m, int entry,
                 const uint64_t *gvar_addr, struct kimage **out,
                 struct ws_diag *diag)
{
    struct kimage *k = ws_xcalloc(1, sizeof *k);
    k->mod = m;
    k->name = m->funcs.v[entry].name;
    *out = NULL;
    if (link_kernel(m, entry, &k->flat, diag)) {
        free(k);
        return WS_ERR;
    }
    k->ninst = (int32_t)k->flat.insts.n;
    cfg_build(&k->flat, &k->cfg);
    struct dec d = { m, k, diag, gvar_addr, NULL, NULL, NULL };
    int rc = assign_registers(k, diag);
    if (rc == WS_OK)
        rc = layout(&d);
    if (rc == WS_OK) {
        k->insts = ws_xcalloc((size_t)k->ninst + 1, sizeof *k->insts);
        for (int32_t i = 0; i < k->ninst && rc == WS_OK; i++)
            rc = decode_inst(&d, i);
    }
    free(d.var_addr);
    free(d.var_space);
    free(d.mshared_off);
    if (rc != WS_OK) {
        diag_prefix(diag, "in kernel '%s': ", k->name);
        kimage_free(k);
        return WS_ERR;
    }
    *out = k;
    return WS_OK;
}

void kimage_free(struct kimage *k)
{
    if (!k)
        return;
    link_free(&k->flat);
    cfg_free(&k->cfg);
    deadbits_free(&k->dead);
    free(k->live_in);
    free(k->live_out);
    free(k->insts);
    free(k->vreg_slot);
    free(k->params);
    free(k);
}

const char *kspace_name(enum kspace s)
{
    static const char *n[] = { "generic", "global", "shared", "local",
                               "param", "const" };
    return (unsigned)s < sizeof n / sizeof n[0] ? n[s] : "?";
}

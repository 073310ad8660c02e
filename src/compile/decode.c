/*
** decode.c - build a kernel image from a linked kernel (see image.h).
** Decides, for every operand, the type it is read or written as; checks
** registers against it; converts immediates; resolves symbols to addresses
** in their state space; lays out parameters, shared memory and the local
** frame; and records branch targets and reconvergence points.
*/
#include "compile/image.h"
#include "compile/check.h"
#include "compile/link.h"
#include "compile/regalloc.h"
#include "util/softfp.h"
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
    va_list ap;
    va_start(ap, fmt);
    kcheck_verror(d->m, d->diag, line, col, width, fmt, ap);
    va_end(ap);
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

/* The types of dp4a/dp2a and video operands: d (and c) .u32 or .s32,
   a and b their own types. */
static void video_types(const struct ptx_inst *in, uint8_t *ty)
{
    uint8_t t = in->m.type, t2 = in->m.type2, t3 = in->m.type3;
    bool vset = in->op == OP_VSET || in->op == OP_VSET2 || in->op == OP_VSET4;
    if (in->op == OP_DP4A || in->op == OP_DP2A) {
        uint8_t d = t == PT_S32 || t2 == PT_S32 ? PT_S32 : PT_U32;
        ty[0] = ty[3] = d;
        ty[1] = t;
        ty[2] = t2;
    } else if (vset) {
        ty[0] = ty[3] = PT_U32;
        ty[1] = t;
        ty[2] = t2;
    } else {
        ty[0] = ty[3] = t;
        ty[1] = t2;
        ty[2] = t3;
    }
}

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
        ty[1] = ty[2] = t2;    /* cvt.rn.f16x2.f32 d, a, b */
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
        if (in->op >= OP_DP4A && in->op <= OP_VSET4)
            video_types(in, ty);
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
    if (t == PT_F16 || t == PT_BF16) {
        /* A value, rounded to nearest like an f32 immediate. */
        double v = o->kind == OPK_FIMM ? o->f : (double)o->imm;
        *bits = sfp_from_double(v, t == PT_F16 ? &sfp_f16 : &sfp_bf16,
                                SFP_RN);
        return WS_OK;
    }
    if (ptx_type_is_x2(t) && o->kind == OPK_FIMM)
        return derr(d, o->line, o->col, o->width,
                    "a .%s immediate is a 32-bit pattern of two halves, not a float literal",
                    ptx_type_name(t));
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
        if (o->neg == 1 && k->kind != KO_PRED)
            return derr(d, o->line, o->col, o->width,
                        "'!' applies only to predicates");
        k->neg = o->neg;        /* 2: vmad's -a (the parser allows no other) */
        k->sel = o->sel;
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
            if (o->vec[e] == -2) {
                if (dst || in->op != OP_MOV)
                    return derr(d, o->line, o->col, o->width,
                                "integers in a vector are only valid as the source of mov (packing)");
                k->vec[e] = -2;
                k->imm |= ((uint64_t)o->vimm[e] & ((1ULL << (esz * 8)) - 1))
                           << (e * esz * 8);
                continue;
            }
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
    if (kcheck_inst(d->m, in, d->diag))
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

/* link.c - inline calls to build one flat kernel (see link.h). */
#include "compile/link.h"
#include "util/xalloc.h"
#include <stdlib.h>
#include <string.h>

/* Flattened kernels larger than this are refused rather than built. */
#define LINK_MAX_INSTS (1u << 22)
#define LINK_MAX_DEPTH 64

struct link {
    const struct ptx_module *m;
    struct ptx_func *out;
    struct ws_diag *diag;
    int stack[LINK_MAX_DEPTH];
    int depth;
};

static int err_inst(struct link *l, const struct ptx_inst *in,
                    const char *fmt, const char *name)
{
    diag_error(l->diag, l->m->path, in->line, in->col, fmt, name);
    size_t len;
    const char *src = ptx_module_line(l->m, in->line, &len);
    if (src)
        diag_source(l->diag, src, len, in->width);
    return WS_ERR;
}

/*
** Copies function fi into l->out. For a callee, `binds` maps its params and
** rets (in declaration order: rets first, then params) to out variables,
** and `ret_label` is the out label ret jumps to.
*/
static int copy_func(struct link *l, int fi, const int32_t *binds,
                     int32_t ret_label)
{
    const struct ptx_func *f = &l->m->funcs.v[fi];
    struct ptx_func *out = l->out;
    int32_t reg_base = (int32_t)out->regs.n;
    for (size_t i = 0; i < f->regs.n; i++)
        vec_push(&out->regs, f->regs.v[i]);

    /* Variables: params/rets bind to the caller's; data gets fresh copies. */
    int32_t *varmap = ws_xmalloc((f->vars.n + 1) * sizeof *varmap);
    for (size_t i = 0; i < f->vars.n; i++) {
        const struct ptx_var *v = &f->vars.v[i];
        varmap[i] = -1;
        if (binds && v->kind != VAR_DATA)
            continue;
        struct ptx_var c = *v;
        if (v->init) {
            c.init = ws_xmalloc(v->size);
            memcpy(c.init, v->init, v->size);
        }
        varmap[i] = (int32_t)out->vars.n;
        vec_push(&out->vars, c);
        if (!binds && v->kind == VAR_PARAM)
            vec_push(&out->params, varmap[i]);
    }
    if (binds) {
        size_t k = 0;
        for (size_t i = 0; i < f->rets.n; i++)
            varmap[f->rets.v[i]] = binds[k++];
        for (size_t i = 0; i < f->params.n; i++)
            varmap[f->params.v[i]] = binds[k++];
    }

    /* Labels: fresh copies, positions fixed after the body is emitted. */
    int32_t label_base = (int32_t)out->labels.n;
    for (size_t i = 0; i < f->labels.n; i++)
        vec_push(&out->labels, f->labels.v[i]);
    int32_t *pos = ws_xmalloc((f->insts.n + 1) * sizeof *pos);

    int rc = WS_OK;
    for (size_t i = 0; i < f->insts.n && rc == WS_OK; i++) {
        const struct ptx_inst *src = &f->insts.v[i];
        pos[i] = (int32_t)out->insts.n;
        if (out->insts.n >= LINK_MAX_INSTS) {
            rc = err_inst(l, src, "kernel is too large after inlining calls (more than %s instructions)",
                          "4194304");
            break;
        }
        if (src->op == OP_CALL) {
            const struct ptx_opnd *fo = &src->o[src->nret];
            int callee = fo->sym;
            const struct ptx_func *cf = &l->m->funcs.v[callee];
            if (!cf->has_body) {
                rc = err_inst(l, src, "call to '%s', which has no body in this module (external functions such as vprintf are not supported)",
                              fo->name);
                break;
            }
            if (cf->is_entry) {
                rc = err_inst(l, src, "cannot call kernel '%s'", fo->name);
                break;
            }
            for (int d = 0; d < l->depth; d++) {
                if (l->stack[d] == callee) {
                    rc = err_inst(l, src, "recursive call to '%s' is not supported (calls are inlined)",
                                  fo->name);
                    break;
                }
            }
            if (rc)
                break;
            if (l->depth == LINK_MAX_DEPTH) {
                rc = err_inst(l, src, "calls nested too deeply at '%s'", fo->name);
                break;
            }
            size_t nargs = (size_t)src->n - src->nret - 1;
            if (src->nret != cf->rets.n || nargs != cf->params.n) {
                rc = err_inst(l, src, "call to '%s' does not match its declaration (number of parameters or return values)",
                              fo->name);
                break;
            }
            int32_t *b = ws_xmalloc((src->n + 1) * sizeof *b);
            for (int k = 0; k < src->n; k++) {
                if (k == src->nret)
                    continue;
                const struct ptx_opnd *a = &src->o[k];
                int idx = k < src->nret ? k : k - 1;
                if (a->kind != OPK_SYM || a->symscope != SYM_FUNC) {
                    free(b);
                    rc = err_inst(l, src, "call to '%s': arguments must be .param variables of the caller",
                                  fo->name);
                    goto done;
                }
                int32_t actual = varmap[a->sym];
                int32_t formal = k < src->nret ? cf->rets.v[k]
                                               : cf->params.v[k - src->nret - 1];
                if (out->vars.v[actual].size < cf->vars.v[formal].size) {
                    free(b);
                    rc = err_inst(l, src, "call to '%s': an argument is smaller than the parameter it binds",
                                  fo->name);
                    goto done;
                }
                b[idx] = actual;
            }
            /* The return point is a label on the instruction after the
               inlined body; its position is set once the body is in. */
            struct ptx_label rl = { fo->name, -1, src->line, src->col };
            int32_t rli = (int32_t)out->labels.n;
            vec_push(&out->labels, rl);
            l->stack[l->depth++] = callee;
            rc = copy_func(l, callee, b, rli);
            l->depth--;
            free(b);
            out->labels.v[rli].inst = (int32_t)out->insts.n;
            continue;
        }
        struct ptx_inst c = *src;
        c.o = ws_xmalloc((c.n ? c.n : 1) * sizeof *c.o);
        if (c.n)
            memcpy(c.o, src->o, c.n * sizeof *c.o);
        if (c.guard >= 0)
            c.guard += reg_base;
        if (binds && c.inlined_from < 0)
            c.inlined_from = fi;
        for (int k = 0; k < c.n; k++) {
            struct ptx_opnd *o = &c.o[k];
            if (o->kind == OPK_REG || (o->kind == OPK_ADDR && o->reg >= 0))
                o->reg += reg_base;
            if (o->kind == OPK_VEC)
                for (int e = 0; e < o->nvec; e++)
                    if (o->vec[e] >= 0)
                        o->vec[e] += reg_base;
            if ((o->kind == OPK_SYM || o->kind == OPK_ADDR) && o->sym >= 0 &&
                o->symscope == SYM_FUNC)
                o->sym = varmap[o->sym];
            if (o->kind == OPK_LABEL)
                o->sym += label_base;
        }
        if (c.op == OP_RET && binds) {
            /* ret in a callee: branch to the return point. */
            free(c.o);
            c.op = OP_BRA;
            c.n = 1;
            c.nd = 0;
            c.o = ws_xcalloc(1, sizeof *c.o);
            c.o[0].kind = OPK_LABEL;
            c.o[0].sym = ret_label;
            c.o[0].reg = -1;
            c.o[0].name = "ret";
            c.o[0].line = c.line;
            c.o[0].col = c.col;
            c.o[0].width = 3;
        }
        vec_push(&out->insts, c);
    }
done:
    pos[f->insts.n] = (int32_t)out->insts.n;
    if (rc == WS_OK)
        for (size_t i = 0; i < f->labels.n; i++)
            out->labels.v[label_base + i].inst = pos[f->labels.v[i].inst];
    free(pos);
    free(varmap);
    return rc;
}

/*
** Drops the registers no instruction names (nvcc declares %rd<5> and never
** uses %rd0; a file can declare %r<65000> in twenty bytes): liveness, the
** allocator and its check work on dense sets over registers, so the ones
** never referenced would cost memory and time for nothing.
*/
static void drop_unused_regs(struct ptx_func *f)
{
    size_t n = f->regs.n;
    int32_t *map = ws_xmalloc((n + 1) * sizeof *map);
    for (size_t r = 0; r < n; r++)
        map[r] = -1;
    for (size_t i = 0; i < f->insts.n; i++) {
        const struct ptx_inst *in = &f->insts.v[i];
        if (in->guard >= 0)
            map[in->guard] = 0;
        for (int k = 0; k < in->n; k++) {
            const struct ptx_opnd *o = &in->o[k];
            if ((o->kind == OPK_REG || o->kind == OPK_ADDR) && o->reg >= 0)
                map[o->reg] = 0;
            for (int e = 0; o->kind == OPK_VEC && e < o->nvec; e++)
                if (o->vec[e] >= 0)
                    map[o->vec[e]] = 0;
        }
    }
    size_t keep = 0;
    for (size_t r = 0; r < n; r++)
        if (map[r] == 0) {
            map[r] = (int32_t)keep;
            f->regs.v[keep++] = f->regs.v[r];
        }
    f->regs.n = keep;
    for (size_t i = 0; i < f->insts.n; i++) {
        struct ptx_inst *in = &f->insts.v[i];
        if (in->guard >= 0)
            in->guard = map[in->guard];
        for (int k = 0; k < in->n; k++) {
            struct ptx_opnd *o = &in->o[k];
            if ((o->kind == OPK_REG || o->kind == OPK_ADDR) && o->reg >= 0)
                o->reg = map[o->reg];
            for (int e = 0; o->kind == OPK_VEC && e < o->nvec; e++)
                if (o->vec[e] >= 0)
                    o->vec[e] = map[o->vec[e]];
        }
    }
    free(map);
}

int link_kernel(const struct ptx_module *m, int entry, struct ptx_func *out,
                struct ws_diag *diag)
{
    const struct ptx_func *e = &m->funcs.v[entry];
    memset(out, 0, sizeof *out);
    out->name = e->name;
    out->is_entry = true;
    out->has_body = e->has_body;
    out->visible = e->visible;
    memcpy(out->maxntid, e->maxntid, sizeof out->maxntid);
    memcpy(out->reqntid, e->reqntid, sizeof out->reqntid);
    out->line = e->line;
    out->col = e->col;
    struct link l = { m, out, diag, { entry }, 1 };
    if (copy_func(&l, entry, NULL, -1) != WS_OK) {
        link_free(out);
        return WS_ERR;
    }
    /* Falling off the end of a kernel (or branching to a label after the
       last instruction) means exit: make that explicit. */
    bool need_exit = out->insts.n == 0;
    if (!need_exit) {
        const struct ptx_inst *last = &vec_last(&out->insts);
        need_exit = !((last->op == OP_BRA || last->op == OP_RET ||
                       last->op == OP_EXIT) && last->guard < 0);
    }
    for (size_t i = 0; i < out->labels.n && !need_exit; i++)
        need_exit = out->labels.v[i].inst == (int32_t)out->insts.n;
    if (need_exit) {
        struct ptx_inst x;
        memset(&x, 0, sizeof x);
        x.op = OP_EXIT;
        x.guard = -1;
        x.inlined_from = -1;
        x.line = e->line;
        x.col = e->col;
        x.width = 1;
        vec_push(&out->insts, x);
    }
    drop_unused_regs(out);
    return WS_OK;
}

void link_free(struct ptx_func *f)
{
    for (size_t i = 0; i < f->insts.n; i++)
        free(f->insts.v[i].o);
    for (size_t i = 0; i < f->vars.n; i++)
        free(f->vars.v[i].init);
    vec_free(&f->params);
    vec_free(&f->rets);
    vec_free(&f->regs);
    vec_free(&f->vars);
    vec_free(&f->insts);
    vec_free(&f->labels);
}

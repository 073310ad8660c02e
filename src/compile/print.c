/* print.c - instructions with physical registers (see print.h). */
#include "compile/print.h"
#include "compile/liveness.h"
#include <string.h>

void print_reg(const struct kimage *k, int32_t vreg, struct strbuf *out)
{
    uint8_t t = k->flat.regs.v[vreg].type;
    int32_t s = k->vreg_slot[vreg];
    if (t == PT_PRED)
        sb_printf(out, "P%d", s);
    else if (ptx_type_size((enum ptx_type)t) == 8)
        sb_printf(out, "R%d:%d", s, s + 1);
    else
        sb_printf(out, "R%d", s);
}

static bool dies(const struct kimage *k, int32_t i, int32_t vreg)
{
    for (int32_t j = k->dead.start[i]; j < k->dead.start[i + 1]; j++)
        if (k->dead.reg[j] == vreg)
            return true;
    return false;
}

static void reg_use(const struct kimage *k, int32_t i, int32_t vreg, bool src,
                    bool dead, struct strbuf *out)
{
    print_reg(k, vreg, out);
    if (dead && src && dies(k, i, vreg))
        sb_putc(out, '*');
}

static void source_text(const struct kimage *k, int line, int col, int width,
                        struct strbuf *out)
{
    size_t len;
    const char *p = ptx_module_line(k->mod, line, &len);
    if (!p || col < 1 || width < 1 || (size_t)(col - 1) + (size_t)width > len) {
        sb_puts(out, "?");
        return;
    }
    sb_putn(out, p + col - 1, (size_t)width);
}

/* An immediate written across lines ("-" then "1;") has no one-line
   source span: print its value instead. False when the span is whole. */
static bool imm_text(const struct kimage *k, const struct ptx_opnd *x,
                     struct strbuf *out)
{
    if (x->kind != OPK_IMM && x->kind != OPK_FIMM)
        return false;
    size_t len;
    const char *p = ptx_module_line(k->mod, x->line, &len);
    if (p && x->col >= 1 && x->width >= 1 &&
        (size_t)(x->col - 1) + (size_t)x->width <= len) {
        for (int c = 0; c < x->width; c++)
            if (p[x->col - 1 + c] >= '0' && p[x->col - 1 + c] <= '9')
                return false;
    }
    if (x->kind == OPK_IMM)
        sb_printf(out, "%lld", (long long)x->imm);
    else
        sb_printf(out, "%.17g", x->f);
    return true;
}

void print_inst(const struct kimage *k, int32_t i, bool dead,
                struct strbuf *out)
{
    const struct ptx_inst *in = &k->flat.insts.v[i];
    if (in->guard >= 0) {
        sb_puts(out, in->guard_neg ? "@!" : "@");
        reg_use(k, i, in->guard, true, dead, out);
        sb_putc(out, ' ');
    }
    if (in->op == OP_EXIT && in->n == 0 && in->width == 1) {
        sb_puts(out, "exit");        /* implicit exit at the kernel's end */
        return;
    }
    if (in->op == OP_BRA && in->inlined_from >= 0 && in->o[0].name &&
        strcmp(in->o[0].name, "ret") == 0) {
        sb_puts(out, "ret");         /* a callee's ret, now a branch back */
        return;
    }
    /* The opcode with its modifiers, as written (without the guard). */
    size_t len;
    const char *p = ptx_module_line(k->mod, in->line, &len);
    int col = in->col, w = in->width;
    if (p && in->guard >= 0) {
        /* The instruction's position is the guard's; skip past it. */
        const char *q = p + col - 1, *end = p + len;
        while (q < end && *q != ' ' && *q != '\t')
            q++;
        while (q < end && (*q == ' ' || *q == '\t'))
            q++;
        const char *e = q;
        while (e < end && *e != ' ' && *e != '\t')
            e++;
        sb_putn(out, q, (size_t)(e - q));
    } else {
        source_text(k, in->line, col, w, out);
    }
    for (int o = 0; o < in->n; o++) {
        const struct ptx_opnd *x = &in->o[o];
        bool src = o >= in->nd;
        sb_puts(out, o == 0 ? " " : (o == 1 && in->nd == 2 &&
                                     (in->op == OP_SETP || in->op == OP_SHFL))
                                        ? "|" : ", ");
        switch (x->kind) {
        case OPK_REG:
            if (x->neg)
                sb_putc(out, x->neg == 2 ? '-' : '!');
            reg_use(k, i, x->reg, src, dead, out);
            if (x->sel.kind) {
                sb_printf(out, ".%c", x->sel.kind);
                for (int s = 0; s < x->sel.n; s++)
                    sb_putc(out, (char)('0' + x->sel.dig[s]));
            }
            break;
        case OPK_VEC:
            sb_putc(out, '{');
            for (int e = 0; e < x->nvec; e++) {
                if (e)
                    sb_puts(out, ", ");
                if (x->vec[e] == -2)
                    sb_printf(out, "%lld", (long long)x->vimm[e]);
                else if (x->vec[e] < 0)
                    sb_putc(out, '_');
                else
                    reg_use(k, i, x->vec[e], src, dead, out);
            }
            sb_putc(out, '}');
            break;
        case OPK_ADDR:
            sb_putc(out, '[');
            if (x->reg >= 0)
                reg_use(k, i, x->reg, true, dead, out);
            else if (x->name)
                sb_puts(out, x->name);
            if (x->imm || (x->reg < 0 && !x->name))
                sb_printf(out, "%s%lld", (x->reg >= 0 || x->name) &&
                                             x->imm >= 0 ? "+" : "",
                          (long long)x->imm);
            sb_putc(out, ']');
            break;
        case OPK_LABEL:
            sb_puts(out, x->name ? x->name : "?");
            break;
        default:
            if (!imm_text(k, x, out))
                source_text(k, x->line, x->col, x->width, out);
            break;
        }
    }
}

void print_regset(const struct kimage *k, const uint64_t *vset,
                  struct strbuf *out)
{
    int n = 0;
    for (size_t r = 0; r < k->flat.regs.n; r++) {
        if (!live_has(vset, (int32_t)r))
            continue;
        /* Several virtual registers can share a physical one at different
           times; print each physical register once. */
        bool dup = false;
        for (size_t q = 0; q < r && !dup; q++)
            dup = live_has(vset, (int32_t)q) &&
                  k->vreg_slot[q] == k->vreg_slot[r] &&
                  (k->flat.regs.v[q].type == PT_PRED) ==
                      (k->flat.regs.v[r].type == PT_PRED);
        if (dup)
            continue;
        if (n++)
            sb_putc(out, ' ');
        print_reg(k, (int32_t)r, out);
    }
    if (!n)
        sb_puts(out, "-");
}

/*
** inspect.c - `warpscope inspect KERNEL.ptx [--kernel NAME] [--json]`.
** Compiles a PTX file exactly as a scenario would (same diagnostics, same
** exit codes) and shows each kernel: parameters and their offsets, register
** use, memory layout, and the instructions by basic block with branch
** targets and the reconvergence points the SIMT stack will use.
*/
#include "cli/cli.h"
#include "config/preset.h"
#include "func/device.h"
#include "util/jval.h"
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void trim_line(const char *p, size_t n, char *out, size_t cap)
{
    while (n && (*p == ' ' || *p == '\t')) {
        p++;
        n--;
    }
    while (n && (p[n - 1] == ' ' || p[n - 1] == '\t' || p[n - 1] == '\r'))
        n--;
    size_t k = 0;
    for (size_t i = 0; i < n && k + 1 < cap; i++)
        out[k++] = p[i] == '\t' ? ' ' : p[i];
    out[k] = '\0';
}

static void print_kernel(const struct kimage *k)
{
    const struct ptx_module *m = k->mod;
    const struct ptx_func *f = &k->flat;
    printf("kernel %s (%s:%d)\n", k->name, m->path, f->line);
    printf("  parameters (%u bytes):", k->param_bytes);
    for (uint32_t i = 0; i < k->nparams; i++)
        printf("%s %s .%s @%u", i ? "," : "", k->params[i].name,
               ptx_type_name((enum ptx_type)k->params[i].type),
               k->params[i].offset);
    printf("%s\n", k->nparams ? "" : " none");
    printf("  registers: %zu virtual -> %u 32-bit register slots, %u predicates\n",
           f->regs.n, k->nslots, k->npreds);
    printf("  shared memory: %u bytes static%s; local frame: %u bytes per thread\n",
           k->shared_static, k->dyn_shared_align ? " + dynamic" : "",
           k->local_bytes);
    printf("  %d instructions in %d basic blocks\n", k->ninst, k->cfg.nblocks);
    for (int32_t b = 0; b < k->cfg.nblocks; b++) {
        const struct cfg_block *bl = &k->cfg.b[b];
        printf("  B%d:", b);
        if (bl->npred) {
            printf("  preds");
            for (int32_t p = 0; p < bl->npred; p++)
                printf(" B%d", bl->pred[p]);
        }
        printf("\n");
        for (int32_t i = bl->first; i <= bl->last; i++) {
            const struct ptx_inst *in = &f->insts.v[i];
            size_t len;
            const char *src = ptx_module_line(m, in->line, &len);
            char text[160];
            if (src && in->op != OP_EXIT)
                trim_line(src, len, text, sizeof text);
            else
                snprintf(text, sizeof text, "%s", ptx_op_name(in->op));
            if (in->op == OP_BRA && in->inlined_from >= 0 &&
                strcmp(in->o[0].name, "ret") == 0)
                snprintf(text, sizeof text, "ret  (returns to the call site)");
            printf("    %5d  %-56s ; line %d", i, text, in->line);
            if (in->inlined_from >= 0)
                printf(", inlined from %s", m->funcs.v[in->inlined_from].name);
            const struct kinst *ki = &k->insts[i];
            if (ki->op == OP_BRA) {
                int32_t tb = ki->target < k->ninst ? k->cfg.block_of[ki->target]
                                                    : k->cfg.nblocks;
                printf(", to B%d", tb);
                if (in->guard >= 0) {
                    if (ki->rpc >= k->ninst)
                        printf(", reconverges at exit");
                    else
                        printf(", reconverges at B%d", k->cfg.block_of[ki->rpc]);
                }
            }
            printf("\n");
        }
    }
}

static struct jv *kernel_json(const struct kimage *k)
{
    struct jv *o = jv_obj();
    jv_set(o, "name", jv_str(k->name));
    struct jv *ps = jv_set(o, "params", jv_arr());
    for (uint32_t i = 0; i < k->nparams; i++) {
        struct jv *p = jv_push(ps, jv_obj());
        jv_set(p, "name", jv_str(k->params[i].name));
        jv_set(p, "type", jv_str(ptx_type_name((enum ptx_type)k->params[i].type)));
        jv_set(p, "offset", jv_int(k->params[i].offset));
        jv_set(p, "size", jv_int(k->params[i].size));
    }
    jv_set(o, "virtual_registers", jv_int((int64_t)k->flat.regs.n));
    jv_set(o, "regs_per_thread", jv_int(k->regs_per_thread));
    jv_set(o, "predicates", jv_int(k->npreds));
    jv_set(o, "shared_static", jv_int(k->shared_static));
    jv_set(o, "dynamic_shared", jv_bool(k->dyn_shared_align != 0));
    jv_set(o, "local_bytes", jv_int(k->local_bytes));
    jv_set(o, "blocks", jv_int(k->cfg.nblocks));
    jv_set(o, "instructions", jv_int(k->ninst));
    return o;
}

int cli_inspect(int argc, char **argv)
{
    const char *path = NULL, *kernel = NULL;
    bool json = false;
    struct config_assigns sets = { 0 };
    struct ws_diag d = { 0 };
    int rc = EXIT_OK;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--set") == 0 || strcmp(a, "--kernel") == 0) {
            if (i + 1 >= argc) {
                rc = cli_usage_error("inspect", "%s needs a value", a);
                goto out;
            }
            if (strcmp(a, "--kernel") == 0) {
                kernel = argv[++i];
            } else if (config_assigns_parse(&sets, argv[++i], &d) != WS_OK) {
                cli_print_diag(&d);
                rc = EXIT_BAD;
                goto out;
            }
        } else if (strcmp(a, "--json") == 0) {
            json = true;
        } else if (a[0] == '-' && a[1]) {
            rc = cli_usage_error("inspect", "unknown option '%s'", a);
            goto out;
        } else if (path) {
            rc = cli_usage_error("inspect", "only one PTX file at a time (got '%s' and '%s')",
                                 path, a);
            goto out;
        } else {
            path = a;
        }
    }
    if (!path) {
        rc = cli_usage_error("inspect", "missing the PTX file (warpscope inspect KERNEL.ptx)");
        goto out;
    }
    struct ws_config c;
    if (config_resolve(&c, NULL, &sets, &d) != WS_OK) {
        config_free(&c);
        cli_print_diag(&d);
        rc = EXIT_BAD;
        goto out;
    }
    struct ws_device dev;
    device_init(&dev, &c);
    config_free(&c);
    int mi = device_load(&dev, path, &d);
    if (mi < 0) {
        cli_print_diag(&d);
        rc = EXIT_BAD;
    } else {
        const struct dev_module *m = &dev.modules.v[mi];
        int shown = 0;
        struct jv *root = jv_obj();
        struct jv *ks = jv_set(root, "kernels", jv_arr());
        for (int i = 0; i < m->nkernels; i++) {
            if (kernel && strcmp(kernel, m->kernels[i]->name) != 0)
                continue;
            shown++;
            if (json)
                jv_push(ks, kernel_json(m->kernels[i]));
            else
                print_kernel(m->kernels[i]);
        }
        if (kernel && !shown) {
            fprintf(stderr, "%s: error: no kernel '%s' in this file\n", path,
                    kernel);
            rc = EXIT_BAD;
        } else if (json) {
            struct strbuf b;
            sb_init(&b);
            jv_write(root, &b, 2);
            printf("%s\n", sb_str(&b));
            sb_free(&b);
        }
        jv_free(root);
    }
    device_free(&dev);
out:
    diag_reset(&d);
    config_assigns_free(&sets);
    return rc;
}

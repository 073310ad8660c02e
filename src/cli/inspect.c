/*
** inspect.c - `warpscope inspect [KERNEL.ptx] [--kernel NAME] [--cost] [--json]`.
** Compiles a PTX file exactly as a scenario would (same diagnostics, same
** exit codes) and shows each kernel: parameters, registers (with ptxas's
** count when ptxas is installed), memory layout, the instructions on
** physical registers by basic block with dead-operand marks, live-in and
** live-out sets, branch targets and reconvergence points, the
** register-intervals with their PREFETCH sets, and the racetrack register
** mapping with its shift counts. `--cost` prints every design's storage
** bill per SM under the configuration (SPEC 5).
*/
#include "cli/cli.h"
#include "util/demangle.h"
#include "config/preset.h"
#include "compile/intervals.h"
#include "compile/print.h"
#include "compile/rtmap.h"
#include "sim/device.h"
#include "designs/registry.h"
#include "timing/sm.h"
#include "timing/tparams.h"
#include "util/jval.h"
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

struct view {
    const struct ws_config *cfg;
    int ptxas;                      /* -1: unknown */
    uint32_t warps;                 /* resident warps in the racetrack trace */
};

static void print_kernel(const struct kimage *k, const struct view *v,
                         const struct intervals *iv, const struct rtmap *rm,
                         size_t trace_len)
{
    const struct ptx_module *m = k->mod;
    const struct ptx_func *f = &k->flat;
    struct strbuf b;
    sb_init(&b);
    struct ws_demangled dn;
    if (ws_demangle(k->name, &dn) == 0) {
        printf("kernel %s = %s (%s:%d)\n", k->name, dn.full, m->path, f->line);
        ws_demangled_free(&dn);
    } else {
        printf("kernel %s (%s:%d)\n", k->name, m->path, f->line);
    }
    printf("  parameters (%u bytes):", k->param_bytes);
    for (uint32_t i = 0; i < k->nparams; i++)
        printf("%s %s .%s @%u", i ? "," : "", k->params[i].name,
               ptx_type_name((enum ptx_type)k->params[i].type),
               k->params[i].offset);
    printf("%s\n", k->nparams ? "" : " none");
    printf("  registers: %u per thread", k->regs_per_thread);
    if (v->ptxas >= 0)
        printf(" (ptxas: %d)", v->ptxas);
    printf(", %u predicates; allocated from %zu virtual registers\n",
           k->npreds, f->regs.n);
    printf("  shared memory: %u bytes static%s; local frame: %u bytes per thread\n",
           k->shared_static, k->dyn_shared_align ? " + dynamic" : "",
           k->local_bytes);
    printf("  %d instructions in %d basic blocks; %u register-intervals of at most %u registers\n",
           k->ninst, k->cfg.nblocks, iv->n, iv->N);
    printf("  legend: R7 register, R6:7 64-bit pair, P2 predicate, * the register dies here for the warp\n");
    for (int32_t bi = 0; bi < k->cfg.nblocks; bi++) {
        const struct cfg_block *bl = &k->cfg.b[bi];
        sb_clear(&b);
        print_regset(k, k->live_in + (size_t)bi * k->live_words, &b);
        printf("\n  B%d", bi);
        if (bl->npred) {
            printf(" (from");
            for (int32_t p = 0; p < bl->npred; p++)
                printf(" B%d", bl->pred[p]);
            printf(")");
        }
        printf("  live-in: %s\n", sb_str(&b));
        for (int32_t i = bl->first; i <= bl->last; i++) {
            const struct interval *I = &iv->v[iv->of_inst[i]];
            if (I->head == i) {
                sb_clear(&b);
                int n = 0;
                for (uint32_t r = 0; r < iv->words * 64; r++)
                    if (I->regs[r >> 6] >> (r & 63) & 1)
                        sb_printf(&b, "%sR%u", n++ ? " " : "", r);
                printf("    == interval %d: prefetch %u registers {%s}, %u instructions ==\n",
                       iv->of_inst[i], I->nregs, sb_str(&b), I->static_insts);
            }
            const struct ptx_inst *in = &f->insts.v[i];
            sb_clear(&b);
            print_inst(k, i, true, &b);
            printf("    %5d  %-58s ; line %d", i, sb_str(&b), in->line);
            if (in->inlined_from >= 0)
                printf(", in %s", m->funcs.v[in->inlined_from].name);
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
        sb_clear(&b);
        print_regset(k, k->live_out + (size_t)bi * k->live_words, &b);
        printf("       live-out: %s\n", sb_str(&b));
    }
    if (!rm) {
        printf("\n  racetrack register mapping: not computed: the kernel needs %u registers per thread, more than the %d the timing model holds\n",
               k->nslots, SM_REG_WORDS * 64);
        sb_free(&b);
        return;
    }
    printf("\n  racetrack register mapping (%u banks, %u ports per bank; %s trace of %zu accesses by %u warps):\n",
           rm->banks, rm->ports, rm->from_trace ? "recorded" : "static", trace_len,
           v->warps);
    printf("    bank  registers  groups    moves  direct S  mapped S\n");
    for (uint32_t bk = 0; bk < rm->banks; bk++) {
        const struct rtmap_bank *rb = &rm->b[bk];
        if (!rb->n)
            continue;
        printf("    %4u  %9u  %6u  %7llu  %8llu  %8llu%s%s\n", bk, rb->n,
               rb->ngroups, (unsigned long long)rb->moves,
               (unsigned long long)rb->direct_S,
               (unsigned long long)rb->mapped_S,
               rb->heuristic ? "  (local search)" : "",
               rb->kept_direct ? "  (kept direct)" : "");
    }
    printf("    total shifts S: direct %llu, mapped %llu",
           (unsigned long long)rm->direct_S, (unsigned long long)rm->mapped_S);
    if (rm->direct_S)
        printf(" (%.0f%% of direct)", 100.0 * (double)rm->mapped_S /
                                          (double)rm->direct_S);
    printf("\n");
    if (rm->heuristic)
        printf("    more than %d groups in a bank: offsets found by local search, not enumeration\n",
               RTMAP_EXHAUSTIVE_MAX);
    sb_free(&b);
}

static struct jv *kernel_json(const struct kimage *k, const struct view *v,
                              const struct intervals *iv,
                              const struct rtmap *rm)
{
    struct jv *o = jv_obj();
    jv_set(o, "name", jv_str(k->name));
    struct ws_demangled dn;
    if (ws_demangle(k->name, &dn) == 0) {
        jv_set(o, "demangled", jv_str(dn.full));
        ws_demangled_free(&dn);
    } else {
        jv_set(o, "demangled", jv_null());
    }
    jv_set(o, "regs_per_thread", jv_int(k->regs_per_thread));
    jv_set(o, "ptxas_regs", v->ptxas >= 0 ? jv_int(v->ptxas) : jv_null());
    jv_set(o, "predicates", jv_int(k->npreds));
    jv_set(o, "virtual_registers", jv_int((int64_t)k->flat.regs.n));
    jv_set(o, "blocks", jv_int(k->cfg.nblocks));
    jv_set(o, "instructions", jv_int(k->ninst));
    struct jv *ps = jv_set(o, "params", jv_arr());
    for (uint32_t i = 0; i < k->nparams; i++) {
        struct jv *p = jv_push(ps, jv_obj());
        jv_set(p, "name", jv_str(k->params[i].name));
        jv_set(p, "type", jv_str(ptx_type_name((enum ptx_type)k->params[i].type)));
        jv_set(p, "offset", jv_int(k->params[i].offset));
        jv_set(p, "size", jv_int(k->params[i].size));
    }
    jv_set(o, "shared_static", jv_int(k->shared_static));
    jv_set(o, "dynamic_shared", jv_bool(k->dyn_shared_align != 0));
    jv_set(o, "local_bytes", jv_int(k->local_bytes));
    struct jv *ivs = jv_set(o, "intervals", jv_arr());
    for (uint32_t i = 0; i < iv->n; i++) {
        const struct interval *I = &iv->v[i];
        struct jv *x = jv_push(ivs, jv_obj());
        jv_set(x, "id", jv_int(i));
        jv_set(x, "head_block", jv_int(k->cfg.block_of[I->head]));
        jv_set(x, "head_instruction", jv_int(I->head));
        struct jv *bl = jv_set(x, "blocks", jv_arr());
        for (int32_t b = 0; b < k->cfg.nblocks; b++)
            if (intervals_block_has(k, iv, b, i))
                jv_push(bl, jv_int(b));
        struct jv *rs = jv_set(x, "regs", jv_arr());
        for (uint32_t r = 0; r < iv->words * 64; r++)
            if (I->regs[r >> 6] >> (r & 63) & 1)
                jv_push(rs, jv_int(r));
        jv_set(x, "static_instructions", jv_int(I->static_insts));
    }
    jv_set(o, "regs_per_interval", jv_int(iv->N));
    jv_set(o, "intervals_after_pass1", jv_int(iv->pass1));
    if (!rm) {                  /* beyond the timing model: not mapped */
        jv_set(o, "racetrack", jv_null());
        return o;
    }
    struct jv *r = jv_set(o, "racetrack", jv_obj());
    jv_set(r, "banks", jv_int(rm->banks));
    jv_set(r, "warps", jv_int(v->warps));
    jv_set(r, "ports", jv_int(rm->ports));
    jv_set(r, "direct_shifts", jv_int((int64_t)rm->direct_S));
    jv_set(r, "mapped_shifts", jv_int((int64_t)rm->mapped_S));
    jv_set(r, "local_search", jv_bool(rm->heuristic));
    struct jv *map = jv_set(r, "mapping", jv_arr());
    for (uint32_t bk = 0; bk < rm->banks; bk++)
        for (uint32_t i = 0; i < rm->b[bk].n; i++) {
            struct jv *e = jv_push(map, jv_obj());
            int32_t R = k->regs_per_thread ? (int32_t)k->regs_per_thread : 1;
            jv_set(e, "warp", jv_int(rm->b[bk].reg[i] / R));
            jv_set(e, "reg", jv_int(rm->b[bk].reg[i] % R));
            jv_set(e, "bank", jv_int(bk));
            jv_set(e, "port", jv_int(rm->b[bk].port[i]));
            jv_set(e, "offset", jv_int(rm->b[bk].offset[i]));
        }
    return o;
}

static void print_json(const struct jv *root)
{
    struct strbuf b;
    sb_init(&b);
    jv_write(root, &b, 2);
    printf("%s\n", sb_str(&b));
    sb_free(&b);
}

/* Every design's bill: {preset, designs: [{design, items, total_bits,
   total_bytes, vs_baseline}]}; a design without a bill, or that cannot
   be built on this machine, has items null (and the reason in error). */
static struct jv *storage_bills(const struct ws_config *cfg)
{
    struct tparams p;
    tparams_init(&p, cfg);
    struct jv *o = jv_obj();
    jv_set(o, "preset", jv_str(config_s(cfg, CK_PRESET)));
    struct jv *ds = jv_set(o, "designs", jv_arr());
    double base = 0;
    for (size_t i = 0; design_at(i); i++) {
        const struct design *d = design_at(i);
        struct jv *e = jv_push(ds, jv_obj());
        jv_set(e, "design", jv_str(d->name));
        struct ws_diag bad = { 0 };
        if (!d->cost || (d->check && d->check(cfg, &p, &bad) != WS_OK)) {
            /* no bill, or no such machine: say why */
            jv_set(e, "items", jv_null());
            if (bad.msg)
                jv_set(e, "error", jv_str(bad.msg));
            diag_reset(&bad);
            continue;
        }
        struct jv *items = jv_set(e, "items", jv_arr());
        d->cost(cfg, &p, items);
        uint64_t bits = 0;
        for (size_t k = 0; k < items->n; k++)
            bits += (uint64_t)jv_num_at(items->items[k], "bits");
        jv_set(e, "total_bits", jv_int((int64_t)bits));
        jv_set(e, "total_bytes", jv_num((double)bits / 8));
        if (i == 0)
            base = (double)bits;
        jv_set(e, "vs_baseline", jv_num(base > 0 ? (double)bits / base : 0));
    }
    return o;
}

static void print_bills(const struct jv *o)
{
    printf("storage per SM: register file and L1D (preset %s)\n",
           jv_get(o, "preset")->u.s);
    const struct jv *ds = jv_get(o, "designs");
    for (size_t i = 0; i < ds->n; i++) {
        const struct jv *e = ds->items[i];
        const struct jv *items = jv_get(e, "items");
        printf("\n  %s\n", jv_get(e, "design")->u.s);
        if (items->kind != JV_ARR) {
            const struct jv *err = jv_get(e, "error");
            printf("    %s\n", err ? err->u.s : "no storage bill");
            continue;
        }
        for (size_t k = 0; k < items->n; k++) {
            const struct jv *it = items->items[k];
            double bits = jv_num_at(it, "bits");
            printf("    %-25s %9.0f bits %9.3f KB  %s\n",
                   jv_get(it, "part")->u.s, bits, bits / 8192,
                   jv_get(it, "note")->u.s);
        }
        double bits = jv_num_at(e, "total_bits");
        printf("    %-25s %9.0f bits %9.3f KB  = %.0f bytes", "total", bits,
               bits / 8192, bits / 8);
        if (i)
            printf(", %.3f x baseline", jv_num_at(e, "vs_baseline"));
        printf("\n");
    }
}

int cli_inspect(int argc, char **argv)
{
    const char *path = NULL, *kernel = NULL;
    bool json = false, use_ptxas = true, cost = false, host = false;
    long warps = 0;
    struct config_assigns sets = { 0 };
    struct ws_diag d = { 0 };
    int rc = EXIT_OK;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--set") == 0 || strcmp(a, "--kernel") == 0 ||
            strcmp(a, "--warps") == 0) {
            if (i + 1 >= argc) {
                rc = cli_usage_error("inspect", "%s needs a value", a);
                goto out;
            }
            if (strcmp(a, "--warps") == 0) {
                char *end;
                warps = strtol(argv[++i], &end, 10);
                if (*end || warps < 1 || warps > 1024) {
                    rc = cli_usage_error("inspect", "--warps expects a number of warps in 1..1024, got '%s'",
                                         argv[i]);
                    goto out;
                }
            } else if (strcmp(a, "--kernel") == 0) {
                kernel = argv[++i];
            } else if (config_assigns_parse(&sets, argv[++i], &d) != WS_OK) {
                cli_print_diag(&d);
                rc = EXIT_BAD;
                goto out;
            }
        } else if (strcmp(a, "--json") == 0) {
            json = true;
        } else if (strcmp(a, "--no-ptxas") == 0) {
            use_ptxas = false;
        } else if (strcmp(a, "--host-stats") == 0) {
            host = true;
        } else if (strcmp(a, "--cost") == 0) {
            cost = true;
        } else if (a[0] == '-' && a[1]) {
            rc = cli_unknown_option("inspect", a, "--kernel --set --warps "
                                    "--json --no-ptxas --host-stats --cost");
            goto out;
        } else if (path) {
            rc = cli_usage_error("inspect", "only one PTX file at a time (got '%s' and '%s')",
                                 path, a);
            goto out;
        } else {
            path = a;
        }
    }
    if (!path && !cost) {
        rc = cli_usage_error("inspect", "missing the PTX file (warpscope inspect KERNEL.ptx, or --cost)");
        goto out;
    }
    struct ws_config c;
    if (config_resolve(&c, NULL, &sets, &d) != WS_OK) {
        config_free(&c);
        cli_print_diag(&d);
        rc = EXIT_BAD;
        goto out;
    }
    struct jv *bills = cost ? storage_bills(&c) : NULL;
    if (!path) {
        config_free(&c);
        if (json) {
            struct jv *root = jv_obj();
            jv_set(root, "storage", bills);
            print_json(root);
            jv_free(root);
        } else {
            print_bills(bills);
            jv_free(bills);
        }
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
        struct ptxas_count *pc = NULL;
        int npc = use_ptxas ? cli_ptxas_regs(path, m->mod->target, &pc) : -1;
        if (npc == PTXAS_TIMEOUT)
            fprintf(stderr, "%s: note: ptxas ran longer than %d s and was stopped; its register counts are left out\n",
                    path, cli_ptxas_seconds());
        else if (npc == PTXAS_FAILED)
            fprintf(stderr, "%s: note: ptxas did not compile this file (or needed more than %lld MB); its register counts are left out\n",
                    path, PTXAS_MEMORY >> 20);
        int shown = 0;
        struct jv *root = jv_obj();
        struct jv *ks = jv_set(root, "kernels", jv_arr());
        for (int i = 0; i < m->nkernels; i++) {
            const struct kimage *k = m->kernels[i];
            if (kernel && !ws_demangle_match(k->name, kernel))
                continue;
            shown++;
            struct view v = { &dev.cfg, -1, 1 };
            for (int j = 0; j < npc; j++)
                if (strcmp(pc[j].name, k->name) == 0)
                    v.ptxas = pc[j].regs;
            if (v.ptxas <= 0 && k->ptxas_regs)
                v.ptxas = (int)k->ptxas_regs;    /* recorded in NAME.ptxas */
            struct intervals iv;
            intervals_compute(k, (uint32_t)config_i(&dev.cfg, CK_LTRF_REGS_PER_INTERVAL),
                              &iv);
            /* Resident warps: as many as the register file and the warp
               limit allow (the block size is not known here). */
            uint32_t banks = (uint32_t)config_i(&dev.cfg, CK_RACETRACK_BANKS);
            uint32_t rw = k->regs_per_thread
                              ? (uint32_t)(config_i(&dev.cfg, CK_SM_REGISTERS) /
                                           (k->regs_per_thread * 32))
                              : 1;
            uint32_t W = warps > 0 ? (uint32_t)warps
                                   : (uint32_t)config_i(&dev.cfg, CK_SM_MAX_WARPS);
            if (warps <= 0 && rw < W)
                W = rw;
            if (W == 0)
                W = 1;
            int32_t *trace = NULL;
            uint32_t *tbank = NULL;
            /* rf.bank_map lists its mappings in rtmap_bank_map's order */
            enum rtmap_bank_map map =
                config_e(&dev.cfg, CK_RF_BANK_MAP) == 1 ? RTMAP_REG
                                                       : RTMAP_WARP_REG;
            /* A kernel the timing model cannot hold (its mapping search is
               superlinear in the registers) gets no racetrack mapping. */
            bool mapped = k->nslots <= SM_REG_WORDS * 64;
            size_t tn = mapped ? rtmap_static_trace(k, W, banks, map, &trace, &tbank)
                               : 0;
            struct rtmap rm;
            if (mapped)
                rtmap_from_trace(banks, (uint32_t)config_i(&dev.cfg, CK_RACETRACK_PORTS),
                                 trace, tbank, tn, &rm);
            v.warps = W;
            if (json)
                jv_push(ks, kernel_json(k, &v, &iv, mapped ? &rm : NULL));
            else
                print_kernel(k, &v, &iv, mapped ? &rm : NULL, tn);
            if (mapped)
                rtmap_free(&rm);
            free(trace);
            free(tbank);
            intervals_free(&iv);
        }
        for (int j = 0; j < npc; j++)
            free(pc[j].name);
        free(pc);
        if (kernel && !shown) {
            fprintf(stderr, "%s: error: no kernel '%s' in this file\n", path,
                    kernel);
            rc = EXIT_BAD;
        } else if (json) {
            if (bills) {
                jv_set(root, "storage", bills);
                bills = NULL;
            }
            print_json(root);
        } else if (bills) {
            printf("\n");
            print_bills(bills);
        }
        jv_free(root);
    }
    jv_free(bills);
    device_free(&dev);
out:
    if (host) {
        /* Memory grows with the PTX file; the tests compare the two. */
        struct rusage ru;
        getrusage(RUSAGE_SELF, &ru);
        fprintf(stderr, "host: peak RSS %ld KiB\n", ru.ru_maxrss);
    }
    diag_reset(&d);
    config_assigns_free(&sets);
    return rc;
}

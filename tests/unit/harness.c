/* harness.c - see harness.h. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include "harness.h"
#include "lua/preset-load.h"
#include "compile/image.h"
#include "config/preset.h"
#include "ptx/parse.h"
#include "util/xalloc.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int th_init(struct th *t, const char *const *sets)
{
    memset(t, 0, sizeof *t);
    wslua_use_for_presets();
    struct config_assigns a = { 0 };
    for (int i = 0; sets && sets[i]; i++)
        if (config_assigns_parse(&a, sets[i], &t->diag))
            return -1;
    struct ws_config c;
    int rc = config_resolve(&c, NULL, &a, &t->diag);
    config_assigns_free(&a);
    if (rc) {
        config_free(&c);
        return -1;
    }
    device_init(&t->dev, &c);
    config_free(&c);
    t->module = -1;
    return 0;
}

void th_free(struct th *t)
{
    device_free(&t->dev);
    diag_reset(&t->diag);
}

static void keep_error(struct th *t)
{
    struct strbuf b;
    sb_init(&b);
    diag_render(&t->diag, &b);
    snprintf(t->rendered, sizeof t->rendered, "%s", sb_str(&b));
    sb_free(&b);
}

const char *th_error(struct th *t)
{
    return t->rendered;
}

int th_load(struct th *t, const char *ptx)
{
    /* device_load reads files: write the text to a temporary one. */
    char path[] = "/tmp/ws-test-XXXXXX.ptx";
    int fd = mkstemps(path, 4);
    if (fd < 0)
        return -1;
    FILE *f = fdopen(fd, "w");
    fputs(ptx, f);
    fclose(f);
    int m = device_load(&t->dev, path, &t->diag);
    remove(path);
    if (m < 0) {
        keep_error(t);
        return -1;
    }
    t->module = m;
    return 0;
}

uint64_t th_alloc(struct th *t, size_t bytes)
{
    return device_alloc(&t->dev, bytes, &t->diag);
}

void th_write(struct th *t, uint64_t addr, const void *p, size_t n)
{
    dmem_write(&t->dev.mem, addr, p, n);
}

void th_read(struct th *t, uint64_t addr, void *p, size_t n)
{
    dmem_read(&t->dev.mem, addr, p, n);
}

int th_launch(struct th *t, const char *name, const uint32_t grid[3],
              const uint32_t block[3], uint32_t dyn_shared,
              const uint64_t *args, int nargs)
{
    int k = device_find_kernel(&t->dev, t->module, name);
    if (k < 0) {
        snprintf(t->rendered, sizeof t->rendered, "no kernel %s", name);
        return -1;
    }
    const struct kimage *img = t->dev.modules.v[t->module].kernels[k];
    if ((uint32_t)nargs != img->nparams) {
        snprintf(t->rendered, sizeof t->rendered, "kernel %s takes %u args",
                 name, img->nparams);
        return -1;
    }
    struct dev_launch l;
    memset(&l, 0, sizeof l);
    l.module = t->module;
    l.kernel = k;
    memcpy(l.grid, grid, sizeof l.grid);
    memcpy(l.block, block, sizeof l.block);
    l.dyn_shared = dyn_shared;
    l.params = calloc(1, img->param_bytes + 8);
    for (int i = 0; i < nargs; i++)
        memcpy(l.params + img->params[i].offset, &args[i],
               img->params[i].size);
    if (device_enqueue(&t->dev, &l, &t->diag) || device_run(&t->dev, &t->diag)) {
        keep_error(t);
        return -1;
    }
    return 0;
}

const char *th_target = "sm_75";

int th_warp_op(struct th *t, const char *ty, const char *body,
               const void *a, const void *b, const void *c, void *d)
{
    int w = strcmp(ty, "b64") == 0 ? 8 : 4;
    char ptx[8192];
    snprintf(ptx, sizeof ptx,
             ".version 8.0\n.target %s\n.address_size 64\n"
             ".visible .entry k(.param .u64 pa, .param .u64 pb, .param .u64 pc, .param .u64 pd)\n"
             "{\n"
             "  .reg .%s %%a, %%b, %%c, %%d;\n"
             "  .reg .pred %%p<4>;\n  .reg .b32 %%t<4>;\n  .reg .b64 %%w<4>;\n"
             "  .reg .b32 %%tidx;\n  .reg .b64 %%off, %%pa, %%pb, %%pc, %%pd;\n"
             "  mov.u32 %%tidx, %%tid.x;\n"
             "  mul.wide.u32 %%off, %%tidx, %d;\n"
             "  ld.param.u64 %%pa, [pa];\n  ld.param.u64 %%pb, [pb];\n"
             "  ld.param.u64 %%pc, [pc];\n  ld.param.u64 %%pd, [pd];\n"
             "  add.s64 %%pa, %%pa, %%off;\n  add.s64 %%pb, %%pb, %%off;\n"
             "  add.s64 %%pc, %%pc, %%off;\n  add.s64 %%pd, %%pd, %%off;\n"
             "  ld.global.%s %%a, [%%pa];\n  ld.global.%s %%b, [%%pb];\n"
             "  ld.global.%s %%c, [%%pc];\n  mov.%s %%d, 0;\n"
             "  %s\n"
             "  st.global.%s [%%pd], %%d;\n"
             "  ret;\n}\n",
             th_target, ty, w, ty, ty, ty, ty, body, ty);
    if (th_load(t, ptx))
        return -1;
    size_t n = (size_t)w * 32;
    /* 64 bytes of slack: a body may index a few elements past its lane's */
    uint64_t pa = th_alloc(t, n + 64), pb = th_alloc(t, n + 64),
             pc = th_alloc(t, n + 64), pd = th_alloc(t, n + 64);
    th_write(t, pa, a, n);
    th_write(t, pb, b, n);
    th_write(t, pc, c, n);
    th_write(t, pd, d, n);     /* lanes that never store keep these */
    uint64_t args[4] = { pa, pb, pc, pd };
    uint32_t one[3] = { 1, 1, 1 }, blk[3] = { 32, 1, 1 };
    if (th_launch(t, "k", one, blk, 0, args, 4))
        return -1;
    th_read(t, pd, d, n);
    return 0;
}

struct th th_shared;

int th_setup(void **state)
{
    (void)state;
    return th_init(&th_shared, NULL) ? -1 : 0;
}

int th_teardown(void **state)
{
    (void)state;
    th_free(&th_shared);
    return 0;
}

void th_cases(struct th *t, const char *ty, const char *body,
              const struct th_case *k, size_t n)
{
    enum { NL = 32 };
    size_t w = strcmp(ty, "b64") == 0 ? 8 : 4;
    uint8_t pa[8 * NL], pb[8 * NL], pc[8 * NL], pd[8 * NL];
    for (size_t i = 0; i < NL; i++) {
        memcpy(pa + i * w, &k[i % n].a, w);     /* little-endian */
        memcpy(pb + i * w, &k[i % n].b, w);
        memcpy(pc + i * w, &k[i % n].c, w);
    }
    memset(pd, 0xa5, sizeof pd);
    if (th_warp_op(t, ty, body, pa, pb, pc, pd))
        fail_msg("'%s' failed: %s", body, th_error(t));
    int bad = 0;
    for (size_t i = 0; i < NL; i++) {
        const struct th_case *e = &k[i % n];
        uint64_t d = 0;
        memcpy(&d, pd + i * w, w);
        if (d == e->want)
            continue;
        int dig = (int)(2 * w);
        print_error("'%s' lane %zu: a=0x%0*llx b=0x%0*llx c=0x%0*llx -> 0x%0*llx, want 0x%0*llx\n",
                    body, i, dig, (unsigned long long)e->a, dig,
                    (unsigned long long)e->b, dig, (unsigned long long)e->c,
                    dig, (unsigned long long)d, dig,
                    (unsigned long long)e->want);
        bad++;
    }
    if (bad)
        fail_msg("%d lane(s) wrong", bad);
}

uint32_t th_f2u(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

float th_u2f(uint32_t u)
{
    float f;
    memcpy(&f, &u, 4);
    return f;
}

uint64_t th_d2u(double d)
{
    uint64_t u;
    memcpy(&u, &d, 8);
    return u;
}

double th_u2d(uint64_t u)
{
    double d;
    memcpy(&d, &u, 8);
    return d;
}

struct kimage *th_kernel(const char *ptx)
{
    struct ws_diag d = { 0 };
    struct ptx_module *m;
    char *text = ws_xstrdup(ptx);
    if (ptx_parse("t.ptx", text, strlen(text), &m, &d))
        fail_msg("parse: %s", d.msg);
    uint64_t *g = calloc(m->vars.n + 1, 8);
    struct kimage *k;
    if (kimage_build(m, (int)m->funcs.n - 1, g, &k, &d))
        fail_msg("build: %s", d.msg);
    free(g);
    return k;
}

void th_kernel_free(struct kimage *k)
{
    const struct ptx_module *m = k->mod;
    kimage_free(k);
    ptx_module_free((struct ptx_module *)m);
}

int th_line_of(const char *text, const char *needle)
{
    const char *p = strstr(text, needle);
    assert_non_null(p);
    int n = 1;
    for (const char *q = text; q < p; q++)
        n += *q == '\n';
    return n;
}

void th_expect_error(int rc, const char *e, int line, int col,
                     const char *what, const char *doing)
{
    char where[64];
    snprintf(where, sizeof where, ".ptx:%d:%d: error: ", line, col);
    if (rc == 0)
        fail_msg("%s (expected an error at %d:%d about '%s')", doing, line,
                 col, what);
    if (!strstr(e, where) || !strstr(e, what)) {
        print_error("diagnostic:\n%s\n", e);
        fail_msg("expected '%s' and '%s' in the diagnostic", where, what);
    }
}

void th_expect_load_error(const char *ptx, int line, int col, const char *what)
{
    struct th t;
    char e[sizeof t.rendered];
    assert_int_equal(th_init(&t, NULL), 0);
    int rc = th_load(&t, ptx);
    snprintf(e, sizeof e, "%s", th_error(&t));
    th_free(&t);            /* before a failure leaves by longjmp */
    th_expect_error(rc, e, line, col, what, "bad PTX was accepted");
}

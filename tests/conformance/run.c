/*
** run.c - the PTX conformance test. Every case of the conformance set
** (README.md here) is a one-instruction kernel whose outputs an NVIDIA
** H100 recorded lane by lane; this runs each kernel on 256 threads and
** compares every lane with the recording, within the tolerance the case
** names. Cases come on standard input, the way `gzip -dc` writes them:
**
**   gzip -dc tests/conformance/cases.txt.gz | build/tests/conformance \
**       tests/conformance [NAME...]
**
** With NAMEs only those cases run; -v also prints, for the cases with a
** tolerance, the largest difference found. Each mismatch is printed with the case,
** lane, inputs, expected and got; the exit status is 1 when any case
** disagrees or cannot run, 2 on unreadable input.
**
** known.txt lists differences that are understood and cannot be removed
** (the last bit of a hardware approximation table): a case named there
** passes only if exactly the stated number of lanes miss the recorded
** tolerance and all of them are within the looser one given there; any
** other count, better or worse, fails.
*/
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "config/preset.h"
#include "lua/preset-load.h"
#include "sim/device.h"
#include "util/strbuf.h"

#define LANES 256
#define SHOW 4          /* mismatching lanes printed per case */

/* A PTX file of the set, loaded once into its own device. */
struct ptxfile {
    char name[64];
    struct ws_device dev;
    int module;         /* -1: does not load (error kept) */
    char error[2048];
    uint64_t buf[4];    /* a, b, c, out: 256 elements of up to 8 bytes */
};

struct tol {
    char kind;          /* '-' exact, 'u' ulp, 'a' abs, 'r' rel */
    double v;
};

/* A known difference (known.txt): NAME TOLERANCE LANES reason... */
struct known {
    char name[64], tol_text[64];
    struct tol tol;
    int lanes;
};

static struct known knowns[16];
static int nknown;

struct kase {
    char *name, *kernel, *file, *type, *tol, *kind;
    int in_bits, out_bits;
    uint64_t in[3][LANES], want[LANES];
};

static void render(const struct ws_diag *d, char *out, size_t n)
{
    struct strbuf b;
    sb_init(&b);
    diag_render(d, &b);
    snprintf(out, n, "%s", sb_str(&b));
    sb_free(&b);
}

static int file_open(struct ptxfile *f, const char *dir, const char *name)
{
    struct ws_diag diag = { 0 };
    struct config_assigns a = { 0 };
    struct ws_config c;
    snprintf(f->name, sizeof f->name, "%s", name);
    f->module = -1;
    if (config_assigns_parse(&a, "sim.mode=functional", &diag) ||
        config_resolve(&c, NULL, &a, &diag)) {
        render(&diag, f->error, sizeof f->error);
        config_assigns_free(&a);
        diag_reset(&diag);
        return -1;
    }
    config_assigns_free(&a);
    device_init(&f->dev, &c);
    config_free(&c);
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    f->module = device_load(&f->dev, path, &diag);
    if (f->module < 0)
        render(&diag, f->error, sizeof f->error);
    for (int i = 0; i < 4 && f->module >= 0; i++)
        f->buf[i] = device_alloc(&f->dev, LANES * 8, &diag);
    diag_reset(&diag);
    return f->module < 0 ? -1 : 0;
}

/* Runs kernel k of f on the case's inputs; fills got or an error. */
static int launch(struct ptxfile *f, const struct kase *k, uint64_t *got,
                  char *err, size_t n)
{
    struct ws_device *d = &f->dev;
    struct ws_diag diag = { 0 };
    int ki = device_find_kernel(d, f->module, k->kernel);
    if (ki < 0) {
        snprintf(err, n, "no kernel '%s' in %s", k->kernel, f->name);
        return -1;
    }
    unsigned ib = (unsigned)k->in_bits / 8, ob = (unsigned)k->out_bits / 8;
    uint8_t bytes[LANES * 8];
    for (int i = 0; i < 3; i++) {
        for (int l = 0; l < LANES; l++)
            memcpy(bytes + (size_t)l * ib, &k->in[i][l], ib);
        dmem_write(&d->mem, f->buf[i], bytes, (size_t)LANES * ib);
    }
    memset(bytes, 0, sizeof bytes);          /* as the recording began */
    dmem_write(&d->mem, f->buf[3], bytes, (size_t)LANES * ob);
    const struct kimage *img = d->modules.v[f->module].kernels[ki];
    uint64_t args[5] = { f->buf[0], f->buf[1], f->buf[2], f->buf[3], LANES };
    if (img->nparams != 5) {
        snprintf(err, n, "kernel '%s' takes %u parameters, not 5", k->kernel,
                 img->nparams);
        return -1;
    }
    struct dev_launch l;
    memset(&l, 0, sizeof l);
    l.module = f->module;
    l.kernel = ki;
    l.grid[0] = l.grid[1] = l.grid[2] = 1;
    l.block[0] = LANES;
    l.block[1] = l.block[2] = 1;
    l.params = calloc(1, img->param_bytes + 8);
    for (int i = 0; i < 5; i++)
        memcpy(l.params + img->params[i].offset, &args[i],
               img->params[i].size);
    if (device_enqueue(d, &l, &diag) || device_run(d, &diag)) {
        render(&diag, err, n);
        diag_reset(&diag);
        return -1;
    }
    dmem_read(&d->mem, f->buf[3], bytes, (size_t)LANES * ob);
    for (int l2 = 0; l2 < LANES; l2++) {
        got[l2] = 0;
        memcpy(&got[l2], bytes + (size_t)l2 * ob, ob);
    }
    return 0;
}

/* ---- comparison ------------------------------------------------------ */

static bool is_float(const char *type)
{
    return strcmp(type, "f32") == 0 || strcmp(type, "f64") == 0;
}

static double as_double(uint64_t v, int bits)
{
    if (bits == 32) {
        uint32_t u = (uint32_t)v;
        float f;
        memcpy(&f, &u, 4);
        return (double)f;
    }
    double d;
    memcpy(&d, &v, 8);
    return d;
}

/* The value's position on the number line in units in the last place. */
static int64_t ordinal(uint64_t v, int bits)
{
    uint64_t sign = 1ULL << (bits - 1);
    uint64_t mag = v & (sign - 1);
    return (v & sign) ? -(int64_t)mag : (int64_t)mag;
}

/* How far got is from want in the tolerance's measure (units in the last
   place, absolute or relative difference): 0 when they agree exactly,
   HUGE_VAL when no tolerance can make them agree. */
static double deviation(const struct kase *k, const struct tol *t,
                        uint64_t want, uint64_t got)
{
    if (want == got)
        return 0;
    if (!is_float(k->type))
        return HUGE_VAL;
    int bits = k->out_bits;
    double w = as_double(want, bits), g = as_double(got, bits);
    if (isnan(w) || isnan(g))
        return isnan(w) && isnan(g) ? 0 : HUGE_VAL;  /* NaNs are equal */
    if (isinf(w) || isinf(g) || t->kind == '-')
        return HUGE_VAL;                  /* the bits differ */
    switch (t->kind) {
    case 'u': {
        int64_t dist = ordinal(want, bits) - ordinal(got, bits);
        return (double)(dist < 0 ? -dist : dist);
    }
    case 'a': return fabs(w - g);
    default: return w == 0 ? HUGE_VAL : fabs(w - g) / fabs(w);
    }
}

static bool agree(const struct kase *k, const struct tol *t, uint64_t want,
                  uint64_t got)
{
    return deviation(k, t, want, got) <= t->v;
}

static int parse_tol(const char *s, struct tol *t)
{
    char *end;
    if (strcmp(s, "-") == 0) {
        t->kind = '-';
        t->v = 0;
        return 0;
    }
    if (strncmp(s, "ulp:", 4) && strncmp(s, "abs:", 4) &&
        strncmp(s, "rel:", 4))
        return -1;
    t->kind = s[0] == 'u' ? 'u' : s[0] == 'a' ? 'a' : 'r';
    t->v = strtod(s + 4, &end);
    return *end || end == s + 4 ? -1 : 0;
}

static void show(char *out, size_t n, uint64_t v, int bits, const char *type)
{
    int digits = bits / 4;
    if (is_float(type))
        snprintf(out, n, "0x%0*llx (%.9g)", digits, (unsigned long long)v,
                 as_double(v, bits));
    else
        snprintf(out, n, "0x%0*llx", digits, (unsigned long long)v);
}

/* ---- input ----------------------------------------------------------- */

/* Splits line into n space-separated fields. */
static int fields(char *line, char **f, int n)
{
    int i = 0;
    for (char *p = strtok(line, " \n"); p && i < n; p = strtok(NULL, " \n"))
        f[i++] = p;
    return i == n && !strtok(NULL, " \n") ? 0 : -1;
}

static int parse_lanes(char *s, int bits, uint64_t *v)
{
    for (int l = 0; l < LANES; l++) {
        char *end;
        v[l] = strtoull(s, &end, 16);
        if (end - s != bits / 4 || (l < LANES - 1 ? *end != ',' : *end != 0))
            return -1;
        s = end + 1;
    }
    return 0;
}

static int parse_case(char *line, struct kase *k)
{
    char *f[12];
    if (fields(line, f, 12))
        return -1;
    k->name = f[0];
    k->kernel = f[1];
    k->file = f[2];
    k->in_bits = atoi(f[3]);
    k->out_bits = atoi(f[4]);
    k->type = f[5];
    k->tol = f[6];
    k->kind = f[7];
    if ((k->in_bits != 32 && k->in_bits != 64) ||
        (k->out_bits != 32 && k->out_bits != 64) || strchr(k->file, '/'))
        return -1;
    for (int i = 0; i < 3; i++)
        if (parse_lanes(f[8 + i], k->in_bits, k->in[i]))
            return -1;
    return parse_lanes(f[11], k->out_bits, k->want);
}

static const struct known *known_of(const char *name)
{
    for (int i = 0; i < nknown; i++)
        if (strcmp(knowns[i].name, name) == 0)
            return &knowns[i];
    return NULL;
}

/* Reads DIR/known.txt (optional); -1 on a malformed line. */
static int read_known(const char *dir)
{
    char path[1024], line[512];
    snprintf(path, sizeof path, "%s/known.txt", dir);
    FILE *f = fopen(path, "r");
    if (!f)
        return 0;
    int rc = 0, lineno = 0;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        char name[64], tol[64];
        int lanes;
        if (line[0] == '#' || line[0] == '\n')
            continue;
        if (nknown == (int)(sizeof knowns / sizeof knowns[0]) ||
            sscanf(line, "%63s %63s %d", name, tol, &lanes) != 3 ||
            lanes < 1 || parse_tol(tol, &knowns[nknown].tol)) {
            fprintf(stderr, "conformance: %s:%d: want NAME TOLERANCE LANES REASON\n",
                    path, lineno);
            rc = -1;
            break;
        }
        snprintf(knowns[nknown].name, sizeof knowns[nknown].name, "%s", name);
        snprintf(knowns[nknown].tol_text, sizeof knowns[nknown].tol_text, "%s",
                 tol);
        knowns[nknown++].lanes = lanes;
    }
    fclose(f);
    return rc;
}

static bool wanted(const char *name, int argc, char **argv)
{
    if (argc <= 2)
        return true;
    for (int i = 2; i < argc; i++)
        if (strcmp(argv[i], name) == 0)
            return true;
    return false;
}

/* ---- main ------------------------------------------------------------ */

static struct ptxfile files[8];
static int nfiles;
static bool verbose;      /* -v: the largest difference of approximations */

static struct ptxfile *file_of(const char *dir, const char *name)
{
    for (int i = 0; i < nfiles; i++)
        if (strcmp(files[i].name, name) == 0)
            return &files[i];
    if (nfiles == (int)(sizeof files / sizeof files[0]))
        return NULL;
    struct ptxfile *f = &files[nfiles++];
    if (file_open(f, dir, name))
        printf("conformance: %s cannot be loaded:\n%s", name, f->error);
    return f;
}

/* Runs one case; returns the number of lanes that disagree, -1 if it
   could not run. */
static int run_case(const char *dir, const struct kase *k)
{
    static uint64_t got[LANES];
    struct tol t;
    char err[2048];
    if (parse_tol(k->tol, &t)) {
        printf("conformance FAIL %s: unknown tolerance '%s'\n", k->name,
               k->tol);
        return -1;
    }
    struct ptxfile *f = file_of(dir, k->file);
    if (!f || f->module < 0) {
        printf("conformance FAIL %s: %s does not load\n", k->name, k->file);
        return -1;
    }
    if (launch(f, k, got, err, sizeof err)) {
        printf("conformance FAIL %s: %s\n", k->name, err);
        return -1;
    }
    if (strcmp(k->kind, "order") == 0)
        return 0;      /* results depend on the hardware's atomic order */
    const struct known *kn = known_of(k->name);
    int bad = 0, nknown_lanes = 0;
    for (int l = 0; l < LANES; l++) {
        if (agree(k, &t, k->want[l], got[l]))
            continue;
        if (kn && agree(k, &kn->tol, k->want[l], got[l]) &&
            nknown_lanes < kn->lanes) {
            nknown_lanes++;
            continue;
        }
        if (bad++ >= SHOW)
            continue;
        char w[64], g[64], in[3][64];
        show(w, sizeof w, k->want[l], k->out_bits, k->type);
        show(g, sizeof g, got[l], k->out_bits, k->type);
        for (int i = 0; i < 3; i++)
            snprintf(in[i], sizeof in[i], "0x%0*llx", k->in_bits / 4,
                     (unsigned long long)k->in[i][l]);
        printf("conformance FAIL %s lane %d: a=%s b=%s c=%s: expected %s, got %s%s%s\n",
               k->name, l, in[0], in[1], in[2], w, g,
               t.kind == '-' ? "" : " within ", t.kind == '-' ? "" : k->tol);
    }
    if (bad > SHOW)
        printf("conformance FAIL %s: %d of %d lanes disagree\n", k->name, bad,
               LANES);
    if (kn && bad == 0 && nknown_lanes != kn->lanes) {
        printf("conformance FAIL %s: known.txt expects %d lanes within %s, %d are: update it\n",
               k->name, kn->lanes, kn->tol_text, nknown_lanes);
        return 1;
    }
    if (kn && bad == 0)
        printf("conformance known %s: %d lanes differ from the hardware, within %s (known.txt)\n",
               k->name, nknown_lanes, kn->tol_text);
    if (verbose && t.kind != '-') {
        double worst = 0;
        for (int l = 0; l < LANES; l++) {
            double dv = deviation(k, &t, k->want[l], got[l]);
            worst = dv > worst ? dv : worst;
        }
        printf("conformance %s: largest difference %g (%s)\n", k->name, worst,
               k->tol);
    }
    return bad;
}

int main(int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], "-v") == 0) {
        verbose = true;
        argv++;
        argc--;
    }
    if (argc < 2) {
        fprintf(stderr, "usage: gzip -dc DIR/cases.txt.gz | %s [-v] DIR [NAME...]\n",
                argv[0]);
        return 2;
    }
    if (read_known(argv[1]))
        return 2;
    wslua_use_for_presets();
    static struct kase k;
    char *line = NULL;
    size_t cap = 0;
    int lineno = 0, ncase = 0, nok = 0, norder = 0, nknownc = 0;
    while (getline(&line, &cap, stdin) > 0) {
        lineno++;
        if (parse_case(line, &k)) {
            fprintf(stderr, "conformance: <stdin>:%d: not a case line (README.md gives the format)\n",
                    lineno);
            free(line);
            return 2;
        }
        if (!wanted(k.name, argc, argv))
            continue;
        ncase++;
        int bad = run_case(argv[1], &k);
        if (bad == 0 && strcmp(k.kind, "order") == 0)
            norder++;
        else if (bad == 0 && known_of(k.name))
            nknownc++;
        else if (bad == 0)
            nok++;
    }
    free(line);
    for (int i = 0; i < nfiles; i++)
        device_free(&files[i].dev);
    if (ncase == 0) {
        fprintf(stderr, "conformance: no cases read\n");
        return 2;
    }
    int fail = ncase - nok - norder - nknownc;
    printf("conformance: %d of %d cases agree with the hardware, %d with known differences, %d order-dependent ran, %d disagree\n",
           nok, ncase - norder, nknownc, norder, fail);
    return fail ? 1 : 0;
}

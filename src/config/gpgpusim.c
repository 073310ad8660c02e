/*
** gpgpusim.c - GPGPU-Sim configuration files as presets (see gpgpusim.h).
** The file is GPGPU-Sim's option file: "-name value" pairs separated by
** white space, '#' to the end of a line a comment, a value in double
** quotes may span lines (white space inside is dropped). Options are read
** into a struct of what GPGPU-Sim would configure; the warpscope keys are
** derived from it at the end, because some keys combine options (SMs =
** clusters x cores per cluster, L2 slices = channels x sub-partitions,
** collector units of all kinds, the DRAM burst from bus width, chips and
** data rate). Every option that is not mapped is listed as ignored.
*/
#include "config/gpgpusim.h"
#include "util/fileio.h"
#include "util/xalloc.h"
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* -gpgpu_dram_timing_opt's fields: the first five are required. */
static const char *const timing_names[] = {
    "nbk", "CL", "RCD", "RAS", "RP",
    "CCD", "RRD", "RC", "WL", "CDLR", "WR", "nbkgrp", "CCDL", "RTPL" };
#define NTIMING (sizeof timing_names / sizeof *timing_names)
#define NTIMING_REQUIRED 5

struct cache_spec {
    long sets, line, assoc, mshrs, merge, missq;
    char repl, wr, alloc, wr_alloc, index, type;
};

/* What the file configures. */
struct gs {
    long clusters, cores, n_mem, subparts, regs, ctas, shmem, smem_lat,
         nsched, sp_units, sfu_units, reg_banks, shm_banks, l1_lat, rop_lat,
         queue, dram_sched, buswidth, per_ctrlr, ratio, burst_len,
         dram_lat, ret_queue, memcpy_warm, flit, net_mode;
    long pipe[2];               /* threads, warp size */
    long oc[6];                 /* collector units: sp sfu mem dp int gen */
    double clk[4];              /* core, icnt, L2, DRAM MHz */
    long lat[3][5], ii[3][5];   /* int, fp, dp: ADD MAX MUL MAD DIV */
    long lat_sfu, ii_sfu;
    struct cache_spec dl1, dl2;
    long timing[NTIMING];       /* nbk CL RCD RAS RP, then the optional
                                   ones (-1 when absent): see timing() */
    long colbits;
    char sched[48];
    int at[64];                 /* per option of the table: its line */
};

enum f_kind { F_LONG, F_CLOCKS, F_LIST5, F_CACHE, F_TIMING, F_SCHED,
              F_PIPE, F_MAP };

#define OFF(f) offsetof(struct gs, f)
static const struct opt {
    const char *name;
    enum f_kind kind;
    size_t off;
} opts[] = {
    { "-gpgpu_n_clusters", F_LONG, OFF(clusters) },
    { "-gpgpu_n_cores_per_cluster", F_LONG, OFF(cores) },
    { "-gpgpu_n_mem", F_LONG, OFF(n_mem) },
    { "-gpgpu_n_sub_partition_per_mchannel", F_LONG, OFF(subparts) },
    { "-gpgpu_clock_domains", F_CLOCKS, OFF(clk) },
    { "-gpgpu_shader_registers", F_LONG, OFF(regs) },
    { "-gpgpu_shader_core_pipeline", F_PIPE, OFF(pipe) },
    { "-gpgpu_shader_cta", F_LONG, OFF(ctas) },
    { "-gpgpu_shmem_size", F_LONG, OFF(shmem) },
    { "-gpgpu_smem_latency", F_LONG, OFF(smem_lat) },
    { "-gpgpu_shmem_num_banks", F_LONG, OFF(shm_banks) },
    { "-gpgpu_num_sched_per_core", F_LONG, OFF(nsched) },
    { "-gpgpu_scheduler", F_SCHED, OFF(sched) },
    { "-gpgpu_num_sp_units", F_LONG, OFF(sp_units) },
    { "-gpgpu_num_sfu_units", F_LONG, OFF(sfu_units) },
    { "-ptx_opcode_latency_int", F_LIST5, OFF(lat[0]) },
    { "-ptx_opcode_latency_fp", F_LIST5, OFF(lat[1]) },
    { "-ptx_opcode_latency_dp", F_LIST5, OFF(lat[2]) },
    { "-ptx_opcode_latency_sfu", F_LONG, OFF(lat_sfu) },
    { "-ptx_opcode_initiation_int", F_LIST5, OFF(ii[0]) },
    { "-ptx_opcode_initiation_fp", F_LIST5, OFF(ii[1]) },
    { "-ptx_opcode_initiation_dp", F_LIST5, OFF(ii[2]) },
    { "-ptx_opcode_initiation_sfu", F_LONG, OFF(ii_sfu) },
    { "-gpgpu_num_reg_banks", F_LONG, OFF(reg_banks) },
    { "-gpgpu_operand_collector_num_units_sp", F_LONG, OFF(oc[0]) },
    { "-gpgpu_operand_collector_num_units_sfu", F_LONG, OFF(oc[1]) },
    { "-gpgpu_operand_collector_num_units_mem", F_LONG, OFF(oc[2]) },
    { "-gpgpu_operand_collector_num_units_dp", F_LONG, OFF(oc[3]) },
    { "-gpgpu_operand_collector_num_units_int", F_LONG, OFF(oc[4]) },
    { "-gpgpu_operand_collector_num_units_gen", F_LONG, OFF(oc[5]) },
    { "-gpgpu_cache:dl1", F_CACHE, OFF(dl1) },
    { "-gpgpu_l1_latency", F_LONG, OFF(l1_lat) },
    { "-gpgpu_cache:dl2", F_CACHE, OFF(dl2) },
    { "-rop_latency", F_LONG, OFF(rop_lat) },
    { "-gpgpu_l2_rop_latency", F_LONG, OFF(rop_lat) },   /* 4.x's name */
    { "-icnt_flit_size", F_LONG, OFF(flit) },
    { "-gpgpu_frfcfs_dram_sched_queue_size", F_LONG, OFF(queue) },
    { "-gpgpu_dram_scheduler", F_LONG, OFF(dram_sched) },
    { "-gpgpu_dram_timing_opt", F_TIMING, OFF(timing) },
    { "-gpgpu_dram_buswidth", F_LONG, OFF(buswidth) },
    { "-gpgpu_n_mem_per_ctrlr", F_LONG, OFF(per_ctrlr) },
    { "-dram_data_command_freq_ratio", F_LONG, OFF(ratio) },
    { "-gpgpu_dram_burst_length", F_LONG, OFF(burst_len) },
    { "-dram_latency", F_LONG, OFF(dram_lat) },
    { "-gpgpu_dram_return_queue_size", F_LONG, OFF(ret_queue) },
    { "-gpgpu_perf_sim_memcpy", F_LONG, OFF(memcpy_warm) },
    { "-gpgpu_mem_addr_mapping", F_MAP, OFF(colbits) },
    { "-network_mode", F_LONG, OFF(net_mode) },
};
#define NOPTS (sizeof opts / sizeof *opts)

/* ---- the file's words --------------------------------------------------- */

struct lex {
    const char *p, *end, *bol;
    int line;
};

struct tok {
    const char *s;
    size_t n;
    int line, col;
    bool quoted;
};

/* The next word: 1, 0 at the end, -1 for an unclosed quote (t says where). */
static int word(struct lex *L, struct tok *t)
{
    for (;;) {
        while (L->p < L->end && isspace((unsigned char)*L->p)) {
            if (*L->p == '\n') {
                L->line++;
                L->bol = L->p + 1;
            }
            L->p++;
        }
        if (L->p < L->end && *L->p == '#') {
            while (L->p < L->end && *L->p != '\n')
                L->p++;
            continue;
        }
        break;
    }
    if (L->p >= L->end)
        return 0;
    t->line = L->line;
    t->col = (int)(L->p - L->bol) + 1;
    t->quoted = *L->p == '"';
    if (t->quoted) {
        t->s = ++L->p;
        while (L->p < L->end && *L->p != '"') {
            if (*L->p == '\n') {
                L->line++;
                L->bol = L->p + 1;
            }
            L->p++;
        }
        if (L->p >= L->end)
            return -1;
        t->n = (size_t)(L->p++ - t->s);
        return 1;
    }
    t->s = L->p;
    while (L->p < L->end && !isspace((unsigned char)*L->p) && *L->p != '#')
        L->p++;
    t->n = (size_t)(L->p - t->s);
    return 1;
}

/* ---- values --------------------------------------------------------------- */

static bool one_long(const char *s, const char *end, long *v)
{
    if (s == end || !isdigit((unsigned char)*s))
        return false;
    char *e;
    errno = 0;
    *v = strtol(s, &e, 10);
    return !errno && e == end;
}

/* n numbers separated by sep filling v (n exactly). */
static bool longs(const char *s, char sep, long *v, int n)
{
    for (int i = 0; i < n; i++) {
        const char *e = strchr(s, sep);
        if (i == n - 1)
            e = s + strlen(s);
        if (!e || !one_long(s, e, &v[i]))
            return false;
        s = e + 1;
    }
    return true;
}

static bool clocks(const char *s, double *v)
{
    for (int i = 0; i < 4; i++) {
        char *e;
        v[i] = strtod(s, &e);
        if (e == s || !(v[i] > 0) || *e != (i < 3 ? ':' : 0))
            return false;
        s = e + 1;
    }
    return true;
}

/* [T:]sets:line:assoc,repl:wr:alloc:wr_alloc[:index],mshr:N:merge,mq[...] */
static bool cache(const char *s, struct cache_spec *c)
{
    memset(c, 0, sizeof *c);
    if (strcmp(s, "none") == 0)
        return true;
    c->type = 'N';
    if (isalpha((unsigned char)s[0]) && s[1] == ':') {
        c->type = s[0];
        s += 2;
    }
    long g[3];
    char buf[160];
    snprintf(buf, sizeof buf, "%s", s);
    char *parts[4] = { buf, NULL, NULL, NULL };
    for (int i = 1; i < 4; i++) {
        parts[i] = parts[i - 1] ? strchr(parts[i - 1], ',') : NULL;
        if (parts[i])
            *parts[i]++ = 0;
    }
    if (!parts[3] || !longs(parts[0], ':', g, 3) || g[0] < 1 || g[1] < 1 ||
        g[2] < 1)
        return false;
    c->sets = g[0], c->line = g[1], c->assoc = g[2];
    const char *p = parts[1];
    if (strlen(p) < 7 || p[1] != ':' || p[3] != ':' || p[5] != ':' ||
        (p[7] && (p[7] != ':' || !p[8] || p[9])))
        return false;
    c->repl = p[0], c->wr = p[2], c->alloc = p[4], c->wr_alloc = p[6];
    c->index = p[7] ? p[8] : 'L';
    const char *m = parts[2];
    if (!m[0] || m[1] != ':' || !longs(m + 2, ':', g, 2))
        return false;
    c->mshrs = g[0], c->merge = g[1];
    char *e;
    c->missq = strtol(parts[3], &e, 10);
    return e != parts[3] && (!*e || *e == ':' || *e == ',');
}

/* "nbk=16:CCD=2:...": the fields of timing_names (nbk, CL, RCD, RAS and
   RP required; the others -1 when absent; unknown ones are ignored). */
static bool timing(const char *s, long *v)
{
    bool seen[NTIMING] = { false };
    for (size_t i = 0; i < NTIMING; i++)
        v[i] = -1;
    while (*s) {
        const char *eq = strchr(s, '='), *e = strchr(s, ':');
        if (!e)
            e = s + strlen(s);
        long x;
        if (!eq || eq > e || !one_long(eq + 1, e, &x))
            return false;
        for (size_t i = 0; i < NTIMING; i++)
            if ((size_t)(eq - s) == strlen(timing_names[i]) &&
                strncmp(s, timing_names[i], (size_t)(eq - s)) == 0) {
                v[i] = x;
                seen[i] = true;
            }
        s = *e ? e + 1 : e;
    }
    for (size_t i = 0; i < NTIMING_REQUIRED; i++)
        if (!seen[i])
            return false;
    return true;
}

static const char *expects(enum f_kind k)
{
    switch (k) {
    case F_LONG: return "a whole number";
    case F_CLOCKS: return "<core>:<interconnect>:<L2>:<DRAM> clocks in MHz";
    case F_LIST5: return "five numbers ADD,MAX,MUL,MAD,DIV (or six, SHFL last)";
    case F_CACHE: return "<nsets>:<bsize>:<assoc>,<rep>:<wr>:<alloc>:<wr_alloc>[:<set_index_fn>],<mshr>:<N>:<merge>,<mq> (or none)";
    case F_TIMING: return "\"nbk=..:CL=..:RCD=..:RAS=..:RP=..\" (other timings may follow)";
    case F_SCHED: return "a scheduler name";
    case F_PIPE: return "<threads>:<warp size>";
    default: return "dramid@N;<bits of R, B, C, S and 0>";
    }
}

/* Reads a value into its field; false if it does not parse. */
static bool value(struct gs *g, const struct opt *o, const char *v)
{
    void *f = (char *)g + o->off;
    switch (o->kind) {
    case F_LONG:
        return one_long(v, v + strlen(v), f);
    case F_CLOCKS:
        return clocks(v, f);
    case F_LIST5: {
        /* GPGPU-Sim 4.x adds a sixth, SHFL, to the integer lists: read,
           not used (warpscope has no shfl) */
        long six[6];
        if (longs(v, ',', f, 5))
            return true;
        if (!longs(v, ',', six, 6))
            return false;
        memcpy(f, six, 5 * sizeof *six);
        return true;
    }
    case F_PIPE:
        return longs(v, ':', f, 2);
    case F_CACHE:
        return cache(v, f);
    case F_TIMING:
        return timing(v, f);
    case F_SCHED:
        snprintf(g->sched, sizeof g->sched, "%s", v);
        return *v && strlen(v) < sizeof g->sched;
    case F_MAP: {
        const char *s = strchr(v, ';');
        long n = 0;
        for (s = s ? s + 1 : v; *s; s++)
            n += *s == 'C' || *s == 'S';
        g->colbits = n;
        return n > 0 && n < 30;
    }
    }
    return false;
}

/* ---- warpscope keys ------------------------------------------------------ */

struct out {
    struct config_assigns *a;
    const char *file;
    struct strbuf *ignored;
    const struct gs *g;
};

/* The line of option `name` in the file, 0 if absent. */
static int at(const struct gs *g, const char *name)
{
    for (size_t i = 0; i < NOPTS; i++)
        if (strcmp(opts[i].name, name) == 0)
            return g->at[i];
    return 0;
}

static void put(struct out *o, const char *opt, const char *key,
                const char *fmt, ...) __attribute__((format(printf, 4, 5)));

static void put(struct out *o, const char *opt, const char *key,
                const char *fmt, ...)
{
    char v[64];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(v, sizeof v, fmt, ap);
    va_end(ap);
    config_assigns_add(o->a, key, v, o->file, at(o->g, opt));
}

static void note(struct out *o, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void note(struct out *o, const char *fmt, ...)
{
    if (!o->ignored)
        return;
    va_list ap;
    va_start(ap, fmt);
    sb_vprintf(o->ignored, fmt, ap);
    va_end(ap);
    sb_putc(o->ignored, '\n');
}

static void machine(struct out *o)
{
    const struct gs *g = o->g;
    if (at(g, "-gpgpu_n_clusters"))
        put(o, "-gpgpu_n_clusters", "sm.count", "%ld",
            g->clusters * (at(g, "-gpgpu_n_cores_per_cluster") ? g->cores : 1));
    if (at(g, "-gpgpu_shader_core_pipeline")) {
        put(o, "-gpgpu_shader_core_pipeline", "sm.max_threads", "%ld", g->pipe[0]);
        put(o, "-gpgpu_shader_core_pipeline", "sm.max_warps", "%ld", g->pipe[0] / 32);
    }
    static const struct { const char *opt, *key; size_t off; } direct[] = {
        { "-gpgpu_shader_cta", "sm.max_ctas", OFF(ctas) },
        { "-gpgpu_shader_registers", "sm.registers", OFF(regs) },
        { "-gpgpu_shmem_size", "sm.shared_bytes", OFF(shmem) },
        { "-gpgpu_smem_latency", "shmem.latency", OFF(smem_lat) },
        { "-gpgpu_shmem_num_banks", "shmem.banks", OFF(shm_banks) },
        { "-gpgpu_num_sched_per_core", "sm.schedulers", OFF(nsched) },
        { "-gpgpu_num_sp_units", "sm.sp_units", OFF(sp_units) },
        { "-gpgpu_num_sfu_units", "sm.sfu_units", OFF(sfu_units) },
        { "-gpgpu_num_reg_banks", "rf.banks", OFF(reg_banks) },
        { "-gpgpu_l1_latency", "l1d.latency", OFF(l1_lat) },
        { "-rop_latency", "l2.latency", OFF(rop_lat) },
        { "-gpgpu_l2_rop_latency", "l2.latency", OFF(rop_lat) },
        { "-icnt_flit_size", "icnt.flit", OFF(flit) },
        { "-gpgpu_n_mem", "dram.channels", OFF(n_mem) },
    };
    for (size_t i = 0; i < sizeof direct / sizeof *direct; i++)
        if (at(g, direct[i].opt))
            put(o, direct[i].opt, direct[i].key, "%ld",
                *(const long *)((const char *)g + direct[i].off));
    if (at(g, "-gpgpu_clock_domains")) {
        put(o, "-gpgpu_clock_domains", "sm.clock_mhz", "%.0f", g->clk[0]);
        put(o, "-gpgpu_clock_domains", "dram.clock_mhz", "%.0f", g->clk[3]);
        if (g->clk[1] != g->clk[0] || g->clk[2] != g->clk[0])
            note(o, "-gpgpu_clock_domains: the interconnect and L2 clocks (warpscope runs both at the core clock)");
    }
    if (at(g, "-gpgpu_n_mem")) {
        put(o, "-gpgpu_n_mem", "l2.slices", "%ld",
            g->n_mem * (at(g, "-gpgpu_n_sub_partition_per_mchannel") ? g->subparts : 1));
        /* what every GPGPU-Sim memory partition does: it acknowledges
           each sector a store writes (WRITE_ACK) */
        put(o, "-gpgpu_n_mem", "l2.write_ack", "true");
    }
}

static void pipeline(struct out *o)
{
    const struct gs *g = o->g;
    /* int ADD for simple integer work, MAD for multiplies, DIV for
       division; fp MAD; dp ADD; the SFU as GPGPU-Sim 3 times it, like a
       dp MUL (unless the file gives SFU timings of its own) */
    if (at(g, "-ptx_opcode_latency_int")) {
        put(o, "-ptx_opcode_latency_int", "lat.int", "%ld", g->lat[0][0]);
        put(o, "-ptx_opcode_latency_int", "lat.imul", "%ld", g->lat[0][3]);
        put(o, "-ptx_opcode_latency_int", "lat.div", "%ld", g->lat[0][4]);
    }
    if (at(g, "-ptx_opcode_latency_fp"))
        put(o, "-ptx_opcode_latency_fp", "lat.fp32", "%ld", g->lat[1][3]);
    if (at(g, "-ptx_opcode_latency_dp"))
        put(o, "-ptx_opcode_latency_dp", "lat.fp64", "%ld", g->lat[2][0]);
    if (at(g, "-ptx_opcode_latency_sfu"))
        put(o, "-ptx_opcode_latency_sfu", "lat.sfu", "%ld", g->lat_sfu);
    else if (at(g, "-ptx_opcode_latency_dp"))
        put(o, "-ptx_opcode_latency_dp", "lat.sfu", "%ld", g->lat[2][2]);
    if (at(g, "-ptx_opcode_initiation_int")) {
        put(o, "-ptx_opcode_initiation_int", "ii.sp", "%ld", g->ii[0][0]);
        put(o, "-ptx_opcode_initiation_int", "ii.div", "%ld", g->ii[0][4]);
    }
    if (at(g, "-ptx_opcode_initiation_dp"))
        put(o, "-ptx_opcode_initiation_dp", "ii.fp64", "%ld", g->ii[2][0]);
    if (at(g, "-ptx_opcode_initiation_sfu"))
        put(o, "-ptx_opcode_initiation_sfu", "ii.sfu", "%ld", g->ii_sfu);
    else if (at(g, "-ptx_opcode_initiation_dp"))
        put(o, "-ptx_opcode_initiation_dp", "ii.sfu", "%ld", g->ii[2][2]);
    if (at(g, "-ptx_opcode_latency_fp") || at(g, "-ptx_opcode_initiation_fp"))
        note(o, "-ptx_opcode_latency_fp/-ptx_opcode_initiation_fp: only the fp MAD latency is used (lat.fp32); f32 initiation follows ii.sp");
    /* collector units: the SP pool takes the SP, DP, INT and generic
       units; SFU and memory units have pools of their own (GPGPU-Sim's
       default for the memory units is 2); each collector receives one
       operand per cycle from the banks */
    const char *oc[6] = { "-gpgpu_operand_collector_num_units_sp",
                          "-gpgpu_operand_collector_num_units_sfu",
                          "-gpgpu_operand_collector_num_units_mem",
                          "-gpgpu_operand_collector_num_units_dp",
                          "-gpgpu_operand_collector_num_units_int",
                          "-gpgpu_operand_collector_num_units_gen" };
    long n = 0;
    const char *first = NULL;
    for (int i = 0; i < 6; i++)
        if (at(g, oc[i])) {
            n += i == 1 || i == 2 ? 0 : g->oc[i];
            first = first ? first : oc[i];
        }
    if (first) {
        put(o, first, "rf.collectors", "%ld", n);
        put(o, first, "rf.collectors_sfu", "%ld", at(g, oc[1]) ? g->oc[1] : 0);
        put(o, first, "rf.collectors_mem", "%ld", at(g, oc[2]) ? g->oc[2] : 2);
        put(o, first, "rf.collector_reads", "1");
    }
    /* what every GPGPU-Sim core has, whatever the file says: a 2-entry
       instruction buffer per warp, the operand-collector pipeline
       registers, and occupancy from ptxas's register count */
    if (at(g, "-gpgpu_shader_core_pipeline")) {
        put(o, "-gpgpu_shader_core_pipeline", "sm.ibuffer", "2");
        put(o, "-gpgpu_shader_core_pipeline", "sm.oc_pipeline", "true");
    }
    if (at(g, "-gpgpu_shader_registers"))
        put(o, "-gpgpu_shader_registers", "occupancy.regs", "ptxas");
}

/* Cache spec c as warpscope's L1D (l1 true) or L2 slice. */
static void caches(struct out *o, const char *opt, const struct cache_spec *c,
                   bool l1)
{
    const char *p = l1 ? "l1d" : "l2";
    char key[32];
#define KEY(k) (snprintf(key, sizeof key, "%s.%s", p, k), key)
    put(o, opt, KEY("size"), "%ld", c->sets * c->line * c->assoc);
    if (!c->sets)
        return;
    put(o, opt, KEY("ways"), "%ld", c->assoc);
    put(o, opt, KEY("line"), "%ld", c->line);
    put(o, opt, KEY("mshrs"), "%ld", c->mshrs);
    if (l1) {
        put(o, opt, "l1d.repl", "%s", c->repl == 'F' ? "fifo" : "lru");
        put(o, opt, "l1d.mshr_merge", "%ld", c->merge);
        put(o, opt, "l1d.miss_queue", "%ld", c->missq);
        /* T write-through, B write-back, E write-evict, L write-back for
           local and write-through for global data, R read-only */
        const char *glob = c->wr == 'B' ? "back" : c->wr == 'E' || c->wr == 'R' ? "evict" : "through";
        const char *loc = c->wr == 'T' ? "through" : c->wr == 'E' || c->wr == 'R' ? "evict" : "back";
        put(o, opt, "l1d.write_global", "%s", glob);
        put(o, opt, "l1d.write_local", "%s", loc);
    }
    /* m: allocate at the miss, f: at the fill */
    if (c->alloc == 'm' || c->alloc == 'f')
        put(o, opt, KEY("allocate"), "%s", c->alloc == 'm' ? "miss" : "fill");
    else
        note(o, "%s: allocation '%c' (warpscope allocates at the miss or the fill)", opt, c->alloc);
    if (l1) {
        /* N: no write-allocate; W, F (and the others): allocate */
        put(o, opt, "l1d.write_allocate", "%s", c->wr_alloc == 'N' ? "false" : "true");
        /* H: Fermi's hash of the set index, L: linear */
        if (c->index == 'H' || c->index == 'L')
            put(o, opt, "l1d.set_hash", "%s", c->index == 'H' ? "fermi" : "linear");
        else
            note(o, "%s: set index function '%c' (warpscope has Fermi's hash and the linear index)", opt, c->index);
        if (c->type != 'N')
            note(o, "%s: cache type '%c' (warpscope's L1D is not sectored)", opt, c->type);
    } else {
        if (c->index != 'L')
            note(o, "%s: set index function '%c' (warpscope's L2 set index is linear)", opt, c->index);
        if (c->repl != 'L')
            note(o, "%s: replacement '%c' (warpscope's L2 is LRU)", opt, c->repl);
        if (c->type == 'N' || c->type == 'S')
            put(o, opt, "l2.sectored", "%s", c->type == 'S' ? "true" : "false");
        else
            note(o, "%s: cache type '%c' (warpscope's L2 is normal or sectored)", opt, c->type);
        if (c->wr_alloc != 'W' && c->wr_alloc != 'N')
            note(o, "%s: write allocation '%c' (warpscope's L2 allocates writes without fetching)", opt, c->wr_alloc);
    }
#undef KEY
}

static void memory(struct out *o)
{
    const struct gs *g = o->g;
    if (at(g, "-gpgpu_cache:dl1"))
        caches(o, "-gpgpu_cache:dl1", &g->dl1, true);
    if (at(g, "-gpgpu_cache:dl2"))
        caches(o, "-gpgpu_cache:dl2", &g->dl2, false);
    /* both of GPGPU-Sim's networks (1: BookSim, 2: its local crossbar)
       queue packets at the inputs; the topology file is not read */
    if (at(g, "-network_mode"))
        put(o, "-network_mode", "icnt.queues", "input");
    if (at(g, "-gpgpu_frfcfs_dram_sched_queue_size"))
        put(o, "-gpgpu_frfcfs_dram_sched_queue_size", "dram.queue", "%ld",
            g->queue ? g->queue : 4096);      /* 0: unlimited in GPGPU-Sim */
    if (at(g, "-gpgpu_dram_timing_opt")) {
        /* GPGPU-Sim's DRAM is modelled command by command */
        static const char *keys[NTIMING] = {
            "dram.banks", "dram.tCL", "dram.tRCD", "dram.tRAS", "dram.tRP",
            "dram.tCCD", "dram.tRRD", "dram.tRC", "dram.tWL", "dram.tCDLR",
            "dram.tWR", "dram.bank_groups", "dram.tCCDL", "dram.tRTPL" };
        put(o, "-gpgpu_dram_timing_opt", "dram.model", "command");
        for (size_t i = 0; i < NTIMING; i++)
            if (g->timing[i] >= 0)
                put(o, "-gpgpu_dram_timing_opt", keys[i], "%ld", g->timing[i]);
    }
    if (at(g, "-dram_latency"))
        put(o, "-dram_latency", "dram.latency", "%ld", g->dram_lat);
    if (at(g, "-gpgpu_dram_return_queue_size"))
        put(o, "-gpgpu_dram_return_queue_size", "dram.return_queue", "%ld", g->ret_queue);
    if (at(g, "-gpgpu_perf_sim_memcpy"))
        put(o, "-gpgpu_perf_sim_memcpy", "l2.warm_on_write", "%s",
            g->memcpy_warm ? "true" : "false");
    /* a column command moves a burst of bus width x chips bytes */
    if (at(g, "-gpgpu_dram_buswidth") && at(g, "-gpgpu_n_mem_per_ctrlr") &&
        at(g, "-gpgpu_dram_burst_length"))
        put(o, "-gpgpu_dram_burst_length", "dram.atom", "%ld",
            g->buswidth * g->per_ctrlr * g->burst_len);
    if (at(g, "-gpgpu_dram_buswidth") && at(g, "-gpgpu_n_mem_per_ctrlr") &&
        at(g, "-dram_data_command_freq_ratio")) {
        /* bytes a channel moves per DRAM command cycle */
        long b = g->buswidth * g->per_ctrlr * g->ratio;
        put(o, "-gpgpu_dram_buswidth", "dram.burst", "%ld", b > 0 ? (32 + b - 1) / b : 0);
    }
    if (at(g, "-gpgpu_mem_addr_mapping")) {
        put(o, "-gpgpu_mem_addr_mapping", "dram.row_bytes", "%ld", 1L << g->colbits);
        note(o, "-gpgpu_mem_addr_mapping: only the row size (its C and S bits); warpscope interleaves lines over channels and banks");
    }
    if (at(g, "-gpgpu_dram_scheduler") && g->dram_sched != 1)
        note(o, "-gpgpu_dram_scheduler %ld (warpscope's DRAM is FR-FCFS)", g->dram_sched);
}

/* The scheduler, and what has no key to check it; WS_ERR with d at the
   option. */
static int scheduler(struct out *o, struct ws_diag *d)
{
    const struct gs *g = o->g;
    int l = at(g, "-gpgpu_shader_core_pipeline");
    if (l && g->pipe[1] != 32)
        return diag_error(d, o->file, l, 1,
                          "-gpgpu_shader_core_pipeline: warp size %ld (warpscope's warps have 32 threads)",
                          g->pipe[1]);
    if (l && (g->pipe[0] < 32 || g->pipe[0] % 32))
        return diag_error(d, o->file, l, 1,
                          "-gpgpu_shader_core_pipeline: %ld threads is not a whole number of warps",
                          g->pipe[0]);
    l = at(g, "-gpgpu_scheduler");
    if (!l)
        return WS_OK;
    long n;
    if (strcmp(g->sched, "gto") == 0 || strcmp(g->sched, "lrr") == 0) {
        put(o, "-gpgpu_scheduler", "sched.policy", "%s", g->sched);
    } else if (sscanf(g->sched, "two_level_active:%ld", &n) == 1) {
        put(o, "-gpgpu_scheduler", "sched.policy", "two-level");
        put(o, "-gpgpu_scheduler", "sched.active_warps", "%ld", n);
    } else {
        return diag_error(d, o->file, l, 1,
                          "-gpgpu_scheduler '%s' has no counterpart (warpscope has gto, lrr and two_level_active:N)",
                          g->sched);
    }
    return WS_OK;
}

/* Shows the line of text holding p under the diagnostic, p underlined
   for width characters. */
static int at_source(struct ws_diag *d, const char *text, const char *end,
                     const char *p, size_t width)
{
    const char *bol = p;
    while (bol > text && bol[-1] != '\n')
        bol--;
    const char *eol = memchr(p, '\n', (size_t)(end - p));
    diag_source(d, bol, (size_t)((eol ? eol : end) - bol),
                width ? (int)(width < 80 ? width : 80) : 1);
    return WS_ERR;
}

/* Reads the options; each mapped one's line goes into g->at. */
static int read_options(struct gs *g, const char *path, const char *text,
                        size_t len, struct strbuf *ignored, struct ws_diag *d)
{
    struct lex L = { text, text + len, text, 1 };
    struct tok name, val;
    int r;
    while ((r = word(&L, &name)) > 0) {
        if (name.quoted || name.n < 2 || name.s[0] != '-') {
            diag_error(d, path, name.line, name.col,
                       "expected an option such as -gpgpu_n_clusters, found '%.*s'",
                       (int)(name.n < 60 ? name.n : 60), name.s);
            return at_source(d, text, L.end, name.s, name.n);
        }
        r = word(&L, &val);
        if (r < 0) {
            diag_error(d, path, val.line, val.col, "a quoted value is not closed");
            return at_source(d, text, L.end, val.s - 1, 1);
        }
        if (r == 0 || (!val.quoted && val.s[0] == '-' && val.n > 1 &&
                       !isdigit((unsigned char)val.s[1]))) {
            diag_error(d, path, name.line, name.col + (int)name.n,
                       "option %.*s has no value", (int)name.n, name.s);
            return at_source(d, text, L.end, name.s + name.n, 1);
        }
        char *v = ws_xstrndup(val.s, val.n);
        if (val.quoted) {               /* a value spread over lines */
            char *w = v;
            for (char *s = v; *s; s++)
                if (!isspace((unsigned char)*s))
                    *w++ = *s;
            *w = 0;
        }
        size_t i = 0;
        while (i < NOPTS && (strlen(opts[i].name) != name.n ||
                             strncmp(opts[i].name, name.s, name.n)))
            i++;
        bool ok = i == NOPTS || value(g, &opts[i], v);
        free(v);
        if (!ok) {
            diag_error(d, path, val.line, val.col, "%s expects %s, got '%.*s'",
                       opts[i].name, expects(opts[i].kind),
                       (int)(val.n < 80 ? val.n : 80), val.s);
            return at_source(d, text, L.end, val.s - val.quoted, val.n);
        }
        if (i < NOPTS)
            g->at[i] = name.line;
        else if (ignored)
            sb_printf(ignored, "%.*s\n", (int)name.n, name.s);
    }
    return WS_OK;
}

int config_gpgpusim_read(const char *path, struct config_assigns *out,
                         struct strbuf *ignored, struct ws_diag *diag)
{
    size_t len;
    char *text = ws_read_file(path, &len);
    if (!text)
        return diag_error(diag, path, 0, 0, "cannot read the GPGPU-Sim configuration: %s",
                          strerror(errno));
    struct gs *g = ws_xcalloc(1, sizeof *g);
    int rc = read_options(g, path, text, len, ignored, diag);
    free(text);
    struct out o = { out, path, ignored, g };
    if (rc == WS_OK)
        rc = scheduler(&o, diag);
    if (rc == WS_OK) {
        machine(&o);
        pipeline(&o);
        memory(&o);
    }
    free(g);
    return rc;
}

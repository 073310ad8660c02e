/*
** run.c - `warpscope run SCENARIO [--set k=v]... [--json FILE]`.
** Prints the scenario's own output, then a summary of every launch; the
** summary is deterministic (timings only with --host-stats, on stderr;
** the progress line of a long run only on a terminal, progress.c).
*/
#include "cli/cli.h"
#include "cli/progress.h"
#include "debug/checkpoint.h"
#include "config/gpgpusim.h"
#include "func/exec.h"
#include "lua/scenario.h"
#include "sim/trace.h"
#include "tui.h"
#include "util/jval.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

/* The options of run and the TUI, for "did you mean" (the TUI adds
   --no-color and --ascii, run --quiet and --progress) */
#define RUN_OPTIONS "--set --design --preset --json --commands --probes " \
    "--record --trace --trace-window --trace-events --trace-sms "          \
    "--trace-interval --no-reverse --line-stats --unsafe-lua --host-stats"

static int64_t geti(const struct jv *o, const char *k)
{
    const struct jv *v = jv_get(o, k);
    return v && v->kind == JV_INT ? v->u.i : 0;
}

static void dims(const struct jv *a, char *buf, size_t n)
{
    if (!a || a->kind != JV_ARR || a->n != 3) {
        snprintf(buf, n, "?");
        return;
    }
    snprintf(buf, n, "%lldx%lldx%lld", (long long)a->items[0]->u.i,
             (long long)a->items[1]->u.i, (long long)a->items[2]->u.i);
}

static double getd(const struct jv *o, const char *k)
{
    return jv_num_at(o, k);
}

/* The largest stall reasons of all SMs, as shares of scheduler cycles. */
static void stall_line(const struct jv *st)
{
    const struct jv *sms = jv_get(st, "sm");
    if (!sms || !sms->n)
        return;
    const struct jv *r0 = jv_get(sms->items[0], "stall_reasons");
    double total = 0, v[16] = { 0 };
    size_t n = r0 && r0->n < 16 ? r0->n : 0;
    for (size_t i = 0; i < sms->n; i++) {
        const struct jv *r = jv_get(sms->items[i], "stall_reasons");
        for (size_t k = 0; r && k < n; k++)
            v[k] += getd(r, r0->keys[k]);
    }
    for (size_t k = 0; k < n; k++)
        total += v[k];
    if (total <= 0)
        return;
    printf("         scheduler cycles:");
    const char *sep = " ";
    for (size_t k = 0; k < n; k++) {
        if (v[k] / total < 0.005)
            continue;
        printf("%s%s %.0f%%", sep, r0->keys[k], 100 * v[k] / total);
        sep = ", ";
    }
    printf("\n");
}

static void summary(const char *path, const struct jv *st, uint64_t checks)
{
    const struct jv *ls = jv_get(st, "launches");
    bool timed = jv_get(st, "cycles") != NULL;
    printf("%s: preset %s, design %s, %s, config %s\n", path,
           jv_get(st, "preset")->u.s, jv_get(st, "design")->u.s,
           jv_get(st, "mode")->u.s, jv_get(st, "config_hash")->u.s);
    for (size_t i = 0; ls && i < ls->n; i++) {
        const struct jv *l = ls->items[i];
        char g[48], b[48];
        dims(jv_get(l, "grid"), g, sizeof g);
        dims(jv_get(l, "block"), b, sizeof b);
        printf("  launch %zu: %s grid %s block %s, %lld regs/thread, %lld B shared/CTA: ",
               i + 1, jv_get(l, "kernel")->u.s, g, b,
               (long long)geti(l, "regs_per_thread"),
               (long long)geti(l, "shared_bytes"));
        if (jv_get(l, "running")) {
            printf("%lld cycles, %lld warp-instructions, IPC %.2f so far (still running)\n",
                   (long long)geti(l, "cycles"),
                   (long long)geti(l, "warp_instructions"), getd(l, "ipc"));
        } else if (jv_get(l, "cycles")) {
            const struct jv *o = jv_get(l, "occupancy");
            printf("%lld cycles, %lld warp-instructions, IPC %.2f; %lld CTAs/SM (%.0f%% occupancy, limited by %s)\n",
                   (long long)geti(l, "cycles"),
                   (long long)geti(l, "warp_instructions"), getd(l, "ipc"),
                   (long long)geti(o, "ctas_per_sm"),
                   100 * getd(o, "theoretical"), jv_get(o, "limiter")->u.s);
        } else {
            printf("%lld warp-instructions, %lld thread-instructions\n",
                   (long long)geti(l, "warp_instructions"),
                   (long long)geti(l, "thread_instructions"));
        }
    }
    printf("  total: %zu launch%s, ", ls ? ls->n : 0,
           ls && ls->n == 1 ? "" : "es");
    if (timed)
        printf("%lld cycles, IPC %.2f, ", (long long)geti(st, "cycles"),
               getd(st, "ipc"));
    printf("%lld warp-instructions, %lld thread-instructions; %llu check%s passed\n",
           (long long)geti(st, "warp_instructions"),
           (long long)geti(st, "thread_instructions"),
           (unsigned long long)checks, checks == 1 ? "" : "s");
    if (!timed)
        return;
    const struct jv *l1 = jv_get(st, "l1d"), *l2 = jv_get(st, "l2"),
                    *rf = jv_get(st, "rf"), *sh = jv_get(st, "shmem"),
                    *en = jv_get(st, "energy_pj");
    printf("         L1D hit rate %.1f%%, L2 hit rate %.1f%%, RF bank conflicts %lld, shared-memory bank conflicts %lld, energy %.1f nJ\n",
           100 * getd(l1, "hit_rate"), 100 * getd(l2, "hit_rate"),
           (long long)geti(rf, "bank_conflicts"),
           (long long)geti(sh, "bank_conflicts"), getd(en, "total") / 1000);
    stall_line(st);
    /* A damaged recorded mapping leaves tapes on the direct mapping. */
    const struct jv *rt = jv_get(st, "racetrack");
    if (rt && geti(rt, "mapping_fallbacks") > 0)
        printf("  warning: racetrack.mapping = optimized, but %lld tape%s had no recorded mapping and kept the direct one (mapping_fallbacks in the JSON)\n",
               (long long)geti(rt, "mapping_fallbacks"),
               geti(rt, "mapping_fallbacks") == 1 ? "" : "s");
}

static int write_json(const char *file, const struct jv *st)
{
    struct strbuf b;
    sb_init(&b);
    jv_write(st, &b, 2);
    sb_putc(&b, '\n');
    FILE *f = fopen(file, "wb");
    int ok = f && fwrite(b.s, 1, b.len, f) == b.len;
    if (f && fclose(f) != 0)
        ok = 0;
    sb_free(&b);
    if (!ok) {
        fprintf(stderr, "%s: error: cannot write JSON statistics: %s\n", file,
                strerror(errno));
        return EXIT_BAD;
    }
    return EXIT_OK;
}

static int run_main(int argc, char **argv, bool tui);

/* With --set preset=gpgpusim:PATH, says on stderr which of the file's
   options have no counterpart (a file that does not read is reported
   when the run resolves its configuration). */
static void gpgpusim_note(const struct config_assigns *sets)
{
    const char *preset = NULL;
    for (size_t i = 0; i < sets->n; i++)
        if (strcmp(sets->v[i].key, "preset") == 0)
            preset = sets->v[i].value;
    size_t np = strlen(GPGPUSIM_PREFIX);
    if (!preset || strncmp(preset, GPGPUSIM_PREFIX, np))
        return;
    struct config_assigns a = { 0 };
    struct strbuf ign;
    struct ws_diag d = { 0 };
    sb_init(&ign);
    if (config_gpgpusim_read(preset + np, &a, &ign, &d) == WS_OK && ign.len) {
        fprintf(stderr, "note: %s: mapped to %zu warpscope keys; ignored, having no counterpart:\n",
                preset + np, a.n);
        for (char *l = ign.s, *e; l && *l; l = e) {
            e = strchr(l, '\n');
            if (e)
                *e++ = 0;
            fprintf(stderr, "  %s\n", l);
        }
    }
    diag_reset(&d);
    sb_free(&ign);
    config_assigns_free(&a);
}

/* One of the --trace-* options (not --trace itself). */
static int trace_option(struct trace_opts *o, const char *opt,
                        const char *val, struct ws_diag *d)
{
    if (strcmp(opt, "--trace-window") == 0)
        return trace_parse_window(o, val, d);
    if (strcmp(opt, "--trace-events") == 0)
        return trace_parse_events(o, val, d);
    if (strcmp(opt, "--trace-sms") == 0)
        return trace_parse_sms(o, val, d);
    return trace_parse_interval(o, val, d);
}

int cli_run(int argc, char **argv)
{
    return run_main(argc, argv, false);
}

int cli_tui(int argc, char **argv)
{
    return run_main(argc, argv, true);
}

static int run_main(int argc, char **argv, bool tui)
{
    const char *path = NULL, *json = NULL, *cmds = NULL, *probes = NULL,
               *record = NULL, *trace = NULL;
    struct trace_opts tro;
    trace_opts_init(&tro);
    bool trace_sub = false;   /* a --trace-* option without --trace */
    bool unsafe = false, host = false, reverse = true, quiet = false,
         progress = false, line_stats = false;
    struct tui_opts topt = { 0 };
    struct config_assigns sets = { 0 };
    struct ws_diag d = { 0 };
    int rc = EXIT_OK;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *val = NULL;
        static const char *valued[] = { "--set", "--json", "--commands",
                                        "--probes", "--record", "--design",
                                        "--preset", "--trace", "--trace-window",
                                        "--trace-events", "--trace-sms",
                                        "--trace-interval", NULL };
        bool needs = false;
        for (int k = 0; valued[k]; k++) {
            size_t kl = strlen(valued[k]);
            if (strcmp(a, valued[k]) == 0)
                needs = true;
            else if (strncmp(a, valued[k], kl) == 0 && a[kl] == '=' &&
                     strcmp(valued[k], "--set") && strcmp(valued[k], "--json")) {
                val = a + kl + 1;
                a = valued[k];
            }
        }
        if (needs) {
            if (i + 1 >= argc) {
                rc = cli_usage_error("run", "%s needs a value", a);
                goto out;
            }
            val = argv[++i];
        } else if (strncmp(a, "--set=", 6) == 0) {
            val = a + 6;
            a = "--set";
        } else if (strncmp(a, "--json=", 7) == 0) {
            val = a + 7;
            a = "--json";
        }
        if (strcmp(a, "--set") == 0) {
            if (config_assigns_parse(&sets, val, &d) != WS_OK) {
                cli_print_diag(&d);
                rc = EXIT_BAD;
                goto out;
            }
        } else if (strcmp(a, "--design") == 0 || strcmp(a, "--preset") == 0) {
            if ((rc = cli_shorthand(&sets, a, val)) != EXIT_OK)
                goto out;
        } else if (strcmp(a, "--json") == 0) {
            json = val;
        } else if (strcmp(a, "--commands") == 0) {
            cmds = val;
        } else if (strcmp(a, "--probes") == 0) {
            probes = val;
        } else if (strcmp(a, "--record") == 0) {
            record = val;
        } else if (strcmp(a, "--trace") == 0) {
            trace = val;
        } else if (strncmp(a, "--trace-", 8) == 0) {
            trace_sub = true;
            if (trace_option(&tro, a, val, &d) != WS_OK) {
                rc = cli_usage_error("run", "%s", d.msg);
                goto out;
            }
        } else if (strcmp(a, "--no-reverse") == 0) {
            reverse = false;
        } else if (strcmp(a, "--line-stats") == 0) {
            line_stats = true;
        } else if (tui && strcmp(a, "--no-color") == 0) {
            topt.no_color = true;
        } else if (tui && strcmp(a, "--ascii") == 0) {
            topt.ascii = true;
        } else if (tui && strcmp(a, "--bench-continue") == 0) {
            topt.bench_continue = true;
        } else if (tui && strcmp(a, "--bench-redraw") == 0 && i + 1 < argc) {
            topt.bench_frames = atol(argv[++i]);
            if (topt.bench_frames <= 0) {
                rc = cli_usage_error(NULL, "--bench-redraw needs a frame count");
                goto out;
            }
        } else if (strcmp(a, "--unsafe-lua") == 0) {
            unsafe = true;
        } else if (strcmp(a, "--host-stats") == 0) {
            host = true;
        } else if (!tui && strcmp(a, "--quiet") == 0) {
            quiet = true;
        } else if (!tui && strcmp(a, "--progress") == 0) {
            progress = true;
        } else if (a[0] == '-' && a[1]) {
            rc = cli_unknown_option("run", a, tui ? RUN_OPTIONS
                                    " --no-color --ascii" : RUN_OPTIONS
                                    " --quiet --progress");
            goto out;
        } else if (path) {
            rc = cli_usage_error("run", "only one scenario per run (got '%s' and '%s')",
                                 path, a);
            goto out;
        } else {
            path = a;
        }
    }
    if (!path) {
        rc = cli_usage_error("run", "missing the scenario file (warpscope run SCENARIO.lua)");
        goto out;
    }
    gpgpusim_note(&sets);
    if (trace_sub && !trace) {
        rc = cli_usage_error("run", "--trace-window, --trace-events, --trace-sms and --trace-interval need --trace FILE");
        goto out;
    }
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    struct scenario_opts o = { .path = path, .cli = &sets, .unsafe_lua = unsafe,
                               .commands = cmds, .probes_csv = probes,
                               .record = record, .reverse = reverse,
                               .line_stats = line_stats,
                               .trace = trace, .trace_opts = &tro };
    struct cli_progress prog;
    cli_progress_init(&prog, quiet || tui, progress);
    if (prog.on) {
        o.progress = cli_progress_update;
        o.progress_ctx = &prog;
    }
    if (tui) {
        o.driver = tui_driver;
        o.driver_ctx = &topt;
    }
    /* A debugging session takes snapshots: the supervisor stays behind
       and reports the exit code of whichever process ends the session. */
    if (reverse && (tui || cmds || record || scenario_is_record(path))) {
        int code;
        if (ckpt_supervise(&code) < 0) {
            rc = code;                /* the supervisor: the session's status */
            goto out;
        }
    }
    struct scenario_result r;
    fflush(stdout);
    int st = scenario_run(&o, &r, &d);
    cli_progress_end(&prog);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    fflush(stdout);
    if (st == WS_ERR) {
        cli_print_diag(&d);
        rc = EXIT_BAD;
        goto out;
    }
    summary(path, r.stats, r.checks);
    if (r.quit)
        printf("  (ended by quit: the counters cover what ran, a launch still running up to where it stopped)\n");
    if (json && write_json(json, r.stats) != EXIT_OK)
        rc = EXIT_BAD;
    if (host) {
        double secs = (double)(t1.tv_sec - t0.tv_sec) +
                      (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
        double sim = (double)r.sim_ns * 1e-9;
        struct rusage ru;
        getrusage(RUSAGE_SELF, &ru);
        double wi = (double)geti(r.stats, "warp_instructions");
        fprintf(stderr, "host: %.0f warp-instructions in %.4f s of simulation = %.0f warp-instructions/s; %.3f s wall in all; peak RSS %ld KiB; whole-warp paths %s\n",
                wi, sim, sim > 0 ? wi / sim : 0.0, secs, ru.ru_maxrss,
                fx_isa());
    }
    jv_free(r.stats);
    if (st == WS_FAIL) {
        cli_print_diag(&d);
        if (rc == EXIT_OK)
            rc = EXIT_CHECK;
    }
    if (r.cmd_errors && rc == EXIT_OK) {
        fprintf(stderr, "%llu debugger command%s failed\n",
                (unsigned long long)r.cmd_errors, r.cmd_errors == 1 ? "" : "s");
        rc = EXIT_BAD;
    }
out:
    ckpt_set_exit_code(rc);
    diag_reset(&d);
    config_assigns_free(&sets);
    return rc;
}

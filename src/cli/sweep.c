/*
** sweep.c - `warpscope sweep SWEEP.lua [-j N] [--out DIR]
** [--emit parallel|slurm] [--dry-run]` (see sweep.h, docs/sweeps.md).
** A sweep file returns a table naming scenarios and, per configuration key,
** a list of values; the points are the scenarios times the cartesian
** product of the values. Each point runs as its own `warpscope run`
** process writing DIR/points/ID.json, its output in ID.log and its exit
** status in ID.exit; results.csv and sweep.json are collected from those
** files. A point is done when its exit record says 0 or 1 and its JSON
** parses, so an interrupted sweep resumes, and a sweep run elsewhere
** (GNU parallel, Slurm) is collected by running the command again.
** This file never simulates: points run only in child processes; the
** sweep file itself is read by sweep-file.c.
*/
#include "cli/sweep.h"
#include "cli/cli.h"
#include "cli/sweep-internal.h"
#include "config/config.h"
#include "config/preset.h"
#include "lua/sandbox.h"
#include "sim/trace.h"
#include "util/fileio.h"
#include "util/hash.h"
#include "util/jval.h"
#include "util/paths.h"
#include "util/suggest.h"
#include "util/xalloc.h"
#include <ctype.h>
#include <errno.h>
#include <lauxlib.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "util/jparse.h"
#include <fcntl.h>
#include <math.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#define MAX_JOBS 1024

/* Appends s quoted for a POSIX shell (as is when it needs no quotes). */
static void shell_quote(struct strbuf *out, const char *s)
{
    bool plain = *s != '\0';
    for (const char *p = s; *p && plain; p++)
        plain = isalnum((unsigned char)*p) || strchr("_-./=:,+@%", *p);
    if (plain) {
        sb_puts(out, s);
        return;
    }
    sb_putc(out, '\'');
    for (const char *p = s; *p; p++) {
        if (*p == '\'')
            sb_puts(out, "'\\''");
        else
            sb_putc(out, *p);
    }
    sb_putc(out, '\'');
}

/* Appends s as one CSV field (RFC 4180 quoting when needed). */
static void csv_field(struct strbuf *out, const char *s)
{
    if (!strpbrk(s, ",\"\r\n")) {
        sb_puts(out, s);
        return;
    }
    sb_putc(out, '"');
    for (const char *p = s; *p; p++) {
        if (*p == '"')
            sb_putc(out, '"');
        sb_putc(out, *p);
    }
    sb_putc(out, '"');
}

/* ---------------------------------------------------------------------- */
/* Running                                                                 */
/* ---------------------------------------------------------------------- */

struct ctx {
    struct sweep s;
    struct point *pts;
    char *out;               /* output directory as given or sweeps/NAME */
    char *out_abs;           /* absolute: what commands name */
    char *exe;               /* this binary */
    char **scen_abs;
    bool trace;              /* --trace: each point writes ID.trace.json */
    const char *trace_opt[4];/* --trace-window, -events, -sms, -interval */
};

static const char *const trace_opts[4] = { "--trace-window", "--trace-events",
                                           "--trace-sms", "--trace-interval" };

/* The point's command: `warpscope run SCENARIO --set k=v ... --json F`
   with absolute paths; NULL-terminated, free with argv_free. */
static char **point_argv(const struct ctx *c, const struct point *p)
{
    const struct sweep *s = &c->s;
    const struct sweep_case *cs = s->ncases ? &s->cases[p->ci] : NULL;
    const struct sweep_case *own = &s->scen_set[p->scen];
    size_t n = 0, cap = 16 + 2 * (s->nfixed + s->nkeys + own->n +
                                  (cs ? cs->n : 0));
    char **a = ws_xcalloc(cap, sizeof *a);
    struct strbuf b;
    sb_init(&b);
    a[n++] = ws_xstrdup(c->exe);
    a[n++] = ws_xstrdup("run");
    a[n++] = ws_xstrdup(c->scen_abs[p->scen]);
    for (size_t i = 0; i < s->nfixed + s->nkeys; i++) {
        const struct sweep_key *k = i < s->nfixed ? &s->fixed[i] : &s->keys[i - s->nfixed];
        sb_printf(&b, "%s=%s", k->name, k->vals[i < s->nfixed ? 0 : p->vi[i - s->nfixed]]);
        a[n++] = ws_xstrdup("--set");
        a[n++] = sb_take(&b);
    }
    for (int l = 0; l < 2; l++) {
        const struct sweep_case *bc = l ? cs : own;
        for (size_t i = 0; bc && i < bc->n; i++) {
            sb_printf(&b, "%s=%s", bc->set[i].name, bc->set[i].vals[0]);
            a[n++] = ws_xstrdup("--set");
            a[n++] = sb_take(&b);
        }
    }
    a[n++] = ws_xstrdup("--json");
    a[n++] = sweep_point_file(c->out_abs, p, "json");
    if (c->trace) {
        a[n++] = ws_xstrdup("--trace");
        a[n++] = sweep_point_file(c->out_abs, p, "trace.json");
        for (int i = 0; i < 4; i++)
            if (c->trace_opt[i]) {
                a[n++] = ws_xstrdup(trace_opts[i]);
                a[n++] = ws_xstrdup(c->trace_opt[i]);
            }
    }
    return a;
}

static void argv_free(char **a)
{
    for (char **p = a; *p; p++)
        free(*p);
    free(a);
}

/* The point as one POSIX shell line that also records the log and the
   exit status, exactly as a local run does. */
static void point_line(struct strbuf *out, const struct ctx *c, const struct point *p)
{
    char **a = point_argv(c, p);
    for (char **q = a; *q; q++) {
        if (q != a)
            sb_putc(out, ' ');
        shell_quote(out, *q);
    }
    argv_free(a);
    char *log = sweep_point_file(c->out_abs, p, "log");
    char *ex = sweep_point_file(c->out_abs, p, "exit");
    sb_puts(out, " >");
    shell_quote(out, log);
    sb_puts(out, " 2>&1; s=$?; echo $s >");
    shell_quote(out, ex);
    sb_puts(out, "; exit $s");
    free(log);
    free(ex);
}

/* Reads a point's exit record; -1 when there is none or it is garbled. */
static int read_exit(const char *path)
{
    size_t len;
    char *t = ws_read_file(path, &len);
    if (!t)
        return -1;
    char *end;
    long v = strtol(t, &end, 10);
    bool ok = end != t && isdigit((unsigned char)t[0]) && (*end == '\0' ||
              (end[0] == '\n' && end[1] == '\0')) && v <= 255;
    free(t);
    return ok ? (int)v : -1;
}

/* Done: an earlier run recorded exit 0 or 1 and left valid statistics. */
static bool point_done(const struct ctx *c, struct point *p)
{
    char *ex = sweep_point_file(c->out, p, "exit");
    int code = read_exit(ex);
    free(ex);
    if (code != 0 && code != 1)
        return false;
    struct ws_diag d = { 0 };
    struct jv *v = sweep_read_stats(c->out, p, &d);
    diag_reset(&d);
    if (!v)
        return false;
    jv_free(v);
    p->exit = code;
    return true;
}

static const char *exit_what(int code)
{
    switch (code) {
    case 0: return "ok";
    case 1: return "check failed";
    case 2: return "bad input";
    case 126: return "could not start";
    case 127: return "could not run warpscope";
    default: return code > 128 ? "killed by a signal" : "failed";
    }
}

static pid_t spawn(char **argv, const char *log)
{
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    if (pid != 0)
        return pid;
    int fd = open(log, O_WRONLY | O_CREAT | O_TRUNC, 0666);
    if (fd < 0) {
        dprintf(2, "warpscope sweep: error: cannot write %s: %s\n", log, strerror(errno));
        _exit(126);
    }
    int in = open("/dev/null", O_RDONLY);
    if (in >= 0 && in != 0) {
        dup2(in, 0);
        close(in);
    }
    dup2(fd, 1);
    dup2(fd, 2);
    if (fd > 2)
        close(fd);
    execv(argv[0], argv);
    dprintf(2, "warpscope sweep: error: cannot run %s: %s\n", argv[0], strerror(errno));
    _exit(127);
}

/* Records a finished point's status and prints a progress line. */
static void finish(const struct ctx *c, struct point *p, int code, size_t k)
{
    p->exit = code;
    char *ex = sweep_point_file(c->out, p, "exit");
    char text[16];
    int n = snprintf(text, sizeof text, "%d\n", code);
    if (code != 126)       /* not started: leave no record, so it runs again */
        ws_write_file(ex, text, (size_t)n);
    free(ex);
    printf("[%zu/%zu] %s: %s", k, c->s.npoints, p->id, exit_what(code));
    if (code) {
        char *log = sweep_point_file(c->out, p, "log");
        printf(" (exit %d), see %s", code, log);
        free(log);
    }
    putchar('\n');
    fflush(stdout);
}

/* Runs the points that are not done, up to `jobs` at once. */
/* Point i's `after` point (if its case has one) has finished. */
static bool after_over(const struct ctx *c, size_t i)
{
    const struct point *p = &c->pts[i];
    if (!c->s.ncases || c->s.cases[p->ci].after < 0)
        return true;
    const struct point *q = p - (p->ci - (size_t)c->s.cases[p->ci].after);
    return q->done || q->exit >= 0;
}

static void run_points(struct ctx *c, int jobs)
{
    size_t n = c->s.npoints, k = 0, next = 0, running = 0;
    for (size_t i = 0; i < n; i++)
        if (c->pts[i].done)
            printf("[%zu/%zu] %s: done before (%s), skipped\n", ++k, n,
                   c->pts[i].id, exit_what(c->pts[i].exit));
    fflush(stdout);
    pid_t *pid = ws_xcalloc((size_t)jobs, sizeof *pid);
    size_t *who = ws_xcalloc((size_t)jobs, sizeof *who);
    bool *started = ws_xcalloc(n + 1, sizeof *started);
    for (;;) {
        while (running < (size_t)jobs && next < n) {
            /* the first point not started whose `after` point is over
               (cases vary fastest: it is ci - after points before) */
            size_t i = next;
            while (i < n && (started[i] || !after_over(c, i)))
                i++;
            if (i == n && running)
                break;
            if (i == n)
                i = next;          /* cannot happen: an after case is earlier */
            started[i] = true;
            while (next < n && started[next])
                next++;
            struct point *p = &c->pts[i];
            if (p->done)
                continue;
            char *json = sweep_point_file(c->out, p, "json");
            char *ex = sweep_point_file(c->out, p, "exit");
            char *log = sweep_point_file(c->out, p, "log");
            remove(json);  /* a stale result must not outlive a failed run */
            remove(ex);
            char **argv = point_argv(c, p);
            pid_t child = spawn(argv, log);
            argv_free(argv);
            free(json);
            free(ex);
            free(log);
            if (child < 0) {
                fprintf(stderr, "warpscope sweep: error: cannot start a process: %s\n",
                        strerror(errno));
                finish(c, p, 126, ++k);
                continue;
            }
            size_t slot = 0;
            while (pid[slot])
                slot++;
            pid[slot] = child;
            who[slot] = (size_t)(p - c->pts);
            running++;
        }
        if (!running)
            break;
        int st;
        pid_t w = waitpid(-1, &st, 0);
        if (w < 0) {
            if (errno == EINTR)
                continue;
            break;
        }
        for (size_t slot = 0; slot < (size_t)jobs; slot++)
            if (pid[slot] == w) {
                int code = WIFEXITED(st) ? WEXITSTATUS(st)
                         : WIFSIGNALED(st) ? 128 + WTERMSIG(st) : 126;
                pid[slot] = 0;
                running--;
                finish(c, &c->pts[who[slot]], code, ++k);
            }
    }
    free(pid);
    free(who);
    free(started);
}

/* ---------------------------------------------------------------------- */
/* Collecting                                                              */
/* ---------------------------------------------------------------------- */

static void csv_value(struct strbuf *out, const struct jv *v)
{
    char buf[32];
    if (!v)
        return;
    switch (v->kind) {
    case JV_INT: sb_printf(out, "%lld", (long long)v->u.i); break;
    case JV_NUM: jv_format_double(v->u.d, buf); sb_puts(out, buf); break;
    case JV_BOOL: sb_puts(out, v->u.b ? "true" : "false"); break;
    case JV_STR: csv_field(out, v->u.s); break;
    default: break;      /* null, arrays and objects have no cell value */
    }
}

/* The default columns: every top-level number of any point, in the order
   they first appear (points in order). */
static void default_columns(struct ctx *c)
{
    struct sweep *s = &c->s;
    size_t cap = 0;
    for (size_t i = 0; i < s->npoints; i++) {
        struct ws_diag d = { 0 };
        struct jv *v = sweep_read_stats(c->out, &c->pts[i], &d);
        diag_reset(&d);
        for (size_t k = 0; v && k < v->n; k++) {
            if (v->items[k]->kind != JV_INT && v->items[k]->kind != JV_NUM)
                continue;
            bool seen = false;
            for (size_t e = 0; e < s->ncols && !seen; e++)
                seen = strcmp(s->cols[e], v->keys[k]) == 0;
            if (seen)
                continue;
            if (s->ncols == cap)
                s->cols = ws_xrealloc(s->cols, (cap = cap ? cap * 2 : 8) * sizeof *s->cols);
            s->cols[s->ncols++] = ws_xstrdup(v->keys[k]);
        }
        jv_free(v);
    }
}

/* Writes DIR/results.csv and DIR/sweep.json; returns 0 or -1. */
static int collect(struct ctx *c)
{
    struct sweep *s = &c->s;
    if (!s->cols)
        default_columns(c);
    struct strbuf csv;
    sb_init(&csv);
    sb_puts(&csv, "point,scenario");
    for (size_t k = 0; k < s->nkeys; k++) {
        sb_putc(&csv, ',');
        csv_field(&csv, s->keys[k].name);
    }
    if (s->ncases)
        sb_puts(&csv, ",case");
    sb_puts(&csv, ",exit");
    for (size_t k = 0; k < s->ncols; k++) {
        sb_putc(&csv, ',');
        csv_field(&csv, s->cols[k]);
    }
    sb_putc(&csv, '\n');
    struct jv *top = jv_obj(), *arr;
    jv_set(top, "sweep", jv_str(s->file));
    jv_set(top, "name", jv_str(s->name));
    arr = jv_set(top, "keys", jv_arr());
    for (size_t k = 0; k < s->nkeys; k++)
        jv_push(arr, jv_str(s->keys[k].name));
    arr = jv_set(top, "fixed", jv_obj());
    for (size_t k = 0; k < s->nfixed; k++)
        jv_set(arr, s->fixed[k].name, jv_str(s->fixed[k].vals[0]));
    arr = jv_set(top, "columns", jv_arr());
    for (size_t k = 0; k < s->ncols; k++)
        jv_push(arr, jv_str(s->cols[k]));
    arr = jv_set(top, "points", jv_arr());
    for (size_t i = 0; i < s->npoints; i++) {
        struct point *p = &c->pts[i];
        struct ws_diag d = { 0 };
        struct jv *st = p->exit == 0 || p->exit == 1 ? sweep_read_stats(c->out, p, &d) : NULL;
        if (!st && diag_has_error(&d)) {
            fputs("warpscope sweep: warning: ", stderr);
            cli_print_diag(&d);
        }
        diag_reset(&d);
        csv_field(&csv, p->id);
        sb_putc(&csv, ',');
        csv_field(&csv, s->scen[p->scen]);
        struct jv *pj = jv_push(arr, jv_obj());
        jv_set(pj, "id", jv_str(p->id));
        jv_set(pj, "scenario", jv_str(s->scen[p->scen]));
        struct jv *set = jv_set(pj, "settings", jv_obj());
        const struct sweep_case *own = &s->scen_set[p->scen];
        for (size_t k = 0; k < own->n; k++)
            jv_set(set, own->set[k].name, jv_str(own->set[k].vals[0]));
        for (size_t k = 0; k < s->nkeys; k++) {
            sb_putc(&csv, ',');
            csv_field(&csv, s->keys[k].vals[p->vi[k]]);
            jv_set(set, s->keys[k].name, jv_str(s->keys[k].vals[p->vi[k]]));
        }
        if (s->ncases) {
            const struct sweep_case *cs = &s->cases[p->ci];
            sb_putc(&csv, ',');
            csv_field(&csv, cs->label);
            jv_set(pj, "case", jv_str(cs->label));
            for (size_t k = 0; k < cs->n; k++)
                jv_set(set, cs->set[k].name, jv_str(cs->set[k].vals[0]));
        }
        if (p->exit >= 0)
            sb_printf(&csv, ",%d", p->exit);
        else
            sb_putc(&csv, ',');
        jv_set(pj, "exit", p->exit >= 0 ? jv_int(p->exit) : jv_null());
        char *f = sweep_point_file(".", p, "json");
        jv_set(pj, "json", jv_str(f + 2));
        free(f);
        f = sweep_point_file(".", p, "log");
        jv_set(pj, "log", jv_str(f + 2));
        free(f);
        for (size_t k = 0; k < s->ncols; k++) {
            sb_putc(&csv, ',');
            csv_value(&csv, st ? jv_path(st, s->cols[k]) : NULL);
        }
        sb_putc(&csv, '\n');
        jv_free(st);
    }
    struct strbuf js, path;
    sb_init(&js);
    sb_init(&path);
    jv_write(top, &js, 2);
    sb_putc(&js, '\n');
    jv_free(top);
    sb_printf(&path, "%s/results.csv", c->out);
    int rc = ws_write_file(sb_str(&path), sb_str(&csv), csv.len);
    sb_clear(&path);
    sb_printf(&path, "%s/sweep.json", c->out);
    if (ws_write_file(sb_str(&path), sb_str(&js), js.len))
        rc = -1;
    sb_free(&path);
    sb_free(&js);
    sb_free(&csv);
    return rc;
}

/* Prints the tally and each failure (in point order, with the first error
   line of its log); returns the sweep's exit status. */
static int report(const struct ctx *c)
{
    size_t n = c->s.npoints, ok = 0, failed = 0, bad = 0, skipped = 0;
    int rc = EXIT_OK;
    for (size_t i = 0; i < n; i++) {
        const struct point *p = &c->pts[i];
        skipped += p->done;
        if (p->exit == 0) {
            ok++;
            continue;
        }
        if (p->exit == 1) {
            failed++;
            if (rc == EXIT_OK)
                rc = EXIT_CHECK;
        } else {
            bad++;
            rc = EXIT_BAD;
        }
        char *log = sweep_point_file(c->out, p, "log");
        fprintf(stderr, "warpscope sweep: point %s: %s (exit %d); log: %s\n",
                p->id, exit_what(p->exit), p->exit, log);
        size_t len;
        char *t = ws_read_file(log, &len);
        char *e = t ? strstr(t, "error:") : NULL;
        if (e) {
            while (e > t && e[-1] != '\n')
                e--;
            fprintf(stderr, "    %.*s\n", (int)strcspn(e, "\n"), e);
        }
        free(t);
        free(log);
    }
    printf("sweep '%s': %zu point%s (%zu run, %zu done before): %zu ok, %zu check failed, %zu bad input\n",
           c->s.name, n, n == 1 ? "" : "s", n - skipped, skipped, ok, failed, bad);
    printf("results: %s/results.csv, %s/sweep.json\n", c->out, c->out);
    return rc;
}

/* ---------------------------------------------------------------------- */
/* Emitting job lists                                                      */
/* ---------------------------------------------------------------------- */

static void emit_parallel(const struct ctx *c)
{
    struct strbuf b;
    sb_init(&b);
    for (size_t i = 0; i < c->s.npoints; i++) {
        sb_clear(&b);
        point_line(&b, c, &c->pts[i]);
        puts(sb_str(&b));
    }
    sb_free(&b);
}

static void emit_slurm(const struct ctx *c)
{
    size_t n = c->s.npoints;
    struct strbuf b, q;
    sb_init(&b);
    sb_init(&q);
    printf("#!/bin/bash\n"
           "# warpscope sweep '%s': %zu point%s, one Slurm array task each.\n"
           "# Submit with `sbatch FILE`; each task writes points/ID.json, .log and .exit\n"
           "# under %s.\n",
           c->s.name, n, n == 1 ? "" : "s", c->out_abs);
    printf("#SBATCH --job-name=ws-%s\n#SBATCH --array=0-%zu\n"
           "#SBATCH --ntasks=1\n#SBATCH --cpus-per-task=1\n", c->s.name, n - 1);
    printf("set -u\ncmds=(\n");
    for (size_t i = 0; i < n; i++) {
        sb_clear(&b);
        sb_clear(&q);
        point_line(&b, c, &c->pts[i]);
        shell_quote(&q, sb_str(&b));
        printf("  %s\n", sb_str(&q));
    }
    printf(")\n");
    printf("i=${SLURM_ARRAY_TASK_ID:?submit this script with sbatch (or set SLURM_ARRAY_TASK_ID to 0..%zu)}\n",
           n - 1);
    sb_clear(&q);
    sb_clear(&b);
    sb_printf(&b, "%s/points", c->out_abs);
    shell_quote(&q, sb_str(&b));
    printf("mkdir -p %s\nexec bash -c \"${cmds[$i]}\"\n", sb_str(&q));
    sb_clear(&q);
    shell_quote(&q, c->exe);
    sb_puts(&q, " sweep ");
    char *abs = realpath(c->s.file, NULL);
    shell_quote(&q, abs ? abs : c->s.file);
    free(abs);
    sb_puts(&q, " --out ");
    shell_quote(&q, c->out_abs);
    printf("# When every task has finished, collect the results: every point's JSON\n"
           "# exists, so this runs nothing and writes results.csv and sweep.json\n"
           "# (a point that is missing or had bad input runs locally):\n#   %s\n",
           sb_str(&q));
    sb_free(&b);
    sb_free(&q);
}

static void dry_run(const struct ctx *c)
{
    const struct sweep *s = &c->s;
    size_t todo = 0;
    printf("sweep '%s': %zu point%s into %s\n", s->name, s->npoints,
           s->npoints == 1 ? "" : "s", c->out);
    for (size_t i = 0; i < s->npoints; i++) {
        const struct point *p = &c->pts[i];
        todo += !p->done;
        printf("  %s: %s", p->id, s->scen[p->scen]);
        for (size_t k = 0; k < s->nfixed; k++)
            printf(" %s=%s", s->fixed[k].name, s->fixed[k].vals[0]);
        for (size_t k = 0; k < s->scen_set[p->scen].n; k++)
            printf(" %s=%s", s->scen_set[p->scen].set[k].name,
                   s->scen_set[p->scen].set[k].vals[0]);
        for (size_t k = 0; k < s->nkeys; k++)
            printf(" %s=%s", s->keys[k].name, s->keys[k].vals[p->vi[k]]);
        printf(p->done ? " (done, %s)\n" : "\n", exit_what(p->exit));
    }
    printf("would run %zu, skip %zu done\n", todo, s->npoints - todo);
}

/* ---------------------------------------------------------------------- */
/* The command                                                             */
/* ---------------------------------------------------------------------- */

static int parse_jobs(const char *v, int *jobs)
{
    char *end;
    errno = 0;
    long j = strtol(v, &end, 10);
    if (!*v || *end || errno || j < 1 || j > MAX_JOBS)
        return cli_usage_error("sweep", "-j expects a number of processes from 1 to %d, got '%s'",
                               MAX_JOBS, v);
    *jobs = (int)j;
    return EXIT_OK;
}

/* Directory, absolute paths and this binary's path for commands. */
static int prepare_paths(struct ctx *c)
{
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0) {
        fprintf(stderr, "warpscope sweep: error: cannot find this program's path (/proc/self/exe): %s\n",
                strerror(errno));
        return EXIT_BAD;
    }
    exe[n] = '\0';
    c->exe = ws_xstrdup(exe);
    char *pts = ws_path_join(c->out, "points");
    int bad = ws_make_dirs(pts);
    if (bad)
        fprintf(stderr, "warpscope sweep: error: cannot create directory '%s': %s\n",
                pts, strerror(errno));
    free(pts);
    if (bad || !(c->out_abs = realpath(c->out, NULL)))
        return EXIT_BAD;
    c->scen_abs = ws_xcalloc(c->s.nscen, sizeof *c->scen_abs);
    for (size_t i = 0; i < c->s.nscen; i++) {
        c->scen_abs[i] = realpath(c->s.scen_path[i], NULL);
        if (!c->scen_abs[i]) {
            fprintf(stderr, "%s: error: cannot resolve the path: %s\n",
                    c->s.scen_path[i], strerror(errno));
            return EXIT_BAD;
        }
    }
    return EXIT_OK;
}

/* --trace-*: checked here (a bad value fails the sweep, not each point)
   and passed to every point. */
static int trace_option(struct ctx *c, const char *opt, const char *val)
{
    struct trace_opts o;
    trace_opts_init(&o);
    struct ws_diag d = { 0 };
    int i = 0;
    while (strcmp(opt, trace_opts[i]))
        i++;
    int (*parse[4])(struct trace_opts *, const char *, struct ws_diag *) = {
        trace_parse_window, trace_parse_events, trace_parse_sms,
        trace_parse_interval };
    if (parse[i](&o, val, &d) != WS_OK) {
        int rc = cli_usage_error("sweep", "%s", d.msg);
        diag_reset(&d);
        return rc;
    }
    c->trace_opt[i] = val;
    return EXIT_OK;
}

static bool is_trace_opt(const char *opt)
{
    for (int i = 0; i < 4; i++)
        if (!strcmp(opt, trace_opts[i]))
            return true;
    return false;
}

int cli_sweep(int argc, char **argv)
{
    const char *file = NULL, *out = NULL, *emit = NULL;
    int jobs = 1, rc = EXIT_OK;
    bool dry = false;
    struct ctx c = { 0 };
    enum { MAX_SETS = 64 };
    const char *sets[MAX_SETS], *only = NULL;
    char shorthand[MAX_SETS][160];     /* --design/--preset as KEY=VALUE */
    int nsets = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *val = NULL;
        const char *eq = strncmp(a, "--", 2) == 0 ? strchr(a, '=') : NULL;
        char opt[20] = "";
        if (eq && (size_t)(eq - a) < sizeof opt) {
            snprintf(opt, sizeof opt, "%.*s", (int)(eq - a), a);
            val = eq + 1;
        } else if (strncmp(a, "-j", 2) == 0 && a[2]) {
            snprintf(opt, sizeof opt, "-j");
            val = a + 2;
        } else {
            snprintf(opt, sizeof opt, "%.19s", a);
        }
        bool takes = !strcmp(opt, "-j") || !strcmp(opt, "--jobs") ||
                     !strcmp(opt, "--out") || !strcmp(opt, "--emit") ||
                     !strcmp(opt, "--set") || !strcmp(opt, "--only") ||
                     !strcmp(opt, "--design") || !strcmp(opt, "--preset") ||
                     is_trace_opt(opt);
        if (takes && !val) {
            if (i + 1 >= argc)
                return cli_usage_error("sweep", "%s needs a value", a);
            val = argv[++i];
        }
        if (!strcmp(opt, "-j") || !strcmp(opt, "--jobs")) {
            if ((rc = parse_jobs(val, &jobs)) != EXIT_OK)
                return rc;
        } else if (!strcmp(opt, "--out")) {
            if (!*val)
                return cli_usage_error("sweep", "--out needs a directory");
            out = val;
        } else if (!strcmp(opt, "--emit")) {
            if (strcmp(val, "parallel") && strcmp(val, "slurm"))
                return cli_usage_error("sweep", "--emit expects parallel or slurm, got '%s'", val);
            emit = val;
        } else if (!strcmp(a, "--dry-run")) {
            dry = true;
        } else if (!strcmp(opt, "--set")) {
            if (nsets == MAX_SETS)
                return cli_usage_error("sweep", "at most %d --set options", MAX_SETS);
            sets[nsets++] = val;
        } else if (!strcmp(opt, "--design") || !strcmp(opt, "--preset")) {
            /* the --set form, checked as run checks it */
            struct config_assigns one = { 0 };
            rc = cli_shorthand(&one, opt, val);
            config_assigns_free(&one);
            if (rc != EXIT_OK)
                return rc;
            if (nsets == MAX_SETS)
                return cli_usage_error("sweep", "at most %d --set options", MAX_SETS);
            int len = snprintf(shorthand[nsets], sizeof shorthand[0], "%s=%s",
                               opt + 2, val);
            if (len < 0 || (size_t)len >= sizeof shorthand[0])
                return cli_usage_error("sweep", "%s: the value is too long", opt);
            sets[nsets] = shorthand[nsets];
            nsets++;
        } else if (!strcmp(opt, "--only")) {
            only = val;
        } else if (!strcmp(a, "--trace")) {
            c.trace = true;
        } else if (is_trace_opt(opt)) {
            if ((rc = trace_option(&c, opt, val)) != EXIT_OK)
                return rc;
        } else if (a[0] == '-' && a[1]) {
            return cli_unknown_option("sweep", a, "--jobs --out --emit --set "
                                      "--design --preset --only --dry-run "
                                      "--trace --trace-window --trace-events "
                                      "--trace-sms --trace-interval");
        } else if (file) {
            return cli_usage_error("sweep", "only one sweep file (got '%s' and '%s')", file, a);
        } else {
            file = a;
        }
    }
    if (!file)
        return cli_usage_error("sweep", "missing the sweep file (warpscope sweep SWEEP.lua)");
    if (dry && emit)
        return cli_usage_error("sweep", "--dry-run and --emit do not go together (--emit runs nothing already)");
    if (!c.trace && (c.trace_opt[0] || c.trace_opt[1] || c.trace_opt[2] ||
                     c.trace_opt[3]))
        return cli_usage_error("sweep", "--trace-window, --trace-events, --trace-sms and --trace-interval need --trace");
    struct ws_diag d = { 0 };
    if (sweep_load(&c.s, file, &d) != WS_OK) {
        cli_print_diag(&d);
        rc = EXIT_BAD;
        goto done;
    }
    for (int i = 0; i < nsets && rc == EXIT_OK; i++)
        if (sweep_add_fixed(&c.s, sets[i], &d) != WS_OK)
            rc = cli_usage_error("sweep", "%s", d.msg);
    if (rc == EXIT_OK && only && sweep_only(&c.s, only, &d) != WS_OK)
        rc = cli_usage_error("sweep", "%s", d.msg);
    if (rc != EXIT_OK)
        goto done;
    if (out) {
        c.out = ws_xstrdup(out);
    } else {
        struct strbuf b;
        sb_init(&b);
        sb_printf(&b, "sweeps/%s", c.s.name);
        c.out = sb_take(&b);
    }
    if (!(c.pts = expand_points(&c.s))) {
        rc = EXIT_BAD;
        goto done;
    }
    for (size_t i = 0; i < c.s.npoints && !emit; i++)
        c.pts[i].done = point_done(&c, &c.pts[i]);
    if (dry) {
        dry_run(&c);
        goto done;
    }
    if ((rc = prepare_paths(&c)) != EXIT_OK)
        goto done;
    if (emit) {
        if (strcmp(emit, "slurm") == 0)
            emit_slurm(&c);
        else
            emit_parallel(&c);
        goto done;
    }
    run_points(&c, jobs);
    int wrote = collect(&c);
    rc = report(&c);
    if (wrote)
        rc = EXIT_BAD;
    else if (c.s.has_report && sweep_run_report(&c.s, c.pts, c.out) != EXIT_OK)
        rc = EXIT_BAD;
    if (!wrote && sweep_draw_plots(&c.s, c.out) != EXIT_OK)
        rc = EXIT_BAD;
done:
    diag_reset(&d);
    points_free(c.pts, c.s.npoints);
    for (size_t i = 0; c.scen_abs && i < c.s.nscen; i++)
        free(c.scen_abs[i]);
    free(c.scen_abs);
    free(c.out);
    free(c.out_abs);
    free(c.exe);
    sweep_free(&c.s);
    return rc;
}

/*
** plot.c - `warpscope plot RESULTS.csv`: charts of a results table (as
** `warpscope sweep` writes it) drawn by gnuplot as SVG and PNG.
**   bars (default)  one cluster per workload (--x, default the scenario),
**                   one bar per configuration (--group), each normalised
**                   to the baseline configuration's value for the same
**                   workload, and a last cluster with the geometric mean;
**   --lines         the value over a swept key (--x), a line per --group.
** Besides the pictures it writes PREFIX.dat (the numbers drawn) and
** PREFIX.gp (the gnuplot script), and prints the numbers as a markdown
** table; without gnuplot those are all it writes (exit 2, saying so).
*/
#include "cli/cli.h"
#include "cli/plot.h"
#include "util/csv.h"
#include "util/fileio.h"
#include "util/paths.h"
#include "util/strbuf.h"
#include "util/xalloc.h"
#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#define MAX_WHERE 16

struct plot {
    const char *csv, *out, *x, *y, *group, *baseline, *title, *ylabel;
    bool lines, geomean;
    const char *where[MAX_WHERE];
    int nwhere;
    /* the table */
    char **xs, **gs;          /* labels in order of first appearance */
    size_t nx, ng;
    double *v;                /* v[x * ng + g], NAN when missing */
    size_t skipped;           /* rows not used (exit, --where, no number) */
};

static size_t label_index(char ***labels, size_t *n, const char *s)
{
    for (size_t i = 0; i < *n; i++)
        if (strcmp((*labels)[i], s) == 0)
            return i;
    *labels = ws_xrealloc(*labels, (*n + 1) * sizeof **labels);
    (*labels)[*n] = ws_xstrdup(s);
    return (*n)++;
}

/* A scenario path shows as its file name without .lua. */
static char *label(const char *col, const char *s)
{
    if (strcmp(col, "scenario"))
        return ws_xstrdup(s);
    const char *b = strrchr(s, '/');
    b = b ? b + 1 : s;
    size_t n = strlen(b);
    return ws_xstrndup(b, n > 4 && !strcmp(b + n - 4, ".lua") ? n - 4 : n);
}

static int column(const struct csv *t, const char *name, const char *what)
{
    int c = csv_column(t, name);
    if (c < 0) {
        struct strbuf b;
        sb_init(&b);
        for (size_t i = 0; i < t->ncol; i++)
            sb_printf(&b, "%s%s", i ? ", " : "", t->head[i]);
        cli_usage_error("plot", "%s column '%s' is not in the table (columns: %s)",
                        what, name, sb_str(&b));
        sb_free(&b);
    }
    return c;
}

static bool row_wanted(struct plot *p, const struct csv *t, char **r)
{
    int ex = csv_column(t, "exit");
    if (ex >= 0 && strcmp(r[ex], "0"))
        return false;
    for (int i = 0; i < p->nwhere; i++) {
        const char *eq = strchr(p->where[i], '=');
        char *col = ws_xstrndup(p->where[i], (size_t)(eq - p->where[i]));
        int c = csv_column(t, col);
        free(col);
        if (c < 0 || strcmp(r[c], eq + 1))
            return false;
    }
    return true;
}

/* Builds the x-by-group table; returns EXIT_OK or EXIT_BAD (printed). */
static int table(struct plot *p, const struct csv *t)
{
    int cx = column(t, p->x, "--x"), cy = column(t, p->y, "--y"),
        cg = column(t, p->group, "--group");
    if (cx < 0 || cy < 0 || cg < 0)
        return EXIT_BAD;
    for (int i = 0; i < p->nwhere; i++) {
        char *col = ws_xstrndup(p->where[i], strcspn(p->where[i], "="));
        int c = column(t, col, "--where");
        free(col);
        if (c < 0)
            return EXIT_BAD;
    }
    struct { size_t x, g; double v; } *cell = ws_xmalloc((t->nrow + 1) * sizeof *cell);
    size_t n = 0;
    for (size_t r = 0; r < t->nrow; r++) {
        char *end;
        const char *s = t->rows[r][cy];
        double v = strtod(s, &end);
        if (!row_wanted(p, t, t->rows[r]) || !*s || *end || !isfinite(v)) {
            p->skipped++;
            continue;
        }
        char *lx = label(p->x, t->rows[r][cx]), *lg = label(p->group, t->rows[r][cg]);
        cell[n].x = label_index(&p->xs, &p->nx, lx);
        cell[n].g = label_index(&p->gs, &p->ng, lg);
        cell[n++].v = v;
        free(lx);
        free(lg);
    }
    if (!n) {
        free(cell);
        return cli_usage_error("plot", "no row of %s has a number in column '%s' (rows with exit other than 0 and rows --where leaves out do not count)",
                               p->csv, p->y);
    }
    p->v = ws_xmalloc(p->nx * p->ng * sizeof *p->v);
    for (size_t i = 0; i < p->nx * p->ng; i++)
        p->v[i] = (double)NAN;
    for (size_t i = 0; i < n; i++) {
        double *d = &p->v[cell[i].x * p->ng + cell[i].g];
        if (!isnan(*d)) {
            int rc = cli_usage_error("plot", "two rows for %s '%s' and %s '%s': choose one with --where COLUMN=VALUE",
                                     p->x, p->xs[cell[i].x], p->group, p->gs[cell[i].g]);
            free(cell);
            return rc;
        }
        *d = cell[i].v;
    }
    free(cell);
    return EXIT_OK;
}

/* Bars: each value over the baseline's for its workload, and a geometric
   mean row over the workloads every configuration has. */
static int normalise(struct plot *p)
{
    size_t b = 0;
    if (p->baseline) {
        while (b < p->ng && strcmp(p->gs[b], p->baseline))
            b++;
        if (b == p->ng)
            return cli_usage_error("plot", "--baseline '%s' is no value of column '%s'",
                                   p->baseline, p->group);
    }
    p->baseline = p->gs[b];
    for (size_t x = 0; x < p->nx; x++) {
        double base = p->v[x * p->ng + b];
        for (size_t g = 0; g < p->ng; g++)
            p->v[x * p->ng + g] = base > 0 ? p->v[x * p->ng + g] / base : (double)NAN;
    }
    if (!p->geomean)
        return EXIT_OK;
    p->v = ws_xrealloc(p->v, (p->nx + 1) * p->ng * sizeof *p->v);
    for (size_t g = 0; g < p->ng; g++) {
        double s = 0;
        size_t k = 0;
        for (size_t x = 0; x < p->nx; x++) {
            bool all = true;
            for (size_t h = 0; h < p->ng; h++)
                all &= p->v[x * p->ng + h] > 0;
            if (all) {
                s += log(p->v[x * p->ng + g]);
                k++;
            }
        }
        p->v[p->nx * p->ng + g] = k ? exp(s / (double)k) : (double)NAN;
    }
    label_index(&p->xs, &p->nx, "geomean");
    return EXIT_OK;
}

static int by_number(const void *a, const void *b)
{
    double x = strtod(*(char *const *)a, NULL), y = strtod(*(char *const *)b, NULL);
    return x < y ? -1 : x > y;
}

/* Lines over a numeric key run in numeric order. */
static bool numeric_x(struct plot *p)
{
    for (size_t i = 0; i < p->nx; i++) {
        char *e;
        strtod(p->xs[i], &e);
        if (!*p->xs[i] || *e)
            return false;
    }
    char **old = ws_xmalloc(p->nx * sizeof *old);
    memcpy(old, p->xs, p->nx * sizeof *old);
    double *v = ws_xmalloc(p->nx * p->ng * sizeof *v);
    qsort(p->xs, p->nx, sizeof *p->xs, by_number);
    for (size_t i = 0; i < p->nx; i++) {
        size_t j = 0;
        while (old[j] != p->xs[i])
            j++;
        memcpy(v + i * p->ng, p->v + j * p->ng, p->ng * sizeof *v);
    }
    free(old);
    free(p->v);
    p->v = v;
    return true;
}

static void quoted(struct strbuf *b, const char *s)
{
    sb_putc(b, '"');
    for (; *s; s++) {
        if (*s == '"' || *s == '\\')
            sb_putc(b, '\\');
        sb_putc(b, *s);
    }
    sb_putc(b, '"');
}

/* Numbers on a numeric axis go unquoted (gnuplot reads quoted ones as
   labels). */
static void write_dat(const struct plot *p, bool num, struct strbuf *b)
{
    quoted(b, p->x);
    for (size_t g = 0; g < p->ng; g++) {
        sb_putc(b, ' ');
        quoted(b, p->gs[g]);
    }
    sb_putc(b, '\n');
    for (size_t x = 0; x < p->nx; x++) {
        if (num)
            sb_puts(b, p->xs[x]);
        else
            quoted(b, p->xs[x]);
        for (size_t g = 0; g < p->ng; g++) {
            double v = p->v[x * p->ng + g];
            if (isnan(v))
                sb_puts(b, " ?");
            else
                sb_printf(b, " %.6g", v);
        }
        sb_putc(b, '\n');
    }
}

/* The script: SVG, then PNG of the same plot. */
static void write_gp(const struct plot *p, const char *prefix, bool num,
                     struct strbuf *b)
{
    const char *base = strrchr(prefix, '/');
    base = base ? base + 1 : prefix;
    sb_printf(b, "# %s.gp - drawn by `warpscope plot`; run `gnuplot %s.gp` in this directory\n",
              base, base);
    sb_puts(b, "set datafile missing '?'\nset termoption noenhanced\n"
               "set key outside right top vertical noenhanced\n"
               "set grid ytics\nset yrange [0:*]\nset border 3\nset xtics nomirror\nset ytics nomirror\n");
    if (p->title) {
        sb_puts(b, "set title ");
        quoted(b, p->title);
        sb_puts(b, " noenhanced\n");
    }
    struct strbuf yl;
    sb_init(&yl);
    if (p->ylabel)
        sb_puts(&yl, p->ylabel);
    else if (p->lines)
        sb_puts(&yl, p->y);
    else
        sb_printf(&yl, "%s relative to %s %s", p->y, p->group, p->baseline);
    sb_puts(b, "set ylabel ");
    quoted(b, sb_str(&yl));
    sb_puts(b, " noenhanced\nset xlabel ");
    quoted(b, p->lines ? p->x : "");
    sb_puts(b, " noenhanced\n");
    sb_free(&yl);
    if (!p->lines)
        sb_puts(b, "set style data histograms\nset style histogram clustered gap 1\n"
                   "set style fill solid 0.85 border -1\nset boxwidth 0.9\n"
                   "set xtics rotate by -45 scale 0 noenhanced\n"
                   "set arrow 1 from graph 0, first 1 to graph 1, first 1 nohead dashtype 2\n");
    else if (!num)
        sb_puts(b, "set xtics rotate by -45 noenhanced\n");
    struct strbuf plot;
    sb_init(&plot);
    sb_printf(&plot, "plot '%s.dat'", base);
    for (size_t g = 0; g < p->ng; g++) {
        if (g)
            sb_puts(&plot, ", ''");
        if (!p->lines)
            sb_printf(&plot, " using %zu:xtic(1) title columnheader(%zu)", g + 2, g + 2);
        else if (num)
            sb_printf(&plot, " using 1:%zu with linespoints title columnheader(%zu)", g + 2, g + 2);
        else
            sb_printf(&plot, " using 0:%zu:xtic(1) with linespoints title columnheader(%zu)", g + 2, g + 2);
    }
    size_t w = 640 + (p->lines ? 0 : 18 * p->nx * (p->ng > 4 ? 2 : 1));
    sb_printf(b, "set terminal svg size %zu,420 dynamic font 'sans,11'\nset output '%s.svg'\n%s\n",
              w, base, sb_str(&plot));
    sb_printf(b, "set terminal pngcairo size %zu,420 font 'sans,10'\nset output '%s.png'\n%s\n",
              w, base, sb_str(&plot));
    sb_free(&plot);
}

static void print_table(const struct plot *p)
{
    printf("| %s |", p->x);
    for (size_t g = 0; g < p->ng; g++)
        printf(" %s |", p->gs[g]);
    printf("\n|---|");
    for (size_t g = 0; g < p->ng; g++)
        printf("---:|");
    printf("\n");
    for (size_t x = 0; x < p->nx; x++) {
        bool gm = !p->lines && p->geomean && x + 1 == p->nx;
        printf(gm ? "| **%s** |" : "| %s |", p->xs[x]);
        for (size_t g = 0; g < p->ng; g++) {
            double v = p->v[x * p->ng + g];
            if (isnan(v))
                printf(" - |");
            else
                printf(gm ? " **%.3f** |" : p->lines ? " %.6g |" : " %.3f |", v);
        }
        printf("\n");
    }
}

/* Runs gnuplot on PREFIX.gp in PREFIX's directory. */
static int draw(const char *prefix)
{
    const char *gp = getenv("WS_GNUPLOT");
    if (!gp || !*gp)
        gp = "gnuplot";
    char *dir = ws_dirname(prefix);
    const char *base = strrchr(prefix, '/');
    base = base ? base + 1 : prefix;
    char script[512];
    snprintf(script, sizeof script, "%s.gp", base);
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
        if (chdir(dir) != 0)
            _exit(126);
        execlp(gp, gp, script, (char *)NULL);
        _exit(errno == ENOENT ? 127 : 126);
    }
    free(dir);
    int st = 0;
    if (pid < 0 || waitpid(pid, &st, 0) < 0)
        return cli_usage_error("plot", "cannot start gnuplot: %s", strerror(errno));
    if (WIFEXITED(st) && WEXITSTATUS(st) == 127) {
        fprintf(stderr, "warpscope plot: error: gnuplot is not installed (or not on PATH), so %s.svg and %s.png were not drawn; %s.dat and %s.gp are written. Install it with scripts/deps.sh (Debian package gnuplot-nox) and run `gnuplot %s.gp` in that directory, or plot again.\n",
                prefix, prefix, prefix, prefix, base);
        return EXIT_BAD;
    }
    if (!WIFEXITED(st) || WEXITSTATUS(st) != 0)
        return cli_usage_error("plot", "gnuplot failed on %s.gp (its message is above)", prefix);
    return EXIT_OK;
}

/* The default output: beside the table, named after the value drawn. */
static char *default_prefix(const struct plot *p)
{
    char *dir = ws_dirname(p->csv);
    struct strbuf b;
    sb_init(&b);
    sb_puts(&b, p->y);
    if (p->lines)
        sb_printf(&b, "-by-%s", p->x);
    char *name = sb_take(&b);
    for (char *s = name; *s; s++)
        if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-.", *s))
            *s = '_';
    char *out = ws_path_join(dir, name);
    free(dir);
    free(name);
    return out;
}

static int parse_args(struct plot *p, int argc, char **argv)
{
    static const char *valued[] = { "--x", "--y", "--group", "--baseline",
                                    "--out", "--title", "--ylabel", "--where",
                                    NULL };
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        bool takes = false;
        for (int k = 0; valued[k]; k++)
            takes |= !strcmp(a, valued[k]);
        if (takes && i + 1 >= argc)
            return cli_usage_error("plot", "%s needs a value", a);
        const char *v = takes ? argv[++i] : NULL;
        if (!strcmp(a, "--x"))
            p->x = v;
        else if (!strcmp(a, "--y"))
            p->y = v;
        else if (!strcmp(a, "--group"))
            p->group = v;
        else if (!strcmp(a, "--baseline"))
            p->baseline = v;
        else if (!strcmp(a, "--out"))
            p->out = v;
        else if (!strcmp(a, "--title"))
            p->title = v;
        else if (!strcmp(a, "--ylabel"))
            p->ylabel = v;
        else if (!strcmp(a, "--where")) {
            if (!strchr(v, '=') || *v == '=' || p->nwhere == MAX_WHERE)
                return cli_usage_error("plot", "--where expects COLUMN=VALUE (at most %d), got '%s'",
                                       MAX_WHERE, v);
            p->where[p->nwhere++] = v;
        } else if (!strcmp(a, "--lines"))
            p->lines = true;
        else if (!strcmp(a, "--no-geomean"))
            p->geomean = false;
        else if (a[0] == '-' && a[1])
            return cli_usage_error("plot", "unknown option '%s'", a);
        else if (p->csv)
            return cli_usage_error("plot", "only one table (got '%s' and '%s')", p->csv, a);
        else
            p->csv = a;
    }
    if (!p->csv)
        return cli_usage_error("plot", "missing the table (warpscope plot RESULTS.csv --y COLUMN)");
    if (!p->y)
        return cli_usage_error("plot", "--y COLUMN says which value to draw (cycles, ipc, ...)");
    if (p->lines && !p->x)
        return cli_usage_error("plot", "--lines needs --x COLUMN, the swept key");
    if (p->lines && p->baseline)
        return cli_usage_error("plot", "--baseline is for bar charts (normalised), not --lines");
    return EXIT_OK;
}

static void plot_free(struct plot *p)
{
    for (size_t i = 0; i < p->nx; i++)
        free(p->xs[i]);
    for (size_t i = 0; i < p->ng; i++)
        free(p->gs[i]);
    free(p->xs);
    free(p->gs);
    free(p->v);
}

int cli_plot(int argc, char **argv)
{
    struct plot p = { .geomean = true };
    int rc = parse_args(&p, argc, argv);
    if (rc != EXIT_OK)
        return rc;
    size_t len;
    char *text = ws_read_file(p.csv, &len);
    if (!text) {
        fprintf(stderr, "%s: error: cannot read the table: %s\n", p.csv, strerror(errno));
        return EXIT_BAD;
    }
    struct csv t;
    struct ws_diag d = { 0 };
    if (csv_parse(&t, text, len, p.csv, &d) != WS_OK) {
        free(text);
        cli_print_diag(&d);
        diag_reset(&d);
        return EXIT_BAD;
    }
    free(text);
    if (!p.x)
        p.x = "scenario";
    if (!p.group)
        p.group = csv_column(&t, "case") >= 0 ? "case" : p.lines ? "scenario" : NULL;
    if (!p.group) {
        csv_free(&t);
        return cli_usage_error("plot", "--group COLUMN says what the bars compare (a set key such as preset; default: the column case)");
    }
    rc = table(&p, &t);
    if (rc == EXIT_OK && !p.lines)
        rc = normalise(&p);
    bool num = rc == EXIT_OK && p.lines && numeric_x(&p);
    char *prefix = p.out ? ws_xstrdup(p.out) : default_prefix(&p);
    if (rc == EXIT_OK) {
        struct strbuf dat, gp;
        sb_init(&dat);
        sb_init(&gp);
        write_dat(&p, num, &dat);
        write_gp(&p, prefix, num, &gp);
        char *dir = ws_dirname(prefix);
        ws_make_dirs(dir);          /* a failure shows when writing */
        free(dir);
        char *f1 = ws_xmalloc(strlen(prefix) + 8), *f2 = ws_xmalloc(strlen(prefix) + 8);
        sprintf(f1, "%s.dat", prefix);
        sprintf(f2, "%s.gp", prefix);
        if (ws_write_file(f1, dat.s ? dat.s : "", dat.len) != 0 ||
            ws_write_file(f2, gp.s ? gp.s : "", gp.len) != 0) {
            fprintf(stderr, "%s: error: cannot write the plot: %s\n", f1, strerror(errno));
            rc = EXIT_BAD;
        }
        free(f1);
        free(f2);
        sb_free(&dat);
        sb_free(&gp);
    }
    if (rc == EXIT_OK) {
        print_table(&p);
        if (p.skipped)
            printf("(%zu row%s of %s not drawn: exit other than 0, left out by --where, or no number)\n",
                   p.skipped, p.skipped == 1 ? "" : "s", p.csv);
        rc = draw(prefix);
        if (rc == EXIT_OK)
            printf("wrote %s.svg, %s.png (and %s.dat, %s.gp)\n", prefix, prefix, prefix, prefix);
    }
    free(prefix);
    plot_free(&p);
    csv_free(&t);
    return rc;
}

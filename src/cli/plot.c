/*
** plot.c - `warpscope plot RESULTS.csv`: charts of a results table (as
** `warpscope sweep` writes it) drawn by gnuplot as SVG and PNG.
**   bars (default)  one cluster per workload (--x, default the scenario),
**                   one bar per configuration (--group), each normalised
**                   to the baseline configuration's value for the same
**                   workload, and a last cluster with the geometric mean;
**   --absolute      bars of the values themselves, and their arithmetic
**                   mean (for rates such as hit rates);
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

struct plot {
    struct plot_spec s;
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

/* s is one of the '|'-separated alternatives. */
static bool one_of(const char *s, const char *alts)
{
    size_t n = strlen(s);
    for (const char *a = alts;; a++) {
        size_t l = strcspn(a, "|");
        if (l == n && strncmp(a, s, n) == 0)
            return true;
        a += l;
        if (!*a)
            return false;
    }
}

static bool row_wanted(struct plot *p, const struct csv *t, char **r)
{
    int ex = csv_column(t, "exit");
    if (ex >= 0 && strcmp(r[ex], "0"))
        return false;
    for (int i = 0; i < p->s.nwhere; i++) {
        const char *eq = strchr(p->s.where[i], '=');
        char *col = ws_xstrndup(p->s.where[i], (size_t)(eq - p->s.where[i]));
        int c = csv_column(t, col);
        free(col);
        if (c < 0 || !one_of(r[c], eq + 1))
            return false;
    }
    return true;
}

/* Builds the x-by-group table; returns EXIT_OK or EXIT_BAD (printed). */
static int table(struct plot *p, const struct csv *t)
{
    int cx = column(t, p->s.x, "--x"), cy = column(t, p->s.y, "--y"),
        cg = column(t, p->s.group, "--group");
    if (cx < 0 || cy < 0 || cg < 0)
        return EXIT_BAD;
    for (int i = 0; i < p->s.nwhere; i++) {
        char *col = ws_xstrndup(p->s.where[i], strcspn(p->s.where[i], "="));
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
        char *lx = label(p->s.x, t->rows[r][cx]), *lg = label(p->s.group, t->rows[r][cg]);
        cell[n].x = label_index(&p->xs, &p->nx, lx);
        cell[n].g = label_index(&p->gs, &p->ng, lg);
        cell[n++].v = v;
        free(lx);
        free(lg);
    }
    if (!n) {
        free(cell);
        return cli_usage_error("plot", "no row of %s has a number in column '%s' (rows with exit other than 0 and rows --where leaves out do not count)",
                               p->s.csv, p->s.y);
    }
    p->v = ws_xmalloc(p->nx * p->ng * sizeof *p->v);
    for (size_t i = 0; i < p->nx * p->ng; i++)
        p->v[i] = (double)NAN;
    for (size_t i = 0; i < n; i++) {
        double *d = &p->v[cell[i].x * p->ng + cell[i].g];
        if (!isnan(*d)) {
            int rc = cli_usage_error("plot", "two rows for %s '%s' and %s '%s': choose one with --where COLUMN=VALUE",
                                     p->s.x, p->xs[cell[i].x], p->s.group, p->gs[cell[i].g]);
            free(cell);
            return rc;
        }
        *d = cell[i].v;
    }
    free(cell);
    return EXIT_OK;
}

/* A last row: the geometric (geo) or arithmetic mean of each group over
   the workloads that every group has (values > 0 for geometric). */
static int mean_row(struct plot *p, bool geo, const char *name)
{
    if (!p->s.geomean)
        return EXIT_OK;
    p->v = ws_xrealloc(p->v, (p->nx + 1) * p->ng * sizeof *p->v);
    for (size_t g = 0; g < p->ng; g++) {
        double s = 0;
        size_t k = 0;
        for (size_t x = 0; x < p->nx; x++) {
            bool all = true;
            for (size_t h = 0; h < p->ng; h++)
                all &= geo ? p->v[x * p->ng + h] > 0 : !isnan(p->v[x * p->ng + h]);
            if (all) {
                s += geo ? log(p->v[x * p->ng + g]) : p->v[x * p->ng + g];
                k++;
            }
        }
        p->v[p->nx * p->ng + g] = !k ? (double)NAN : geo ? exp(s / (double)k) : s / (double)k;
    }
    label_index(&p->xs, &p->nx, name);
    return EXIT_OK;
}

/* Bars: each value over the baseline's for its workload, and a geometric
   mean row over the workloads every configuration has (with --absolute
   the values themselves and their arithmetic mean). */
static int normalise(struct plot *p)
{
    if (p->s.absolute)
        return mean_row(p, false, "mean");
    size_t b = 0;
    if (p->s.baseline) {
        while (b < p->ng && strcmp(p->gs[b], p->s.baseline))
            b++;
        if (b == p->ng)
            return cli_usage_error("plot", "--baseline '%s' is no value of column '%s'",
                                   p->s.baseline, p->s.group);
    }
    p->s.baseline = p->gs[b];
    for (size_t x = 0; x < p->nx; x++) {
        double base = p->v[x * p->ng + b];
        for (size_t g = 0; g < p->ng; g++)
            p->v[x * p->ng + g] = base > 0 ? p->v[x * p->ng + g] / base : (double)NAN;
    }
    return mean_row(p, true, "geomean");
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
    quoted(b, p->s.x);
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
    if (p->s.title) {
        sb_puts(b, "set title ");
        quoted(b, p->s.title);
        sb_puts(b, " noenhanced\n");
    }
    struct strbuf yl;
    sb_init(&yl);
    if (p->s.ylabel)
        sb_puts(&yl, p->s.ylabel);
    else if (p->s.lines || p->s.absolute)
        sb_puts(&yl, p->s.y);
    else
        sb_printf(&yl, "%s relative to %s %s", p->s.y, p->s.group, p->s.baseline);
    sb_puts(b, "set ylabel ");
    quoted(b, sb_str(&yl));
    sb_puts(b, " noenhanced\nset xlabel ");
    quoted(b, p->s.lines ? p->s.x : "");
    sb_puts(b, " noenhanced\n");
    sb_free(&yl);
    if (!p->s.lines)
        sb_puts(b, "set style data histograms\nset style histogram clustered gap 1\n"
                   "set style fill solid 0.85 border -1\nset boxwidth 0.9\n"
                   "set xtics rotate by -45 scale 0 noenhanced\n");
    if (!p->s.lines && !p->s.absolute)
        sb_puts(b, "set arrow 1 from graph 0, first 1 to graph 1, first 1 nohead dashtype 2\n");
    else if (!num)
        sb_puts(b, "set xtics rotate by -45 noenhanced\n");
    struct strbuf plot;
    sb_init(&plot);
    sb_printf(&plot, "plot '%s.dat'", base);
    for (size_t g = 0; g < p->ng; g++) {
        if (g)
            sb_puts(&plot, ", ''");
        if (!p->s.lines)
            sb_printf(&plot, " using %zu:xtic(1) title columnheader(%zu)", g + 2, g + 2);
        else if (num)
            sb_printf(&plot, " using 1:%zu with linespoints title columnheader(%zu)", g + 2, g + 2);
        else
            sb_printf(&plot, " using 0:%zu:xtic(1) with linespoints title columnheader(%zu)", g + 2, g + 2);
    }
    size_t w = 640 + (p->s.lines ? 0 : 18 * p->nx * (p->ng > 4 ? 2 : 1));
    sb_printf(b, "set terminal svg size %zu,420 dynamic font 'sans,11'\nset output '%s.svg'\n%s\n",
              w, base, sb_str(&plot));
    sb_printf(b, "set terminal pngcairo size %zu,420 font 'sans,10'\nset output '%s.png'\n%s\n",
              w, base, sb_str(&plot));
    sb_free(&plot);
}

static void print_table(const struct plot *p, FILE *f)
{
    fprintf(f, "| %s |", p->s.x);
    for (size_t g = 0; g < p->ng; g++)
        fprintf(f, " %s |", p->gs[g]);
    fprintf(f, "\n|---|");
    for (size_t g = 0; g < p->ng; g++)
        fprintf(f, "---:|");
    fprintf(f, "\n");
    for (size_t x = 0; x < p->nx; x++) {
        bool gm = !p->s.lines && p->s.geomean && x + 1 == p->nx;
        fprintf(f, gm ? "| **%s** |" : "| %s |", p->xs[x]);
        for (size_t g = 0; g < p->ng; g++) {
            double v = p->v[x * p->ng + g];
            if (isnan(v))
                fprintf(f, " - |");
            else
                fprintf(f, gm ? " **%.3f** |" : p->s.lines ? " %.6g |" : " %.3f |", v);
        }
        fprintf(f, "\n");
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
        return PLOT_NO_GNUPLOT;
    }
    if (!WIFEXITED(st) || WEXITSTATUS(st) != 0)
        return cli_usage_error("plot", "gnuplot failed on %s.gp (its message is above)", prefix);
    return EXIT_OK;
}

/* The default output: beside the table, named after the value drawn. */
static char *default_prefix(const struct plot *p)
{
    char *dir = ws_dirname(p->s.csv);
    struct strbuf b;
    sb_init(&b);
    sb_puts(&b, p->s.y);
    if (p->s.lines)
        sb_printf(&b, "-by-%s", p->s.x);
    char *name = sb_take(&b);
    for (char *s = name; *s; s++)
        if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-.", *s))
            *s = '_';
    char *out = ws_path_join(dir, name);
    free(dir);
    free(name);
    return out;
}

static int parse_args(struct plot_spec *p, int argc, char **argv)
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
            if (!strchr(v, '=') || *v == '=' || p->nwhere == PLOT_MAX_WHERE)
                return cli_usage_error("plot", "--where expects COLUMN=VALUE (at most %d), got '%s'",
                                       PLOT_MAX_WHERE, v);
            p->where[p->nwhere++] = v;
        } else if (!strcmp(a, "--lines"))
            p->lines = true;
        else if (!strcmp(a, "--absolute"))
            p->absolute = true;
        else if (!strcmp(a, "--no-geomean"))
            p->geomean = false;
        else if (a[0] == '-' && a[1])
            return cli_unknown_option("plot", a, "--y --x --group --baseline "
                                      "--where --out --title --ylabel --lines "
                                      "--absolute --no-geomean");
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
    if ((p->lines || p->absolute) && p->baseline)
        return cli_usage_error("plot", "--baseline is for normalised bar charts, not --lines or --absolute");
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

/* PREFIX.dat and PREFIX.gp (and PREFIX's directory). */
static int write_files(const struct plot *p, const char *prefix, bool num)
{
    struct strbuf dat, gp;
    sb_init(&dat);
    sb_init(&gp);
    write_dat(p, num, &dat);
    write_gp(p, prefix, num, &gp);
    char *dir = ws_dirname(prefix);
    ws_make_dirs(dir);          /* a failure shows when writing */
    free(dir);
    size_t n = strlen(prefix) + 8;
    char *f1 = ws_xmalloc(n), *f2 = ws_xmalloc(n);
    snprintf(f1, n, "%s.dat", prefix);
    snprintf(f2, n, "%s.gp", prefix);
    int rc = EXIT_OK;
    if (ws_write_file(f1, sb_str(&dat), dat.len) != 0 ||
        ws_write_file(f2, sb_str(&gp), gp.len) != 0) {
        fprintf(stderr, "%s: error: cannot write the plot: %s\n", f1, strerror(errno));
        rc = EXIT_BAD;
    }
    free(f1);
    free(f2);
    sb_free(&dat);
    sb_free(&gp);
    return rc;
}

int plot_draw(const struct plot_spec *spec, FILE *table_out)
{
    struct plot p = { .s = *spec };
    size_t len;
    char *text = ws_read_file(p.s.csv, &len);
    if (!text) {
        fprintf(stderr, "%s: error: cannot read the table: %s\n", p.s.csv, strerror(errno));
        return EXIT_BAD;
    }
    struct csv t;
    struct ws_diag d = { 0 };
    if (csv_parse(&t, text, len, p.s.csv, &d) != WS_OK) {
        free(text);
        cli_print_diag(&d);
        diag_reset(&d);
        return EXIT_BAD;
    }
    free(text);
    if (!p.s.x)
        p.s.x = "scenario";
    if (!p.s.group)
        p.s.group = csv_column(&t, "case") >= 0 ? "case" : p.s.lines ? "scenario" : NULL;
    if (!p.s.group) {
        csv_free(&t);
        return cli_usage_error("plot", "--group COLUMN says what the bars compare (a set key such as preset; default: the column case)");
    }
    int rc = table(&p, &t);
    if (rc == EXIT_OK && !p.s.lines)
        rc = normalise(&p);
    bool num = rc == EXIT_OK && p.s.lines && numeric_x(&p);
    char *prefix = p.s.out ? ws_xstrdup(p.s.out) : default_prefix(&p);
    if (rc == EXIT_OK)
        rc = write_files(&p, prefix, num);
    if (rc == EXIT_OK) {
        print_table(&p, table_out);
        if (p.skipped)
            fprintf(table_out, "(%zu row%s of %s not drawn: exit other than 0, left out by --where, or no number)\n",
                    p.skipped, p.skipped == 1 ? "" : "s", p.s.csv);
        fflush(table_out);
        rc = draw(prefix);
        if (rc == EXIT_OK)
            fprintf(table_out, "wrote %s.svg, %s.png (and %s.dat, %s.gp)\n", prefix,
                    prefix, prefix, prefix);
    }
    free(prefix);
    plot_free(&p);
    csv_free(&t);
    return rc;
}

int cli_plot(int argc, char **argv)
{
    struct plot_spec s = { .geomean = true };
    int rc = parse_args(&s, argc, argv);
    if (rc == EXIT_OK)
        rc = plot_draw(&s, stdout);
    return rc == PLOT_NO_GNUPLOT ? EXIT_BAD : rc;
}

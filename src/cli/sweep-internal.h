/*
** sweep-internal.h - shared by sweep-file.c (the sweep file and its
** points) and sweep.c (running and collecting them). Not a public API.
*/
#ifndef WS_SWEEP_INTERNAL_H
#define WS_SWEEP_INTERNAL_H
#include <stdbool.h>
#include <stddef.h>
#include "util/diag.h"

#define MAX_POINTS 1000000
#define ID_MAX 100                 /* longest point id before it is hashed */
#define SWEEP_LUA_INSTRUCTIONS 100000000
#define SWEEP_LUA_MEMORY (64 << 20)

struct sweep_key {
    char *name;
    char **vals;             /* the --set texts, in list order */
    size_t n;
};

/* A named bundle of settings applied together (`cases`). */
struct sweep_case {
    char *label;
    int after;               /* an earlier case this one waits for, or -1 */
    struct sweep_key *set;   /* one value each, sorted by name */
    size_t n;
};

struct sweep {
    char *file;              /* as given on the command line */
    char *dir;               /* scenarios are relative to it */
    char *src;               /* the file's text, to locate errors */
    char *name;
    char **scen;             /* scenario paths as written */
    char **scen_path;        /* joined with dir */
    struct sweep_case *scen_set; /* each scenario's own settings (label
                                    NULL): { "x.lua", [key] = value } */
    size_t nscen;
    struct sweep_key *keys;  /* `set`, sorted by name */
    size_t nkeys;
    struct sweep_key *fixed; /* `fixed`, sorted; one value each */
    size_t nfixed;
    struct sweep_case *cases;/* `cases`, in file order; none: one case */
    size_t ncases;
    bool has_report;         /* `report` is a function */
    char **cols;             /* `columns`; NULL: every top-level number */
    size_t ncols;
    struct sweep_plot *plots;/* `plots` */
    size_t nplots;
    size_t npoints;
};

/* A chart the sweep draws from results.csv (`plots`; see cli/plot.h). */
struct sweep_plot {
    char *name, *y, *x, *group, *baseline, *title, *ylabel;
    bool lines, geomean, absolute;
    char **where;            /* "COLUMN=VALUE" */
    size_t nwhere;
};

struct point {
    size_t scen;
    size_t *vi;              /* value index per set key */
    size_t ci;               /* case index (0 without cases) */
    char *id;
    int exit;                /* -1: not run */
    bool done;               /* finished by an earlier run */
};

struct lua_State;

/* Loads and checks a sweep file; WS_OK or WS_ERR with d filled. */
int sweep_load(struct sweep *s, const char *file, struct ws_diag *d);
void sweep_free(struct sweep *s);
/* The points in order (s->npoints of them). */
struct point *expand_points(const struct sweep *s);
void points_free(struct point *pts, size_t n);
/* A point's id (hashed when too long or when asked). */
char *point_id(const struct sweep *s, const struct point *p, bool hashed);
/* --set KEY=VALUE: one more fixed setting (checked like `fixed`). */
int sweep_add_fixed(struct sweep *s, const char *kv, struct ws_diag *d);
/* --only NAMES: keeps the scenarios whose file names (without .lua) are
   in the comma list; each name must be one of the sweep's. */
int sweep_only(struct sweep *s, const char *names, struct ws_diag *d);

/* sweep-report.c: DIR/points/ID.EXT (caller frees); a point's statistics
   from its JSON, or NULL (d filled unless the file is absent); the sweep
   file's report(rows) run over the points' results, printed and kept in
   OUT/report.txt (EXIT_OK, or EXIT_BAD after printing the error). */
struct jv;
char *sweep_point_file(const char *dir, const struct point *p, const char *ext);
struct jv *sweep_read_stats(const char *dir, const struct point *p,
                            struct ws_diag *d);
int sweep_run_report(const struct sweep *s, const struct point *pts,
                     const char *out);

/* sweep-plots.c: `plots` read (the table at index t; an error leaves its
   message in d, without a place: the caller adds it) and drawn. */
int sweep_read_plots(struct lua_State *L, int t, struct sweep *s,
                     struct ws_diag *d);
void sweep_plots_free(struct sweep *s);
/* Draws every plot from DIR/results.csv into DIR/plots/; returns 0, or
   2 when one failed (gnuplot missing is only a warning). */
int sweep_draw_plots(const struct sweep *s, const char *dir);

#endif

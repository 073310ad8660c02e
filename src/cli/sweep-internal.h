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
    size_t npoints;
};

struct point {
    size_t scen;
    size_t *vi;              /* value index per set key */
    size_t ci;               /* case index (0 without cases) */
    char *id;
    int exit;                /* -1: not run */
    bool done;               /* finished by an earlier run */
};

/* Loads and checks a sweep file; WS_OK or WS_ERR with d filled. */
int sweep_load(struct sweep *s, const char *file, struct ws_diag *d);
void sweep_free(struct sweep *s);
/* The points in order (s->npoints of them). */
struct point *expand_points(const struct sweep *s);
void points_free(struct point *pts, size_t n);
/* A point's id (hashed when too long or when asked). */
char *point_id(const struct sweep *s, const struct point *p, bool hashed);

#endif

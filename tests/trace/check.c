/*
** check.c - a strict checker of warpscope's trace files (tests/trace/run.sh).
**   trace-check TRACE.json [--stats STATS.json] [--expect NAME]...
**                          [--window FROM:TO]
** Checks the Chrome trace-event format as Perfetto and chrome://tracing
** read it, more strictly than they do: the top-level object, every
** event's keys and types by phase, that every process and track used is
** named once, that complete slices on one track nest (never overlap in
** part), counters per track move forward in time, async begin/end pairs
** match, and that every flow has one start and one end in time order
** with each point at the start of a slice of its track (Perfetto binds a
** point to the slice open on its track, DevTools to an event of the same
** timestamp, track and category: such a point satisfies both). With --stats (the run's --json), each SM's issue instants equal
** its issued cycles and its scheduler spans sum to its stall reasons,
** and every L1D miss has its flow. --expect NAME: some track (a thread or
** a counter) or process is named NAME, or a track NAME followed by
** " (". --window: every
** timestamp lies in it. Prints one line per failed check and exits 1 if
** any failed, 2 if a file cannot be read.
*/
#include "util/fileio.h"
#include "util/jparse.h"
#include "util/xalloc.h"
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures;

static void fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static void fail(const char *fmt, ...)
{
    if (failures++ < 40) {
        va_list ap;
        va_start(ap, fmt);
        fputs("trace-check: ", stdout);
        vprintf(fmt, ap);
        fputc('\n', stdout);
        va_end(ap);
    }
}

struct slice {
    long long tid;
    double ts, end;
};

struct point {
    long long tid, id;
    double ts;
    char ph;
};

struct track {
    long long tid;
    int pid;
    char *name;
};

static struct {
    struct slice *sl;
    size_t nsl, csl;
    struct point *pt;
    size_t npt, cpt;
    struct track *tr;
    size_t ntr, ctr;
    char **pnames;          /* by pid */
    size_t npid;
    double from, to;
} g;

/* Room for one more element in an array of *cap: capacity doubles, so a
 * trace of N events costs O(N) copying, not O(N^2). */
static void *grow(void *p, size_t n, size_t *cap, size_t size)
{
    if (n < *cap)
        return p;
    *cap = *cap ? *cap * 2 : 64;
    return ws_xrealloc(p, *cap * size);
}

static const struct jv *field(const struct jv *e, const char *k,
                              enum jv_kind kind, size_t i)
{
    const struct jv *v = jv_get(e, k);
    if (!v || (v->kind != kind && !(kind == JV_NUM && v->kind == JV_INT))) {
        fail("event %zu: '%s' missing or not a %s", i, k,
             kind == JV_STR ? "string" : kind == JV_INT ? "integer"
             : kind == JV_OBJ ? "object" : "number");
        return NULL;
    }
    return v;
}

static double num(const struct jv *v)
{
    return v->kind == JV_INT ? (double)v->u.i : v->u.d;
}

/* Every key of e is one of the space-separated names in allowed. */
static void keys_only(const struct jv *e, const char *allowed, size_t i)
{
    for (size_t k = 0; k < e->n; k++) {
        const char *p = strstr(allowed, e->keys[k]);
        size_t l = strlen(e->keys[k]);
        while (p && ((p != allowed && p[-1] != ' ') || (p[l] && p[l] != ' ')))
            p = strstr(p + 1, e->keys[k]);
        if (!p)
            fail("event %zu: unexpected key '%s'", i, e->keys[k]);
    }
}

static struct track *track_of(long long tid)
{
    for (size_t i = 0; i < g.ntr; i++)
        if (g.tr[i].tid == tid)
            return &g.tr[i];
    return NULL;
}

static void metadata(const struct jv *e, int pid, long long tid, size_t i)
{
    const struct jv *name = field(e, "name", JV_STR, i);
    const struct jv *args = field(e, "args", JV_OBJ, i);
    if (!name || !args)
        return;
    bool sort = strstr(name->u.s, "_sort_index") != NULL;
    const struct jv *v = args->n == 1
                             ? jv_get(args, sort ? "sort_index" : "name")
                             : NULL;
    if (!v || v->kind != (sort ? JV_INT : JV_STR)) {
        fail("event %zu: %s needs args {%s}", i, name->u.s,
             sort ? "sort_index: integer" : "name: string");
        return;
    }
    if (strcmp(name->u.s, "process_name") == 0) {
        if ((size_t)pid >= g.npid) {
            g.pnames = ws_xrealloc(g.pnames, ((size_t)pid + 1) * sizeof *g.pnames);
            memset(g.pnames + g.npid, 0, ((size_t)pid + 1 - g.npid) * sizeof *g.pnames);
            g.npid = (size_t)pid + 1;
        }
        if (g.pnames[pid])
            fail("event %zu: process %d named twice", i, pid);
        g.pnames[pid] = v->u.s;
    } else if (strcmp(name->u.s, "thread_name") == 0) {
        if (track_of(tid))
            fail("event %zu: track %lld named twice", i, tid);
        g.tr = grow(g.tr, g.ntr, &g.ctr, sizeof *g.tr);
        g.tr[g.ntr++] = (struct track){ tid, pid, v->u.s };
    } else if (!sort) {
        fail("event %zu: unknown metadata '%s'", i, name->u.s);
    }
}

static void add_point(const struct jv *e, char ph, long long tid, double ts,
                      size_t i)
{
    const struct jv *id = field(e, "id", JV_INT, i);
    if (ph == 'f') {
        const struct jv *bp = jv_get(e, "bp");
        if (!bp || bp->kind != JV_STR || strcmp(bp->u.s, "e"))
            fail("event %zu: a flow end must bind to its enclosing slice (bp \"e\")", i);
    }
    if (!id)
        return;
    g.pt = grow(g.pt, g.npt, &g.cpt, sizeof *g.pt);
    g.pt[g.npt++] = (struct point){ tid, id->u.i, ts, ph };
}

/* Checks one event; returns its phase (0 if unusable). */
static char event(const struct jv *e, size_t i)
{
    if (e->kind != JV_OBJ) {
        fail("event %zu is not an object", i);
        return 0;
    }
    const struct jv *ph = field(e, "ph", JV_STR, i);
    const struct jv *pid = field(e, "pid", JV_INT, i);
    const struct jv *tid = field(e, "tid", JV_INT, i);
    const struct jv *ts = field(e, "ts", JV_NUM, i);
    if (!ph || !pid || !tid || !ts)
        return 0;
    char p = ph->u.s[0];
    if (strlen(ph->u.s) != 1 || !strchr("MXiCbestf", p)) {
        fail("event %zu: unknown phase '%s'", i, ph->u.s);
        return 0;
    }
    if (pid->u.i < 0 || pid->u.i > 4096 || tid->u.i >> 20 != pid->u.i)
        fail("event %zu: pid %lld / tid %lld out of the writer's scheme", i,
             (long long)pid->u.i, (long long)tid->u.i);
    double t = num(ts);
    /* an async slice may end where the window ends */
    if (!(t >= 0) || (p != 'M' && (t < g.from || t > g.to ||
                                  (t == g.to && p != 'e'))))
        fail("event %zu: timestamp %g outside [%g, %g)", i, t, g.from, g.to);
    static const char *allowed[] = {
        "ph name pid tid ts args", "ph cat name pid tid ts dur args",
        "ph s cat name pid tid ts args", "ph name pid tid ts args",
        "ph cat name id pid tid ts", "ph cat name id pid tid ts",
        "ph cat name id pid tid ts", "ph cat name id pid tid ts",
        "ph cat name id pid tid ts bp" };
    keys_only(e, allowed[strchr("MXiCbestf", p) - "MXiCbestf"], i);
    if (p != 'M' && p != 'C')
        field(e, "cat", JV_STR, i);
    const struct jv *name = field(e, "name", JV_STR, i);
    if (name && !*name->u.s)
        fail("event %zu: empty name", i);
    switch (p) {
    case 'M':
        metadata(e, (int)pid->u.i, (long long)tid->u.i, i);
        break;
    case 'X': {
        const struct jv *dur = field(e, "dur", JV_INT, i);
        field(e, "args", JV_OBJ, i);
        if (dur && dur->u.i < 1)
            fail("event %zu: duration %lld", i, (long long)dur->u.i);
        if (dur && t + (double)dur->u.i > g.to)
            fail("event %zu: slice ends after the window", i);
        if (dur) {
            g.sl = grow(g.sl, g.nsl, &g.csl, sizeof *g.sl);
            g.sl[g.nsl++] = (struct slice){ tid->u.i, t, t + (double)dur->u.i };
        }
        break;
    }
    case 'i': {
        const struct jv *s = field(e, "s", JV_STR, i);
        if (s && strcmp(s->u.s, "t"))
            fail("event %zu: instants are thread-scoped here", i);
        field(e, "args", JV_OBJ, i);
        break;
    }
    case 'C': {
        const struct jv *a = field(e, "args", JV_OBJ, i);
        if (a && (a->n != 1 || (a->items[0]->kind != JV_INT &&
                                a->items[0]->kind != JV_NUM) ||
                  !(num(a->items[0]) >= 0) || !isfinite(num(a->items[0]))))
            fail("event %zu: a counter sample needs one finite value >= 0", i);
        break;
    }
    case 's': case 't': case 'f':
        add_point(e, p, (long long)tid->u.i, t, i);
        break;
    default:
        field(e, "id", JV_INT, i);
        break;
    }
    return p;
}

static int by_track_time(const void *a, const void *b)
{
    const struct slice *x = a, *y = b;
    if (x->tid != y->tid)
        return x->tid < y->tid ? -1 : 1;
    if (x->ts != y->ts)
        return x->ts < y->ts ? -1 : 1;
    return x->end > y->end ? -1 : x->end < y->end;
}

/* Slices of a track nest: a stack of enclosing slices. */
static void nesting(void)
{
    if (g.nsl)
        qsort(g.sl, g.nsl, sizeof *g.sl, by_track_time);
    double stack[64];
    int depth = 0;
    for (size_t i = 0; i < g.nsl; i++) {
        if (i && g.sl[i].tid != g.sl[i - 1].tid)
            depth = 0;
        while (depth && stack[depth - 1] <= g.sl[i].ts)
            depth--;
        if (depth && g.sl[i].end > stack[depth - 1])
            fail("track %lld: slice [%g, %g) overlaps its enclosing slice in part",
                 g.sl[i].tid, g.sl[i].ts, g.sl[i].end);
        if (depth < 64)
            stack[depth++] = g.sl[i].end;
        if (!track_of(g.sl[i].tid))
            fail("track %lld has slices but no name", g.sl[i].tid);
    }
}

static bool inside_slice(long long tid, double ts)
{
    /* g.sl is sorted by track and start: binary search the track's part */
    size_t lo = 0, hi = g.nsl;
    while (lo < hi) {
        size_t m = (lo + hi) / 2;
        if (g.sl[m].tid < tid || (g.sl[m].tid == tid && g.sl[m].ts <= ts))
            lo = m + 1;
        else
            hi = m;
    }
    for (size_t k = lo; k-- > 0 && g.sl[k].tid == tid;)
        if (g.sl[k].ts == ts)
            return true;
    return false;
}

static int by_flow(const void *a, const void *b)
{
    const struct point *x = a, *y = b;
    if (x->id != y->id)
        return x->id < y->id ? -1 : 1;
    return x->ts < y->ts ? -1 : x->ts > y->ts;
}

/* Returns the number of complete flows. */
static size_t flows(void)
{
    if (g.npt)
        qsort(g.pt, g.npt, sizeof *g.pt, by_flow);
    size_t n = 0;
    for (size_t i = 0; i < g.npt;) {
        size_t j = i;
        while (j < g.npt && g.pt[j].id == g.pt[i].id)
            j++;
        if (g.pt[i].ph != 's' || g.pt[j - 1].ph != 'f')
            fail("flow %lld does not start with 's' and end with 'f' in time order",
                 g.pt[i].id);
        for (size_t k = i + 1; k + 1 < j; k++)
            if (g.pt[k].ph != 't')
                fail("flow %lld has two starts or two ends", g.pt[i].id);
        for (size_t k = i; k < j; k++)
            if (!inside_slice(g.pt[k].tid, g.pt[k].ts))
                fail("flow %lld: no slice of track %lld starts at its point %g",
                     g.pt[i].id, g.pt[k].tid, g.pt[k].ts);
        n++;
        i = j;
    }
    return n;
}

struct tally {
    long long issues;
    long long sched[16];       /* by reason, in stall_reasons order */
    long long fills;
};

/* Counters: per (pid, name) the time moves forward; async pairs match;
   the SMs' tallies for --stats. */
static void second_pass(const struct jv *evs, struct tally *sm, size_t nsm,
                        const struct jv *reasons)
{
    struct ctr { long long pid; const char *name; double ts; } *ctr = NULL;
    size_t nctr = 0;
    struct as { long long id; int b, e; double tb, te; } *as = NULL;
    size_t nas = 0;
    for (size_t i = 0; i < evs->n; i++) {
        const struct jv *e = evs->items[i];
        const struct jv *ph = jv_get(e, "ph"), *name = jv_get(e, "name"),
                        *cat = jv_get(e, "cat"), *pid = jv_get(e, "pid");
        if (!ph || ph->kind != JV_STR || !name || name->kind != JV_STR ||
            !pid || pid->kind != JV_INT)
            continue;
        char p = ph->u.s[0];
        double ts = num(jv_get(e, "ts"));
        if (p != 'M' && ((size_t)pid->u.i >= g.npid || !g.pnames[pid->u.i]))
            fail("event %zu: process %lld has no name", i, (long long)pid->u.i);
        if (p == 'C') {
            size_t k = 0;
            while (k < nctr && (ctr[k].pid != pid->u.i || strcmp(ctr[k].name, name->u.s)))
                k++;
            if (k == nctr) {
                ctr = ws_xrealloc(ctr, (nctr + 1) * sizeof *ctr);
                ctr[nctr++] = (struct ctr){ pid->u.i, name->u.s, -1 };
            }
            if (ts <= ctr[k].ts)
                fail("event %zu: counter '%s' of process %lld goes back in time",
                     i, name->u.s, (long long)pid->u.i);
            ctr[k].ts = ts;
        }
        if (p == 'b' || p == 'e') {
            long long id = jv_get(e, "id") ? jv_get(e, "id")->u.i : -1;
            size_t k = 0;
            while (k < nas && as[k].id != id)
                k++;
            if (k == nas) {
                as = ws_xrealloc(as, (nas + 1) * sizeof *as);
                as[nas++] = (struct as){ id, 0, 0, 0, 0 };
            }
            if (p == 'b')
                as[k].b++, as[k].tb = ts;
            else
                as[k].e++, as[k].te = ts;
        }
        size_t s = (size_t)pid->u.i - 1;
        if (!cat || cat->kind != JV_STR || pid->u.i < 1 || s >= nsm)
            continue;
        if (p == 'i' && strcmp(cat->u.s, "issue") == 0)
            sm[s].issues++;
        if (p == 'X' && strcmp(name->u.s, "fill") == 0)
            sm[s].fills++;
        if (p == 'X' && strcmp(cat->u.s, "sched") == 0 && reasons) {
            const char *r = strcmp(name->u.s, "issue") ? name->u.s : "issued";
            size_t k = 0;
            while (k < reasons->n && strcmp(reasons->keys[k], r))
                k++;
            if (k < reasons->n && k < 16)
                sm[s].sched[k] += jv_get(e, "dur")->u.i;
            else
                fail("event %zu: scheduler span '%s' is no stall reason", i, name->u.s);
        }
    }
    for (size_t k = 0; k < nas; k++)
        if (as[k].b != 1 || as[k].e != 1 || as[k].te < as[k].tb)
            fail("async slice %lld: %d begins, %d ends", as[k].id, as[k].b, as[k].e);
    free(ctr);
    free(as);
}

static struct jv *load(const char *path)
{
    size_t len;
    char *text = ws_read_file(path, &len);
    if (!text) {
        fprintf(stderr, "trace-check: cannot read %s\n", path);
        exit(2);
    }
    struct ws_diag d = { 0 };
    struct jv *v = jv_parse(text, len, path, &d);
    free(text);
    if (!v) {
        struct strbuf b;
        sb_init(&b);
        diag_render(&d, &b);
        printf("trace-check: not JSON: %s", sb_str(&b));
        exit(1);
    }
    return v;
}

static long long geti(const struct jv *o, const char *path)
{
    const struct jv *v = jv_path(o, path);
    return v && v->kind == JV_INT ? (long long)v->u.i : -1;
}

/* Category cat is in otherData's list of what was traced. */
static bool traced(const struct jv *other, const char *cat)
{
    const struct jv *c = jv_get(other, "categories");
    if (!c || c->kind != JV_STR)
        return false;
    size_t l = strlen(cat);
    for (const char *p = c->u.s; (p = strstr(p, cat)); p += l)
        if ((p == c->u.s || p[-1] == ',') && (!p[l] || p[l] == ','))
            return true;
    return false;
}

/* The run's statistics against the trace (for what it traced). */
static void against_stats(const struct jv *evs, const struct jv *other,
                          const char *path, size_t nflows)
{
    struct jv *st = load(path);
    const struct jv *sms = jv_get(st, "sm");
    size_t nsm = sms ? sms->n : 0;
    const struct jv *reasons = nsm ? jv_get(sms->items[0], "stall_reasons") : NULL;
    struct tally *t = ws_xcalloc(nsm + 1, sizeof *t);
    second_pass(evs, t, nsm, reasons);
    long long fills = 0;
    for (size_t s = 0; s < nsm; s++) {
        const struct jv *r = jv_get(sms->items[s], "stall_reasons");
        fills += t[s].fills;
        for (size_t k = 0; r && traced(other, "sched") && k < r->n && k < 16; k++) {
            if (strcmp(r->keys[k], "idle") == 0)
                continue;
            if (r->items[k]->u.i != t[s].sched[k])
                fail("SM %zu: %lld %s cycles in the statistics, %lld in scheduler spans",
                     s, (long long)r->items[k]->u.i, r->keys[k], t[s].sched[k]);
        }
        if (r && traced(other, "issue") && geti(r, "issued") != t[s].issues)
            fail("SM %zu: %lld issued in the statistics, %lld issue instants",
                 s, geti(r, "issued"), t[s].issues);
    }
    long long misses = geti(st, "l1d.misses") - geti(st, "l1d.mshr_merges");
    if (traced(other, "memory") && (long long)nflows != misses)
        fail("%lld L1D misses in the statistics, %zu flows", misses, nflows);
    if (traced(other, "memory") && fills != geti(st, "l1d.fills"))
        fail("%lld L1D fills in the statistics, %lld fill slices",
             geti(st, "l1d.fills"), fills);
    free(t);
    jv_free(st);
}

static bool named(const char *want)
{
    size_t l = strlen(want);
    for (size_t i = 0; i < g.npid; i++)
        if (g.pnames[i] && strcmp(g.pnames[i], want) == 0)
            return true;
    for (size_t i = 0; i < g.ntr; i++)
        if (strncmp(g.tr[i].name, want, l) == 0 &&
            (!g.tr[i].name[l] || strncmp(g.tr[i].name + l, " (", 2) == 0))
            return true;
    return false;
}

int main(int argc, char **argv)
{
    const char *stats = NULL, *path = NULL;
    const char *expect[64];
    int nexpect = 0;
    g.to = (double)INFINITY;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--stats") == 0 && i + 1 < argc)
            stats = argv[++i];
        else if (strcmp(argv[i], "--expect") == 0 && i + 1 < argc && nexpect < 64)
            expect[nexpect++] = argv[++i];
        else if (strcmp(argv[i], "--window") == 0 && i + 1 < argc) {
            char *e;
            g.from = strtod(argv[++i], &e);
            g.to = *e == ':' && e[1] ? strtod(e + 1, NULL) : (double)INFINITY;
        } else
            path = argv[i];
    }
    if (!path) {
        fprintf(stderr, "usage: trace-check TRACE.json [--stats STATS.json] [--expect NAME]... [--window FROM:TO]\n");
        return 2;
    }
    struct jv *v = load(path);
    if (v->kind != JV_OBJ || v->n != 2 || strcmp(v->keys[0], "traceEvents") ||
        v->items[0]->kind != JV_ARR || strcmp(v->keys[1], "otherData") ||
        v->items[1]->kind != JV_OBJ) {
        printf("trace-check: expected {\"traceEvents\": [...], \"otherData\": {...}}\n");
        return 1;
    }
    const struct jv *evs = v->items[0];
    for (size_t i = 0; i < evs->n; i++)
        event(evs->items[i], i);
    nesting();
    size_t nflows = flows();
    if (geti(v->items[1], "events") != (long long)evs->n)
        fail("otherData says %lld events, the file has %zu",
             geti(v->items[1], "events"), evs->n);
    if (stats)
        against_stats(evs, v->items[1], stats, nflows);
    else
        second_pass(evs, NULL, 0, NULL);
    for (int i = 0; i < nexpect; i++) {
        bool counter = false;
        for (size_t k = 0; k < evs->n && !counter; k++) {
            const struct jv *ph = jv_get(evs->items[k], "ph");
            const struct jv *nm = jv_get(evs->items[k], "name");
            counter = ph && ph->kind == JV_STR && ph->u.s[0] == 'C' && nm &&
                      nm->kind == JV_STR && strcmp(nm->u.s, expect[i]) == 0;
        }
        if (!counter && !named(expect[i]))
            fail("no track named '%s'", expect[i]);
    }
    printf("trace-check: %s: %zu events, %zu tracks, %zu slices, %zu flows: %s\n",
           path, evs->n, g.ntr, g.nsl, nflows, failures ? "FAILED" : "ok");
    free(g.sl);
    free(g.pt);
    free(g.tr);
    free(g.pnames);
    jv_free(v);
    return failures ? 1 : 0;
}

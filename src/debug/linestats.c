/*
** linestats.c - statistics per instruction and PTX line (see
** linestats.h): the event subscriber, the sums per line, and `info
** lines` / ws.lines() output.
*/
#include "debug/linestats.h"
#include "debug/inspect.h"
#include "compile/image.h"
#include "ptx/ir.h"
#include "timing/event.h"
#include "timing/gpu.h"
#include "util/xalloc.h"
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void linestats_init(struct linestats *ls)
{
    memset(ls, 0, sizeof *ls);
    ls->sub = -1;
}

bool linestats_counting(const struct linestats *ls)
{
    return ls->sub >= 0;
}

void linestats_free(struct linestats *ls)
{
    if (ls->sub >= 0 && ls->dev && ls->dev->bus)
        evbus_unsubscribe(ls->dev->bus, ls->sub);
    for (size_t i = 0; i < ls->ks.n; i++)
        free(ls->ks.v[i].pc);
    vec_free(&ls->ks);
    free(ls->w);
    linestats_init(ls);
}

/* ---- counting -------------------------------------------------------- */

/* The counts of instruction pc of k, or NULL (pc outside k). */
static struct lstat *at(struct linestats *ls, const struct kimage *k, int64_t pc)
{
    if (!k || pc < 0 || pc >= k->ninst)
        return NULL;
    for (size_t i = ls->ks.n; i-- > 0;)
        if (ls->ks.v[i].k == k)
            return &ls->ks.v[i].pc[pc];
    struct ls_kernel e = { k, ws_xcalloc((size_t)k->ninst, sizeof *e.pc) };
    vec_push(&ls->ks, e);
    return &e.pc[pc];
}

static struct lstat *at_now(struct linestats *ls, int64_t pc)
{
    struct lstat *s = at(ls, inspect_kernel(ls->dev), pc);
    return s ? s : &ls->lost;
}

/* The record of warp slot `warp` of SM sm (grown to the GPU's shape). */
static struct ls_warp *warp_rec(struct linestats *ls, int sm, int warp)
{
    const struct gpu *g = ls->dev->gpu;
    if (!g || sm < 0 || warp < 0)
        return NULL;
    if (!ls->w || ls->nsm != gpu_nsm(g) || ls->nslots != gpu_warp_slots(g)) {
        free(ls->w);
        ls->nsm = gpu_nsm(g);
        ls->nslots = gpu_warp_slots(g);
        ls->w = ws_xcalloc((size_t)ls->nsm * ls->nslots, sizeof *ls->w);
        for (size_t i = 0; i < (size_t)ls->nsm * ls->nslots; i++) {
            ls->w[i].rs = -1;
            for (int k = 0; k < LS_RECENT; k++)
                ls->w[i].recent[k] = -1;
        }
    }
    if ((uint32_t)sm >= ls->nsm || (uint32_t)warp >= ls->nslots)
        return NULL;
    return &ls->w[(size_t)sm * ls->nslots + (size_t)warp];
}

static bool is_stall(int rs)
{
    return rs > STALL_IDLE && rs < STALL__COUNT;
}

/* A warp's state changed: the stall it leaves counts at the instruction
   it stood at (it issued nothing meanwhile). */
static void warp_state(struct linestats *ls, const struct ws_event *e)
{
    struct ls_warp *w = warp_rec(ls, e->sm, e->warp);
    if (!w)
        return;
    const struct kimage *k = inspect_kernel(ls->dev);
    int32_t pc = inspect_warp_pc(ls->dev, e->sm, e->warp);
    if (is_stall(w->rs) && e->cycle > w->since) {
        /* where it stands now (it left the slot: where it stood) */
        struct lstat *s = pc >= 0 && k == w->k ? at(ls, k, pc)
                                               : at(ls, w->k, w->pc);
        (s ? s : &ls->lost)->stall[w->rs] += e->cycle - w->since;
    }
    w->rs = (int16_t)(e->a >= 0 && e->a < STALL__COUNT ? e->a : -1);
    w->since = e->cycle;
    w->k = k;
    w->pc = pc;
}

/* The instruction behind the register request a conflict leaves waiting,
   or -1: in flight, or (a write) among the warp's last issues. */
static int32_t request_pc(struct linestats *ls, const struct ws_event *e)
{
    uint32_t warp, reg;
    bool write;
    if (!ev_req_get(e->addr, 1, &warp, &reg, &write))
        return -1;
    int32_t pc = inspect_request_pc(ls->dev, e->sm, warp, reg, write);
    const struct ls_warp *w = write && pc < 0 ? warp_rec(ls, e->sm, (int)warp)
                                              : NULL;
    for (int k = 0; w && k < LS_RECENT && pc < 0; k++) {
        int32_t p = w->recent[(w->last + LS_RECENT - k) % LS_RECENT];
        if (p >= 0 && inspect_inst_writes(ls->dev, e->sm, p, reg))
            pc = p;
    }
    return pc;
}

static bool on_event(void *ctx, const struct ws_event *e)
{
    struct linestats *ls = ctx;
    switch (e->type) {
    case EV_WARP_ISSUE: {
        at_now(ls, e->a)->issued++;
        struct ls_warp *w = warp_rec(ls, e->sm, e->warp);
        if (w) {
            w->last = (uint8_t)((w->last + 1) % LS_RECENT);
            w->recent[w->last] = (int32_t)e->a;
        }
        break;
    }
    case EV_SHMEM_CONFLICT:
        at_now(ls, e->b)->shmem += (uint64_t)(e->a - 1);
        break;
    case EV_L1_HIT:
        at_now(ls, e->a)->l1++;
        break;
    case EV_L1_MISS: case EV_MSHR_MERGE: {
        struct lstat *s = at_now(ls, e->a);
        s->l1++;
        s->miss++;
        break;
    }
    case EV_RF_CONFLICT:
        at_now(ls, request_pc(ls, e))->rf += (uint64_t)e->b;
        break;
    case EV_WARP_STATE:
        warp_state(ls, e);
        break;
    default:
        break;
    }
    return false;
}

int linestats_start(struct linestats *ls, struct ws_device *dev)
{
    if (ls->sub >= 0)
        return 0;
    uint64_t types = 0;
    static const int t[] = { EV_WARP_ISSUE, EV_SHMEM_CONFLICT, EV_L1_HIT,
                             EV_L1_MISS, EV_MSHR_MERGE, EV_RF_CONFLICT,
                             EV_WARP_STATE };
    for (size_t i = 0; i < sizeof t / sizeof *t; i++)
        types |= (uint64_t)1 << t[i];
    ls->dev = dev;
    ls->sub = dev->bus ? evbus_subscribe(dev->bus, types, on_event, ls) : -1;
    ls->since = dev->gpu ? gpu_cycle(dev->gpu) : 0;
    return ls->sub >= 0 ? 0 : -1;
}

/* ---- keys ------------------------------------------------------------ */

static const char *const fixed[LS_REASON] = { "issued", "rf", "l1", "miss",
                                              "shmem", "stall" };

const char *linestats_key_name(int key)
{
    if (key >= 0 && key < LS_REASON)
        return fixed[key];
    return key < LS_KEYS ? stall_name((enum stall)(key - LS_REASON)) : "?";
}

int linestats_key(const char *name)
{
    for (int k = 0; k < LS_KEYS; k++)
        if ((k < LS_REASON || is_stall(k - LS_REASON)) &&
            strcmp(linestats_key_name(k), name) == 0)
            return k;
    return -1;
}

const char *linestats_keys(void)
{
    static char list[200];
    if (!list[0])
        for (int k = 0; k < LS_KEYS; k++)
            if (k < LS_REASON || is_stall(k - LS_REASON))
                snprintf(list + strlen(list), sizeof list - strlen(list),
                         "%s%s", list[0] ? ", " : "", linestats_key_name(k));
    return list;
}

uint64_t lstat_get(const struct lstat *s, int key)
{
    uint64_t sum = 0;
    switch (key) {
    case LS_ISSUED: return s->issued;
    case LS_RF: return s->rf;
    case LS_L1: return s->l1;
    case LS_MISS: return s->miss;
    case LS_SHMEM: return s->shmem;
    case LS_STALL:
        for (int r = 0; r < STALL__COUNT; r++)
            sum += s->stall[r];
        return sum;
    default:
        return key > LS_STALL && key < LS_KEYS ? s->stall[key - LS_REASON] : 0;
    }
}

/* ---- per line ---------------------------------------------------------- */

static void add(struct lstat *to, const struct lstat *s)
{
    to->issued += s->issued;
    to->rf += s->rf;
    to->l1 += s->l1;
    to->miss += s->miss;
    to->shmem += s->shmem;
    for (int r = 0; r < STALL__COUNT; r++)
        to->stall[r] += s->stall[r];
}

struct lstat *linestats_lines(const struct linestats *ls, const struct kimage *k,
                              const struct ptx_module *mod, uint64_t now)
{
    const struct ls_kernel *e = NULL;
    for (size_t i = 0; k && i < ls->ks.n; i++)
        if (ls->ks.v[i].k == k)
            e = &ls->ks.v[i];
    if (!e)
        return NULL;
    size_t n = mod->line_start.n;
    struct lstat *out = ws_xcalloc(n + 1, sizeof *out);
    for (int32_t pc = 0; pc < k->ninst; pc++) {
        int l = k->flat.insts.v[pc].line;
        if (l > 0 && (size_t)l <= n)
            add(&out[l], &e->pc[pc]);
    }
    /* stalls going on now */
    for (size_t i = 0; ls->w && i < (size_t)ls->nsm * ls->nslots; i++) {
        const struct ls_warp *w = &ls->w[i];
        int32_t pc = inspect_warp_pc(ls->dev, (int)(i / ls->nslots),
                                     (int)(i % ls->nslots));
        if (w->k != k || !is_stall(w->rs) || now <= w->since || pc < 0 ||
            pc >= k->ninst)
            continue;
        int l = k->flat.insts.v[pc].line;
        if (l > 0 && (size_t)l <= n)
            out[l].stall[w->rs] += now - w->since;
    }
    return out;
}

/* ---- the hottest lines ------------------------------------------------ */

struct hot {
    int line;
    uint64_t v;
};

static int hot_cmp(const void *a, const void *b)
{
    const struct hot *x = a, *y = b;
    if (x->v != y->v)
        return x->v < y->v ? 1 : -1;
    return (x->line > y->line) - (x->line < y->line);
}

struct shown {
    const struct kimage *k;
    const struct ptx_module *mod;
    struct lstat *lines;
    struct hot *hot;
    size_t nhot;
};

/* The kernel a source view shows, its counts per line and its n hottest
   lines by key (n <= 0: every line with a count). False with err. */
static bool shown(const struct linestats *ls, const struct ws_device *dev,
                  int key, int n, struct shown *sh, char *err, size_t errlen)
{
    memset(sh, 0, sizeof *sh);
    bool running;
    if (!linestats_counting(ls) && !ls->ks.n) {
        snprintf(err, errlen, "line statistics are not being counted (they are in debugger sessions; ws.lines() starts them in a scenario)");
        return false;
    }
    if (!inspect_shown_kernel(dev, &sh->k, &sh->mod, &running) || !sh->k) {
        snprintf(err, errlen, "no kernel loaded");
        return false;
    }
    sh->lines = linestats_lines(ls, sh->k, sh->mod,
                                dev->gpu ? gpu_cycle(dev->gpu) : 0);
    if (!sh->lines) {
        snprintf(err, errlen, "nothing counted for kernel %s yet (it has not run since counting began)",
                 sh->k->name);
        return false;
    }
    size_t nl = sh->mod->line_start.n;
    sh->hot = ws_xcalloc(nl + 1, sizeof *sh->hot);
    for (size_t l = 1; l <= nl; l++) {
        uint64_t v = lstat_get(&sh->lines[l], key);
        if (v)
            sh->hot[sh->nhot++] = (struct hot){ (int)l, v };
    }
    qsort(sh->hot, sh->nhot, sizeof *sh->hot, hot_cmp);
    if (n > 0 && (size_t)n < sh->nhot)
        sh->nhot = (size_t)n;
    return true;
}

static void shown_free(struct shown *sh)
{
    free(sh->lines);
    free(sh->hot);
}

/* The PTX text of a line into buf: each run of blanks one space, none
   at either end. */
static void ptx_text(const struct ptx_module *m, int line, char *buf, size_t n)
{
    size_t len = 0, o = 0;
    const char *s = ptx_module_line(m, line, &len);
    bool blank = false;
    for (size_t i = 0; s && i < len && o + 2 < n; i++) {
        if (s[i] == ' ' || s[i] == '\t' || s[i] == '\r' || s[i] == '\n') {
            blank = o > 0;
            continue;
        }
        if (blank)
            buf[o++] = ' ';
        blank = false;
        buf[o++] = s[i];
    }
    buf[o] = 0;
}

/* The first instruction of a line in k, or -1. */
static int32_t first_pc(const struct kimage *k, int line)
{
    for (int32_t pc = 0; pc < k->ninst; pc++)
        if (k->flat.insts.v[pc].line == line)
            return pc;
    return -1;
}

/* The stall reason with the most cycles in s, or -1. */
static int top_reason(const struct lstat *s)
{
    int best = -1;
    for (int r = STALL_BARRIER; r < STALL__COUNT; r++)
        if (s->stall[r] && (best < 0 || s->stall[r] > s->stall[best]))
            best = r;
    return best;
}

bool linestats_text(const struct linestats *ls, const struct ws_device *dev,
                    int key, int n, struct strbuf *o, char *err, size_t errlen)
{
    struct shown sh;
    if (!shown(ls, dev, key, n, &sh, err, errlen))
        return false;
    sb_printf(o, "Hottest PTX lines of %s by %s, counted from cycle %" PRIu64
                 "\n(stall: cycles warps waited to issue the line's instruction):\n",
              sh.k->name, linestats_key_name(key), ls->since);
    if (!sh.nhot)
        sb_printf(o, "  no line has a %s count yet\n", linestats_key_name(key));
    else
        sb_printf(o, "%6s %9s %6s %7s %6s %6s %9s  %s\n", "line", "issued",
                  "rf", "l1", "miss", "shmem", "stall", "most stalled on");
    for (size_t i = 0; i < sh.nhot; i++) {
        const struct lstat *s = &sh.lines[sh.hot[i].line];
        int r = top_reason(s);
        sb_printf(o, "%6d %9" PRIu64 " %6" PRIu64 " %7" PRIu64 " %6" PRIu64
                     " %6" PRIu64 " %9" PRIu64,
                  sh.hot[i].line, s->issued, s->rf, s->l1, s->miss, s->shmem,
                  lstat_get(s, LS_STALL));
        if (r >= 0)
            sb_printf(o, "  %s %" PRIu64, stall_name((enum stall)r), s->stall[r]);
        char text[200], where[96], cu[120];
        ptx_text(sh.mod, sh.hot[i].line, text, sizeof text);
        sb_printf(o, "\n       %s\n", text);
        int32_t pc = first_pc(sh.k, sh.hot[i].line);
        if (pc >= 0 && inspect_cuda_line(sh.k, pc, where, sizeof where, cu, sizeof cu))
            sb_printf(o, "       %s%s%s\n", where, cu[0] ? ": " : "", cu);
    }
    const struct lstat *lost = &ls->lost;
    if (lost->issued || lost->rf || lost->l1 || lstat_get(lost, LS_STALL) ||
        lost->shmem)
        sb_printf(o, "Not found on an instruction: %" PRIu64 " issued, %" PRIu64
                     " rf, %" PRIu64 " l1, %" PRIu64 " shmem, %" PRIu64 " stall\n",
                  lost->issued, lost->rf, lost->l1, lost->shmem,
                  lstat_get(lost, LS_STALL));
    shown_free(&sh);
    return true;
}

/* One line of k as an object: {line, pc, text, cuda, counts, stalls}. */
static struct jv *line_json(const struct kimage *k, const struct ptx_module *mod,
                            int line, const struct lstat *s)
{
    struct jv *o = jv_obj();
    char text[200], where[96], cu[120];
    int32_t pc = first_pc(k, line);
    ptx_text(mod, line, text, sizeof text);
    jv_set(o, "line", jv_int(line));
    jv_set(o, "pc", jv_int(pc));
    jv_set(o, "text", jv_str(text));
    jv_set(o, "cuda", pc >= 0 && inspect_cuda_line(k, pc, where, sizeof where,
                                                   cu, sizeof cu)
                          ? jv_str(where) : jv_null());
    for (int key = 0; key <= LS_STALL; key++)
        jv_set(o, linestats_key_name(key), jv_int((int64_t)lstat_get(s, key)));
    struct jv *st = jv_set(o, "stalls", jv_obj());
    for (int r = STALL_BARRIER; r < STALL__COUNT; r++)
        jv_set(st, stall_name((enum stall)r), jv_int((int64_t)s->stall[r]));
    return o;
}

struct jv *linestats_json(const struct linestats *ls, const struct ws_device *dev,
                          int key, int n, char *err, size_t errlen)
{
    struct shown sh;
    if (!shown(ls, dev, key, n, &sh, err, errlen))
        return NULL;
    struct jv *arr = jv_arr();
    for (size_t i = 0; i < sh.nhot; i++)
        jv_push(arr, line_json(sh.k, sh.mod, sh.hot[i].line,
                               &sh.lines[sh.hot[i].line]));
    shown_free(&sh);
    return arr;
}

static bool any(const struct lstat *s)
{
    for (int key = 0; key <= LS_STALL; key++)
        if (lstat_get(s, key))
            return true;
    return false;
}

struct jv *linestats_all(const struct linestats *ls, uint64_t now)
{
    struct jv *arr = jv_arr();
    for (size_t i = 0; i < ls->ks.n; i++) {
        const struct kimage *k = ls->ks.v[i].k;
        struct lstat *l = linestats_lines(ls, k, k->mod, now);
        struct jv *o = jv_push(arr, jv_obj());
        jv_set(o, "kernel", jv_str(k->name));
        jv_set(o, "ptx", jv_str(k->mod->path ? k->mod->path : ""));
        struct jv *lines = jv_set(o, "lines", jv_arr());
        for (size_t line = 1; l && line <= k->mod->line_start.n; line++)
            if (any(&l[line]))
                jv_push(lines, line_json(k, k->mod, (int)line, &l[line]));
        free(l);
    }
    return arr;
}

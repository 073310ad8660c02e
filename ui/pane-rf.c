/*
** pane-rf.c - the Register file pane: the banks of the focused SM as
** columns (inspect_banks). Top rows: what each bank did in the last
** cycle (a read, a write, requests left waiting = conflicts), its queue
** and its conflicts so far. Below: which warp register each bank entry
** holds under the bank mapping (rf.bank_map: bank = (warp slot + reg) mod
** banks, or reg mod banks), the focused warp first; registers an operand
** collector is reading are drawn as reads, those the scoreboard waits
** for as writes. Last row: the operand collectors. Designs that do not
** expose their banks get what the inspection gives (collectors).
** A view: reads the inspection layer and the kernel image, changes
** nothing but its scroll position.
**
** Read or write in the last cycle: inspect_banks gives cumulative counts
** per bank; the pane remembers them from its previous draw, and when
** that draw was exactly one cycle earlier the differences say what each
** bank served.
*/
#include "ui.h"
#include "debug/inspect.h"
#include "lua/ws.h"
#include <curses.h>
#include <stdio.h>
#include <string.h>

#define MAX_BANKS 64              /* rf.banks is at most 64 */

static struct {
    bool valid;
    int sm;
    uint64_t cycle;
    long long reads[MAX_BANKS], writes[MAX_BANKS], conflicts[MAX_BANKS];
    int dr[MAX_BANKS], dw[MAX_BANKS], dc[MAX_BANKS];  /* in cycle - 1 */
    bool known;                   /* d* are from consecutive cycles */
} hist;


static const struct jv *jarr(const struct jv *o, const char *k)
{
    const struct jv *v = jv_get(o, k);
    return v && v->kind == JV_ARR ? v : NULL;
}

/* Updates hist from the per-bank counters at cycle now. */
static void track(const struct jv *pb, int sm, uint64_t now)
{
    if (hist.valid && hist.sm == sm && hist.cycle == now)
        return;
    bool next = hist.valid && hist.sm == sm && now == hist.cycle + 1;
    hist.known = next;
    for (size_t b = 0; b < MAX_BANKS; b++) {
        const struct jv *x = pb && b < pb->n ? pb->items[b] : NULL;
        long long r = x ? ui_jint(x, "reads", 0) : 0, w = x ? ui_jint(x, "writes", 0) : 0;
        long long c = x ? ui_jint(x, "conflicts", 0) : 0;
        hist.dr[b] = next && r > hist.reads[b] ? (int)(r - hist.reads[b]) : 0;
        hist.dw[b] = next && w > hist.writes[b] ? (int)(w - hist.writes[b]) : 0;
        hist.dc[b] = next && c > hist.conflicts[b] ? (int)(c - hist.conflicts[b]) : 0;
        hist.reads[b] = r;
        hist.writes[b] = w;
        hist.conflicts[b] = c;
    }
    hist.valid = true;
    hist.sm = sm;
    hist.cycle = now;
}

/* ---- geometry ---------------------------------------------------------- */

struct geo {
    int banks, shown;             /* banks, and how many columns fit */
    int label, cw;                /* row label width, cell width */
    bool warp_reg;                /* bank = (warp + reg) mod banks */
    int nregs;                    /* 32-bit registers per thread */
};

static void geometry(struct geo *g, int banks, int w, const struct ws_device *dev)
{
    char buf[32];
    g->banks = banks;
    g->label = 7;
    g->cw = banks > 0 ? (w - g->label) / banks : 0;
    if (g->cw > 7)
        g->cw = 7;
    if (g->cw < 4)
        g->cw = 4;
    g->shown = (w - g->label) / g->cw;
    if (g->shown > banks)
        g->shown = banks;
    if (g->shown < 0)
        g->shown = 0;
    g->warp_reg = strcmp(config_enum_name(&dev->cfg, CK_RF_BANK_MAP, buf, sizeof buf),
                         "reg") != 0;
    const struct kimage *k = inspect_kernel(dev);
    g->nregs = k ? (int)k->nslots : 0;
}

/* The register of warp slot w in bank b, entry row j (or -1). */
static int reg_at(const struct geo *g, int w, int b, int j)
{
    int off = g->warp_reg ? ((b - w) % g->banks + g->banks) % g->banks : b;
    int r = j * g->banks + off;
    return r < g->nregs ? r : -1;
}

/* ---- the bank rows --------------------------------------------------- */

static void activity(const struct canvas *c, int row, const struct geo *g,
                     const struct jv *pb)
{
    cv_print(c, row, 0, UC_TITLE, true, "cycle");
    for (int b = 0; b < g->shown; b++) {
        const struct jv *x = pb->items[b];
        int col = g->label + b * g->cw;
        int conf = hist.known ? hist.dc[b] : (int)ui_jint(x, "conflicts_this_cycle", 0);
        if (hist.known && (hist.dr[b] || hist.dw[b])) {
            bool wr = hist.dw[b] > 0;
            int n = cv_print(c, row, col, conf ? UC_CONFLICT : wr ? UC_WRITE : UC_READ,
                             true, "%s", wr ? "W" : "R");
            if (conf)
                cv_print(c, row, col + n, UC_CONFLICT, true, "+%d", conf);
        } else if (ui_jint(x, "busy_this_cycle", 0)) {
            cv_print(c, row, col, conf ? UC_CONFLICT : UC_READ, true,
                     conf ? "*+%d" : "*", conf);
        } else {
            cv_print(c, row, col, UC_DIM, false, ".");
        }
    }
}

static void queues(const struct canvas *c, int row, const struct geo *g,
                   const struct jv *pb)
{
    cv_print(c, row, 0, UC_TITLE, true, "queue");
    for (int b = 0; b < g->shown; b++) {
        const struct jv *x = pb->items[b];
        long long r = ui_jint(x, "reads_queued", -1), w = ui_jint(x, "writes_queued", -1);
        int col = g->label + b * g->cw;
        if (r < 0 || w < 0)
            cv_print(c, row, col, UC_NORMAL, false, "%lld", ui_jint(x, "queue", 0));
        else if (r + w == 0)
            cv_print(c, row, col, UC_DIM, false, "-");
        else
            cv_print(c, row, col, r + w > 1 ? UC_CONFLICT : UC_NORMAL, false,
                     "%lldr%lldw", r, w);
    }
}

static void totals(const struct canvas *c, int row, const struct geo *g,
                   const struct jv *pb)
{
    cv_print(c, row, 0, UC_TITLE, true, "confl");
    for (int b = 0; b < g->shown; b++)
        cv_print(c, row, g->label + b * g->cw, UC_DIM, false, "%lld",
                 ui_jint(pb->items[b], "conflicts", 0));
}

/* ---- the entries ----------------------------------------------------- */

/* Registers (bitset over 256) that busy collectors of warp w read. */
static void collector_reads(const struct jv *cols, const struct kimage *k,
                            int w, uint64_t set[4])
{
    memset(set, 0, 4 * sizeof *set);
    for (size_t i = 0; cols && k && i < cols->n; i++) {
        const struct jv *o = cols->items[i];
        long long pc = ui_jint(o, "pc", -1);
        if (!ui_jint(o, "busy", 0) || ui_jint(o, "warp", -1) != w || pc < 0 ||
            pc >= k->ninst)
            continue;
        const struct kinst *ki = &k->insts[pc];
        for (int s = 0; s < ki->ns; s++) {
            const struct kop *op = &ki->s[s];
            int32_t slots[4] = { -1, -1, -1, -1 };
            int n = 0;
            if (op->kind == KO_REG || (op->kind == KO_ADDR && op->slot >= 0))
                slots[n++] = op->slot;
            else if (op->kind == KO_VEC)
                for (int e = 0; e < op->nvec && e < 4; e++)
                    slots[n++] = op->vec[e];
            for (int e = 0; e < n; e++)
                for (int q = 0; slots[e] >= 0 && q < op->nslot; q++) {
                    int r = slots[e] + q;
                    if (r >= 0 && r < 256)
                        set[r >> 6] |= 1ULL << (r & 63);
                }
        }
    }
}

static bool in_list(const struct jv *a, int r)
{
    for (size_t i = 0; a && i < a->n; i++)
        if (a->items[i]->kind == JV_INT && a->items[i]->u.i == r)
            return true;
    return false;
}

/* One row of entries: warp w's registers in entry j of every bank. */
static void entry_row(const struct canvas *c, int row, const struct geo *g,
                      const struct jv *warp, const struct jv *cols,
                      const struct kimage *k, int j, bool focus)
{
    int w = (int)ui_jint(warp, "slot", 0);
    uint64_t rd[4];
    collector_reads(cols, k, w, rd);
    const struct jv *pend = jarr(warp, "pending");
    if (j == 0)
        cv_print(c, row, 0, focus ? UC_SELECT : UC_NORMAL, focus, "w%-3d", w);
    for (int b = 0; b < g->shown; b++) {
        int r = reg_at(g, w, b, j);
        if (r < 0)
            continue;
        enum ui_color col = focus ? UC_NORMAL : UC_DIM;
        if (r < 256 && (rd[r >> 6] >> (r & 63) & 1))
            col = hist.known && hist.dc[b] ? UC_CONFLICT : UC_READ;
        else if (in_list(pend, r))
            col = UC_WRITE;
        bool hot = col != UC_DIM && col != UC_NORMAL;
        /* without colour, an arrow tells a read (to a collector) from a
           pending write */
        const char *mark = c->color || !hot ? "" : col == UC_WRITE ? "<" : ">";
        cv_print(c, row, g->label + b * g->cw, col, hot, "%sR%d", mark, r);
    }
}

/* The warps, the focused one first, as rows of bank entries. */
static void entries(struct pane *p, const struct canvas *c, int top, int rows,
                    const struct geo *g, const struct jv *cols,
                    const struct ui_ctx *x)
{
    const struct ws_device *dev = &x->d->s->dev;
    const struct kimage *k = inspect_kernel(dev);
    struct jv *ws = inspect_warps(dev, x->sm, NULL, 0);
    int per = g->nregs > 0 && g->banks > 0 ? (g->nregs + g->banks - 1) / g->banks : 0;
    if (!ws || ws->n == 0 || per == 0 || !k) {
        cv_print(c, top, 0, UC_DIM, false, "no resident warps: the entries fill when a kernel runs");
        jv_free(ws);
        return;
    }
    int total = (int)ws->n * per;
    if (p->scroll > total - rows)
        p->scroll = total - rows;
    if (p->scroll < 0)
        p->scroll = 0;
    int fi = -1;
    for (size_t i = 0; i < ws->n; i++)
        if (ui_jint(ws->items[i], "slot", -1) == x->warp)
            fi = (int)i;
    for (int r = 0; r < rows; r++) {
        int n = p->scroll + r, wi = n / per;
        if (wi >= (int)ws->n)
            break;
        /* order: the focused warp, then the others in slot order */
        int idx = fi < 0 ? wi : wi == 0 ? fi : wi <= fi ? wi - 1 : wi;
        entry_row(c, top + r, g, ws->items[idx], cols, k, n % per, idx == fi);
    }
    jv_free(ws);
}

/* ---- a design's integrated array (inspect_banks "array") ------------- */

/* The colour of an array entry by state; reg, cache, dirty, inactive. */
static enum ui_color entry_color(const char *st)
{
    return strcmp(st, "reg") == 0     ? UC_READY
           : strcmp(st, "cache") == 0 ? UC_VALID
           : strcmp(st, "dirty") == 0 ? UC_DIRTY : UC_DIM;
}

/* Entry j (in set, way order) of data bank b, or NULL. */
static const struct jv *bank_entry(const struct jv *ent, int b, int j)
{
    int n = 0;
    for (size_t s = 0; ent && s < ent->n; s++) {
        const struct jv *ways = ent->items[s];
        for (size_t w = 0; ways->kind == JV_ARR && w < ways->n; w++)
            if (ui_jint(ways->items[w], "bank", -1) == b && n++ == j)
                return ways->items[w];
    }
    return NULL;
}

/* Each data bank's entries as a column: the owner of a register
   (w12.r5), cache data as c (* if dirty) and the low hex digits of its
   line number (address / 128), '.' for inactive. */
static void array_entries(struct pane *p, const struct canvas *c, int top,
                          int rows, const struct geo *g, const struct jv *arr)
{
    const struct jv *ent = jarr(arr, "entries");
    long long n = ui_jint(arr, "sets", 0) * ui_jint(arr, "ways", 0);
    int per = g->banks > 0 ? (int)((n + g->banks - 1) / g->banks) : 0;
    if (p->scroll > per - rows)
        p->scroll = per - rows;
    if (p->scroll < 0)
        p->scroll = 0;
    for (int r = 0; r < rows && p->scroll + r < per; r++) {
        int j = p->scroll + r;
        cv_print(c, top + r, 0, UC_DIM, false, "e%-3d", j);
        for (int b = 0; b < g->shown; b++) {
            const struct jv *e = bank_entry(ent, b, j);
            if (!e)
                continue;
            const char *st = ui_jstr(e, "state", "inactive");
            enum ui_color col = entry_color(st);
            int x0 = g->label + b * g->cw;
            const char *own = ui_jstr(e, "owner", "?");
            int room = g->cw - 1;
            if (strcmp(st, "reg") == 0) {
                /* w12.r5, or 12.5 when that does not fit */
                unsigned wv, rv;
                if ((int)strlen(own) > room &&
                    sscanf(own, "w%u.r%u", &wv, &rv) == 2)
                    cv_print(c, top + r, x0, col, !c->color, "%u.%u", wv, rv);
                else
                    cv_print(c, top + r, x0, col, !c->color, "%.*s", room, own);
            } else if (strcmp(st, "inactive") == 0) {
                cv_print(c, top + r, x0, col, false, ".");
            } else {
                /* cache data: the low hex digits of its line number */
                unsigned long long line =
                    (unsigned long long)ui_jint(e, "addr", 0) >> 7;
                int dig = room - 1 > 0 ? room - 1 : 1;
                if (dig < 16)
                    line &= (1ULL << (4 * dig)) - 1;
                cv_print(c, top + r, x0, col, false, "%c%0*llx",
                         strcmp(st, "dirty") == 0 ? '*' : 'c', dig, line);
            }
        }
    }
}

static void array_title(const struct canvas *c, int row, const struct jv *arr)
{
    const struct jv *cnt = jv_get(arr, "counts");
    cv_print(c, row, 0, UC_NORMAL, false,
             "array %lld sets x %lld ways, %s: %lld reg, %lld cache, %lld dirty, %lld inactive; %lld reads wait for fills",
             ui_jint(arr, "sets", 0), ui_jint(arr, "ways", 0),
             ui_jstr(arr, "policy", "?"), ui_jint(cnt, "reg", 0),
             ui_jint(cnt, "cache", 0), ui_jint(cnt, "dirty", 0),
             ui_jint(cnt, "inactive", 0), ui_jint(arr, "fills_pending", 0));
}

static void collectors(const struct canvas *c, int row, const struct jv *cols)
{
    int busy = 0;
    for (size_t i = 0; cols && i < cols->n; i++)
        busy += ui_jint(cols->items[i], "busy", 0) != 0;
    int col = cv_print(c, row, 0, UC_TITLE, true, "collectors %d/%zu:", busy,
                       cols ? cols->n : 0);
    for (size_t i = 0; cols && i < cols->n && col < c->w; i++) {
        const struct jv *o = cols->items[i];
        if (!ui_jint(o, "busy", 0))
            continue;
        long long rd = ui_jint(o, "operands_ready", 0), tot = ui_jint(o, "operands_total", 0);
        col += cv_print(c, row, col, rd < tot ? UC_READ : UC_NORMAL, false,
                        " w%lld@%lld %lld/%lld", ui_jint(o, "warp", 0), ui_jint(o, "pc", 0),
                        rd, tot);
    }
}

static void title(const struct canvas *c, const struct jv *bk,
                  const struct geo *g, const struct jv *pb)
{
    long long q = 0;
    for (size_t b = 0; pb && b < pb->n; b++)
        q += ui_jint(pb->items[b], "queue", 0);
    int col = cv_print(c, 0, 0, UC_NORMAL, false, "SM %lld, %s: %d banks",
                       ui_jint(bk, "sm", 0), ui_jstr(bk, "design", "?"), g->banks);
    if (pb && pb->n && jv_get(bk, "array"))
        col += cv_print(c, 0, col, UC_NORMAL, false, ", %lld queued", q);
    else if (pb && pb->n)
        col += cv_print(c, 0, col, UC_NORMAL, false, ", bank = %s mod %d, %d regs/thread, %lld queued",
                        g->warp_reg ? "(warp + reg)" : "reg", g->banks, g->nregs, q);
    if (g->shown < g->banks)
        cv_print(c, 0, col, UC_DIM, false, " (banks %d-%d off screen)", g->shown,
                 g->banks - 1);
}

static void draw(struct pane *p, const struct canvas *c, const struct ui_ctx *x)
{
    if (c->h <= 0 || c->w <= 0)
        return;
    const struct ws_device *dev = &x->d->s->dev;
    char err[160] = "";
    struct jv *bk = inspect_live(dev) ? inspect_banks(dev, x->sm, err, sizeof err) : NULL;
    if (!bk) {
        ui_explain(c, dev, "register banks", "the banks appear", err);
        return;
    }
    const struct jv *pb = jarr(bk, "per_bank"), *cols = jarr(bk, "collectors");
    struct geo g;
    geometry(&g, pb && pb->n ? (int)pb->n : (int)ui_jint(bk, "banks", 0), c->w, dev);
    if (pb && pb->n > MAX_BANKS)
        pb = NULL;                        /* more than the model allows */
    track(pb, x->sm, dbg_cycle(x->d));
    title(c, bk, &g, pb);
    int row = 1, last = c->h - (c->h >= 3 ? 1 : 0);
    if (!pb || pb->n == 0) {
        cv_print(c, row++, 0, UC_DIM, false, "design %s does not expose its banks to the inspection",
                 ui_jstr(bk, "design", "?"));
    } else if (c->h >= 4) {
        cv_print(c, row, 0, UC_TITLE, true, "bank");
        for (int b = 0; b < g.shown; b++)
            cv_print(c, row, g.label + b * g.cw, UC_TITLE, true, "b%d", b);
        row++;
        if (row < last)
            activity(c, row++, &g, pb);
        if (row < last)
            queues(c, row++, &g, pb);
        if (row < last - 2)
            totals(c, row++, &g, pb);
        const struct jv *arr = jv_get(bk, "array");
        if (arr && row < last - 1)
            array_title(c, row++, arr);
        if (arr && row < last)
            array_entries(p, c, row, last - row, &g, arr);
        else if (row < last)
            entries(p, c, row, last - row, &g, cols, x);
    }
    if (c->h >= 3)
        collectors(c, c->h - 1, cols);
    jv_free(bk);
}

static int key(struct pane *p, int ch, struct ui_ctx *x)
{
    (void)x;
    switch (ch) {
    case KEY_UP: p->scroll--; break;
    case KEY_DOWN: p->scroll++; break;
    case KEY_PPAGE: p->scroll -= 8; break;
    case KEY_NPAGE: p->scroll += 8; break;
    case KEY_HOME: p->scroll = 0; break;
    default: return 0;
    }
    if (p->scroll < 0)
        p->scroll = 0;
    return PANE_HANDLED | PANE_REDRAW;
}

const struct pane_class pane_rf = {
    "rf", "Register file", draw, key, NULL,
    "R read W write +N conflicts . idle; lit: read (>) due (<)",
    NULL,
};

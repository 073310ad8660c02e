/*
** fuse-grids.c - design fuse's describe hook: what the Design pane, `info
** fuse [ROW]` and ws.fuse(sm [, row]) show. Grids (grid.h), rows labelled
** so that a prefix selects them:
**   s.NN    SRAM sets, a cell per way, coloured by the class the
**           predictor gives the line's placing PC now (W write-many,
**           R write-once-read-many, O read-once, N neutral; upper case
**           dirty; # and D without a predictor)
**   t.NNN   STT-MRAM sets (set-associative) or tag rows of `comparators`
**           lines (fully associative, with the row's CBF counters)
**   tq, sb  the tag queue's commands and the swap buffer's registers
**   p.N     the sampler's sets (one per sampled warp); h.NNN the history
**           entries that left their initial state
** Also plain keys for scripts: variant, lines (every valid line), the
** queues' occupancy, history, and the Cache pane's keys (the SRAM bank,
** or STT-MRAM for by-nvm, through view(); MSHRs and the miss queue here).
*/
#include "designs/fuse-internal.h"
#include "timing/grid.h"
#include "util/xalloc.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char kind_code[FK__COUNT] = { 'R', 'F', 'W', 'S', 'Q' };
static const char *const kind_text[FK__COUNT] = {
    "read", "swap-buffer drain (F)", "fill write", "store write",
    "tag search (missed)",
};

static enum fuse_class now_class(const struct fuse *f,
                                 const struct fuse_meta *m)
{
    return f->g.predictor ? fuse_pred_class(&f->pred, m->sig) : FC_NONE;
}

/* A line's cell code. */
static char line_code(const struct fuse *f, const struct fuse_bank *b,
                      uint32_t i)
{
    const struct cache_line *l = fuse_bank_line(b, i);
    if (!l->valid)
        return '.';
    static const char clean[FC__COUNT] = { '#', 'n', 'w', 'r', 'o' };
    static const char dirty[FC__COUNT] = { 'D', 'N', 'W', 'R', 'O' };
    enum fuse_class c = now_class(f, &b->m[i]);
    return l->dirty ? dirty[c] : clean[c];
}

static void line_legend(struct jv *g, bool pred)
{
    const char *box = "\xe2\x96\xa0";
    grid_legend(g, '.', "\xc2\xb7", "dim", "empty");
    if (!pred) {
        grid_legend(g, '#', box, "valid", "clean");
        grid_legend(g, 'D', box, "dirty", "dirty");
        return;
    }
    grid_legend(g, 'w', NULL, "write", "WM");
    grid_legend(g, 'r', NULL, "read", "WORM");
    grid_legend(g, 'o', NULL, "dead", "WORO");
    grid_legend(g, 'n', NULL, "valid", "neutral");
    grid_legend(g, 'W', NULL, "write", "WM dirty");
    grid_legend(g, 'R', NULL, "read", "WORM dirty");
    grid_legend(g, 'O', NULL, "dead", "WORO dirty");
    grid_legend(g, 'N', NULL, "dirty", "neutral dirty");
}

static void line_detail(const struct fuse *f, const struct fuse_bank *b,
                        uint32_t i, struct jv *row)
{
    const struct cache_line *l = fuse_bank_line(b, i);
    uint32_t way = i % b->c.ways;
    if (!l->valid) {
        grid_detail(row, "way %u: empty", way);
        return;
    }
    const struct fuse_meta *m = &b->m[i];
    grid_detail(row,
                "way %u: line 0x%llx%s, signature %u, placed %s, predicted %s now, %u write%s",
                way, (unsigned long long)l->addr, l->dirty ? " dirty" : "",
                m->sig, fuse_class_name((enum fuse_class)m->cls),
                fuse_class_name(now_class(f, m)), m->writes,
                m->writes == 1 ? "" : "s");
}

/* STT-MRAM commands in flight on lines [first, first + n) of bank b. */
static uint32_t writing(const struct fuse *f, const struct fuse_bank *b,
                        uint32_t first, uint32_t n, uint64_t now)
{
    uint32_t k = 0;
    for (uint32_t i = 0; i < f->tq.n; i++) {
        const struct fuse_cmd *c = &ring_at(&f->tq, i);
        if (c->end <= now || c->kind == FK_READ || c->kind == FK_SEARCH)
            continue;
        for (uint32_t x = first; x < first + n; x++)
            k += b->c.lines[x].valid && b->c.lines[x].addr == c->addr;
    }
    return k;
}

/* One grid row per group of `n` lines that holds any (rows of `width`
   digits in the label); empty groups folded. */
static void bank_grid(const struct fuse *f, const struct fuse_bank *b,
                      const char *prefix, uint32_t n, struct jv *g,
                      uint64_t now)
{
    uint32_t total = b->c.sets * b->c.ways, groups = total / n, folded = 0;
    int width = groups > 100 ? 3 : 2;
    char *cells = ws_xmalloc((size_t)n + 1);
    for (uint32_t r = 0; r < groups; r++) {
        uint32_t first = r * n, valid = 0;
        for (uint32_t x = 0; x < n; x++) {
            cells[x] = line_code(f, b, first + x);
            valid += cells[x] != '.';
        }
        cells[n] = 0;
        if (!valid) {
            folded++;
            continue;
        }
        char label[16];
        snprintf(label, sizeof label, "%s.%0*u", prefix, width, r);
        struct jv *row = grid_row(g, label, cells);
        for (uint32_t x = 0; x < n; x++)
            line_detail(f, b, first + x, row);
        if (b->fa) {
            char cnt[80];
            uint32_t k = first / b->per_cbf, nc = b->cbf.counters;
            for (uint32_t j = 0; j < nc && j < sizeof cnt - 1; j++)
                cnt[j] = (char)('0' + fuse_cbf_value(&b->cbf, k, j));
            cnt[nc < sizeof cnt - 1 ? nc : sizeof cnt - 1] = 0;
            grid_note(row, "dim", "cbf %s", cnt);
        }
        uint32_t w = writing(f, b, first, n, now);
        if (w)
            grid_note(row, "write", " writing %u", w);
    }
    free(cells);
    if (folded)
        grid_foot(g, "%u empty %s folded", folded, b->fa ? "rows" : "sets");
}

static void banks(const struct fuse *f, uint64_t now, struct jv *out)
{
    char title[200];
    const char *v = fuse_variant_name(f->g.v);
    if (f->sram.on) {
        snprintf(title, sizeof title, "SM %u %s SRAM: %u sets x %u ways%s",
                 f->env.sm, v, f->sram.c.sets, f->sram.c.ways,
                 f->g.sram_fa ? " (fully associative)" : "");
        struct jv *g = grid_new(out, title);
        line_legend(g, f->g.predictor);
        bank_grid(f, &f->sram, "s", f->sram.c.ways > 64 ? 16 : f->sram.c.ways,
                  g, now);
    }
    if (f->stt.on) {
        if (f->stt.fa)
            snprintf(title, sizeof title,
                     "SM %u %s STT-MRAM: 1 set x %u ways, FIFO; rows of %u tags polled after %u CBFs x %u counters",
                     f->env.sm, v, f->stt.c.ways, f->stt.comparators,
                     f->stt.cbf.n, f->stt.cbf.counters);
        else
            snprintf(title, sizeof title, "SM %u %s STT-MRAM: %u sets x %u ways",
                     f->env.sm, v, f->stt.c.sets, f->stt.c.ways);
        struct jv *g = grid_new(out, title);
        line_legend(g, f->g.predictor);
        bank_grid(f, &f->stt, "t",
                  f->stt.fa ? f->stt.comparators : f->stt.c.ways, g, now);
    }
}

static void queues(const struct fuse *f, uint64_t now, struct jv *out)
{
    if (!f->stt.on)
        return;
    uint32_t tq = fuse_tq_used(f, now), sb = fuse_sb_used(f, now);
    char title[160];
    if (f->g.queues)
        snprintf(title, sizeof title, "SM %u tag queue %u/%u, swap buffer %u/%u",
                 f->env.sm, tq, f->tq_size, sb, f->sb_size);
    else
        snprintf(title, sizeof title,
                 "SM %u STT-MRAM commands (no tag queue: the L1 waits while it writes)",
                 f->env.sm);
    struct jv *g = grid_new(out, title);
    grid_legend(g, '.', "\xc2\xb7", "dim", "free");
    grid_legend(g, 'R', NULL, "read", "read");
    grid_legend(g, 'Q', NULL, "pending", "tag search");
    grid_legend(g, 'F', NULL, "write", "swap-buffer drain");
    grid_legend(g, 'W', NULL, "write", "fill write");
    grid_legend(g, 'S', NULL, "write", "store write");
    uint32_t n = f->g.queues ? f->tq_size : tq;
    if (n < 1)
        n = 1;
    char *cells = ws_xmalloc((size_t)n + 1);
    memset(cells, '.', n);
    cells[n] = 0;
    struct jv *row = grid_row(g, "tq", "");
    uint32_t k = 0;
    for (uint32_t i = 0; i < f->tq.n && k < n; i++) {
        const struct fuse_cmd *c = &ring_at(&f->tq, i);
        if (c->end <= now)
            continue;
        cells[k++] = kind_code[c->kind];
        grid_detail(row, "%s of 0x%llx, warp %d: accepted cycle %llu, done %llu",
                    kind_text[c->kind], (unsigned long long)c->addr, c->warp,
                    (unsigned long long)c->at, (unsigned long long)c->end);
    }
    jv_set(row, "cells", jv_str(cells));
    free(cells);
    jv_set(row, "hot", jv_bool(f->stt_free > now));
    if (f->stt_free > now)
        grid_note(row, f->write_until > now ? "write" : "read",
                  "busy %llu more", (unsigned long long)(f->stt_free - now));
    else
        grid_note(row, "dim", "idle");
    if (!f->g.queues)
        return;
    cells = ws_xmalloc((size_t)f->sb_size + 1);
    memset(cells, '.', f->sb_size);
    cells[f->sb_size] = 0;
    struct jv *sbr = grid_row(g, "sb", "");
    k = 0;
    for (uint32_t i = 0; i < f->tq.n && k < f->sb_size; i++) {
        const struct fuse_cmd *c = &ring_at(&f->tq, i);
        if (c->end <= now || c->kind != FK_DRAIN)
            continue;
        cells[k++] = 'F';
        grid_detail(sbr, "SRAM victim 0x%llx, written to STT-MRAM by cycle %llu",
                    (unsigned long long)c->addr, (unsigned long long)c->end);
    }
    jv_set(sbr, "cells", jv_str(cells));
    free(cells);
}

static void predictor(const struct fuse *f, struct jv *out)
{
    if (!f->g.predictor)
        return;
    const struct fuse_pred *p = &f->pred;
    char title[160];
    snprintf(title, sizeof title,
             "SM %u read-level predictor: sampler %u sets x %u ways, %u history entries, WORO above %u",
             f->env.sm, p->sets, p->ways, p->entries, p->th);
    struct jv *g = grid_new(out, title);
    grid_legend(g, '.', "\xc2\xb7", "dim", "empty");
    grid_legend(g, 'u', NULL, "pending", "sampled, not used again yet");
    grid_legend(g, 'U', NULL, "valid", "used again");
    grid_legend(g, '#', NULL, "valid", "counter");
    char cells[80];
    for (uint32_t s = 0; s < p->sets; s++) {
        uint32_t n = p->ways < sizeof cells - 1 ? p->ways : sizeof cells - 1;
        for (uint32_t w = 0; w < n; w++) {
            const struct fuse_sample *e = &p->s[s * p->ways + w];
            cells[w] = !e->valid ? '.' : e->used ? 'U' : 'u';
        }
        cells[n] = 0;
        char label[16];
        snprintf(label, sizeof label, "p.%u", s);
        struct jv *row = grid_row(g, label, cells);
        grid_note(row, "dim", "warp %u", s * f->sample_stride);
        for (uint32_t w = 0; w < n; w++) {
            const struct fuse_sample *e = &p->s[s * p->ways + w];
            if (e->valid)
                grid_detail(row, "tag 0x%04x, signature %u, LRU position %u, %s",
                            e->tag, e->sig, e->lru,
                            e->used ? "used again" : "not used again yet");
            else
                grid_detail(row, "empty");
        }
    }
    /* the history entries that have learnt something */
    uint32_t shown = 0, more = 0;
    for (uint32_t i = 0; i < p->entries; i++) {
        const struct fuse_hist *h = &p->h[i];
        if (h->counter == p->init && !h->write)
            continue;
        if (shown == 32) {
            more++;
            continue;
        }
        for (uint32_t c = 0; c < FUSE_COUNTER_MAX; c++)
            cells[c] = c < h->counter ? '#' : '.';
        cells[FUSE_COUNTER_MAX] = 0;
        char label[16];
        snprintf(label, sizeof label, "h.%03u", i);
        struct jv *row = grid_row(g, label, cells);
        grid_note(row, "normal", "%2u %c %s", h->counter, h->write ? 'W' : 'R',
                  fuse_class_name(fuse_pred_class(p, i)));
        shown++;
    }
    if (more)
        grid_foot(g, "%u more history entries left their initial state", more);
    grid_foot(g, "history: every other signature at counter %u, R (%s)",
              p->init, fuse_class_name(fuse_pred_classify(p, p->init, false)));
}

/* Every valid line, for scripts. */
static void lines_json(const struct fuse *f, struct jv *out)
{
    struct jv *a = jv_set(out, "lines", jv_arr());
    const struct fuse_bank *bs[2] = { &f->sram, &f->stt };
    for (int k = 0; k < 2; k++) {
        const struct fuse_bank *b = bs[k];
        for (uint32_t i = 0; b->on && i < b->c.sets * b->c.ways; i++) {
            const struct cache_line *l = fuse_bank_line(b, i);
            if (!l->valid)
                continue;
            struct jv *o = jv_push(a, jv_obj());
            jv_set(o, "addr", jv_int((int64_t)l->addr));
            jv_set(o, "bank", jv_str(k ? "stt" : "sram"));
            jv_set(o, "set", jv_int(i / b->c.ways));
            jv_set(o, "way", jv_int(i % b->c.ways));
            jv_set(o, "dirty", jv_bool(l->dirty));
            jv_set(o, "signature", jv_int(b->m[i].sig));
            jv_set(o, "placed", jv_str(fuse_class_name((enum fuse_class)b->m[i].cls)));
            jv_set(o, "predicted", jv_str(fuse_class_name(now_class(f, &b->m[i]))));
            jv_set(o, "writes", jv_int(b->m[i].writes));
        }
    }
}

static void history_json(const struct fuse *f, struct jv *out)
{
    if (!f->g.predictor)
        return;
    struct jv *a = jv_set(out, "history", jv_arr());
    for (uint32_t i = 0; i < f->pred.entries; i++) {
        const struct fuse_hist *h = &f->pred.h[i];
        if (h->counter == f->pred.init && !h->write)
            continue;
        struct jv *o = jv_push(a, jv_obj());
        jv_set(o, "signature", jv_int(i));
        jv_set(o, "counter", jv_int(h->counter));
        jv_set(o, "status", jv_str(h->write ? "W" : "R"));
        jv_set(o, "class", jv_str(fuse_class_name(fuse_pred_class(&f->pred, i))));
    }
}

void fuse_l1_describe(void *self, uint64_t now, struct jv *out)
{
    const struct fuse *f = self;
    jv_set(out, "variant", jv_str(fuse_variant_name(f->g.v)));
    jv_set(out, "tag_queue_used", jv_int(fuse_tq_used(f, now)));
    jv_set(out, "swap_buffer_used", jv_int(fuse_sb_used(f, now)));
    jv_set(out, "stt_busy_until", jv_int((int64_t)f->stt_free));
    jv_set(out, "fills_waiting", jv_int(f->fills.n));
    lines_json(f, out);
    history_json(f, out);
    mshr_describe(&f->mshr.t, out);
    missq_describe(&f->mq, out);
    banks(f, now, out);
    queues(f, now, out);
    predictor(f, out);
}

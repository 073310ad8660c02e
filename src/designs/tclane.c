/* tclane.c - one tinyCache (see tclane.h). */
#include "designs/tclane.h"
#include "util/xalloc.h"
#include <stdlib.h>
#include <string.h>

void tclane_init(struct tclane *c, uint32_t entries, uint32_t ways,
                 uint32_t line)
{
    memset(c, 0, sizeof *c);
    c->ways = ways;
    c->sets = entries / ways;
    c->line = line;
    c->halfwords = line / 2;
    c->full = c->halfwords >= 64 ? ~0ULL : (1ULL << c->halfwords) - 1;
    c->l = ws_xcalloc((size_t)c->sets * ways, sizeof *c->l);
    for (uint32_t i = 0; i < c->sets * ways; i++)
        c->l[i].fill = -1;
}

void tclane_free(struct tclane *c)
{
    free(c->l);
    c->l = NULL;
}

uint64_t tclane_bits(const struct tclane *c, uint32_t off, uint32_t bytes)
{
    uint32_t first = off / 2, last = (off + (bytes ? bytes : 1) - 1) / 2;
    if (last >= c->halfwords)
        last = c->halfwords - 1;
    uint64_t upto = last >= 63 ? ~0ULL : (1ULL << (last + 1)) - 1;
    return upto & ~((1ULL << first) - 1);
}

static bool same(const struct tcl_line *l, const struct tcl_key *k)
{
    return l->state != TCL_I && l->addr == k->addr && l->space == k->space &&
           l->cta == k->cta;
}

int32_t tclane_find(const struct tclane *c, const struct tcl_key *k)
{
    uint32_t set = (uint32_t)((k->addr / c->line) % c->sets);
    for (uint32_t w = 0; w < c->ways; w++)
        if (same(&c->l[set * c->ways + w], k))
            return (int32_t)(set * c->ways + w);
    return -1;
}

bool tclane_present(const struct tclane *c, const struct tcl_line *l,
                    uint64_t bits)
{
    (void)c;
    switch (l->state) {
    case TCL_C:
        return l->fill < 0;
    case TCL_DV:                  /* unwritten half-words come with the fill */
        return l->fill < 0 || (l->mask & bits) == bits;
    case TCL_DPV:
        return (l->mask & bits) == bits;
    default:
        return false;
    }
}

bool tclane_evict(struct tclane *c, uint32_t i, struct tcl_victim *v)
{
    struct tcl_line *l = &c->l[i];
    memset(v, 0, sizeof *v);
    if (l->state == TCL_I)
        return false;
    v->valid = true;
    v->key = (struct tcl_key){ l->addr, l->cta, l->space };
    if (l->state == TCL_DV || l->state == TCL_DPV) {
        v->mask = l->mask;        /* rpl: wb(v), the set half-words only */
        v->full = l->mask == c->full;
    }
    l->state = TCL_I;
    l->mask = 0;
    l->fill = -1;
    return true;
}

/* Allocates line k in its set (an invalid way, else the least recently
   used one, whose line leaves into r->victim), in state st. */
static void allocate(struct tclane *c, const struct tcl_key *k,
                     enum tcl_state st, uint64_t mask, struct tcl_result *r)
{
    uint32_t set = (uint32_t)((k->addr / c->line) % c->sets);
    uint32_t base = set * c->ways, pick = base;
    for (uint32_t w = 0; w < c->ways; w++) {
        const struct tcl_line *l = &c->l[base + w];
        if (l->state == TCL_I) {
            pick = base + w;
            break;
        }
        if (l->stamp < c->l[pick].stamp)
            pick = base + w;
    }
    tclane_evict(c, pick, &r->victim);
    struct tcl_line *l = &c->l[pick];
    l->addr = k->addr;
    l->space = k->space;
    l->cta = k->cta;
    l->state = (uint8_t)st;
    l->mask = mask;
    l->fill = -1;
    l->stamp = ++c->clock;
    r->line = pick;
}

void tclane_touch(struct tclane *c, uint32_t i)
{
    c->l[i].stamp = ++c->clock;
}

void tclane_read(struct tclane *c, const struct tcl_key *k, uint64_t bits,
                 struct tcl_result *r)
{
    memset(r, 0, sizeof *r);
    int32_t i = tclane_find(c, k);
    if (i < 0) {
        r->edge = TCL_RM;         /* rm: fetch a clean line */
        r->fetch = true;
        allocate(c, k, TCL_C, 0, r);
        return;
    }
    struct tcl_line *l = &c->l[i];
    r->line = (uint32_t)i;
    tclane_touch(c, (uint32_t)i);
    if (l->state == TCL_DPV && (l->mask & bits) != bits) {
        /* rh(i): a tag hit, a half-word miss: fetch the line and merge it
           under the set (dirty) bits, which stay set */
        r->edge = TCL_RH_I;
        r->fetch = true;
        l->state = TCL_DV;
        return;
    }
    r->edge = TCL_RH;
}

void tclane_write(struct tclane *c, const struct tcl_key *k, uint64_t bits,
                  struct tcl_result *r)
{
    memset(r, 0, sizeof *r);
    int32_t i = tclane_find(c, k);
    if (i < 0) {
        /* wm: allocate without fetching; only the written half-words are
           valid (all of them: the line is whole) */
        r->edge = TCL_WM;
        allocate(c, k, bits == c->full ? TCL_DV : TCL_DPV, bits, r);
        return;
    }
    struct tcl_line *l = &c->l[i];
    r->line = (uint32_t)i;
    tclane_touch(c, (uint32_t)i);
    switch (l->state) {
    case TCL_C:                   /* written bits dirty, the rest clean */
        r->edge = TCL_WH_C;
        l->state = TCL_DV;
        l->mask = bits;
        break;
    case TCL_DV:
        r->edge = TCL_WH_DV;
        l->mask |= bits;
        break;
    default:                      /* Dpv */
        l->mask |= bits;
        if (l->mask == c->full) {
            r->edge = TCL_WH_LAST;
            l->state = TCL_DV;
        } else {
            r->edge = TCL_WH_DPV;
        }
        break;
    }
}

const char *tclane_state_name(enum tcl_state s)
{
    static const char *n[] = { "I", "C", "Dv", "Dpv" };
    return (unsigned)s < 4 ? n[s] : "?";
}

const char *tclane_edge_name(enum tcl_edge e)
{
    static const char *n[TCL__EDGES] = { "rm", "rh", "rh(i)", "wm",
                                         "wh(C)", "wh(Dv)", "wh(Dpv)",
                                         "wh(last)" };
    return (unsigned)e < TCL__EDGES ? n[e] : "?";
}

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
    while ((1u << c->shift) < line)
        c->shift++;
    c->full = c->halfwords >= 64 ? ~0ULL : (1ULL << c->halfwords) - 1;
    c->l = ws_xcalloc((size_t)c->sets * ways, sizeof *c->l);
    c->tag = ws_xcalloc((size_t)c->sets * ways, sizeof *c->tag);
    c->age = ws_xcalloc((size_t)c->sets * ways, sizeof *c->age);
    for (uint32_t i = 0; i < c->sets * ways; i++)
        c->l[i].fill = -1;
}

void tclane_free(struct tclane *c)
{
    free(c->l);
    free(c->tag);
    free(c->age);
    c->l = NULL;
    c->tag = NULL;
    c->age = NULL;
}

static bool same(const struct tcl_line *l, const struct tcl_key *k)
{
    return l->state != TCL_I && l->addr == k->addr && l->space == k->space &&
           l->cta == k->cta;
}

/* A valid line's short tag: never 0. The line address's low bits, which
   are zero, carry the space (keys differing only in the CTA, or in a
   line of under 16 bytes, share one). */
static uint64_t tag_of(const struct tcl_key *k)
{
    return k->addr ^ ((uint64_t)k->space << 1 | 1);
}

int32_t tclane_find(const struct tclane *c, const struct tcl_key *k)
{
    uint32_t base = tclane_set(c, k) * c->ways;
    const uint64_t *tag = c->tag + base;
    uint64_t t = tag_of(k);
    for (uint32_t w = 0; w < c->ways; w++)
        if (tag[w] == t && same(&c->l[base + w], k))
            return (int32_t)(base + w);
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
    c->tag[i] = 0;
    c->age[i] = 0;
    return true;
}

/* Allocates line k in its set (an invalid way, else the least recently
   used one, whose line leaves into r->victim), in state st. */
static void allocate(struct tclane *c, const struct tcl_key *k,
                     enum tcl_state st, uint64_t mask, struct tcl_result *r)
{
    uint32_t base = tclane_set(c, k) * c->ways, way = 0;
    const uint64_t *age = c->age + base;
    uint64_t oldest = age[0];
    for (uint32_t w = 1; w < c->ways; w++) {
        bool older = age[w] < oldest;      /* the first of equal ages */
        oldest = older ? age[w] : oldest;
        way = older ? w : way;
    }
    uint32_t pick = base + way;
    tclane_evict(c, pick, &r->victim);
    struct tcl_line *l = &c->l[pick];
    l->addr = k->addr;
    l->space = k->space;
    l->cta = k->cta;
    l->state = (uint8_t)st;
    l->mask = mask;
    l->fill = -1;
    l->stamp = c->age[pick] = ++c->clock;
    c->tag[pick] = tag_of(k);
    r->line = pick;
}

void tclane_touch(struct tclane *c, uint32_t i)
{
    c->l[i].stamp = c->age[i] = ++c->clock;
}

void tclane_read(struct tclane *c, const struct tcl_key *k, uint64_t bits,
                 struct tcl_result *r)
{
    tclane_read_at(c, k, tclane_find(c, k), bits, r);
}

void tclane_read_at(struct tclane *c, const struct tcl_key *k, int32_t i,
                    uint64_t bits, struct tcl_result *r)
{
    memset(r, 0, sizeof *r);
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

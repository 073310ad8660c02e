/* rtmap.c - racetrack register grouping and arrangement, and the move-count
   profiles they are computed from (see rtmap.h). */
#include "compile/rtmap.h"
#include "compile/liveness.h"
#include "util/fileio.h"
#include "util/hash.h"
#include "util/xalloc.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

uint64_t rtmap_cost(const struct rtmap_bank *b, const uint32_t *C,
                    const int32_t *offset)
{
    uint64_t s = 0;
    for (uint32_t i = 0; i < b->n; i++)
        for (uint32_t j = 0; j < b->n; j++) {
            uint32_t c = C[(size_t)i * b->n + j];
            if (c)
                s += (uint64_t)c * (uint64_t)labs((long)offset[i] - offset[j]);
        }
    return s;
}

/*
** FindMaxSubgraph: grow a set of `size` registers from `avail`, adding at
** each step the single register or the pair that gives the set the largest
** total weight (sum of C_ij + C_ji inside it); a pair only while two places
** are left. A candidate's gain is its weight to the set so far, so each
** step costs O(n^2). Ties go to the lowest register index.
*/
static int find_max_subgraph(const uint32_t *C, uint32_t n, uint8_t *avail,
                             uint32_t size, int32_t *out)
{
    int k = 0;
    uint64_t *gain = ws_xcalloc((size_t)n + 1, sizeof *gain);
    while ((uint32_t)k < size) {
        int64_t bd = -1, be = -1;
        int32_t vd = -1, ea = -1, eb = -1;
        for (uint32_t v = 0; v < n; v++)
            if (avail[v] && (int64_t)gain[v] > bd) {
                bd = (int64_t)gain[v];
                vd = (int32_t)v;
            }
        if ((uint32_t)k + 2 <= size)
            for (uint32_t a = 0; a < n; a++) {
                if (!avail[a])
                    continue;
                for (uint32_t b = a + 1; b < n; b++) {
                    if (!avail[b])
                        continue;
                    int64_t w = (int64_t)(gain[a] + gain[b] +
                                          C[(size_t)a * n + b] + C[(size_t)b * n + a]);
                    if (w > be) {
                        be = w;
                        ea = (int32_t)a;
                        eb = (int32_t)b;
                    }
                }
            }
        if (vd < 0)
            break;
        int32_t add[2];
        int na = 0;
        if (be > bd) {
            add[na++] = ea;
            add[na++] = eb;
        } else {
            add[na++] = vd;
        }
        for (int j = 0; j < na; j++) {
            int32_t x = add[j];
            out[k++] = x;
            avail[x] = 0;
            for (uint32_t v = 0; v < n; v++)
                gain[v] += C[(size_t)x * n + v] + C[(size_t)v * n + x];
        }
    }
    free(gain);
    return k;
}

/* S at group level: G x G move counts between groups. */
static uint64_t group_cost(const uint64_t *CG, uint32_t G, const int32_t *pos)
{
    uint64_t s = 0;
    for (uint32_t a = 0; a < G; a++)
        for (uint32_t b = 0; b < G; b++)
            if (CG[(size_t)a * G + b])
                s += CG[(size_t)a * G + b] * (uint64_t)labs((long)pos[a] - pos[b]);
    return s;
}

/* Algorithm 2: every order of the groups (Heap's algorithm). A step
   swaps the positions of two groups, which changes only the terms that
   involve them, so each order's S is updated in O(G) from the last. */
static void arrange_exhaustive(const uint64_t *CG, uint32_t G, int32_t *best)
{
    int32_t *pos = ws_xmalloc(((size_t)G + 1) * sizeof *pos);
    int32_t *c = ws_xcalloc((size_t)G + 1, sizeof *c);
    int64_t *W = ws_xcalloc((size_t)G * G + 1, sizeof *W);
    for (uint32_t a = 0; a < G; a++)
        for (uint32_t b = 0; b < G; b++)
            W[(size_t)a * G + b] = (int64_t)(CG[(size_t)a * G + b] + CG[(size_t)b * G + a]);
    for (uint32_t i = 0; i < G; i++)
        pos[i] = best[i] = (int32_t)i;
    uint64_t bs = group_cost(CG, G, pos), s = bs;
    uint32_t i = 1;
    while (i < G) {
        if (c[i] < (int32_t)i) {
            uint32_t j = (i % 2 == 0) ? 0 : (uint32_t)c[i];
            int64_t d = 0;
            for (uint32_t k = 0; k < G; k++) {
                if (k == i || k == j)
                    continue;
                d += (W[(size_t)i * G + k] - W[(size_t)j * G + k]) *
                     (labs((long)pos[j] - pos[k]) - labs((long)pos[i] - pos[k]));
            }
            int32_t t = pos[j];
            pos[j] = pos[i];
            pos[i] = t;
            s = (uint64_t)((int64_t)s + d);
            if (s < bs) {
                bs = s;
                memcpy(best, pos, (size_t)G * sizeof *pos);
            }
            c[i]++;
            i = 1;
        } else {
            c[i] = 0;
            i++;
        }
    }
    free(pos);
    free(c);
    free(W);
}

/* Beyond the enumeration bound: a greedy chain (start from the heaviest
   group, always append the group with most moves to the last placed),
   then swap pairs of positions while any swap lowers S. */
static void arrange_local(const uint64_t *CG, uint32_t G, int32_t *pos)
{
    uint8_t *used = ws_xcalloc(G + 1, 1);
    int32_t last = 0;
    uint64_t bw = 0;
    for (uint32_t a = 0; a < G; a++) {
        uint64_t w = 0;
        for (uint32_t b = 0; b < G; b++)
            w += CG[(size_t)a * G + b] + CG[(size_t)b * G + a];
        if (w > bw) {
            bw = w;
            last = (int32_t)a;
        }
    }
    pos[last] = 0;
    used[last] = 1;
    for (uint32_t p = 1; p < G; p++) {
        int32_t nx = -1;
        uint64_t nw = 0;
        for (uint32_t a = 0; a < G; a++) {
            if (used[a])
                continue;
            uint64_t w = CG[(size_t)last * G + a] + CG[(size_t)a * G + last];
            if (nx < 0 || w > nw) {
                nw = w;
                nx = (int32_t)a;
            }
        }
        pos[nx] = (int32_t)p;
        used[nx] = 1;
        last = nx;
    }
    uint64_t s = group_cost(CG, G, pos);
    for (bool better = true; better;) {
        better = false;
        for (uint32_t a = 0; a < G; a++)
            for (uint32_t b = a + 1; b < G; b++) {
                int32_t t = pos[a];
                pos[a] = pos[b];
                pos[b] = t;
                uint64_t s2 = group_cost(CG, G, pos);
                if (s2 < s) {
                    s = s2;
                    better = true;
                } else {
                    pos[b] = pos[a];
                    pos[a] = t;
                }
            }
    }
    free(used);
}

static void map_bank(struct rtmap_bank *b, uint32_t ports, const uint32_t *C)
{
    uint32_t n = b->n;
    uint32_t G = (n + ports - 1) / ports;      /* groups = offsets */
    b->ngroups = G;
    b->port = ws_xcalloc((size_t)n + 1, sizeof(int32_t));
    b->offset = ws_xcalloc((size_t)n + 1, sizeof(int32_t));
    b->group = ws_xcalloc((size_t)n + 1, sizeof(int32_t));
    for (size_t i = 0; i < (size_t)n * n; i++)
        b->moves += C[i];
    /* Direct mapping: the k-th register at address k, region by region. */
    int32_t *direct = ws_xmalloc(((size_t)n + 1) * sizeof *direct);
    for (uint32_t i = 0; i < n; i++)
        direct[i] = (int32_t)(i % G);
    b->direct_S = rtmap_cost(b, C, direct);
    /* Algorithm 1: groups of `ports` registers. */
    uint8_t *avail = ws_xmalloc((size_t)n + 1);
    memset(avail, 1, (size_t)n + 1);
    int32_t *members = ws_xmalloc(((size_t)ports + 2) * sizeof *members);
    for (uint32_t g = 0; g < G; g++) {
        int k = find_max_subgraph(C, n, avail, ports, members);
        for (int j = 0; j < k; j++) {
            b->group[members[j]] = (int32_t)g;
            b->port[members[j]] = j;
        }
    }
    /* Algorithm 2: offsets of the groups. */
    uint64_t *CG = ws_xcalloc((size_t)G * G + 1, sizeof *CG);
    for (uint32_t i = 0; i < n; i++)
        for (uint32_t j = 0; j < n; j++)
            CG[(size_t)b->group[i] * G + (size_t)b->group[j]] += C[(size_t)i * n + j];
    int32_t *pos = ws_xmalloc(((size_t)G + 1) * sizeof *pos);
    if (G <= RTMAP_EXHAUSTIVE_MAX) {
        arrange_exhaustive(CG, G, pos);
    } else {
        arrange_local(CG, G, pos);
        b->heuristic = true;
    }
    for (uint32_t i = 0; i < n; i++)
        b->offset[i] = pos[b->group[i]];
    b->mapped_S = rtmap_cost(b, C, b->offset);
    if (b->mapped_S > b->direct_S) {
        /* Grouping changes ports too, so it can lose on odd traces: keep
           the direct mapping then. */
        for (uint32_t i = 0; i < n; i++) {
            b->offset[i] = direct[i];
            b->port[i] = (int32_t)(i / G);
        }
        b->mapped_S = b->direct_S;
        b->kept_direct = true;
    }
    free(direct);
    free(avail);
    free(members);
    free(CG);
    free(pos);
}

void rtmap_bank_from_moves(struct rtmap_bank *b, uint32_t ports,
                           const uint32_t *C)
{
    b->moves = 0;
    b->heuristic = b->kept_direct = false;
    if (b->n)
        map_bank(b, ports, C);
}

void rtmap_from_trace(uint32_t banks, uint32_t ports, const int32_t *entry,
                      const uint32_t *bank, size_t n, struct rtmap *m)
{
    memset(m, 0, sizeof *m);
    m->banks = banks;
    m->ports = ports;
    m->b = ws_xcalloc(banks, sizeof *m->b);
    int32_t maxr = -1;
    for (size_t i = 0; i < n; i++)
        if (entry[i] > maxr)
            maxr = entry[i];
    /* Index of each register inside its bank, in ascending order. */
    int32_t *idx = ws_xmalloc(((size_t)maxr + 2) * sizeof *idx);
    uint32_t *home = ws_xmalloc(((size_t)maxr + 2) * sizeof *home);
    uint8_t *seen = ws_xcalloc((size_t)maxr + 2, 1);
    for (size_t i = 0; i < n; i++) {
        seen[entry[i]] = 1;
        home[entry[i]] = bank[i] % banks;
    }
    for (int32_t r = 0; r <= maxr; r++) {
        if (!seen[r])
            continue;
        struct rtmap_bank *b = &m->b[home[r]];
        b->reg = ws_xrealloc(b->reg, ((size_t)b->n + 1) * sizeof *b->reg);
        idx[r] = (int32_t)b->n;
        b->reg[b->n++] = r;
    }
    uint32_t **C = ws_xcalloc(banks, sizeof *C);
    int32_t *last = ws_xmalloc(banks * sizeof *last);
    for (uint32_t k = 0; k < banks; k++) {
        C[k] = ws_xcalloc((size_t)m->b[k].n * m->b[k].n + 1, sizeof(uint32_t));
        last[k] = -1;
    }
    /* A move is one access followed by the next access to the same bank. */
    for (size_t i = 0; i < n; i++) {
        uint32_t k = home[entry[i]];
        int32_t cur = idx[entry[i]];
        if (last[k] >= 0)
            C[k][(size_t)last[k] * m->b[k].n + (size_t)cur]++;
        last[k] = cur;
    }
    for (uint32_t k = 0; k < banks; k++) {
        if (m->b[k].n)
            map_bank(&m->b[k], ports, C[k]);
        m->direct_S += m->b[k].direct_S;
        m->mapped_S += m->b[k].mapped_S;
        m->heuristic |= m->b[k].heuristic;
        free(C[k]);
    }
    free(C);
    free(last);
    free(idx);
    free(home);
    free(seen);
}

size_t rtmap_static_trace(const struct kimage *k, uint32_t warps,
                          uint32_t banks, enum rtmap_bank_map map,
                          int32_t **entry, uint32_t **bank)
{
    size_t n = 0, cap = 256;
    int32_t *t = ws_xmalloc(cap * sizeof *t);
    uint32_t *bk = ws_xmalloc(cap * sizeof *bk);
    int32_t R = (int32_t)(k->regs_per_thread ? k->regs_per_thread : 1);
    for (int32_t i = 0; i < k->ninst; i++) {
        const struct ptx_inst *in = &k->flat.insts.v[i];
        int32_t regs[2 * LIVE_MAX_OPS], nr = 0, r[LIVE_MAX_OPS];
        for (int pass = 0; pass < 2; pass++) {
            int c = pass ? live_defs(in, r) : live_uses(in, r);
            for (int j = 0; j < c; j++) {
                uint8_t ty = k->flat.regs.v[r[j]].type;
                if (ty == PT_PRED)
                    continue;
                int w = ptx_type_size((enum ptx_type)ty) == 8 ? 2 : 1;
                for (int h = 0; h < w && nr < 2 * LIVE_MAX_OPS; h++)
                    regs[nr++] = k->vreg_slot[r[j]] + h;
            }
        }
        for (uint32_t w = 0; w < warps; w++)
            for (int32_t j = 0; j < nr; j++) {
                if (n == cap) {
                    cap *= 2;
                    t = ws_xrealloc(t, cap * sizeof *t);
                    bk = ws_xrealloc(bk, cap * sizeof *bk);
                }
                t[n] = (int32_t)w * R + regs[j];
                bk[n] = ((map == RTMAP_REG ? 0 : w) + (uint32_t)regs[j]) %
                        banks;
                n++;
            }
    }
    *entry = t;
    *bank = bk;
    return n;
}

void rtmap_free(struct rtmap *m)
{
    for (uint32_t k = 0; m->b && k < m->banks; k++) {
        free(m->b[k].reg);
        free(m->b[k].port);
        free(m->b[k].offset);
        free(m->b[k].group);
    }
    free(m->b);
    memset(m, 0, sizeof *m);
}

/* ---- move-count profiles ------------------------------------------------ */

/* Files are written to a temporary (unique per process, so parallel
   sweep points never interleave) and renamed into place. */
static FILE *open_tmp(const char *path, char *tmp, size_t n)
{
    snprintf(tmp, n, "%s.tmp%ld", path, (long)getpid());
    return fopen(tmp, "w");
}

static bool close_tmp(FILE *f, const char *tmp, const char *path)
{
    bool ok = !ferror(f);
    if (fclose(f) != 0)
        ok = false;
    if (ok && rename(tmp, path) == 0)
        return true;
    remove(tmp);
    return false;
}

bool rtmap_moves_write(const char *path, const char *kernel,
                       const struct rtmap_moves *t, size_t count)
{
    char tmp[4200];
    FILE *f = open_tmp(path, tmp, sizeof tmp);
    if (!f)
        return false;
    fprintf(f, "warpscope-racetrack-moves 1\nkernel %s\ntapes %zu\n", kernel,
            count);
    for (size_t i = 0; i < count; i++) {
        const struct rtmap_moves *m = &t[i];
        size_t nz = 0, nn = (size_t)m->n * m->n;
        fprintf(f, "tape %u %u %u\n", m->bank, m->tape, m->n);
        for (uint32_t j = 0; j < m->n; j++)
            fprintf(f, "%s%d", j ? " " : "", m->reg[j]);
        for (size_t j = 0; j < nn; j++)
            nz += m->C[j] != 0;
        fprintf(f, "\nnz %zu\n", nz);
        for (size_t j = 0; j < nn; j++)
            if (m->C[j])
                fprintf(f, "%zu %zu %u\n", j / m->n, j % m->n, m->C[j]);
    }
    return close_tmp(f, tmp, path);
}

/* Adds one move-count file to sum[] (per tape, n * n). */
static bool add_moves(const char *path, const struct rtmap_moves *t,
                      size_t count, uint64_t **sum)
{
    FILE *f = ws_fopen_read(path);
    if (!f)
        return false;
    char word[64];
    unsigned ver;
    size_t nt;
    bool ok = fscanf(f, "%63s %u", word, &ver) == 2 &&
              strcmp(word, "warpscope-racetrack-moves") == 0 && ver == 1 &&
              fscanf(f, "%63s %*s", word) == 1 && strcmp(word, "kernel") == 0 &&
              fscanf(f, "%63s %zu", word, &nt) == 2 &&
              strcmp(word, "tapes") == 0 && nt == count;
    for (size_t i = 0; ok && i < count; i++) {
        const struct rtmap_moves *m = &t[i];
        unsigned b, k, n;
        size_t nz;
        ok = fscanf(f, "%63s %u %u %u", word, &b, &k, &n) == 4 &&
             strcmp(word, "tape") == 0 && b == m->bank && k == m->tape &&
             n == m->n;
        for (uint32_t j = 0; ok && j < m->n; j++) {
            long reg;
            ok = fscanf(f, "%ld", &reg) == 1 && reg == m->reg[j];
        }
        ok = ok && fscanf(f, "%63s %zu", word, &nz) == 2 &&
             strcmp(word, "nz") == 0;
        for (size_t e = 0; ok && e < nz; e++) {
            unsigned long a, c, v;
            ok = fscanf(f, "%lu %lu %lu", &a, &c, &v) == 3 && a < m->n &&
                 c < m->n;
            if (ok)
                sum[i][a * m->n + c] += v;
        }
    }
    fclose(f);
    return ok;
}

bool rtmap_moves_merge(const char *const *paths, size_t npaths,
                       const struct rtmap_moves *t, size_t count,
                       uint32_t ports, uint32_t region, const char *kernel,
                       const char *out)
{
    uint64_t **sum = ws_xcalloc(count + 1, sizeof *sum);
    for (size_t i = 0; i < count; i++)
        sum[i] = ws_xcalloc((size_t)t[i].n * t[i].n + 1, sizeof **sum);
    bool ok = true;
    for (size_t p = 0; ok && p < npaths; p++)
        ok = add_moves(paths[p], t, count, sum);
    char tmp[4200];
    FILE *f = ok ? open_tmp(out, tmp, sizeof tmp) : NULL;
    if (f)
        fprintf(f, "warpscope-racetrack-profile 2\nkernel %s\n", kernel);
    for (size_t i = 0; f && i < count; i++) {
        const struct rtmap_moves *m = &t[i];
        size_t nn = (size_t)m->n * m->n;
        uint32_t *C = ws_xcalloc(nn + 1, sizeof *C);
        uint64_t moves = 0;
        for (size_t j = 0; j < nn; j++) {
            C[j] = sum[i][j] > UINT32_MAX ? UINT32_MAX : (uint32_t)sum[i][j];
            moves += C[j];
        }
        struct rtmap_bank b = { .n = m->n };
        if (moves)
            rtmap_bank_from_moves(&b, ports, C);
        uint32_t G = (m->n + ports - 1) / (ports ? ports : 1);
        if (m->n)
            fprintf(f, "tape %u %u %u\n", m->bank, m->tape, m->n);
        for (uint32_t j = 0; j < m->n; j++) {
            /* nobody accessed the tape: the direct mapping */
            uint32_t port = b.port ? (uint32_t)b.port[j] : j / G;
            uint32_t off = b.port ? (uint32_t)b.offset[j] : j % G;
            fprintf(f, "%d %u\n", m->reg[j], port * region + off);
        }
        free(b.port);
        free(b.offset);
        free(b.group);
        free(C);
    }
    for (size_t i = 0; i < count; i++)
        free(sum[i]);
    free(sum);
    return f && close_tmp(f, tmp, out);
}

bool rtmap_profile_tape(FILE *f, uint32_t entries, uint32_t domains,
                        uint32_t n, const int32_t *reg, int32_t *dom)
{
    uint8_t *used = ws_xcalloc((size_t)domains + 1, 1);
    bool *set = ws_xcalloc((size_t)n + 1, sizeof *set);
    bool ok = true;
    for (uint32_t i = 0; i < entries && ok; i++) {
        long r, d;
        if (fscanf(f, "%ld %ld", &r, &d) != 2 || d < 0 || d >= (long)domains ||
            used[d]) {
            ok = false;
            break;
        }
        for (uint32_t j = 0; j < n; j++)
            if (reg[j] == r && !set[j]) {
                dom[j] = (int32_t)d;
                set[j] = true;
                used[d] = 1;
            }
    }
    uint32_t next = 0;
    for (uint32_t j = 0; ok && j < n; j++) {
        if (set[j])
            continue;
        while (next < domains && used[next])
            next++;
        if (next == domains)
            ok = false;
        else
            used[next] = 1, dom[j] = (int32_t)next;
    }
    free(used);
    free(set);
    return ok;
}

/* Field by field: struct padding never enters the hash. */
uint64_t rtmap_kernel_hash(const struct kimage *k)
{
    uint64_t h = WS_FNV_INIT;
    if (!k)
        return h;
    uint32_t head[3] = { (uint32_t)k->ninst, k->nslots, k->regs_per_thread };
    h = ws_fnv1a(h, head, sizeof head);
    for (int32_t i = 0; i < k->ninst; i++) {
        const struct kinst *in = &k->insts[i];
        int32_t f[9] = { in->op, in->nd, in->ns, in->space, in->callparam,
                         in->guard_neg, in->guard, in->target, in->rpc };
        h = ws_fnv1a(h, f, sizeof f);
        h = ws_fnv1a(h, &in->m, sizeof in->m);    /* one-byte members */
        for (int j = 0; j < 7; j++) {
            if (j < 2 ? j >= in->nd : j - 2 >= in->ns)
                continue;
            const struct kop *o = j < 2 ? &in->d[j] : &in->s[j - 2];
            int64_t v[12] = { o->kind, o->nslot, o->bytes, o->neg, o->sreg,
                              o->comp, o->nvec, o->slot, o->vec[0],
                              o->vec[1], o->vec[2], o->vec[3] };
            uint64_t more[2] = { o->imm, (uint64_t)(int64_t)o->vreg };
            h = ws_fnv1a(h, v, sizeof v);
            h = ws_fnv1a(h, more, sizeof more);
        }
    }
    return h;
}

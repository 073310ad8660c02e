/*
** exec-mem.c - loads, stores and atomics.
** Every access is resolved to its state space (generic addresses through
** the windows of mem.h), checked for alignment and bounds, and performed
** lane by lane in ascending lane order, which makes same-address stores and
** atomics deterministic. A fault names the lane, thread, CTA, space and
** address.
*/
#include "func/exec-internal.h"
#include <math.h>
#include <stdio.h>

/* True when [a, a + n) lies inside [0, size): written so that no sum can
   wrap (an address of -4 is 2^64 - 4, and a + n would wrap to 0). */
static inline bool span_fits(uint64_t a, uint64_t n, uint64_t size)
{
    return n <= size && a <= size - n;
}

/* A global access outside every allocation: named by the buffer it ran
   past when it ends within a page of one (an off-by-one, an overrun). */
static enum fx_status global_fault(struct fctx *x, struct fwarp *w,
                                   const struct kinst *ki, int lane,
                                   const char *what, unsigned n, uint64_t addr)
{
    const struct dmem *m = x->mem;
    const struct dmem_alloc *near = NULL;
    for (size_t i = m->nallocs; i-- > 0;)      /* in address order */
        if (m->allocs[i].addr <= addr) {
            near = &m->allocs[i];
            break;
        }
    if (near && addr - near->addr < near->size + DMEM_PAGE_SIZE)
        return fx_fault(x, w, ki, lane, "global %s of %u byte%s at 0x%llx %s the %llu-byte buffer at 0x%llx: offset %llu, its last byte is at offset %llu",
                        what, n, n == 1 ? "" : "s", (unsigned long long)addr,
                        addr - near->addr < near->size ? "runs past the end of"
                                                       : "is past the end of",
                        (unsigned long long)near->size,
                        (unsigned long long)near->addr,
                        (unsigned long long)(addr - near->addr),
                        (unsigned long long)(near->size - 1));
    return fx_fault(x, w, ki, lane, "global %s of %u bytes at 0x%llx is outside any allocation",
                    what, n, (unsigned long long)addr);
}

/* Resolves one lane's access; returns a host pointer or faults. */
static enum fx_status resolve(struct fctx *x, struct fwarp *w,
                              const struct kinst *ki, int lane, uint64_t addr,
                              unsigned n, bool store, uint8_t *space_out,
                              uint64_t *addr_out, uint8_t **p)
{
    uint8_t space = ki->space;
    if (space == KS_GENERIC) {
        if (addr - WS_SHARED_WINDOW < WS_WINDOW_SIZE) {
            space = KS_SHARED;
            addr -= WS_SHARED_WINDOW;
        } else if (addr - WS_LOCAL_WINDOW < WS_WINDOW_SIZE) {
            space = KS_LOCAL;
            addr -= WS_LOCAL_WINDOW;
        } else if (addr - WS_CONST_WINDOW < WS_WINDOW_SIZE) {
            space = KS_CONST;
            addr -= WS_CONST_WINDOW;
        } else {
            space = KS_GLOBAL;
        }
    }
    const char *what = ki->op == OP_LD ? "load" : ki->op == OP_ST ? "store"
                                                                  : "atomic";
    if (addr & (n - 1))                 /* n is a power of two */
        return fx_fault(x, w, ki, lane, "misaligned %s %s of %u bytes at address 0x%llx",
                        kspace_name(space), what, n, (unsigned long long)addr);
    *space_out = space;
    *addr_out = addr;
    const struct flaunch *L = x->L;
    switch (space) {
    case KS_GLOBAL:
        *p = dmem_ptr(x->mem, addr, n);
        if (!*p)
            return global_fault(x, w, ki, lane, what, n, addr);
        return FX_OK;
    case KS_SHARED:
        if (!span_fits(addr, n, x->cta->shared_bytes))
            return fx_fault(x, w, ki, lane, "shared %s of %u bytes at offset 0x%llx is outside the CTA's %u bytes of shared memory",
                            what, n, (unsigned long long)addr,
                            x->cta->shared_bytes);
        *p = x->cta->shared + addr;
        return FX_OK;
    case KS_LOCAL: {
        uint32_t fb = L->k->local_bytes;
        if (!span_fits(addr, n, fb))
            return fx_fault(x, w, ki, lane, "local %s of %u bytes at offset 0x%llx is outside the thread's %u-byte local frame",
                            what, n, (unsigned long long)addr, fb);
        size_t t = (size_t)w->wid * WS_WARP + (size_t)lane;
        *p = x->cta->local + t * fb + addr;
        return FX_OK;
    }
    case KS_PARAM:
        if (store)
            return fx_fault(x, w, ki, lane, "store to kernel parameter space");
        if (!span_fits(addr, n, L->k->param_bytes))
            return fx_fault(x, w, ki, lane, "parameter load of %u bytes at offset %llu is beyond the %u bytes of parameters",
                            n, (unsigned long long)addr, L->k->param_bytes);
        *p = L->params + addr;
        return FX_OK;
    case KS_CONST:
        if (store)
            return fx_fault(x, w, ki, lane, "store to constant memory");
        if (!span_fits(addr, n, L->const_bytes))
            return fx_fault(x, w, ki, lane, "constant load of %u bytes at offset 0x%llx is beyond the module's %u bytes of constants",
                            n, (unsigned long long)addr, L->const_bytes);
        *p = (uint8_t *)(uintptr_t)(L->constbank + addr);
        return FX_OK;
    default:
        return fx_fault(x, w, ki, lane, "access to an unknown state space");
    }
}

static void record(struct fctx *x, uint8_t space, unsigned size, bool store,
                   bool atomic)
{
    if (!x->rec)
        return;
    x->rec->space = space;
    x->rec->size = (uint8_t)size;
    x->rec->store = store;
    x->rec->atomic = atomic;
}

static void addresses(struct fctx *x, struct fwarp *w, const struct kop *o,
                      uint64_t *v)
{
    if (o->slot >= 0) {
        struct kop base = { .kind = KO_REG, .nslot = o->nslot,
                            .slot = o->slot };
        rd(x, w, &base, v);
    } else {
        memset(v, 0, sizeof(lanes_t));
    }
    /* the sum wraps at the base register's width, as on the hardware: a
       32-bit base plus an offset stays a 32-bit address (the offset read
       once: v could alias it, and a read per lane keeps the compiler
       from vectorising the loops) */
    const uint64_t imm = (uint64_t)o->imm;
    if (o->slot >= 0 && o->nslot == 1)
        for (int l = 0; l < WS_WARP; l++)
            v[l] = (uint32_t)(v[l] + imm);
    else
        for (int l = 0; l < WS_WARP; l++)
            v[l] += imm;
}

/*
** ptr[l] = the host byte of addr[l] in a block of host memory holding the
** simulated bytes base .. base + lim + n - 1, for the lanes of m (the
** others stand at base). Nonzero when some address is misaligned for n
** or some access not inside the block: by ORs, which the compiler
** vectorises (kept apart from its caller so that it does; the lane's bit
** by table, as a shift by the lane is no vector operation). With
** lim < 2^63, an offset d is at most lim exactly when neither d nor
** lim - d has the top bit set.
*/
__attribute__((noinline)) static uint64_t
block_pointers(uint8_t **restrict ptr, const uint64_t *restrict addr,
               uint32_t m, uint64_t base, uint64_t lim, uint64_t n,
               uint8_t *block)
{
    const uintptr_t host = (uintptr_t)block;
    uint64_t bad = 0;
    for (int l = 0; l < WS_WARP; l++) {
        uint64_t keep = 0 - (uint64_t)((m & fx_lane_bit[l]) != 0);
        uint64_t d = (addr[l] - base) & keep;
        bad |= (d & (n - 1)) | ((d | (lim - d)) >> 63);
        ptr[l] = (uint8_t *)(host + (uintptr_t)d);
    }
    return bad;
}

/* The same, true when every active lane's access is aligned and inside
   the block of size bytes. */
static bool block_lanes(const uint64_t *addr, uint32_t m, uint64_t base,
                        uint64_t size, unsigned n, uint8_t *block,
                        uint8_t **ptr)
{
    return n <= size && size < UINT64_C(1) << 63 &&
           !block_pointers(ptr, addr, m, base, size - n, n, block);
}

/*
** The host pointer of every active lane's access when the space is known
** and every access is aligned and in bounds (in global memory, all in one
** allocation, which is one host block): the common case, handled
** without the per-lane checks of resolve(). False sends the caller to the
** lane-by-lane path, which reports the fault.
*/
static bool fast_pointers(struct fctx *x, const struct fwarp *w, uint8_t space,
                          const uint64_t *restrict addr, uint32_t m,
                          unsigned n, uint8_t **restrict ptr)
{
    switch (space) {
    case KS_SHARED:
        return block_lanes(addr, m, 0, x->cta->shared_bytes, n,
                           x->cta->shared, ptr);
    case KS_LOCAL: {
        uint64_t fb = x->L->k->local_bytes, bad = 0;
        uint8_t *base = x->cta->local + (size_t)w->wid * WS_WARP * fb;
        for (int l = 0; l < WS_WARP; l++) {
            uint64_t a = (m >> l & 1) ? addr[l] : 0;
            bad |= (a & (n - 1)) | (uint64_t)!span_fits(a, n, fb);
            ptr[l] = base + (size_t)l * fb + a;
        }
        return bad == 0;
    }
    case KS_GLOBAL: {
        /* the allocation of the first active lane: lanes in another
           allocation, or a fault, go lane by lane */
        if (!m)
            return true;
        const struct dmem_alloc *al =
            dmem_find(x->mem, addr[__builtin_ctz(m)]);
        return al && block_lanes(addr, m, al->addr, al->size, n, al->host,
                                 ptr);
    }
    default:
        return false;
    }
}

/*
** Half-warp h's lanes of m (bits 0..15: lanes 16 h ..), and the first and
** last of them. The shaped paths below treat a warp as its two halves: a
** half with no lane in m takes no part.
*/
struct half {
    uint32_t bits;
    int first, last;
};

static inline struct half half_of(uint32_t m, int h)
{
    uint32_t b = m >> (16 * h) & 0xffffu;
    return (struct half){ b, b ? __builtin_ctz(b) : 0,
                          b ? 31 - __builtin_clz(b) : -1 };
}

/*
** One half's 32-bit values between the row v (the half's 16 lanes) and
** the host words at p, which hold the words of its lanes first .. last:
** a half with every lane in one copy, the others lane by lane.
*/
static inline void copy_half(uint8_t *p, uint32_t *v, struct half h,
                             bool store)
{
    if (h.bits == 0xffffu) {
        if (store)
            memcpy(p, v, 64);
        else
            memcpy(v, p, 64);
        return;
    }
    for (int l = h.first; l <= h.last; l++) {
        if (!(h.bits >> l & 1))
            continue;
        uint8_t *q = p + 4 * (l - h.first);
        if (store)
            memcpy(q, &v[l], 4);
        else
            memcpy(&v[l], q, 4);
    }
}

/* One half's lanes all on the word at p: a store leaves the half's
   highest lane's value, a load fills the half's lanes. */
static inline void same_half(uint8_t *p, uint32_t *v, struct half h,
                             bool store)
{
    if (store) {
        memcpy(p, &v[h.last], 4);
        return;
    }
    uint32_t x;
    memcpy(&x, p, 4);
    if (h.bits == 0xffffu) {
        /* four lanes per store (gcc leaves the loop scalar) */
        typedef uint32_t quad __attribute__((vector_size(16)));
        const quad q = { x, x, x, x };
        for (int l = 0; l < 16; l += 4)
            memcpy(v + l, &q, sizeof q);
        return;
    }
    for (int l = h.first; l <= h.last; l++)
        if (h.bits >> l & 1)
            v[l] = x;
}

/* The shapes of a warp's 32-bit addresses in its active lanes that
   tiles and arrays indexed by thread make, which the paths below copy by
   half-warp (the same for shared and global memory). */
enum {
    SHAPE_HALVES = 1, /* each half-warp's lanes on consecutive words: a
                         lane 4 bytes past the lane before it (a row of a
                         16-wide tile, an array by thread index) */
    SHAPE_SAME = 2,   /* each half-warp's lanes on one word (a tile's
                         element that a row of threads broadcasts) */
    SHAPE_ONE = 4,    /* every lane on one word */
};

/* 4 l for the lanes of a half: the shape tests take the product by table,
   as gcc does not vectorise a loop with it. */
static const uint32_t word32[WS_WARP / 2] = {
    0, 4, 8, 12, 16, 20, 24, 28, 32, 36, 40, 44, 48, 52, 56, 60,
};

/* The word of lane 0 of half h, were its active lanes (of m) consecutive
   words from its first one's in addr; 0 for a half without active lanes. */
static inline uint32_t half_base32(const uint32_t *addr, uint32_t m, int h)
{
    struct half q = half_of(m, h);
    return q.bits ? addr[16 * h + q.first] - 4 * (uint32_t)q.first : 0;
}

static inline uint64_t half_base64(const uint64_t *addr, uint32_t m, int h)
{
    struct half q = half_of(m, h);
    return q.bits ? addr[16 * h + q.first] - 4 * (uint64_t)q.first : 0;
}

/* a[l] = lo[l] + imm; true when every a[l] is 4-aligned and at most lim
   (< 2^31): exactly when neither a[l] nor lim - a[l] (which wraps past
   2^31 when a[l] > lim) has its top bit set and a[l] its low two. ORs
   and subtractions, which the compiler vectorises (kept apart from its
   caller so that it does). */
__attribute__((noinline)) static bool
shared_addrs32(uint32_t *restrict a, const uint32_t *restrict lo, uint32_t imm,
               uint32_t lim)
{
    uint32_t any = 0, over = 0;
    for (int l = 0; l < WS_WARP; l++) {
        a[l] = lo[l] + imm;
        any |= a[l];
        over |= lim - a[l];
    }
    return !(any & 0x80000003u) && !(over & 0x80000000u);
}

/* For the timing model: a shared access of 32-bit values by the lanes of
   m at lo[l] + imm (the sums in 32-bit arithmetic, vectorised here apart
   from the callers' branches, where gcc leaves the loop scalar). */
__attribute__((noinline)) static void
record_shared32(struct fctx *x, const uint32_t *restrict lo, uint32_t imm,
                bool store, uint32_t m)
{
    uint32_t a[WS_WARP];
    for (int l = 0; l < WS_WARP; l++)
        a[l] = lo[l] + imm;
    record(x, KS_SHARED, 4, store, false);
    x->rec->mask = m;
    row_to_lanes(x->rec->addr, a, NULL);
}

/* Eight lanes' words as one value of the compiler's vector extension
   (two SSE registers in the baseline build, one AVX2 register in the
   AVX2 build). */
typedef uint32_t lanes8 __attribute__((vector_size(32)));

/* (Through pointers: a 32-byte vector passed or returned by value in
   the baseline build would be an ABI of its own.) */
static inline void lanes8_at(lanes8 *v, const uint32_t *p)
{
    memcpy(v, p, sizeof *v);
}

/* Whether any lane of *v is not 0. */
static inline bool lanes8_any(const lanes8 *v)
{
    uint64_t q[4];
    memcpy(q, v, sizeof q);
    return (q[0] | q[1] | q[2] | q[3]) != 0;
}

/* Which of SHAPE_HALVES, SHAPE_SAME a whole warp's addresses lo[l] + imm
   have (0: neither), from each lane's offset to its half's first lane,
   where imm cancels: by ORs of eight lanes at a time. */
__attribute__((noinline)) static unsigned
shared_shape(const uint32_t *restrict lo)
{
    static const lanes8 w0 = { 0, 4, 8, 12, 16, 20, 24, 28 };
    static const lanes8 w1 = { 32, 36, 40, 44, 48, 52, 56, 60 };
    lanes8 d0, d1, e0, e1;
    lanes8_at(&d0, lo);
    lanes8_at(&d1, lo + 8);
    lanes8_at(&e0, lo + 16);
    lanes8_at(&e1, lo + 24);
    d0 -= lo[0];
    d1 -= lo[0];
    e0 -= lo[WS_WARP / 2];
    e1 -= lo[WS_WARP / 2];
    lanes8 runs = (d0 - w0) | (d1 - w1) | (e0 - w0) | (e1 - w1);
    lanes8 same = d0 | d1 | e0 | e1;
    return (lanes8_any(&runs) ? 0 : SHAPE_HALVES) |
           (lanes8_any(&same) ? 0 : SHAPE_SAME);
}

/* The same for the lanes of m (not 0 and not every lane), each lane's
   mask by table (gcc does not vectorise a shift by l); base[h]: each
   half's lane-0 word, were its active lanes consecutive words. */
__attribute__((noinline)) static unsigned
shared_shape_some(const uint32_t *restrict lo, uint32_t m,
                  uint32_t *restrict base)
{
    const uint32_t *lh = lo + WS_WARP / 2;
    const uint32_t r0 = half_base32(lo, m, 0), r1 = half_base32(lo, m, 1);
    const uint32_t s0 = lo[half_of(m, 0).first], s1 = lh[half_of(m, 1).first];
    uint32_t runs = 0, same = 0;
    for (int l = 0; l < WS_WARP / 2; l++) {
        uint32_t k0 = (m & fx_lane_bit[l]) ? 0xffffffffu : 0;
        uint32_t k1 = (m & fx_lane_bit[l + 16]) ? 0xffffffffu : 0;
        uint32_t d = lo[l] - word32[l] - r0, e = lh[l] - word32[l] - r1;
        runs |= (d & k0) | (e & k1);
        same |= ((lo[l] - s0) & k0) | ((lh[l] - s1) & k1);
    }
    base[0] = r0;
    base[1] = r1;
    return (runs ? 0 : SHAPE_HALVES) | (same ? 0 : SHAPE_SAME);
}

/* Whether the words a .. a + span are aligned and at most lim (< 2^31). */
static inline bool shared_span(uint32_t a, uint32_t span, uint32_t lim)
{
    return !(a & 3) && a <= lim && lim - a >= span;
}

/*
** A whole warp's 32-bit access to shared memory through a 32-bit address
** (the inner loop of tiled kernels), checked and copied in 32-bit
** arithmetic without fast_pointers' array of host pointers: by half-warp
** for the two shapes tiles make (SHAPE_HALVES, SHAPE_SAME), else word by
** word. Lanes store in order: the second half after the first, a half's
** highest lane last. False (nothing done) when some lane would fault:
** the slow path says why.
*/
static bool full_shared32(struct fctx *x, const uint32_t *lo, uint32_t imm,
                          uint32_t *v, bool store)
{
    enum { H = WS_WARP / 2 };
    uint8_t *const shared = x->cta->shared;
    const uint32_t lim = x->cta->shared_bytes - 4;
    unsigned shape = shared_shape(lo);
    if (shape) {
        uint32_t a0 = lo[0] + imm, a1 = lo[H] + imm;
        uint32_t span = shape == SHAPE_HALVES ? 4 * (H - 1) : 0;
        if (!shared_span(a0, span, lim) || !shared_span(a1, span, lim))
            return false;
        if (x->rec)                   /* before a load overwrites lo */
            record_shared32(x, lo, imm, store, 0xffffffffu);
        const struct half all = { 0xffffu, 0, H - 1 };
        if (shape == SHAPE_HALVES) {
            copy_half(shared + a0, v, all, store);
            copy_half(shared + a1, v + H, all, store);
        } else {
            same_half(shared + a0, v, all, store);
            same_half(shared + a1, v + H, all, store);
        }
        return true;
    }
    uint32_t a[WS_WARP];
    if (!shared_addrs32(a, lo, imm, lim))
        return false;
    /* four lanes per iteration: the loop's own count and branch were
       half of the copy's host instructions */
    if (store) {
        for (int l = 0; l < WS_WARP; l += 4) {
            memcpy(shared + a[l], &v[l], 4);
            memcpy(shared + a[l + 1], &v[l + 1], 4);
            memcpy(shared + a[l + 2], &v[l + 2], 4);
            memcpy(shared + a[l + 3], &v[l + 3], 4);
        }
    } else {
        for (int l = 0; l < WS_WARP; l += 4) {
            memcpy(&v[l], shared + a[l], 4);
            memcpy(&v[l + 1], shared + a[l + 1], 4);
            memcpy(&v[l + 2], shared + a[l + 2], 4);
            memcpy(&v[l + 3], shared + a[l + 3], 4);
        }
    }
    if (x->rec) {
        record(x, KS_SHARED, 4, store, false);
        x->rec->mask = 0xffffffffu;
        row_to_lanes(x->rec->addr, a, NULL);
    }
    return true;
}

/*
** full_shared32's shapes for a warp with some lanes inactive (m not 0 and
** not every lane): each half's span from its first active lane's word to
** its last's checked, those lanes copied. Kept apart from the whole
** warp's path, which it would slow. 1: done; 0: some lane would fault
** (nothing done: the slow path says why); -1: another shape, which this
** does not take (nothing done).
*/
__attribute__((noinline)) static int
some_shared32(struct fctx *x, const uint32_t *lo, uint32_t imm, uint32_t *v,
              bool store, uint32_t m)
{
    uint32_t base[2];
    unsigned shape = shared_shape_some(lo, m, base);
    if (!shape)
        return -1;
    const uint32_t lim = x->cta->shared_bytes - 4;
    uint8_t *p[2] = { NULL, NULL };
    for (int hi = 0; hi < 2; hi++) {
        struct half h = half_of(m, hi);
        if (!h.bits)
            continue;
        uint32_t a = shape == SHAPE_HALVES ? base[hi] + imm + 4 * (uint32_t)h.first
                                           : lo[16 * hi + h.first] + imm;
        uint32_t span = shape == SHAPE_HALVES ? 4 * (uint32_t)(h.last - h.first)
                                              : 0;
        if (!shared_span(a, span, lim))
            return 0;
        p[hi] = x->cta->shared + a;
    }
    if (x->rec)                       /* before a load overwrites lo */
        record_shared32(x, lo, imm, store, m);
    for (int hi = 0; hi < 2; hi++) {
        if (!p[hi])
            continue;
        if (shape == SHAPE_HALVES)
            copy_half(p[hi], v + 16 * hi, half_of(m, hi), store);
        else
            same_half(p[hi], v + 16 * hi, half_of(m, hi), store);
    }
    return 1;
}

/* Each lane's 32-bit value of m between v and the host byte ptr[l]; a
   store applies the lanes in order, so the highest lane writing a word
   leaves its value. */
static void copy32(uint8_t *const *ptr, uint32_t *v, uint32_t m, bool store)
{
    if (store) {
        for (int l = 0; l < WS_WARP; l++)
            if (m >> l & 1)
                memcpy(ptr[l], &v[l], 4);
    } else if (m == 0xffffffffu) {
        for (int l = 0; l < WS_WARP; l += 4) {     /* as in full_shared32 */
            memcpy(&v[l], ptr[l], 4);
            memcpy(&v[l + 1], ptr[l + 1], 4);
            memcpy(&v[l + 2], ptr[l + 2], 4);
            memcpy(&v[l + 3], ptr[l + 3], 4);
        }
    } else {
        for (int l = 0; l < WS_WARP; l++)
            if (m >> l & 1)
                memcpy(&v[l], ptr[l], 4);
    }
}

/* Which of SHAPE_HALVES, SHAPE_ONE the 64-bit addresses of the lanes of
   m have (0: another one; m not 0), as shared_shape does; base[h]: each
   half's lane-0 word, were it consecutive. SHAPE_HALVES also needs the
   words aligned; one_address32 checks its own. */
__attribute__((noinline)) static unsigned
warp_shape(const uint64_t *restrict addr, uint32_t m, uint64_t *restrict base)
{
    static const uint64_t word[WS_WARP / 2] = {
        0, 4, 8, 12, 16, 20, 24, 28, 32, 36, 40, 44, 48, 52, 56, 60,
    };
    const uint64_t *h1 = addr + WS_WARP / 2;
    const uint64_t a = addr[__builtin_ctz(m)];
    uint64_t halves, one = 0;
    if (m == 0xffffffffu) {           /* no masks */
        const uint64_t b0 = addr[0], b1 = h1[0];
        halves = (b0 | b1) & 3;
        for (int l = 0; l < WS_WARP / 2; l++)
            halves |= (addr[l] - word[l] - b0) | (h1[l] - word[l] - b1);
        base[0] = b0;
        base[1] = b1;
        if (!halves)
            return SHAPE_HALVES;
        for (int l = 0; l < WS_WARP / 2; l++)
            one |= (addr[l] - a) | (h1[l] - a);
        return one ? 0 : SHAPE_ONE;
    }
    const uint64_t b0 = half_base64(addr, m, 0), b1 = half_base64(addr, m, 1);
    halves = (b0 | b1) & 3;
    for (int l = 0; l < WS_WARP / 2; l++) {
        uint64_t k0 = 0 - (uint64_t)((m & fx_lane_bit[l]) != 0);
        uint64_t k1 = 0 - (uint64_t)((m & fx_lane_bit[l + 16]) != 0);
        halves |= ((addr[l] - word[l] - b0) & k0) | ((h1[l] - word[l] - b1) & k1);
    }
    base[0] = b0;
    base[1] = b1;
    if (!halves)
        return SHAPE_HALVES;
    for (int l = 0; l < WS_WARP / 2; l++) {
        uint64_t k0 = 0 - (uint64_t)((m & fx_lane_bit[l]) != 0);
        uint64_t k1 = 0 - (uint64_t)((m & fx_lane_bit[l + 16]) != 0);
        one |= ((addr[l] - a) & k0) | ((h1[l] - a) & k1);
    }
    return one ? 0 : SHAPE_ONE;
}

/*
** A warp's 32-bit global access whose half-warps each read or write
** consecutive words in their active lanes (SHAPE_HALVES: how kernels
** index arrays by thread, also a 16-wide tile's two rows): a copy of 64
** bytes for a whole half. False (nothing done) when a half is not inside
** one allocation; the lane-by-lane path then says why. Two halves that
** overlap store in lane order: the second half last. some_halves32 takes
** a warp with some lanes inactive, apart from the whole warp's path,
** which it would slow.
*/
__attribute__((noinline)) static bool
some_halves32(struct fctx *x, const uint64_t *base, uint32_t *v, bool store,
              uint32_t m)
{
    uint8_t *p[2] = { NULL, NULL };
    for (int hi = 0; hi < 2; hi++) {
        struct half h = half_of(m, hi);
        if (h.bits &&
            !(p[hi] = dmem_ptr(x->mem, base[hi] + 4 * (uint64_t)h.first,
                               4 * (uint64_t)(h.last - h.first + 1))))
            return false;
    }
    for (int hi = 0; hi < 2; hi++)
        if (p[hi])
            copy_half(p[hi], v + 16 * hi, half_of(m, hi), store);
    return true;
}

static bool global_halves32(struct fctx *x, const uint64_t *base, uint32_t *v,
                            bool store, uint32_t m)
{
    if (m != 0xffffffffu)
        return some_halves32(x, base, v, store, m);
    uint8_t *h0 = dmem_ptr(x->mem, base[0], 64);
    uint8_t *h1 = dmem_ptr(x->mem, base[1], 64);
    if (!h0 || !h1)
        return false;
    const struct half all = { 0xffffu, 0, 15 };
    copy_half(h0, v, all, store);
    copy_half(h1, v + 16, all, store);
    return true;
}

/*
** ld/st of one 32-bit value per lane at one address for every lane (an
** array element by its symbol, as a register-tiled kernel reads the
** operand it broadcasts; or a register that holds the same address in
** every lane, SHAPE_ONE), in shared or global memory: one access. A
** store leaves the highest active lane's value, as storing the lanes in
** order does. False (nothing done) when the word is misaligned or
** outside: the lane-by-lane path says why.
*/
static bool one_address32(struct fctx *x, uint8_t space, uint64_t a,
                          uint32_t *v, uint32_t m, bool store)
{
    uint8_t *p;
    if (a & 3)
        return false;
    if (space == KS_SHARED) {
        if (a > x->cta->shared_bytes || x->cta->shared_bytes - a < 4)
            return false;
        p = x->cta->shared + a;
    } else if (space == KS_GLOBAL) {
        if (!(p = dmem_ptr(x->mem, a, 4)))
            return false;
    } else {
        return false;
    }
    if (store) {
        memcpy(p, &v[31 - __builtin_clz(m)], 4);
    } else {
        uint32_t val;
        memcpy(&val, p, 4);
        row_fill(v, val, m);
    }
    if (x->rec) {
        record(x, space, 4, store, false);
        x->rec->mask = m;
        for (int l = 0; l < WS_WARP; l++)
            x->rec->addr[l] = a;
    }
    return true;
}

static bool lanes_ldst32(struct fctx *x, struct fwarp *w,
                         const struct kinst *ki, uint32_t m,
                         const uint32_t *lo, uint32_t *v);

/*
** ld/st of one 32-bit value per lane between a register and shared,
** local or global memory, the bulk of memory instructions: straight
** between the register's slots and memory. False (nothing done) when the
** instruction is anything else or some lane would fault.
*/
static bool fast_ldst32(struct fctx *x, struct fwarp *w, const struct kinst *ki,
                        uint32_t m)
{
    bool store = ki->op == OP_ST;
    const struct kop *ao = &ki->s[0];
    const struct kop *vo = store ? &ki->s[1] : &ki->d[0];
    if (ki->m.vec != 1 || ptx_type_size((enum ptx_type)ki->m.type) != 4 ||
        vo->kind != KO_REG || vo->nslot != 1 || vo->bytes != 4 ||
        ao->kind != KO_ADDR)
        return false;
    uint32_t *v = w->r + (size_t)vo->slot * WS_WARP;
    if (ao->slot < 0)
        return m && one_address32(x, ki->space, (uint64_t)ao->imm, v, m,
                                  store);
    const uint32_t *lo = w->r + (size_t)ao->slot * WS_WARP;
    if (ki->space == KS_SHARED && ao->nslot == 1 && m &&
        x->cta->shared_bytes >= 4 && x->cta->shared_bytes <= 0x80000000u) {
        if (m == 0xffffffffu)
            return full_shared32(x, lo, (uint32_t)ao->imm, v, store);
        int done = some_shared32(x, lo, (uint32_t)ao->imm, v, store, m);
        if (done >= 0)
            return done;
    }
    return lanes_ldst32(x, w, ki, m, lo, v);
}

/*
** fast_ldst32 by the lanes' addresses: global memory by its shape, and
** what the shared paths declined. A function of its own, so that the
** shared paths do not pay for its frame.
*/
static __attribute__((noinline)) bool
lanes_ldst32(struct fctx *x, struct fwarp *w, const struct kinst *ki,
             uint32_t m, const uint32_t *lo, uint32_t *v)
{
    bool store = ki->op == OP_ST;
    const struct kop *ao = &ki->s[0];
    uint64_t addr[WS_WARP];
    if (ao->nslot == 2) {
        const uint32_t *hi = lo + WS_WARP;
        for (int l = 0; l < WS_WARP; l++)
            addr[l] = (lo[l] | (uint64_t)hi[l] << 32) + ao->imm;
    } else {
        for (int l = 0; l < WS_WARP; l++)
            addr[l] = (uint32_t)(lo[l] + (uint64_t)ao->imm);
    }
    uint64_t base[2];
    unsigned shape = ki->space == KS_GLOBAL && m ? warp_shape(addr, m, base)
                                                 : 0;
    if (shape == SHAPE_ONE)         /* a row's element broadcast */
        return one_address32(x, KS_GLOBAL, addr[__builtin_ctz(m)], v, m,
                             store);
    uint8_t *ptr[WS_WARP];
    if (!(shape == SHAPE_HALVES && global_halves32(x, base, v, store, m))) {
        if (!fast_pointers(x, w, ki->space, addr, m, 4, ptr))
            return false;
        copy32(ptr, v, m, store);
    }
    if (x->rec) {
        record(x, ki->space, 4, store, false);
        x->rec->mask = m;
        memcpy(x->rec->addr, addr, sizeof addr);
    }
    return true;
}

/* One element of esz (1, 2, 4 or 8) bytes, little-endian host. */
static inline uint64_t load_elem(const uint8_t *p, unsigned esz)
{
    uint8_t b;
    uint16_t h;
    uint32_t u;
    uint64_t d;
    switch (esz) {
    case 1: memcpy(&b, p, 1); return b;
    case 2: memcpy(&h, p, 2); return h;
    case 4: memcpy(&u, p, 4); return u;
    default: memcpy(&d, p, 8); return d;
    }
}

/* Element `off` bytes into every lane's access in m, of esz bytes,
   sign-extended when sgn: the size looked at once for the warp. */
static void load_lanes(uint64_t *v, uint8_t *const *ptr, unsigned off,
                       unsigned esz, bool sgn, uint32_t m)
{
    /* a whole warp (the common case) without a test per lane, and the
       extension chosen once */
#define LOAD_LANES(T, S)                                                   \
    if (m == 0xffffffffu && sgn) {                                         \
        for (int l = 0; l < WS_WARP; l++) {                                \
            T t;                                                           \
            memcpy(&t, ptr[l] + off, sizeof t);                            \
            v[l] = (uint64_t)(int64_t)(S)t;                                \
        }                                                                  \
    } else if (m == 0xffffffffu) {                                         \
        for (int l = 0; l < WS_WARP; l++) {                                \
            T t;                                                           \
            memcpy(&t, ptr[l] + off, sizeof t);                            \
            v[l] = t;                                                      \
        }                                                                  \
    } else {                                                               \
        for (int l = 0; l < WS_WARP; l++)                                  \
            if (m >> l & 1) {                                              \
                T t;                                                       \
                memcpy(&t, ptr[l] + off, sizeof t);                        \
                v[l] = sgn ? sext(t, 8 * (int)sizeof t) : t;               \
            }                                                              \
    }
    switch (esz) {
    case 1: LOAD_LANES(uint8_t, int8_t); break;
    case 2: LOAD_LANES(uint16_t, int16_t); break;
    case 4: LOAD_LANES(uint32_t, int32_t); break;
    default: LOAD_LANES(uint64_t, int64_t); break;
    }
#undef LOAD_LANES
}

/*
** A load from a kernel parameter at a fixed offset (ld.param with no
** register in the address): every lane reads the same bytes, read once.
*/
static bool fast_param(struct fctx *x, struct fwarp *w, const struct kinst *ki,
                       uint32_t m)
{
    const struct kop *ao = &ki->s[0], *vo = &ki->d[0];
    unsigned esz = ptx_type_size((enum ptx_type)ki->m.type);
    if (ki->op != OP_LD || ki->space != KS_PARAM || ki->m.vec != 1 ||
        ao->kind != KO_ADDR || ao->slot >= 0 || vo->kind != KO_REG ||
        esz == 0 || (ao->imm & (esz - 1)) ||
        ao->imm + esz > x->L->k->param_bytes)
        return false;
    uint64_t v = load_elem(x->L->params + ao->imm, esz);
    if (ptx_type_is_signed((enum ptx_type)ki->m.type))
        v = sext(v, (int)esz * 8);
    wr_same(w, vo, v, m);
    if (x->rec) {
        record(x, KS_PARAM, esz, false, false);
        x->rec->mask = m;
        uint64_t *ra = x->rec->addr, imm = ao->imm;
        for (int l = 0; l < WS_WARP; l++)
            ra[l] = imm;
    }
    return true;
}

/* ld/st of the 32-bit values of row v by ki's address, as fast_ldst32
   does it without its shared paths for tiles (a vector is seldom a
   tile's row). */
static bool row_ldst32(struct fctx *x, struct fwarp *w, const struct kinst *ki,
                       uint32_t m, uint32_t *v)
{
    const struct kop *ao = &ki->s[0];
    if (ao->slot < 0)
        return m && one_address32(x, ki->space, (uint64_t)ao->imm, v, m,
                                  ki->op == OP_ST);
    return lanes_ldst32(x, w, ki, m, w->r + (size_t)ao->slot * WS_WARP, v);
}

/*
** A vector of 4 bytes a lane (v4 of bytes, v2 of halves) as the 32-bit
** access of one row (row_ldst32: one word, global memory by half-warp,
** else the lanes' addresses): the elements packed into the row before a
** store, taken out of it after a load (sign-extended when signed; a
** 64-bit register's high word the extension of its low one).
*/
static bool vec_row32(struct fctx *x, struct fwarp *w, const struct kinst *ki,
                      uint32_t m, const struct kop *vo, unsigned esz)
{
    const unsigned bits = 8 * esz, nv = 4 / esz;
    const uint32_t emask = (1u << bits) - 1;
    uint32_t row[WS_WARP];
    memset(row, 0, sizeof row);
    if (ki->op == OP_ST) {
        for (unsigned e = 0; e < nv; e++) {
            const uint32_t *r = w->r + (size_t)vo->vec[e] * WS_WARP;
            for (int l = 0; l < WS_WARP; l++)
                row[l] |= (r[l] & emask) << (e * bits);
        }
        return row_ldst32(x, w, ki, m, row);
    }
    if (!row_ldst32(x, w, ki, m, row))
        return false;
    bool sgn = ptx_type_is_signed((enum ptx_type)ki->m.type);
    const uint32_t keep = vo->bytes >= 4 ? 0xffffffffu
                                         : (1u << (8 * vo->bytes)) - 1;
    for (unsigned e = 0; e < nv; e++) {
        if (vo->vec[e] < 0)
            continue;                               /* '_' */
        uint32_t el[WS_WARP];
        const unsigned up = 32 - bits;
        for (int l = 0; l < WS_WARP; l++)
            el[l] = (sgn ? (uint32_t)((int32_t)(row[l] >> (e * bits) << up) >> up)
                         : row[l] >> (e * bits) & emask) & keep;
        uint32_t *r = w->r + (size_t)vo->vec[e] * WS_WARP;
        put32(r, el, m);
        if (vo->nslot == 2) {           /* (keep is every bit here) */
            uint32_t hi[WS_WARP];
            for (int l = 0; l < WS_WARP; l++)
                hi[l] = sgn ? (uint32_t)((int32_t)el[l] >> 31) : 0;
            put32(r + WS_WARP, hi, m);
        }
    }
    return true;
}

/*
** ld/st of a vector of 2 or 4 elements of at most 8 bytes in all (packed
** bytes and pairs: histograms, pixels) in shared, local or global memory,
** when every lane's access is aligned and in bounds: each lane's elements
** as one integer, one load or store a lane instead of one an element.
** A lane's bytes do not overlap, so storing them at once leaves what the
** general path leaves, lanes in order. False (nothing done) otherwise.
*/
static bool fast_vec(struct fctx *x, struct fwarp *w, const struct kinst *ki,
                     uint32_t m)
{
    bool store = ki->op == OP_ST;
    const struct kop *ao = &ki->s[0];
    const struct kop *vo = store ? &ki->s[1] : &ki->d[0];
    unsigned esz = ptx_type_size((enum ptx_type)ki->m.type);
    unsigned nv = ki->m.vec, total = esz * nv;
    if (nv < 2 || total > 8 || !m || vo->kind != KO_VEC ||
        ao->kind != KO_ADDR ||
        (ki->space != KS_GLOBAL && ki->space != KS_SHARED &&
         ki->space != KS_LOCAL))
        return false;
    if (total == 4)
        return vec_row32(x, w, ki, m, vo, esz);
    lanes_t addr, word, v;
    uint8_t *ptr[WS_WARP];
    addresses(x, w, ao, addr);
    if (!fast_pointers(x, w, ki->space, addr, m, total, ptr))
        return false;
    const int bits = 8 * (int)esz;
    const uint64_t emask = bits_mask(bits);
    if (store) {
        memset(word, 0, sizeof word);
        for (unsigned e = 0; e < nv; e++) {
            struct kop el = { .kind = KO_REG, .nslot = vo->nslot,
                              .slot = vo->vec[e] };
            rd(x, w, &el, v);
            for (int l = 0; l < WS_WARP; l++)
                word[l] |= (v[l] & emask) << (e * (unsigned)bits);
        }
        /* the low `total` bytes of each word (a little-endian host), the
           size's case chosen once (4 bytes went to vec_row32) */
#define STORE_WORDS(T)                                                     \
    for (int l = 0; l < WS_WARP; l++)                                      \
        if (m >> l & 1) {                                                  \
            T t = (T)word[l];                                              \
            memcpy(ptr[l], &t, sizeof t);                                  \
        }
        if (total == 2) {
            STORE_WORDS(uint16_t)
        } else {
            STORE_WORDS(uint64_t)
        }
#undef STORE_WORDS
    } else {
        memset(word, 0, sizeof word);
        load_lanes(word, ptr, 0, total, false, m);
        bool sgn = ptx_type_is_signed((enum ptx_type)ki->m.type);
        for (unsigned e = 0; e < nv; e++) {
            if (vo->vec[e] < 0)
                continue;                           /* '_' */
            for (int l = 0; l < WS_WARP; l++)
                v[l] = word[l] >> (e * (unsigned)bits) & emask;
            if (sgn)
                for (int l = 0; l < WS_WARP; l++)
                    v[l] = sext(v[l], bits);
            wr_slot(w, vo->vec[e], vo->nslot, vo->bytes, v, m);
        }
    }
    if (x->rec) {
        for (int l = 0; l < WS_WARP; l++)
            if (m >> l & 1)
                x->rec->addr[l] = addr[l];
        record(x, ki->space, total, store, false);
        x->rec->mask = m;
    }
    return true;
}

bool fx_fast_mem(struct fctx *x, struct fwarp *w, const struct kinst *ki,
                 uint32_t m)
{
    return fast_ldst32(x, w, ki, m) ||
           (ki->m.vec > 1 ? fast_vec(x, w, ki, m) : fast_param(x, w, ki, m));
}

enum fx_status fx_mem(struct fctx *x, struct fwarp *w, const struct kinst *ki,
                      uint32_t m)
{
    bool store = ki->op == OP_ST;
    /* ld d, [a]: address is source 0. st [a], v: st has no destination,
       so the address is source 0 and the value source 1. */
    const struct kop *ao = &ki->s[0];
    const struct kop *vo = store ? &ki->s[1] : &ki->d[0];
    unsigned esz = ptx_type_size((enum ptx_type)ki->m.type);
    unsigned nv = ki->m.vec, total = esz * nv;
    bool sgn = ptx_type_is_signed((enum ptx_type)ki->m.type);
    lanes_t addr;
    addresses(x, w, ao, addr);
    lanes_t val[4];
    if (store) {
        if (vo->kind == KO_VEC) {
            for (unsigned e = 0; e < nv; e++) {
                struct kop el = { .kind = KO_REG, .nslot = vo->nslot,
                                  .slot = vo->vec[e] };
                rd(x, w, &el, val[e]);
            }
        } else {
            rd(x, w, vo, val[0]);
        }
    }
    uint8_t space = ki->space;
    uint8_t *ptr[WS_WARP];
    if (x->general_only ||
        !fast_pointers(x, w, ki->space, addr, m, total, ptr)) {
        for (int l = 0; l < WS_WARP; l++) {
            if (!(m >> l & 1))
                continue;
            uint64_t ra;
            enum fx_status st = resolve(x, w, ki, l, addr[l], total, store,
                                        &space, &ra, &ptr[l]);
            if (st != FX_OK)
                return st;
            addr[l] = ra;
        }
    }
    if (store) {
        /* lane by lane, each lane's elements in order (where lanes
           overlap, the later lane's bytes stay), the size's case chosen
           once for the warp */
#define STORE_LANES(T)                                                     \
    for (int l = 0; l < WS_WARP; l++)                                      \
        if (m >> l & 1)                                                    \
            for (unsigned e = 0; e < nv; e++) {                            \
                T t = (T)val[e][l];                                        \
                memcpy(ptr[l] + e * sizeof t, &t, sizeof t);               \
            }
        switch (esz) {
        case 1: STORE_LANES(uint8_t); break;
        case 2: STORE_LANES(uint16_t); break;
        case 4: STORE_LANES(uint32_t); break;
        default: STORE_LANES(uint64_t); break;
        }
#undef STORE_LANES
    } else {
        for (unsigned e = 0; e < nv; e++)
            load_lanes(val[e], ptr, e * esz, esz, sgn, m);
    }
    if (x->rec) {
        uint64_t *ra = x->rec->addr;
        for (int l = 0; l < WS_WARP; l++)
            if (m >> l & 1)
                ra[l] = addr[l];
        record(x, space, total, store, false);
        x->rec->mask = m;
    }
    if (!store) {
        if (vo->kind == KO_VEC) {
            for (unsigned e = 0; e < nv; e++)
                if (vo->vec[e] >= 0)
                    wr_slot(w, vo->vec[e], vo->nslot, vo->bytes, val[e], m);
        } else {
            wr(w, vo, val[0], m);
        }
    }
    return FX_OK;
}

/* An integer atomic's new value: old and b already cut to `bits`, mk
   their mask. Inlined, with the width a constant where it is one. */
static inline uint64_t atom_int(uint8_t mode, bool sgn, int bits,
                                uint64_t mk, uint64_t old, uint64_t b,
                                uint64_t c)
{
    switch (mode) {
    case ATOM_ADD: return (old + b) & mk;
    case ATOM_MIN:
    case ATOM_MAX: {
        int lt = sgn ? (int64_t)sext(old, bits) < (int64_t)sext(b, bits)
                     : old < b;
        return (mode == ATOM_MIN) == lt ? old : b;
    }
    case ATOM_INC: return old >= b ? 0 : old + 1;
    case ATOM_DEC: return (old == 0 || old > b) ? b : old - 1;
    case ATOM_AND: return old & b;
    case ATOM_OR: return old | b;
    case ATOM_XOR: return old ^ b;
    case ATOM_EXCH: return b;
    case ATOM_CAS: return old == b ? c & mk : old;
    default: return old;
    }
}

static uint64_t atom_apply(const struct kinst *ki, uint64_t old, uint64_t b,
                           uint64_t c, bool global)
{
    uint8_t t = ki->m.type;
    int bits = type_bits(t);
    uint64_t mk = bits_mask(bits);
    old &= mk;
    b &= mk;
    if (ki->m.mode == ATOM_ADD && t == PT_F32) {
        /* PTX: atom.add.f32 on global memory rounds to nearest even and
           flushes subnormal inputs and results to sign-preserving zero;
           on shared memory it keeps subnormals. A NaN result is the
           canonical NaN, as for add.f32 (recorded on an H100). */
        if (!global)
            return f32_result(as_f32(old) + as_f32(b));
        return f32_result(f32_ftz(f32_ftz(as_f32(old)) + f32_ftz(as_f32(b))));
    }
    if (ki->m.mode == ATOM_ADD && t == PT_F64)
        return from_f64(as_f64(old) + as_f64(b));
    return atom_int(ki->m.mode, ptx_type_is_signed((enum ptx_type)t), bits,
                    mk, old, b, c);
}

enum fx_status fx_atom(struct fctx *x, struct fwarp *w,
                       const struct kinst *ki, uint32_t m)
{
    bool red = ki->op == OP_RED;
    const struct kop *ao = &ki->s[0];
    lanes_t addr, b, c, d;
    addresses(x, w, ao, addr);
    rd(x, w, &ki->s[1], b);
    if (ki->m.mode == ATOM_CAS)
        rd(x, w, &ki->s[2], c);
    else
        memset(c, 0, sizeof c);
    unsigned n = ptx_type_size((enum ptx_type)ki->m.type);
    uint8_t space = KS_GLOBAL;
    /* In global or shared memory by the instruction, every lane's address
       valid: the warp's pointers at once (the lanes still apply in order). */
    uint8_t *ptr[WS_WARP];
    bool fast = !x->general_only && m &&
                (ki->space == KS_GLOBAL || ki->space == KS_SHARED) &&
                fast_pointers(x, w, ki->space, addr, m, n, ptr);
    if (fast)
        space = ki->space;
    uint8_t t = ki->m.type;
    bool i32 = fast && (t == PT_B32 || t == PT_U32 || t == PT_S32);
    for (int l = 0; l < WS_WARP; l++) {
        if (!(m >> l & 1))
            continue;
        uint8_t *p = fast ? ptr[l] : NULL;
        uint64_t ra = addr[l];
        if (i32) {              /* (fast: ptr[l] is the lane's word) */
            uint32_t old, nv;
            memcpy(&old, ptr[l], 4);
            nv = (uint32_t)atom_int(ki->m.mode, t == PT_S32, 32, 0xffffffffu,
                                    old, (uint32_t)b[l], c[l]);
            memcpy(ptr[l], &nv, 4);
            d[l] = norm(old, t);
            if (x->rec)
                x->rec->addr[l] = ra;
            continue;
        }
        if (!fast) {
            enum fx_status st = resolve(x, w, ki, l, addr[l], n, true, &space,
                                        &ra, &p);
            if (st != FX_OK)
                return st;
            if (space != KS_GLOBAL && space != KS_SHARED)
                return fx_fault(x, w, ki, l, "atomics work on global or shared memory, not %s",
                                kspace_name(space));
        }
        if (x->rec)
            x->rec->addr[l] = ra;
        uint64_t old = 0;
        memcpy(&old, p, n);
        uint64_t nv = atom_apply(ki, old, b[l], c[l], space == KS_GLOBAL);
        memcpy(p, &nv, n);
        d[l] = norm(old, ki->m.type);
    }
    if (x->rec) {
        record(x, space, n, true, true);
        x->rec->mask = m;
    }
    if (!red)
        wr(w, &ki->d[0], d, m);
    return FX_OK;
}

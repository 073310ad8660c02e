/*
** fuse.c - design `fuse` (seed 003): an L1D made of an SRAM bank and an
** STT-MRAM bank working in parallel behind one controller, a block in at
** most one of them (FUSE, Zhang, Jung and Kandemir, HPCA 2019). The
** variants of Table I are selected by fuse.variant; this file is the
** controller, the arbitration of section IV-A (Fig. 9):
**   SRAM hit        served by SRAM.
**   STT-MRAM hit    served by STT-MRAM after its tag search; dy-fuse
**                   migrates the block to SRAM if the PC predicts WM.
**   store to an STT-MRAM block   a misprediction: the tag queue drains
**                   (flush), the block moves to SRAM and the store is done
**                   there (by-nvm, which has no SRAM, writes in place).
**   miss            the MSHR's destination bits say where the fill goes:
**                   SRAM (variants without a predictor, and WM/neutral
**                   predictions), STT-MRAM (WORM; every by-nvm fill) or
**                   nowhere (WORO: the L1 is bypassed).
**   SRAM victim     to STT-MRAM through the swap buffer and an F command
**                   in the tag queue, or to L2 when predicted WORO.
**   STT-MRAM victim to L2.
** Timing. State changes when a request is accepted; time is charged to
** the banks: an STT-MRAM write keeps its data array busy
** fuse.stt_write_cycles cycles, a read fuse.stt_read_cycles; commands use
** the data array in the order accepted (the tag queue is FIFO), so a read
** behind a write waits for it. A fully associative bank's tag search polls
** one row of tags per cycle after the CBF test, in the same order. Hit
** data is ready l1d.latency cycles after its array access starts (the
** first searched row is part of that access, as in a one-cycle lookup).
** With a tag queue (base-fuse, fa-fuse, dy-fuse) commands wait in it and
** requests are refused only when it (or the swap buffer) is full; without
** one (hybrid, by-nvm) the L1 refuses every request while the STT-MRAM
** bank writes. SRAM accesses take one cycle and are not queued, as in the
** baseline L1D. Fills that find no room wait in arrival order.
** Stores follow l1d.write_global / l1d.write_local (FUSE's preset: back).
*/
#include "designs/fuse-internal.h"
#include "config/config.h"
#include "util/invariant.h"
#include "util/xalloc.h"
#include <stdlib.h>
#include <string.h>

static uint64_t line_of(const struct fuse *f, uint64_t addr)
{
    return addr - addr % f->g.line;
}

/* ---- accounting and events -------------------------------------------- */

/* Brings the valid-line integral up to now (before lines change). */
static void valid_acct(struct fuse *f)
{
    f->valid_acc = fuse_valid_cycles(f);
    f->valid_t = *f->env.cycle > f->valid_t ? *f->env.cycle : f->valid_t;
}

static void emit(const struct fuse *f, int type, int32_t warp, uint64_t addr,
                 int64_t a, int64_t b)
{
    if (type >= 0 && ev_wanted(f->env.bus, (enum ev_type)type)) {
        struct ws_event e = { (uint16_t)type, (int16_t)f->env.sm, warp,
                              *f->env.cycle, addr, a, b };
        evbus_deliver(f->env.bus, &e);
    }
}

static enum l1_status stall(struct fuse *f, enum fuse_stall why)
{
    f->st.stall[why]++;
    f->st.stalls++;
    return L1_STALL;
}

/* ---- the tag queue and the STT-MRAM bank's time ------------------------ */

/* Drops the finished commands at the front of the queue, and every
   finished one from the counts of what is in flight. */
static void retire(struct fuse *f, uint64_t now)
{
    while (f->tq.n && ring_front(&f->tq).end <= now)
        ring_pop(&f->tq);
    minheap_drop_upto(&f->tq_end, now);
    minheap_drop_upto(&f->sb_end, now);
    f->retired_at = now;
}

static void tq_push(struct fuse *f, enum fuse_kind k, uint64_t addr,
                    int32_t warp, uint64_t now, uint64_t end)
{
    struct fuse_cmd c = { addr, now, end, warp, (uint8_t)k };
    ring_push(&f->tq, c);
    minheap_push(&f->tq_end, end);
    if (k == FK_DRAIN)
        minheap_push(&f->sb_end, end);
    f->st.commands[k]++;
    if (f->g.queues) {
        f->st.tq_cycles += end - now;
        if (k == FK_DRAIN)
            f->st.sb_cycles += end - now;
    }
}

/* A command on the STT-MRAM data array accepted at now, ready to start at
   t: it starts when the array is free and keeps it `dur` cycles. Returns
   the start. */
static uint64_t stt_command(struct fuse *f, enum fuse_kind k, uint64_t addr,
                            int32_t warp, uint64_t now, uint64_t t,
                            uint32_t dur)
{
    uint64_t start = t > f->stt_free ? t : f->stt_free;
    f->stt_free = start + dur;
    if (k != FK_READ)
        f->write_until = f->stt_free;
    tq_push(f, k, addr, warp, now, f->stt_free);
    return start;
}

/* The L1 without a tag queue waits for an STT-MRAM write to finish. */
static bool blocked(const struct fuse *f, uint64_t now)
{
    return f->stt.on && !f->g.queues && f->write_until > now;
}

/*
** Room for what a request or fill is about to add: tq tag-queue entries,
** sb swap-buffer registers, an STT-MRAM write. FS__COUNT if there is.
*/
static enum fuse_stall room(const struct fuse *f, uint64_t now, uint32_t tq,
                            uint32_t sb, bool write)
{
    if (!f->g.queues)
        return write && f->write_until > now ? FS_STT_WRITE : FS__COUNT;
    if (sb && fuse_sb_used(f, now) + sb > f->sb_size)
        return FS_SWAP_BUFFER;
    if (tq && fuse_tq_used(f, now) + tq > f->tq_size)
        return FS_TAG_QUEUE;
    return FS__COUNT;
}

/*
** A tag search of the STT-MRAM bank accepted at now (s: its cost): the
** polling circuit reads s->rows rows after the searches before it.
** Returns the cycle the result is known (now when every CBF was
** negative or the first row decided).
*/
static uint64_t search(struct fuse *f, const struct fuse_search *s,
                       uint64_t now, uint64_t addr, int32_t warp)
{
    f->st.searches++;
    f->st.search_rows += s->rows;
    f->st.cbf_tests += s->tests;
    f->st.cbf_positives += s->positives;
    f->st.cbf_fp += s->false_positives;
    f->st.cbf_fp_polled += s->fp_polled;
    if (s->fp_polled)
        emit(f, f->ev_cbf, warp, addr, s->fp_polled, s->rows);
    if (!s->rows)
        return now;
    uint64_t start = now > f->poll_free ? now : f->poll_free;
    f->poll_free = start + s->rows;
    uint64_t done = start + s->rows - 1;
    f->st.search_wait += done - now;
    return done;
}

/* A search that missed: with a tag queue it holds an entry until done. */
static uint64_t search_missed(struct fuse *f, const struct fuse_search *s,
                              uint64_t now, uint64_t addr, int32_t warp)
{
    uint64_t done = search(f, s, now, addr, warp);
    if (f->g.queues)
        tq_push(f, FK_SEARCH, addr, warp, now, done + 1);
    return done;
}

/* ---- the predictor -------------------------------------------------- */

static enum fuse_class predict(const struct fuse *f, int32_t pc)
{
    return f->g.predictor
               ? fuse_pred_class(&f->pred, fuse_pred_sig(&f->pred, pc))
               : FC_NONE;
}

/* A placement decision (a miss): counted and shown. */
static void predicted(struct fuse *f, enum fuse_class c, uint64_t line,
                      int32_t warp, int32_t pc)
{
    if (c == FC_NONE)
        return;
    f->st.pred[c]++;
    emit(f, f->ev_predict, warp, line, c, pc);
}

/* Shows the sampler an accepted access (sampled warps insert). */
static void sample(struct fuse *f, const struct l1_req *q, uint64_t line,
                   bool store)
{
    if (!f->g.predictor)
        return;
    int32_t set = -1;
    if (q->warp % f->sample_stride == 0 &&
        q->warp / f->sample_stride < f->pred.sets)
        set = (int32_t)(q->warp / f->sample_stride);
    if (set < 0 && !f->probe_all)
        return;
    f->st.sampled++;
    f->st.sampler_hits += fuse_pred_sample(&f->pred, set, f->probe_all,
                                           line / f->g.line,
                                           fuse_pred_sig(&f->pred, q->pc),
                                           store);
}

/* Where a miss's fill goes. */
static enum fuse_dest place(const struct fuse *f, enum fuse_class c)
{
    if (!f->stt.on)
        return FD_SRAM;
    if (!f->sram.on)
        return c == FC_WORO ? FD_BYPASS : FD_STT;
    if (f->g.v != FV_DY_FUSE)
        return FD_SRAM;       /* SRAM first, STT-MRAM holds its victims */
    return c == FC_WORO ? FD_BYPASS : c == FC_WORM ? FD_STT : FD_SRAM;
}

/* Fig. 16: a block leaving the L1 scores the class it was placed with. */
static void score(struct fuse *f, const struct fuse_meta *m)
{
    switch (m->cls) {
    case FC_NEUTRAL:
        f->st.acc_neutral++;
        break;
    case FC_WM:
        if (m->writes > 1)
            f->st.acc_true++;
        else
            f->st.acc_false++;
        break;
    case FC_WORM:
    case FC_WORO:
        if (m->writes > 1)
            f->st.acc_false++;
        else
            f->st.acc_true++;
        break;
    default:
        break;
    }
}

/* ---- moving blocks ------------------------------------------------------ */

static void send(struct fuse *f, enum mreq_kind k, uint64_t addr,
                 uint32_t bytes)
{
    missq_push(&f->mq, k, addr, bytes, 0);
}

/* Line v leaves the L1 (to L2 if dirty). */
static void leave(struct fuse *f, const struct fuse_victim *v, int32_t warp)
{
    if (!v->valid)
        return;
    f->st.evictions++;
    score(f, &v->m);
    emit(f, EV_L1_EVICT, warp, v->addr, 0, v->dirty);
    if (v->dirty) {
        f->st.writebacks++;
        send(f, MR_WRITEBACK, v->addr, f->g.line);
    }
}

/* Where the SRAM line a fill of addr would replace goes: -1 nowhere (the
   way is free), 0 to L2, 1 to STT-MRAM. */
static int sram_victim_dest(const struct fuse *f, uint64_t addr)
{
    uint32_t i = fuse_bank_victim(&f->sram, addr);
    if (!fuse_bank_line(&f->sram, i)->valid)
        return -1;
    if (!f->stt.on)
        return 0;
    if (f->g.v == FV_DY_FUSE &&
        fuse_pred_class(&f->pred, f->sram.m[i].sig) == FC_WORO)
        return 0;
    return 1;
}

/* Room for an SRAM placement of addr besides tq entries the request
   takes itself. */
static enum fuse_stall sram_room(const struct fuse *f, uint64_t addr,
                                 uint64_t now, uint32_t tq)
{
    bool drain = sram_victim_dest(f, addr) == 1;
    return room(f, now, tq + drain, drain, drain);
}

static void put_stt(struct fuse *f, uint64_t addr, bool dirty,
                    const struct fuse_meta *m, enum fuse_kind k,
                    uint64_t now, int32_t warp)
{
    valid_acct(f);
    struct fuse_victim v;
    fuse_bank_put(&f->stt, addr, dirty, m, &v);
    leave(f, &v, warp);
    f->st.stt_writes++;
    stt_command(f, k, addr, warp, now, now, f->stt_write);
}

/* An SRAM victim: to STT-MRAM (through the swap buffer and an F command,
   or a blocking write without them), or to L2 when predicted WORO. */
static void sram_victim(struct fuse *f, const struct fuse_victim *v,
                        uint64_t now, int32_t warp, int32_t pc)
{
    if (!v->valid)
        return;
    if (!f->stt.on) {
        leave(f, v, warp);
        return;
    }
    if (f->g.v == FV_DY_FUSE &&
        fuse_pred_class(&f->pred, v->m.sig) == FC_WORO) {
        f->st.victims_to_l2++;
        emit(f, f->ev_bypass, warp, v->addr, 2, pc);
        leave(f, v, warp);
        return;
    }
    f->st.sram_reads++;
    f->st.to_stt++;
    emit(f, f->ev_migrate, warp, v->addr, 0, pc);
    put_stt(f, v->addr, v->dirty, &v->m, FK_DRAIN, now, warp);
}

static void put_sram(struct fuse *f, uint64_t addr, bool dirty,
                     const struct fuse_meta *m, uint64_t now, int32_t warp,
                     int32_t pc)
{
    valid_acct(f);
    struct fuse_victim v;
    fuse_bank_put(&f->sram, addr, dirty, m, &v);
    f->st.sram_writes++;
    sram_victim(f, &v, now, warp, pc);
}

/* STT-MRAM line ti moves to SRAM (its read was charged by the caller):
   a store to it (made dirty) or an STT-MRAM hit predicted WM. */
static void to_sram(struct fuse *f, uint32_t ti, bool store, bool dirty,
                    uint64_t now, int32_t warp, int32_t pc)
{
    valid_acct(f);
    struct fuse_victim v;
    fuse_bank_take(&f->stt, ti, &v);
    f->st.to_sram++;
    if (store)
        f->st.to_sram_write++;
    else
        f->st.to_sram_wm++;
    emit(f, f->ev_migrate, warp, v.addr, store ? 1 : 2, pc);
    put_sram(f, v.addr, v.dirty || dirty, &v.m, now, warp, pc);
}

/* The new block's data the controller keeps. */
static struct fuse_meta meta_of(const struct fuse *f, int32_t pc,
                                enum fuse_class c)
{
    return (struct fuse_meta){ (uint16_t)fuse_pred_sig(&f->pred, pc),
                               (uint8_t)c, 1 };
}

static void wrote(struct fuse_meta *m)
{
    if (m->writes < UINT8_MAX)
        m->writes++;
}

static bool mq_full(const struct fuse *f)
{
    return f->mq.q.n + f->late.n >= f->mq.limit;
}

/* A miss's read of line leaves for L2 at t (after its tag search). */
static void send_read(struct fuse *f, uint64_t line, uint32_t m, uint64_t t,
                      uint64_t now)
{
    if (t > now) {
        struct fuse_late l = { t, line, m };
        ring_push(&f->late, l);
        return;
    }
    struct mreq *r = missq_push(&f->mq, MR_READ, line, f->g.line, m);
    r->l1line = true;
}

static void drain_fills(struct fuse *f, uint64_t now);

/* Before a request: finished commands leave the tag queue, and fills
   waiting for room go first (a request never starves them). */
static void begin(struct fuse *f, uint64_t now)
{
    retire(f, now);
    drain_fills(f, now);
}

/* ---- loads -------------------------------------------------------------- */

static enum l1_status load_stt(struct fuse *f, const struct l1_req *q,
                               uint64_t line, int32_t ti,
                               const struct fuse_search *s, uint64_t now,
                               uint64_t *ready)
{
    int32_t w = (int32_t)q->warp;
    bool mig = f->g.v == FV_DY_FUSE && predict(f, q->pc) == FC_WM;
    enum fuse_stall r = mig ? sram_room(f, line, now, 1)
                            : room(f, now, 1, 0, false);
    if (r != FS__COUNT)
        return stall(f, r);
    uint64_t t = search(f, s, now, line, w);
    uint64_t start = stt_command(f, FK_READ, line, w, now, t, f->stt_read);
    f->st.stt_wait += start - t;
    cache_use(&f->stt.c, (uint32_t)ti);
    f->st.loads++;
    f->st.stt_hits++;
    f->st.stt_reads++;
    emit(f, EV_L1_HIT, w, line, q->pc, 1);
    if (mig)
        to_sram(f, (uint32_t)ti, false, false, now, w, q->pc);
    sample(f, q, line, false);
    *ready = start + f->p->l1_latency + f->stt_read - 1;
    return L1_HIT;
}

static enum l1_status load_miss(struct fuse *f, const struct l1_req *q,
                                uint64_t line, const struct fuse_search *s,
                                uint64_t now)
{
    int32_t w = (int32_t)q->warp;
    uint32_t qs = f->stt.on ? 1 : 0;  /* the search's tag-queue entry */
    int32_t m = mshr_find(&f->mshr.t, line);
    if (m >= 0) {
        if (mshr_merge_full(&f->mshr.t, m))
            return stall(f, FS_MSHR);
        enum fuse_stall r = room(f, now, qs, 0, false);
        if (r != FS__COUNT)
            return stall(f, r);
        if (qs)
            search_missed(f, s, now, line, w);
        mshr_merge(&f->mshr.t, m, q->tag);
        f->st.loads++;
        f->st.misses++;
        f->st.merges++;
        emit(f, EV_MSHR_MERGE, w, line, q->pc, 0);
        sample(f, q, line, false);
        return L1_PENDING;
    }
    if (mq_full(f))
        return stall(f, FS_MISS_QUEUE);
    int32_t fm = mshr_free_slot(&f->mshr.t);
    if (fm < 0)
        return stall(f, FS_MSHR);
    enum fuse_stall r = room(f, now, qs, 0, false);
    if (r != FS__COUNT)
        return stall(f, r);
    uint64_t t = qs ? search_missed(f, s, now, line, w) : now;
    enum fuse_class c = predict(f, q->pc);
    enum fuse_dest d = place(f, c);
    predicted(f, c, line, w, q->pc);
    mshr_open(&f->mshr.t, fm, line, q->tag);
    f->mshr.x[fm] = (struct fuse_mx){ (uint8_t)d, (uint8_t)c,
                                      (uint16_t)fuse_pred_sig(&f->pred, q->pc),
                                      w };
    f->st.loads++;
    f->st.misses++;
    emit(f, EV_L1_MISS, w, line, q->pc, 0);
    if (d == FD_BYPASS) {
        f->st.bypassed_loads++;
        emit(f, f->ev_bypass, w, line, 0, q->pc);
    }
    send_read(f, line, (uint32_t)fm, t, now);
    sample(f, q, line, false);
    return L1_PENDING;
}

static enum l1_status fuse_load(void *self, const struct l1_req *q,
                                uint64_t now, uint64_t *ready)
{
    struct fuse *f = self;
    begin(f, now);
    if (blocked(f, now))
        return stall(f, FS_STT_WRITE);
    uint64_t line = line_of(f, q->addr);
    int32_t si = f->sram.on ? cache_index(&f->sram.c, line) : -1;
    if (si >= 0) {
        cache_use(&f->sram.c, (uint32_t)si);
        f->st.loads++;
        f->st.sram_hits++;
        f->st.sram_reads++;
        emit(f, EV_L1_HIT, (int32_t)q->warp, line, q->pc, 0);
        sample(f, q, line, false);
        *ready = now + f->p->l1_latency;
        return L1_HIT;
    }
    struct fuse_search s;
    int32_t ti = fuse_bank_find(&f->stt, line, &s);
    if (ti >= 0)
        return load_stt(f, q, line, ti, &s, now, ready);
    return load_miss(f, q, line, &s, now);
}

/* ---- stores ------------------------------------------------------------- */

/* Write-evict: a present block leaves (its data, if dirty, with it), the
   store goes to L2. */
static enum l1_status store_evict(struct fuse *f, const struct l1_req *q,
                                  uint64_t line, int32_t si, int32_t ti,
                                  const struct fuse_search *s, uint64_t now)
{
    int32_t w = (int32_t)q->warp;
    if (mq_full(f))
        return stall(f, FS_MISS_QUEUE);
    if (si < 0 && f->stt.on)
        search(f, s, now, line, w);
    f->st.stores++;
    struct fuse_bank *b = si >= 0 ? &f->sram : ti >= 0 ? &f->stt : NULL;
    if (b) {
        uint32_t i = (uint32_t)(si >= 0 ? si : ti);
        struct fuse_victim v;
        valid_acct(f);
        wrote(&b->m[i]);
        fuse_bank_take(b, i, &v);
        leave(f, &v, w);
    } else {
        f->st.store_misses++;
    }
    enum l1_status st = missq_store(&f->mq, q->addr, q->bytes, q->tag);
    sample(f, q, line, true);
    return st;
}

/* A store hitting STT-MRAM: written in place without an SRAM bank, else
   moved to SRAM (with a tag queue, once the queue has drained). */
static enum l1_status store_stt(struct fuse *f, const struct l1_req *q,
                                uint64_t line, int32_t ti,
                                const struct fuse_search *s, bool wt,
                                uint64_t now)
{
    int32_t w = (int32_t)q->warp;
    if (f->sram.on) {
        if (f->g.queues && fuse_tq_used(f, now))
            return stall(f, FS_FLUSH);
        enum fuse_stall r = sram_room(f, line, now, 1);
        if (r != FS__COUNT)
            return stall(f, r);
    }
    uint64_t t = search(f, s, now, line, w);
    f->st.stores++;
    f->st.stt_store_hits++;
    wrote(&f->stt.m[ti]);
    if (!f->sram.on) {
        f->stt.c.lines[ti].dirty |= !wt;
        cache_use(&f->stt.c, (uint32_t)ti);
        f->st.stt_writes++;
        stt_command(f, FK_STORE, line, w, now, t, f->stt_write);
    } else {
        if (f->g.queues)
            f->st.flushes++;
        f->st.stt_reads++;
        stt_command(f, FK_READ, line, w, now, t, f->stt_read);
        to_sram(f, (uint32_t)ti, true, !wt, now, w, q->pc);
    }
    enum l1_status st = wt ? missq_store(&f->mq, q->addr, q->bytes, q->tag)
                           : L1_SENT;
    sample(f, q, line, true);
    return st;
}

/* A write-back store missing the L1 allocates (without a fetch, the line
   counting as whole) where the predictor places it, or goes around the
   L1 when predicted WORO. */
static enum l1_status store_allocate(struct fuse *f, const struct l1_req *q,
                                     uint64_t line,
                                     const struct fuse_search *s,
                                     uint64_t now)
{
    int32_t w = (int32_t)q->warp;
    if (mq_full(f))
        return stall(f, FS_MISS_QUEUE);
    enum fuse_class c = predict(f, q->pc);
    enum fuse_dest d = place(f, c);
    enum fuse_stall r = d == FD_SRAM  ? sram_room(f, line, now, 0)
                        : d == FD_STT ? room(f, now, 1, 0, true)
                                      : FS__COUNT;
    if (r != FS__COUNT)
        return stall(f, r);
    if (f->stt.on)
        search(f, s, now, line, w);
    predicted(f, c, line, w, q->pc);
    f->st.stores++;
    f->st.store_misses++;
    struct fuse_meta m = meta_of(f, q->pc, c);
    enum l1_status st = L1_SENT;
    if (d == FD_BYPASS) {
        f->st.bypassed_stores++;
        emit(f, f->ev_bypass, w, line, 1, q->pc);
        st = missq_store(&f->mq, q->addr, q->bytes, q->tag);
    } else if (d == FD_SRAM) {
        emit(f, f->ev_place, w, line, c, 0);
        put_sram(f, line, true, &m, now, w, q->pc);
    } else {
        emit(f, f->ev_place, w, line, c, 1);
        put_stt(f, line, true, &m, FK_STORE, now, w);
    }
    sample(f, q, line, true);
    return st;
}

static enum l1_status fuse_store(void *self, const struct l1_req *q,
                                 uint64_t now)
{
    struct fuse *f = self;
    begin(f, now);
    if (blocked(f, now))
        return stall(f, FS_STT_WRITE);
    enum write_policy pol = q->local ? f->wpol_local : f->wpol_global;
    uint64_t line = line_of(f, q->addr);
    int32_t si = f->sram.on ? cache_index(&f->sram.c, line) : -1;
    struct fuse_search s = { 0 };
    int32_t ti = si < 0 ? fuse_bank_find(&f->stt, line, &s) : -1;
    if (pol == WRITE_EVICT)
        return store_evict(f, q, line, si, ti, &s, now);
    bool wt = pol == WRITE_THROUGH;
    if (wt && mq_full(f))
        return stall(f, FS_MISS_QUEUE);
    if (si >= 0) {
        f->sram.c.lines[si].dirty |= !wt;
        cache_use(&f->sram.c, (uint32_t)si);
        wrote(&f->sram.m[si]);
        f->st.stores++;
        f->st.sram_store_hits++;
        f->st.sram_writes++;
        enum l1_status st = wt ? missq_store(&f->mq, q->addr, q->bytes, q->tag)
                               : L1_SENT;
        sample(f, q, line, true);
        return st;
    }
    if (ti >= 0)
        return store_stt(f, q, line, ti, &s, wt, now);
    if (!wt)
        return store_allocate(f, q, line, &s, now);
    if (f->stt.on)
        search(f, &s, now, line, (int32_t)q->warp);
    f->st.stores++;
    f->st.store_misses++;
    enum l1_status st = missq_store(&f->mq, q->addr, q->bytes, q->tag);
    sample(f, q, line, true);
    return st;
}

static enum l1_status fuse_bypass(void *self, enum mreq_kind kind,
                                  const struct l1_req *q, uint64_t now)
{
    struct fuse *f = self;
    (void)now;
    if (mq_full(f))
        return stall(f, FS_MISS_QUEUE);
    f->st.bypass++;
    missq_push(&f->mq, kind, q->addr, q->bytes, q->tag);
    return L1_PENDING;
}

/* ---- fills -------------------------------------------------------------- */

/* Places the fill of addr where its MSHR says and answers the requests
   waiting for it; false if its bank has no room yet. */
static bool fill(struct fuse *f, uint64_t addr, uint64_t now)
{
    int32_t m = mshr_find(&f->mshr.t, addr);
    WS_ASSERT(m >= 0);
    struct fuse_mx x = f->mshr.x[m];
    /* a store may have allocated the line meanwhile: one copy only */
    bool present = (f->sram.on && cache_index(&f->sram.c, addr) >= 0) ||
                   fuse_bank_find(&f->stt, addr, NULL) >= 0;
    if (!present && x.dest != FD_BYPASS) {
        enum fuse_stall r = x.dest == FD_SRAM ? sram_room(f, addr, now, 0)
                                              : room(f, now, 1, 0, true);
        if (r != FS__COUNT)
            return false;
        struct fuse_meta meta = { x.sig, x.cls, 1 };
        emit(f, EV_L1_FILL, x.warp, addr, 0, x.dest);
        emit(f, f->ev_place, x.warp, addr, x.cls, x.dest);
        if (x.dest == FD_SRAM) {
            f->st.sram_fills++;
            put_sram(f, addr, false, &meta, now, x.warp, -1);
        } else {
            f->st.stt_fills++;
            put_stt(f, addr, false, &meta, FK_FILL, now, x.warp);
        }
        f->st.fills++;
    }
    uint32_t tags[256];
    uint32_t k = mshr_release(&f->mshr.t, addr, tags);
    for (uint32_t i = 0; i < k; i++)
        f->env.mem_done(f->env.ctx, tags[i], now);
    return true;
}

static void drain_fills(struct fuse *f, uint64_t now)
{
    while (f->fills.n && fill(f, ring_front(&f->fills).addr, now)) {
        f->st.fill_wait += now - ring_front(&f->fills).at;
        ring_pop(&f->fills);
    }
}

static void fuse_response(void *self, const struct mreq *r, uint64_t now)
{
    struct fuse *f = self;
    missq_answered(&f->mq);
    if (!r->l1line) {
        f->env.mem_done(f->env.ctx, r->tag, now);
        return;
    }
    retire(f, now);
    struct fuse_fill x = { r->addr, now };
    ring_push(&f->fills, x);
    drain_fills(f, now);
}

void fuse_events(void)
{
    static const char *const classes[] = { "none", "neutral", "wm", "worm",
                                           "woro" };
    static const char *const moves[] = { "sram>stt", "stt>sram:store",
                                         "stt>sram:wm" };
    static const char *const bypasses[] = { "load", "store", "victim" };
    static const struct ev_fields place = { "addr", "class", "stt", classes,
                                            5 };
    static const struct ev_fields migrate = { "addr", "move", "pc", moves, 3 };
    static const struct ev_fields bypass = { "addr", "what", "pc", bypasses,
                                             3 };
    static const struct ev_fields predict = { "addr", "class", "pc", classes,
                                              5 };
    static const struct ev_fields cbf = { "addr", "false_rows", "rows", NULL,
                                          0 };
    ev_register_fields("fuse.place", &place);
    ev_register_fields("fuse.migrate", &migrate);
    ev_register_fields("fuse.bypass", &bypass);
    ev_register_fields("fuse.predict", &predict);
    ev_register_fields("fuse.cbf_false_positive", &cbf);
}

/* ---- life cycle --------------------------------------------------------- */

static void fuse_tick(void *self, uint64_t now)
{
    struct fuse *f = self;
    retire(f, now);
    drain_fills(f, now);
    while (f->late.n && ring_front(&f->late).at <= now) {
        struct fuse_late l = ring_front(&f->late);
        ring_pop(&f->late);
        struct mreq *r = missq_push(&f->mq, MR_READ, l.addr, f->g.line,
                                    l.mshr);
        r->l1line = true;
    }
    missq_tick(&f->mq, now);
}

static uint64_t fuse_next_event(void *self, uint64_t now)
{
    struct fuse *f = self;
    uint64_t t = missq_next_event(&f->mq, now);
    if (f->late.n) {
        uint64_t at = ring_front(&f->late).at;
        at = at > now ? at : now + 1;
        t = at < t ? at : t;
    }
    if (f->fills.n && now + 1 < t)
        t = now + 1;
    return t;
}

static uint32_t fuse_pending(void *self)
{
    struct fuse *f = self;
    return missq_pending(&f->mq) + f->late.n + f->fills.n;
}

/* A kernel starts: the predictor learns its PCs from the initial phase. */
static void fuse_launch(void *self, const struct seam_launch *l)
{
    struct fuse *f = self;
    (void)l;
    valid_acct(f);
    fuse_pred_reset(&f->pred);
}

/* The kernel is over: dirty global blocks are written back, dirty local
   ones dropped (their threads are gone), every line invalid; blocks
   leaving score their prediction. */
static void fuse_invalidate(void *self)
{
    struct fuse *f = self;
    valid_acct(f);
    struct fuse_bank *banks[2] = { &f->sram, &f->stt };
    for (int b = 0; b < 2; b++) {
        struct fuse_bank *k = banks[b];
        for (uint32_t i = 0; k->on && i < k->c.sets * k->c.ways; i++) {
            struct fuse_victim v;
            fuse_bank_take(k, i, &v);
            if (!v.valid)
                continue;
            score(f, &v.m);
            if (v.dirty && v.addr < LOCAL_PHYS_BASE) {
                f->st.writebacks++;
                send(f, MR_WRITEBACK, v.addr, f->g.line);
            }
        }
    }
}

static void *fuse_create(const struct seam_env *env)
{
    struct fuse *f = ws_xcalloc(1, sizeof *f);
    const struct ws_config *c = env->cfg;
    const struct tparams *p = env->p;
    f->env = *env;
    f->env.cfg = NULL;
    f->p = p;
    struct fuse_cost_in ci;
    fuse_config(c, p, &f->g, &f->e, &ci);
    f->stt_read = (uint32_t)config_i(c, CK_FUSE_STT_READ_CYCLES);
    f->stt_write = (uint32_t)config_i(c, CK_FUSE_STT_WRITE_CYCLES);
    f->tq_size = ci.tag_queue;
    f->sb_size = ci.swap_buffer;
    f->wpol_global = p->l1_write_global;
    f->wpol_local = p->l1_write_local;
    enum cache_repl repl = (enum cache_repl)p->l1_repl;
    fuse_bank_init(&f->sram, f->g.sram_bytes, f->g.sram_ways, f->g.line,
                   repl, false, 0, 0, 0, 0, p->seed + env->sm);
    fuse_bank_init(&f->stt, f->g.stt_bytes, f->g.stt_ways, f->g.line,
                   f->g.stt_fa ? REPL_FIFO : repl, f->g.stt_fa,
                   ci.comparators, ci.cbf_count, ci.cbf_counters,
                   (uint32_t)config_i(c, CK_FUSE_CBF_HASHES),
                   p->seed + env->sm + 0x5354544dULL);
    /* The set-associative banks take the baseline L1D's set index
       (l1d.set_hash): GPGPU-Sim's Fermi hash where it is defined (the
       SRAM banks' 64 sets), linear elsewhere (cache_configure). */
    const struct cache_opts idx = { .index = (enum cache_index)p->l1_set_hash };
    cache_configure(&f->sram.c, &idx);
    cache_configure(&f->stt.c, &idx);
    fuse_pred_init(&f->pred, ci.sampler_sets, ci.sampler_ways,
                   ci.history_entries,
                   (uint32_t)config_i(c, CK_FUSE_UNUSED_TH),
                   (uint32_t)config_i(c, CK_FUSE_COUNTER_INIT));
    f->probe_all = config_e(c, CK_FUSE_SAMPLER_PROBE) == 0;
    f->sample_stride = p->max_warps / ci.sampler_sets;
    if (!f->sample_stride)
        f->sample_stride = 1;
    mshr_init(&f->mshr.t, p->l1_mshrs, p->l1_mshr_merge);
    f->mshr.x = ws_xcalloc(p->l1_mshrs + 1, sizeof *f->mshr.x);
    missq_init(&f->mq, env->l2, env->sm, p->l1_miss_queue, p->l2_write_ack);
    fuse_events();
    f->ev_place = ev_lookup("fuse.place");
    f->ev_migrate = ev_lookup("fuse.migrate");
    f->ev_bypass = ev_lookup("fuse.bypass");
    f->ev_predict = ev_lookup("fuse.predict");
    f->ev_cbf = ev_lookup("fuse.cbf_false_positive");
    return f;
}

static void fuse_destroy(void *self)
{
    struct fuse *f = self;
    fuse_bank_free(&f->sram);
    fuse_bank_free(&f->stt);
    fuse_pred_free(&f->pred);
    mshr_free(&f->mshr.t);
    free(f->mshr.x);
    missq_free(&f->mq);
    ring_free(&f->late);
    ring_free(&f->tq);
    minheap_free(&f->tq_end);
    minheap_free(&f->sb_end);
    ring_free(&f->fills);
    free(f);
}

/* The bank the Cache pane draws: SRAM, or STT-MRAM for by-nvm. */
static const struct cache *fuse_view(void *self)
{
    struct fuse *f = self;
    return f->sram.on ? &f->sram.c : &f->stt.c;
}

static uint64_t fuse_own_bytes(void *self)
{
    const struct fuse *f = self;
    return (uint64_t)f->g.sram_bytes + f->g.stt_bytes;
}

static const struct l1_ops fuse_l1_ops = {
    .part = {
        .name = "fuse",
        .create = fuse_create,
        .destroy = fuse_destroy,
        .launch = fuse_launch,
        .tick = fuse_tick,
        .next_event = fuse_next_event,
        .pending = fuse_pending,
        .stats = fuse_l1_stats,
        .energy = fuse_l1_energy,
        .describe = fuse_l1_describe,
        .hash = fuse_l1_hash,
    },
    .load = fuse_load,
    .store = fuse_store,
    .bypass = fuse_bypass,
    .response = fuse_response,
    .invalidate = fuse_invalidate,
    .view = fuse_view,
    .own_bytes = fuse_own_bytes,
};

const struct design fuse_design = {
    .name = "fuse",
    .summary = "SRAM + STT-MRAM L1D: read-level placement, swap buffer and tag queue, CBF-approximated associativity (Table I's seven L1Ds)",
    .l1 = &fuse_l1_ops,
    .layout = "design",
    .keys = "fuse",
    .section = fuse_section,
    .ratios = fuse_ratios,
    .check = fuse_check,
    .facts = fuse_facts,
    .events = fuse_events,
    .cost = fuse_bill,
};

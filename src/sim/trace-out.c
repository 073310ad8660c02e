/*
** trace-out.c - the trace file (see trace.h): a buffer written with
** positioned writes at the writer's own offset (so a session resumed from
** a forked snapshot goes on from the snapshot's offset and the file ends
** where that session ends), the JSON around the events, and the names of
** instructions for the issue instants.
*/
#include "sim/trace-internal.h"
#include "compile/print.h"
#include "util/xalloc.h"
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define FLUSH_AT (1 << 16)

static void flush(struct trace *t)
{
    size_t done = 0;
    while (done < t->n && !t->err) {
        ssize_t w = pwrite(t->fd, t->buf + done, t->n - done,
                           (off_t)(t->off + done));
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            t->err = w < 0 ? errno : EIO;
        else
            done += (size_t)w;
    }
    t->off += done;
    t->n = 0;
}

static void vput(struct trace *t, const char *fmt, va_list ap)
{
    for (;;) {
        va_list aq;
        va_copy(aq, ap);
        int k = vsnprintf(t->buf + t->n, t->cap - t->n, fmt, aq);
        va_end(aq);
        if (k < 0)
            return;
        if ((size_t)k < t->cap - t->n) {
            t->n += (size_t)k;
            break;
        }
        if (t->n)
            flush(t);
        else {
            t->cap = (size_t)k + 1;      /* one very long event */
            t->buf = ws_xrealloc(t->buf, t->cap);
        }
    }
    if (t->n >= FLUSH_AT)
        flush(t);
}

static void put(struct trace *t, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void put(struct trace *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vput(t, fmt, ap);
    va_end(ap);
}

void tw_event(struct trace *t, const char *fmt, ...)
{
    put(t, "%s", t->events++ ? ",\n" : "\n");
    va_list ap;
    va_start(ap, fmt);
    vput(t, fmt, ap);
    va_end(ap);
}

int tw_file_open(struct trace *t, const char *path, struct ws_diag *d)
{
    t->fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (t->fd < 0)
        return diag_error(d, path, 0, 0, "cannot write the trace: %s",
                          strerror(errno));
    t->path = ws_xstrdup(path);
    t->cap = FLUSH_AT + 4096;
    t->buf = ws_xmalloc(t->cap);
    put(t, "{\"traceEvents\":[");
    return WS_OK;
}

/* s as the inside of a JSON string. */
static void put_str(struct trace *t, const char *s)
{
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            put(t, "\\%c", c);
        else if (c < 0x20)
            put(t, "\\u%04x", c);
        else
            put(t, "%c", c);
    }
}

static void describe(struct trace *t, const char *scenario)
{
    const struct trace_opts *o = &t->o;
    put(t, "\n],\n\"otherData\":{\"producer\":\"warpscope %s\",\"scenario\":\"",
        WS_VERSION);
    put_str(t, scenario ? scenario : "");
    put(t, "\",\"time_unit\":\"1 us of the timeline is 1 core cycle\"");
    if (t->dev) {
        const struct ws_config *c = &t->dev->cfg;
        put(t, ",\"preset\":\"");
        put_str(t, config_s(c, CK_PRESET));
        char design[64];
        put(t, "\",\"design\":\"%s\",\"clock_mhz\":%lld,\"sm_count\":%lld",
            config_enum_name(c, CK_DESIGN, design, sizeof design),
            (long long)config_i(c, CK_SM_CLOCK_MHZ),
            (long long)config_i(c, CK_SM_COUNT));
    }
    put(t, ",\"window_from\":%llu", (unsigned long long)o->from);
    if (o->to != UINT64_MAX)
        put(t, ",\"window_to\":%llu", (unsigned long long)o->to);
    put(t, ",\"categories\":\"");
    static const char *names[] = { "issue", "warps", "sched", "cta",
                                   "counters", "memory", "design" };
    const char *sep = "";
    for (int i = 0; i < 7; i++)
        if (o->cats >> i & 1) {
            put(t, "%s%s", sep, names[i]);
            sep = ",";
        }
    for (int k = EV__BASE; k < EV__MAX; k++)
        if (t->design_types >> k & 1) {
            put(t, "%s%s", sep, ev_name((enum ev_type)k));
            sep = ",";
        }
    put(t, "\",\"counter_interval\":%llu,\"events\":%llu}}\n",
        (unsigned long long)o->interval, (unsigned long long)t->events);
}

int tw_file_close(struct trace *t, const char *scenario, struct ws_diag *d)
{
    describe(t, scenario);
    flush(t);
    int rc = WS_OK;
    if (!t->err && ftruncate(t->fd, (off_t)t->off) != 0)
        t->err = errno;
    if (close(t->fd) != 0 && !t->err)
        t->err = errno;
    if (t->err)
        rc = diag_error(d, t->path, 0, 0, "cannot write the trace: %s",
                        strerror(t->err));
    free(t->buf);
    free(t->path);
    return rc;
}

/* ---- track names ----------------------------------------------------- */

static void process(struct trace *t, uint32_t pid)
{
    if (t->named[pid / 64] >> (pid % 64) & 1)
        return;
    t->named[pid / 64] |= 1ULL << (pid % 64);
    char name[32];
    if (pid == PID_GPU)
        snprintf(name, sizeof name, "GPU");
    else if (pid == PID_MEM)
        snprintf(name, sizeof name, "memory");
    else
        snprintf(name, sizeof name, "SM %u", pid - 1);
    tw_event(t, "{\"ph\":\"M\",\"name\":\"process_name\",\"pid\":%u,\"tid\":%lld,\"ts\":0,\"args\":{\"name\":\"%s\"}}",
             pid, (long long)TID(pid, 0), name);
    tw_event(t, "{\"ph\":\"M\",\"name\":\"process_sort_index\",\"pid\":%u,\"tid\":%lld,\"ts\":0,\"args\":{\"sort_index\":%u}}",
             pid, (long long)TID(pid, 0), pid);
}

static void lane_name(char *b, size_t n, const char *what, uint32_t lane)
{
    if (lane)
        snprintf(b, n, "%s (%u)", what, lane + 1);
    else
        snprintf(b, n, "%s", what);
}

static void thread_name(uint32_t pid, uint32_t l, char *b, size_t n)
{
    if (pid == PID_GPU)
        snprintf(b, n, "kernels");
    else if (pid == PID_MEM && l < L_MEM_DESIGN)
        snprintf(b, n, "L2 slice %u", l);
    else if (pid == PID_MEM && l < L_DRAM)
        snprintf(b, n, "%s", ev_name((enum ev_type)(l - L_MEM_DESIGN)));
    else if (pid == PID_MEM) {
        char what[32];
        snprintf(what, sizeof what, "DRAM channel %u",
                 (l - L_DRAM) / DRAM_LANES);
        lane_name(b, n, what, (l - L_DRAM) % DRAM_LANES);
    } else if (l < L_WARP)
        snprintf(b, n, "scheduler %u", l - L_SCHED);
    else if (l < L_DESIGN)
        snprintf(b, n, "warp %u", l - L_WARP);
    else if (l < L_MISS)
        snprintf(b, n, "%s", ev_name((enum ev_type)(l - L_DESIGN)));
    else if (l < L_FILL)
        lane_name(b, n, "L1D misses", l - L_MISS);
    else
        lane_name(b, n, "L1D fills", l - L_FILL);
}

/* The track's tid; names it (and its process) the first time. */
long long tw_thread(struct trace *t, uint32_t pid, uint32_t local)
{
    int64_t tid = TID(pid, local);
    if (!ptrmap_get(&t->seen, tw_key((uint64_t)tid), NULL)) {
        ptrmap_put(&t->seen, tw_key((uint64_t)tid), 1);
        process(t, pid);
        char name[64];
        thread_name(pid, local, name, sizeof name);
        tw_event(t, "{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":%u,\"tid\":%lld,\"ts\":0,\"args\":{\"name\":\"%s\"}}",
                 pid, (long long)tid, name);
        tw_event(t, "{\"ph\":\"M\",\"name\":\"thread_sort_index\",\"pid\":%u,\"tid\":%lld,\"ts\":0,\"args\":{\"sort_index\":%u}}",
                 pid, (long long)tid, local);
    }
    return (long long)tid;
}

void tw_span(struct trace *t, uint32_t pid, uint32_t local,
                 const char *cat, const char *name, uint64_t a, uint64_t b,
                 const char *args)
{
    if (a < t->o.from)
        a = t->o.from;
    if (b > t->o.to)
        b = t->o.to;
    if (b <= a)
        return;
    long long tid = tw_thread(t, pid, local);
    tw_event(t, "{\"ph\":\"X\",\"cat\":\"%s\",\"name\":\"%s\",\"pid\":%u,\"tid\":%lld,\"ts\":%llu,\"dur\":%llu,\"args\":{%s}}",
             cat, name, pid, tid, (unsigned long long)a,
             (unsigned long long)(b - a), args);
}

void tw_instant(struct trace *t, uint32_t pid, uint32_t local,
                    const char *cat, const char *name, uint64_t c,
                    const char *args)
{
    if (!tw_in_window(t, c))
        return;
    long long tid = tw_thread(t, pid, local);
    tw_event(t, "{\"ph\":\"i\",\"s\":\"t\",\"cat\":\"%s\",\"name\":\"%s\",\"pid\":%u,\"tid\":%lld,\"ts\":%llu,\"args\":{%s}}",
             cat, name, pid, tid, (unsigned long long)c, args);
}

/* ---- instruction names ------------------------------------------------ */

static char **opnames_of(struct trace *t, const struct kimage *k)
{
    for (uint32_t i = 0; i < t->nops; i++)
        if (t->ops[i].k == k)
            return t->ops[i].op;
    t->ops = ws_xrealloc(t->ops, (t->nops + 1) * sizeof *t->ops);
    char **op = ws_xcalloc((size_t)k->ninst, sizeof *op);
    struct strbuf b;
    sb_init(&b);
    for (int32_t pc = 0; pc < k->ninst; pc++) {
        sb_clear(&b);
        print_inst(k, pc, false, &b);
        const char *s = sb_str(&b);
        if (*s == '@')                       /* a guard: "@P0 bra ..." */
            s += strcspn(s, " ") + 1;
        op[pc] = ws_xstrndup(s, strcspn(s, " "));
    }
    sb_free(&b);
    t->ops[t->nops].k = k;
    t->ops[t->nops].n = k->ninst;
    t->ops[t->nops++].op = op;
    return op;
}

const char *tw_opname(struct trace *t, const void *kp, int64_t pc)
{
    const struct kimage *k = kp;
    if (!k || pc < 0 || pc >= k->ninst)
        return "issue";
    return opnames_of(t, k)[pc];
}

void tw_opnames_free(struct trace *t)
{
    for (uint32_t i = 0; i < t->nops; i++) {
        for (int32_t pc = 0; pc < t->ops[i].n; pc++)
            free(t->ops[i].op[pc]);
        free(t->ops[i].op);
    }
    free(t->ops);
}

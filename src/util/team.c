/* team.c - a team of threads running one batch at a time (team.h). */
#include "util/team.h"
#include "util/xalloc.h"
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdlib.h>

/* Waiting for the next batch: spin this many rounds, then yield this
   many times, then sleep on the condition variable. */
enum { SPINS = 4000, YIELDS = 200 };

struct team {
    uint32_t threads;             /* the caller included */
    unsigned fork_gen;            /* forks when the workers started */
    pthread_t *th;
    struct member *m;
    uint32_t nth;                 /* workers started: parts 1..nth */
    pthread_mutex_t mu;
    pthread_cond_t cv;
    /* the batch */
    void (*fn)(void *, uint32_t);
    void *ctx;
    atomic_uint_fast64_t gen;     /* batches posted */
    uint_fast64_t gen0;           /* gen when the workers started */
    atomic_uint done;             /* workers finished with the batch */
    atomic_int sleepers;
    atomic_bool quit;
};

/* Bumped in a child after fork(): a team started before it has no
   workers there. */
static atomic_uint forks;
static pthread_once_t at_fork_once = PTHREAD_ONCE_INIT;

static void forked(void)
{
    atomic_fetch_add(&forks, 1);
}

static void watch_forks(void)
{
    pthread_atfork(NULL, NULL, forked);
}

void team_wait_step(uint32_t *waited)
{
    if (++*waited < SPINS) {
#if defined(__x86_64__) || defined(__i386__)
        __builtin_ia32_pause();
#endif
    } else {
        sched_yield();
    }
}

struct member {
    struct team *t;
    uint32_t k;
};

static void *worker(void *arg)
{
    struct member *m = arg;
    struct team *t = m->t;
    uint_fast64_t seen = t->gen0;     /* a batch posted before this thread
                                         ran is still its to join */
    for (;;) {
        uint32_t waited = 0;
        while (atomic_load(&t->gen) == seen) {
            if (atomic_load(&t->quit))
                return NULL;
            if (waited < SPINS + YIELDS) {
                team_wait_step(&waited);
            } else {
                pthread_mutex_lock(&t->mu);
                atomic_fetch_add(&t->sleepers, 1);
                while (atomic_load(&t->gen) == seen && !atomic_load(&t->quit))
                    pthread_cond_wait(&t->cv, &t->mu);
                atomic_fetch_sub(&t->sleepers, 1);
                pthread_mutex_unlock(&t->mu);
            }
        }
        seen = atomic_load(&t->gen);
        t->fn(t->ctx, m->k);
        atomic_fetch_add(&t->done, 1);
    }
}

static void start(struct team *t)
{
    pthread_mutex_init(&t->mu, NULL);
    pthread_cond_init(&t->cv, NULL);
    atomic_store(&t->quit, false);
    atomic_store(&t->sleepers, 0);
    t->fork_gen = atomic_load(&forks);
    t->gen0 = atomic_load(&t->gen);
    t->nth = 0;
    /* Signals sent to the process (Ctrl-C, a terminal resize, SIGTERM)
       go to the thread that started the team, which waits for them; a
       worker that took one would leave it unseen. Faults stay with the
       thread that causes them. */
    sigset_t all, old;
    sigfillset(&all);
    static const int faults[] = { SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGTRAP,
                                  SIGABRT, SIGSYS };
    for (size_t i = 0; i < sizeof faults / sizeof faults[0]; i++)
        sigdelset(&all, faults[i]);
    pthread_sigmask(SIG_BLOCK, &all, &old);
    for (uint32_t k = 0; k + 1 < t->threads; k++) {
        t->m[k] = (struct member){ t, k + 1 };
        if (pthread_create(&t->th[k], NULL, worker, &t->m[k]) != 0)
            break;                /* fewer workers: the caller does more */
        t->nth++;
    }
    pthread_sigmask(SIG_SETMASK, &old, NULL);
}

struct team *team_new(uint32_t threads)
{
    pthread_once(&at_fork_once, watch_forks);
    struct team *t = ws_xcalloc(1, sizeof *t);
    t->threads = threads ? threads : 1;
    t->th = ws_xcalloc(t->threads, sizeof *t->th);
    t->m = ws_xcalloc(t->threads, sizeof *t->m);
    atomic_init(&t->gen, 0);
    atomic_init(&t->done, 0);
    start(t);
    return t;
}

void team_free(struct team *t)
{
    if (!t)
        return;
    if (t->fork_gen == atomic_load(&forks)) {
        pthread_mutex_lock(&t->mu);
        atomic_store(&t->quit, true);
        pthread_cond_broadcast(&t->cv);
        pthread_mutex_unlock(&t->mu);
        for (uint32_t k = 0; k < t->nth; k++)
            pthread_join(t->th[k], NULL);
        pthread_cond_destroy(&t->cv);
        pthread_mutex_destroy(&t->mu);
    }
    free(t->th);
    free(t->m);
    free(t);
}

uint32_t team_threads(const struct team *t)
{
    return t->threads;
}

void team_run(struct team *t, void (*fn)(void *ctx, uint32_t k), void *ctx)
{
    if (t->fork_gen != atomic_load(&forks))
        start(t);                 /* a forked child: its own workers */
    t->fn = fn;
    t->ctx = ctx;
    atomic_store(&t->done, 0);
    atomic_fetch_add(&t->gen, 1);
    if (atomic_load(&t->sleepers) > 0) {
        pthread_mutex_lock(&t->mu);
        pthread_cond_broadcast(&t->cv);
        pthread_mutex_unlock(&t->mu);
    }
    for (uint32_t k = t->threads - 1; k > t->nth; k--)
        fn(ctx, k);               /* no worker: here, before part 0 */
    fn(ctx, 0);
    for (uint32_t waited = 0; atomic_load(&t->done) < t->nth;)
        team_wait_step(&waited);
}

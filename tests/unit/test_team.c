/* test_team.c - the thread team (util/team.h) that sim.threads uses:
   every part of a batch runs exactly once, always on the same thread,
   its writes visible when team_run returns; batches follow one another
   without mixing; workers asleep between batches wake; a forked child
   (the debugger's snapshots) gets working threads; signals sent to the
   process reach the caller's thread, never a worker. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdbool.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "util/team.h"

enum { MAXT = 4 };

struct batch {
    uint32_t round;
    uint32_t seen[MAXT];          /* round in which part k last ran */
    uint32_t runs[MAXT];
    uint64_t sum[MAXT];           /* work whose result the caller reads */
    pthread_t self[MAXT];         /* the thread part k ran on */
    bool moved;                   /* a part ran on another thread */
};

static uint64_t work_of(uint32_t k, uint32_t round)
{
    uint64_t x = k + 1 + round;
    for (uint32_t j = 0; j < 200 + 300 * k; j++)    /* uneven parts */
        x = x * 6364136223846793005ULL + 1442695040888963407ULL;
    return x;
}

static void part(void *ctx, uint32_t k)
{
    struct batch *b = ctx;
    b->sum[k] = work_of(k, b->round);
    b->seen[k] = b->round;
    if (b->runs[k]++ && !pthread_equal(b->self[k], pthread_self()))
        b->moved = true;
    b->self[k] = pthread_self();
}

/* Many batches: each part once per batch, on the same thread every
   time, its result there when team_run returns. */
static bool batches(struct team *t)
{
    static struct batch b;
    memset(&b, 0, sizeof b);
    uint32_t n = team_threads(t);
    for (uint32_t round = 1; round <= 2000; round++) {
        b.round = round;
        team_run(t, part, &b);
        for (uint32_t k = 0; k < n; k++)
            if (b.seen[k] != round || b.sum[k] != work_of(k, round))
                return false;
    }
    for (uint32_t k = 0; k < n; k++)
        if (b.runs[k] != 2000)
            return false;
    /* part 0 on the caller, the others each on a thread of its own */
    if (b.moved || !pthread_equal(b.self[0], pthread_self()))
        return false;
    for (uint32_t k = 1; k < n; k++)
        for (uint32_t j = 0; j < k; j++)
            if (pthread_equal(b.self[j], b.self[k]))
                return false;
    return true;
}

static void test_batches(void **state)
{
    (void)state;
    for (uint32_t threads = 1; threads <= MAXT; threads++) {
        struct team *t = team_new(threads);
        assert_int_equal(team_threads(t), threads);
        assert_true(batches(t));
        team_free(t);
    }
}

/* check(t) in a forked child, which must find it true. */
static void true_in_child(struct team *t, bool (*check)(struct team *))
{
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        bool ok = check(t);
        team_free(t);
        _exit(ok ? 0 : 1);
    }
    int status = 0;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    assert_true(WIFEXITED(status));
    assert_int_equal(WEXITSTATUS(status), 0);
}

/* After fork() only the forking thread exists in the child: the team
   starts new workers there, and the parent's keep working. */
static void test_fork(void **state)
{
    (void)state;
    struct team *t = team_new(3);
    assert_true(batches(t));
    true_in_child(t, batches);
    assert_true(batches(t));
    team_free(t);
}

/* Workers that went to sleep between batches wake for the next one. */
static void test_sleep(void **state)
{
    (void)state;
    struct team *t = team_new(2);
    static struct batch b;
    memset(&b, 0, sizeof b);
    for (uint32_t round = 1; round <= 3; round++) {
        usleep(200000);              /* past the spinning and yielding */
        b.round = round;
        team_run(t, part, &b);
        for (uint32_t k = 0; k < 2; k++)
            assert_int_equal(b.seen[k], round);
    }
    team_free(t);
}

/* Each part records which signals its thread blocks. */
struct masks {
    bool async_blocked[MAXT];     /* SIGINT, SIGWINCH, SIGTERM, SIGHUP */
    bool fault_blocked[MAXT];     /* SIGSEGV, SIGFPE, SIGBUS */
};

static void mask_part(void *ctx, uint32_t k)
{
    struct masks *m = ctx;
    sigset_t cur;
    pthread_sigmask(SIG_BLOCK, NULL, &cur);
    m->async_blocked[k] = sigismember(&cur, SIGINT) && sigismember(&cur, SIGWINCH) &&
                          sigismember(&cur, SIGTERM) && sigismember(&cur, SIGHUP);
    m->fault_blocked[k] = sigismember(&cur, SIGSEGV) || sigismember(&cur, SIGFPE) ||
                          sigismember(&cur, SIGBUS);
}

/* Whether t's workers block the process's signals and the caller's
   thread does not (3 threads). */
static bool workers_masked(struct team *t)
{
    struct masks m;
    memset(&m, 0, sizeof m);
    team_run(t, mask_part, &m);
    return !m.async_blocked[0] && !m.fault_blocked[0] && m.async_blocked[1] &&
           m.async_blocked[2] && !m.fault_blocked[1] && !m.fault_blocked[2];
}

/* A terminal resize or Ctrl-C taken by a worker would go unseen by the
   thread that waits for it (the TUI's): workers block the signals sent to
   the process, not those a fault raises in them; the caller's mask stays
   as it was, in the parent and in a forked child's new team. */
static void test_signals(void **state)
{
    (void)state;
    struct team *t = team_new(3);
    assert_true(workers_masked(t));
    true_in_child(t, workers_masked);  /* new workers in the child */
    team_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_batches),
        cmocka_unit_test(test_fork),
        cmocka_unit_test(test_sleep),
        cmocka_unit_test(test_signals),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

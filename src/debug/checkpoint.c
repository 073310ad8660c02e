/*
** checkpoint.c - fork-based snapshots (see checkpoint.h).
** The one place in src/ that ends processes (_exit): a parked snapshot
** that is no longer wanted, and a session handing over to a snapshot,
** must end from wherever they are; neither runs atexit handlers or
** flushes anything but its own output.
*/
#include "debug/checkpoint.h"
#include "util/xalloc.h"
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

/* Shared between the supervisor and every session process. */
struct shared {
    volatile int code;       /* exit code of the session */
    volatile pid_t active;   /* the process that is the session now */
};

static struct shared *sh;

enum { MSG_QUIT = 0, MSG_RESUME = 1 };

static void forward(int sig)
{
    if (sh && sh->active > 0)
        kill(sh->active, sig);
}

/* tio: the terminal's modes before the session started (NULL: not a
   terminal). If the session dies without restoring them (SIGKILL), the
   supervisor puts them back. */
static int supervise_loop(pid_t first, const struct termios *tio)
{
    signal(SIGINT, SIG_IGN);
    signal(SIGQUIT, SIG_IGN);
    signal(SIGTSTP, SIG_IGN);
    signal(SIGTERM, forward);
    signal(SIGHUP, forward);
    int code = 0;
    for (;;) {
        int st;
        pid_t p = waitpid(-1, &st, 0);
        if (p < 0) {
            if (errno == EINTR)
                continue;
            break;
        }
        if (p == sh->active || (p == first && sh->active == first)) {
            if (WIFSIGNALED(st))
                code = 128 + WTERMSIG(st);
            else
                code = sh->code;
        }
    }
    if (code >= 128 && tio) {
        tcsetattr(0, TCSANOW, tio);
        if (isatty(1)) {
            static const char reset[] = "\033[?1049l\033[?25h\r\n";
            (void)!write(1, reset, sizeof reset - 1);
        }
    }
    return code;
}

int ckpt_supervise(int *code)
{
#ifdef __linux__
    if (sh)
        return 1;
    void *m = mmap(NULL, sizeof *sh, PROT_READ | PROT_WRITE,
                   MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (m == MAP_FAILED)
        return 0;
    if (prctl(PR_SET_CHILD_SUBREAPER, 1) != 0) {
        munmap(m, sizeof *sh);
        return 0;
    }
    sh = m;
    sh->code = 0;
    /* the modes as the shell left them, read before the session can
       change them (its screen may start before the supervisor runs) */
    struct termios tio;
    bool have_tio = isatty(0) && tcgetattr(0, &tio) == 0;
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
        munmap(m, sizeof *sh);
        sh = NULL;
        return 0;
    }
    if (pid == 0) {
        sh->active = getpid();
        signal(SIGPIPE, SIG_IGN);
        return 1;
    }
    sh->active = pid;
    *code = supervise_loop(pid, have_tio ? &tio : NULL);
    return -1;
#else
    (void)code;
    return 0;
#endif
}

bool ckpt_enabled(void)
{
    return sh != NULL;
}

void ckpt_set_exit_code(int code)
{
    if (sh)
        sh->code = code;
}

/* Reads or writes all n bytes (pipes may move less at a time). */
static bool io_all(int fd, void *buf, size_t n, bool wr)
{
    char *p = buf;
    while (n) {
        ssize_t r = wr ? write(fd, p, n) : read(fd, p, n);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            return false;
        p += r;
        n -= (size_t)r;
    }
    return true;
}

static bool read_all(int fd, void *buf, size_t n)
{
    return io_all(fd, buf, n, false);
}

static bool write_all(int fd, const void *buf, size_t n)
{
    return io_all(fd, (void *)(uintptr_t)buf, n, true);
}

/* A parked checkpoint: waits for its message; ends on quit or EOF. */
static void park(int fd, char **msg, size_t *len)
{
    struct sigaction ign, old[3];
    memset(&ign, 0, sizeof ign);
    ign.sa_handler = SIG_IGN;
    static const int sigs[3] = { SIGINT, SIGQUIT, SIGTSTP };
    for (int i = 0; i < 3; i++)
        sigaction(sigs[i], &ign, &old[i]);
    uint64_t hdr[2];
    if (!read_all(fd, hdr, sizeof hdr) || hdr[0] != MSG_RESUME)
        _exit(0);
    free(*msg);
    *msg = ws_xmalloc(hdr[1] + 1);
    if (!read_all(fd, *msg, hdr[1]))
        _exit(0);
    (*msg)[hdr[1]] = 0;
    *len = hdr[1];
    close(fd);
    for (int i = 0; i < 3; i++)
        sigaction(sigs[i], &old[i], NULL);
    sh->active = getpid();
}

static void quit_one(struct ckpt *c)
{
    uint64_t hdr[2] = { MSG_QUIT, 0 };
    (void)write_all(c->fd, hdr, sizeof hdr);
    close(c->fd);
    /* Our own child: wait for it (it ends as soon as it reads the quit or
       its pipe closes), or it stays defunct for the rest of the session;
       a snapshot of an earlier session process is not ours (ECHILD) and
       the supervisor reaps it. */
    while (waitpid(c->pid, NULL, 0) < 0 && errno == EINTR)
        ;
}

static void drop(struct ckpt_set *cs, size_t i, bool quit)
{
    if (quit)
        quit_one(&cs->v[i]);
    else
        close(cs->v[i].fd);
    memmove(&cs->v[i], &cs->v[i + 1], (cs->n - i - 1) * sizeof cs->v[0]);
    cs->n--;
}

/* Over budget: drop the checkpoint whose neighbours are closest, which
   keeps them spread over the whole run (the first and last stay). */
static void thin(struct ckpt_set *cs)
{
    while (cs->max && cs->n > cs->max && cs->n > 2) {
        size_t best = 1;
        uint64_t gap = UINT64_MAX;
        for (size_t i = 1; i + 1 < cs->n; i++) {
            uint64_t d = cs->v[i + 1].cycle - cs->v[i - 1].cycle;
            if (d < gap) {
                gap = d;
                best = i;
            }
        }
        drop(cs, best, true);
    }
}

int ckpt_take(struct ckpt_set *cs, uint64_t cycle, char **msg, size_t *len)
{
    if (!sh)
        return -1;
    bool resumed = false;
    for (;;) {
        int p[2];
        if (pipe(p) != 0)
            return resumed ? 1 : -1;
        fflush(NULL);
        pid_t pid = fork();
        if (pid < 0) {
            close(p[0]);
            close(p[1]);
            return resumed ? 1 : -1;
        }
        if (pid > 0) {
            close(p[0]);
            if (cs->n == cs->cap) {
                cs->cap = cs->cap ? cs->cap * 2 : 16;
                cs->v = ws_xrealloc(cs->v, cs->cap * sizeof cs->v[0]);
            }
            cs->v[cs->n++] = (struct ckpt){ pid, p[1], cycle, ++cs->seq };
            thin(cs);
            return resumed ? 1 : 0;
        }
        close(p[1]);
        park(p[0], msg, len);
        /* Restored: park a fresh copy of this state, then go on. */
        resumed = true;
    }
}

int ckpt_find(const struct ckpt_set *cs, uint64_t cycle)
{
    int best = -1;
    for (size_t i = 0; i < cs->n; i++)
        if (cs->v[i].cycle <= cycle &&
            (best < 0 || cs->v[i].seq > cs->v[best].seq))
            best = (int)i;
    return best;
}

int ckpt_restore(struct ckpt_set *cs, size_t i, const char *msg, size_t len)
{
    fflush(NULL);
    uint64_t hdr[2] = { MSG_RESUME, len };
    if (!write_all(cs->v[i].fd, hdr, sizeof hdr) ||
        !write_all(cs->v[i].fd, msg, len)) {
        drop(cs, i, false);
        return -1;
    }
    /* The checkpoint is the session now; it reports the exit code. */
    _exit(0);
}

void ckpt_clear(struct ckpt_set *cs)
{
    while (cs->n)
        drop(cs, cs->n - 1, true);
    free(cs->v);
    cs->v = NULL;
    cs->cap = 0;
}

long ckpt_private_kib(const struct ckpt_set *cs, size_t i)
{
    char path[64], line[256];
    snprintf(path, sizeof path, "/proc/%d/smaps_rollup", (int)cs->v[i].pid);
    FILE *f = fopen(path, "r");
    if (!f)
        return -1;
    long kib = 0;
    bool found = false;
    while (fgets(line, sizeof line, f)) {
        long v;
        if (sscanf(line, "Private_Dirty: %ld kB", &v) == 1 ||
            sscanf(line, "Private_Clean: %ld kB", &v) == 1) {
            kib += v;
            found = true;
        }
    }
    fclose(f);
    return found ? kib : -1;
}

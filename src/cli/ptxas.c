/*
** ptxas.c - ask NVIDIA's ptxas for its register counts, when installed.
** Only `warpscope inspect` uses it, to put our allocation next to the
** real one; the simulator never depends on it (it reads the recorded
** NAME.ptxas files, parsed as this output is: compile/ptxas.c). ptxas
** runs as a child with limits (PTXAS_SECONDS of wall-clock time,
** PTXAS_MEMORY of address space; WARPSCOPE_PTXAS_SECONDS shortens the
** time for tests), in its own process group so that stopping it stops all
** of it, and is always waited for.
*/
#include "cli/cli.h"
#include "util/strbuf.h"
#include "util/xalloc.h"
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* The time limit: PTXAS_SECONDS, or WARPSCOPE_PTXAS_SECONDS (1..3600,
   for tests of the limit). */
static int limit_seconds(void)
{
    const char *e = getenv("WARPSCOPE_PTXAS_SECONDS");
    long v = e ? strtol(e, NULL, 10) : 0;
    return v >= 1 && v <= 3600 ? (int)v : PTXAS_SECONDS;
}

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* The child: limits, then ptxas with its output on the pipe. */
static void run_child(int fd, const char *path, const char *target)
{
    setpgid(0, 0);
    struct rlimit as = { (rlim_t)PTXAS_MEMORY, (rlim_t)PTXAS_MEMORY };
    struct rlimit cpu = { (rlim_t)limit_seconds(), (rlim_t)limit_seconds() + 1 };
    setrlimit(RLIMIT_AS, &as);
    setrlimit(RLIMIT_CPU, &cpu);
    dup2(fd, 1);
    dup2(fd, 2);
    close(fd);
    char arch[64];
    snprintf(arch, sizeof arch, "-arch=%s", target && *target ? target : "sm_75");
    execlp("ptxas", "ptxas", "-v", arch, path, "-o", "/dev/null", (char *)NULL);
    _exit(127);
}

/* Reads the child's output until it closes the pipe or the deadline
   passes; returns false on the deadline. */
static bool read_output(int fd, struct strbuf *out)
{
    double end = now_s() + limit_seconds();
    char buf[4096];
    for (;;) {
        double left = end - now_s();
        if (left <= 0)
            return false;
        struct pollfd p = { fd, POLLIN, 0 };
        int r = poll(&p, 1, (int)(left * 1000) + 1);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            return r == 0 ? false : true;
        ssize_t n = read(fd, buf, sizeof buf);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return true;
        if (out->len < (1u << 20))      /* its summary is short */
            sb_putn(out, buf, (size_t)n);
    }
}

int cli_ptxas_seconds(void)
{
    return limit_seconds();
}

int cli_ptxas_regs(const char *path, const char *target,
                   struct ptxas_count **out)
{
    *out = NULL;
    int fds[2];
    if (pipe(fds) != 0)
        return PTXAS_FAILED;
    pid_t pid = fork();
    if (pid < 0) {
        close(fds[0]);
        close(fds[1]);
        return PTXAS_FAILED;
    }
    if (pid == 0) {
        close(fds[0]);
        run_child(fds[1], path, target);
    }
    setpgid(pid, pid);        /* both sides: no race with the kill below */
    close(fds[1]);
    struct strbuf text;
    sb_init(&text);
    bool done = read_output(fds[0], &text);
    close(fds[0]);
    if (!done) {
        kill(-pid, SIGKILL);
        kill(pid, SIGKILL);
    }
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
        ;
    int rc;
    if (!done)
        rc = PTXAS_TIMEOUT;
    else if (WIFEXITED(status) && WEXITSTATUS(status) == 127)
        rc = PTXAS_MISSING;
    else if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
        rc = PTXAS_FAILED;
    else
        rc = ptxas_parse(sb_str(&text), text.len, out);
    sb_free(&text);
    return rc;
}

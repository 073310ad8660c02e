/* fuzz-util.c - helpers shared by the libFuzzer harnesses (see fuzz-util.h). */
#define _GNU_SOURCE
#include "fuzz-util.h"
#include "util/paths.h"
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

void fuzz_file_open(struct fuzz_file *f, const char *name)
{
    f->fd = memfd_create(name, MFD_CLOEXEC);
    if (f->fd < 0) {
        perror("fuzz: memfd_create");
        abort();
    }
    snprintf(f->path, sizeof f->path, "/proc/self/fd/%d", f->fd);
}

void fuzz_file_set(struct fuzz_file *f, const uint8_t *data, size_t n)
{
    if (ftruncate(f->fd, 0) != 0) {
        perror("fuzz: ftruncate");
        abort();
    }
    size_t off = 0;
    while (off < n) {
        ssize_t w = pwrite(f->fd, data + off, n - off, (off_t)off);
        if (w <= 0) {
            perror("fuzz: pwrite");
            abort();
        }
        off += (size_t)w;
    }
}

const char *fuzz_datadir(void)
{
    const char *d = ws_datadir();
    if (!d) {
        fprintf(stderr, "fuzz: cannot find the warpscope data directory "
                        "(examples/configs); set WARPSCOPE_HOME\n");
        abort();
    }
    return d;
}

/* fileio.c - whole-file reads, atomic writes, mkdir -p (see fileio.h). */
#include "util/fileio.h"
#include "util/strbuf.h"
#include "util/xalloc.h"
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

FILE *ws_fopen_read(const char *path)
{
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (fd < 0)
        return NULL;
    int fl = fcntl(fd, F_GETFL);
    if (fl < 0 || fcntl(fd, F_SETFL, fl & ~O_NONBLOCK) < 0) {
        int e = errno;
        close(fd);
        errno = e;
        return NULL;
    }
    FILE *f = fdopen(fd, "rb");
    if (!f) {
        int e = errno;
        close(fd);
        errno = e;
    }
    return f;
}

bool ws_is_fifo(FILE *f)
{
    struct stat st;
    return fstat(fileno(f), &st) == 0 &&
           (S_ISFIFO(st.st_mode) || S_ISSOCK(st.st_mode));
}

/* Reads a whole file (NUL-terminated; *len without the NUL) or NULL. */
char *ws_read_file(const char *path, size_t *len)
{
    FILE *f = ws_fopen_read(path);
    if (!f)
        return NULL;
    struct strbuf b;
    sb_init(&b);
    char chunk[8192];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
        sb_putn(&b, chunk, n);
    int bad = ferror(f) ? EIO : b.len == 0 && ws_is_fifo(f) ? ENODATA : 0;
    fclose(f);
    if (bad) {
        sb_free(&b);
        errno = bad;
        return NULL;
    }
    *len = b.len;
    return sb_take(&b);
}

/* Writes text to path through path.tmp and a rename, so a reader never
   sees half a file. */
int ws_write_file(const char *path, const char *text, size_t len)
{
    struct strbuf tmp;
    sb_init(&tmp);
    sb_printf(&tmp, "%s.tmp", path);
    FILE *f = fopen(sb_str(&tmp), "wb");
    int ok = f && fwrite(text, 1, len, f) == len;
    if (f && fclose(f) != 0)
        ok = 0;
    if (ok && rename(sb_str(&tmp), path) != 0)
        ok = 0;
    if (!ok) {
        fprintf(stderr, "%s: error: cannot write: %s\n", path, strerror(errno));
        remove(sb_str(&tmp));
    }
    sb_free(&tmp);
    return ok ? 0 : -1;
}

/* mkdir -p. */
int ws_make_dirs(const char *path)
{
    if (!*path) {
        errno = ENOENT;
        return -1;
    }
    char *p = ws_xstrdup(path);
    int rc = 0, e = 0;
    for (char *s = p + 1; rc == 0; s++) {
        if (*s != '/' && *s != '\0')
            continue;
        char c = *s;
        *s = '\0';
        struct stat st;
        if (mkdir(p, 0777) != 0) {
            e = errno;
            if (!(e == EEXIST && stat(p, &st) == 0 && S_ISDIR(st.st_mode)))
                rc = -1;
        }
        *s = c;
        if (c == '\0')
            break;
    }
    free(p);
    if (rc)
        errno = e == EEXIST ? ENOTDIR : e;
    return rc;
}

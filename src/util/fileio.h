/*
** fileio.h - small file helpers for the command line and tools.
*/
#ifndef WS_FILEIO_H
#define WS_FILEIO_H
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/*
** fopen(path, "rb") that does not wait: opening a FIFO blocks until a
** writer comes, which may be never, so the open is non-blocking (reads
** then block as usual; a FIFO without a writer reads as empty). NULL with
** errno set on failure.
*/
FILE *ws_fopen_read(const char *path);

/* Is f a FIFO or a socket (read once, with no size)? */
bool ws_is_fifo(FILE *f);

/* Reads a whole file (NUL-terminated; *len without the NUL) or NULL with
   errno set (ENODATA: a FIFO nothing was written to). The caller frees. */
char *ws_read_file(const char *path, size_t *len);

/* Writes text to path through path.tmp and a rename, so that a reader
   never sees half a file. Returns 0, or -1 with errno set. */
int ws_write_file(const char *path, const char *text, size_t len);

/* mkdir -p. Returns 0, or -1 with errno set. */
int ws_make_dirs(const char *path);

#endif

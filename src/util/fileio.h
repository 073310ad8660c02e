/*
** fileio.h - small file helpers for the command line and tools.
*/
#ifndef WS_FILEIO_H
#define WS_FILEIO_H
#include <stddef.h>

/* Reads a whole file (NUL-terminated; *len without the NUL) or NULL with
   errno set. The caller frees. */
char *ws_read_file(const char *path, size_t *len);

/* Writes text to path through path.tmp and a rename, so that a reader
   never sees half a file. Returns 0, or -1 with errno set. */
int ws_write_file(const char *path, const char *text, size_t len);

/* mkdir -p. Returns 0, or -1 with errno set. */
int ws_make_dirs(const char *path);

#endif

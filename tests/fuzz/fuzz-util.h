/*
** fuzz-util.h - helpers shared by the libFuzzer harnesses (tests/fuzz/).
** The library reads PTX, presets and scenarios by path, so a harness hands
** it the fuzz input as a file: an anonymous in-memory file (memfd) named
** by its /proc/self/fd path. Nothing touches the disk and parallel fuzzer
** processes never share a file.
*/
#ifndef WS_FUZZ_UTIL_H
#define WS_FUZZ_UTIL_H
#include <stddef.h>
#include <stdint.h>

struct fuzz_file {
    int fd;
    char path[64];       /* "/proc/self/fd/N" */
};

/* Creates the in-memory file; aborts if the system has no memfd. */
void fuzz_file_open(struct fuzz_file *f, const char *name);

/* Replaces the file's contents with n bytes of data. */
void fuzz_file_set(struct fuzz_file *f, const uint8_t *data, size_t n);

/*
** The warpscope data directory (examples/, scripts/lua/) the harness runs
** against: $WARPSCOPE_HOME, else found from the executable as the CLI
** does. Aborts with a message when there is none, so a misplaced binary
** fails loudly instead of fuzzing an error path.
*/
const char *fuzz_datadir(void);

#endif

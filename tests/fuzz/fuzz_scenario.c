/*
** fuzz_scenario.c - libFuzzer harness for the scenario loader.
** The input is a scenario file, run by scenario_run exactly as
** `warpscope run FILE` runs one: a session with the `ws` module in a
** sandboxed interpreter, the file in the debugger's scenario coroutine,
** the launches still queued at its end, the statistics. A file starting
** with the session-record header is replayed as a record.
**
** The file is written to a scratch tree that mirrors the repository,
** SCRATCH/examples/scenarios/fuzz.lua, with examples/kernels,
** examples/microbench and tests linked to the real ones, so inputs derived
** from the examples find "../kernels/saxpy.ptx" and
** "../../tests/kernels/...". `require` finds scripts/lua in the data
** directory as usual.
**
** Budgets keep every input short: 200k Lua instructions, 32 MB of Lua
** memory, 4 MB of device memory, 3000 cycles (timing mode) and 20000
** warp-instructions (functional mode is fast) per ws.run(), given as
** --set assignments, which a scenario's ws.config cannot override. A
** one-line prologue (on the input's first line, so line numbers stay)
** allows MAX_CALLS calls of the functions that launch or simulate and
** makes print() format its arguments and discard them; a loop of cheap Lua
** calls could otherwise buy minutes of simulation.
**
** Session records (files starting with the record header) are replayed
** like any other input (a record naming a record is an error).
** FUZZ_VERBOSE=1 in the environment prints each input's statistics or
** diagnostic, which helps when reproducing a finding.
*/
#include "fuzz-util.h"
#include "lua/preset-load.h"
#include "lua/scenario.h"
#include "util/paths.h"
#include "util/xalloc.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char *const limits[] = {
    "lua.max_instructions=200000", "lua.max_memory=32M", "mem.limit=4M",
    "limit.cycles=3000", "limit.warp_instructions=20000",
    "ptx.max_bytes=1M",
};

#define MAX_CALLS "16"
static const char prologue[] =
    "do local n, t = 0, ws "
    "for _, k in ipairs{ 'launch', 'run', 'step', 'stepi', 'continue' } do "
    "local f = t[k] "
    "if f then t[k] = function(...) n = n + 1 "
    "if n > " MAX_CALLS " then error('fuzz: more than " MAX_CALLS
    " launches and runs', 2) end "
    "return f(...) end end end "
    "print = function(...) for i = 1, select('#', ...) do "
    "tostring((select(i, ...))) end end end ";

static struct config_assigns cli;
static char scratch[] = "/tmp/ws-fuzz-scenario.XXXXXX";
static char *path;
static bool verbose;     /* FUZZ_VERBOSE=1: show each input's result */

static void link_to(const char *datadir, const char *rel, const char *at)
{
    char *target = ws_path_join(datadir, rel);
    char *link = ws_path_join(scratch, at);
    if (symlink(target, link) != 0) {
        perror("fuzz_scenario: symlink");
        abort();
    }
    free(target);
    free(link);
}

static void remove_scratch(void)
{
    static const char *const files[] = {
        "examples/scenarios/fuzz.lua", "examples/scenarios", "examples/kernels",
        "examples/microbench", "examples", "tests", "",
    };
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        char *p = ws_path_join(scratch, files[i]);
        remove(p);
        free(p);
    }
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    wslua_use_for_presets();
    (void)argc;
    (void)argv;
    const char *dd = fuzz_datadir();
    if (!mkdtemp(scratch)) {
        perror("fuzz_scenario: mkdtemp");
        abort();
    }
    atexit(remove_scratch);
    char *p = ws_path_join(scratch, "examples");
    mkdir(p, 0700);
    free(p);
    p = ws_path_join(scratch, "examples/scenarios");
    mkdir(p, 0700);
    free(p);
    link_to(dd, "examples/kernels", "examples/kernels");
    link_to(dd, "examples/microbench", "examples/microbench");
    link_to(dd, "tests", "tests");
    path = ws_path_join(scratch, "examples/scenarios/fuzz.lua");
    verbose = getenv("FUZZ_VERBOSE") != NULL;
    struct ws_diag d = { 0 };
    for (size_t i = 0; i < sizeof limits / sizeof limits[0]; i++)
        config_assigns_parse(&cli, limits[i], &d);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FILE *f = fopen(path, "wb");
    if (!f) {
        perror("fuzz_scenario: cannot write the input");
        abort();
    }
    fputs(prologue, f);
    fwrite(data, 1, size, f);
    fclose(f);
    struct scenario_opts o = { .path = path, .cli = &cli };
    struct scenario_result r;
    struct ws_diag d = { 0 };
    struct strbuf b;
    sb_init(&b);
    scenario_run(&o, &r, &d);
    if (r.stats) {
        jv_write(r.stats, &b, 2);
        jv_free(r.stats);
    }
    diag_render(&d, &b);
    diag_reset(&d);
    if (verbose)
        fprintf(stderr, "%s\n", sb_str(&b));
    sb_free(&b);
    return 0;
}

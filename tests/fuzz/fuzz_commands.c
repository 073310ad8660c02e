/*
** fuzz_commands.c - libFuzzer harness for the debugger's command parser
** and everything the commands reach: the input is a command file, run by
** scenario_run exactly as `warpscope run SCENARIO --commands FILE` runs
** one, against a small fixed scenario (saxpy on 600 elements: two CTAs,
** a few hundred cycles) written to a scratch directory at start-up.
**
** Lines that would write files (`record`) are dropped: the fuzzer must
** not create files at paths it invents. Snapshots are off (no supervisor
** process), so reverse commands take their error path. Budgets as in
** fuzz_scenario: the run's cycles and warp-instructions, Lua instructions
** per hook and per script, and memory are small, given as --set values.
** FUZZ_VERBOSE=1 shows each input's output.
*/
#include "fuzz-util.h"
#include "lua/preset-load.h"
#include "lua/scenario.h"
#include "util/paths.h"
#include "util/xalloc.h"
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char *const limits[] = {
    "lua.max_instructions=2000000", "lua.hook_instructions=20000",
    "lua.max_memory=32M", "mem.limit=4M", "limit.cycles=20000",
    "limit.warp_instructions=50000",
};

static struct config_assigns cli;
static char scenario[] = "/tmp/ws-fuzz-commands.XXXXXX";
static char *scen_path;
static struct fuzz_file cmds;
static bool verbose;

static void cleanup(void)
{
    if (scen_path)
        remove(scen_path);
    remove(scenario);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    wslua_use_for_presets();
    (void)argc;
    (void)argv;
    const char *dd = fuzz_datadir();
    if (!mkdtemp(scenario)) {
        perror("fuzz_commands: mkdtemp");
        abort();
    }
    atexit(cleanup);
    scen_path = ws_path_join(scenario, "saxpy600.lua");
    char *ptx = ws_path_join(dd, "examples/kernels/saxpy.ptx");
    FILE *f = fopen(scen_path, "w");
    if (!f) {
        perror("fuzz_commands: scenario");
        abort();
    }
    fprintf(f,
            "local n = 600\n"
            "local x, y = ws.alloc('f32', n), ws.alloc('f32', n)\n"
            "x:write(function(i) return i end)\n"
            "y:write(function(i) return 1 end)\n"
            "local m = ws.load_ptx('%s')\n"
            "ws.launch(m, 'saxpy', { grid = 3, block = 256, args = { n, ws.f32(2), x, y } })\n"
            "ws.run()\n"
            "ws.check(y:read()[1] == 1.0)\n", ptx);
    fclose(f);
    free(ptx);
    fuzz_file_open(&cmds, "commands");
    verbose = getenv("FUZZ_VERBOSE") != NULL;
    struct ws_diag d = { 0 };
    for (size_t i = 0; i < sizeof limits / sizeof limits[0]; i++)
        config_assigns_parse(&cli, limits[i], &d);
    return 0;
}

/* The input without lines that write files. */
static size_t filter(const uint8_t *data, size_t size, char *out)
{
    size_t n = 0;
    for (size_t i = 0; i < size;) {
        size_t e = i;
        while (e < size && data[e] != '\n')
            e++;
        size_t s = i;
        while (s < e && isspace(data[s]))
            s++;
        bool drop = e - s >= 3 && (memcmp(data + s, "rec", 3) == 0);
        if (!drop) {
            memcpy(out + n, data + i, e - i);
            n += e - i;
            out[n++] = '\n';
        }
        i = e + 1;
    }
    return n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 4096)
        return -1;
    char *text = ws_xmalloc(size + 2);
    size_t n = filter(data, size, text);
    fuzz_file_set(&cmds, (const uint8_t *)text, n);
    free(text);
    struct scenario_opts o = { .path = scen_path, .cli = &cli,
                               .commands = cmds.path };
    struct scenario_result r;
    struct ws_diag d = { 0 };
    if (!verbose)
        fflush(stdout);
    scenario_run(&o, &r, &d);
    if (verbose) {
        struct strbuf b;
        sb_init(&b);
        diag_render(&d, &b);
        fprintf(stderr, "%s", sb_str(&b));
        sb_free(&b);
    }
    jv_free(r.stats);
    diag_reset(&d);
    return 0;
}

/*
** main.c - entry point: dispatches to the subcommands and prints help.
*/
#include "cli/cli.h"
#include "cli/plot.h"
#include "cli/sweep.h"
#include "config/config.h"
#include "config/preset.h"
#include "func/exec.h"
#include "lua/preset-load.h"
#include "ptx/ops.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char usage[] =
    "warpscope " WS_VERSION " - a cycle-level simulator of GPU on-chip memory hierarchies\n"
    "\n"
    "Usage:\n"
    "  warpscope run SCENARIO.lua [--set KEY=VALUE]... [--design NAME] [--preset NAME]\n"
    "                [--json FILE] [--unsafe-lua] [--host-stats] [--quiet] [--progress]\n"
    "                [--commands FILE] [--probes FILE.csv] [--record FILE.lua] [--no-reverse]\n"
    "                [--line-stats]\n"
    "                [--trace FILE [--trace-window FROM:TO] [--trace-events LIST]\n"
    "                 [--trace-sms LIST] [--trace-interval CYCLES]]\n"
    "      Run a scenario headless: it loads PTX, launches kernels and checks\n"
    "      results. Prints a summary; --json writes the statistics object.\n"
    "      --commands runs debugger commands (one per line, as typed at the\n"
    "      console; `help` lists them) against the scenario, then runs it to the\n"
    "      end unless a command says `quit` (docs/debugger.md). --trace writes\n"
    "      the run's timeline for Perfetto or chrome://tracing (docs/trace.md).\n"
    "  warpscope inspect KERNEL.ptx [--kernel NAME] [--set KEY=VALUE]... [--json] [--no-ptxas] [--host-stats]\n"
    "                    [--warps N] [--cost]\n"
    "  warpscope inspect --cost [--set KEY=VALUE]... [--json]\n"
    "      Compile a PTX file and show each kernel: instructions on physical\n"
    "      registers with dead operands, liveness, reconvergence points,\n"
    "      register-intervals (ltrf.regs_per_interval) and the racetrack\n"
    "      register mapping (racetrack.banks, racetrack.ports; a static trace\n"
    "      of N resident warps, by default as many as fit). Shows ptxas's\n"
    "      register count too: from ptxas when it is on PATH (unless\n"
    "      --no-ptxas), else as recorded in KERNEL.ptxas beside the PTX. A\n"
    "      C++ kernel shows its mangled and demangled names; --kernel takes\n"
    "      either.\n"
    "      --cost (with or without a PTX file) prints every design's storage\n"
    "      bill per SM, part by part, under the configuration.\n"
    "  warpscope sweep SWEEP.lua [-j N] [--out DIR] [--emit parallel|slurm] [--dry-run]\n"
    "                  [--set KEY=VALUE]... [--design NAME] [--preset NAME]\n"
    "                  [--only NAME,...]\n"
    "                  [--trace [--trace-window FROM:TO] [--trace-events LIST]...]\n"
    "      Run scenarios over every combination of configuration values, one\n"
    "      process per point (-j N at once), resumable; writes DIR/results.csv and\n"
    "      DIR/sweep.json (default DIR: sweeps/NAME). --emit prints a GNU parallel\n"
    "      job list or a Slurm array script instead (docs/sweeps.md). --set adds\n"
    "      a fixed setting, --only keeps the named scenarios, --trace writes\n"
    "      each point's timeline as DIR/points/ID.trace.json.\n"
    "  warpscope plot RESULTS.csv --y COLUMN [--x COLUMN] [--group COLUMN] [--baseline VALUE]\n"
    "                 [--absolute] [--lines] [--no-geomean] [--where COLUMN=VALUE]...\n"
    "                 [--out PREFIX]\n"
    "                 [--title TEXT] [--ylabel TEXT]\n"
    "      Draw a results table with gnuplot as PREFIX.svg and PREFIX.png: bars\n"
    "      per workload (--x, default the scenario) and configuration (--group,\n"
    "      default the column case) normalised to the baseline configuration,\n"
    "      with their geometric mean (--absolute: the values and their mean);\n"
    "      or with --lines the value over a swept\n"
    "      key (--x), a line per --group. Also writes PREFIX.dat and PREFIX.gp\n"
    "      and prints the numbers as a markdown table (docs/plot.md).\n"
    "  warpscope SCENARIO.lua [--set KEY=VALUE]... [--design NAME] [--preset NAME]\n"
    "                         [--no-color] [--ascii] [--unsafe-lua] [--trace FILE ...]\n"
    "      The interactive TUI on the scenario (when standard input and output\n"
    "      are a terminal; headless `run` otherwise): panes for warps, source,\n"
    "      register banks, the L1D, the design's own structure (racetrack tapes,\n"
    "      register-file cache partitions) and statistics, and a console for\n"
    "      debugger commands (docs/tui.md). `make run` opens it on\n"
    "      examples/scenarios/tour.lua.\n"
    "  warpscope KERNEL.ptx [OPTIONS]\n"
    "      The same as `warpscope inspect KERNEL.ptx`.\n"
    "  warpscope --help [config|ptx]\n"
    "      This text, every configuration key, or the supported PTX\n"
    "      instructions (also after a command: `warpscope run --help`).\n"
    "  warpscope --version\n"
    "      The version.\n"
    "\n"
    "Options:\n"
    "  --set KEY=VALUE   override a configuration key (repeatable); `--set preset=NAME`\n"
    "                    selects a preset from examples/configs/, and\n"
    "                    `--set preset=gpgpusim:PATH` imports a GPGPU-Sim\n"
    "                    configuration file (gpgpusim.config)\n"
    "  --design NAME     the same as --set design=NAME (baseline, cerf, unified,\n"
    "                    racetrack, ideal-rf, fuse)\n"
    "  --preset NAME     the same as --set preset=NAME (`warpscope --help config`\n"
    "                    lists the presets)\n"
    "  --json FILE       write statistics as JSON (byte-identical for identical inputs)\n"
    "  --quiet           no progress line (shown on stderr when it is a terminal and\n"
    "                    a run lasts over a second: kernel, cycle, warp-instructions,\n"
    "                    rate, time)\n"
    "  --progress        the progress line even when stderr is not a terminal\n"
    "  --unsafe-lua      give scenarios the full Lua standard library (io, os, ...)\n"
    "  --host-stats      print wall time, simulation rate and peak memory to stderr\n"
    "                    (inspect: peak memory)\n"
    "  --commands FILE   drive the run with debugger commands (a failing command is\n"
    "                    reported as FILE:LINE:1 and makes the exit status 2)\n"
    "  --probes FILE     write the series of every ws.probe as CSV (probe,cycle,value)\n"
    "  --record FILE     write the session as a scenario that replays it\n"
    "  --no-reverse      take no snapshots (reverse-step, goto-cycle back unavailable)\n"
    "  --line-stats      count statistics per PTX line from the start (info lines,\n"
    "                    ws.lines); --json then has them under \"lines\"\n"
    "  --trace FILE      write the timeline as Chrome trace-event JSON: tracks per SM,\n"
    "                    scheduler and warp slot, counters, L1D/L2/DRAM requests with\n"
    "                    flows, design events (1 us of the timeline = 1 core cycle)\n"
    "  --trace-window FROM:TO\n"
    "                    trace only cycles FROM to TO (either side may be left out)\n"
    "  --trace-events LIST\n"
    "                    what to trace: issue, warps, sched, cta, counters, memory,\n"
    "                    design, all, design event names; -NAME leaves one out\n"
    "  --trace-sms LIST  trace only these SMs (\"0,4-7\")\n"
    "  --trace-interval CYCLES\n"
    "                    cycles per counter sample (default 100)\n"
    "\n"
    "Exit status: 0 success, 1 a ws.check failed, 2 bad input (the message says\n"
    "file:line:col and what was expected).\n";

void cli_help(const char *topic)
{
    if (topic && strcmp(topic, "config") == 0) {
        struct strbuf b;
        sb_init(&b);
        config_help(&b);
        sb_puts(&b, "\nPresets: ");
        size_t before = b.len;
        config_preset_names(&b);
        if (b.len == before)
            sb_puts(&b, "(none found: set WARPSCOPE_HOME to the warpscope directory)");
        sb_putc(&b, '\n');
        fputs(sb_str(&b), stdout);
        sb_free(&b);
        return;
    }
    if (topic && strcmp(topic, "ptx") == 0) {
        struct strbuf b;
        sb_init(&b);
        ptx_opnames(&b);
        printf("Supported PTX instructions (details and limits in docs/ptx.md):\n  %s\n"
               "Types: .pred .b8-.b64 .u8-.u64 .s8-.s64 .f16 .bf16 .f32 .f64 and the\n"
               "  packed .f16x2 .bf16x2 .u16x2 .s16x2.\n"
               "Half precision (.f16 .bf16 .f16x2 .bf16x2): add sub mul fma min max abs\n"
               "  neg ex2 tanh setp set cvt, computed on integers and rounded to nearest;\n"
               "  NaN results are 0x7fff.\n"
               "Results that follow an NVIDIA H100 rather than the PTX manual (recorded in\n"
               "tests/conformance/): sin/cos.approx reduce the argument with an FMUL.RZ\n"
               "by 1/(2 pi); div.approx.f32 gives 0 for |b| > 2^126; rcp.approx.ftz.f64\n"
               "keeps the high word; cvt of NaN to 64-bit integers or from f64 gives the\n"
               "top bit (0 from f32 to 32 bits); .sat of -0 gives +0; NaN results of\n"
               "atom.add.f32 and of half precision are canonical; sub.cc sets the carry.\n",
               sb_str(&b));
        sb_free(&b);
        return;
    }
    fputs(usage, stdout);
}

/*
** WARPSCOPE_ISA: which build of the functional core's whole-warp paths
** runs (fx_set_wide): "baseline", or "avx2" (the default where the host
** has it). Both give the same results; the variable is for comparing
** them. EXIT_OK, or EXIT_BAD after the error.
*/
static int choose_isa(void)
{
    const char *isa = getenv("WARPSCOPE_ISA");
    if (!isa || !*isa)
        return EXIT_OK;
    if (strcmp(isa, "baseline") == 0) {
        fx_set_wide(false);
        return EXIT_OK;
    }
    if (strcmp(isa, "avx2") == 0) {
        if (fx_set_wide(true))
            return EXIT_OK;
        return cli_usage_error(NULL, "WARPSCOPE_ISA=avx2: this %s has no AVX2 build of the functional core (it needs x86-64 with AVX2, FMA, BMI1 and BMI2); unset it to run the baseline build",
#ifdef WS_AVX2
                               "host"
#else
                               "build"
#endif
        );
    }
    return cli_usage_error(NULL, "WARPSCOPE_ISA: unknown value '%s' (expected baseline or avx2)",
                           isa);
}

int main(int argc, char **argv)
{
    wslua_use_for_presets();
    if (argc < 2) {
        fputs(usage, stdout);
        return EXIT_OK;
    }
    const char *cmd = argv[1];
    if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0 ||
        strcmp(cmd, "help") == 0) {
        if (argc > 3)
            return cli_usage_error(NULL, "--help takes at most one topic");
        if (argc == 3 && strcmp(argv[2], "config") && strcmp(argv[2], "ptx"))
            return cli_usage_error(NULL, "unknown help topic '%s' (expected config or ptx)",
                                   argv[2]);
        cli_help(argc == 3 ? argv[2] : NULL);
        return EXIT_OK;
    }
    if (strcmp(cmd, "--version") == 0 || strcmp(cmd, "-V") == 0) {
        if (argc > 2)
            return cli_usage_error(NULL, "%s takes no arguments, got '%s'", cmd,
                                   argv[2]);
        printf("warpscope %s\n", WS_VERSION);
        return EXIT_OK;
    }
    /* `warpscope run --help` and the like: the same text */
    for (int i = 2; i < argc; i++)
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            fputs(usage, stdout);
            return EXIT_OK;
        }
    if (choose_isa() != EXIT_OK)
        return EXIT_BAD;
    if (strcmp(cmd, "run") == 0)
        return cli_run(argc - 1, argv + 1);
    if (strcmp(cmd, "inspect") == 0)
        return cli_inspect(argc - 1, argv + 1);
    if (strcmp(cmd, "sweep") == 0)
        return cli_sweep(argc - 1, argv + 1);
    if (strcmp(cmd, "plot") == 0)
        return cli_plot(argc - 1, argv + 1);
    if (cmd[0] == '-')
        return cli_usage_error(NULL, "unknown option '%s'", cmd);
    size_t n = strlen(cmd);
    if (n > 4 && strcmp(cmd + n - 4, ".lua") == 0) {
        /* the TUI when the output is a terminal; headless otherwise */
        if (isatty(1) && isatty(0))
            return cli_tui(argc, argv);
        return cli_run(argc, argv);
    }
    if (n > 4 && strcmp(cmd + n - 4, ".ptx") == 0) {
        /* a kernel alone: what the compiler makes of it (the TUI runs
           scenarios, which launch kernels) */
        return cli_inspect(argc, argv);
    }
    return cli_usage_error(NULL, "unknown command '%s' (expected run, inspect, sweep, plot, a .lua scenario or a .ptx file)",
                           cmd);
}

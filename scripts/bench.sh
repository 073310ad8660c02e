#!/usr/bin/env bash
# `make bench`: speed and memory of the simulator on the example kernels.
#   scripts/bench.sh build/warpscope
# Runs every examples/scenarios/*.lua, examples/bench/*.lua and
# examples/suite/*.lua (workload.size = test) headless, cycle-level on
# each preset in PRESETS (default: teach fermi), then functional-only
# (sim.mode=functional, preset fermi). For each run it prints the
# simulated cycles, warp-instructions, host seconds spent simulating
# (inside ws.run(), without the scenario's own Lua work), the rate in
# simulated warp-instructions per second, the host nanoseconds per
# warp-instruction and per simulated cycle, and the peak RSS. Each run is
# repeated REPEAT times (default 3) and the fastest kept: the host is
# shared and timings are noisy. Totals per preset and mode follow. A run
# that exits non-zero (a failed check, an error) is a FAILED row with its
# exit status, left out of the totals; they are listed again at the end
# and make bench exits 1.
# The guided scenarios that choose their own design (`ws.config{...
# design = ...}`: their stops and checks are that design's on its preset)
# run once, cycle-level under their own configuration (preset column
# "own"); they and the others that watch timing events (`ws.on`, the
# tour) are left out of the functional pass, where no such event exists.
# Then the scaling table (SCALE=0 skips it): examples/bench/scale/, three
# thread-per-row kernels on fermi at 1x, 4x and 16x the work, fastest of
# SCALE_REPEAT runs (default 1), with the 16x/4x ratio of the host time per
# warp-instruction (flat cost: close to 1).
# MAIN=0 skips the runs above (for the tables below alone).
# Then the threads table (THREADS=0 skips it): compute-bound workloads on
# fermi with sim.threads = 1 and 2, the speed-up, and a check that the
# statistics are byte-identical.
# Then reverse execution at cycle 10,000,000 (each command timed in the
# session) and the TUI's redraw and refresh rate.
# TRACE=1 also writes a timeline trace of every run (--trace, all events;
# docs/trace.md) and adds its size: what tracing costs when on. Without
# it nothing is traced, which is what tracing costs when off.
# Every one-thread run is pinned to one host CPU (BENCH_CPU, default the
# first this process may use; BENCH_CPU=none does not pin): the cores of
# a virtual machine can differ in speed by a third, and a run the kernel
# moves between them measures the move. The threads table is not pinned.
# The first line says which build of the functional core's whole-warp
# paths the runs use (WARPSCOPE_ISA, docs/performance.md).
# Numbers go to docs/performance.md with the machine they were measured on.
set -u
bin=${1:-build/warpscope}
cd "$(dirname "$0")/.."
presets=${PRESETS:-teach fermi}
repeat=${REPEAT:-3}
# which build of the functional core's whole-warp paths the runs use
isa=$("$bin" run examples/scenarios/saxpy.lua --set sim.mode=functional --host-stats 2>&1 >/dev/null |
      sed -n 's/^host: .*; whole-warp paths \([a-z0-9]*\)$/\1/p')
echo "whole-warp paths: ${isa:-unknown} (WARPSCOPE_ISA=baseline or avx2 chooses)"
pin=()
cpu=${BENCH_CPU:-$(taskset -pc $$ 2>/dev/null | sed -nE 's/.*: *([0-9]+).*/\1/p')}
if [ -n "$cpu" ] && [ "$cpu" != none ] && command -v taskset >/dev/null 2>&1; then
  if ! taskset -c "$cpu" true 2>/dev/null; then
    echo "bench: BENCH_CPU=$cpu: not a CPU this process may run on (taskset -pc \$\$ lists them; BENCH_CPU=none does not pin)" >&2
    exit 2
  fi
  pin=(taskset -c "$cpu")
  echo "one-thread runs pinned to CPU $cpu (BENCH_CPU)"
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
trace=()
[ -n "${TRACE:-}" ] && trace=(--trace "$tmp/trace.json")
extra=()                     # more --set for run (the threads table)
failed=()

# run SCENARIO PRESET MODE [REPEAT]: prints "cycles warp-instr seconds rss
# trace-KiB" (trace-KiB "-" without TRACE), or "FAIL status" when a run
# exits non-zero or reports no host statistics; PRESET "own" keeps the
# scenario's
run() {
  local best="" line sec rc pre=()
  [ "$2" != own ] && pre=(--set preset="$2")
  for _ in $(seq "${4:-$repeat}"); do
    "${pin[@]}" "$bin" run "$1" "${pre[@]}" --set sim.mode="$3" "${extra[@]}" --host-stats \
      --json "$tmp/s.json" "${trace[@]}" >/dev/null 2>"$tmp/err"
    rc=$?
    line=$(grep -ao 'host: .*' "$tmp/err")
    if [ "$rc" -ne 0 ] || [ -z "$line" ]; then echo "FAIL $rc"; return; fi
    sec=$(sed -E 's/.* in ([0-9.]+) s of simulation.*/\1/' <<<"$line")
    if [ -z "$best" ] || awk -v a="$sec" -v b="${best%% *}" 'BEGIN { exit !(a < b) }'; then
      best="$sec $(sed -E 's/^host: ([0-9]+) warp-instructions.*peak RSS ([0-9]+) KiB.*/\1 \2/' <<<"$line")"
    fi
  done
  local cycles
  cycles=$(sed -n 's/^  "cycles": \([0-9]*\),$/\1/p' "$tmp/s.json" | head -n 1)
  local tk=-
  [ -n "${TRACE:-}" ] && tk=$(( ($(stat -c %s "$tmp/trace.json") + 1023) / 1024 ))
  set -- $best
  echo "${cycles:--} $2 $1 $3 $tk"
}

# row NAME PRESET MODE CYCLES WI SEC RSS [TK]: one result line
row() {
  awk -v n="$1" -v p="$2" -v m="$3" -v c="$4" -v w="$5" -v s="$6" -v r="$7" -v t="${8:-}" 'BEGIN {
    printf "%-18s %-8s %-10s %11s %11d %8.4f %13.0f %9.0f %10s %9d%s\n", n, p, m, c, w, s,
      (s > 0 ? w / s : 0), (w > 0 ? s * 1e9 / w : 0),
      (c ~ /^[0-9]+$/ && c > 0 ? sprintf("%.1f", s * 1e9 / c) : "-"), r,
      (t != "" ? sprintf(" %9s", t) : "") }'
}

printf '%-18s %-8s %-10s %11s %11s %8s %13s %9s %10s %9s%s\n' \
  scenario preset mode cycles warp-instr sim-s warp-instr/s ns/w-inst ns/cycle peak-KiB "${TRACE:+ trace-KiB}"
pass() {  # PRESET MODE
  local p=$1 m=$2 tw=0 ts=0 tc=0 maxrss=0
  for s in examples/scenarios/*.lua examples/bench/*.lua examples/suite/*.lua; do
    local name r cycles wi sec rss rate
    name=$(basename "$s" .lua)
    [ "${s#examples/suite/}" != "$s" ] && name="suite/$name"
    local rp=$p
    if grep -q '^ws.config{.*design *=' "$s"; then
      # a design's guided scenario: once, under its own configuration
      [ "$m" = timing ] && [ "$p" = "${presets%% *}" ] || continue
      rp=own
    elif [ "$m" = functional ] && grep -q 'ws\.on(' "$s"; then
      continue
    fi
    r=$(run "$s" "$rp" "$m")
    if [ "${r%% *}" = FAIL ]; then
      printf '%-18s %-8s %-10s FAILED (exit %s)\n' "$name" "$rp" "$m" "${r#FAIL }"
      failed+=("$name $rp $m (exit ${r#FAIL })")
      continue
    fi
    read -r cycles wi sec rss tk <<<"$r"
    row "$name" "$rp" "$m" "$cycles" "$wi" "$sec" "$rss" "${TRACE:+$tk}"
    [ "$rp" = own ] && continue       # not in the preset's totals
    tw=$((tw + wi)); ts=$(awk -v a="$ts" -v b="$sec" 'BEGIN { print a + b }')
    [ "$cycles" != - ] && tc=$((tc + cycles))
    [ "$rss" -gt "$maxrss" ] && maxrss=$rss
  done
  row ALL "$p" "$m" "$([ "$m" = timing ] && echo "$tc" || echo '')" "$tw" "$ts" "$maxrss"
}
if [ "${MAIN:-1}" != 0 ]; then
  for p in $presets; do
    pass "$p" timing
  done
  pass fermi functional
fi

# Scaling: host cost per warp-instruction as the work grows.
if [ "${SCALE:-1}" != 0 ]; then
  echo
  echo "scaling (fermi, timing; examples/bench/scale/: 960 rows x 960*N columns):"
  printf '%-18s %-8s %-10s %11s %11s %8s %13s %9s %10s %9s\n' \
    workload preset scale cycles warp-instr sim-s warp-instr/s ns/w-inst ns/cycle peak-KiB
  for w in mvt bicg atax; do
    ns4=""
    for x in 1 4 16; do
      r=$(run "examples/bench/scale/${w}_${x}x.lua" fermi timing "${SCALE_REPEAT:-1}")
      if [ "${r%% *}" = FAIL ]; then
        printf '%-18s %-8s %-10s FAILED (exit %s)\n' "$w" fermi "${x}x" "${r#FAIL }"
        failed+=("scale/${w}_${x}x fermi timing (exit ${r#FAIL })")
        continue
      fi
      read -r cycles wi sec rss tk <<<"$r"
      row "$w" fermi "${x}x" "$cycles" "$wi" "$sec" "$rss"
      ns=$(awk -v w="$wi" -v s="$sec" 'BEGIN { print s * 1e9 / w }')
      [ "$x" = 4 ] && ns4=$ns
      [ "$x" = 16 ] && [ -n "$ns4" ] &&
        awk -v a="$ns" -v b="$ns4" -v w="$w" 'BEGIN {
          printf "%-18s host time per warp-instruction at 16x / at 4x: %.2f\n", w, a / b }'
    done
  done
fi

# Several host threads: compute-bound workloads on fermi with sim.threads
# = 1 and 2 (THREADS="1 2"; THREADS=0 skips it), the speed-up of each
# over one thread, and whether the statistics are byte-identical.
if [ "${THREADS:-1 2}" != 0 ]; then
  echo
  echo "threads (fermi, timing; sim.threads):"
  printf '%-18s %-8s %-10s %11s %11s %8s %13s %9s %10s %9s %8s\n' \
    workload preset threads cycles warp-instr sim-s warp-instr/s ns/w-inst ns/cycle peak-KiB speed-up
  pinned=("${pin[@]}"); pin=()       # N threads need N cores
  for s in examples/bench/gemm_tiled_256.lua examples/bench/hotspot_256.lua \
           examples/suite/sgemm.lua examples/suite/matrixmul.lua; do
    name=$(basename "$s" .lua); sec1=""
    for t in ${THREADS:-1 2}; do
      extra=(--set sim.threads="$t")
      r=$(run "$s" fermi timing)
      extra=()
      if [ "${r%% *}" = FAIL ]; then
        printf '%-18s %-8s %-10s FAILED (exit %s)\n' "$name" fermi "$t" "${r#FAIL }"
        failed+=("$name fermi sim.threads=$t (exit ${r#FAIL })")
        continue
      fi
      read -r cycles wi sec rss tk <<<"$r"
      same=""
      if [ -z "$sec1" ]; then
        sec1=$sec; cp "$tmp/s.json" "$tmp/one.json"
      elif ! cmp -s "$tmp/s.json" "$tmp/one.json"; then
        same=" STATISTICS DIFFER"
        failed+=("$name fermi sim.threads=$t: statistics differ from the first")
      fi
      printf '%s %s\n' "$(row "$name" fermi "$t" "$cycles" "$wi" "$sec" "$rss")" \
        "$(awk -v a="$sec1" -v b="$sec" 'BEGIN { printf "%8.2f", a / b }')$same"
    done
  done
  pin=("${pinned[@]}")
fi

# Reverse execution: after 10,000,000 cycles of the suite's hotspot at
# paper size on teach (10.0 M cycles in all), the time of one
# reverse-step, one reverse-stepc and one goto-cycle 1,000 cycles back,
# each timed in the session: every command is followed by an `echo`,
# whose line is stamped as it arrives (the console writes each command's
# output as it finishes). Fastest of REPEAT sessions for each command.
rev_at=10000000
printf 'stepc %s\necho @t\nreverse-step\necho @t\nreverse-stepc 1\necho @t\ngoto-cycle %s\necho @t\nquit\n' \
  "$rev_at" "$((rev_at - 1000))" > "$tmp/rev.cmds"
rev_best=""
for _ in $(seq "$repeat"); do
  ms=$("${pin[@]}" "$bin" run examples/suite/hotspot.lua --set preset=teach \
         --set workload.size=paper --commands "$tmp/rev.cmds" 2>/dev/null |
       while IFS= read -r line; do
         [ "$line" = @t ] && date +%s.%N
       done | awk 'NR > 1 { printf "%s%.0f", (NR > 2 ? " " : ""), ($1 - p) * 1000 } { p = $1 }')
  if [ "$(wc -w <<<"$ms")" != 3 ]; then
    rev_best=FAIL
    break
  fi
  if [ -z "$rev_best" ]; then
    rev_best=$ms
  else
    rev_best=$(awk -v a="$rev_best" -v b="$ms" 'BEGIN {
      n = split(a, x, " "); split(b, y, " ")
      for (i = 1; i <= n; i++) printf "%s%d", (i > 1 ? " " : ""), (y[i] < x[i] ? y[i] : x[i]) }')
  fi
done
echo
echo "reverse execution (teach, suite hotspot at paper size, after $rev_at cycles; debug.checkpoint_interval default):"
if [ "$rev_best" = FAIL ]; then
  echo "  FAILED: the session did not answer every command"
  failed+=("reverse execution (suite/hotspot paper, teach)")
else
  read -r rs rc gc <<<"$rev_best"
  echo "  reverse-step: $rs ms; reverse-stepc 1: $rc ms; goto-cycle $((rev_at - 1000)): $gc ms"
fi

# TUI: time to redraw every pane of a full 200x60 screen, rendered to a
# pseudo-terminal (script(1)), mid-kernel on gemm (target: under 16 ms).
if command -v script >/dev/null 2>&1; then
  printf 'stepc 3000\n' > "$tmp/tui.cmds"
  echo
  echo "TUI redraw (gemm at cycle 3000, 200x60, 200 frames):"
  script -qc "stty cols 200 rows 60; $bin examples/scenarios/gemm.lua --commands $tmp/tui.cmds --bench-redraw 200" /dev/null \
    2>/dev/null | grep -ao 'redraw: .*' | sed 's/^/  /'
fi

# TUI while running: `continue` over hotspot_256 on teach with every pane
# live at 200x60, against the same run headless (target: at least 20
# frames per second and 80% of headless speed).
if command -v script >/dev/null 2>&1; then
  echo
  echo "TUI continue (hotspot_256, teach, 200x60) vs headless:"
  script -qc "stty cols 200 rows 60; $bin examples/bench/hotspot_256.lua --bench-continue" /dev/null \
    2>/dev/null | grep -ao 'continue: .*' | sed 's/^/  /'
  /usr/bin/env time -f "  headless: %e s wall (whole run, including start-up)" \
    "$bin" run examples/bench/hotspot_256.lua 2>&1 >/dev/null | tail -n 1
fi

if [ ${#failed[@]} -gt 0 ]; then
  echo
  echo "FAILED: ${#failed[@]} run(s) exited non-zero or differed:"
  printf '  %s\n' "${failed[@]}"
  exit 1
fi

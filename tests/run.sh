#!/usr/bin/env bash
# Runs the scenario and bad-input suites against a warpscope binary:
#   tests/run.sh build/warpscope
# - every examples/scenarios/*.lua, examples/labs/*.lua, examples/suite/*.lua (workload.size=test),
#   examples/microbench/*.lua, tests/scenarios/*.lua and the reference
#   kernels tests/reference/*.lua (fermi, test size) must exit 0, and
#   examples/bench/*.lua in functional mode; the examples again under every
#   alternative design (fuse: all seven variants), tests/scenarios/acc_*.lua
#   under two fuse variants;
# - every tests/bad/NAME.{ptx,lua,args} must produce exactly the stderr and
#   exit code written in tests/bad/NAME.expect (first line "exit N");
# - a scenario run twice must write byte-identical JSON;
# - skipping idle cycles must not change any statistic;
# - the debugger's command files, reverse execution and records
#   (tests/debugger/run.sh), and the TUI driven in tmux (tests/tui/run.sh).
# Run from the repository root: diagnostics quote paths relative to it.
set -u
bin=${1:-build/warpscope}
cd "$(dirname "$0")/.."
fail=0; pass=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

for s in examples/scenarios/*.lua examples/labs/*.lua examples/suite/*.lua examples/microbench/*.lua examples/debug/*.lua tests/scenarios/*.lua tests/reference/*.lua; do
  [ -e "$s" ] || continue
  [ "$s" = tests/reference/common.lua ] && continue
  if "$bin" run "$s" >"$tmp/out" 2>&1; then
    pass=$((pass + 1))
  else
    echo "scenario FAIL $s (exit $?)"; sed 's/^/    /' "$tmp/out" | tail -15
    fail=$((fail + 1))
  fi
done
# The microbenchmarks recover the configured geometry and latencies; check
# them on a second machine too.
for s in examples/microbench/*.lua; do
  if "$bin" run "$s" --set preset=fermi >"$tmp/out" 2>&1; then
    pass=$((pass + 1))
  else
    echo "scenario FAIL $s --set preset=fermi (exit $?)"; sed 's/^/    /' "$tmp/out" | tail -15
    fail=$((fail + 1))
  fi
done
# Every example computes the same results under each alternative design
# (scenarios that choose their own design are left to it).
while read -r sets; do
  [ -n "$sets" ] || continue
  args=()
  for kv in $sets; do args+=(--set "$kv"); done
  for s in examples/scenarios/*.lua; do
    grep -q '^ws.config{.*design *=' "$s" && continue
    if "$bin" run "$s" "${args[@]}" >"$tmp/out" 2>&1; then
      pass=$((pass + 1))
    else
      echo "scenario FAIL $s $sets (exit $?)"; sed 's/^/    /' "$tmp/out" | tail -15
      fail=$((fail + 1))
    fi
  done
done <<EOF3
design=cerf cerf.policy=lru-fair
design=cerf cerf.policy=lru-prioritized
design=cerf cerf.ways=2 preset=fermi
design=unified
design=racetrack racetrack.preshift=true
design=racetrack preset=fermi-rm racetrack.ports=2
design=ideal-rf
design=fuse fuse.variant=l1-sram
design=fuse fuse.variant=fa-sram
design=fuse fuse.variant=by-nvm l1d.write_global=back
design=fuse fuse.variant=hybrid l1d.write_global=back
design=fuse fuse.variant=base-fuse l1d.write_global=through
design=fuse fuse.variant=fa-fuse
design=fuse fuse.variant=dy-fuse preset=fermi-fuse
design=tinycache
design=tinycache tinycache.policy=bypass_shared preset=fermi-tc
design=tinycache tinycache.policy=bypass_global tinycache.fence=ignore
design=ltrf ltrf.variant=bl
design=ltrf ltrf.variant=rfc sched.policy=two-level
design=ltrf ltrf.variant=ltrf sched.policy=two-level sched.active_warps=2 sched.leave_on=miss sched.refill=skip-memory
design=ltrf ltrf.variant=ltrf+ sched.policy=two-level sched.active_warps=1
design=ltrf ltrf.variant=ideal preset=fermi
design=ltrf ltrf.variant=ltrf+ preset=maxwell-ltrf sm.count=2 ltrf.main_config=6
EOF3
# A launch while a racetrack write of the previous kernel still drains
# (histo's four launches on fermi-rm, with preshifting): the tapes keep
# their positions across the launch.
if "$bin" run examples/suite/histo.lua --set preset=fermi-rm --set design=racetrack \
     --set racetrack.preshift=true >"$tmp/out" 2>&1; then
  pass=$((pass + 1))
else
  echo "scenario FAIL examples/suite/histo.lua preset=fermi-rm design=racetrack racetrack.preshift=true (exit $?)"
  sed 's/^/    /' "$tmp/out" | tail -15
  fail=$((fail + 1))
fi
# The PTX-semantics scenarios give the same results under fuse's two
# controllers (queues, FA search and predictor; blocking STT-MRAM alone).
for v in dy-fuse by-nvm; do
  for s in tests/scenarios/acc_*.lua; do
    if "$bin" run "$s" --set design=fuse --set fuse.variant=$v \
         --set l1d.write_global=back >"$tmp/out" 2>&1; then
      pass=$((pass + 1))
    else
      echo "scenario FAIL $s design=fuse fuse.variant=$v (exit $?)"; sed 's/^/    /' "$tmp/out" | tail -15
      fail=$((fail + 1))
    fi
  done
done
# The per-lane caches also run every test scenario and microbenchmark,
# under each policy.
for pol in bypass_none bypass_shared bypass_global; do
  for s in tests/scenarios/*.lua examples/microbench/*.lua; do
    grep -q '^ws.config{.*design *=' "$s" && continue
    if "$bin" run "$s" --set design=tinycache --set tinycache.policy=$pol >"$tmp/out" 2>&1; then
      pass=$((pass + 1))
    else
      echo "scenario FAIL $s design=tinycache tinycache.policy=$pol (exit $?)"; sed 's/^/    /' "$tmp/out" | tail -15
      fail=$((fail + 1))
    fi
  done
done
# The benchmark workloads are large: their sampled results are checked in
# functional mode, which is fast.
for s in examples/bench/*.lua; do
  [ -e "$s" ] || continue
  if "$bin" run "$s" --set sim.mode=functional >"$tmp/out" 2>&1; then
    pass=$((pass + 1))
  else
    echo "scenario FAIL $s (exit $?)"; sed 's/^/    /' "$tmp/out" | tail -15
    fail=$((fail + 1))
  fi
done
# The worked debugging sessions of docs/debugger.md run clean.
while read -r cmds scen opts; do
  if "$bin" run "$scen" --commands "$cmds" $opts >"$tmp/out" 2>&1; then
    pass=$((pass + 1))
  else
    echo "session FAIL $cmds on $scen (exit $?)"; sed 's/^/    /' "$tmp/out" | tail -15
    fail=$((fail + 1))
  fi
done <<EOF2
examples/debug/stall.cmds examples/scenarios/gemm.lua
examples/debug/evict.cmds examples/scenarios/gemm.lua --set debug.checkpoint_interval=500
examples/debug/probes.cmds examples/scenarios/hotspot.lua --probes $tmp/probes.csv
EOF2
echo "scenarios: $pass passed, $fail failed"

bpass=0; bfail=0
for e in tests/bad/*.expect; do
  [ -e "$e" ] || continue
  name=${e%.expect}
  want_exit=$(head -n 1 "$e" | sed -n 's/^exit \([0-9]*\)$/\1/p')
  if [ -z "$want_exit" ]; then
    echo "bad   FAIL $e: first line must be 'exit N'"; bfail=$((bfail + 1)); continue
  fi
  tail -n +2 "$e" > "$tmp/want"
  if [ -e "$name.args" ]; then
    # One command line, words separated by spaces, run from the repo root.
    read -r -a words < "$name.args"
    "$bin" "${words[@]}" >/dev/null 2>"$tmp/got"; got_exit=$?
  elif [ -e "$name.ptx" ]; then
    "$bin" inspect "$name.ptx" >/dev/null 2>"$tmp/got"; got_exit=$?
  elif [ -e "$name.lua" ]; then
    "$bin" run "$name.lua" >/dev/null 2>"$tmp/got"; got_exit=$?
  else
    echo "bad   FAIL $e: no $name.args, .ptx or .lua"; bfail=$((bfail + 1)); continue
  fi
  if [ "$got_exit" != "$want_exit" ] || ! cmp -s "$tmp/want" "$tmp/got"; then
    echo "bad   FAIL $name (exit $got_exit, want $want_exit)"
    diff -u "$tmp/want" "$tmp/got" | sed 's/^/    /' | head -30
    bfail=$((bfail + 1))
  else
    bpass=$((bpass + 1))
  fi
done
echo "bad inputs: $bpass passed, $bfail failed"

dfail=0
for s in examples/scenarios/bfs.lua examples/scenarios/histogram.lua; do
  [ -e "$s" ] || continue
  "$bin" run "$s" --json "$tmp/a.json" >/dev/null 2>&1
  "$bin" run "$s" --json "$tmp/b.json" >/dev/null 2>&1
  if ! cmp -s "$tmp/a.json" "$tmp/b.json"; then
    echo "determinism FAIL $s: two runs wrote different JSON"; dfail=1
  fi
done
# ... and with the per-lane caches (their fetches, holds and flushes)
for s in examples/scenarios/tinycache-write-validate.lua examples/scenarios/gemm_tiled.lua; do
  "$bin" run "$s" --set design=tinycache --json "$tmp/a.json" >/dev/null 2>&1
  "$bin" run "$s" --set design=tinycache --json "$tmp/b.json" >/dev/null 2>&1
  if ! cmp -s "$tmp/a.json" "$tmp/b.json"; then
    echo "determinism FAIL $s design=tinycache: two runs wrote different JSON"; dfail=1
  fi
done
# ... and --line-stats: the statistics per PTX line under "lines", the same
# bytes twice; without it no "lines" key (the default JSON is unchanged)
s=examples/scenarios/histogram.lua
"$bin" run "$s" --line-stats --json "$tmp/a.json" >/dev/null 2>&1
"$bin" run "$s" --line-stats --json "$tmp/b.json" >/dev/null 2>&1
"$bin" run "$s" --json "$tmp/c.json" >/dev/null 2>&1
if ! cmp -s "$tmp/a.json" "$tmp/b.json"; then
  echo "determinism FAIL $s --line-stats: two runs wrote different JSON"; dfail=1
fi
if ! grep -q '"lines": \[' "$tmp/a.json" || ! grep -q '"kernel": "histogram' "$tmp/a.json" ||
   grep -q '"lines"' "$tmp/c.json"; then
  echo "line-stats FAIL $s: \"lines\" missing with --line-stats or present without"; dfail=1
fi
[ $dfail = 0 ] && echo "determinism: identical JSON across runs"

# Skipping idle cycles must not change any result: every example run with
# and without it writes the same statistics (the config hash differs). The
# reference kernels run on fermi, with its memory-system mechanisms. The
# per-lane caches' parts say when they next have work: the examples
# under design tinycache too.
sfail=0; sn=0; runs=()
for s in examples/scenarios/*.lua examples/microbench/*.lua tests/reference/*.lua; do
  [ "$s" = tests/reference/common.lua ] || runs+=("$s|")
done
for s in examples/scenarios/*.lua; do
  grep -q '^ws.config{.*design *=' "$s" || runs+=("$s|design=tinycache")
done
for r in "${runs[@]}"; do
  s=${r%%|*}; d=()
  [ -n "${r#*|}" ] && d=(--set "${r#*|}")
  [ -e "$s" ] || continue
  "$bin" run "$s" "${d[@]}" --json "$tmp/a.json" >/dev/null 2>&1
  "$bin" run "$s" "${d[@]}" --set sim.skip_idle=false --json "$tmp/b.json" >/dev/null 2>&1
  if ! cmp -s <(grep -v '"config_hash"' "$tmp/a.json") \
              <(grep -v '"config_hash"' "$tmp/b.json"); then
    echo "skip-idle FAIL $s ${d[*]}: statistics differ with sim.skip_idle=false"
    diff <(grep -v '"config_hash"' "$tmp/a.json") \
         <(grep -v '"config_hash"' "$tmp/b.json") | head -10 | sed 's/^/    /'
    sfail=1
  fi
  sn=$((sn + 1))
done
[ $sfail = 0 ] && echo "skip-idle: $sn scenarios, identical statistics with and without idle-cycle skipping"

# differs MESSAGE COMMAND...: runs the command line (env assignments
# first, as for env(1)) with --json $tmp/b.json and its output in
# $tmp/b.out; when it gives other output or statistics than the run in
# $tmp/a.json and $tmp/a.out (or that run wrote no statistics), prints
# MESSAGE and how the output differs, and is true.
differs() {
  local msg=$1; shift
  env "$@" --json "$tmp/b.json" >"$tmp/b.out" 2>&1
  if [ ! -s "$tmp/a.json" ] || ! cmp -s "$tmp/a.json" "$tmp/b.json" ||
     ! cmp -s "$tmp/a.out" "$tmp/b.out"; then
    echo "$msg"
    diff "$tmp/a.out" "$tmp/b.out" | head -6 | sed 's/^/    /'
    return 0
  fi
  return 1
}

# Several host threads (sim.threads = 2: the SMs of a cycle on two
# threads) give what one thread gives, byte for byte: the kernel whose
# CTAs race on global memory on all 15 SMs (its values' digest and its
# statistics), the reference kernels on fermi, and suite workloads under
# each design on its preset; with acknowledged stores (l2.write_ack), the
# L2's answers to stores too.
tfail=0; tn=0; truns=("tests/scenarios/threads_race.lua|")
for s in tests/reference/*.lua; do
  [ "$s" = tests/reference/common.lua ] || truns+=("$s|")
done
truns+=("examples/suite/gemm.lua|--set design=cerf --set preset=fermi"
        "examples/suite/hotspot.lua|--set design=racetrack --set preset=fermi-rm"
        "examples/suite/bfs.lua|--set design=tinycache --set preset=fermi-tc"
        "examples/suite/spmv.lua|--set design=fuse --set preset=fermi-fuse"
        "examples/suite/pathfinder.lua|--set design=ltrf --set preset=maxwell-ltrf"
        "tests/reference/stencil.lua|--set l2.write_ack=true"
        "examples/suite/syr2k.lua|--set design=cerf --set preset=fermi --set l2.write_ack=true")
# Each also with debug.thread_shuffle, which every few cycles switches
# between one thread and the team and moves SMs between threads at
# random (as timing-driven balancing does, but reproducibly).
for r in "${truns[@]}"; do
  s=${r%%|*}; read -r -a d <<< "${r#*|}"
  "$bin" run "$s" "${d[@]}" --set sim.threads=1 --json "$tmp/a.json" >"$tmp/a.out" 2>&1
  ts=("--set sim.threads=2" "--set sim.threads=2 --set debug.thread_shuffle=5")
  # the racing kernel also on more threads than this machine has cores
  [ "$s" = tests/scenarios/threads_race.lua ] &&
    ts+=("--set sim.threads=4 --set debug.thread_shuffle=3")
  for t in "${ts[@]}"; do
    read -r -a tt <<< "$t"
    differs "threads FAIL $s ${d[*]} $t: other results than one thread" \
      "$bin" run "$s" "${d[@]}" "${tt[@]}" && tfail=1
    tn=$((tn + 1))
  done
done
[ $tfail = 0 ] && echo "threads: $tn runs, identical output and statistics on one thread and two"

# The two builds of the functional core's whole-warp paths (WARPSCOPE_ISA:
# baseline, and avx2, the default where the host has it) give the same
# output and statistics, byte for byte: every example scenario
# functional, the suite's vector-access and sine-heavy workloads, and a
# few cycle-level runs. A wrong value is an error (exit 2).
ifail=0; isn=0
if "$bin" run examples/scenarios/saxpy.lua --host-stats 2>&1 >/dev/null |
   grep -q 'whole-warp paths avx2$'; then
  iruns=()
  for s in examples/scenarios/*.lua; do
    grep -q '^ws.config{.*design *=' "$s" || grep -q 'ws\.on(' "$s" ||
      iruns+=("$s|--set sim.mode=functional")
  done
  iruns+=("examples/suite/histo.lua|--set sim.mode=functional"
          "examples/suite/mri_q.lua|--set sim.mode=functional"
          "examples/scenarios/gemm_tiled.lua|"
          "examples/scenarios/histogram.lua|--set preset=fermi"
          "tests/reference/stencil.lua|")
  for r in "${iruns[@]}"; do
    s=${r%%|*}; read -r -a d <<< "${r#*|}"
    "$bin" run "$s" "${d[@]}" --json "$tmp/a.json" >"$tmp/a.out" 2>&1
    differs "isa   FAIL $s ${d[*]}: the baseline build gives other results than avx2" \
      WARPSCOPE_ISA=baseline "$bin" run "$s" "${d[@]}" && ifail=1
    isn=$((isn + 1))
  done
  [ $ifail = 0 ] && echo "isa: $isn runs, identical output and statistics from the baseline and the AVX2 build"
else
  echo "isa: this host runs the baseline build only (no AVX2, FMA, BMI): nothing to compare"
fi
for v in avx3 ""; do
  WARPSCOPE_ISA=$v "$bin" run examples/scenarios/saxpy.lua >/dev/null 2>"$tmp/isa.err"; rc=$?
  if [ -z "$v" ] && [ $rc != 0 ]; then
    echo "isa   FAIL WARPSCOPE_ISA='': exit $rc, want 0"; ifail=1
  elif [ -n "$v" ] && { [ $rc != 2 ] ||
       ! grep -q "^warpscope: error: WARPSCOPE_ISA: unknown value 'avx3' (expected baseline or avx2)$" "$tmp/isa.err"; }; then
    echo "isa   FAIL WARPSCOPE_ISA=$v: exit $rc, want 2 and the error"; cat "$tmp/isa.err"; ifail=1
  fi
done

# Storage bills (SPEC 5): the papers' arithmetic on the fermi preset.
cfail=0
"$bin" inspect --cost --set preset=fermi > "$tmp/cost" 2>&1 || cfail=1
for want in "baseline:= 147808 bytes" "cerf:= 133504 bytes" \
            "cerf:17408 bits     2.125 KB" "racetrack:2097152 bits   256.000 KB" \
            "fuse:4096 bits     0.500 KB" "fuse:928 bits     0.113 KB" \
            "fuse:2560 bits     0.312 KB" \
            "tinycache:61440 bits     7.500 KB" "tinycache:= 188256 bytes"; do
  d=${want%%:*}; line=${want#*:}
  # the line must appear inside the design's block
  if ! awk -v d="  $d" -v l="$line" '$0 == d { on = 1; next } /^  [a-z]/ { on = 0 }
         on && index($0, l) { found = 1 } END { exit !found }' "$tmp/cost"; then
    echo "cost  FAIL $d: no '$line' in its bill"; cfail=1
  fi
done
[ $cfail = 0 ] && echo "storage bills: baseline 147808 B, cerf 133504 B (tag 2.125 KB), racetrack 256 KB, fuse CBFs 512 B, sampler 928 bits, history 2560 bits, tinycache 188256 B (metadata 32 x 16 x 15 B)"
# LTRF's warp control blocks on its own machine (64 warps, 8 active): the
# paper's 64 x (256 x 5 + 3 + 256 + 256) bits, and the 16 KB cache.
"$bin" inspect --cost --set preset=maxwell-ltrf > "$tmp/cost" 2>&1 || cfail=1
for line in "warp control blocks          114880 bits" \
            "register-file cache          131072 bits    16.000 KB"; do
  if ! awk -v l="$line" '$0 == "  ltrf" { on = 1; next } /^  [a-z]/ { on = 0 }
         on && index($0, l) { found = 1 } END { exit !found }' "$tmp/cost"; then
    echo "cost  FAIL ltrf: no '$line' in its bill"; cfail=1
  fi
done
[ $cfail = 0 ] && echo "storage bills: ltrf WCB 114880 bits, RFC 16 KB (maxwell-ltrf)"

# The inspected racetrack mapping follows rf.bank_map: gemm's 26
# registers x 16 warps give every bank 26 under (w + r) mod 16, while
# under r mod 16 banks 0-9 hold two registers of each warp and 10-15 one.
for m in "warp+reg:26 26" "reg:32 16"; do
  want=${m#*:}
  got=$("$bin" inspect examples/kernels/gemm.ptx --set rf.bank_map="${m%%:*}" 2>&1 |
        awk '/racetrack register mapping/ { on = 1; next }
             on && $1 == "0" { a = $2 } on && $1 == "10" { b = $2 } END { print a, b }')
  if [ "$got" != "$want" ]; then
    echo "inspect FAIL rf.bank_map=${m%%:*}: registers in banks 0 and 10 '$got', want '$want'"
    cfail=1
  fi
done
[ $cfail = 0 ] && echo "inspect: the racetrack mapping follows rf.bank_map"

# --help ptx names the instructions, the types and the results that follow
# the hardware (docs/ptx.md).
for w in dp4a vabsdiff4 vset4 vmad .f16x2 .bf16x2 .u16x2 rcp.approx.ftz.f64 H100; do
  if ! "$bin" --help ptx | grep -q -- "$w"; then
    echo "help  FAIL warpscope --help ptx does not mention $w"; cfail=1
  fi
done
# A FIFO nobody writes to, given wherever a file is read: the open must not
# wait for a writer (it once blocked ws.load_ptx forever), and the read
# ends with a clear error.
ffail=0
mkfifo "$tmp/fifo.ptx" && ln -s fifo.ptx "$tmp/fifomod.lua"
printf 'local m = ws.load_ptx("fifo.ptx")\n' > "$tmp/fifo_load.lua"
printf 'require "fifomod"\n' > "$tmp/fifo_require.lua"
while IFS='|' read -r want args; do
  read -r -a words <<< "$args"
  timeout 20 "$bin" "${words[@]}" >/dev/null 2>"$tmp/fifo.err"; rc=$?
  if [ $rc != 2 ] || ! grep -q "$want" "$tmp/fifo.err"; then
    echo "fifo  FAIL warpscope $args: exit $rc"; sed 's/^/    /' "$tmp/fifo.err" | head -5
    ffail=1
  fi
done <<EOF4
fifo.ptx: error: cannot read PTX file: it is a FIFO nothing was written to|inspect $tmp/fifo.ptx
fifo.ptx: error: cannot read PTX file: it is a FIFO nothing was written to|run $tmp/fifo_load.lua
fifo_require.lua:1:1: error: module '.*fifomod.lua' is a FIFO nothing was written to|run $tmp/fifo_require.lua
error: a scenario must be a file that can be read more than once, not a FIFO or socket|run $tmp/fifo.ptx
fifo.ptx: error: cannot read script: it is a FIFO nothing was written to|run examples/scenarios/saxpy.lua --set preset=$tmp/fifo.ptx
fifo.ptx: error: cannot read the command file: it is a FIFO nothing was written to|run examples/scenarios/saxpy.lua --commands $tmp/fifo.ptx
EOF4
[ $ffail = 0 ] && echo "fifo: 6 FIFOs without a writer rejected without blocking"
[ $ffail = 0 ] || cfail=1

# inspect runs ptxas under limits: a ptxas that never finishes is stopped
# (with its whole process group) after WARPSCOPE_PTXAS_SECONDS, reaped,
# and only its register counts are missing.
mkdir -p "$tmp/fakebin"
printf '#!/bin/sh\nsleep 300 &\nwait\n' > "$tmp/fakebin/ptxas"
chmod +x "$tmp/fakebin/ptxas"
WARPSCOPE_PTXAS_SECONDS=1 PATH="$tmp/fakebin:$PATH" timeout 30 \
  "$bin" inspect examples/kernels/saxpy.ptx > "$tmp/px.out" 2> "$tmp/px.err"; rc=$?
if [ $rc != 0 ] || ! grep -q 'note: ptxas ran longer than 1 s and was stopped' "$tmp/px.err" ||
   ! grep -q '^kernel saxpy' "$tmp/px.out" || pgrep -f "$tmp/fakebin/ptxas" >/dev/null; then
  echo "ptxas FAIL: a ptxas that never ends was not stopped cleanly (exit $rc)"; cfail=1
else
  echo "ptxas: a hanging ptxas is stopped after its time limit"
fi

# inspect is linear in basic blocks (20,000 blocks once took minutes) and
# its memory grows with the file: at most 200 bytes per byte of PTX plus
# 64 MiB.
awk 'BEGIN {
  print ".version 7.0\n.target sm_75\n.address_size 64\n.visible .entry k(.param .u64 p)\n{";
  print ".reg .pred %p<2>;\n.reg .b32 %r<8>;\n.reg .b64 %rd<2>;";
  print "ld.param.u64 %rd1, [p];\nmov.u32 %r1, %tid.x;\nsetp.lt.u32 %p1, %r1, 16;";
  for (i = 0; i < 20000; i++)
    printf "@%%p1 bra L%d;\nadd.s32 %%r%d, %%r%d, %d;\nL%d:\n", i, 2 + i % 6, 1 + (i + 1) % 6, i, i;
  print "st.global.u32 [%rd1], %r2;\nret;\n}" }' > "$tmp/blocks.ptx"
if timeout 120 "$bin" inspect "$tmp/blocks.ptx" --no-ptxas --host-stats >/dev/null 2>"$tmp/blocks.err"; then
  kib=$(sed -n 's/^host: peak RSS \([0-9]*\) KiB$/\1/p' "$tmp/blocks.err")
  bytes=$(wc -c < "$tmp/blocks.ptx")
  # (AddressSanitizer's shadow memory and quarantine are not warpscope's)
  if nm "$bin" 2>/dev/null | grep -q __asan_init; then
    echo "inspect: 20000 blocks ($bytes bytes) in time; memory not judged under ASan"
  elif [ -z "$kib" ] || [ "$kib" -gt $(( (bytes * 200) / 1024 + 65536 )) ]; then
    echo "inspect FAIL: ${kib:-?} KiB for a $bytes-byte file"; cfail=1
  else
    echo "inspect: 20000 blocks ($bytes bytes) in $kib KiB"
  fi
else
  echo "inspect FAIL: 20000 basic blocks did not finish within 120 s"; cfail=1
fi

# More registers live at once than can be allocated is an error at the
# instruction (allocating 5000 live registers costs time in proportion to
# them times the instructions), and 65000 declared but unused registers
# cost nothing (they once took 525 MB).
awk 'BEGIN {
  print ".version 7.0\n.target sm_75\n.address_size 64\n.visible .entry k(.param .u64 p)\n{";
  print ".reg .b32 %r<65000>;\n.reg .b64 %rd<2>;\nld.param.u64 %rd1, [p];";
  for (i = 0; i < 5000; i++) printf "mov.u32 %%r%d, %d;\n", i, i;
  for (i = 0; i < 5000; i += 2) printf "add.s32 %%r%d, %%r%d, %%r%d;\nst.global.u32 [%%rd1], %%r%d;\n", i, i, i + 1, i;
  print "ret;\n}" }' > "$tmp/live.ptx"
"$bin" inspect "$tmp/live.ptx" --no-ptxas --host-stats >/dev/null 2>"$tmp/live.err"; rc=$?
if [ $rc != 2 ] || ! grep -q "live.ptx:5008:1: error: in kernel 'k': more than 4096 registers are live at once here" "$tmp/live.err"; then
  echo "inspect FAIL: 5000 live registers (exit $rc)"; sed 's/^/    /' "$tmp/live.err" | head -3; cfail=1
fi

# More registers than the allocator numbers: the error names the kernel's
# file and line (it once named neither).
awk 'BEGIN { print ".version 7.0\n.target sm_75\n.address_size 64\n.visible .entry k()\n{\n.reg .b32 %r<65600>;";
  for (i = 0; i < 65537; i++) printf "mov.u32 %%r%d, %d;\n", i, i; print "ret;\n}" }' > "$tmp/many.ptx"
"$bin" inspect "$tmp/many.ptx" --no-ptxas >/dev/null 2>"$tmp/many.err"; rc=$?
if [ $rc != 2 ] || ! grep -q "many.ptx:4:10: error: in kernel 'k': the kernel uses 65537 registers; the allocator handles at most 65536" "$tmp/many.err"; then
  echo "inspect FAIL: 65537 registers (exit $rc)"; sed 's/^/    /' "$tmp/many.err" | head -3; cfail=1
fi

# A damaged recorded racetrack mapping: the tapes it does not map keep the
# direct mapping, and the summary and the JSON say so.
rtset=(--set preset=fermi-rm --set design=racetrack --set racetrack.profile_dir="$tmp/rtprof")
if "$bin" run examples/scenarios/saxpy.lua "${rtset[@]}" >/dev/null 2>&1; then
  for f in "$tmp"/rtprof/*.rtmap; do head -c 200 "$f" > "$f.cut" && mv "$f.cut" "$f"; done
  "$bin" run examples/scenarios/saxpy.lua "${rtset[@]}" --set racetrack.mapping=optimized \
    --json "$tmp/rt.json" > "$tmp/rt.out" 2>&1
  if ! grep -q 'warning: racetrack.mapping = optimized, but [0-9]* tapes had no recorded mapping' "$tmp/rt.out" ||
     ! grep -q '"mapping_fallbacks": [1-9]' "$tmp/rt.json"; then
    echo "racetrack FAIL: a damaged recorded mapping gave no warning"; cfail=1
  fi
else
  echo "racetrack FAIL: recording a mapping failed"; cfail=1
fi

# --design and --preset are the --set forms: the summary names both, and a
# later --set still wins over them.
got=$("$bin" run examples/scenarios/saxpy.lua --design cerf --preset=fermi 2>&1 | grep -c 'preset fermi, design cerf,')
got2=$("$bin" run examples/scenarios/saxpy.lua --design=cerf --set design=unified 2>&1 | grep -c 'preset teach, design unified,')
if [ "$got" != 1 ] || [ "$got2" != 1 ]; then
  echo "shorthand FAIL: --design/--preset did not set the design and preset ($got, $got2)"; cfail=1
fi

# The progress line: none when stderr is not a terminal (as in a sweep's
# points); --progress forces it (a line per report), --quiet wins; pausing
# for it changes no statistic (gemm runs past DEV_PROGRESS_CYCLES).
"$bin" run examples/scenarios/bicg.lua --set sim.mode=functional 2>"$tmp/p0" >/dev/null
"$bin" run examples/scenarios/bicg.lua --set sim.mode=functional --progress 2>"$tmp/p1" >/dev/null
"$bin" run examples/scenarios/bicg.lua --progress --quiet 2>"$tmp/p2" >/dev/null
"$bin" run examples/scenarios/gemm.lua --json "$tmp/g0.json" >/dev/null 2>&1
"$bin" run examples/scenarios/gemm.lua --progress --json "$tmp/g1.json" >/dev/null 2>"$tmp/p3"
if [ -s "$tmp/p0" ] || [ -s "$tmp/p2" ] ||
   ! grep -qE '^bicg_[a-z0-9_]+ \(launch 1/2\): [0-9.]+M warp-instructions, [0-9.]+M/s, [0-9.]+ s$' "$tmp/p1" ||
   ! grep -qE '^gemm[a-z0-9_]* \(launch 1/1\): cycle [0-9]+, ' "$tmp/p3" ||
   ! cmp -s "$tmp/g0.json" "$tmp/g1.json"; then
  echo "progress FAIL: the progress line"; head -3 "$tmp/p0" "$tmp/p1" "$tmp/p2" "$tmp/p3"; cfail=1
fi

# --help after a command prints the usage (exit 0) like --help alone.
for c in run inspect sweep; do
  if ! "$bin" $c --help 2>&1 | grep -q "^Usage:"; then
    echo "help  FAIL warpscope $c --help: no usage text"; cfail=1
  fi
done

dbgfail=0
tests/debugger/run.sh "$bin" || dbgfail=1
tests/tui/run.sh "$bin" || dbgfail=1

[ $fail = 0 ] && [ $bfail = 0 ] && [ $dfail = 0 ] && [ $sfail = 0 ] && [ $tfail = 0 ] && [ $ifail = 0 ] && [ $cfail = 0 ] && [ $dbgfail = 0 ]

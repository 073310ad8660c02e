#!/usr/bin/env bash
# Timeline traces (`warpscope run --trace`, docs/trace.md):
#   tests/trace/run.sh build/warpscope build/tests/trace-check
# - statistics are byte-identical with and without --trace, and a trace is
#   byte-identical run to run;
# - trace-check (tests/trace/check.c) accepts the traces of the tour (also
#   on design racetrack: SM, warp, counter, memory and design tracks in
#   one file), of a 15-SM fermi run, of cerf and racetrack runs (design
#   tracks), with
#   windows, SM and event filters, and cross-checks them with the run's
#   statistics (issue instants, scheduler spans per stall reason, one flow
#   per L1D miss, fill slices);
# - a session that goes back and forth with reverse execution ends with
#   the same trace as a plain run;
# - the checker rejects broken traces (tests/trace/bad/*.json);
# - when Chrome DevTools' trace engine is installed (scripts/deps.sh --ci
#   puts it in build/tools), it opens the traces with every track, slice
#   and flow (tests/trace/devtools.mjs).
# Run from the repository root.
set -u
bin=${1:-build/warpscope}
check=${2:-build/tests/trace-check}
cd "$(dirname "$0")/../.."
engine=${WS_TRACE_ENGINE:-build/tools/node_modules/@paulirish/trace_engine}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0; pass=0
ok() { pass=$((pass + 1)); }
bad() { echo "trace FAIL $*"; fail=$((fail + 1)); }

# run NAME SCENARIO ARGS...: a run with --trace $tmp/NAME.json and its
# statistics in $tmp/NAME.stats
run() {
  local name=$1 scen=$2
  shift 2
  if ! "$bin" run "$scen" "$@" --json "$tmp/$name.stats" --trace "$tmp/$name.json" >"$tmp/$name.out" 2>&1; then
    bad "$name: warpscope run $scen $* (exit $?)"; sed 's/^/    /' "$tmp/$name.out" | tail -5
    return 1
  fi
}
# checked NAME CHECK-ARGS...: trace-check on the trace of run NAME
checked() {
  local name=$1
  shift
  if "$check" "$tmp/$name.json" "$@" >"$tmp/$name.check"; then ok; else
    bad "$name: trace-check"; sed 's/^/    /' "$tmp/$name.check" | head -10
  fi
}
devtools() {
  local name=$1
  shift
  [ -d "$engine" ] && command -v node >/dev/null 2>&1 || return 0
  if node tests/trace/devtools.mjs "$engine" "$tmp/$name.json" "$@" >"$tmp/$name.dt" 2>&1; then ok; else
    bad "$name: devtools"; sed 's/^/    /' "$tmp/$name.dt" | head -10
  fi
}

sm_tracks=(--expect "scheduler 0" --expect "warp 0" --expect "L1D misses"
           --expect "L1D fills" --expect "L2 slice 0" --expect "DRAM channel 0"
           --expect kernels --expect IPC --expect "L1D hit rate"
           --expect "MSHRs in use" --expect "RF bank conflicts")

# The tour: every category; nothing changes in the statistics.
"$bin" run examples/scenarios/tour.lua --json "$tmp/plain.stats" >/dev/null 2>&1
if run tour examples/scenarios/tour.lua; then
  if cmp -s "$tmp/plain.stats" "$tmp/tour.stats"; then ok; else bad "tour: statistics differ with --trace"; fi
  checked tour --stats "$tmp/tour.stats" "${sm_tracks[@]}"
  devtools tour "scheduler 0" "warp 0" "L1D misses" "L1D fills" "L2 slice 0" "DRAM channel 0" kernels
  run tour2 examples/scenarios/tour.lua && { cmp -s "$tmp/tour.json" "$tmp/tour2.json" && ok || bad "tour: two traces differ"; }
fi

# The tour on a design: every category above in one trace, with the
# design's own tracks (racetrack shifts and shift stalls).
if run tour_rt examples/scenarios/tour.lua --set design=racetrack; then
  checked tour_rt --stats "$tmp/tour_rt.stats" "${sm_tracks[@]}" --expect racetrack.shift \
    --expect racetrack.stall
  devtools tour_rt "scheduler 0" "warp 0" "L1D misses" "L2 slice 0" "DRAM channel 0" kernels
fi

# 15 SMs, 12 L2 slices, 6 DRAM channels. fermi warms the L2 with the
# host's copies (gemm then never reaches DRAM): a cold L2 here, so the
# DRAM channels have requests to show.
if run fermi examples/scenarios/gemm.lua --set preset=fermi --set l2.warm_on_write=false; then
  checked fermi --stats "$tmp/fermi.stats" "${sm_tracks[@]}" --expect "SM 14" \
    --expect "L2 slice 11" --expect "DRAM channel 5" --expect "scheduler 1"
  devtools fermi "L2 slice 11" "DRAM channel 5" "warp 15"
fi
# Design tracks.
run cerf examples/scenarios/mvt.lua --set preset=fermi --set design=cerf &&
  checked cerf --stats "$tmp/cerf.stats" --expect cerf.state --expect cerf.spill --expect cerf.fill
run racetrack examples/scenarios/hotspot.lua --set design=racetrack \
    --trace-window 200:1200 --trace-events all,-issue &&
  checked racetrack --window 200:1200 --expect racetrack.shift --expect racetrack.stall
if [ -f "$tmp/racetrack.json" ]; then
  grep -q '"cat":"issue"' "$tmp/racetrack.json" && bad "racetrack: -issue left issue instants" || ok
fi
# Only some events, only some SMs.
if run filtered examples/scenarios/gemm.lua --set preset=fermi --trace-events warps,racetrack.shift \
    --trace-sms 3,5-6; then
  checked filtered --expect "warp 0"
  pids=$(grep -o '"pid":[0-9]*' "$tmp/filtered.json" | sort -u | tr '\n' ' ')
  [ "$pids" = '"pid":4 "pid":6 "pid":7 ' ] && ok || bad "filtered: processes $pids, expected SMs 3, 5, 6 only"
  grep -q '"ph":"C"\|"cat":"memory"\|"cat":"sched"' "$tmp/filtered.json" &&
    bad "filtered: events of other categories" || ok
fi
# Reverse execution rewrites the timeline from the snapshot on.
printf 'stepc 1500\nreverse-stepc 700\nstepc 100\ngoto-cycle 50\nstepc 2000\nreverse-stepc 10\ncontinue\n' >"$tmp/rev.cmds"
if run plain_gemm examples/scenarios/gemm.lua && run reverse examples/scenarios/gemm.lua --commands "$tmp/rev.cmds"; then
  cmp -s "$tmp/plain_gemm.json" "$tmp/reverse.json" && ok ||
    bad "reverse: the trace of a session with reverse steps differs from the plain run's"
fi

# A sweep traces every point, with the same options.
if "$bin" sweep tests/sweep/two_by_two.lua --out "$tmp/sweep" --trace --trace-events warps,sched -j 2 >"$tmp/sweep.out" 2>&1; then
  n=0
  for f in "$tmp"/sweep/points/*.trace.json; do
    "$check" "$f" --stats "${f%.trace.json}.json" >/dev/null && n=$((n + 1))
  done
  [ "$n" = 4 ] && ok || bad "sweep --trace: $n of 4 point traces pass trace-check"
  grep -q '"ph":"C"' "$tmp"/sweep/points/*.trace.json && bad "sweep --trace-events warps,sched wrote counters" || ok
else
  bad "sweep --trace (exit $?)"; tail -5 "$tmp/sweep.out"
fi

# The checker itself rejects broken traces.
for f in tests/trace/bad/*.json; do
  if out=$("$check" "$f"); then
    bad "checker accepted $f"
  elif grep -qF "$(cat "${f%.json}.expect")" <<<"$out"; then ok; else
    bad "checker: $f: expected '$(cat "${f%.json}.expect")', got:"; sed 's/^/    /' <<<"$out"
  fi
done

if [ -d "$engine" ] && command -v node >/dev/null 2>&1; then
  echo "trace: DevTools trace engine checked the traces ($engine)"
else
  echo "trace: DevTools trace engine not installed, strict checks only (scripts/deps.sh --ci installs it)"
fi
echo "trace: $pass passed, $fail failed"
[ "$fail" = 0 ]

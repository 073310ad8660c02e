#!/usr/bin/env bash
# Tests `warpscope sweep` end to end against a binary:
#   tests/sweep/run.sh build/warpscope
# - a 2-scenario x 2-value sweep with -j 2 writes the right results.csv
#   (header, 4 rows in point order, exit 0, settings reaching each point)
#   and the same results.csv and sweep.json as -j 1;
# - resuming: a deleted point runs again, and only that point;
# - --emit parallel / --emit slurm: the job list and the array script run
#   the same points, and running the sweep again only collects;
# - a scenario's own settings reach its points only;
# - failing points: a failed check gives exit 1, bad input exit 2, both
#   with CSV rows and log paths; --dry-run runs and creates nothing;
# - every shipped sweep (examples/sweeps/, examples/eval/) loads and finds
#   its scenarios, and every case of the cerf, racetrack and fuse
#   experiments runs (one small workload each);
# - bad sweep files and options: exit 2 with file:line:col or
#   "warpscope sweep: error:".
# Run from anywhere; it works from the repository root.
set -u
bin=${1:-build/warpscope}
cd "$(dirname "$0")/../.."
case $bin in /*) ;; *) bin=$PWD/$bin ;; esac
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0; pass=0
ok()  { pass=$((pass + 1)); }
bad() { echo "sweep FAIL: $*"; fail=$((fail + 1)); }
# check DESCRIPTION COMMAND...: the command must succeed.
check() { local what=$1; shift; if "$@"; then ok; else bad "$what"; fi; }

sw=tests/sweep/two_by_two.lua
hdr='point,scenario,sm.count,exit,warp_instructions,thread_instructions,launches.1.warp_instructions,config_hash,preset'

# --- a local run with -j 2, and the same with -j 1 -------------------------
"$bin" sweep "$sw" -j 2 --out "$tmp/a" >"$tmp/a.out" 2>&1; rc=$?
check "-j 2 exit status $rc (want 0)" test $rc = 0
csv=$tmp/a/results.csv
check "results.csv written" test -s "$csv"
check "CSV header" test "$(head -n 1 "$csv" 2>/dev/null)" = "$hdr"
check "4 data rows" test "$(tail -n +2 "$csv" 2>/dev/null | wc -l)" = 4
check "points in order" test "$(tail -n +2 "$csv" 2>/dev/null | cut -d, -f1 | tr '\n' ' ')" = \
  "saxpy__sm.count=1 saxpy__sm.count=2 bfs__sm.count=1 bfs__sm.count=2 "
check "every exit is 0" test "$(tail -n +2 "$csv" 2>/dev/null | cut -d, -f4 | sort -u)" = 0
# Values come from each point's JSON: saxpy runs 3173 warp-instructions in
# its one launch; bfs's first of 17 launches is 354 of 13023 in all on two
# SMs (how many warps find a vertex already visited depends on timing).
check "saxpy values" grep -q '^saxpy__sm.count=1,../../examples/scenarios/saxpy.lua,1,0,3173,96320,3173,[0-9a-f]\{16\},teach$' "$csv"
check "bfs values" grep -q '^bfs__sm.count=2,../../examples/scenarios/bfs.lua,2,0,13023,183375,354,[0-9a-f]\{16\},teach$' "$csv"
# --set reached the points: sm.count changes the config hash, the scenario does not.
h1=$(grep '^saxpy__sm.count=1,' "$csv" | cut -d, -f8); h2=$(grep '^saxpy__sm.count=2,' "$csv" | cut -d, -f8)
h3=$(grep '^bfs__sm.count=1,' "$csv" | cut -d, -f8)
check "sm.count reaches the run ($h1 vs $h2)" test -n "$h1" -a "$h1" != "$h2"
check "same settings, same hash" test "$h1" = "$h3"
check "sweep.json lists the points" grep -q '"id": "bfs__sm.count=2"' "$tmp/a/sweep.json"
for p in saxpy__sm.count=1 saxpy__sm.count=2 bfs__sm.count=1 bfs__sm.count=2; do
  check "$p: json, log, exit" test -s "$tmp/a/points/$p.json" -a -s "$tmp/a/points/$p.log" \
    -a "$(cat "$tmp/a/points/$p.exit" 2>/dev/null)" = 0
done
check "the log holds the run's output" grep -q 'saxpy: 5000 elements OK' "$tmp/a/points/saxpy__sm.count=1.log"

"$bin" sweep "$sw" -j 1 --out "$tmp/b" >/dev/null 2>&1; rc=$?
check "-j 1 exit status $rc" test $rc = 0
check "-j 1 and -j 2 give the same results.csv" cmp -s "$csv" "$tmp/b/results.csv"
check "-j 1 and -j 2 give the same sweep.json" cmp -s "$tmp/a/sweep.json" "$tmp/b/sweep.json"

# --- resuming ----------------------------------------------------------------
cp "$csv" "$tmp/a.csv"
rm -f "$tmp/a/points/bfs__sm.count=1.json"
sleep 1; touch "$tmp/marker"; sleep 1
"$bin" sweep "$sw" -j 2 --out "$tmp/a" >"$tmp/resume.out" 2>&1; rc=$?
check "resume exit status $rc" test $rc = 0
check "3 points skipped" test "$(grep -c 'done before (ok), skipped' "$tmp/resume.out")" = 3
check "the deleted point ran" grep -q '^\[4/4\] bfs__sm.count=1: ok$' "$tmp/resume.out"
check "resume summary" grep -q '4 points (1 run, 3 done before): 4 ok' "$tmp/resume.out"
newer=$(cd "$tmp/a/points" && find . -newer "$tmp/marker" -type f | sort | tr '\n' ' ')
check "only that point's files were rewritten (got: $newer)" test \
  "$newer" = "./bfs__sm.count=1.exit ./bfs__sm.count=1.json ./bfs__sm.count=1.log "
check "resumed results.csv unchanged" cmp -s "$csv" "$tmp/a.csv"
# A truncated JSON (a run killed while writing) is not done either.
head -c 40 "$tmp/a/points/saxpy__sm.count=2.json" >"$tmp/t.json" && mv "$tmp/t.json" "$tmp/a/points/saxpy__sm.count=2.json"
"$bin" sweep "$sw" --out "$tmp/a" >"$tmp/resume2.out" 2>&1
check "a truncated JSON runs again" grep -q '^\[4/4\] saxpy__sm.count=2: ok$' "$tmp/resume2.out"
check "results.csv still the same" cmp -s "$csv" "$tmp/a.csv"

# --- --dry-run -----------------------------------------------------------------
"$bin" sweep "$sw" --dry-run --out "$tmp/dry" >"$tmp/dry.out" 2>&1; rc=$?
check "--dry-run exit $rc" test $rc = 0
check "--dry-run lists 4 points" test "$(grep -c '^  [a-z]*__sm.count=[12]: ' "$tmp/dry.out")" = 4
check "--dry-run says what it would run" grep -q '^would run 4, skip 0 done$' "$tmp/dry.out"
check "--dry-run creates nothing" test ! -e "$tmp/dry"
"$bin" sweep "$sw" --dry-run --out "$tmp/a" >"$tmp/dry2.out" 2>&1
check "--dry-run sees done points" grep -q '^would run 0, skip 4 done$' "$tmp/dry2.out"
# --design and --preset are the --set forms
"$bin" sweep "$sw" --dry-run --design cerf --preset fermi --out "$tmp/dsh" >"$tmp/dsh.out" 2>&1; rc=$?
check "--design/--preset exit $rc" test $rc = 0
check "--design/--preset reach every point" test "$(grep -c ' design=cerf mem.limit=64M preset=fermi sm.count=[12]$' "$tmp/dsh.out")" = 4

# --- the shipped sweeps and experiments load, with every scenario present ---
for f in examples/sweeps/*.lua examples/eval/*.lua; do
  "$bin" sweep "$f" --dry-run --out "$tmp/shipped" >"$tmp/shipped.out" 2>&1; rc=$?
  check "$f: --dry-run exit $rc" test $rc = 0
  check "$f: --dry-run lists its points" grep -q '^would run [1-9][0-9]*, skip 0 done$' "$tmp/shipped.out"
done

# --- the experiments' configurations run: every case of cerf, racetrack,
# fuse and tinycache on one small workload at test size (a case whose settings the
# preset refuses, or that crashes, fails the sweep) ----------------------
# racetrack's profiles go to a directory that does not exist yet, two
# levels deep, as eval/racetrack-profiles is in a fresh clone.
for spec in "cerf gemm" "racetrack btree" "fuse gemm" "tinycache saxpy"; do
  set -- $spec
  extra=
  [ "$1" = racetrack ] && extra="--set racetrack.profile_dir=$tmp/rt/profiles"
  "$bin" sweep "examples/eval/$1.lua" --only "$2" --set workload.size=test -j 2 \
    $extra --out "$tmp/eval-$1" >"$tmp/eval-$1.out" 2>&1; rc=$?
  check "examples/eval/$1.lua on $2: exit $rc" test $rc = 0
  check "examples/eval/$1.lua on $2: every point ok" \
    test "$(tail -n +2 "$tmp/eval-$1/results.csv" 2>/dev/null | cut -d, -f4 | sort -u)" = 0
done
check "racetrack.profile_dir created with its parents and holds a mapping" \
  sh -c 'ls "$1"/*.rtmap >/dev/null 2>&1' _ "$tmp/rt/profiles"

# --- --emit parallel: run each line as GNU parallel would, then collect ----
"$bin" sweep "$sw" --emit parallel --out "$tmp/p" >"$tmp/jobs" 2>"$tmp/jobs.err"; rc=$?
check "--emit parallel exit $rc" test $rc = 0
check "--emit parallel prints 4 lines" test "$(wc -l <"$tmp/jobs")" = 4
check "--emit parallel runs nothing" test -z "$(ls "$tmp/p/points" 2>/dev/null)"
check "each line is a warpscope run" test "$(grep -c " run .* --json $tmp/p/points/[a-z]*__sm.count=[12].json " "$tmp/jobs")" = 4
n=0
while IFS= read -r line; do sh -c "$line" || n=$((n + 1)); done <"$tmp/jobs"
check "the job lines succeed ($n failed)" test $n = 0
"$bin" sweep "$sw" --out "$tmp/p" >"$tmp/p.out" 2>&1; rc=$?
check "collecting after parallel: exit $rc" test $rc = 0
check "collecting runs nothing" grep -q '4 points (0 run, 4 done before)' "$tmp/p.out"
check "parallel gives the same results.csv" cmp -s "$csv" "$tmp/p/results.csv"

# --- --emit slurm: run each array task locally, then collect ----------------
"$bin" sweep "$sw" --emit slurm --out "$tmp/s dir" >"$tmp/job.sh" 2>/dev/null; rc=$?
check "--emit slurm exit $rc" test $rc = 0
check "--emit slurm: --array=0-3" grep -q '^#SBATCH --array=0-3$' "$tmp/job.sh"
check "--emit slurm: a bash script" test "$(head -n 1 "$tmp/job.sh")" = '#!/bin/bash'
check "--emit slurm: the note on collecting" grep -q "^#  .* sweep .*two_by_two.lua --out '$tmp/s dir'$" "$tmp/job.sh"
check "bash accepts the script" bash -n "$tmp/job.sh"
for i in 0 1 2 3; do
  SLURM_ARRAY_TASK_ID=$i bash "$tmp/job.sh" || bad "slurm task $i"
done
bash "$tmp/job.sh" >/dev/null 2>&1 && bad "the script without SLURM_ARRAY_TASK_ID must fail"
"$bin" sweep "$sw" --out "$tmp/s dir" >"$tmp/s.out" 2>&1; rc=$?
check "collecting after slurm: exit $rc" test $rc = 0
check "collecting after slurm runs nothing" grep -q '4 points (0 run, 4 done before)' "$tmp/s.out"
check "slurm gives the same results.csv" cmp -s "$csv" "$tmp/s dir/results.csv"

# --- failing points ------------------------------------------------------------
"$bin" sweep tests/sweep/failing.lua -j 4 --out "$tmp/f" >"$tmp/f.out" 2>"$tmp/f.err"; rc=$?
check "bad input in a point: sweep exit $rc (want 2)" test $rc = 2
fcsv=$tmp/f/results.csv
check "failing: rows and exits" test "$(tail -n +2 "$fcsv" 2>/dev/null | cut -d, -f1,4 | tr '\n' ' ')" = \
  "saxpy__limit.warp_instructions=100000,0 saxpy__limit.warp_instructions=10,2 fail_check__limit.warp_instructions=100000,1 fail_check__limit.warp_instructions=10,1 "
check "a bad-input point has empty values" grep -q '^saxpy__limit.warp_instructions=10,../../examples/scenarios/saxpy.lua,10,2,,,,,$' "$fcsv"
check "a failed check keeps its statistics" grep -q '^fail_check__limit.warp_instructions=10,fail_check.lua,10,1,0,0,0,0.0,0.0$' "$fcsv"
check "failures name their logs" grep -q "^warpscope sweep: point fail_check__limit.warp_instructions=10: check failed (exit 1); log: $tmp/f/points/fail_check__limit.warp_instructions=10.log$" "$tmp/f.err"
check "failures quote the error" grep -q '^    .*fail_check.lua:2:1: error: check failed: deliberate failure for the sweep test$' "$tmp/f.err"
# Only a failed check: exit 1. Resuming keeps recorded failures and reruns bad input.
"$bin" sweep tests/sweep/failing.lua --out "$tmp/f" >"$tmp/f2.out" 2>&1; rc=$?
check "resume keeps exit 2" test $rc = 2
check "resume: failed checks are done, bad input runs again" test \
  "$(grep -c 'skipped$' "$tmp/f2.out"),$(grep -c '^\[4/4\] saxpy__limit.warp_instructions=10: bad input' "$tmp/f2.out")" = "3,1"
cat >"$tmp/checkonly.lua" <<EOF
return { scenarios = { "$PWD/tests/sweep/fail_check.lua", "$PWD/examples/scenarios/saxpy.lua" } }
EOF
"$bin" sweep "$tmp/checkonly.lua" --out "$tmp/c" >/dev/null 2>&1; rc=$?
check "a failed check only: exit $rc (want 1)" test $rc = 1
check "default columns: the top-level numbers" test "$(head -n 1 "$tmp/c/results.csv")" = \
  'point,scenario,exit,cycles,warp_instructions,thread_instructions,ipc,thread_ipc'

# --- the example sweeps parse -----------------------------------------------
for f in examples/sweeps/*.lua; do
  n=$(basename "$f" .lua)
  "$bin" sweep "$f" --dry-run --out "$tmp/ex-$n" >"$tmp/ex-$n.out" 2>&1; rc=$?
  check "$f: --dry-run exit $rc" test $rc = 0
  check "$f has points" grep -q '^would run [1-9][0-9]*, skip 0 done$' "$tmp/ex-$n.out"
done

# --- bad sweep files and options: exit 2 and where ----------------------------
expect_bad() {  # FILE PATTERN: exit 2 and stderr's first line matches
  local f=$1 pat=$2 rc
  "$bin" sweep "$f" --out "$tmp/bad" >"$tmp/bad.out" 2>"$tmp/bad.err"; rc=$?
  if [ $rc != 2 ]; then bad "$f: exit $rc, want 2"; return; fi
  if head -n 1 "$tmp/bad.err" | grep -q -- "$pat"; then ok; else
    bad "$f: stderr does not match '$pat':"; sed 's/^/    /' "$tmp/bad.err"
  fi
}
expect_bad tests/sweep/bad_key.lua "^tests/sweep/bad_key.lua:4:3: error: unknown key 'sett' in the sweep table (did you mean 'set'?)$"
expect_bad tests/sweep/bad_empty_list.lua '^tests/sweep/bad_empty_list.lua:5:6: error: set\["sm.count"\] is an empty list'
expect_bad tests/sweep/bad_not_list.lua '^tests/sweep/bad_not_list.lua:4:12: error: set\["sm.count"\] must be a list of values'
expect_bad tests/sweep/bad_config_key.lua "^tests/sweep/bad_config_key.lua:5:6: error: set: unknown config key 'sm.cont' (did you mean 'sm.count'?)$"
expect_bad tests/sweep/bad_value.lua "^tests/sweep/bad_value.lua:6:6: error: config key 'sm.count' expects an integer in 1..1024, got '0'$"
expect_bad tests/sweep/bad_scenario.lua "^tests/sweep/bad_scenario.lua:4:17: error: scenario '../../examples/scenarios/nonesuch.lua' not found"
expect_bad tests/sweep/bad_syntax.lua "^tests/sweep/bad_syntax.lua:3:3: error: '}' expected (to close '{' at line 1) near 'set'$"
expect_bad tests/sweep/bad_not_table.lua '^tests/sweep/bad_not_table.lua: error: a sweep file must return a table'
expect_bad tests/sweep/nonesuch.lua '^tests/sweep/nonesuch.lua: error: cannot read the sweep file'
check "bad sweep files create no output directory" test ! -e "$tmp/bad"
# --- cases and report -----------------------------------------------------
cr=tests/sweep/cases_report.lua
"$bin" sweep "$cr" -j 2 --out "$tmp/cr" >"$tmp/cr.out" 2>&1; rc=$?
check "cases: exit status $rc (want 0)" test $rc = 0
check "cases: a case column" test "$(head -n 1 "$tmp/cr/results.csv")" = \
  "point,scenario,sm.count,case,exit,cycles,l1d.hits"
check "cases: crossed with set, cases fastest" \
  test "$(tail -n +2 "$tmp/cr/results.csv" | cut -d, -f1,3,4 | tr '\n' ' ')" = \
  "bicg__sm.count=1__l1,1,l1 bicg__sm.count=1__nol1,1,nol1 bicg__sm.count=2__l1,2,l1 bicg__sm.count=2__nol1,2,nol1 "
check "cases: the nol1 case has no L1 hits, the l1 case some" \
  test "$(tail -n +2 "$tmp/cr/results.csv" | awk -F, '{ print $4 ($7 > 0) }' | tr '\n' ' ')" = "l11 nol10 l11 nol10 "
# the report's lines, recomputed from results.csv
awk -F, 'NR > 1 { c[$3 "," $4] = $6 } END { for (n = 1; n <= 2; n++)
  printf "sm.count=%d l1=%d nol1=%d ratio=%.4f\n", n, c[n ",l1"], c[n ",nol1"], c[n ",nol1"] / c[n ",l1"] }' \
  "$tmp/cr/results.csv" > "$tmp/cr.want"
check "report.txt is what report printed from the rows" cmp -s "$tmp/cr.want" "$tmp/cr/report.txt"
check "report printed to stdout too" grep -q "^sm.count=2 l1=" "$tmp/cr.out"
# --- a scenario's own settings ---------------------------------------------
ss=tests/sweep/scenario_settings.lua
"$bin" sweep "$ss" --out "$tmp/ss" >/dev/null 2>&1; rc=$?
check "scenario settings: exit status $rc (want 0)" test $rc = 0
check "scenario settings reach only their scenario" \
  test "$(tail -n +2 "$tmp/ss/results.csv" | cut -d, -f1,5 | tr '\n' ' ')" = \
  "saxpy__l1d.size=4096,2098 bfs__l1d.size=4096, "
check "sweep.json: the scenario's settings among the point's" \
  grep -q '"sm.count": "2"' "$tmp/ss/sweep.json"
"$bin" sweep "$ss" --dry-run --out "$tmp/ss2" >"$tmp/ss2.out" 2>&1
check "--dry-run shows them" grep -q '^  saxpy__l1d.size=4096: .*saxpy.lua sm.count=2 l1d.size=4096$' "$tmp/ss2.out"
expect_bad tests/sweep/bad_scenario_clash.lua "^tests/sweep/bad_scenario_clash.lua:2:19: error: scenario '../../examples/scenarios/saxpy.lua' sets 'sm.count', which is also in set, fixed or a case$"
expect_bad tests/sweep/bad_scenario_entry.lua "^tests/sweep/bad_scenario_entry.lua:2:58: error: config key 'sm.count' expects an integer in 1..1024, got '0'$"
expect_bad tests/sweep/bad_case_clash.lua "^tests/sweep/bad_case_clash.lua:5:20: error: case 'a' sets 'sm.count', which is also in set or fixed$"
"$bin" sweep tests/sweep/bad_report.lua --out "$tmp/br" >/dev/null 2>"$tmp/br.err"; rc=$?
check "a failing report: exit 2 at its line" test $rc = 2 -a \
  "$(head -n 1 "$tmp/br.err")" = "tests/sweep/bad_report.lua:6:23: error: attempt to perform arithmetic on a nil value (field 'nonesuch')"

bad_opt() {  # PATTERN ARGS...: exit 2 and the usage error
  local pat=$1 rc; shift
  "$bin" sweep "$@" >/dev/null 2>"$tmp/opt.err"; rc=$?
  if [ $rc = 2 ] && head -n 1 "$tmp/opt.err" | grep -q -- "$pat"; then ok; else
    bad "sweep $*: exit $rc, stderr:"; sed 's/^/    /' "$tmp/opt.err"
  fi
}
bad_opt "^warpscope sweep: error: -j expects a number of processes from 1 to 1024, got '0'$" "$sw" -j 0
bad_opt "^warpscope sweep: error: -j expects a number of processes from 1 to 1024, got 'many'$" "$sw" -j many
bad_opt "^warpscope sweep: error: -j expects a number of processes from 1 to 1024, got '2x'$" "$sw" -j2x
bad_opt "^warpscope sweep: error: -j needs a value$" "$sw" -j
bad_opt "^warpscope sweep: error: --emit expects parallel or slurm, got 'make'$" "$sw" --emit make
bad_opt "^warpscope sweep: error: unknown option '--frobnicate'$" "$sw" --frobnicate
bad_opt "^warpscope sweep: error: missing the sweep file" -j 2
bad_opt "^warpscope sweep: error: only one sweep file" "$sw" "$sw"

echo "sweep: $pass passed, $fail failed"
[ $fail = 0 ]

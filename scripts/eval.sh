#!/usr/bin/env bash
# The design papers' experiments (examples/eval/*.lua; docs/eval.md):
#   scripts/eval.sh BIN [NAME...]          (`make eval` runs it)
# Each experiment NAME is a sweep file; it runs as
#   BIN sweep examples/eval/NAME.lua --out $EVAL_OUT/NAME-$EVAL_SIZE \
#       --set workload.size=$EVAL_SIZE [--only $EVAL_ONLY] -j $EVAL_JOBS
# one experiment after another in file-name order, resuming what an
# earlier run finished. Then docs/designs/eval/NAME-SIZE.md gets the
# sweep's report (the tables, the paper's numbers beside ours) and links
# to its plots and results.csv, copied to docs/designs/eval/NAME-SIZE/.
# Environment (make eval passes its variables of the same names):
#   EVAL_SIZE   paper (default) or test
#   EVAL_ONLY   a comma list of workloads (scenario names) to run alone
#   EVAL_JOBS   points at once (default: make's -j, else 1)
#   EVAL_EMIT   parallel or slurm: write each experiment's job list or
#               Slurm script to $EVAL_OUT and run nothing (run them on the
#               cluster, then `make eval` again to collect)
#   EVAL_OUT    where the sweeps write (default eval)
#   EVAL_DOCS   where the reports go (default docs/designs/eval)
set -u
bin=${1:?usage: scripts/eval.sh BIN [NAME...]}
shift
cd "$(dirname "$0")/.."
size=${EVAL_SIZE:-paper}
out=${EVAL_OUT:-eval}
docs=${EVAL_DOCS:-docs/designs/eval}
only=${EVAL_ONLY:-}
emit=${EVAL_EMIT:-}
jobs=${EVAL_JOBS:-}
if [ -z "$jobs" ]; then   # make -jN passes N in MAKEFLAGS
  jobs=$(sed -n 's/.*-j *\([0-9][0-9]*\).*/\1/p; s/.*--jobs=\([0-9][0-9]*\).*/\1/p' <<<" ${MAKEFLAGS:-}" | head -1)
  jobs=${jobs:-1}
fi
case "$size" in paper|test) ;; *) echo "eval: EVAL_SIZE is paper or test, not '$size'" >&2; exit 2 ;; esac
case "$emit" in ""|parallel|slurm) ;; *) echo "eval: EVAL_EMIT is parallel or slurm, not '$emit'" >&2; exit 2 ;; esac
names=("$@")
if [ ${#names[@]} = 0 ]; then
  for f in examples/eval/*.lua; do n=${f##*/}; names+=("${n%.lua}"); done
fi
# racetrack's optimized mapping reads the profiles its direct runs record
mkdir -p "$out/racetrack-profiles" "$docs"
status=0
for name in "${names[@]}"; do
  file=examples/eval/$name.lua
  [ -f "$file" ] || { echo "eval: no experiment $file" >&2; status=2; continue; }
  dir=$out/$name-$size
  args=(sweep "$file" --out "$dir" --set "workload.size=$size" -j "$jobs")
  [ -n "$only" ] && args+=(--only "$only")
  if [ -n "$emit" ]; then
    ext=$([ "$emit" = slurm ] && echo sbatch || echo jobs)
    "$bin" "${args[@]}" --emit "$emit" >"$out/$name-$size.$ext" || { status=2; continue; }
    echo "eval: $name: $out/$name-$size.$ext (run it, then \`make eval\` again with the same settings to collect)"
    continue
  fi
  echo "eval: $name ($size${only:+, only $only}, -j $jobs)"
  "$bin" "${args[@]}" >"$dir.log" 2>&1
  st=$?
  [ $st -gt $status ] && status=$st
  grep -v '^\[' "$dir.log" | grep -E 'warpscope sweep|^sweep ' | sed 's/^/  /'
  [ -f "$dir/results.csv" ] || continue
  # the report page
  rep=$docs/$name-$size
  rm -rf "$rep"
  mkdir -p "$rep"
  cp "$dir/results.csv" "$rep/"
  for f in "$dir"/plots/*.svg "$dir"/plots/*.png; do [ -f "$f" ] && cp "$f" "$rep/"; done
  {
    echo "# Evaluation: $name ($size size${only:+, workloads $only})"
    echo
    echo "Made by \`make eval EVAL_SIZE=$size${only:+ EVAL_ONLY=$only}\` from"
    echo "[examples/eval/$name.lua](../../../examples/eval/$name.lua) with $("$bin" --version);"
    echo "every point's statistics are in [$name-$size/results.csv]($name-$size/results.csv)."
    [ "$size" = test ] && echo "Test sizes check the harness; only the paper sizes are the experiment." &&
      echo
    echo
    [ -f "$dir/report.txt" ] && grep -v '^report: ' "$dir/report.txt" && echo
    for f in "$rep"/*.svg; do
      [ -f "$f" ] || continue
      b=$(basename "$f" .svg)
      echo "![$b]($name-$size/$b.svg)"
      echo
    done
  } >"$rep.md"
  echo "  $rep.md"
done
exit $status

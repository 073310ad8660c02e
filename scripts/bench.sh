#!/usr/bin/env bash
# `make bench`: speed and memory of the example kernels.
#   scripts/bench.sh build/warpscope
# For each example scenario prints the simulated warp-instructions, the host
# time spent simulating (ws.run, excluding the scenario's own Lua work), the
# rate in warp-instructions per second, and the process's peak RSS, for
# each preset in PRESETS (default: teach fermi). Numbers go to
# docs/performance.md with the machine they were measured on.
set -u
bin=${1:-build/warpscope}
cd "$(dirname "$0")/.."
presets=${PRESETS:-teach fermi}
printf '%-14s %-8s %12s %10s %14s %10s\n' scenario preset warp-instr sim-s warp-instr/s peak-KiB
for p in $presets; do
  tw=0; ts=0
  for s in examples/scenarios/*.lua; do
    name=$(basename "$s" .lua)
    line=$("$bin" run "$s" --set preset="$p" --host-stats 2>&1 >/dev/null | grep '^host:')
    if [ -z "$line" ]; then
      printf '%-14s %-8s %s\n' "$name" "$p" "FAILED"; continue
    fi
    wi=$(sed -E 's/^host: ([0-9]+) warp-instructions.*/\1/' <<<"$line")
    sec=$(sed -E 's/.* in ([0-9.]+) s of simulation.*/\1/' <<<"$line")
    rss=$(sed -E 's/.*peak RSS ([0-9]+) KiB.*/\1/' <<<"$line")
    rate=$(awk -v w="$wi" -v s="$sec" 'BEGIN { printf "%.0f", (s > 0 ? w / s : 0) }')
    printf '%-14s %-8s %12d %10.4f %14d %10d\n' "$name" "$p" "$wi" "$sec" "$rate" "$rss"
    tw=$((tw + wi)); ts=$(awk -v a="$ts" -v b="$sec" 'BEGIN { print a + b }')
  done
  awk -v w="$tw" -v s="$ts" -v p="$p" 'BEGIN { printf "%-14s %-8s %12d %10.4f %14.0f\n", "ALL", p, w, s, (s > 0 ? w / s : 0) }'
done
echo "mode: functional only (cycle-level timing not modelled yet)"

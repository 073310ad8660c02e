#!/usr/bin/env bash
# Statistics read at a pause (info stats after stepc, a breakpoint, stepi)
# must not depend on idle-cycle skipping: an SM asleep until its next
# event has its cycles up to the pause counted when the debugger looks.
#   tests/debugger/midstats.sh build/warpscope
set -u
bin=${1:-build/warpscope}
cd "$(dirname "$0")/../.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cat >"$tmp/cmds" <<'CMDS'
stepc 2001
info stats
break event l1.miss
continue
continue
info stats
stepi
info stats
quit
CMDS
fail=0
for s in examples/scenarios/transpose.lua examples/bench/scale/mvt_1x.lua; do
  for skip in true false; do
    "$bin" run "$s" --set preset=fermi --set sim.skip_idle=$skip \
      --commands "$tmp/cmds" 2>&1 | grep -v config >"$tmp/$skip"
  done
  if ! grep -q '"cycles_active"' "$tmp/true"; then
    echo "midstats FAIL $s: no statistics printed"; fail=1
  elif ! cmp -s "$tmp/true" "$tmp/false"; then
    echo "midstats FAIL $s: statistics at a pause differ with sim.skip_idle=false"
    diff "$tmp/true" "$tmp/false" | head -20 | sed 's/^/    | /'
    fail=1
  fi
done
[ $fail = 0 ] && echo "midstats: statistics at a pause are the same with and without idle-cycle skipping"
exit $fail

#!/usr/bin/env bash
# `warpscope plot` (docs/plot.md):
#   tests/plot/run.sh build/warpscope
# - bars: values normalised to the baseline per workload, the geometric
#   mean over the workloads every configuration has, rows that did not
#   exit 0 or have no number left out (tests/plot/results.csv, numbers
#   chosen so that every result is exact);
# - lines: a numeric swept key in numeric order, missing points as gaps;
# - the markdown table printed is the .dat's numbers;
# - with gnuplot: an SVG and a PNG; without (WS_GNUPLOT names no
#   program): exit 2 with the message, the .dat and .gp written anyway;
# - bad options and tables exit 2 (tests/bad/plot_*.args).
# Run from the repository root.
set -u
bin=${1:-build/warpscope}
cd "$(dirname "$0")/../.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0; pass=0
ok() { pass=$((pass + 1)); }
bad() { echo "plot FAIL $*"; fail=$((fail + 1)); }
same() {  # same NAME FILE <<<expected
  if diff -u - "$2" >"$tmp/diff"; then ok; else bad "$1"; sed 's/^/    /' "$tmp/diff"; fi
}

WS_GNUPLOT=/nonexistent/gnuplot "$bin" plot tests/plot/results.csv --y cycles --out "$tmp/nognu/bars" \
  >"$tmp/nognu.out" 2>"$tmp/nognu.err"
st=$?
[ "$st" = 2 ] && grep -q "gnuplot is not installed" "$tmp/nognu.err" && [ -s "$tmp/nognu/bars.dat" ] &&
  [ -s "$tmp/nognu/bars.gp" ] && [ ! -e "$tmp/nognu/bars.svg" ] && ok ||
  { bad "without gnuplot: exit $st"; cat "$tmp/nognu.err"; }
same "bars: normalised values and geomean" "$tmp/nognu/bars.dat" <<'X'
"scenario" "base" "fast" "slow"
"alpha" 1 0.5 4
"beta" 1 1 1
"gamma" 1 0.25 ?
"geomean" 1 0.707107 2
X
same "bars: the table printed" "$tmp/nognu.out" <<'X'
| scenario | base | fast | slow |
|---|---:|---:|---:|
| alpha | 1.000 | 0.500 | 4.000 |
| beta | 1.000 | 1.000 | 1.000 |
| gamma | 1.000 | 0.250 | - |
| **geomean** | **1.000** | **0.707** | **2.000** |
(1 row of tests/plot/results.csv not drawn: exit other than 0, left out by --where, or no number)
X
WS_GNUPLOT=/nonexistent/gnuplot "$bin" plot tests/plot/results.csv --y cycles --baseline slow \
  --where scenario=../s/alpha.lua --out "$tmp/b2" >/dev/null 2>&1
same "bars: --baseline, --where" "$tmp/b2.dat" <<'X'
"scenario" "base" "fast" "slow"
"alpha" 0.25 0.125 1
"geomean" 0.25 0.125 1
X
WS_GNUPLOT=/nonexistent/gnuplot "$bin" plot tests/plot/sweep.csv --y ipc --x sm.count --lines \
  --out "$tmp/lines" >/dev/null 2>&1
same "lines: numeric order, gaps" "$tmp/lines.dat" <<'X'
"sm.count" "x" "y"
1 1 0.5
2 1.5 ?
10 4.5 2
X
WS_GNUPLOT=/nonexistent/gnuplot "$bin" plot tests/plot/results.csv --y ipc --absolute \
  --where 'case=base|fast' --out "$tmp/abs" >/dev/null 2>&1
same "bars: --absolute, arithmetic mean, --where a|b" "$tmp/abs.dat" <<'X'
"scenario" "base" "fast"
"alpha" 1 2
"beta" 1.5 1.5
"mean" 1.25 1.75
X

# A sweep: charts after the report, `after` orders the points of a case,
# --set and --only.
if WS_GNUPLOT=/nonexistent/gnuplot "$bin" sweep tests/plot/sweep.lua --out "$tmp/sw" -j 2 \
     --only saxpy --set preset=fermi >"$tmp/sw.out" 2>&1; then
  [ "$(grep -c '^saxpy' "$tmp/sw/results.csv")" = 2 ] && ! grep -q '^reduce' "$tmp/sw/results.csv" && ok ||
    bad "sweep --only: rows $(cut -d, -f1 "$tmp/sw/results.csv" | tr '\n' ' ')"
  grep -q '"preset": "fermi"' "$tmp/sw/points/saxpy__two.json" && ok || bad "sweep --set did not reach the points"
  [ "$(grep -o 'saxpy__[a-z]*' "$tmp/sw.out" | head -1)" = saxpy__one ] && ok ||
    bad "sweep: case two (after one) finished first"
  [ -s "$tmp/sw/plots/cycles.dat" ] && [ "$(tail -1 "$tmp/sw/plots/cycles.dat" | cut -d' ' -f1,2)" = '"geomean" 1' ] &&
    [ -s "$tmp/sw/plots/ipc.gp" ] && grep -q "no gnuplot" "$tmp/sw.out" && ok ||
    bad "sweep plots: $(ls "$tmp/sw/plots" 2>&1 | tr '\n' ' ')"
else
  bad "sweep with plots (exit $?)"; tail -5 "$tmp/sw.out"
fi
"$bin" sweep tests/plot/bad_after.lua --dry-run >/dev/null 2>"$tmp/after.err"
st=$?
[ "$st" = 2 ] && grep -q "tests/plot/bad_after.lua:5:.*case 'one': after must name an earlier case" "$tmp/after.err" && ok ||
  { bad "a later case in after: exit $st"; cat "$tmp/after.err"; }

if command -v gnuplot >/dev/null 2>&1; then
  if "$bin" plot tests/plot/results.csv --y cycles --out "$tmp/g/bars" --title "a test" >/dev/null 2>"$tmp/g.err" &&
     "$bin" plot tests/plot/sweep.csv --y ipc --x sm.count --lines --out "$tmp/g/lines" >/dev/null 2>>"$tmp/g.err"; then
    for f in bars lines; do
      grep -q '<svg' "$tmp/g/$f.svg" && [ "$(head -c 4 "$tmp/g/$f.png" | tail -c 3)" = PNG ] && ok ||
        bad "gnuplot: $f.svg or $f.png is not an SVG or a PNG"
    done
    grep -q '>a test<' "$tmp/g/bars.svg" && ok || bad "gnuplot: the title is not in the SVG"
  else
    bad "gnuplot run"; cat "$tmp/g.err"
  fi
else
  echo "plot: gnuplot not installed, the pictures are not checked (scripts/deps.sh installs it)"
fi
echo "plot: $pass passed, $fail failed"
[ "$fail" = 0 ]

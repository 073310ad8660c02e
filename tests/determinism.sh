#!/usr/bin/env bash
# The same inputs give byte-identical statistics with different builds
# and any number of host threads:
#   tests/determinism.sh BIN_A BIN_B
# (CI: gcc -O2 against clang -O2 and against gcc -O0). Every example and
# microbenchmark scenario runs with both, as it is and on `fermi` (15
# SMs) with BIN_A on one thread and BIN_B on two (sim.threads, with
# debug.thread_shuffle switching between one thread and two and moving
# SMs between them every few cycles); their JSON must be equal.
set -u
a=$1; b=$2
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0; n=0
for s in examples/scenarios/*.lua examples/microbench/*.lua; do
  for on in "" fermi; do
    A=(); B=()
    [ -n "$on" ] && A=(--set preset=$on --set sim.threads=1) &&
                    B=(--set preset=$on --set sim.threads=2 --set debug.thread_shuffle=7)
    "$a" run "$s" "${A[@]}" --json "$tmp/a.json" >/dev/null 2>&1
    "$b" run "$s" "${B[@]}" --json "$tmp/b.json" >/dev/null 2>&1
    if [ ! -s "$tmp/a.json" ] || ! cmp -s "$tmp/a.json" "$tmp/b.json"; then
      echo "determinism FAIL $s ${B[*]}: $a and $b wrote different statistics"
      diff <(tr ',' '\n' < "$tmp/a.json") <(tr ',' '\n' < "$tmp/b.json") | head -6 | sed 's/^/    /'
      fail=1
    fi
    rm -f "$tmp/a.json" "$tmp/b.json"
    n=$((n + 1))
  done
done
[ $fail = 0 ] && echo "determinism: $n runs, identical JSON from $a and $b, on fermi from one thread and two"
[ $fail = 0 ]

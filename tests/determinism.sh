#!/usr/bin/env bash
# The same inputs give byte-identical statistics with different builds:
#   tests/determinism.sh BIN_A BIN_B
# (CI: gcc -O2 against clang -O2 and against gcc -O0). Every example and
# microbenchmark scenario runs with both; their JSON must be equal.
set -u
a=$1; b=$2
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0; n=0
for s in examples/scenarios/*.lua examples/microbench/*.lua; do
  "$a" run "$s" --json "$tmp/a.json" >/dev/null 2>&1
  "$b" run "$s" --json "$tmp/b.json" >/dev/null 2>&1
  if [ ! -s "$tmp/a.json" ] || ! cmp -s "$tmp/a.json" "$tmp/b.json"; then
    echo "determinism FAIL $s: $a and $b wrote different statistics"
    diff <(tr ',' '\n' < "$tmp/a.json") <(tr ',' '\n' < "$tmp/b.json") | head -6 | sed 's/^/    /'
    fail=1
  fi
  rm -f "$tmp/a.json" "$tmp/b.json"
  n=$((n + 1))
done
[ $fail = 0 ] && echo "determinism: $n scenarios, identical JSON from $a and $b"
[ $fail = 0 ]

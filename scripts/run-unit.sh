#!/usr/bin/env bash
# Runs cmocka unit-test binaries; fails if any fails. Run from the repo root.
set -u
fail=0
for t in "$@"; do
  [ -x "$t" ] && [ -f "$t" ] || continue
  if out=$("$t" 2>&1); then
    echo "unit  ok    $(basename "$t") ($(grep -c '\[       OK \]' <<<"$out") tests)"
  else
    echo "unit  FAIL  $(basename "$t")"
    echo "$out" | grep -E 'FAILED|error|Error|fail' | head -20
    fail=1
  fi
done
exit $fail

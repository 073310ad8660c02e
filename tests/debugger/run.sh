#!/usr/bin/env bash
# Debugger tests, headless:
#   tests/debugger/run.sh build/warpscope
# - every tests/debugger/NAME.cmds runs against the scenario (and options)
#   on the first line of NAME.args; NAME.expect lists lines that must
#   appear in the output (stdout and stderr), in this order, each as a
#   fixed substring of one line; its last line is "exit N";
# - tests/debugger/reverse.sh checks that going back reproduces state;
# - tests/debugger/midstats.sh that statistics at a pause do not depend
#   on idle-cycle skipping.
set -u
bin=${1:-build/warpscope}
cd "$(dirname "$0")/../.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0; fail=0
for c in tests/debugger/*.cmds; do
  name=${c%.cmds}
  read -r -a words < "$name.args"
  (cd "$tmp" && :)    # tmp exists for records written by the commands
  WS_TMP="$tmp" "$bin" run "${words[@]}" --commands "$c" >"$tmp/out" 2>&1
  got=$?
  want=$(tail -n 1 "$name.expect" | sed -n 's/^exit \([0-9]*\)$/\1/p')
  head -n -1 "$name.expect" > "$tmp/want"
  # ordered fixed-substring match
  miss=$(awk 'NR == FNR { want[n++] = $0; next }
              i < n && index($0, want[i]) { i++ }
              END { if (i < n) print want[i] }' "$tmp/want" "$tmp/out")
  if [ "$got" != "$want" ] || [ -n "$miss" ]; then
    echo "debugger FAIL $name (exit $got, want $want)"
    [ -n "$miss" ] && echo "    missing (in order): $miss"
    sed 's/^/    | /' "$tmp/out" | head -60
    fail=$((fail + 1))
  else
    pass=$((pass + 1))
  fi
done
echo "debugger: $pass passed, $fail failed"
bash tests/debugger/reverse.sh "$bin" || fail=$((fail + 1))
bash tests/debugger/midstats.sh "$bin" || fail=$((fail + 1))
[ $fail = 0 ]

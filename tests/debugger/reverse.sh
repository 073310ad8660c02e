#!/usr/bin/env bash
# Reverse execution reproduces state exactly: for every example kernel and
# several cycles N, the state hash after `goto-cycle N` (from later, so
# from a snapshot plus re-execution) and after `reverse-stepc` equals the
# hash of a fresh run stepped forward to N.
set -u
bin=${1:-build/warpscope}
cd "$(dirname "$0")/../.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0; n=0
hash_of() { sed -n 's/^"\([0-9a-f]\{16\}\)"$/\1/p' "$1" | tail -n 1; }
for s in examples/scenarios/*.lua; do
  for c in 37 777 2600; do
    later=$((c + 1234))
    # goto-cycle forward: breakpoints and ws.pause() do not stop it
    printf 'goto-cycle %d\nprint ws.state_hash()\nquit\n' "$c" > "$tmp/fwd"
    printf 'goto-cycle %d\ngoto-cycle %d\nprint ws.state_hash()\nquit\n' "$later" "$c" > "$tmp/back"
    printf 'goto-cycle %d\nreverse-stepc 100\nprint ws.state_hash()\nquit\n' "$((c + 100))" > "$tmp/rsc"
    "$bin" run "$s" --commands "$tmp/fwd" >"$tmp/a" 2>&1
    "$bin" run "$s" --set debug.checkpoint_interval=500 --commands "$tmp/back" >"$tmp/b" 2>&1
    "$bin" run "$s" --set debug.checkpoint_interval=300 --commands "$tmp/rsc" >"$tmp/r" 2>&1
    a=$(hash_of "$tmp/a"); b=$(hash_of "$tmp/b"); r=$(hash_of "$tmp/r")
    # a scenario shorter than c + 100 cycles: reverse-stepc starts at its end
    grep -qx "cycle $((c + 100))" "$tmp/r" || r=$a
    if [ -z "$a" ] || [ "$a" != "$b" ] || [ "$a" != "$r" ]; then
      echo "reverse FAIL $s at cycle $c: forward '$a', goto-cycle '$b', reverse-stepc '$r'"
      sed 's/^/    | /' "$tmp/b" | head -20
      fail=1
    fi
    n=$((n + 1))
  done
done
[ $fail = 0 ] && echo "reverse: $n points, goto-cycle and reverse-stepc reach the state a forward run reaches"

# ... also with the SMs of fermi on two host threads (sim.threads): the
# snapshots are fork()ed copies, whose first run starts its own threads,
# and the state reached is the state of one thread running forward.
tn=0
for s in examples/scenarios/hotspot.lua examples/scenarios/histogram.lua examples/scenarios/gemm_tiled.lua; do
  c=2600; later=$((c + 1234))
  printf 'goto-cycle %d\nprint ws.state_hash()\nquit\n' "$c" > "$tmp/fwd"
  printf 'goto-cycle %d\ngoto-cycle %d\nprint ws.state_hash()\nquit\n' "$later" "$c" > "$tmp/back"
  printf 'goto-cycle %d\nreverse-stepc 100\nprint ws.state_hash()\nquit\n' "$((c + 100))" > "$tmp/rsc"
  f=(--set preset=fermi)
  "$bin" run "$s" "${f[@]}" --set sim.threads=1 --commands "$tmp/fwd" >"$tmp/a" 2>&1
  "$bin" run "$s" "${f[@]}" --set sim.threads=2 --set debug.checkpoint_interval=500 --commands "$tmp/back" >"$tmp/b" 2>&1
  "$bin" run "$s" "${f[@]}" --set sim.threads=2 --set debug.checkpoint_interval=300 --commands "$tmp/rsc" >"$tmp/r" 2>&1
  a=$(hash_of "$tmp/a"); b=$(hash_of "$tmp/b"); r=$(hash_of "$tmp/r")
  if [ -z "$a" ] || [ "$a" != "$b" ] || [ "$a" != "$r" ] || ! grep -qx "cycle $c (going back)" "$tmp/b"; then
    echo "reverse FAIL $s on fermi, sim.threads=2, at cycle $c: forward '$a', goto-cycle '$b', reverse-stepc '$r'"
    sed 's/^/    | /' "$tmp/b" | head -20
    fail=1
  fi
  tn=$((tn + 1))
done
[ $fail = 0 ] && echo "reverse: $tn points on fermi with sim.threads=2 reach the state of one thread"

# A session record replays to the same state.
printf 'break saxpy.ptx:48\ncontinue\nstepc 37\nwarp 3\nstep\ngoto-cycle 120\nrecord %s\nprint ws.state_hash()\nquit\n' \
  "$tmp/rec.lua" > "$tmp/session"
printf 'print ws.state_hash()\nprint ws.focus().warp\nquit\n' > "$tmp/hash"
"$bin" run examples/scenarios/saxpy.lua --commands "$tmp/session" >"$tmp/a" 2>&1
"$bin" run "$tmp/rec.lua" --commands "$tmp/hash" >"$tmp/b" 2>&1
a=$(hash_of "$tmp/a"); b=$(hash_of "$tmp/b")
if [ -z "$a" ] || [ "$a" != "$b" ] || ! grep -qx 3 "$tmp/b"; then
  echo "record FAIL: session hash '$a', replayed '$b'"
  sed 's/^/    | /' "$tmp/b" | head -20
  fail=1
else
  echo "record: the replayed session reaches the recorded state"
fi

# An internal invariant that fails names the cycle, SM and warp, aborts,
# and leaves a replay file that stops just before the failure.
( cd "$tmp" && "$OLDPWD/$bin" run "$OLDPWD/examples/scenarios/saxpy.lua" \
    --set debug.fail_at_cycle=100 >"$tmp/crash.out" 2>&1 ) 2>/dev/null; rc=$?
printf 'print ws.cycle()\nquit\n' > "$tmp/at.cmds"
( cd "$tmp" && "$OLDPWD/$bin" run saxpy.crash.lua --commands at.cmds >"$tmp/replay.out" 2>&1 ); rc2=$?
if [ "$rc" = 134 ] && grep -q "internal error: .* at cycle 100, sm -1, warp -1" "$tmp/crash.out" &&
   [ -s "$tmp/saxpy.crash.lua" ] && [ "$rc2" = 0 ] && grep -qx 100 "$tmp/replay.out"; then
  echo "crash: internal error reported at cycle 100; its replay file stops there"
else
  echo "crash FAIL (exit $rc, replay exit $rc2)"; sed 's/^/    | /' "$tmp/crash.out" "$tmp/replay.out" | head -20
  fail=1
fi
[ $fail = 0 ]

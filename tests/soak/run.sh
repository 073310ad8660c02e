#!/usr/bin/env bash
# Long-session soak test: a command-driven debugging session that steps a
# kernel through CYCLES cycles (default 10 M), going back with
# reverse-stepc, reverse-step and goto-cycle along the way (so snapshots
# are taken, thinned and restored hundreds of times), while a monitor
# samples every process of the session. It fails if
#   - a process of the session stays defunct (a zombie not reaped) from
#     one sample to the next,
#   - the session has more live processes than twice the snapshots
#     allowed plus three (the supervisor, the session, one snapshot being
#     taken; after going back, the previous session's newer snapshots end
#     one after another as their pipes close),
#   - a process holds more open files than the snapshots need,
#   - a process's resident memory exceeds MEM_MIB, or is more than a
#     quarter higher at the end than in the first samples,
#   - any process of the session is left when warpscope has exited,
#   - the session does not end with exit 0 within the time limit.
#   tests/soak/run.sh build/warpscope [CYCLES]
# CI runs the default (10 M cycles, well under a minute); for a long run:
#   tests/soak/run.sh build/warpscope 200000000
# Run from the repository root.
set -u
bin=${1:-build/warpscope}
cycles=${2:-10000000}
cd "$(dirname "$0")/../.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
keep=16            # debug.checkpoints: snapshots kept
every=20000        # debug.checkpoint_interval
MEM_MIB=${MEM_MIB:-256}

# The commands: forward in steps, and now and then back and forth.
step=200000
{
  echo "# soak: $cycles cycles"
  n=0 at=0
  while [ $at -lt "$cycles" ]; do
    at=$((at + step)); n=$((n + 1))
    echo "stepc $step"
    case $((n % 5)) in
      1) echo "reverse-stepc 3000"; echo "stepc 3000" ;;
      2) echo "reverse-step"; echo "info warps" ;;
      3) echo "goto-cycle $((at - 50000))"; echo "goto-cycle $at" ;;
      4) echo "info snapshots" ;;
    esac
  done
  echo "info stats"
  echo "quit"
} > "$tmp/soak.cmds"

# The session in its own session id, so that everything it forks can be
# found (and nothing can hide after it exits).
setsid "$bin" run tests/soak/soak.lua --commands "$tmp/soak.cmds" \
  --set debug.checkpoints=$keep --set debug.checkpoint_interval=$every \
  --set limit.cycles=$((cycles * 4)) > "$tmp/out" 2> "$tmp/err" &
top=$!
limit=$(( cycles / 100000 + 60 ))     # seconds
start=$(date +%s)
fail=0
maxp=0 maxfd=0 maxrss=0 zombies=0 samples=0 prev_z=""
rss_early=0 rss_late=0
procs() {   # pid stat rss(KiB) of every process of the session
  ps -eo pid=,sid=,stat=,rss= | awk -v s=$top '$2 == s { print $1, $3, $4 }'
}
while kill -0 $top 2>/dev/null; do
  now=$(date +%s)
  if [ $((now - start)) -gt $limit ]; then
    echo "soak FAIL: the session did not finish within ${limit} s"
    kill -9 -- -$top 2>/dev/null
    fail=1
    break
  fi
  np=0 big=0 now_z=""
  while read -r pid stat rss; do
    [ -n "$pid" ] || continue
    case $stat in Z*) ;; *) np=$((np + 1)) ;; esac
    case $stat in Z*)
      # A process between its exit and its parent's wait is defunct for
      # an instant; one still defunct a sample later was not reaped.
      now_z="$now_z $pid"
      case " $prev_z " in *" $pid "*) zombies=$((zombies + 1)); echo "$pid" >> "$tmp/zombies" ;; esac ;;
    esac
    [ "$rss" -gt "$big" ] && big=$rss
    fds=(/proc/$pid/fd/*)           # (a glob: no process per sample)
    [ -e "${fds[0]}" ] && [ ${#fds[@]} -gt "$maxfd" ] && maxfd=${#fds[@]}
  done < <(procs)
  prev_z=$now_z
  [ $np -gt $maxp ] && maxp=$np
  [ $big -gt $maxrss ] && maxrss=$big
  samples=$((samples + 1))
  # memory in the first and the last samples of the run
  [ $samples -le 3 ] && [ $big -gt $rss_early ] && rss_early=$big
  rss_late=$big
  sleep 0.1
done
wait $top; rc=$?
sleep 0.5
left=$(procs | wc -l)

if [ $fail = 0 ] && [ $rc != 0 ]; then
  echo "soak FAIL: exit $rc"; tail -5 "$tmp/err" | sed 's/^/    /'; fail=1
fi
if [ "$zombies" -gt 0 ]; then
  echo "soak FAIL: $zombies times a process stayed defunct (not reaped): pids $(sort -u "$tmp/zombies" | head -5 | tr '\n' ' ')"; fail=1
fi
if [ $maxp -gt $((2 * keep + 3)) ]; then
  echo "soak FAIL: $maxp processes at once (at most 2 x $keep snapshots + 3)"; fail=1
fi
if [ $maxfd -gt $((keep + 16)) ]; then
  echo "soak FAIL: a process held $maxfd open files"; fail=1
fi
if [ $maxrss -gt $((MEM_MIB * 1024)) ]; then
  echo "soak FAIL: a process reached $maxrss KiB (limit $MEM_MIB MiB)"; fail=1
fi
if [ $rss_early -gt 0 ] && [ $rss_late -gt $((rss_early + rss_early / 4 + 4096)) ]; then
  echo "soak FAIL: memory grew from $rss_early KiB to $rss_late KiB"; fail=1
fi
if [ "$left" -gt 0 ]; then
  echo "soak FAIL: $left processes of the session left after it exited"
  procs | sed 's/^/    /'; fail=1
fi
if ! grep -q "ended by quit" "$tmp/out"; then
  echo "soak FAIL: the session did not reach its quit"; fail=1
fi
errs=$(grep -c 'error' "$tmp/err")
if [ "$errs" -gt 0 ]; then
  echo "soak FAIL: $errs errors"; head -5 "$tmp/err" | sed 's/^/    /'; fail=1
fi
[ $fail = 0 ] && echo "soak: $cycles cycles with reverse execution in $(( $(date +%s) - start )) s; at most $maxp processes, $maxfd open files, $maxrss KiB per process; no defunct children, nothing left behind ($samples samples)"
exit $fail

#!/usr/bin/env bash
# End-to-end TUI tests: the real binary in tmux (send-keys, capture-pane).
#   tests/tui/run.sh build/warpscope
# Each check waits (up to a few seconds) for what it expects on screen.
set -u
bin=$(realpath "${1:-build/warpscope}")
cd "$(dirname "$0")/../.."
if ! command -v tmux >/dev/null 2>&1; then
  echo "tui: FAILED: tmux is not installed (scripts/deps.sh --ci installs it); the TUI tests cannot run" >&2
  echo "tui: 0 passed, 1 failed"
  exit 1
fi
sock=wstest$$
T() { tmux -L "$sock" "$@"; }
tmp=$(mktemp -d)
trap 'T kill-server 2>/dev/null; sleep 0.2; rm -rf "$tmp" 2>/dev/null' EXIT
pass=0; fail=0
screen() { T capture-pane -p -t w; }
# wait_for PATTERN [SECONDS]: until the screen matches (grep -E)
wait_for() {
  local i n=$(( ${2:-5} * 10 ))
  for ((i = 0; i < n; i++)); do
    screen | grep -qE -- "$1" && return 0
    sleep 0.1
  done
  return 1
}
check() {  # NAME PATTERN [SECONDS]
  if wait_for "$2" "${3:-5}"; then
    pass=$((pass + 1))
  else
    echo "tui FAIL $1: the screen never showed /$2/"
    screen | sed 's/^/    | /'
    fail=$((fail + 1))
  fi
}
check_not() {  # NAME PATTERN [SECONDS]: the pattern stays off the screen
  local i n=$(( ${3:-1} * 10 ))  # sampled for a while, not once
  for ((i = 0; i < n; i++)); do
    if screen | grep -qE -- "$2"; then
      echo "tui FAIL $1: the screen shows /$2/"
      screen | sed 's/^/    | /'
      fail=$((fail + 1))
      return
    fi
    sleep 0.1
  done
  pass=$((pass + 1))
}
check_gone() {  # NAME PATTERN: the pattern leaves the screen within 5 s
  local i
  for ((i = 0; i < 50; i++)); do
    if ! screen | grep -qE -- "$2"; then
      pass=$((pass + 1))
      return
    fi
    sleep 0.1
  done
  echo "tui FAIL $1: the screen still shows /$2/ after 5 s"
  screen | sed 's/^/    | /'
  fail=$((fail + 1))
}
cycle() { screen | tail -n 1 | sed -n 's/^ *cycle \([0-9]*\) .*/\1/p'; }
# confirm: answers y to the quit question; end_session then gives the
# program time to exit
confirm() { sleep 0.3; T send-keys -t w y; quitting=1; }
# end_session: the session's terminal goes away, and nothing of it may
# outlive it. A program told to quit first gets up to 10 s to exit (its
# shell prints EXIT=): under a sanitizer the checks at exit take a while,
# and a hang-up in the middle of them can leave the program spinning.
# A program still running must end on the hang-up within 5 s; one that
# does not is killed, and is a failure.
sid=
quitting=0
end_session() {
  if [ -n "$sid" ] && [ "$quitting" = 1 ]; then wait_for '^EXIT=' 10 || true; fi
  T kill-server 2>/dev/null; sleep 0.2
  quitting=0
  [ -n "$sid" ] || return 0
  local i left
  for ((i = 0; i < 50; i++)); do
    left=$(ps -e -o pid=,sid=,args= | awk -v s="$sid" '$2 == s')
    [ -z "$left" ] && break
    sleep 0.1
  done
  if [ -n "$left" ]; then
    echo "tui FAIL processes outlived their terminal 5 s:"
    echo "$left" | sed 's/^/    | /'
    kill -KILL $(echo "$left" | awk '{ print $1 }') 2>/dev/null
    fail=$((fail + 1))
  fi
  sid=
}
start() {  # COLS ROWS ARGS...: a shell in tmux, then warpscope in it
  local cols=$1 rows=$2; shift 2
  end_session
  T new-session -d -s w -x "$cols" -y "$rows" \
    "env -i HOME=$tmp TERM=xterm-256color LANG=${LANG:-C.UTF-8} PATH=$PATH PS1='PROMPT\$ ' bash --norc --noprofile"
  sleep 0.3
  sid=$(ps -o sid= -p "$(T display -p -t w '#{pane_pid}')" | tr -d ' ')
  T send-keys -t w "stty -g > $tmp/stty.before; ${wrap:-} $bin $*; echo EXIT=\$?" Enter
}
titles='Warps.*Source.*Register file.*Cache.*Design.*Stats & probes.*Console'

# 1. the tour opens with every pane title visible, at 120x40 and 80x24
for size in "120 40" "80 24"; do
  start $size examples/scenarios/tour.lua
  check "titles at ${size/ /x}" "$titles"
  check "tour narration at ${size/ /x}" "Tour 1/8"
  check "status line at ${size/ /x}" "^ *cycle 0 "
done
# at 80x24 the tour's longest stop (4 rows) wraps at spaces in the message
# line and in the console, its last words on screen (they were cut), and
# the commands stop 7 suggests work there
for i in 2 3 4 5 6; do T send-keys -t w F5; wait_for "^ Tour $i/8"; done
T send-keys -t w F5
check "tour stop 7" "^ Tour 7/8, Console: every debugger command - try \`info warp\` \(the focused warp,$"
check "the message line wraps, indented" "^   history is kept\.$"
check "the console wraps, indented" "^│  history is kept\. +│$"
T send-keys -t w ':' ; sleep 0.2
T send-keys -t w 'info warp' Enter
check "stop 7's info warp works" "SIMT stack, top last: \[pc [0-9]+ "
T send-keys -t w 'print ws.reg(0, 0, "%r1")' Enter
check "stop 7's print works" "^│  4, 4, 4, .* 0 = 4 } +│$"
T send-keys -t w 'print "a line longer than the console is wrapped at a space onto the row below it, indented"' Enter
check "a long output line wraps at a space" "^│\"a line longer than the console is wrapped at a space onto the row below it, +│$"
check "its rest on the next row, indented" "^│  indented\" +│$"

# 2. F11 advances the cycle counter by one; F10 issues one warp-instruction
#    (with a history of 34 earlier commands, which must survive test 6's
#    reverse execution)
for i in $(seq 1 34); do echo "print $i"; done > "$tmp/.warpscope_history"
start 120 40 examples/scenarios/saxpy.lua
check "stopped before the first cycle" "^ *cycle 0 "
T send-keys -t w F11
check "F11 steps one cycle" "^ *cycle 1 "
c0=$(cycle); T send-keys -t w F11
check "F11 again" "^ *cycle $((c0 + 1)) "

# 3. break + continue: stops at the breakpoint; the warp row shows it
T send-keys -t w ':' ; sleep 0.2
T send-keys -t w 'break saxpy.ptx:48' Enter
check "break command" "Breakpoint 1: saxpy.ptx:48"
T send-keys -t w F5
check "continue stops at the breakpoint" "Breakpoint 1 \(saxpy.ptx:48\), cycle [0-9]+"
# the warp that stopped (slot 0, CTA 0 warp 0) stands at pc 14, line 48
check "the warp row shows it at pc 14, line 48" " 0 +0\.0 +[a-z]+ +14 +48 "
# the Source pane's title names the CUDA line of the selected PTX line
# (.loc 1 13 before line 48) and shows it from saxpy.cu: focus the pane
# (Esc, Tab), follow the PC ('f'), then give the console the focus again
T send-keys -t w Escape; sleep 0.2; T send-keys -t w Tab; sleep 0.2; T send-keys -t w f
check "the Source title names the CUDA line" "Source - saxpy\.cu:13: y\[i\] = a \* x\[i\]"
T send-keys -t w ':'; sleep 0.2

# 4. a bad command prints an error; the TUI goes on
T send-keys -t w 'frobnicate now' Enter
check "bad command error" "error: unknown command 'frobnicate'"
T send-keys -t w 'stepc 5' Enter
c1=$(cycle)
check "still working after the error" "^ *cycle [0-9]+ .*stopped"

# 5. resize to 80x24 and back: a consistent screen (tab bar, status line)
T resize-window -t w -x 80 -y 24; sleep 0.5
check "tab bar at 80x24" "$titles"
check "status at 80x24" "^ *cycle [0-9]+ "
T resize-window -t w -x 120 -y 40; sleep 0.5
check "tab bar back at 120x40" "$titles"
check "status back at 120x40" "^ *cycle [0-9]+ "
rows=$(screen | wc -l)
[ "$rows" -eq 40 ] && pass=$((pass + 1)) || { echo "tui FAIL resize: $rows rows"; fail=$((fail + 1)); }

# 6. reverse-step in the TUI (a snapshot takes over the screen)
T send-keys -t w 'reverse-stepc 3' Enter
check "reverse-stepc" "\(going back\)"

# 7. q asks while the scenario runs; y quits and restores the shell
T send-keys -t w Escape; sleep 0.2
T send-keys -t w q
check "quit asks" "Quit anyway\? \(y/n\)"
T send-keys -t w y
check "the shell prompt is back" "EXIT=0"
T send-keys -t w "stty -g > $tmp/stty.after" Enter; sleep 0.5
if cmp -s "$tmp/stty.before" "$tmp/stty.after"; then pass=$((pass + 1)); else
  echo "tui FAIL quit: terminal modes differ after quitting"; fail=$((fail + 1)); fi
# the history kept the 34 old lines and every command typed, in order,
# across the reverse step (a snapshot's older history never writes over it)
want=$( (seq 1 34 | sed 's/^/print /'; printf '%s\n' 'break saxpy.ptx:48' \
        'frobnicate now' 'stepc 5' 'reverse-stepc 3') )
if [ "$(cat "$tmp/.warpscope_history")" = "$want" ]; then pass=$((pass + 1)); else
  echo "tui FAIL history after reverse execution:"; sed 's/^/    | /' "$tmp/.warpscope_history"
  fail=$((fail + 1)); fi

# 8. a fatal signal restores the terminal too
start 100 30 examples/scenarios/saxpy.lua
check "started for the signal test" "^ *cycle 0 "
# every process of the session but the supervisor (the oldest): the
# session and its parked snapshots
sup=$(pgrep -o -f "$bin examples/scenarios/saxpy.lua")
for pid in $(pgrep -f "$bin examples/scenarios/saxpy.lua"); do
  [ "$pid" != "$sup" ] && kill -SEGV "$pid"
done
check "shell back after SIGSEGV" "EXIT=139"
sleep 1
T send-keys -t w "stty -g > $tmp/stty.after" Enter; sleep 0.5
if cmp -s "$tmp/stty.before" "$tmp/stty.after"; then pass=$((pass + 1)); else
  echo "tui FAIL SIGSEGV: terminal modes differ"; cat "$tmp/stty.before" "$tmp/stty.after"; fail=$((fail + 1)); fi

# 9. an internal error inside the model: the terminal comes back with the
#    report (cycle, SM, warp) and a replay file
start 100 30 examples/scenarios/saxpy.lua --set debug.fail_at_cycle=3
check "started for the internal-error test" "^ *cycle 0 "
T send-keys -t w F11; sleep 0.2; T send-keys -t w F11; sleep 0.2
T send-keys -t w F11; sleep 0.2; T send-keys -t w F11
check "internal error reported after the screen" "internal error: .* at cycle 3"
check "exit status of an abort" "EXIT=134"
rm -f saxpy.crash.lua "$tmp/saxpy.crash.lua"

# 10. a design's own structure in the Design pane: racetrack opens on the
#     `design` layout with the tapes as a grid with a legend
start 100 30 examples/scenarios/racetrack-preshift.lua
check "racetrack opens on the design layout" "Design"
T send-keys -t w ':' ; sleep 0.2
T send-keys -t w 'stepc 100' Enter
check "the tapes as a grid" "SM 0: 16 banks x 2 tapes, 64 domains, 2 ports"
check "a tape row and its note" "b00\.0 .*|off [0-9]+ (idle|shifting|reading|writing)"
check "the legend at the foot" "register .* empty"
T send-keys -t w ':' ; sleep 0.2
T send-keys -t w 'quit' Enter; confirm

# 10b. fuse: the design layout with the SRAM bank's sets coloured by the
#      predicted class of their lines, and the scenario's first stop
start 100 30 examples/scenarios/fuse-placement.lua
check "fuse opens on the design layout" "Design"
T send-keys -t w ':' ; sleep 0.2
T send-keys -t w 'stepc 2000' Enter
check "the SRAM bank as a grid" "SM 0 dy-fuse SRAM: 64 sets x 2 ways"
check "an SRAM set row" "s\.0[0-9] [nNwWrRoO.]"
check "the class legend" "w WM r WORM o WORO"
check "the first stop: a WORM block in STT-MRAM" "Paused by the scenario at cycle [0-9]+: a WORM block"
T send-keys -t w ':' ; sleep 0.2
T send-keys -t w 'quit' Enter; confirm

# 10c. per-lane caches (design tinycache) in the Design pane: a row per
#     lane, a cell per line, the guided scenario's first stop narrated
start 100 30 examples/scenarios/tinycache-write-validate.lua
check "tinycache opens on the design layout" "Design"
T send-keys -t w F5
check "the lanes as a grid" "SM 0: 32 lane caches x 16 lines"
check "lane 0's partial line" "│0  P[^ ]* 1 valid 1 dirty"
check "the first stop narrated" "1/3 cycle [0-9]+, a partial line"
T send-keys -t w ':' ; sleep 0.2
T send-keys -t w 'quit' Enter; confirm

# 10d. ltrf: the register-file cache partitions and the inactive warps as
#      grids; the Source pane marks the register-interval heads
start 120 50 examples/scenarios/ltrf-prefetch.lua
check "ltrf opens on the design layout" "Design"
T send-keys -t w ':' ; sleep 0.2
T send-keys -t w 'stepc 400' Enter
check "the RFC partitions as a grid" "SM 0: register-file cache \(ltrf\+\), 16 banks x 4 part"
check "a partition row and its note" "w[0-9][0-9] .* p[0-3] iv [0-9]+ .*pc [0-9]+"
check "the inactive warps" "SM 0: inactive warps"
check "an interval head marked in the source" " 79(◆|\^) +add\.s64 "
T send-keys -t w ':' ; sleep 0.2
T send-keys -t w 'quit' Enter; confirm

# 11. a kernel fault stops the TUI at the faulting cycle, the warp that
#     faulted focused, everything inspectable and reversible (80x24)
start 80 24 tests/bad/kernel_overrun_1byte.lua
check "started for the fault test" "^ *cycle 0 "
T send-keys -t w F5
check "the fault stops at its cycle" "^ *cycle 27 +fill_bytes +sm 0 warp 3 .*fault"
check "the faulting warp stands at the store" "^. +3 +0\.3 +ready +5 +18 "
T send-keys -t w ':' ; sleep 0.2
T send-keys -t w 'info warp' Enter
check "info warp at the fault" "SIMT stack, top last: \[pc 5 rpc -1 mask 0000001f\]"
T send-keys -t w 'reverse-stepc 10' Enter
check "reverse-stepc 10 from the fault" "^ *cycle 17 +fill_bytes"
T send-keys -t w 'goto-cycle 100' Enter
check "going forward faults again" "^ *cycle 27 +fill_bytes +sm 0 warp 3 .*fault"
T send-keys -t w 'quit' Enter
check "quitting at the fault reports it" "EXIT=2"

# 13. every pane explains its marks: a one-line legend in its foot, whole
#     on `?`; the cache marks the ways that changed since the last stop;
#     the probe's sparkline shows at 80x24 (the counters give way)
start 80 24 examples/scenarios/tour.lua
check "started for the legend test" "^ Tour 1/8"
check "the Warps legend in its foot" "^└─ mask (█|#) active (░|\.) off (·|_) exited; \* dead operand; Enter: focus ─+┘$"
check "the Console legend in its foot" "^└─ > typed; PgUp/PgDn scroll; Tab completes; Esc leaves ─+┘$"
for i in 2 3 4 5; do T send-keys -t w F5; wait_for "^ Tour $i/8"; done
T send-keys -t w ':' ; sleep 0.2
T send-keys -t w 'pane cache' Enter
check "the Cache pane at 80x24" "^┌─ Cache ─"
check "the Cache legend" "^└─ \+ changed since last stop \* dirty ~ fill pending; N: age ─+┘$"
T send-keys -t w ':' ; sleep 0.2
T send-keys -t w 'stepc 40' Enter
check "the lines that changed, listed" "^│changed since cycle 980: set 1 way 1, set 2 way 1, set 3 way 0,"
check "and marked + in the grid" "  ~  1  0004 1 \+0005 0  0002 3 "
T send-keys -t w 'continue' Enter
check "tour stop 6" "^ Tour 6/8"
T send-keys -t w 'pane stats' Enter
check "the probe's sparkline at 80x24" "^│issued +[0-9]+ +[▁▂▃▄▅▆▇█]{5,} @[0-9]+ +│$"
T send-keys -t w '?'
check "? shows the focused pane's legend" "Stats & probes: sparklines oldest\.\.newest, scaled lo\.\.hi; @N last"
T send-keys -t w Escape
check_gone "any key closes the help" "─ Help ─"
T send-keys -t w q; confirm
check "quit after the legend test" "EXIT=0"

# 14. at 200x60 three columns of panes, each legend whole in its foot; a
#     racetrack scenario opens on its Design pane even at 80x24, the ports
#     told apart by shape, the design's legend wrapped at the foot
start 200 60 examples/scenarios/tour.lua
check "titles at 200x60" "^┌─ Warps ─+┐┌─ Register file ─+┐┌─ Stats & probes ─+┐$"
check "legends whole at 200x60" "^└─ ● break  N▶ warps; \* dead; F9 break; █ hottest; m: metric ─+┘└─ \+ changed since last stop"
T send-keys -t w q; confirm
start 200 60 examples/scenarios/racetrack-preshift.lua
check "the design layout's 4 panes fill 200 columns" "^┌─ Warps (─){80,}┐┌─ Design (─){80,}┐$"
T send-keys -t w q; confirm
start 80 24 examples/scenarios/racetrack-preshift.lua
check "racetrack opens on its Design pane at 80x24" "^┌─ Design ─"
T send-keys -t w F5
check "a port's cells differ in shape" "^│b00\.0 (▣|@)(■|#)(■|#)"
check "the design's legend wraps at the foot" "^│T next access, shifting to it R being read W being written +│$"
T send-keys -t w ':' ; sleep 0.2
T send-keys -t w 'quit' Enter; confirm

# 15. animation: `set speed N` paces a run at N cycles per second, drawn
#     as it goes; + and - change the speed without pausing the run
start 80 24 examples/scenarios/saxpy.lua
check "started for the speed test" "^ *cycle 0 "
T send-keys -t w ':' ; sleep 0.2
T send-keys -t w 'set speed fast' Enter
check "a bad speed is an error" "error: set speed: expected N cycles per second \(1 to 10000000\) or off"
T send-keys -t w 'set speed 40' Enter
check "set speed" "speed: 40 cycles per second"
T send-keys -t w 'stepc 120' Enter
check "the run animates" "^ *cycle [0-9]+ .*running at 40 cycles/s"
sleep 1
c=$(cycle)
if [ -n "$c" ] && [ "$c" -gt 0 ] && [ "$c" -lt 100 ]; then pass=$((pass + 1)); else
  echo "tui FAIL paced run: at about 1.5 s the cycle was '$c' (40 cycles/s)"; fail=$((fail + 1)); fi
T send-keys -t w '+'
check "+ doubles the speed, the run goes on" "^ *cycle [0-9]+ .*running at 80 cycles/s"
check "the run ends where it was asked to" "^ *cycle 120 .*stopped at 80 cycles/s" 8
T send-keys -t w 'set speed off' Enter
check "set speed off" "speed: full \(no animation\)"
check_not "no speed on the status line" "cycles/s"
T send-keys -t w 'quit' Enter; confirm

# 16. a guided lab reaches its question at 80x24 with F5 alone
start 80 24 examples/labs/bank-conflict.lua
check "the lab opens" "^ Lab 1/3, register-bank conflicts"
T send-keys -t w F5
check "the lab's stop explains the conflict" "^ Lab 2/3, cycle 11: bank 3 conflict - warp 0 writing r3 was"
T send-keys -t w F5
check "the lab ends with a question" "^ Lab 3/3, question: over the whole kernel, how many"
check "and the command that answers it" "Answer it with \`info stats\`"
T send-keys -t w ':' ; sleep 0.2
T send-keys -t w 'quit' Enter; confirm

# 17. statistics per PTX line in the Source pane: columns that fit (4 at
#     80x24, 2 beside the others at 200x60, all 6 zoomed), the metric's
#     name in capitals, the hottest lines marked (by issued: the first
#     lines; by stall: line 48, zoomed); m: the next metric
saxpy_at_48() {  # COLS ROWS: saxpy stopped at its breakpoint on line 48
  start "$1" "$2" examples/scenarios/saxpy.lua
  check "started for the line statistics at $1x$2" "^ *cycle 0 "
  T send-keys -t w ':' ; sleep 0.2
  T send-keys -t w 'break saxpy.ptx:48' Enter
  T send-keys -t w 'continue' Enter
  check "at the breakpoint for the line statistics at $1x$2" "Breakpoint 1 \(saxpy.ptx:48\), cycle 79"
}
saxpy_at_48 80 24
T send-keys -t w 'pane source' Enter
check "the columns that fit 80x24, stall the metric" "^│(█|#) hottest by stall \(m: next\) +iss +rf +l1 +STALL│$"
check "the pane follows the stopped warp: the breakpoint's line" "^│● 2(▶|>) 48     ld\.global\.f32   %f2, \[%rd6\]; +(█|#) +2│$"
check "a line's counts (4 issued, 1 register-bank conflict)" "^│     46     mul\.wide\.s32    %rd5, %r1, 4; +4 +1 +│$"
check_not "no column that does not fit" "miss +shm"
T send-keys -t w Escape; sleep 0.2; T send-keys -t w m
check "m: the next metric, first among the columns" "^│(█|#) hottest by issued \(m: next\) +ISS +rf +l1 +miss│$"
# select line 29 (19 lines up from the breakpoint's): the selection stops following
T send-keys -t w -N 19 Up
check "the hottest by issued marked" "^│  6(▶|>) 29     ld\.param\.u32    %r2, \[saxpy_param_0\]; +(█|#) +10 +│$"
T send-keys -t w q; confirm
saxpy_at_48 200 60
check "the Source pane beside the others at 200x60" "^│(█|#) hottest by stall \(m: next\) +iss +STALL│"
T send-keys -t w 'pane source' Enter; sleep 0.2; T send-keys -t w Escape; sleep 0.2
T send-keys -t w z
check "zoomed, every column" "^│(█|#) hottest by stall \(m: next\) +iss +rf +l1 +miss +shm +STALL +│"
check "zoomed, the breakpoint's line and its counts" "^│● 2(▶|>) 48     ld\.global\.f32   %f2, \[%rd6\]; +(█|#) +2│ ld\.global\.f32 R0"
T send-keys -t w q; confirm

# 18. a long TUI session with reverse snapshots leaves no defunct child:
#     6 M cycles (a 30 M-cycle session takes about 17 s and ends the same
#     way), a reverse step, and quit; every process under the pane's shell
#     is sampled twice (one defunct in both samples was not reaped)
descendants() {  # PID STATE-REGEX: processes below PID in that state
  ps -e -o pid=,ppid=,stat= | awk -v root="$1" -v re="$2" '
    { p[$1] = $2; s[$1] = $3 }
    END { for (x in p) { y = x; while ((y in p) && y != root && y > 1) y = p[y]
                         if (y == root && x != root && s[x] ~ re) print x } }' | sort
}
start 80 24 tests/soak/soak.lua --set limit.cycles=100000000
check "started for the long session" "^ *cycle 0 "
T send-keys -t w ':' ; sleep 0.2
T send-keys -t w 'stepc 6000000' Enter
check "6 M cycles in the TUI" "^ *cycle 6000000 .*stopped" 60
T send-keys -t w 'reverse-stepc 10' Enter
check "a reverse step after them" "^ *cycle 5999990 .*stopped" 20
shell=$(T display -p -t w '#{pane_pid}')
z1=$(descendants "$shell" '^Z'); sleep 0.5; z2=$(descendants "$shell" '^Z')
stuck=$(comm -12 <(echo "$z1") <(echo "$z2") | grep -c .)
live=$(descendants "$shell" . | grep -c .)
if [ "$stuck" = 0 ] && [ "$live" -gt 2 ]; then pass=$((pass + 1)); else
  echo "tui FAIL long session: $stuck defunct children stayed defunct ($live processes)"; fail=$((fail + 1)); fi
T send-keys -t w 'quit' Enter; confirm
check "the long session quits cleanly" "EXIT=0" 10
for i in $(seq 1 20); do
  left=$(descendants "$shell" . | grep -c .); [ "$left" = 0 ] && break; sleep 0.1
done
if [ "$left" = 0 ]; then pass=$((pass + 1)); else
  echo "tui FAIL long session: $left processes left 2 s after quit"; fail=$((fail + 1)); fi

# 19. a resize whose signal never comes (blocked here; in a session it
#     can arrive after curses last looked for one and before it waits for
#     a key) is still seen while the screen waits for a key
if command -v perl >/dev/null 2>&1; then
  wrap="perl -e 'use POSIX; sigprocmask(SIG_BLOCK, POSIX::SigSet->new($(kill -l WINCH))) or die; exec @ARGV' --"
  start 120 40 examples/scenarios/saxpy.lua
  wrap=
  check "started with the resize signal blocked" "^ *cycle 0 "
  T resize-window -t w -x 80 -y 24
  check "tab bar at 80x24 without the signal" "$titles" 3
  check "status at 80x24 without the signal" "^ *cycle 0 .*stopped.*\? help *$" 3
  T send-keys -t w q; confirm
  check "quits after the unsignalled resize" "EXIT=0" 10
else
  echo "tui FAIL: perl is not installed (scripts/deps.sh --ci installs it); the unsignalled resize is not tested"
  fail=$((fail + 1))
fi

# 12. headless when the output is not a terminal
out=$("$bin" examples/scenarios/saxpy.lua </dev/null 2>&1 | tail -n 3)
if grep -q "total: 1 launch" <<<"$out"; then pass=$((pass + 1)); else
  echo "tui FAIL headless fallback: $out"; fail=$((fail + 1)); fi

end_session
echo "tui: $pass passed, $fail failed"
[ $fail = 0 ]

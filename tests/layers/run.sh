#!/usr/bin/env bash
# The architecture's rules, checked on the source and the built objects:
#   tests/layers/run.sh BUILD_DIR
# 1. layers call one way: util < config < ptx < compile < func < timing <
#    designs < sim < debug < lua < cli, ui. No #include and no call (a
#    symbol an object uses, defined by another) goes from a lower layer to
#    a higher one.
# 2. no circle of files: no two .c files that need each other, directly
#    or through others (strongly connected components of the call graph).
# 3. no pane, pipeline or debugger file names a design.
set -u
build=${1:-build}
cd "$(dirname "$0")/../.."
fail=0
rank() {
  case $1 in
    util) echo 0 ;; config) echo 1 ;; ptx) echo 2 ;; compile) echo 3 ;;
    func) echo 4 ;; timing) echo 5 ;; designs) echo 6 ;; sim) echo 7 ;;
    debug) echo 8 ;; lua) echo 9 ;; cli|ui) echo 10 ;; *) echo 99 ;;
  esac
}
layer_of() {  # path -> layer name
  case $1 in
    ui/*) echo ui ;;
    src/*) p=${1#src/}; echo "${p%%/*}" ;;
    *) echo "?" ;;
  esac
}

# 1a. includes
for f in $(find src ui -name '*.[ch]' | sort); do
  me=$(layer_of "$f"); mr=$(rank "$me")
  while IFS= read -r line; do
    inc=${line#*\"}; inc=${inc%\"*}
    case $inc in */*) ;; *) continue ;; esac
    them=${inc%%/*}
    [ "$them" = "$me" ] && continue
    tr=$(rank "$them")
    if [ "$tr" -gt "$mr" ]; then
      echo "layers FAIL $f includes $inc: $me may not depend on $them"
      fail=1
    fi
  done < <(grep -h '^#include "' "$f")
done

# 1b and 2. calls, from the objects' symbols
# the objects of the sources that exist (an old build tree may hold
# objects of files since moved or removed)
objs=$(for c in $(find src ui -name '*.c' | sort); do
         o="$build/obj/${c%.c}.o"; [ -e "$o" ] && echo "$o"; done)
if [ -z "$objs" ]; then
  echo "layers FAIL no objects under $build/obj (build first)"; exit 1
fi
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
for o in $objs; do
  f=${o#$build/obj/}; f=${f%.o}
  nm "$o" | awk -v f="$f" '$1=="U"{print "U",f,$2} NF==3 && $2 ~ /^[TDBR]$/ {print "D",f,$3}'
done > "$tmp/syms"
awk '$1=="D"{def[$3]=$2} $1=="U"{u[NR]=$2" "$3}
     END{for(i in u){split(u[i],a," "); if((a[2] in def) && def[a[2]]!=a[1]) print a[1], def[a[2]], a[2]}}' \
  "$tmp/syms" | sort -u > "$tmp/edges"
while read -r from to sym; do
  fr=$(rank "$(layer_of "$from")"); tr=$(rank "$(layer_of "$to")")
  if [ "$tr" -gt "$fr" ]; then
    echo "layers FAIL $from.c calls $sym of $to.c: $(layer_of "$from") may not call $(layer_of "$to")"
    fail=1
  fi
done < "$tmp/edges"
# circles: Tarjan's strongly connected components over the file graph
awk '{print $1, $2}' "$tmp/edges" | sort -u | awk '
  { n[$1]; n[$2]; adj[$1] = adj[$1] " " $2 }
  function visit(v,   i, k, w, ws) {
    idx[v] = low[v] = ++count; stack[++sp] = v; on[v] = 1
    k = split(adj[v], ws, " ")
    for (i = 1; i <= k; i++) { w = ws[i]
      if (!(w in idx)) { visit(w); if (low[w] < low[v]) low[v] = low[w] }
      else if (on[w] && idx[w] < low[v]) low[v] = idx[w] }
    if (low[v] == idx[v]) { comp = ""; size = 0
      do { w = stack[sp--]; on[w] = 0; comp = comp " " w; size++ } while (w != v)
      if (size > 1) print "layers FAIL circle of files:" comp }
  }
  END { for (v in n) if (!(v in idx)) visit(v) }' | sort > "$tmp/circles"
if [ -s "$tmp/circles" ]; then cat "$tmp/circles"; fail=1; fi

# 3. design names outside the designs
names="cerf|racetrack|tinycache|fuse|ltrf|unified|ideal-rf"
hits=$(grep -n -i -w -E "$names" ui/*.c ui/*.h src/timing/sm.c src/timing/sm.h \
         src/timing/sm-internal.h src/timing/ldst.c src/timing/sched.c \
         src/timing/gpu.c src/timing/gpu.h src/debug/*.c src/debug/*.h 2>/dev/null)
if [ -n "$hits" ]; then
  echo "layers FAIL a pane, pipeline or debugger file names a design:"
  echo "$hits" | sed 's/^/    /'
  fail=1
fi

[ $fail = 0 ] && echo "layers: one direction, no circle of files, no design named outside src/designs"
[ $fail = 0 ]

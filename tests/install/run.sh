#!/usr/bin/env bash
# `make install` into a scratch DESTDIR: the binary, the manual page, the
# examples and the Lua modules land under PREFIX, and the installed binary
# finds its presets and modules there (it runs a scenario that requires a
# module, on a preset) with the source tree out of reach.
#   tests/install/run.sh BUILD_DIR
set -u
build=${1:-build}
cd "$(dirname "$0")/../.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0; pass=0
ok() { pass=$((pass + 1)); }
bad() { echo "install FAIL $*"; fail=$((fail + 1)); }
if ! make --no-print-directory -s install BUILD="$build" DESTDIR="$tmp/root" PREFIX=/opt/ws >"$tmp/make.out" 2>&1; then
  bad "make install"; tail -5 "$tmp/make.out"
else
  p=$tmp/root/opt/ws
  for f in bin/warpscope share/man/man1/warpscope.1 share/warpscope/examples/configs/fermi.lua \
           share/warpscope/examples/scenarios/tour.lua share/warpscope/scripts/lua/verify.lua; do
    [ -f "$p/$f" ] && ok || bad "missing $f"
  done
  # a copy elsewhere, so it cannot fall back to the source tree
  cp -R "$p" "$tmp/moved"
  if (cd "$tmp" && env -u WARPSCOPE_HOME "$tmp/moved/bin/warpscope" run moved/share/warpscope/examples/scenarios/reduce.lua \
        --set preset=fermi >"$tmp/run.out" 2>&1); then ok; else bad "the installed binary"; tail -3 "$tmp/run.out"; fi
  grep -q "preset fermi" "$tmp/run.out" && ok || bad "the installed binary did not read its preset"
  if command -v man >/dev/null 2>&1; then
    MANWIDTH=80 man -l "$p/share/man/man1/warpscope.1" 2>/dev/null | grep -q "warpscope plot RESULTS.csv" && ok ||
      bad "man -l does not show the page"
  fi
fi
echo "install: $pass passed, $fail failed"
[ "$fail" = 0 ]

#!/usr/bin/env bash
# Runs the libFuzzer harnesses built by `make fuzz` (see docs/reliability.md).
#   tests/fuzz/run.sh --check CC          is CC a clang with libFuzzer?
#   tests/fuzz/run.sh DIR SECONDS FLAGS TARGET...
# Each target DIR/fuzz_TARGET runs for SECONDS on its seed corpus
# tests/fuzz/corpus/TARGET (read only) plus the working corpus
# DIR/corpus/TARGET, where new inputs go; crash reproducers land in
# DIR/artifacts/TARGET/ and the full log in DIR/TARGET.log. FLAGS (one
# word list, may be empty) are passed on to libFuzzer. Exits 1 if any
# target found a crash, leak, timeout or out-of-memory input.
# Run from the repository root.
set -u
cd "$(dirname "$0")/../.."

if [ "${1:-}" = --check ]; then
  cc=${2:-clang}
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  printf '#include <stddef.h>\n#include <stdint.h>\nint LLVMFuzzerTestOneInput(const uint8_t *d, size_t n);\nint LLVMFuzzerTestOneInput(const uint8_t *d, size_t n) { (void)d; (void)n; return 0; }\n' > "$tmp/probe.c"
  if ! command -v "$cc" >/dev/null 2>&1; then
    echo "make fuzz: the fuzz targets need clang with libFuzzer, and '$cc' is not installed." >&2
    echo "  Debian/Ubuntu: sudo apt-get install clang libclang-rt-dev   (or set FUZZ_CC=clang-NN)" >&2
    exit 2
  fi
  if ! "$cc" -fsanitize=fuzzer,address,undefined "$tmp/probe.c" -o "$tmp/probe" >"$tmp/err" 2>&1; then
    echo "make fuzz: '$cc' cannot build a libFuzzer target (-fsanitize=fuzzer,address,undefined):" >&2
    sed 's/^/  /' "$tmp/err" | head -5 >&2
    echo "  libFuzzer ships with clang's compiler-rt. Debian/Ubuntu: sudo apt-get install clang libclang-rt-dev" >&2
    echo "  (on older releases libclang-common-NN-dev), or set FUZZ_CC to a clang that has it." >&2
    exit 2
  fi
  exit 0
fi

if [ $# -lt 3 ]; then
  echo "usage: tests/fuzz/run.sh DIR SECONDS FLAGS TARGET... | --check CC" >&2
  exit 2
fi
dir=$1 secs=$2 flags=$3
shift 3
fail=0
for t in "$@"; do
  bin=$dir/fuzz_$t
  mkdir -p "$dir/corpus/$t" "$dir/artifacts/$t"
  # Targets that read PTX share its dictionary.
  dict=()
  case $t in kernel) d=ptx ;; *) d=$t ;; esac
  [ -e "tests/fuzz/$d.dict" ] && dict=(-dict="tests/fuzz/$d.dict")
  echo "fuzz $t: ${secs}s on tests/fuzz/corpus/$t (log: $dir/$t.log)"
  # shellcheck disable=SC2086 # FLAGS is a word list
  "$bin" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 \
    -print_final_stats=1 -artifact_prefix="$dir/artifacts/$t/" "${dict[@]}" \
    $flags "$dir/corpus/$t" "tests/fuzz/corpus/$t" >"$dir/$t.log" 2>&1
  rc=$?
  # The last status line: runs, coverage, features, corpus size.
  # (-a: the log quotes input bytes, which can make grep think it binary)
  grep -aE '^#[0-9]+' "$dir/$t.log" | tail -n 1 | sed 's/^/    /'
  grep -aE '^stat::(number_of_executed_units|peak_rss_mb)' "$dir/$t.log" | sed 's/^/    /'
  if [ $rc != 0 ]; then
    echo "fuzz $t FAILED (exit $rc):"
    grep -aE 'ERROR: |SUMMARY: |^artifact_prefix|Test unit written' "$dir/$t.log" | head -10 | sed 's/^/    /'
    echo "    reproduce: $bin ARTIFACT"
    fail=1
  fi
done
exit $fail

#!/usr/bin/env bash
# `make reference`: the baseline beside GPGPU-Sim's GTX480 on the eight
# reference kernels (tests/reference/, docs/validation.md).
#   scripts/reference.sh [build/warpscope] [--set KEY=VALUE]...
# Runs every tests/reference/*.lua at the size GPGPU-Sim ran
# (workload.size=paper, preset fermi, plus any --set given: experiments
# that switch one mechanism off use them) and prints, per scenario, our
# cycles, warp IPC, L1D load miss %, L2 miss %, DRAM MB read and written
# next to GPGPU-Sim's (tests/reference/gpgpusim.txt) and the cycle
# difference, and (wr32) ours written counted as GPGPU-Sim's figure counts
# them: 32 bytes per DRAM column command. Ours are what each scenario's
# `reference` line reports.
set -u
bin=build/warpscope
if [ $# -gt 0 ] && [ "${1#--}" = "$1" ]; then bin=$1; shift; fi
cd "$(dirname "$0")/.."
ref=tests/reference/gpgpusim.txt
printf '%-10s %10s %10s %6s | %6s %6s | %4s %4s | %4s %4s | %5s %5s | %5s %5s %5s\n' \
  scenario cycles gpgpusim diff ipc gs l1% gs l2% gs rdMB gs wrMB wr32 gs
for name in $(awk '!/^#/ { print $1 }' "$ref"); do
  line=$("$bin" run "tests/reference/$name.lua" --set workload.size=paper "$@" 2>&1 |
         grep "^reference $name ") || { echo "$name: FAILED"; continue; }
  awk -v l="$line" -v n="$name" '$1 == n {
    split(l, o, " ")
    # o: reference NAME cycles C ipc I l1miss A l2miss B dramrd R dramwr W dramwrcol X
    printf "%-10s %10d %10d %+5.0f%% | %6.2f %6.2f | %4s %4s | %4s %4s | %5s %5s | %5s %5s %5s\n",
      n, o[4], $2, 100 * (o[4] - $2) / $2, o[6], $3, o[8], $4, o[10], $5, o[12], $6, o[14], o[16], $7
  }' "$ref"
done

#!/usr/bin/env bash
# Regenerate PTX from CUDA sources with nvcc, so that users without CUDA can
# still run every kernel from the committed .ptx next to its .cu.
#   scripts/gen-ptx.sh [FILE.cu ...]      (default: examples/kernels/*.cu
#                                          examples/suite/*.cu tests/kernels/*.cu)
# Flags are fixed so that the output is reproducible: sm_75, -O3, -lineinfo
# (PTX .loc lines map instructions back to CUDA source lines), and the .file
# paths reduced to base names so no host path leaks into committed files.
# Next to each NAME.ptx it writes NAME.ptxas: what `ptxas -v` (sm_75) says
# of it, register counts per kernel included, without the compile times,
# so occupancy can follow ptxas's counts on machines without CUDA.
set -euo pipefail
if ! command -v nvcc >/dev/null 2>&1; then
  echo "gen-ptx: nvcc not found on PATH; the committed .ptx files are used as they are" >&2
  exit 0
fi
cd "$(dirname "$0")/.."
files=("$@")
if [ ${#files[@]} -eq 0 ]; then
  shopt -s nullglob
  files=(examples/kernels/*.cu examples/suite/*.cu tests/kernels/*.cu)
fi
for cu in "${files[@]}"; do
  dir=$(dirname "$cu"); base=$(basename "$cu" .cu)
  out="$dir/$base.ptx"
  tmp=$(mktemp)
  (cd "$dir" && nvcc -ptx -arch=sm_75 -O3 -lineinfo "$base.cu" -o "$tmp")
  abs=$(cd "$dir" && pwd)/$base.cu
  # Every .file path loses its directory (toolkit headers included), so
  # the committed PTX is the same whichever machine generated it.
  sed -e "s|\"$abs\"|\"$base.cu\"|" \
      -e 's|^\([[:space:]]*\.file[[:space:]]\{1,\}[0-9]\{1,\}[[:space:]]\{1,\}"\)[^"]*/\([^"/]*"\)|\1\2|' \
      "$tmp" > "$out"
  rm -f "$tmp"
  if command -v ptxas >/dev/null 2>&1; then
    (cd "$dir" && ptxas -v -arch=sm_75 "$base.ptx" -o /dev/null 2>&1) |
      grep -v 'Compile time' > "$dir/$base.ptxas"
  fi
  echo "gen-ptx: $cu -> $out"
done

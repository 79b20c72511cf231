#!/usr/bin/env bash
# Builds tile-frontend-fuzzer (Clang, libFuzzer, ASan, UBSan) into BUILD_DIR
# (default: build-fuzz) and runs it for RUNS inputs (default 2000), or
# TILE_FUZZ_MAX_TIME seconds when that comes first, on the seed corpus: the
# examples, the kernel library and the frontend and analysis tests.
# TILE_FUZZ_JOBS=N fuzzes in N worker processes (libFuzzer's -fork=N), RUNS
# inputs in all;
# TILE_FUZZ_CORPUS names a corpus directory to keep between runs (default
# BUILD_DIR/fuzz/corpus). A crash, a hang or a sanitizer report fails the
# script and leaves the input under BUILD_DIR/fuzz/. docs/tilecc.md, Fuzzing.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
runs=${1:-2000}
build=${2:-"$root/build-fuzz"}
clang=${TILE_FUZZ_CLANG:-clang-22}

cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_C_COMPILER="$clang" -DCMAKE_CXX_COMPILER="${clang/clang/clang++}" \
  -DTILE_BUILD_FUZZER=ON -DTILE_BUILD_TESTS=OFF
cmake --build "$build" --target tile-frontend-fuzzer

work="$build/fuzz"
corpus=${TILE_FUZZ_CORPUS:-"$work/corpus"}
jobs=${TILE_FUZZ_JOBS:-1}
mkdir -p "$work/seeds" "$corpus"
# The fuzzer reads each input alone: the headers the examples' and the
# kernel library's sources include are inlined (the include guards keep a
# header inlined twice defined once).
inline_includes() {
  awk -v library="$root/kernels/include" '
    function inline(path,   line, name, dir) {
      dir = path; sub(/\/[^\/]*$/, "", dir)
      while ((getline line < path) > 0) {
        if (line ~ /^#include "/) {
          name = line; sub(/^#include "/, "", name); sub(/".*/, "", name)
          inline(name ~ /^tile\/library\// ? library "/" name : dir "/" name)
        } else print line
      }
      close(path)
    }
    BEGIN { inline(ARGV[1]) }' "$1"
}
for file in "$root"/examples/*.cpp "$root"/kernels/*.cpp "$root"/engine/kernels/*.cpp; do
  inline_includes "$file" >"$work/seeds/$(basename "$file")"
done
for dir in Frontend Analysis; do
  for file in "$root/test/$dir"/*.cpp; do
    cp "$file" "$work/seeds/$dir-$(basename "$file")"
  done
done

parallel=()
if [ "$jobs" -gt 1 ]; then
  parallel=(-fork="$jobs")
fi
"$build/bin/tile-frontend-fuzzer" "$corpus" "$work/seeds" "${parallel[@]}" \
  -dict="$root/tools/fuzz/frontend.dict" -runs="$runs" -max_len=8192 \
  -max_total_time="${TILE_FUZZ_MAX_TIME:-0}" -timeout=10 \
  -artifact_prefix="$work/" -print_final_stats=1

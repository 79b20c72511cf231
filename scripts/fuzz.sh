#!/usr/bin/env bash
# Builds the fuzzers (Clang, libFuzzer, ASan, UBSan) into BUILD_DIR (default:
# build-fuzz; a directory configured with them, such as the ASan build of
# scripts/sanitize.sh, is built as it is configured) and runs each TARGET (default: all) for RUNS inputs (default
# 2000; -1: no limit), or TILE_FUZZ_MAX_TIME seconds when that comes first.
# TARGET is one of frontend, safetensors, safetensors-index, model-config,
# tokenizer-files, tokenizer-encode, ir, cache-entry, tuning-records, or
# "parsers" for all but frontend. The frontend's seeds are the examples, the
# kernel library and the frontend and safety tests; the IR fuzzer's are
# the dialect and transform tests, split at their "// -----" lines; the
# others' are tools/fuzz/corpus/TARGET.
# TILE_FUZZ_JOBS=N fuzzes in N worker processes (libFuzzer's -fork=N), RUNS
# inputs in all;
# TILE_FUZZ_CORPUS names the frontend's corpus directory to keep between
# runs (default BUILD_DIR/fuzz/corpus); the others keep theirs in
# BUILD_DIR/fuzz/TARGET/corpus. A crash, a hang or a sanitizer report fails
# the script and leaves the input under BUILD_DIR/fuzz/ (the frontend's) or
# BUILD_DIR/fuzz/TARGET/. docs/tilecc.md and docs/engine.md, Fuzzing.
# Usage: scripts/fuzz.sh [RUNS] [BUILD_DIR] [TARGET...]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
runs=${1:-2000}
build=${2:-"$root/build-fuzz"}
clang=${TILE_FUZZ_CLANG:-clang-22}
shift $(($# < 2 ? $# : 2))
parsers=(safetensors safetensors-index model-config tokenizer-files
  tokenizer-encode ir cache-entry tuning-records)
[ $# -gt 0 ] || set -- frontend parsers
targets=()
for name in "$@"; do
  case $name in
    parsers) targets+=("${parsers[@]}") ;;
    frontend | safetensors | safetensors-index | model-config | \
      tokenizer-files | tokenizer-encode | ir | cache-entry | tuning-records)
      targets+=("$name") ;;
    *) echo "fuzz.sh: unknown target '$name'" >&2 && exit 2 ;;
  esac
done

# A build directory configured with the fuzzers already (scripts/sanitize.sh
# address builds them beside the tests) keeps its configuration.
if ! grep -qs '^TILE_BUILD_FUZZER:BOOL=ON$' "$build/CMakeCache.txt"; then
  cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_C_COMPILER="$clang" -DCMAKE_CXX_COMPILER="${clang/clang/clang++}" \
    -DTILE_BUILD_FUZZER=ON -DTILE_BUILD_TESTS=OFF
fi
binary() { [ "$1" = ir ] && echo tile-ir-fuzzer || echo "tile-$1-fuzzer"; }
cmake --build "$build" --target $(for name in "${targets[@]}"; do
  binary "$name"
done)

work="$build/fuzz"
jobs=${TILE_FUZZ_JOBS:-1}
parallel=()
if [ "$jobs" -gt 1 ]; then
  # Fork mode goes on past hangs and running out of memory unless told.
  parallel=(-fork="$jobs" -ignore_timeouts=0 -ignore_ooms=0)
fi
fuzz() {
  "$build/bin/$(binary "$1")" "${@:2}" "${parallel[@]}" -runs="$runs" \
    -max_total_time="${TILE_FUZZ_MAX_TIME:-0}" -timeout=10 \
    -print_final_stats=1
}

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

frontend() {
  corpus=${TILE_FUZZ_CORPUS:-"$work/corpus"}
  mkdir -p "$work/seeds" "$corpus"
  for file in "$root"/examples/*.cpp "$root"/kernels/*.cpp "$root"/engine/kernels/*.cpp; do
    inline_includes "$file" >"$work/seeds/$(basename "$file")"
  done
  for dir in Frontend Safety; do
    for file in "$root/test/$dir"/*.cpp; do
      cp "$file" "$work/seeds/$dir-$(basename "$file")"
    done
  done

  fuzz frontend "$corpus" "$work/seeds" -dict="$root/tools/fuzz/frontend.dict" \
    -max_len=8192 -artifact_prefix="$work/"
}

# The IR fuzzer's seeds: each module of the dialect and transform tests.
ir_seeds() {
  for file in "$root"/test/Dialect/*/*.mlir "$root"/test/Transforms/*.mlir; do
    awk -v out="$1/$(basename "$(dirname "$file")")-$(basename "$file" .mlir)" '
      /^\/\/ -----/ { close(name); part++; next }
      { name = out "-" part+0 ".mlir"; print > name }
    ' "$file"
  done
}

for name in "${targets[@]}"; do
  echo "fuzz.sh: $name" >&2
  case $name in
    frontend) frontend ;;
    *)
      dir="$work/$name"
      seeds="$root/tools/fuzz/corpus/$name"
      options=(-dict="$root/tools/fuzz/json.dict" -max_len=16384)
      case $name in
        ir)
          seeds="$dir/seeds"
          mkdir -p "$seeds"
          ir_seeds "$seeds"
          options=(-max_len=8192) ;;
        tokenizer-encode) options=(-max_len=4096) ;;
      esac
      mkdir -p "$dir/corpus"
      fuzz "$name" "$dir/corpus" "$seeds" "${options[@]}" \
        -artifact_prefix="$dir/" ;;
  esac
done

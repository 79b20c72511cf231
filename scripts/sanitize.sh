#!/usr/bin/env bash
# Builds the project's code with sanitizers (Clang 22, TILE_SANITIZE in
# cmake/Sanitizers.cmake; LLVM, MLIR and Clang stay the installed,
# uninstrumented libraries) and runs tests there; any report fails them.
#   address: ASan and UBSan, everything built into BUILD_DIR (default
#            build-asan), the fuzzers too (scripts/fuzz.sh runs them there
#            without a build of their own), then the whole ctest suite, lit
#            included, less the tests named below with the reason each
#            cannot run there.
#   thread:  TSan, the runtime and the engine without the compiler, into
#            BUILD_DIR (default build-tsan), then the tests of the threads
#            they start: the host backend's streams (events, futures,
#            graphs, the memory pool, launches), the engine's model and
#            sessions on them, and the checkpoint writer's helpers.
# Extra arguments go to ctest (address) or to the test programs (thread).
# docs/tilecc.md, Sanitizers.
# Usage: scripts/sanitize.sh address|thread [BUILD_DIR] [ARGS...]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
kind=${1:-}
clang=${TILE_SANITIZE_CLANG:-clang-22}
case $kind in
  address) sanitizers=address,undefined default=build-asan ;;
  thread) sanitizers=thread default=build-tsan ;;
  *) echo "usage: scripts/sanitize.sh address|thread [BUILD_DIR] [ARGS...]" >&2
    exit 2 ;;
esac
build=${2:-"$root/$default"}
shift $(($# < 2 ? $# : 2))

configure() {
  cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_COMPILER="$clang" -DCMAKE_CXX_COMPILER="${clang/clang/clang++}" \
    -DTILE_SANITIZE="$sanitizers" "$@"
}

if [ "$kind" = address ]; then
  # Tests that cannot run meaningfully under ASan, each as "NAME: why"
  # (ctest names).
  skipped=(
  )
  configure -DTILE_BUILD_FUZZER=ON
  cmake --build "$build"
  exclude=()
  echo "sanitize.sh: tests not run under ASan and UBSan: ${#skipped[@]}"
  if ((${#skipped[@]})); then
    pattern=
    for entry in "${skipped[@]}"; do
      echo "  ${entry}"
      pattern+="${pattern:+|}^${entry%%:*}\$"
    done
    exclude=(-E "$pattern")
  fi
  ctest --test-dir "$build" --output-on-failure -j "$(nproc)" "${exclude[@]}" "$@"
else
  programs=(test/unit/runtime/runtime_host_test
    test/unit/qwen3/model/qwen3_model_test
    test/unit/qwen3/checkpoint/qwen3_checkpoint_test)
  configure -DTILE_BUILD_COMPILER=OFF
  cmake --build "$build" --target $(for program in "${programs[@]}"; do
    basename "$program"
  done)
  for program in "${programs[@]}"; do
    echo "sanitize.sh: $program under TSan"
    "$build/$program" --gtest_brief=1 "$@"
  done
fi

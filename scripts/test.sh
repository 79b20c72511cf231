#!/usr/bin/env bash
# Installs what is missing, builds, and runs every test (lit, unit tests,
# host-mode kernels); then the same tests again with ASan and UBSan in
# BUILD_DIR-asan, the runtime's and the engine's threaded tests with TSan in
# BUILD_DIR-tsan (scripts/sanitize.sh), and short runs of the fuzzers that
# the ASan build holds: the frontend's for at most 90 s, each of the others
# (file formats, tokenizer, tile IR) for 10 s. No GPU needed.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-"$root/build"}
"$root/scripts/install-deps.sh"
"$root/scripts/build.sh" "$build"
ctest --test-dir "$build" --output-on-failure -j "$(nproc)"
"$root/scripts/sanitize.sh" address "$build-asan"
"$root/scripts/sanitize.sh" thread "$build-tsan"
TILE_FUZZ_MAX_TIME=${TILE_FUZZ_MAX_TIME:-90} "$root/scripts/fuzz.sh" 2000 \
  "$build-asan" frontend
TILE_FUZZ_MAX_TIME=${TILE_FUZZ_PARSER_TIME:-10} "$root/scripts/fuzz.sh" -1 \
  "$build-asan" parsers

#!/usr/bin/env bash
# Installs what is missing, builds, and runs every test (lit, unit tests,
# host-mode kernels), then a short run of the frontend fuzzer in its own
# build directory (BUILD_DIR-fuzz). No GPU needed.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-"$root/build"}
"$root/scripts/install-deps.sh"
"$root/scripts/build.sh" "$build"
ctest --test-dir "$build" --output-on-failure
TILE_FUZZ_MAX_TIME=${TILE_FUZZ_MAX_TIME:-180} "$root/scripts/fuzz.sh" 2000 \
  "$build-fuzz"

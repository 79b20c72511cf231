#!/usr/bin/env bash
# Installs what is missing, builds, and runs every test (lit, unit tests,
# host-mode kernels). No GPU needed.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-"$root/build"}
"$root/scripts/install-deps.sh"
"$root/scripts/build.sh" "$build"
ctest --test-dir "$build" --output-on-failure

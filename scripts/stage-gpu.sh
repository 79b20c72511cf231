#!/usr/bin/env bash
# Gathers what the GPU machine needs from a build into .gpu/ (ignored by
# git): the GPU programs, the kernel manifests and the kernel cache. The GPU
# machine has no LLVM; these run there unchanged.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-"$root/build"}
stage="$root/.gpu"
rm -rf "$stage"
mkdir -p "$stage/bin"
cp "$build/bin/tile-gpu-examples" "$build/bin/tile-runtime-check" \
  "$build"/bin/tile-example-*-cuda "$stage/bin/"
cp -r "$build/kernels" "$build/kernel-cache" "$stage/"
du -sh "$stage"

#!/usr/bin/env bash
# The main job: installs what is missing, builds (tilecc compiles the kernel
# library into build/kernel-cache), then runs the kernels: on the GPU when
# there is one, in host mode otherwise.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-"$root/build"}
"$root/scripts/install-deps.sh"
"$root/scripts/build.sh" "$build"
if [[ -x "$build/bin/tile-gpu-examples" ]] && command -v nvidia-smi >/dev/null &&
    nvidia-smi -L >/dev/null 2>&1; then
  "$build/bin/tile-gpu-examples" --manifests "$build/kernels" \
    --cache-dir "$build/kernel-cache"
else
  echo "no GPU here: running the kernels in host mode"
  "$build/bin/tile-host-examples"
fi

#!/usr/bin/env bash
# The main job: installs what is missing, builds (tilecc compiles the kernel
# library into build/kernel-cache, and the build writes the embedded default
# model, a tiny random Qwen3 with the real tokenizer, into
# build/models/qwen3-tiny), then runs the Qwen3 engine on it: on the GPU when
# there is one, in host mode otherwise. Arguments after BUILD_DIR go to the
# engine (qwen3 --help).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-"$root/build"}
shift $(($# > 0 ? 1 : 0))
"$root/scripts/install-deps.sh"
"$root/scripts/build.sh" "$build"
engine="$build/bin/qwen3"
if [[ -x "$build/bin/qwen3-cuda" ]] && command -v nvidia-smi >/dev/null &&
    nvidia-smi -L >/dev/null 2>&1; then
  engine="$build/bin/qwen3-cuda"
else
  echo "no GPU here: running the engine in host mode"
fi
if (($# == 0)); then
  set -- --prompt "Write a haiku about tiles on a GPU." --max-new-tokens 48
fi
"$engine" "$@"

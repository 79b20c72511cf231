#!/usr/bin/env bash
# Runs every GPU check and benchmark from a staged build (scripts/stage-gpu.sh)
# on a machine with a GPU, writing logs and tables to OUT_DIR.
# Usage: scripts/gpu-check.sh [STAGE_DIR] [OUT_DIR]
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
stage=${1:-"$root/.gpu"}
out=${2:-"$root/gpu-results"}
mkdir -p "$out"
status=0

machine() {
  nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv
  nvcc --version 2>/dev/null | tail -1
}

examples() {
  "$stage/bin/tile-gpu-examples" --manifests "$stage/kernels" \
    --cache-dir "$stage/kernel-cache" --markdown "$out/gpu-examples.md"
}

torch_reference() {
  local python=/opt/torch/.venv/bin/python3
  [[ -x $python ]] || python=python3
  PYTHONUNBUFFERED=1 "$python" "$root/scripts/torch_elementwise_reference.py" |
    tee "$out/torch-reference.md"
}

sanitize() {
  # memcheck and racecheck on small, ragged sizes.
  for tool in memcheck racecheck; do
    compute-sanitizer --tool "$tool" --error-exitcode 1 \
      "$stage/bin/tile-gpu-examples" --manifests "$stage/kernels" \
      --cache-dir "$stage/kernel-cache" --elements 100003 --repeat 1 ||
      return 1
  done
}

run() {
  local name=$1
  echo "=== $name"
  if ! "$name" 2>&1 | tee "$out/$name.log"; then
    echo "=== $name FAILED"
    status=1
  fi
}

run machine
run examples
run torch_reference
run sanitize
exit $status

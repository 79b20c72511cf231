#!/usr/bin/env bash
# Runs the GPU checks and benchmarks on a machine with a GPU, from a build
# made elsewhere (the GPU machine needs no LLVM), writing one log per check
# and the tables to OUT_DIR.
#
# Usage: scripts/gpu-check.sh [BUILD_DIR [OUT_DIR [CHECK...]]]
#   BUILD_DIR  a build directory, or the copy of one that scripts/stage-gpu.sh
#              makes (default .gpu). It holds bin/tile-gpu-examples (or bin.tar.xz,
#              unpacked on first use), the
#              kernel manifests kernels/*.json and the kernel cache
#              kernel-cache/.
#   OUT_DIR    where OUT_DIR/<check>.log and the tables go (default
#              gpu-results).
#   CHECK...   the checks to run (default: all of them, in order): machine,
#              gpu-examples, runtime, runtime-examples, torch-harness,
#              sanitize, engine-sanitize, engine-memory, engine; and, asked
#              for by name, tune.
# Exits with 1 if any check fails.
#
# Each check is a function check_<name> (dashes in the name become
# underscores); add one by writing the function and adding its name to
# all_checks.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(realpath -m "${1:-$root/.gpu}")
out=$(realpath -m "${2:-$root/gpu-results}")
shift $(($# < 2 ? $# : 2))
all_checks=(machine gpu-examples runtime runtime-examples torch-harness sanitize
  engine-sanitize engine-memory engine)
checks=("${all_checks[@]}")
(($#)) && checks=("$@")
examples_bin="$build/bin/tile-gpu-examples"
# The kernel cases, shapes and tolerances of both GPU harnesses.
spec="$root/tools/bench/kernel_checks.json"
# A staged build carries its programs packed (scripts/stage-gpu.sh).
if [[ ! -d $build/bin && -f $build/bin.tar.xz ]]; then
  tar -C "$build" -xJf "$build/bin.tar.xz" || exit 2
fi

# The GPUs, the driver and the CUDA version it supports.
check_machine() {
  nvidia-smi -L &&
    nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm,clocks.max.memory \
      --format=csv &&
    nvidia-smi | sed -n '3p'
}

# The spec's cases on random data against host mode, timed against the
# copy bandwidth; the table also goes to gpu-examples.md.
check_gpu_examples() {
  "$examples_bin" --manifests "$build/kernels" --cache-dir "$build/kernel-cache" \
    --spec "$spec" --markdown "$out/gpu-examples.md"
}

# The runtime's API (launches, futures across streams, graph replay with an
# updated scalar) against host mode; graph replay of 100 launches against
# the driver's own graph of them (<= 1.05x) and the launch overhead against
# raw cuLaunchKernel (<= 10%).
check_runtime() {
  "$build/bin/tile-runtime-check" --manifests "$build/kernels" \
    --cache-dir "$build/kernel-cache"
}

# Each runtime example on the GPU, checking its own result.
check_runtime_examples() {
  local status=0 program
  for program in "$build"/bin/tile-example-*-cuda; do
    echo "== ${program##*/}"
    "$program" cuda "$build/kernels" "$build/kernel-cache" || status=1
  done
  return $status
}

# A python3 that has torch, or nothing.
torch_python() {
  local python
  for python in /opt/torch/.venv/bin/python3 python3; do
    if "$python" -c 'import torch' 2>/dev/null; then
      echo "$python"
      return
    fi
  done
}

# Every example kernel through the C interface on PyTorch's memory, checked
# against PyTorch and timed against its peers (tools/bench/torch_harness.py):
# tables in torch-harness.md, timings in torch-harness.csv, a plot in
# torch-harness.svg.
check_torch_harness() {
  local python
  python=$(torch_python)
  [[ -n $python ]] || { echo "SKIPPED: no python with torch"; return 0; }
  PYTHONUNBUFFERED=1 "$python" "$root/tools/bench/torch_harness.py" \
    --build "$build" --spec "$spec" --markdown "$out/torch-harness.md" \
    --csv "$out/torch-harness.csv" --svg "$out/torch-harness.svg"
}

# compute-sanitizer's tools: out-of-bounds and misaligned accesses,
# shared-memory races, reads of uninitialized global memory, and misused
# barriers.
sanitizer_tools=(memcheck racecheck initcheck synccheck)
sanitizer=$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)

# Every case of the spec (each kernel of the library) at its check shapes
# (small and ragged) under each of compute-sanitizer's tools.
check_sanitize() {
  [[ -x $sanitizer ]] || { echo "compute-sanitizer not found"; return 1; }
  local tool
  for tool in "${sanitizer_tools[@]}"; do
    echo "--- $tool"
    "$sanitizer" --tool "$tool" --error-exitcode 1 "$examples_bin" \
      --manifests "$build/kernels" --cache-dir "$build/kernel-cache" \
      --spec "$spec" --check-shapes-only --repeat 1 || return 1
  done
}

# A whole prefill and a few decode steps (the first captured into a graph,
# the next replayed) of the engine on random Qwen3-0.6B and 4B checkpoints
# under each of compute-sanitizer's tools. Every kernel of the run is ours
# (--products library, the default): initcheck cannot see cuBLAS's Hopper
# kernels store their products (docs/engine.md, Sanitizers), so a run with
# cuBLAS's products would report every read of them.
check_engine_sanitize() {
  [[ -x $sanitizer ]] || { echo "compute-sanitizer not found"; return 1; }
  local models preset tool
  models=$(mktemp -d)
  trap 'rm -rf "$models"' RETURN
  for preset in qwen3-0.6b qwen3-4b; do
    "$build/bin/qwen3-checkpoint" --preset "$preset" -o "$models/$preset" \
      --tokenizer-dir "$build/qwen3-tokenizer" >/dev/null || return 1
    for tool in "${sanitizer_tools[@]}"; do
      echo "--- $preset, $tool"
      "$sanitizer" --tool "$tool" --error-exitcode 1 --print-limit 100 \
        "$build/bin/qwen3-cuda" --model "$models/$preset" \
        --kernels "$build/kernels" --kernel-cache "$build/kernel-cache" \
        --products library --prompt "Name three prime numbers." \
        --max-new-tokens 4 --max-seq-len 256 --temperature 0 --quiet ||
        return 1
    done
    rm -rf "${models:?}/$preset"
  done
}

# A KV cache larger than the GPU's free memory is refused before the
# weights load, with the sizes and the longest cache that fits.
check_engine_memory() {
  local models status=0 output
  models=$(mktemp -d)
  trap 'rm -rf "$models"' RETURN
  "$build/bin/qwen3-checkpoint" --preset qwen3-0.6b -o "$models/qwen3-0.6b" \
    --tokenizer-dir "$build/qwen3-tokenizer" >/dev/null || return 1
  output=$("$build/bin/qwen3-cuda" --model "$models/qwen3-0.6b" \
    --kernels "$build/kernels" --kernel-cache "$build/kernel-cache" \
    --prompt "Hello" --max-seq-len 2000000000 2>&1) && status=1
  echo "$output"
  grep -q "for a KV cache of 2000000000 positions.*a --max-seq-len of at most" \
    <<<"$output" || status=1
  return $status
}

# The Qwen3 engine against transformers on the same random weights (logits
# and greedy tokens of 0.6B, 4B and 8B), the tokenizer against Hugging Face's,
# and the engine's prefill and decode speed (tools/bench/qwen3_check.py); the
# table also goes to engine.md.
check_engine() {
  local python
  python=$(torch_python)
  [[ -n $python ]] || { echo "SKIPPED: no python with torch"; return 0; }
  PYTHONUNBUFFERED=1 "$python" "$root/tools/bench/qwen3_check.py" \
    --build "$build" --markdown "$out/engine.md" ${QWEN3_CHECK_ARGS:-}
}

# Every tunable kernel of tuning/problems.txt timed in each configuration of
# its space (the build's tuning/*.json) by tile-tune, which writes the
# fastest to OUT_DIR/records.json; copied to tuning/records.json, builds run
# them (docs/tuning.md).
check_tune() {
  local space kernel problems status=0
  while IFS='|' read -r space kernel problems; do
    [[ -z $space || $space == \#* ]] && continue
    local args=() problem
    IFS=';' read -ra list <<<"$problems"
    for problem in "${list[@]}"; do args+=(--problem "$problem"); done
    "$build/bin/tile-tune" "$build/tuning/$space.json" --kernel "$kernel" \
      "${args[@]}" --cache-dir "$build/kernel-cache" \
      --records "$out/records.json" || status=1
  done <"$root/tuning/problems.txt"
  return $status
}

# Runs check $1, logging to OUT_DIR/$1.log; records failures.
failed=()
run_check() {
  local name=$1 fn="check_${1//-/_}"
  if ! declare -F "$fn" >/dev/null; then
    echo "gpu-check: unknown check '$name' (checks: ${all_checks[*]})" >&2
    failed+=("$name")
    return
  fi
  echo "=== $name"
  if "$fn" 2>&1 | tee "$out/$name.log"; then
    echo "=== $name: PASS"
  else
    echo "=== $name: FAIL (log: $out/$name.log)"
    failed+=("$name")
  fi
}

if [[ ! -x $examples_bin || ! -d $build/kernels || ! -d $build/kernel-cache ]]; then
  echo "gpu-check: $build is not a build: it needs bin/tile-gpu-examples," \
    "kernels/ and kernel-cache/ (see docs/runtime.md)" >&2
  exit 2
fi
mkdir -p "$out"
for check in "${checks[@]}"; do
  run_check "$check"
done
if ((${#failed[@]})); then
  echo "gpu-check: FAILED: ${failed[*]}"
  exit 1
fi
echo "gpu-check: all checks passed (${checks[*]}); results in $out"

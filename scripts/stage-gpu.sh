#!/usr/bin/env bash
# Gathers what the GPU machine needs from a build into .gpu/ (ignored by
# git): the GPU programs, the runtime's C interface (lib/libtile_capi.so, for
# tools/bench/torch_harness.py), the kernel manifests and the kernel cache. The GPU
# machine has no LLVM; these run there unchanged. The programs link their
# CPU BLAS statically and differ little, so they travel as one xz archive
# (bin.tar.xz, a few MB instead of 200), which scripts/gpu-check.sh unpacks.
# The Python harnesses and the spec of the kernel cases that both harnesses
# read (tools/bench/kernel_checks.json) come with the repository, beside
# scripts/gpu-check.sh, which passes the spec to each.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-"$root/build"}
stage="$root/.gpu"
rm -rf "$stage"
mkdir -p "$stage/bin"
cp "$build/bin/tile-gpu-examples" "$build/bin/tile-runtime-check" \
  "$build/bin/tile-tune" \
  "$build"/bin/tile-example-*-cuda "$build"/bin/qwen3*-cuda \
  "$build/bin/qwen3-checkpoint" "$stage/bin/"
strip "$stage"/bin/*
tar -C "$stage" -cf - bin | xz -9 -T0 >"$stage/bin.tar.xz"
rm -rf "$stage/bin"
if [[ -f $build/lib/libtile_capi.so ]]; then
  mkdir -p "$stage/lib"
  cp "$build/lib/libtile_capi.so" "$stage/lib/"
  strip --strip-unneeded "$stage/lib/libtile_capi.so"
fi
cp -r "$build/kernels" "$stage/"
# Only the cache entries the manifests name: the build's cache keeps every
# entry its earlier builds wrote.
mkdir -p "$stage/kernel-cache"
# The tuning spaces (tile-tune's input) and their configurations' entries.
ninja -C "$build" library_tuning_spaces example_tuning_spaces >/dev/null
cp -r "$build/tuning" "$stage/"
# The engine's kernels compiled at load for shapes the build does not
# compile (qwen3 --prepare-kernels into the build's cache, here: the GPU
# machine has no tilecc) keep their manifests in the cache.
engine_manifests=()
if [[ -d $build/kernel-cache/qwen3 ]]; then
  cp -r "$build/kernel-cache/qwen3" "$stage/kernel-cache/"
  mapfile -t engine_manifests < <(find "$build/kernel-cache/qwen3" -name '*.json')
fi
for key in $(sed -n 's/.*"key": *"\([0-9a-f]*\)".*/\1/p' "$build"/kernels/*.json \
  "$build"/tuning/*.json "${engine_manifests[@]}" | sort -u); do
  cp "$build/kernel-cache/$key".* "$stage/kernel-cache/"
done
# The engine's check (tools/bench/qwen3_check.py) writes its checkpoints
# there with Qwen3's tokenizer, and compares Hugging Face's ids with the
# reference ids the tests compare the engine's tokenizer with.
cp -r "$root/models/qwen3-tokenizer" "$stage/"
cp -r "$build/test/unit/qwen3/tokenizer/reference" \
  "$stage/tokenizer-reference"
du -sh "$stage"

#!/usr/bin/env bash
# Installs what building and testing tile needs on Debian 12, idempotently:
# LLVM, MLIR and Clang 22, the build tools, the libraries of the runtime
# (OpenBLAS for host mode's GEMM), and libFuzzer with the sanitizer runtimes
# for scripts/fuzz.sh, and node with npm, which fetch the Qwen3 tokenizer
# (scripts/fetch-tokenizer.sh, run last) and its reference for the tests.
# The CUDA 13 toolkit is expected in /usr/local/cuda; without it the runtime
# builds for host mode only and tilecc stops at PTX.
set -euo pipefail

packages=(
  build-essential cmake ninja-build ccache git python3 pkg-config
  llvm-22-dev libmlir-22-dev mlir-22-tools libclang-22-dev clang-22
  llvm-22-tools libclang-rt-22-dev
  libgtest-dev libgmock-dev libfmt-dev nlohmann-json3-dev libcli11-dev
  libssl-dev libpcre2-dev libopenblas-dev libutf8proc-dev
)
# A node that comes with its own npm (NodeSource) is kept as it is.
if ! command -v npm >/dev/null; then
  packages+=(nodejs npm)
fi

missing=()
for package in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null |
      grep -q "install ok installed"; then
    missing+=("$package")
  fi
done

if ((${#missing[@]} == 0)); then
  echo "install-deps: everything is installed"
else
  sudo=""
  if [[ $(id -u) -ne 0 ]]; then
    sudo="sudo"
  fi
  echo "install-deps: installing ${missing[*]}"
  $sudo apt-get update
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y --no-install-recommends \
    "${missing[@]}"
fi

"$(dirname "$0")/fetch-tokenizer.sh"

#!/usr/bin/env bash
# Installs what building and testing tile needs on Debian 12, idempotently:
# LLVM, MLIR and Clang 22, the build tools, the libraries of the runtime
# (OpenBLAS for host mode's GEMM), and libFuzzer with the sanitizer runtimes
# for scripts/fuzz.sh.
# The CUDA 13 toolkit is expected in /usr/local/cuda; without it the runtime
# builds for host mode only and tilecc stops at PTX.
set -euo pipefail

packages=(
  build-essential cmake ninja-build ccache git python3 pkg-config
  llvm-22-dev libmlir-22-dev mlir-22-tools libclang-22-dev clang-22
  llvm-22-tools libclang-rt-22-dev
  libgtest-dev libgmock-dev libfmt-dev nlohmann-json3-dev libcli11-dev
  libssl-dev libpcre2-dev libopenblas-dev
)

missing=()
for package in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null |
      grep -q "install ok installed"; then
    missing+=("$package")
  fi
done

if ((${#missing[@]} == 0)); then
  echo "install-deps: everything is installed"
  exit 0
fi

sudo=""
if [[ $(id -u) -ne 0 ]]; then
  sudo="sudo"
fi
echo "install-deps: installing ${missing[*]}"
$sudo apt-get update
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y --no-install-recommends \
  "${missing[@]}"

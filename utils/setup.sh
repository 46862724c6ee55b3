#!/usr/bin/env bash
# Sets up a fresh Debian 12 machine for the project and builds it:
#   1. installs the Debian packages that are missing (apt-get update first),
#   2. configures the build directory (once),
#   3. builds the given targets (default: everything).
# Idempotent: a second run installs nothing and rebuilds only what changed.
#
# Usage: utils/setup.sh [ninja-target...]
# Environment: BUILD_DIR (default: build), CMAKE_BUILD_TYPE (default: Release),
#   REDUCE_CMAKE_ARGS (extra CMake arguments, whitespace-separated, used when
#   the build directory is configured, e.g. -DREDUCE_ENABLE_SANITIZERS=ON),
#   NINJA_JOBS (ninja -j; default: ninja's own choice), REDUCE_COMPILER
#   (clang, the default: clang-22, linking with lld-22; gcc: the system's GCC
#   and its linker, used when the build directory is configured)
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build_dir=${BUILD_DIR:-$root/build}
build_type=${CMAKE_BUILD_TYPE:-Release}
llvm_prefix=/usr/lib/llvm-22
read -r -a extra_cmake_args <<<"${REDUCE_CMAKE_ARGS:-}"

packages=(
  cmake ninja-build g++
  clang-22 libclang-rt-22-dev libfuzzer-22-dev lld-22
  llvm-22-dev llvm-22-tools libmlir-22-dev mlir-22-tools
  libgtest-dev python3 python3-numpy
  pybind11-dev python3-dev python3-pytest
  libeigen3-dev libomp-22-dev
  libonnx-testdata python3-onnx libonnx-dev libprotobuf-dev libpugixml-dev
  libopenmpi-dev openmpi-bin
)

missing=()
for pkg in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "ok installed"; then
    missing+=("$pkg")
  fi
done
if ((${#missing[@]})); then
  echo "setup: installing missing packages: ${missing[*]}"
  sudo=""
  if [ "$(id -u)" != 0 ]; then sudo=sudo; fi
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -q
  $sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
fi

case "${REDUCE_COMPILER:-clang}" in
  # clang finds lld-22 in its own directory; it links 4-5x faster than
  # ld.bfd.
  clang) cc="$llvm_prefix/bin/clang" cxx="$llvm_prefix/bin/clang++"
    linker_args=(-DLLVM_USE_LINKER=lld) ;;
  gcc) cc=gcc cxx=g++ linker_args=() ;;
  *) echo "setup: REDUCE_COMPILER must be clang or gcc" >&2; exit 2 ;;
esac

if [ ! -f "$build_dir/build.ninja" ]; then
  echo "setup: configuring $build_dir"
  cmake -G Ninja -S "$root" -B "$build_dir" \
    -DCMAKE_BUILD_TYPE="$build_type" \
    -DCMAKE_C_COMPILER="$cc" \
    -DCMAKE_CXX_COMPILER="$cxx" \
    -DMLIR_DIR="$llvm_prefix/lib/cmake/mlir" \
    -DLLVM_EXTERNAL_LIT="$llvm_prefix/bin/lit" \
    -DCMAKE_INSTALL_PREFIX="$build_dir/install" \
    ${linker_args[@]+"${linker_args[@]}"} \
    ${extra_cmake_args[@]+"${extra_cmake_args[@]}"} >/dev/null
fi

echo "setup: building ${*:-all}"
ninja -C "$build_dir" ${NINJA_JOBS:+-j "$NINJA_JOBS"} "$@"

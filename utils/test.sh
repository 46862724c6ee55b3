#!/usr/bin/env bash
# Sets everything up, builds, and runs every test (lit and gtest, through
# lit) twice: in the normal build and in the sanitizer build (AddressSanitizer
# + UndefinedBehaviorSanitizer + LeakSanitizer, with the libFuzzer targets,
# which test/Fuzz runs for REDUCE_FUZZ_SECONDS each). A third build with the
# system's GCC (g++ 12) builds everything and runs the gtest suite, so that a
# portability break fails. Ends with one plain line covering all of it:
# `tests: N passed, M failed`.
# Exit status: 0 when every test passed.
#
# Environment: BUILD_DIR (default: build), ASAN_BUILD_DIR (default:
#   build-asan), GCC_BUILD_DIR (default: build-gcc), REDUCE_FUZZ_SECONDS
#   (default: 30), REDUCE_TEST_SANITIZERS (default: 1; 0 skips the sanitizer
#   build and its tests), REDUCE_TEST_GCC (default: 1; 0 skips the GCC build).
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build_dir=${BUILD_DIR:-$root/build}
asan_dir=${ASAN_BUILD_DIR:-$root/build-asan}
gcc_dir=${GCC_BUILD_DIR:-$root/build-gcc}
fuzz_seconds=${REDUCE_FUZZ_SECONDS:-30}

# `all` does not include the generated docs that test/Docs compares.
"$root/utils/setup.sh" all mlir-doc
suites=("$build_dir/test" "$build_dir/test/Unit")
if [ "${REDUCE_TEST_SANITIZERS:-1}" != 0 ]; then
  BUILD_DIR=$asan_dir \
    REDUCE_CMAKE_ARGS="-DREDUCE_ENABLE_SANITIZERS=ON -DREDUCE_ENABLE_FUZZERS=ON" \
    "$root/utils/setup.sh" all mlir-doc
  suites+=("$asan_dir/test" "$asan_dir/test/Unit")
fi
if [ "${REDUCE_TEST_GCC:-1}" != 0 ]; then
  BUILD_DIR=$gcc_dir REDUCE_COMPILER=gcc "$root/utils/setup.sh" all
  suites+=("$gcc_dir/test/Unit")
fi

results=$(mktemp)
trap 'rm -f "$results"' EXIT
status=0
# One lit run over all builds: their suites are named REDUCE, REDUCE-asan
# and REDUCE-Unit-gcc (see test/sanitizers.cfg.py), so one report covers
# everything.
/usr/lib/llvm-22/bin/lit -sv --order=lexical --output "$results" \
  --param fuzz_seconds="$fuzz_seconds" "${suites[@]}" || status=$?

/usr/bin/python3 "$root/utils/summarize-lit.py" "$results" || status=1
exit "$status"

#!/usr/bin/env bash
# Sets everything up, builds, and runs every test (lit and gtest, through
# lit). Ends with one plain line: `tests: N passed, M failed`.
# Exit status: 0 when every test passed.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build_dir=${BUILD_DIR:-$root/build}

# `all` does not include the generated docs that test/Docs compares.
"$root/utils/setup.sh" all mlir-doc

results=$(mktemp)
trap 'rm -f "$results"' EXIT
status=0
/usr/lib/llvm-22/bin/lit -sv --order=lexical --output "$results" \
  "$build_dir/test" "$build_dir/test/Unit" || status=$?

/usr/bin/python3 "$root/utils/summarize-lit.py" "$results" || status=1
exit "$status"

#!/usr/bin/env bash
# The main job: sets everything up, then runs reduce-opt on every example in
# examples/: parse, verify, infer shapes, canonicalize and fold, print.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build_dir=${BUILD_DIR:-$root/build}

"$root/utils/setup.sh" reduce-opt

for example in "$root"/examples/*.mlir; do
  echo "== $(basename "$example"): reduce-opt --canonicalize"
  "$build_dir/bin/reduce-opt" --canonicalize "$example"
done

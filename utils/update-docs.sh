#!/usr/bin/env bash
# Regenerates docs/ReduceDialect.md from ODS (target mlir-doc) and copies it
# into the source tree, and docs/TargetFields.md from ReduceTargetFields.def. test/Docs/dialect-doc.test fails when it is stale.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build_dir=${BUILD_DIR:-$root/build}
"$root/utils/setup.sh" mlir-doc
cp "$build_dir/docs/Reduce/ReduceDialect.md" "$root/docs/ReduceDialect.md"
"$root/utils/setup.sh" reduce-tune
"$build_dir/bin/reduce-tune" --print-fields > "$root/docs/TargetFields.md"
echo "updated docs/ReduceDialect.md and docs/TargetFields.md"

#!/usr/bin/env bash
# Regenerates docs/ReduceDialect.md from ODS (target mlir-doc) and copies it
# into the source tree. test/Docs/dialect-doc.test fails when it is stale.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build_dir=${BUILD_DIR:-$root/build}
"$root/utils/setup.sh" mlir-doc
cp "$build_dir/docs/Reduce/ReduceDialect.md" "$root/docs/ReduceDialect.md"
echo "updated docs/ReduceDialect.md"

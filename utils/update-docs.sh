#!/usr/bin/env bash
# Regenerates docs/ReduceDialect.md from ODS (target mlir-doc) and copies it
# into the source tree, docs/TargetFields.md from ReduceTargetFields.def, and
# the table of ONNX ops in docs/importers.md from the importer's op registry.
# test/Docs/{dialect-doc,target-fields,onnx-ops}.test fail when one is stale.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build_dir=${BUILD_DIR:-$root/build}
"$root/utils/setup.sh" mlir-doc
cp "$build_dir/docs/Reduce/ReduceDialect.md" "$root/docs/ReduceDialect.md"
"$root/utils/setup.sh" reduce-tune
"$build_dir/bin/reduce-tune" --print-fields > "$root/docs/TargetFields.md"
"$root/utils/setup.sh" reduce-translate
"$build_dir/bin/reduce-translate" --list-onnx-ops > "$build_dir/onnx-ops.md"
/usr/bin/python3 - "$root/docs/importers.md" "$build_dir/onnx-ops.md" <<'PY'
import re, sys
doc, table = sys.argv[1], open(sys.argv[2]).read()
text = open(doc).read()
pattern = re.compile(r"^<!-- onnx-ops: (generated.*?^<!-- onnx-ops: end -->|table -->)\n",
                     re.S | re.M)
if not pattern.search(text):
    sys.exit("update-docs.sh: no onnx-ops table in " + doc)
open(doc, "w").write(pattern.sub(lambda m: table, text, count=1))
PY
echo "updated docs/ReduceDialect.md, docs/TargetFields.md and the ONNX op table of docs/importers.md"

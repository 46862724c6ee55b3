#!/usr/bin/env bash
# The main job: sets everything up, then
#   1. lowers examples/quickstart.mlir to linalg (reduce-opt --lower-reduce),
#   2. JIT-compiles and runs it on examples/quickstart-input.npy (reduce-run),
#   3. runs the OpenVINO specification examples on random data, timed,
#   4. runs examples/runtime-axes.mlir with axes read at run time, good and
#      out of range (the error is expected and shown),
#   5. imports examples/models/quickstart.onnx (reduce-translate) and runs
#      it (reduce-run) on the quickstart input,
#   6. imports the OpenVINO IR examples/models/openvino-reduce-sum.xml (the
#      ReduceSum-1 specification examples; weights in the .bin beside it)
#      and runs it on random data, timed,
#   7. compiles examples/quickstart.mlir ahead of time to an object and a C
#      header (reduce-compile), builds the C program examples/aot/quickstart.c
#      against them with the system C compiler and runs it.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build_dir=${BUILD_DIR:-$root/build}

"$root/utils/setup.sh" reduce-opt reduce-run reduce-translate reduce-compile

echo "== reduce-opt --lower-reduce examples/quickstart.mlir"
"$build_dir/bin/reduce-opt" --lower-reduce "$root/examples/quickstart.mlir"

echo "== reduce-run examples/quickstart.mlir --input examples/quickstart-input.npy"
"$build_dir/bin/reduce-run" "$root/examples/quickstart.mlir" \
  --input "$root/examples/quickstart-input.npy"

for op in sum l1 min max prod mean l2 logical_and logical_or; do
  file=openvino-spec.mlir
  case $op in logical_*) file=openvino-spec-logical.mlir ;; esac
  echo "== reduce-run examples/$file --entry spec_$op (random 6x12x10x24 input, 100 timed calls)"
  "$build_dir/bin/reduce-run" "$root/examples/$file" \
    --entry "spec_$op" --random-inputs 1 --repeat 100 --print-timing \
    --output /dev/null --output /dev/null --output /dev/null \
    --output /dev/null --output /dev/null --output /dev/null
done

echo "== reduce-run examples/runtime-axes.mlir --input examples/quickstart-input.npy --input examples/runtime-axes-axes.npy"
"$build_dir/bin/reduce-run" "$root/examples/runtime-axes.mlir" \
  --input "$root/examples/quickstart-input.npy" \
  --input "$root/examples/runtime-axes-axes.npy"

echo "== the same with the axes [3] (out of range for rank 3: an error, exit code 1)"
if "$build_dir/bin/reduce-run" "$root/examples/runtime-axes.mlir" \
  --input "$root/examples/quickstart-input.npy" \
  --input "$root/examples/runtime-axes-bad-axes.npy"; then
  echo "run-examples: expected an error for axis 3" >&2
  exit 1
fi

echo "== reduce-translate --import-onnx examples/models/quickstart.onnx"
"$build_dir/bin/reduce-translate" --import-onnx \
  "$root/examples/models/quickstart.onnx"

echo "== reduce-run examples/models/quickstart.onnx --input examples/quickstart-input.npy"
"$build_dir/bin/reduce-run" "$root/examples/models/quickstart.onnx" \
  --input "$root/examples/quickstart-input.npy"

echo "== reduce-translate --import-openvino-ir examples/models/openvino-reduce-sum.xml"
"$build_dir/bin/reduce-translate" --import-openvino-ir \
  "$root/examples/models/openvino-reduce-sum.xml"

echo "== reduce-run examples/models/openvino-reduce-sum.xml (random 6x12x10x24 input, 100 timed calls)"
"$build_dir/bin/reduce-run" "$root/examples/models/openvino-reduce-sum.xml" \
  --random-inputs 1 --repeat 100 --print-timing \
  --output /dev/null --output /dev/null --output /dev/null \
  --output /dev/null --output /dev/null --output /dev/null

echo "== reduce-compile examples/quickstart.mlir --prefix=quickstart_ -o quickstart.o --header quickstart.h; cc examples/aot/quickstart.c"
aot_dir=$(mktemp -d)
trap 'rm -rf "$aot_dir"' EXIT
"$build_dir/bin/reduce-compile" "$root/examples/quickstart.mlir" \
  --prefix=quickstart_ -o "$aot_dir/quickstart.o" \
  --header "$aot_dir/quickstart.h"
cc -std=c99 -Wall -Werror -I"$aot_dir" "$root/examples/aot/quickstart.c" \
  "$aot_dir/quickstart.o" -lm -o "$aot_dir/quickstart"
"$aot_dir/quickstart"

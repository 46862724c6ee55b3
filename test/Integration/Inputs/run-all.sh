#!/usr/bin/env bash
# Usage: run-all.sh REDUCE_RUN MODULE DIR PIPELINE_OPTIONS
# Runs every entry of test/Integration/Inputs/ops.mlir that takes small inputs
# on its .npy files in DIR, printing "== entry" before each.
set -eu
run=$1 module=$2 dir=$3 options=$4
entry() {
  local name=$1; shift
  echo "== $name"
  local args=()
  for input in "$@"; do args+=(--input "$dir/$input"); done
  "$run" "$module" --pipeline-options="$options" --entry "$name" "${args[@]}"
}
entry sum_rows_f32 rows.npy
entry special_floats special.npy
entry signed_ints i8.npy
entry i32_all_axes i32.npy
entry unsigned_ints u16.npy u64.npy
entry half_floats f16.npy bf16.npy f64.npy
entry empty_axes_and_rank0 f32_2x2.npy i32_scalar.npy
entry size_zero f32_0x3.npy i32_3x0.npy u8_0x2.npy
entry dynamic dyn.npy

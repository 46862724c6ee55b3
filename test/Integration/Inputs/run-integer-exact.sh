#!/usr/bin/env bash
# Usage: run-integer-exact.sh REDUCE_RUN MODULE DIR PIPELINE_OPTIONS
# Runs every entry of Inputs/integer-exact.mlir on DIR/<entry>.input.npy,
# writing DIR/<entry>.got.npy.
set -eu
run=$1 module=$2 dir=$3 options=$4
for input in "$dir"/*.input.npy; do
  name=$(basename "$input" .input.npy)
  "$run" "$module" --pipeline-options="$options" --entry "$name" \
    --input "$input" --output "$dir/$name.got.npy"
done

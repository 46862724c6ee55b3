#!/bin/sh
# Usage: nontemporal-stores.sh REDUCE-RUN MODULE DIR NAME PIPELINE-OPTIONS
# Runs each function of MODULE on the same random inputs with the pipeline
# options, writing DIR/<result>-NAME.npy.
set -e
tool=$1 module=$2 dir=$3 name=$4 options=$5
run() {
  entry=$1; shift
  "$tool" "$module" --entry "$entry" --random-inputs=7 \
    --pipeline-options="host-profile=false $options" "$@"
}
run norms --output "$dir/layer_norm-$name.npy" \
  --output "$dir/softmax-$name.npy" --output "$dir/max-$name.npy"
run maps --output "$dir/square-$name.npy" --output "$dir/odd-$name.npy"

#!/usr/bin/env bash
# Usage: run-family.sh REDUCE_RUN DIR PIPELINE_OPTIONS
# Runs each case that `family.py gen DIR` listed in DIR/cases.txt (a name,
# then the reduce-run arguments) with the given pipeline options.
set -eu
run=$1 dir=$2 options=$3
while read -r name args; do
  # shellcheck disable=SC2086 # the arguments are paths without spaces
  "$run" $args --pipeline-options="$options" || { echo "reduce-run failed on $name"; exit 1; }
done <"$dir/cases.txt"

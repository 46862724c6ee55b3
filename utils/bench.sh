#!/usr/bin/env bash
# Builds and runs the benchmark (benchmarks/reduce-bench), the W4 latency
# comparison (benchmarks/latency.py), the Python package's per-call times
# (benchmarks/python-bench.py), W1 and W5 across MPI processes
# (benchmarks/distributed-bench.py), and writes docs/performance.md with its
# pictures docs/performance.png and docs/performance-fused.png
# (benchmarks/charts.py, from the document's tables; the CPU in their
# titles).
#
# Usage: utils/bench.sh [reduce-bench options, e.g. --workloads W1,W2]
# Without options the run includes the fused workloads (reduce-bench
# --fused) and their PyTorch and ONNX Runtime contenders, which this script
# installs when missing: Debian's python3-torch, and onnxruntime-node (npm,
# --ignore-scripts: its CPU library is in the package) under
# $BUILD_DIR/ort with the ONNX models of benchmarks/make_fused_onnx.py. A
# contender that still cannot run is left out with one line saying why.
# The raw results stay in $BUILD_DIR/bench/. The output ends with the
# cases below target or behind a contender on this CPU
# (benchmarks/shortfalls.py).
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build_dir=${BUILD_DIR:-$root/build}

"$root/utils/setup.sh" reduce-bench reduce-run reduce-opt reduce-python
missing=()
/usr/bin/python3 -c "import matplotlib" 2>/dev/null ||
  missing+=(python3-matplotlib)
/usr/bin/python3 -c "import torch" 2>/dev/null || missing+=(python3-torch)
command -v node >/dev/null && command -v npm >/dev/null || missing+=(nodejs npm)
if ((${#missing[@]})); then
  sudo=""
  if [ "$(id -u)" != 0 ]; then sudo=sudo; fi
  $sudo apt-get update -q
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q \
    --no-install-recommends "${missing[@]}" ||
    echo "bench: could not install ${missing[*]}; going on without them"
fi
# ONNX Runtime for node, and the models of the fused workloads.
ort_dir="$build_dir/ort"
if [ ! -d "$ort_dir/node_modules/onnxruntime-node" ] && command -v npm >/dev/null; then
  mkdir -p "$ort_dir"
  (cd "$ort_dir" && npm install --ignore-scripts --no-audit --no-fund \
    onnxruntime-node@1.30.0) ||
    echo "bench: could not install onnxruntime-node; going on without it"
fi
{ /usr/bin/python3 "$root/benchmarks/make_fused_onnx.py" "$ort_dir/models" 4096 &&
  /usr/bin/python3 "$root/benchmarks/make_fused_onnx.py" "$ort_dir/models/quick" 1024; } ||
  echo "bench: could not write the ONNX models; going on without them"

out="$build_dir/bench"
mkdir -p "$out"
# The default run adds the fused workloads; given options replace it.
bench_args=("$@")
if ((${#bench_args[@]} == 0)); then bench_args=(--fused); fi
"$build_dir/bin/reduce-bench" --json "$out/results.jsonl" "${bench_args[@]}" \
  | tee "$out/results.txt"
/usr/bin/python3 "$root/benchmarks/latency.py" "$build_dir" "$out/latency.json" \
  | tee -a "$out/results.txt"
/usr/bin/python3 "$root/benchmarks/python-bench.py" "$build_dir" \
  --json "$out/python.json" | tee -a "$out/results.txt"
/usr/bin/python3 "$root/benchmarks/distributed-bench.py" "$build_dir" \
  "$out/distributed.json" | tee -a "$out/results.txt"
/usr/bin/python3 "$root/benchmarks/report.py" "$out/results.jsonl" \
  "$out/latency.json" "$root/docs/performance.md" "$root/docs/performance.png" \
  "utils/bench.sh${*:+ $*}" "$out/python.json" "$out/distributed.json"
# Last: where we are behind on this CPU, for whoever runs it next.
/usr/bin/python3 "$root/benchmarks/shortfalls.py" "$out/results.jsonl" \
  | tee -a "$out/results.txt"

#!/usr/bin/env bash
# Builds and runs the benchmark (benchmarks/reduce-bench), the W4 latency
# comparison (benchmarks/latency.py), the Python package's per-call times
# (benchmarks/python-bench.py), W1 and W5 across MPI processes
# (benchmarks/distributed-bench.py), and writes docs/performance.md with its
# chart docs/performance.png.
#
# Usage: utils/bench.sh [reduce-bench options, e.g. --workloads W1,W2]
# The raw results stay in $BUILD_DIR/bench/.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build_dir=${BUILD_DIR:-$root/build}

"$root/utils/setup.sh" reduce-bench reduce-run reduce-opt reduce-python
if ! /usr/bin/python3 -c "import matplotlib" 2>/dev/null; then
  sudo=""
  if [ "$(id -u)" != 0 ]; then sudo=sudo; fi
  $sudo apt-get update -q
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q \
    --no-install-recommends python3-matplotlib
fi

out="$build_dir/bench"
mkdir -p "$out"
"$build_dir/bin/reduce-bench" --json "$out/results.jsonl" "$@" | tee "$out/results.txt"
/usr/bin/python3 "$root/benchmarks/latency.py" "$build_dir" "$out/latency.json" \
  | tee -a "$out/results.txt"
/usr/bin/python3 "$root/benchmarks/python-bench.py" "$build_dir" \
  --json "$out/python.json" | tee -a "$out/results.txt"
/usr/bin/python3 "$root/benchmarks/distributed-bench.py" "$build_dir" \
  "$out/distributed.json" | tee -a "$out/results.txt"
/usr/bin/python3 "$root/benchmarks/report.py" "$out/results.jsonl" \
  "$out/latency.json" "$root/docs/performance.md" "$root/docs/performance.png" \
  "utils/bench.sh${*:+ $*}" "$out/python.json" "$out/distributed.json"

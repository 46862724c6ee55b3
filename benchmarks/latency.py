#!/usr/bin/env python3
"""Whole-process latency of W4: reduce-run from .mlir to printed result, next
to mlir-runner running the already-lowered equivalent. Both are timed the same
way (wall time of the process, median of --runs runs, interleaved).

Usage: latency.py BUILD_DIR OUT.json [--runs N]
"""
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

import numpy as np

here = os.path.dirname(os.path.abspath(__file__))
build = sys.argv[1]
out_path = sys.argv[2]
runs = int(sys.argv[sys.argv.index("--runs") + 1]) if "--runs" in sys.argv else 20
llvm_bin = "/usr/lib/llvm-22/bin"
llvm_lib = "/usr/lib/llvm-22/lib"

with tempfile.TemporaryDirectory() as tmp:
    x = ((np.arange(6 * 12 * 10 * 24) % 97) * 0.25).astype(np.float32)
    np.save(os.path.join(tmp, "w4.npy"), x.reshape(6, 12, 10, 24))
    lowered = os.path.join(tmp, "w4-runner.llvm.mlir")
    subprocess.run([os.path.join(build, "bin", "reduce-opt"), "--reduce-to-llvm",
                    os.path.join(here, "inputs", "w4-runner.mlir"), "-o", lowered],
                   check=True)
    commands = {
        "reduce-run": [os.path.join(build, "bin", "reduce-run"),
                       os.path.join(here, "inputs", "w4.mlir"),
                       "--input", os.path.join(tmp, "w4.npy")],
        "mlir-runner": [os.path.join(llvm_bin, "mlir-runner"), "-e", "main",
                        "-entry-point-result=void", "-O3",
                        "-shared-libs=" + os.path.join(llvm_lib, "libmlir_runner_utils.so")
                        + "," + os.path.join(llvm_lib, "libmlir_c_runner_utils.so"),
                        lowered],
    }
    times = {name: [] for name in commands}
    for _ in range(runs):
        for name, command in commands.items():
            start = time.perf_counter()
            subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
            times[name].append(time.perf_counter() - start)
    timing = subprocess.run(commands["reduce-run"] + ["--print-timing"], check=True,
                            capture_output=True, text=True).stderr.strip()

result = {name: {"median_ms": 1e3 * statistics.median(t), "min_ms": 1e3 * min(t),
                 "runs": runs} for name, t in times.items()}
result["reduce-run-timing"] = json.loads(timing.splitlines()[-1])
with open(out_path, "w") as f:
    json.dump(result, f, indent=1)
for name in commands:
    print(f"latency W4 {name}: median {result[name]['median_ms']:.1f} ms, "
          f"min {result[name]['min_ms']:.1f} ms over {runs} runs")
print(f"reduce-run compile_ms {result['reduce-run-timing']['compile_ms']:.1f}")

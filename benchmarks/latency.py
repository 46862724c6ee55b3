#!/usr/bin/env python3
"""Whole-process latency of W4: reduce-run from .mlir to printed result, with
the persistent JIT cache cold (emptied before each run: compile and store),
warm (a hit: load the stored object) and off (--no-jit-cache: compile only),
next to mlir-runner running the already-lowered equivalent. All are timed the
same way (wall time of the process, median of --runs runs, interleaved). The
cache lives in a temporary REDUCE_CACHE_DIR that holds a copy of the host
profile in use, so that no run calibrates.

Usage: latency.py BUILD_DIR OUT.json [--runs N]
"""
import json
import os
import shutil
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
    reduce_run = [os.path.join(build, "bin", "reduce-run"),
                  os.path.join(here, "inputs", "w4.mlir"),
                  "--input", os.path.join(tmp, "w4.npy")]
    # The host profile the user's runs would use, copied into the cache
    # directory of the benchmark (the first run calibrates if there is none).
    cache_dir = os.path.join(tmp, "cache")
    env = dict(os.environ, REDUCE_CACHE_DIR=cache_dir)
    env.pop("REDUCE_JIT_CACHE", None)
    profile = json.loads(subprocess.run(
        reduce_run + ["--print-timing", "--no-jit-cache"], check=True,
        capture_output=True, text=True).stderr.splitlines()[-1])["profile"]
    os.makedirs(cache_dir)
    if os.path.isfile(profile):
        with open(profile) as src, open(os.path.join(cache_dir, "host-profile.json"), "w") as dst:
            dst.write(src.read())
    subprocess.run(reduce_run, check=True, env=env, stdout=subprocess.DEVNULL)
    commands = {
        "reduce-run cold": reduce_run,
        "reduce-run warm": reduce_run,
        "reduce-run no-cache": reduce_run + ["--no-jit-cache"],
        "mlir-runner": [os.path.join(llvm_bin, "mlir-runner"), "-e", "main",
                        "-entry-point-result=void", "-O3",
                        "-shared-libs=" + os.path.join(llvm_lib, "libmlir_runner_utils.so")
                        + "," + os.path.join(llvm_lib, "libmlir_c_runner_utils.so"),
                        lowered],
    }
    times = {name: [] for name in commands}
    for _ in range(runs):
        for name, command in commands.items():
            if name == "reduce-run cold":
                shutil.rmtree(os.path.join(cache_dir, "jit"), ignore_errors=True)
            start = time.perf_counter()
            subprocess.run(command, check=True, stdout=subprocess.DEVNULL, env=env)
            times[name].append(time.perf_counter() - start)
    timings = {}
    for name in ("reduce-run cold", "reduce-run warm"):
        if name == "reduce-run cold":
            shutil.rmtree(os.path.join(cache_dir, "jit"), ignore_errors=True)
        timing = subprocess.run(commands[name] + ["--print-timing"], check=True,
                                capture_output=True, text=True, env=env).stderr
        timings[name] = json.loads(timing.splitlines()[-1])
        expected = "miss" if name == "reduce-run cold" else "hit"
        if timings[name]["cache"] != expected:
            sys.exit(f"{name}: the cache says {timings[name]['cache']}, expected {expected}")

result = {name: {"median_ms": 1e3 * statistics.median(t), "min_ms": 1e3 * min(t),
                 "runs": runs} for name, t in times.items()}
result["reduce-run-timing"] = timings["reduce-run cold"]
result["reduce-run-warm-timing"] = timings["reduce-run warm"]
with open(out_path, "w") as f:
    json.dump(result, f, indent=1)
for name in commands:
    print(f"latency W4 {name}: median {result[name]['median_ms']:.1f} ms, "
          f"min {result[name]['min_ms']:.1f} ms over {runs} runs")
print(f"reduce-run compile_ms cold {result['reduce-run-timing']['compile_ms']:.1f}, "
      f"warm {result['reduce-run-warm-timing']['compile_ms']:.1f}")

#!/usr/bin/env python3
"""W1 and W5 sum across MPI processes (docs/distributed.md), beside one
process on one and two threads: reduce-run --repeat --print-timing, the
median time per call of rank 0 (the local reduction and, for W5, the
all-reduce of the partial sums), rounds interleaved, the median of the
rounds. Also a 64 KiB all-axes sum on two processes, whose time is the
all-reduce's. Writes a JSON list of rows.

Usage: distributed-bench.py BUILD_DIR OUT.json [--rounds N] [--repeat N]
"""
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile

import numpy as np

build = sys.argv[1]
out_path = sys.argv[2]
rounds = int(sys.argv[sys.argv.index("--rounds") + 1]) if "--rounds" in sys.argv else 3
repeat = int(sys.argv[sys.argv.index("--repeat") + 1]) if "--repeat" in sys.argv else 20
reduce_run = os.path.join(build, "bin", "reduce-run")
mpirun = ["mpirun", "--allow-run-as-root"]

WORKLOADS = {
    # id: (shape, axes, what)
    "W1": ((4096, 4096), [1], "rows: local work, the result split by rows"),
    "W5": ((16777216,), [0], "everything to one value: one all-reduce"),
    "small": ((16384,), [0], "64 KiB to one value: the all-reduce's latency"),
}


def module(shape, axes, grid):
    t = "tensor<%sxf32>" % "x".join(map(str, shape))
    kept = [s for d, s in enumerate(shape) if d not in axes]
    r = "tensor<%sxf32>" % "x".join(map(str, kept)) if kept else "tensor<f32>"
    body = "  %%r = reduce.sum %%x axes [%s] : %s -> %s\n" % (
        ", ".join(map(str, axes)), t, r)
    if grid:
        return ("shard.grid @grid(shape = %d)\n"
                "func.func @main(%%x0: %s) -> %s {\n"
                "  %%s = shard.sharding @grid split_axes = [[0]] : !shard.sharding\n"
                "  %%x = shard.shard %%x0 to %%s annotate_for_users : %s\n%s"
                "  return %%r : %s\n}\n") % (grid, t, r, t, body, r)
    return "func.func @main(%%x: %s) -> %s {\n%s  return %%r : %s\n}\n" % (
        t, r, body, r)


def median_ns(command):
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode:
        sys.exit("distributed-bench: %s failed:\n%s" % (" ".join(command),
                                                        done.stderr))
    found = re.findall(r'"median_ns":(\d+)', done.stderr)
    if not found:
        sys.exit("distributed-bench: no timing from %s" % " ".join(command))
    return float(found[0])


rows = []
with tempfile.TemporaryDirectory() as tmp:
    rng = np.random.default_rng(5)
    for wid, (shape, axes, what) in WORKLOADS.items():
        data = os.path.join(tmp, wid + ".npy")
        np.save(data, rng.standard_normal(shape, dtype=np.float32))
        paths = {}
        for grid in (0, 1, 2):
            paths[grid] = os.path.join(tmp, "%s-%d.mlir" % (wid, grid))
            with open(paths[grid], "w") as f:
                f.write(module(shape, axes, grid))
        run = [reduce_run, "--input", data, "--repeat", str(repeat),
               "--print-timing", "--no-jit-cache"]
        variants = [
            ("1 process, 1 thread", 1, [run[0], paths[0]] + run[1:]),
            ("1 process, threads=2", 2,
             [run[0], paths[0]] + run[1:] + ["--pipeline-options=threads=2"]),
            ("mpirun -np 1", 1, mpirun + ["-np", "1", run[0], paths[1]] + run[1:]),
            ("mpirun -np 2", 2, mpirun + ["-np", "2", run[0], paths[2]] + run[1:]),
        ]
        if wid == "small":
            variants = [variants[0], variants[3]]
        times = {name: [] for name, _, _ in variants}
        for _ in range(rounds):
            for name, _, command in variants:
                times[name].append(median_ns(command))
        base = statistics.median(times[variants[0][0]])
        nbytes = int(np.prod(shape)) * 4
        for name, workers, _ in variants:
            t = statistics.median(times[name])
            rows.append({"workload": wid, "what": what, "bytes": nbytes,
                         "variant": name, "workers": workers, "ns": t,
                         "gbps": nbytes / t, "efficiency": base / (workers * t),
                         "rounds": times[name]})
            print("%-6s %-22s %10.1f us %7.2f GB/s  efficiency %.2f" % (
                wid, name, t / 1e3, nbytes / t, base / (workers * t)))
with open(out_path, "w") as f:
    json.dump(rows, f, indent=1)

#!/usr/bin/python3
"""Per-call time of the reduce_mlir Python package (a benchmark, not a test).

- W4 (6x12x10x24 f32, axes (2, 3), keepdims): reduce_mlir.sum against
  NumPy's np.sum on the same array.
- The large workloads (W1, W2, W3, W5, W7): reduce_mlir.sum against the C++
  JIT API on the same module, as `reduce-run --repeat N --print-timing`
  measures it (median per call), target ratio >= 0.95; on a 64-byte
  aligned array (what the C++ API's Buffers are) and on NumPy's own
  allocation (16 bytes past a 64-byte boundary: slower kernels).

Usage: benchmarks/python-bench.py [BUILD_DIR] [--quick] [--json OUT.json]
(--json writes the figures for benchmarks/report.py; utils/bench.sh passes
it)
Run it on a quiet machine (no build running): the numbers are medians of
wall-clock calls.
"""

import json
import os
import sys
import time

import numpy as np

here = os.path.dirname(os.path.abspath(__file__))
json_out = (sys.argv[sys.argv.index("--json") + 1]
            if "--json" in sys.argv else None)
args = [a for a in sys.argv[1:] if not a.startswith("--") and a != json_out]
build = os.path.abspath(args[0] if args else os.path.join(here, "..", "build"))
quick = "--quick" in sys.argv
sys.path.insert(0, os.path.join(build, "python_packages"))
import reduce_mlir as rm  # noqa: E402

s = 4 if quick else 1
# Interleaved calls of each kind per large workload: at least CALLS, and
# about CALL_SECONDS of the C++ side.
CALLS = 30
CALL_SECONDS = 1.0
WORKLOADS = [
    ("W1", (4096 // s, 4096), (1,), False, np.float32),
    ("W2", (4096 // s, 4096), (0,), False, np.float32),
    ("W3", (64 // s, 256, 1024), (0, 2), False, np.float32),
    ("W5", (16777216 // (s * s),), (0,), False, np.float32),
    ("W7", (4096 // s, 4096), (1,), False, np.int32),
]


def median_ns(fn, min_seconds=0.5, min_calls=20):
    fn()  # warm up (and compile)
    times = []
    deadline = time.perf_counter() + min_seconds
    while len(times) < min_calls or time.perf_counter() < deadline:
        # Batch tiny calls so the clock's resolution does not matter.
        batch = 1
        start = time.perf_counter_ns()
        fn()
        elapsed = time.perf_counter_ns() - start
        if elapsed < 20000:
            batch = 100
            start = time.perf_counter_ns()
            for _ in range(batch):
                fn()
            elapsed = time.perf_counter_ns() - start
        times.append(elapsed / batch)
    times.sort()
    return times[len(times) // 2]


def cxx_jit_ns(function, x, repeat):
    """Median per call of the C++ JIT API on `x`, in this process."""
    times = sorted(function._time_native(x, repeat))
    return times[len(times) // 2]


def main():
    rng = np.random.default_rng(0)
    x = rng.standard_normal((6, 12, 10, 24)).astype(np.float32)
    ours = median_ns(lambda: rm.sum(x, axis=(2, 3), keepdims=True))
    numpy = median_ns(lambda: np.sum(x, axis=(2, 3), keepdims=True))
    print("W4 6x12x10x24 f32 axes (2,3) keepdims: reduce_mlir.sum %.2f us, "
          "np.sum %.2f us, ratio np/ours %.2f (target >= 1)" %
          (ours / 1e3, numpy / 1e3, numpy / ours))
    report = {"w4": {"package_ns": ours, "numpy_ns": numpy}, "workloads": []}
    for name, shape, axes, keepdims, dtype in WORKLOADS:
        if dtype == np.int32:
            x = rng.integers(-100, 100, shape, dtype=dtype)
        else:
            x = rng.standard_normal(shape, dtype=np.float32)
        # NumPy's allocation (16 bytes past a 64-byte boundary) and a
        # 64-byte aligned copy, as the C++ API's Buffers are. The three are
        # interleaved call by call (the shared machine's memory bandwidth
        # drifts by 10-20% over seconds); the medians count.
        xa = rm.aligned(x)
        # The very kernel reduce_mlir.sum calls (from its kernel cache).
        main = rm._ops._kernel("sum", xa, axes, keepdims, None, None, "",
                               None)
        ours, ours_aligned, cxx = [], [], []
        calls = max(CALLS, int(CALL_SECONDS * 1e9 /
                               median_ns(lambda: main._time_native(xa, 1))))
        def package(array, times):
            start = time.perf_counter_ns()
            rm.sum(array, axis=axes, keepdims=keepdims)
            times.append(time.perf_counter_ns() - start)

        kinds = [lambda: package(x, ours), lambda: package(xa, ours_aligned),
                 lambda: cxx.extend(main._time_native(xa, 1))]
        for call in range(calls):
            # Each kind follows each other kind equally often.
            for k in range(3):
                kinds[(call + k) % 3]()
        ours, ours_aligned, cxx = (sorted(t)[len(t) // 2]
                                   for t in (ours, ours_aligned, cxx))
        print("%s %s %s axes %s: C++ JIT %.1f us; reduce_mlir.sum on a "
              "64-byte aligned array %.1f us (ratio C++/ours %.3f, target >= "
              "0.95), on NumPy's allocation (data at %d mod 64) %.1f us "
              "(ratio %.3f)" %
              (name, "x".join(map(str, shape)), np.dtype(dtype).name, axes,
               cxx / 1e3, ours_aligned / 1e3, cxx / ours_aligned,
               x.ctypes.data % 64, ours / 1e3, cxx / ours))
        report["workloads"].append({
            "workload": name, "shape": list(shape), "axes": list(axes),
            "dtype": np.dtype(dtype).name, "bytes": int(x.nbytes),
            "cxx_ns": cxx, "aligned_ns": ours_aligned, "numpy_alloc_ns": ours,
            "numpy_offset": int(x.ctypes.data % 64)})
    if json_out:
        with open(json_out, "w") as f:
            json.dump(report, f, indent=1)


if __name__ == "__main__":
    main()

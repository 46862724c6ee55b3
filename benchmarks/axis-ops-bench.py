#!/usr/bin/python3
"""The arg-reductions and scans of the reduce_mlir package against NumPy
(and PyTorch when it imports): a benchmark, not a test.

A 4096x4096 float32 input (64 MiB, from memory), one thread: reduce_mlir's
sum over rows as the yardstick, argmax over rows (axis 1) and columns
(axis 0), cumsum over rows and columns; GB/s of input read, best of 7.

Usage: benchmarks/axis-ops-bench.py [BUILD_DIR]
Run it on a quiet machine (no build running).
"""

import os
import sys
import time

import numpy as np

here = os.path.dirname(os.path.abspath(__file__))
build = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else
                        os.path.join(here, "..", "build"))
sys.path.insert(0, os.path.join(build, "python_packages"))
import reduce_mlir as rm  # noqa: E402

try:
    import torch
    torch.set_num_threads(1)
except ImportError:
    torch = None


def best(f, n=7):
    f()
    times = []
    for _ in range(n):
        start = time.perf_counter()
        f()
        times.append(time.perf_counter() - start)
    return min(times)


def main():
    x = np.random.default_rng(0).standard_normal((4096, 4096)).astype(
        np.float32)
    t = torch.from_numpy(x) if torch is not None else None
    cases = [
        ("sum rows", lambda: rm.sum(x, 1), lambda: x.sum(1),
         lambda: t.sum(1)),
        ("argmax rows", lambda: rm.argmax(x, 1), lambda: np.argmax(x, 1),
         lambda: torch.argmax(t, 1)),
        ("argmax cols", lambda: rm.argmax(x, 0), lambda: np.argmax(x, 0),
         lambda: torch.argmax(t, 0)),
        ("cumsum rows", lambda: rm.cumsum(x, 1), lambda: np.cumsum(x, 1),
         lambda: torch.cumsum(t, 1)),
        ("cumsum cols", lambda: rm.cumsum(x, 0), lambda: np.cumsum(x, 0),
         lambda: torch.cumsum(t, 0)),
    ]
    gigabytes = x.nbytes / 1e9
    print("| case | reduce_mlir GB/s | NumPy GB/s | PyTorch GB/s |")
    print("|---|---|---|---|")
    for name, ours, numpy_f, torch_f in cases:
        theirs = gigabytes / best(torch_f) if torch is not None else None
        print("| %s | %.2f | %.2f | %s |" % (
            name, gigabytes / best(ours), gigabytes / best(numpy_f),
            "%.2f" % theirs if theirs else "-"))


if __name__ == "__main__":
    main()

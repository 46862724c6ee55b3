"""Runs Inputs/raise-linalg.mlir raised and as written; checks with numpy.

usage: raise-linalg.py DIR REDUCE_RUN MODULE
Prints one line per function: `<name> raised <ok> written <ok>`.
"""
import subprocess
import sys
import warnings

import numpy as np

NAN, INF = np.nan, np.inf
rng = np.random.default_rng(7)
x = rng.standard_normal((6, 40)).astype(np.float32)
x[1, 3], x[2, 5] = NAN, INF
x[3, :] = INF
x[4, :] = NAN
x[5, :] = -0.0
y = rng.standard_normal((6, 40)).astype(np.float32)
i = rng.integers(-50000, 50000, size=(6, 40)).astype(np.int32)
h = rng.standard_normal((6, 40)).astype(np.float16)
h[2, 7] = np.float16(65504)
big = np.finfo(np.float32).max


def wrap_sq(a):
    return np.sum(a.astype(np.int64) ** 2, axis=1).astype(np.uint64).astype(
        np.uint32).astype(np.int32)


CASES = {
    "l1": ([x], lambda: np.sum(np.abs(x.astype(np.float64)), axis=1)),
    "sum_square_i32": ([i], lambda: wrap_sq(i)),
    "dot": ([x, y], lambda: np.sum(x.astype(np.float64) * y, axis=1)),
    "min_finite_init": ([x], lambda: np.minimum(np.min(x, axis=1), big)),
    "maxnum": ([x], lambda: np.where(np.isnan(x).all(axis=1), -INF,
                                     np.nanmax(x, axis=1))),
    "widened_sum": ([h], lambda: np.sum(h.astype(np.float64), axis=0)),
    "nan_ignore_max": ([x], lambda: np.where(
        np.isnan(x).all(axis=1), NAN, np.maximum(np.nanmax(x, axis=1), -big))),
    "minnum_from_nan": ([x], lambda: np.nanmin(x, axis=1)),
}


def main():
    out, reduce_run, module = sys.argv[1:4]
    for name, (inputs, reference) in CASES.items():
        args = []
        for k, value in enumerate(inputs):
            np.save(f"{out}/{name}.{k}.npy", value)
            args.append(f"--input={out}/{name}.{k}.npy")
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)
            want = np.asarray(reference(), dtype=np.float64)
        verdicts = []
        for raise_ in ("true", "false"):
            result = f"{out}/{name}.{raise_}.npy"
            subprocess.run([reduce_run, module, f"--entry={name}",
                            f"--pipeline-options=raise-to-reduce={raise_}",
                            f"--output={result}"] + args, check=True)
            got = np.load(result).astype(np.float64)
            verdicts.append(got.shape == want.shape and bool(np.allclose(
                got, want, rtol=1e-5, atol=0, equal_nan=True)))
        print(name, "raised", verdicts[0], "written", verdicts[1])


main()

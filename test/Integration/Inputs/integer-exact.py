#!/usr/bin/python3
"""Inputs and expected results of Inputs/integer-exact.mlir.

  integer-exact.py make DIR    writes DIR/<entry>.input.npy and
                               DIR/<entry>.expected.npy
  integer-exact.py check DIR   compares DIR/<entry>.got.npy with the
                               expected results, one line per entry

The expected values are computed with Python integers (the exact mean,
truncated toward zero) and with math.sqrt / math.log on exact integer sums
(l2, log_sum, log_sum_exp: then truncated or rounded to nearest even, and
saturated to the type; NaN gives 0), independently of the compiler."""

import math
import os
import sys

import numpy as np


def trunc_div(a, b):
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b > 0) else -q


def saturate(value, dtype, nearest=False):
    info = np.iinfo(dtype)
    if math.isnan(value):
        return 0
    if math.isinf(value):
        return info.max if value > 0 else info.min
    value = round(value) if nearest else math.trunc(value)
    return max(info.min, min(info.max, value))


def reduce_rows(x, axis, fn):
    """fn over the 1-D slices of x along `axis` (Python ints)."""
    moved = np.moveaxis(x, axis, -1)
    kept = moved.shape[:-1]
    rows = moved.reshape(int(np.prod(kept)), x.shape[axis])
    out = [fn([int(v) for v in row]) for row in rows]
    return np.array(out, dtype=object).reshape(kept)


def mean(values):
    return trunc_div(sum(values), len(values)) if values else 0


def l2(dtype, nearest=False):
    return lambda values: saturate(math.sqrt(sum(v * v for v in values)),
                                   dtype, nearest)


def log_sum(dtype):
    def fn(values):
        s = sum(values)
        return saturate(-math.inf if s == 0 else
                        math.nan if s < 0 else math.log(s), dtype)
    return fn


def log_sum_exp(dtype):
    def fn(values):
        if not values:
            return saturate(-math.inf, dtype)
        m = max(values)
        return saturate(m + math.log(sum(math.exp(v - m) for v in values)),
                        dtype)
    return fn


def cases():
    rng = np.random.default_rng(31)
    i32 = np.iinfo(np.int32)
    x = rng.integers(i32.max - 1000, i32.max, (8, 1000), endpoint=True)
    x[1::2] = rng.integers(i32.min, i32.min + 1000, (4, 1000))
    x[3] = rng.integers(i32.min, i32.max, 1000)
    yield "mean_i32_rows", x.astype(np.int32), 1, mean
    x = rng.integers(2**62, 2**63 - 1, 4096, dtype=np.int64)
    yield "mean_i64_all", x, 0, mean
    x = rng.integers(2**64 - 2**40, 2**64 - 1, (64, 33), dtype=np.uint64)
    x[:, 0] = 2**64 - 1
    yield "mean_ui64_cols", x, 0, mean
    x = rng.integers(-128, 127, (5, 300), endpoint=True).astype(np.int8)
    x[0] = 127
    x[1] = -128
    yield "mean_i8_rows", x, 1, mean
    x = rng.integers(2**32 - 100, 2**32 - 1, (9, 4), endpoint=True)
    yield "mean_ui32_dynamic", x.astype(np.uint32), 0, mean
    x = rng.integers(-50000, 50000, (7, 100), endpoint=True).astype(np.int32)
    x[0] = 50000
    yield "l2_i32_rows", x, 1, l2(np.int32)
    x = rng.integers(0, 2**40, (40, 3), dtype=np.uint64)
    yield "l2_ui64_cols", x, 0, l2(np.uint64)
    x = np.arange(1, 13, dtype=np.int16).reshape(6, 2)
    yield "l2_i16_nearest", x, 1, l2(np.int16, nearest=True)
    x = np.array([-128, -127, 0, 5], np.int8)
    yield "l2_i8_empty_axes", x, None, lambda v: saturate(abs(v[0]), np.int8)
    x = rng.integers(1, 10**12, (4, 10), dtype=np.int64)
    x[1] = [5, -5] * 5
    x[2, 0] = -10**13
    yield "log_sum_i64_rows", x, 1, log_sum(np.int64)
    x = np.array([[5, 5, 3], [2147483647, 2147483647, 0], [-2147483648] * 3,
                  [0, 0, 0], [-7, 100, 99]], np.int32)
    yield "log_sum_exp_i32_rows", x, 1, log_sum_exp(np.int32)
    yield ("log_sum_exp_ui8_size0", np.zeros((2, 0), np.uint8), 1,
           log_sum_exp(np.uint8))


def expected(x, axis, fn):
    if axis is None:
        return np.array([fn([int(v)]) for v in x.reshape(-1)],
                        dtype=object).reshape(x.shape).astype(x.dtype)
    result = reduce_rows(x, axis, fn).astype(x.dtype)
    if x.ndim == 2 and axis == 1 and x.shape == (5, 300):
        result = result.reshape(5, 1)  # keep_dims
    return result


def main(argv):
    command, out = argv
    failed = False
    for name, x, axis, fn in cases():
        base = os.path.join(out, name)
        if command == "make":
            np.save(base + ".input.npy", x)
            np.save(base + ".expected.npy", expected(x, axis, fn))
            continue
        want = np.load(base + ".expected.npy")
        got = np.load(base + ".got.npy")
        ok = got.dtype == want.dtype and got.shape == want.shape and \
            np.array_equal(got, want)
        failed |= not ok
        print("%s %s" % ("ok" if ok else "DIFFERENT", name) +
              ("" if ok else ": got %r, expected %r" % (got, want)))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

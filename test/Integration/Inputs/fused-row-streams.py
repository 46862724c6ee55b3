"""Inputs and checks of fused-row-streams.test.

`make DIR` writes x.npy (1024x1024 f32, 4 MiB: streamed) with special
values in rows of each of the parts the fused kernels read side by side;
`check DIR` reads min.npy, max.npy, mean.npy and var.npy and prints one line
per property against numpy (float64 for the mean and variance).
"""
import sys

import numpy as np

ROWS, COLS = 1024, 1024


def make(d):
    rng = np.random.default_rng(11)
    x = (rng.standard_normal((ROWS, COLS)) * 3 + 10).astype(np.float32)
    # Rows in the first, second, third and last quarter: whichever part
    # (of 2 or 4) a kernel reads them in.
    for base in (0, 256, 512, 768):
        x[base + 1, 7] = np.nan
        x[base + 2, :] = -0.0
        x[base + 3, 1000] = np.inf
        x[base + 4, 0] = -np.inf
        x[base + 5, :] = np.inf
        x[base + 6, 3] = 0.0
        x[base + 6, 9] = -0.0
        x[base + 6, :] = np.where(x[base + 6] == 0, x[base + 6], 1.0)
        x[base + 7, 0] = 1e3  # an outlier as the shift
    x[ROWS - 1, COLS - 1] = np.nan  # the last element read
    np.save(d + "/x.npy", x)


def same_bits(a, b):
    """Equal values with equal signs of zero; NaN where NaN."""
    nan = np.isnan(a) | np.isnan(b)
    return bool(
        np.array_equal(np.isnan(a), np.isnan(b))
        and np.array_equal(a[~nan], b[~nan])
        and np.array_equal(np.signbit(a[~nan]), np.signbit(b[~nan]))
    )


def signed_extreme(x, pick):
    """np.min or np.max of each row with -0.0 below +0.0 (the dialect's
    minimum and maximum; numpy's sign of a zero extreme depends on order)."""
    r = pick(x, axis=1)
    negative = (x == 0) & np.signbit(x)
    positive = (x == 0) & ~np.signbit(x)
    zero = r == 0
    if pick is np.min:
        r[zero] = np.where(negative[zero].any(axis=1), -0.0, 0.0)
    else:
        r[zero] = np.where(positive[zero].any(axis=1), 0.0, -0.0)
    return r


def check(d):
    x = np.load(d + "/x.npy")
    print("min", same_bits(np.load(d + "/min.npy"), signed_extreme(x, np.min)))
    print("max", same_bits(np.load(d + "/max.npy"), signed_extreme(x, np.max)))
    w = x.astype(np.float64)
    with np.errstate(invalid="ignore"):
        rm = w.mean(axis=1)
        rv = ((w - rm[:, None]) ** 2).mean(axis=1)
    m, v = np.load(d + "/mean.npy"), np.load(d + "/var.npy")
    print("mean nan", np.array_equal(np.isnan(m), np.isnan(rm)))
    print("var nan", np.array_equal(np.isnan(v), np.isnan(rv)))
    inf = np.isinf(rm)
    print("mean inf", bool(inf.any()) and np.array_equal(m[inf], rm[inf]))
    ok = np.isfinite(rv)
    print("mean", np.allclose(m[ok], rm[ok], rtol=1e-5, atol=0))
    print("var", np.allclose(v[ok], rv[ok], rtol=1e-3, atol=1e-4))


if __name__ == "__main__":
    {"make": make, "check": check}[sys.argv[1]](sys.argv[2])

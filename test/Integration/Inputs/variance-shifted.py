"""Inputs and checks of variance-shifted.test.

`make DIR` writes x.npy (64x1000 f32) and h.npy (16x256 f16); `check DIR`
reads m.npy, v.npy, hm.npy and hv.npy and prints one line per case: the
variance against float64 within the error bound of docs/pipeline.md
(stage 1b), and special values as float64 gives them.
"""
import sys

import numpy as np

N = 1000
U = 2.0**-24
# The longest chain of additions: the row over 8 lanes, then the lanes.
M = N // 8 + 8


def make(d):
    rng = np.random.default_rng(5)
    x = (rng.standard_normal((64, N)) * 3 + 10).astype(np.float32)
    x[1, 0] = 1e3  # an outlier as the shift
    x[2, :] = np.inf
    x[3, 5] = np.nan
    x[4, 7] = -np.inf
    x[5, :] = -0.0
    x[6, :] = 0.1
    x[7, 0] = np.inf  # an infinite shift
    x[8, :] = 1e4 + rng.standard_normal(N).astype(np.float32)
    x[9, 3] = np.inf
    x[9, 4] = -np.inf
    np.save(d + "/x.npy", x)
    h = (rng.standard_normal((16, 256)) + 2).astype(np.float16)
    h[1, 0] = np.inf
    h[2, 9] = np.nan
    h[3, :] = -0.0
    np.save(d + "/h.npy", h)


def reference(values):
    """The mean and population variance of each row, in float64."""
    values = values.astype(np.float64)
    with np.errstate(invalid="ignore"):
        mean = values.mean(axis=1)
        return mean, ((values - mean[:, None]) ** 2).mean(axis=1)


def check(d):
    x = np.load(d + "/x.npy").astype(np.float64)
    m, v = np.load(d + "/m.npy"), np.load(d + "/v.npy")
    rm, rv = reference(x)
    finite = np.isfinite(rv)
    print("nan rows", np.array_equal(np.isnan(v), ~finite))
    print("mean", np.allclose(m[finite], rm[finite], rtol=1e-5, atol=0))
    # The bound of docs/pipeline.md, and the rounding of the mean itself.
    k = x[:, 0]
    gamma = M * U / (1 - M * U)
    bound = gamma * (rv + 2 * (rm - k) ** 2) + 4 * U * rm**2
    err = np.abs(v.astype(np.float64) - rv)
    print("bound", bool(np.all(err[finite] <= bound[finite])))
    typical = finite.copy()
    typical[[1, 5, 6]] = False
    print("typical", np.allclose(v[typical], rv[typical], rtol=1e-5, atol=0))
    print("negative zero row", v[5] == 0 and not np.signbit(v[5]))
    hm, hv = np.load(d + "/hm.npy"), np.load(d + "/hv.npy")
    rhm, rhv = reference(np.load(d + "/h.npy"))
    hfinite = np.isfinite(rhv)
    print("f16 nan rows", np.array_equal(np.isnan(hv), ~hfinite))
    print("f16", np.allclose(hv[hfinite], rhv[hfinite], rtol=1e-2, atol=1e-3),
          hv[3] == 0 and not np.signbit(hv[3]))


if __name__ == "__main__":
    {"make": make, "check": check}[sys.argv[1]](sys.argv[2])

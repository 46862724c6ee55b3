"""Inputs and the check of the f32 exp approximation (reduce-approximate-math).

  exp_values.py gen X.npy       writes 65543 inputs: uniform over the whole
                                range, dense near 0, and the edge values
  exp_values.py check X.npy Y.npy
                                prints one line per property, `ok ...` or
                                `FAIL ...`

Y must be within 2 ulp of exp(x) (computed in float64 here) wherever
exp(x) is a normal f32; 0 where it is below the smallest normal (the
approximation flushes); +inf where it overflows f32; NaN for NaN.
"""
import sys
import warnings

import numpy as np

EDGES = [np.nan, np.inf, -np.inf, 0.0, -0.0, 1.0, -1.0, 88.72, 88.7228,
         88.7229, 88.75, 88.76, 100.0, 1e30, -87.33, -87.34, -88.0, -88.1,
         -103.0, -104.0, -1e30]
SIZE = 65543


def gen(path):
    rng = np.random.default_rng(11)
    uniform = rng.uniform(-90.0, 90.0, 50000)
    dense = np.linspace(-1.0, 1.0, SIZE - 50000 - len(EDGES))
    x = np.concatenate([uniform, dense, EDGES]).astype(np.float32)
    np.save(path, x)


def check(xpath, ypath):
    x = np.load(xpath)
    y = np.load(ypath)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        exact = np.exp(x.astype(np.float64))
        rounded = exact.astype(np.float32)
    tiny = np.finfo(np.float32).tiny
    normal = np.isfinite(rounded) & (rounded >= tiny)
    ulps = np.abs(y[normal].astype(np.float64) - exact[normal]) / \
        np.spacing(rounded[normal]).astype(np.float64)
    worst = ulps.max()
    print(("ok" if worst <= 2.0 else "FAIL") +
          f" normal results within 2 ulp ({normal.sum()} values)")
    flushed = ~np.isnan(x) & (exact < tiny)
    print(("ok" if np.all(y[flushed] == 0.0) else "FAIL") +
          f" results below the smallest normal are 0 ({flushed.sum()} values)")
    overflow = ~np.isnan(x) & np.isinf(rounded)
    print(("ok" if np.all(np.isposinf(y[overflow])) else "FAIL") +
          f" overflows are +inf ({overflow.sum()} values)")
    print(("ok" if np.all(np.isnan(y[np.isnan(x)])) else "FAIL") +
          " NaN stays NaN")
    return 0


if __name__ == "__main__":
    if sys.argv[1] == "gen":
        gen(sys.argv[2])
    else:
        sys.exit(check(sys.argv[2], sys.argv[3]))

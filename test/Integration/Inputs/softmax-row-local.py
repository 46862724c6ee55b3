"""Inputs and checks of softmax-row-local.test.

`make DIR` writes x.npy and bias.npy as softmax-online.py does (64x1000
f32: normal rows and rows of special values; a bias) and z.npy (4x5x300
f32, with special rows); `check DIR` reads y0.npy to y3.npy, the four
softmaxes, and prints one line per property, against float64.
"""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import importlib

online = importlib.import_module("softmax-online")


def make(d):
    online.make(d)
    rng = np.random.default_rng(11)
    z = (rng.standard_normal((4, 5, 300)) * 4).astype(np.float32)
    z[0, 1, :] = -np.inf
    z[1, 2, 17] = np.nan
    z[2, 3, 299] = np.inf
    z[3, 4, :] = 0.0
    np.save(d + "/z.npy", z)


def softmax(t, nan_ignoring=False):
    with np.errstate(invalid="ignore", over="ignore"):
        m = (np.where(np.isnan(t), -np.inf, t) if nan_ignoring else t).max(
            axis=-1, keepdims=True)
        e = np.exp(t - m)
        return e / e.sum(axis=-1, keepdims=True)


def report(name, y, ry):
    print(name, "nan", np.array_equal(np.isnan(y), np.isnan(ry)))
    ok = ~np.isnan(ry)
    print(name, np.allclose(y[ok], ry[ok], rtol=1e-5, atol=1e-7))


def check(d):
    x = np.load(d + "/x.npy")
    bias = np.load(d + "/bias.npy")
    y = [np.load(d + f"/y{i}.npy") for i in range(4)]
    report("softmax", y[0], softmax(x.astype(np.float64)))
    print("softmax -0.0 rows", bool(np.all(y[0][4] == np.float32(1e-3))))
    report("maxnumf softmax", y[1], softmax(x.astype(np.float64), True))
    # t = x * 0.125 + bias, in f32 as the module computes it.
    t = (x * np.float32(0.125) + bias).astype(np.float64)
    report("scores softmax", y[2], softmax(t))
    report("3-D softmax", y[3], softmax(np.load(d + "/z.npy").astype(np.float64)))


if __name__ == "__main__":
    {"make": make, "check": check}[sys.argv[1]](sys.argv[2])

"""Inputs and checks of softmax-online.test.

`make DIR` writes x.npy (64x1000 f32: normal rows and rows of special
values) and y.npy (a bias); `check DIR` reads y.npy, m.npy, s.npy, nm.npy,
ns.npy, tm.npy and ts.npy and prints one line per property, against
float64.
"""
import sys

import numpy as np


def make(d):
    rng = np.random.default_rng(9)
    x = (rng.standard_normal((64, 1000)) * 3).astype(np.float32)
    x[1, :] = -np.inf            # no finite maximum: NaN sum
    x[2, 5] = np.inf             # inf - inf
    x[3, 7] = np.nan
    x[4, :] = -0.0
    x[5, :500] = -np.inf         # lanes that see only -inf for a while
    x[6, 0], x[6, 999] = 80, 100  # the maximum grows late, by a lot
    x[7, :] = np.inf
    x[8, ::2] = -np.inf
    x[9] = np.linspace(-100, 100, 1000)
    x[10, -1] = -np.inf          # in the masked tail
    x[11, :] = np.nan
    x[12, :3] = np.nan           # NaN before any finite value
    x[12, 3:] = -np.inf
    x[13, 990:] = 88             # exp(88) overflows f32 in one pass
    # The vectorized steps keep their shift while every value is within 32
    # of it (OnlineRows.cpp): a maximum 31.9 above the first tile's, reached
    # without a rescaling; exactly 32 above (e^32 terms); a drift down; a
    # first tile 1e30 below the rest; values near the largest floats.
    x[14] = np.linspace(0, 31.9, 1000)
    x[15, :64] = 0
    x[15, 64:] = -1
    x[15, 500] = 32
    x[16] = np.linspace(10, -300, 1000)
    x[17, :64] = -1e30
    x[17, 64:] = rng.standard_normal(936)
    x[18] = 3e38 - np.abs(rng.standard_normal(1000)) * 1e31
    np.save(d + "/x.npy", x)
    np.save(d + "/bias.npy", rng.standard_normal((64, 1000)).astype(np.float32))


def check(d):
    x = np.load(d + "/x.npy").astype(np.float64)
    y, m, s = (np.load(d + f"/{n}.npy") for n in ("y", "m", "s"))
    nm, ns = np.load(d + "/nm.npy"), np.load(d + "/ns.npy")
    with np.errstate(invalid="ignore", over="ignore"):
        rm = x.max(axis=1)
        rs = np.exp(x - rm[:, None]).sum(axis=1)
        ry = np.exp(x - rm[:, None]) / rs[:, None]
        finite = np.where(np.isnan(x), -np.inf, x)
        rnm = finite.max(axis=1)
        rns = np.exp(x - rnm[:, None]).sum(axis=1)
    print("max", np.array_equal(m, rm.astype(np.float32), equal_nan=True))
    print("sum nan", np.array_equal(np.isnan(s), np.isnan(rs)))
    ok = ~np.isnan(rs)
    print("sum", np.allclose(s[ok], rs[ok], rtol=1e-5, atol=0))
    print("softmax nan", np.array_equal(np.isnan(y), np.isnan(ry)))
    ok = ~np.isnan(ry)
    print("softmax", np.allclose(y[ok], ry[ok], rtol=1e-5, atol=1e-7),
          bool(np.all(y[4] == np.float32(1e-3))))
    print("maxnumf max", np.array_equal(nm, rnm.astype(np.float32)))
    print("maxnumf sum nan", np.array_equal(np.isnan(ns), np.isnan(rns)))
    ok = ~np.isnan(rns)
    print("maxnumf sum", np.allclose(ns[ok], rns[ok], rtol=1e-5, atol=0))
    # t = x * 0.125 + bias, in f32 as the module computes it.
    bias = np.load(d + "/bias.npy")
    t = (np.load(d + "/x.npy") * np.float32(0.125) + bias).astype(np.float64)
    tm, ts = np.load(d + "/tm.npy"), np.load(d + "/ts.npy")
    with np.errstate(invalid="ignore", over="ignore"):
        rtm = t.max(axis=1)
        rts = np.exp(t - rtm[:, None]).sum(axis=1)
    print("scores max", np.array_equal(tm, rtm.astype(np.float32), equal_nan=True))
    ok = ~np.isnan(rts)
    print("scores sum", np.array_equal(np.isnan(ts), np.isnan(rts)),
          np.allclose(ts[ok], rts[ok], rtol=1e-5, atol=0))


if __name__ == "__main__":
    {"make": make, "check": check}[sys.argv[1]](sys.argv[2])

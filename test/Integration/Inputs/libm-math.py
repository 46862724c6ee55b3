"""Inputs and NumPy references of libm-math.test."""

import math
import os
import sys

import numpy as np


def make(out):
    x = np.linspace(-9, 9, 37).astype(np.float32)
    x[0], x[1], x[2], x[3] = np.nan, np.inf, -np.inf, -0.0
    np.save(os.path.join(out, "x.npy"), x)
    g = np.random.default_rng(3).standard_normal((4, 300))
    np.save(os.path.join(out, "g.npy"), g)
    h = np.linspace(-4, 4, 20).astype(np.float16)
    np.save(os.path.join(out, "h.npy"), h)


def ulps(got, want):
    """The distance in f32 ulps, 0 where both are the same special value."""
    same = (got == want) | (np.isnan(got) & np.isnan(want))
    spacing = np.spacing(np.abs(want).astype(np.float32))
    with np.errstate(invalid="ignore"):
        distance = np.abs(got.astype(np.float64) - want) / spacing
    return np.where(same, 0, distance)


def check(out):
    x = np.load(os.path.join(out, "x.npy")).astype(np.float64)
    erf = np.vectorize(math.erf)
    references = {
        "erf": erf(x), "tanh": np.tanh(x), "cbrt": np.cbrt(x),
        "atan": np.arctan(x), "sinh": np.sinh(x),
    }
    for name, want in references.items():
        got = np.load(os.path.join(out, name + ".npy"))
        worst = ulps(got, want.astype(np.float32)).max()
        # -0.0 stays -0.0 (erf, tanh, cbrt, atan and sinh are odd).
        signs = np.signbit(got[3]) == np.signbit(want[3])
        print(name, "ok" if worst <= 2 and signs else
              "differs by %g ulp" % worst)
    g = np.load(os.path.join(out, "g.npy"))
    gelu = (0.5 * g * (1 + erf(g / math.sqrt(2)))).sum(axis=1)
    got = np.load(os.path.join(out, "gelu.npy"))
    print("gelu", "ok" if np.allclose(got, gelu, rtol=1e-13, atol=1e-13)
          else "differs: %s %s" % (got, gelu))
    h = np.load(os.path.join(out, "h.npy"))
    want = np.tanh(h.astype(np.float64)).astype(np.float16)
    got = np.load(os.path.join(out, "tanh_f16.npy"))
    # Within one f16 ulp of the correctly rounded value.
    close = np.abs(got.astype(np.float64) - want) <= np.spacing(np.abs(want))
    print("tanh_f16", "ok" if got.dtype == np.float16 and close.all()
          else "differs: %s %s" % (got, want))


if __name__ == "__main__":
    {"make": make, "check": check}[sys.argv[1]](sys.argv[2])

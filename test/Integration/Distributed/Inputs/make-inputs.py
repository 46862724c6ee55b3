"""Writes the inputs of family.mlir (and grid2d.mlir) into the directory
argv[1]: x.npy, p.npy, k.npy, b.npy, h.npy."""
import os
import sys

import numpy as np

out = sys.argv[1]
rng = np.random.default_rng(19)
x = rng.standard_normal((64, 24)).astype(np.float32)
# NaN in rows 40 (the second process's half) of column 3 and 5 of column 4.
x[40, 3] = np.nan
x[5, 4] = np.nan
# Column 6: zeros only, -0 in the second half: min -0, max +0.
x[:, 6] = 0.0
x[50, 6] = -0.0
# Column 7: +inf in one half, -inf in the other: sum NaN, lse +inf.
x[10, 7] = np.inf
x[60, 7] = -np.inf
# Column 8: every element NaN (max with nan_mode ignore gives NaN).
x[:, 8] = np.nan
# Column 9: -inf everywhere (lse -inf).
x[:, 9] = -np.inf
p = (1.0 + 0.01 * rng.standard_normal((64, 24))).astype(np.float32)
k = rng.integers(-2**31, 2**31 - 1, size=(64, 24), dtype=np.int64).astype(np.int32)
b = np.ones((64, 24), dtype=bool)
b[rng.integers(0, 64, 12), rng.integers(0, 24, 12)] = False
b[:, 0] = False
b[33, 0] = True
h = (0.25 * rng.integers(-8, 8, size=(64, 24))).astype(np.float16)
for name, value in dict(x=x, p=p, k=k, b=b, h=h).items():
    np.save(os.path.join(out, name + ".npy"), value)

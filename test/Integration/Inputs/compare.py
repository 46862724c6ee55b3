"""Usage: compare.py INPUT.npy GOT.npy EXPR
Evaluates EXPR with `x` = the input array and `np` = NumPy, and checks that
GOT.npy has the same dtype, shape and values (NaN equal to NaN, -0.0 distinct
from +0.0). Prints `ok: <shape> <dtype>` or the first difference and exits 1.
"""
import sys

import numpy as np

x = np.load(sys.argv[1])
got = np.load(sys.argv[2])
want = np.asarray(eval(sys.argv[3], {"np": np, "x": x}))
if got.dtype != want.dtype or got.shape != want.shape:
    print(f"mismatch: got {got.dtype}{got.shape}, want {want.dtype}{want.shape}")
    sys.exit(1)
same = (got == want) & (np.signbit(got) == np.signbit(want)) \
    if got.dtype.kind == "f" else got == want
if got.dtype.kind == "f":
    same |= np.isnan(got) & np.isnan(want)
if not np.all(same):
    index = tuple(np.argwhere(~same)[0])
    print(f"mismatch at {index}: got {got[index]!r}, want {want[index]!r}")
    sys.exit(1)
print(f"ok: {got.shape} {got.dtype}")

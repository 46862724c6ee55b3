"""Checks the results of grid2d.mlir in argv[1] (g0.npy, g1.npy, g2.npy)
against float64 / exact references from p.npy and k.npy."""
import os
import sys

import numpy as np

d = sys.argv[1]
load = lambda name: np.load(os.path.join(d, name + ".npy"))
p, k = load("p"), load("k")
prod = load("g0")
ok = prod.shape == (24,) and np.allclose(prod, p.astype(np.float64).prod(0),
                                         rtol=1e-5, atol=0)
print("%s prod over rows: %s" % ("ok" if ok else "FAIL", prod.shape))
rows = load("g1")
ok = rows.shape == (64,) and np.array_equal(rows, k.max(1))
print("%s max over columns: %s" % ("ok" if ok else "FAIL", rows.shape))
low = load("g2")
ok = low.shape == () and low == p.min()
print("%s min over both: %s" % ("ok" if ok else "FAIL", low.shape))

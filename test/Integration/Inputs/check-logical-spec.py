"""Compares the results of the logical OpenVINO specification examples
(examples/openvino-spec-logical.mlir, written to PREFIX.and0..5 and
PREFIX.or0..5) with numpy's all and any over the same axes.

Usage: check-logical-spec.py INPUT.npy PREFIX
"""
import sys

import numpy as np

x = np.load(sys.argv[1])
prefix = sys.argv[2]
# The order of the results of each function: axes, keep_dims.
cases = [((2, 3), True), ((2, 3), False), ((1,), True), ((1,), False),
         ((-2,), True), ((-2,), False)]
for name, short, fn in (("logical_and", "and", np.all),
                        ("logical_or", "or", np.any)):
    varied = False
    for index, (axes, keep) in enumerate(cases):
        got = np.load(f"{prefix}.{short}{index}")
        want = fn(x, axis=axes, keepdims=keep)
        if got.dtype != np.bool_ or got.shape != want.shape or \
                not np.array_equal(got, want):
            print(f"{name} result {index}: got {got.dtype} {got.shape}, "
                  f"expected bool {want.shape}; equal: "
                  f"{got.shape == want.shape and np.array_equal(got, want)}")
            sys.exit(1)
        varied = varied or (want.any() and not want.all())
    if not varied:
        print(f"{name}: the input gives constant results only")
        sys.exit(1)
    print(f"{name}: {len(cases)} results equal numpy")

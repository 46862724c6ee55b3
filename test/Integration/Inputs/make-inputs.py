"""Writes the .npy inputs of test/Integration into the directory argv[1]."""
import os
import sys

import numpy as np

out = sys.argv[1]


def save(name, array):
    np.save(os.path.join(out, name), array)


nan, inf = np.float32("nan"), np.float32("inf")
save("rows.npy", np.array([[1, 2, 3], [4, 5, 7]], np.float32))
# The specification shape, values i * 0.25 - 700 (exact in f32).
save("spec.npy", (np.arange(6 * 12 * 10 * 24, dtype=np.float32) * 0.25 - 700)
     .reshape(6, 12, 10, 24))
save("special.npy", np.array([[1, nan, 2, 3],
                              [-0.0, 0.0, -0.0, 0.0],
                              [inf, -inf, 1, 2],
                              [nan, nan, nan, nan],
                              [5, -inf, 0.5, 7]], np.float32))
save("i8.npy", np.array([[100, 100, 1, 2], [-128, 0, 1, -1], [-128, -128, 5, 6]],
                        np.int8))
save("i32.npy", (np.arange(20, dtype=np.int32) - 7).reshape(4, 5))
save("u16.npy", np.array([[65535, 1, 7], [300, 200, 100]], np.uint16))
save("u64.npy", np.array([18446744073709551615, 18446744073709551614], np.uint64))
save("f16.npy", np.array([2048, 1, 1], np.float16))
# bf16 as its raw bits in a 2-byte void dtype: 256, 1, 1.
save("bf16.npy", np.array([0x4380, 0x3F80, 0x3F80], np.uint16).view("V2"))
save("f64.npy", np.array([[-1.5, 2.25], [3.0, -4.0]], np.float64))
save("f32_2x2.npy", np.array([[-1, 2], [3, -4]], np.float32))
save("i32_scalar.npy", np.array(-42, np.int32))
save("f32_0x3.npy", np.zeros((0, 3), np.float32))
save("i32_3x0.npy", np.zeros((3, 0), np.int32))
save("u8_0x2.npy", np.zeros((0, 2), np.uint8))
save("dyn.npy", np.array([[1, -2, 3], [-4, 5, -6]], np.float32))
save("dyn_odd.npy", (np.arange(7 * 37, dtype=np.float32) - 100).reshape(7, 37))

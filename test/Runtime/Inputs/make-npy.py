"""Writes the .npy inputs of the reduce-run tests into the directory argv[1]:
good files made by NumPy itself, and broken ones made by hand."""
import os
import sys

import numpy as np

out = sys.argv[1]


def path(name):
    return os.path.join(out, name)


np.save(path("f32_2x3.npy"), np.arange(6, dtype=np.float32).reshape(2, 3))
np.save(path("f64_2x3.npy"), np.arange(6, dtype=np.float64).reshape(2, 3))
np.save(path("f32_6.npy"), np.arange(6, dtype=np.float32))
np.save(path("f32_3x2.npy"), np.arange(6, dtype=np.float32).reshape(3, 2))
np.save(path("f32_4x3.npy"), np.arange(12, dtype=np.float32).reshape(4, 3))
np.save(path("complex.npy"), np.zeros((2, 3), dtype=np.complex64))
np.save(path("bigendian.npy"), np.zeros((2, 3), dtype=">f4"))
np.save(path("fortran.npy"), np.asfortranarray(np.zeros((2, 3), np.float32)))
good = open(path("f32_2x3.npy"), "rb").read()
open(path("truncated.npy"), "wb").write(good[:-14])
open(path("garbage.npy"), "wb").write(bytes(range(256)))

# Runtime axes, well-formed and hostile.
i64 = np.int64
np.save(path("axes_1.npy"), np.array([1], dtype=i64))
np.save(path("axes_m1_m1.npy"), np.array([-1, -1], dtype=i64))
np.save(path("axes_0_1.npy"), np.array([0, 1], dtype=i64))
np.save(path("axes_0.npy"), np.array([0], dtype=i64))
np.save(path("axes_empty.npy"), np.array([], dtype=i64))
np.save(path("axes_2.npy"), np.array([2], dtype=i64))
np.save(path("axes_min.npy"), np.array([0, np.iinfo(i64).min], dtype=i64))
np.save(path("axes_max.npy"), np.array([np.iinfo(i64).max], dtype=i64))
np.save(path("axes_i8_min.npy"), np.array([-128], dtype=np.int8))
np.save(path("axes_i8_m1.npy"), np.array([-1], dtype=np.int8))
np.save(path("axes_i16_scalar_1.npy"), np.array(1, dtype=np.int16))
np.save(path("axes_i16_scalar_m3.npy"), np.array(-3, dtype=np.int16))
np.save(path("i32_2x3.npy"), np.array([[5, -7, 2], [0, 9, -1]], dtype=np.int32))
np.save(path("f32_scalar.npy"), np.array(2.5, dtype=np.float32))
np.save(path("axes_i8_empty.npy"), np.array([], dtype=np.int8))

# Bools: NumPy's own, and one with a byte that is not 0 or 1 (NumPy keeps
# the raw byte of a uint8 array viewed as bool).
np.save(path("bool_2x3.npy"), np.array([[True, False, True], [False, False, True]]))
np.save(path("bool_bad_byte.npy"),
        np.array([[1, 0, 1], [0, 7, 1]], np.uint8).view(np.bool_))
rows = np.zeros((3, 64), np.bool_)
rows[0] = True
rows[1, 63] = True
rows[2] = True
rows[2, 40] = False
np.save(path("bool_3x64.npy"), rows)

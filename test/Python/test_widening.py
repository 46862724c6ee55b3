"""The widening dtype of reduce_mlir's reductions (sum, prod, mean, l1,
sum_square) against NumPy's dtype argument: the kernel converts the narrow
input as it reads it (arith.extui/extsi/extf/uitofp/sitofp fused into the
reduction) and accumulates in the wide type; dtypes that narrow or cannot
hold every value are TypeErrors naming both types."""

import numpy as np
import pytest

import reduce_mlir as rm
from reduce_mlir import _reduce_mlir

INTS = [np.int8, np.int16, np.int32, np.int64]
UINTS = [np.uint8, np.uint16, np.uint32, np.uint64]
FLOATS = [np.float16, np.float32, np.float64]


def safe_widenings():
    pairs = []
    for src in INTS + UINTS + FLOATS + [np.bool_]:
        for dst in INTS + UINTS + FLOATS:
            if (np.dtype(dst) != np.dtype(src) and
                    np.dtype(dst).itemsize >= np.dtype(src).itemsize and
                    np.can_cast(src, dst, "safe")):
                pairs.append((np.dtype(src), np.dtype(dst)))
    return pairs


PAIRS = safe_widenings()


def data(rng, dtype, shape):
    dtype = np.dtype(dtype)
    if dtype.kind == "b":
        return rng.random(shape) < 0.5
    if dtype.kind == "f":
        x = rng.standard_normal(shape).astype(dtype)
        x.flat[::17] = -0.0
        return x
    info = np.iinfo(dtype)
    # Full range: the wide sums must not wrap where the narrow ones would.
    return rng.integers(info.min, info.max, size=shape, dtype=dtype,
                        endpoint=True)


def reference(op, x, axis, dtype):
    if np.dtype(dtype).kind == "f":
        # Floats: the exact-ish value (float64; the float16 reductions
        # accumulate in float32, NumPy's in float16), rounded once.
        x64 = x.astype(np.float64)
        value = {"sum": lambda: np.sum(x64, axis=axis),
                 "prod": lambda: np.prod(x64, axis=axis),
                 "l1": lambda: np.sum(np.abs(x64), axis=axis),
                 "sum_square": lambda: np.sum(x64 * x64, axis=axis),
                 "mean": lambda: np.mean(x64, axis=axis)}[op]()
        return np.asarray(value).astype(dtype)
    wide = x.astype(dtype)
    if op == "sum":
        return np.sum(x, axis=axis, dtype=dtype)
    if op == "prod":
        return np.prod(x, axis=axis, dtype=dtype)
    if op == "l1":
        return np.sum(np.abs(wide), axis=axis, dtype=dtype)
    if op == "sum_square":
        return np.sum(wide * wide, axis=axis, dtype=dtype)
    if op == "mean":
        if np.dtype(dtype).kind in "iu":
            # The exact mean truncated toward zero (docs/python.md); NumPy
            # divides the sum in float64, exact for these sums.
            n = x.size // np.asarray(np.sum(wide, axis=axis)).size
            s = np.sum(wide.astype(object), axis=axis)
            q = np.vectorize(lambda v: abs(v) // n * (1 if v >= 0 else -1),
                             otypes=[object])(s)
            return np.asarray(q).astype(dtype)
        return np.mean(x, axis=axis, dtype=dtype)
    raise AssertionError(op)


@pytest.mark.parametrize("src,dst", PAIRS, ids=["%s-%s" % p for p in PAIRS])
@pytest.mark.parametrize("op", ["sum", "l1", "sum_square", "mean", "prod"])
def test_widening_matches_numpy(op, src, dst, rng):
    if op == "prod" and dst.kind == "f":
        # Products of full-range ints overflow floats: small values.
        x = data(rng, src, (5, 9))
        if src.kind != "b":
            x = (x % 3).astype(src)
    else:
        x = data(rng, src, (5, 67))
    got = getattr(rm, op)(x, axis=1, dtype=dst)
    with np.errstate(over="ignore", invalid="ignore"):
        expected = reference(op, x, 1, dst)
    assert got.dtype == dst, (got.dtype, dst)
    with np.errstate(over="ignore", invalid="ignore"):
        check(op, x, got, expected, dst)


def check(op, x, got, expected, dst):
    if dst.kind in "iu":
        # Integers wrap modulo 2^bits in both: bit for bit.
        np.testing.assert_array_equal(got, expected)
    else:
        x64 = x.astype(np.float64)
        scale = {"sum_square": np.sum(x64 * x64, axis=1),
                 "prod": np.abs(np.prod(x64, axis=1)),
                 "mean": np.mean(np.abs(x64), axis=1)}.get(
                     op, np.sum(np.abs(x64), axis=1))
        eps = np.finfo(dst).eps if dst != np.float16 else np.finfo(
            np.float32).eps
        tol = 8 * x.shape[1] * eps * scale
        if dst == np.float16:
            tol = tol + np.finfo(np.float16).eps * np.abs(expected)
        ok = np.isfinite(expected)
        assert np.all(np.abs(got[ok] - expected[ok]) <= tol[ok])
        assert np.array_equal(np.isnan(got), np.isnan(expected))


def test_uint8_sum_to_uint64_does_not_wrap():
    x = np.full((3, 1000), 255, np.uint8)
    got = rm.sum(x, axis=1, dtype=np.uint64)
    assert got.dtype == np.uint64
    assert got.tolist() == [255000] * 3
    assert got.tolist() == np.sum(x, axis=1, dtype=np.uint64).tolist()
    # 0-D: a NumPy scalar of the wide type.
    total = rm.sum(x, dtype=np.uint64)
    assert isinstance(total, np.uint64) and total == 765000
    # In the input's type it wraps.
    assert rm.sum(x, axis=1).tolist() == [255000 % 256] * 3


def test_signed_extension_and_unsigned_l1():
    x = np.array([[-128, -1, 127]], np.int8)
    assert rm.sum(x, axis=1, dtype=np.int64).tolist() == [-2]
    assert rm.l1(x, axis=1, dtype=np.int16).tolist() == [256]
    u = np.array([[255, 128, 1]], np.uint8)
    # Zero-extended: no |x| of a negative reinterpretation.
    assert rm.l1(u, axis=1, dtype=np.uint16).tolist() == [384]
    assert rm.l1(u, axis=1, dtype=np.int32).tolist() == [384]
    assert rm.mean(u, axis=1, dtype=np.uint32).tolist() == [128]
    assert rm.sum(u, axis=1, dtype=np.float32).tolist() == [384.0]


def test_bool_counts():
    x = np.array([[True, False, True], [False, False, False]])
    assert rm.sum(x, axis=1, dtype=np.int64).tolist() == [2, 0]
    assert rm.mean(x, axis=1, dtype=np.float64).tolist() == [2 / 3, 0.0]


def test_f16_sum_in_f32():
    x = np.full(4096, 30.0, np.float16)      # the f16 sum would overflow
    got = rm.sum(x, dtype=np.float32)
    assert isinstance(got, np.float32) and got == 122880.0
    assert rm.mean(x.reshape(64, 64), axis=0, dtype=np.float64).dtype == \
        np.float64


def test_widened_module_reads_the_narrow_input():
    """The built module converts the ui8 argument (bitcast to i8, extui);
    the conversion is an elementwise producer the pipeline fuses."""
    red = _reduce_mlir.build_reduction("sum", "ui8", [4, 8], [1], False,
                                       None, "ui64")
    assert "tensor<4x8xui8>" in red.text
    assert "arith.extui" in red.text and "tensor.bitcast" in red.text
    assert red.result_shape == (4,)
    red = _reduce_mlir.build_reduction("mean", "i16", [4, 8], [0], False,
                                       None, "f32")
    assert "arith.sitofp" in red.text and "tensor<4x8xi16>" in red.text


def test_widening_with_threads_and_options():
    x = np.arange(1 << 20, dtype=np.uint16).reshape(1024, 1024)  # 2 MiB
    expected = np.sum(x, axis=1, dtype=np.uint64)
    for kwargs in ({"threads": 2}, {"options": "lower-to-loops=true"}, {}):
        got = rm.sum(x, axis=1, dtype=np.uint64, **kwargs)
        np.testing.assert_array_equal(got, expected)


def test_cache_keys_apart():
    """The same array and axes with and without a widening dtype are two
    kernels."""
    x = np.full((2, 300), 200, np.uint8)
    assert rm.sum(x, axis=1).tolist() == [200 * 300 % 256] * 2
    assert rm.sum(x, axis=1, dtype=np.uint32).tolist() == [60000] * 2
    assert rm.sum(x, axis=1, dtype="uint32").tolist() == [60000] * 2
    assert rm.sum(x, axis=1, dtype=np.uint8).tolist() == [200 * 300 % 256] * 2


@pytest.mark.parametrize("src,dst,match", [
    (np.float64, np.float32, "dtype=float32 narrows the array's dtype "
     "float64"),
    (np.int64, np.int32, "dtype=int32 narrows the array's dtype int64"),
    (np.int32, np.float32, "float32 cannot hold every int32 value"),
    (np.int8, np.uint64, "uint64 cannot hold every int8 value"),
    (np.uint64, np.int64, "int64 cannot hold every uint64 value"),
    (np.float32, np.int64, "int64 cannot hold every float32 value"),
    (np.float32, np.bool_, "cannot accumulate float32 values in bool"),
])
def test_rejected_dtypes(src, dst, match):
    x = np.ones((2, 3), src)
    with pytest.raises(TypeError, match=match):
        rm.sum(x, axis=1, dtype=dst)
    with pytest.raises(TypeError, match="reduce_mlir.mean"):
        rm.mean(x, dtype=dst)


def test_other_ops_keep_the_input_type():
    x = np.ones((2, 3), np.float32)
    for op in (rm.min, rm.max, rm.l2, rm.log_sum, rm.log_sum_exp):
        with pytest.raises(TypeError, match="does not match the array's "
                           "dtype float32"):
            op(x, dtype=np.float64)
        assert op(x, axis=1, dtype=np.float32).dtype == np.float32
    # A dtype the element type of the op rejects after widening.
    with pytest.raises(TypeError, match="cannot accumulate int8 values in "
                       "bool"):
        rm.sum(np.ones(3, np.int8), dtype=np.bool_)

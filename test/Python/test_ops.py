"""The NumPy-style reductions of reduce_mlir against NumPy."""

import warnings

import numpy as np
import pytest
from numpy.core.multiarray import get_handler_name

import reduce_mlir as rm

FLOATS = [np.float16, np.float32, np.float64]
INTS = [np.int8, np.int16, np.int32, np.int64,
        np.uint8, np.uint16, np.uint32, np.uint64]
NUMERIC_OPS = ["sum", "l1", "min", "max", "prod", "mean", "sum_square"]
FLOAT_OPS = ["l2", "log_sum", "log_sum_exp"]
LOGICAL_OPS = ["logical_and", "logical_or"]
ALL_OPS = NUMERIC_OPS + FLOAT_OPS + LOGICAL_OPS

# The axis forms on a rank-3 input.
AXES = [None, 0, -1, 1, (0, 2), (-1, 0), (), (0, 1, 2), [2, 1]]
SHAPE = (3, 4, 5)

# Relative tolerance of a float result, by the accumulator/result type.
TOLERANCE = {"f16": 2e-3, "bf16": 1.6e-2, "f32": 1e-5, "f64": 1e-13}


def axes_tuple(axis, ndim):
    if axis is None:
        return tuple(range(ndim))
    if isinstance(axis, (tuple, list)):
        return tuple(a % ndim for a in axis)
    return (axis % ndim,)


def identity(op, dtype):
    floating = dtype.kind == "f"
    if op in ("sum", "l1", "sum_square", "l2"):
        return 0
    if op == "prod":
        return 1
    if op == "mean":
        return np.nan if floating else 0
    if op == "min":
        return np.inf if floating else np.iinfo(dtype).max
    if op == "max":
        return -np.inf if floating else np.iinfo(dtype).min
    if op in ("log_sum", "log_sum_exp"):
        return -np.inf
    if op == "logical_and":
        return True
    if op == "logical_or":
        return False
    raise AssertionError(op)


def trunc_div(values, count, dtype):
    """Integer division truncating toward zero, elementwise, in `dtype`."""
    flat = [int(v) for v in np.asarray(values).reshape(-1)]
    out = [(abs(v) // count) * (1 if v >= 0 else -1) for v in flat]
    return np.array(out, dtype=object).astype(dtype).reshape(np.shape(values))


def saturate(values, dtype):
    """f64 `values` truncated toward zero into the integer `dtype`,
    saturating, NaN as 0 (the dialect's conversion of integer l2, log_sum
    and log_sum_exp results)."""
    info = np.iinfo(dtype)
    flat = np.asarray(values, np.float64).reshape(-1)
    out = [0 if np.isnan(v) else info.max if v >= info.max + 1 else
           info.min if v <= info.min - 1 else int(np.trunc(v)) for v in flat]
    return np.array(out, dtype=object).astype(dtype).reshape(np.shape(values))


def reference(op, x, axis, keepdims, nan_mode="propagate", dtype=None):
    """NumPy's value of the reduction: exact for integers (in the input's
    type, wrapping; the mean exact) and min/max, in f64 for the other float
    ops and for integer l2, log_sum and log_sum_exp (then truncated and
    saturated into the input's type)."""
    axes = axes_tuple(axis, x.ndim)
    count = int(np.prod([x.shape[a] for a in axes]))
    out_shape = np.sum(np.zeros(x.shape), axis=axes, keepdims=keepdims).shape
    dt = x.dtype
    if dt.kind in "iu" and op == "log_sum_exp" and not axes:
        return x.copy()  # reducing nothing: the input, exactly
    if dt.kind in "iu" and op in FLOAT_OPS:
        return saturate(reference(op, x.astype(np.float64), axis, keepdims),
                        dt)
    if count == 0:
        return np.full(out_shape, identity(op, dt), dtype=np.float64
                       if dt.kind == "f" else dt)
    kw = dict(axis=axes, keepdims=keepdims)
    if op == "logical_and":
        return np.all(x, **kw)
    if op == "logical_or":
        return np.any(x, **kw)
    if op in ("min", "max"):
        if nan_mode == "ignore" and dt.kind == "f":
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", RuntimeWarning)
                return (np.nanmin if op == "min" else np.nanmax)(x, **kw)
        return (np.min if op == "min" else np.max)(x, **kw)
    if dt.kind in "iu":
        if op == "sum":
            return np.sum(x, dtype=dt, **kw)
        if op == "l1":
            return np.sum(np.abs(x), dtype=dt, **kw)
        if op == "sum_square":
            return np.sum(x * x, dtype=dt, **kw)
        if op == "prod":
            return np.prod(x, dtype=dt, **kw)
        if op == "mean":  # exact: Python integers do not wrap
            return trunc_div(np.sum(x.astype(object), **kw), count, dt)
        raise AssertionError(op)
    xf = x.astype(np.float64)
    with np.errstate(all="ignore"):
        if op == "sum":
            return np.sum(xf, **kw)
        if op == "l1":
            return np.sum(np.abs(xf), **kw)
        if op == "sum_square":
            return np.sum(xf * xf, **kw)
        if op == "l2":
            return np.sqrt(np.sum(xf * xf, **kw))
        if op == "prod":
            return np.prod(xf, **kw)
        if op == "mean":
            return np.mean(xf, **kw)
        if op == "log_sum":
            return np.log(np.sum(xf, **kw))
        if op == "log_sum_exp":
            m = np.max(xf, axis=axes, keepdims=True)
            m = np.where(np.isfinite(m), m, 0)
            r = np.log(np.sum(np.exp(xf - m), axis=axes, keepdims=True)) + m
            return r if keepdims else np.squeeze(r, axis=axes)
    raise AssertionError(op)


def tolerance(op, x, axis, keepdims, expected, element_type):
    """The absolute error allowed for each element of a float result."""
    if op in ("min", "max"):
        return np.zeros(np.shape(expected))
    tol = TOLERANCE[element_type]
    axes = axes_tuple(axis, x.ndim)
    xf = np.abs(x.astype(np.float64))
    if op in ("sum", "mean"):
        scale = np.sum(xf, axis=axes, keepdims=keepdims)
        if op == "mean":
            scale = scale / max(int(np.prod([x.shape[a] for a in axes])), 1)
    elif op == "prod":
        scale = 4 * np.abs(expected)
    elif op in ("log_sum", "log_sum_exp"):
        scale = 4 * (1 + np.abs(expected))
    else:
        scale = np.abs(expected)
    return tol * np.where(np.isfinite(scale), scale, 0) + 1e-30


def assert_matches(op, got, x, axis, keepdims, element_type, **kwargs):
    expected = reference(op, x, axis, keepdims, **kwargs)
    assert np.shape(got) == np.shape(expected), (np.shape(got),
                                                 np.shape(expected))
    if x.dtype.kind == "f" and op not in ("min", "max"):
        assert got.dtype == x.dtype
        got64 = np.asarray(got, dtype=np.float64)
        expected = np.asarray(expected, dtype=np.float64)
        same_nan = np.isnan(got64) == np.isnan(expected)
        assert same_nan.all(), (got, expected)
        same_inf = np.where(np.isinf(expected), got64 == expected, True)
        assert same_inf.all(), (got, expected)
        finite = np.isfinite(expected)
        error = np.abs(np.where(finite, got64, 0) -
                       np.where(finite, expected, 0))
        bound = tolerance(op, x, axis, keepdims, expected, element_type)
        assert (error <= bound).all(), (got, expected, error, bound)
    else:
        assert got.dtype == np.asarray(expected).dtype or (
            x.dtype.kind == "f"), (got.dtype, expected)
        np.testing.assert_array_equal(got, np.asarray(expected, x.dtype)
                                      if x.dtype.kind == "f" else expected)
        if x.dtype.kind == "f":  # min/max: the signs of zeros too
            numbers = ~np.isnan(np.asarray(expected, np.float64))
            assert (np.signbit(got) == np.signbit(expected))[numbers].all()


def make_data(op, dtype, shape, rng):
    dtype = np.dtype(dtype)
    if dtype == np.bool_:
        return rng.random(shape) < 0.7
    if dtype.kind in "iu":
        info = np.iinfo(dtype)
        # The whole range: sums and products wrap.
        return rng.integers(info.min, info.max, size=shape, dtype=dtype,
                            endpoint=True)
    if op == "prod":
        values = rng.uniform(0.5, 1.5, shape) * rng.choice([-1, 1], shape)
    elif op == "log_sum":
        values = rng.uniform(0.1, 2.0, shape)
    else:
        values = rng.standard_normal(shape) * 3
    return values.astype(dtype)


def element_type_of(dtype):
    return {"float16": "f16", "float32": "f32", "float64": "f64"}.get(
        np.dtype(dtype).name, "int")


def op_dtype_cases():
    cases = []
    for op in ALL_OPS:
        dtypes = ([np.bool_] if op in LOGICAL_OPS else
                  FLOATS + INTS)
        for dtype in dtypes:
            cases.append((op, dtype))
    return cases


@pytest.mark.parametrize("op,dtype", op_dtype_cases(),
                         ids=lambda v: getattr(v, "__name__", v))
def test_values_every_op_and_dtype(op, dtype, rng):
    """Two axis forms (rotating through all of them) per op and dtype."""
    index = ALL_OPS.index(op) * 3 + [np.bool_, *FLOATS, *INTS].index(dtype)
    for step in range(2):
        axis = AXES[(index + step * 4) % len(AXES)]
        keepdims = (index + step) % 2 == 1
        x = make_data(op, dtype, SHAPE, rng)
        got = getattr(rm, op)(x, axis=axis, keepdims=keepdims)
        assert_matches(op, np.asarray(got), x, axis, keepdims,
                       element_type_of(dtype))


@pytest.mark.parametrize("op", ["sum", "min", "mean", "l2", "logical_or"])
@pytest.mark.parametrize("keepdims", [False, True])
def test_every_axis_form(op, keepdims, rng):
    dtype = np.bool_ if op == "logical_or" else np.float32
    x = make_data(op, dtype, SHAPE, rng)
    for axis in AXES:
        got = getattr(rm, op)(x, axis, keepdims)
        assert_matches(op, np.asarray(got), x, axis, keepdims, "f32")


@pytest.mark.parametrize("op", ALL_OPS)
def test_size_zero_dims(op, rng):
    """Reducing a size-0 dim gives the identity (where NumPy's min and max
    raise); keeping it gives an empty result."""
    dtype = np.bool_ if op in LOGICAL_OPS else np.float32
    x = np.zeros((3, 0, 5), dtype)
    for axis, keepdims in [(1, False), (None, True), ((0, 2), False), (0, True)]:
        got = getattr(rm, op)(x, axis=axis, keepdims=keepdims)
        assert_matches(op, np.asarray(got), x, axis, keepdims, "f32")
    if op in NUMERIC_OPS:
        xi = np.zeros((0, 4), np.int16)
        assert_matches(op, np.asarray(getattr(rm, op)(xi, axis=0)), xi, 0,
                       False, "int")


@pytest.mark.parametrize("op", NUMERIC_OPS + FLOAT_OPS)
def test_nan_propagates(op):
    x = np.arange(12, dtype=np.float64).reshape(3, 4) + 1
    x[1, 2] = np.nan
    got = getattr(rm, op)(x, axis=1)
    assert np.isnan(got[1]) and not np.isnan(got[0]) and not np.isnan(got[2])
    assert_matches(op, got, x, 1, False, "f64")


@pytest.mark.parametrize("op", ["min", "max"])
def test_nan_mode(op):
    x = np.array([[1.0, np.nan, -2.0], [np.nan, np.nan, np.nan],
                  [3.0, 4.0, 5.0]], np.float32)
    propagate = getattr(rm, op)(x, axis=1)
    ignore = getattr(rm, op)(x, axis=1, nan_mode="ignore")
    assert_matches(op, propagate, x, 1, False, "f32")
    assert_matches(op, ignore, x, 1, False, "f32", nan_mode="ignore")
    assert np.isnan(propagate[0]) and not np.isnan(ignore[0])
    assert np.isnan(ignore[1])  # all NaN gives NaN
    with pytest.raises(ValueError, match="nan_mode"):
        getattr(rm, op)(x, nan_mode="sometimes")


def test_signed_zeros():
    """min/max order -0.0 below +0.0 (docs/ReduceDialect.md); sums of
    zeros are zero."""
    x = np.array([[0.0, -0.0], [-0.0, 0.0], [-0.0, -0.0]], np.float32)
    assert np.signbit(rm.min(x, axis=1)).tolist() == [True, True, True]
    assert np.signbit(rm.max(x, axis=1)).tolist() == [False, False, True]
    assert (rm.sum(x, axis=1) == 0).all()
    assert (rm.l1(x, axis=1) == 0).all() and not np.signbit(rm.l1(x, 1)).any()
    assert rm.prod(np.array([-0.0, 2.0], np.float64)) == 0


def test_integer_wrap():
    assert rm.sum(np.array([100, 100], np.int8)) == np.int8(-56)
    assert rm.sum(np.array([200, 100], np.uint8)) == np.uint8(44)
    assert rm.l1(np.array([-128, 0], np.int8)) == np.int8(-128)
    assert rm.prod(np.array([2**31 - 1, 2], np.int32)) == np.int32(-2)
    assert rm.sum_square(np.array([16, 0], np.int8)) == np.int8(0)
    big = np.array([2**62, 2**62], np.int64)
    assert rm.sum(big) == np.int64(-2**63)
    assert rm.mean(np.array([-7, 0], np.int32)) == np.int32(-3)
    assert rm.min(np.array([3, 2**64 - 1], np.uint64)) == np.uint64(3)
    assert rm.max(np.array([-1, -2**63], np.int64)) == np.int64(-1)


def test_scalar_results():
    """0-D results are NumPy scalars, as NumPy returns them."""
    x = np.arange(6, dtype=np.float32).reshape(2, 3)
    s = rm.sum(x)
    assert isinstance(s, np.float32) and s == 15
    assert isinstance(rm.max(x.astype(np.int64)), np.int64)
    assert isinstance(rm.logical_or(x > 4), np.bool_)
    kept = rm.sum(x, keepdims=True)
    assert isinstance(kept, np.ndarray) and kept.shape == (1, 1)
    one_d = rm.sum(x, axis=1)
    assert isinstance(one_d, np.ndarray) and one_d.tolist() == [3, 12]
    # A rank-0 input: nothing to reduce.
    r = rm.sum(np.float64(2.5))
    assert isinstance(r, np.float64) and r == 2.5
    assert rm.sum(np.array(7, np.int16), axis=()) == 7
    # Python lists are arrays too.
    assert rm.sum([[1.0, 2.0], [3.0, 4.0]], axis=0).tolist() == [4.0, 6.0]


def test_result_owns_kernel_buffer():
    x = np.ones((64, 32), np.float32)
    r = rm.sum(x, axis=1)
    assert r.flags.c_contiguous and r.flags.writeable
    assert r.base is not None  # the capsule owning the kernel's buffer
    assert r.ctypes.data % 64 == 0
    r[0] = 5  # ours to write
    assert rm.sum(x, axis=1)[0] == 32


def test_non_contiguous_and_misaligned(rng):
    base = rng.standard_normal((8, 12, 10)).astype(np.float32)
    for x in [base[:, ::2, :], base.transpose(2, 0, 1), base[::-1],
              np.asfortranarray(base), base[1:7, 3, ::3]]:
        assert not x.flags.c_contiguous
        for axis in [None, 0, -1]:
            assert_matches("sum", rm.sum(x, axis=axis), x, axis, False, "f32")
            assert_matches("max", rm.max(x, axis=axis), x, axis, False, "f32")
    # A float32 view one byte into a byte buffer: not aligned.
    raw = np.zeros(4 * 30 + 1, np.uint8)
    x = raw[1:].view(np.float32).reshape(5, 6)
    x[...] = rng.standard_normal((5, 6))
    assert not x.flags.aligned
    assert_matches("sum", rm.sum(x, axis=1), x, 1, False, "f32")
    # Big-endian data is converted.
    xb = base.astype(">f4")
    assert_matches("sum", rm.sum(xb, axis=0), base, 0, False, "f32")


def widen_bf16(bits):
    """python.md's idiom: bf16 bits in uint16 to float32, for arrays and for
    the NumPy scalar of a 0-D result alike (a plain 16 would promote a
    scalar to int64, whose 8 bytes cannot be viewed as one float32)."""
    return (bits.astype(np.uint32) << np.uint32(16)).view(np.float32)


@pytest.mark.parametrize("axis", [1, None])
@pytest.mark.parametrize("op", ["sum", "max", "mean", "l2", "log_sum_exp"])
def test_bfloat16(op, axis, rng):
    f = rng.uniform(0.5, 2.0, (4, 6)).astype(np.float32)
    bits = (f.view(np.uint32) >> 16).astype(np.uint16)
    values = widen_bf16(bits)
    got = getattr(rm, op)(bits, axis=axis, dtype="bfloat16")
    assert got.dtype == np.uint16
    assert np.shape(got) == ((4,) if axis == 1 else ())
    got = widen_bf16(got)
    assert got.dtype == np.float32
    expected = reference(op, values.astype(np.float64), axis, False)
    assert np.allclose(got, expected, rtol=1.6e-2), (got, expected)


def test_threads_option(rng):
    x = rng.standard_normal((64, 4096)).astype(np.float32)
    for threads in [1, 2]:
        assert_matches("sum", rm.sum(x, axis=1, threads=threads), x, 1,
                       False, "f32")
        assert_matches("min", rm.min(x, axis=0, threads=threads), x, 0,
                       False, "f32")
    got = rm.sum(x, axis=None, options="strict-fp-order=true")
    assert_matches("sum", np.asarray(got), x, None, False, "f32")


def test_aligned_arrays(rng):
    x = rm.empty((3, 5), np.float64)
    assert x.ctypes.data % 64 == 0 and x.shape == (3, 5) and x.flags.c_contiguous
    assert rm.empty(7, np.int8).ctypes.data % 64 == 0
    assert rm.empty((0, 4)).shape == (0, 4)
    y = rng.standard_normal((9, 7))
    a = rm.aligned(y)
    assert a.ctypes.data % 64 == 0 and np.array_equal(a, y)
    assert rm.aligned(a) is a
    t = rm.aligned(y.T)
    assert t.flags.c_contiguous and np.array_equal(t, y.T)
    assert_matches("sum", rm.sum(a, axis=0), y, 0, False, "f64")


def test_aligned_allocations():
    with rm.aligned_allocations():
        arrays = [np.empty(n, np.float32) for n in (1, 3, 17, 1000, 1 << 20)]
        arrays.append(np.random.default_rng(0).standard_normal((64, 33)))
        arrays.append(np.zeros((5, 5), np.int16))
        grown = np.arange(10.0)
        grown.resize(100000, refcheck=False)  # realloc keeps the data
        shrunk = np.arange(100000.0)
        shrunk.resize(10, refcheck=False)
    for array in arrays + [grown, shrunk]:
        assert array.ctypes.data % 64 == 0
    assert (arrays[-1] == 0).all()
    assert grown[:10].tolist() == list(range(10)) and (grown[10:] == 0).all()
    assert shrunk.tolist() == list(range(10))
    x = arrays[-2]
    assert_matches("sum", rm.sum(x, axis=1), x, 1, False, "f64")
    for array in arrays:
        assert get_handler_name(array) == "reduce_mlir_aligned64"
    # NumPy's allocator again after the block (even after an exception).
    with pytest.raises(KeyError):
        with rm.aligned_allocations():
            assert get_handler_name() == "reduce_mlir_aligned64"
            raise KeyError()
    assert get_handler_name() == "default_allocator"
    assert get_handler_name(np.empty(1 << 16)) == "default_allocator"

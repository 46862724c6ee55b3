"""reduce_mlir.argmax/argmin and the scans against NumPy."""

import numpy as np
import pytest

import reduce_mlir as rm

RNG = np.random.default_rng(7)


def same(result, expected):
    assert isinstance(result, (np.ndarray, np.generic))
    result = np.asarray(result)
    assert result.dtype == expected.dtype, (result.dtype, expected.dtype)
    assert result.shape == expected.shape
    np.testing.assert_array_equal(result, expected)


@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.float16,
                                   np.int8, np.uint16, np.int64])
@pytest.mark.parametrize("axis", [0, 1, -1, None])
def test_arg_reductions_match_numpy(dtype, axis):
    # Small integers make ties common.
    x = RNG.integers(-3, 4, (5, 9)).astype(dtype)
    for keepdims in (False, True):
        same(rm.argmax(x, axis, keepdims),
             np.argmax(x, axis, keepdims=keepdims))
        same(rm.argmin(x, axis, keepdims),
             np.argmin(x, axis, keepdims=keepdims))


def test_select_last_index():
    x = np.array([[1, 5, 5, 0], [2, 2, 2, 2], [7, -1, 7, -1]], np.int32)
    same(rm.argmax(x, 1, select_last_index=True), np.array([2, 3, 2]))
    same(rm.argmin(x, 1, select_last_index=True), np.array([3, 3, 3]))
    # The last index is the first of the reversed axis.
    y = RNG.integers(0, 3, (6, 8)).astype(np.float32)
    same(rm.argmax(y, 0, select_last_index=True),
         y.shape[0] - 1 - np.argmax(y[::-1], 0))


def test_special_floats():
    nan, inf = np.nan, np.inf
    x = np.array([[1.0, nan, 3.0, nan],
                  [-inf, -inf, 0.0, inf],
                  [-0.0, 0.0, -0.0, 0.0],
                  [nan, nan, nan, nan]], np.float32)
    # The first NaN wins, as NumPy (and PyTorch) say; -0.0 ties +0.0.
    same(rm.argmax(x, 1), np.argmax(x, 1))
    same(rm.argmin(x, 1), np.argmin(x, 1))
    same(rm.argmax(x, 0), np.argmax(x, 0))


def test_integer_limits():
    info = np.iinfo(np.int64)
    x = np.array([[info.min, info.max, info.max, 0],
                  [info.min, info.min, -1, info.min]], np.int64)
    same(rm.argmax(x, 1), np.argmax(x, 1))
    same(rm.argmin(x, 1), np.argmin(x, 1))
    u = np.array([[0, 255, 255, 1]], np.uint8)
    same(rm.argmax(u, 1), np.argmax(u, 1))
    same(rm.cummax(u, 1), np.maximum.accumulate(u, 1))
    # Integers wrap, as NumPy's int64 does.
    big = np.array([info.max, 1, info.max], np.int64)
    with np.errstate(over="ignore"):
        same(rm.cumsum(big), np.cumsum(big))


def test_size_one_and_flattened():
    x = RNG.standard_normal((3, 1, 4)).astype(np.float32)
    same(rm.argmax(x, 1), np.argmax(x, 1))
    same(rm.cumsum(x, 1), np.cumsum(x, 1))
    same(rm.argmin(x), np.argmin(x))
    same(rm.cumsum(x), np.cumsum(x))


@pytest.mark.parametrize("axis", [0, 1, -1])
def test_scans_match_numpy(axis):
    i = RNG.integers(-50, 50, (6, 7)).astype(np.int32)
    # NumPy promotes small integers to int64 for cumsum and cumprod.
    same(rm.cumsum(i, axis), np.cumsum(i, axis))
    same(rm.cumprod(i % 3 + 1, axis), np.cumprod(i % 3 + 1, axis))
    same(rm.cummin(i, axis), np.minimum.accumulate(i, axis))
    same(rm.cummax(i, axis), np.maximum.accumulate(i, axis))
    f = RNG.standard_normal((6, 7))
    np.testing.assert_allclose(rm.cumsum(f, axis), np.cumsum(f, axis),
                               rtol=1e-13, atol=1e-13)
    same(rm.cummax(f, axis), np.maximum.accumulate(f, axis))
    same(rm.cumsum(f.astype(np.float32), axis, dtype=np.float64),
         np.cumsum(f.astype(np.float32), axis, dtype=np.float64))


def test_exclusive_and_reverse():
    x = np.arange(1, 13, dtype=np.int64).reshape(3, 4)
    inclusive = np.cumsum(x, 1)
    same(rm.cumsum(x, 1, exclusive=True), inclusive - x)
    reversed_sums = np.cumsum(x[:, ::-1], 1)[:, ::-1]
    same(rm.cumsum(x, 1, reverse=True), reversed_sums)
    same(rm.cumsum(x, 1, exclusive=True, reverse=True), reversed_sums - x)
    same(rm.cumprod(x, 0, exclusive=True),
         np.concatenate([np.ones((1, 4), np.int64),
                         np.cumprod(x, 0)[:-1]]))


def test_scan_nan_and_f16():
    x = np.array([1.0, np.nan, -2.0, 5.0], np.float32)
    same(rm.cummax(x), np.maximum.accumulate(x))
    same(rm.cummin(x), np.minimum.accumulate(x))
    h = RNG.standard_normal(300).astype(np.float16)
    # Each output is the f32 running sum rounded once (NumPy rounds every
    # partial sum to f16).
    expected = np.cumsum(h.astype(np.float32)).astype(np.float16)
    same(rm.cumsum(h), expected)


def test_errors():
    x = np.zeros((2, 3), np.float32)
    with pytest.raises(ValueError, match="axis 2 is out of range"):
        rm.argmax(x, 2)
    with pytest.raises(ValueError, match="axis -3 is out of range"):
        rm.cumsum(x, -3)
    with pytest.raises(ValueError, match="an empty set has no index"):
        rm.argmin(np.zeros((2, 0), np.float32), 1)
    with pytest.raises(TypeError, match="unsupported dtype bool"):
        rm.argmax(np.zeros(3, np.bool_))
    with pytest.raises(TypeError, match="unsupported dtype complex"):
        rm.cummax(np.zeros(3, np.complex64))
    # Scans of empty arrays are empty, as NumPy's.
    same(rm.cumsum(np.zeros((0, 3), np.float32), 1),
         np.cumsum(np.zeros((0, 3), np.float32), 1))


def test_kernels_are_cached():
    rm.cache_clear()
    x = RNG.standard_normal((4, 5)).astype(np.float32)
    rm.argmax(x, 1)
    assert rm.cache_info().misses == 1
    rm.argmax(x, 1)
    rm.argmax(x.copy(), -1)  # the same normalized axis: the same kernel
    info = rm.cache_info()
    assert (info.misses, info.entries, info.hits) == (1, 1, 2)
    # Other flags are other kernels.
    rm.argmax(x, 1, select_last_index=True)
    rm.cumsum(x, 1)
    rm.cumsum(x, 1, reverse=True)
    assert rm.cache_info().entries == 4
    rm.cache_clear()

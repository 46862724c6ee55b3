"""Fused programs (issue 33) against NumPy: elementwise arith/math ops,
linalg.broadcast and sibling reductions around reduce ops, compiled by
reduce_mlir.compile both with the default pipeline (fused into the
reductions' loops) and with "lower-to-loops=true" (unfused scalar loops),
and every result compared with NumPy's semantics: NaN propagation of
min/max, infinities, -0.0, size-0 dims, f16 widened by arith.extf, dynamic
shapes, and threads=2 on inputs of at least 1 MiB."""

import numpy as np
import pytest

import reduce_mlir as rm

# The default (fused) pipeline and the scalar reference, both against NumPy.
PIPELINES = ["", "lower-to-loops=true"]


@pytest.fixture(params=PIPELINES, ids=["fused", "loops"])
def options(request):
    return request.param


def compile_(source, options):
    return rm.compile(source, options)


def f32_close(got, expected, magnitude=None, rtol=3e-6):
    """f32 results computed in any order against an f64 reference: within
    rtol * (the sum of magnitudes behind each element, or |expected|)."""
    got = np.asarray(got, np.float64)
    expected = np.asarray(expected, np.float64)
    scale = np.abs(expected) if magnitude is None else np.asarray(magnitude)
    nan = np.isnan(expected)
    assert np.array_equal(np.isnan(got), nan), (got, expected)
    finite = np.isfinite(expected)
    assert np.array_equal(got[~finite & ~nan], expected[~finite & ~nan])
    err = np.abs(got - expected)[finite]
    assert np.all(err <= rtol * scale[finite] + 1e-30), (
        np.max(err - rtol * scale[finite]), got, expected)


def same_bits(a, b):
    """Equal with NaN matching NaN and the sign of zeros compared."""
    a, b = np.asarray(a), np.asarray(b)
    assert a.shape == b.shape and a.dtype == b.dtype
    both_nan = np.isnan(a) & np.isnan(b)
    assert np.array_equal(np.where(both_nan, 0, a), np.where(both_nan, 0, b))
    assert np.array_equal(np.signbit(a) | both_nan, np.signbit(b) | both_nan)


def ieee_min(x, axis):
    """np.min with -0.0 below +0.0 (NumPy returns either zero; the dialect
    orders them as IEEE minimum, docs/python.md)."""
    lo = np.min(x, axis=axis)
    neg_zero = np.any((x == 0) & np.signbit(x), axis=axis)
    return np.where((lo == 0) & neg_zero, -0.0, lo).astype(x.dtype)


def ieee_max(x, axis):
    hi = np.max(x, axis=axis)
    pos_zero = np.any((x == 0) & ~np.signbit(x), axis=axis)
    return np.where((hi == 0) & pos_zero, 0.0, hi).astype(x.dtype)


def tensor(shape, dynamic, elem="f32"):
    return "tensor<%s%s>" % ("".join(
        ("?" if dynamic else str(s)) + "x" for s in shape), elem)


DOT = """
func.func @dot(%x: {T}, %y: {T}) -> {R} {{
  %p = arith.mulf %x, %y : {T}
  %r = reduce.sum %p axes [1] : {T} -> {R}
  return %r : {R}
}}
"""


@pytest.mark.parametrize("dynamic", [False, True], ids=["static", "dynamic"])
def test_dot(options, dynamic, rng):
    shape = (37, 133)
    src = DOT.format(T=tensor(shape, dynamic), R=tensor(shape[:1], dynamic))
    m = compile_(src, options)
    x = rng.standard_normal(shape).astype(np.float32)
    y = rng.standard_normal(shape).astype(np.float32)
    x[3, 5] = np.inf
    y[4, 7] = np.nan
    x[5, :] = -0.0
    got = m.dot(x, y)
    x64, y64 = x.astype(np.float64), y.astype(np.float64)
    with np.errstate(invalid="ignore"):
        f32_close(got, np.sum(x64 * y64, axis=1),
                  np.sum(np.abs(x64 * y64), axis=1))
    assert np.isinf(got[3]) and np.isnan(got[4])
    # A row of -0.0 * y: products of either sign, sum +0.0 as NumPy's.
    assert got[5] == 0 and not np.signbit(got[5])
    if dynamic:
        assert m.dot(x[:0], y[:0]).shape == (0,)
        assert np.all(m.dot(x[:2, :0], y[:2, :0]) == 0)


MIN_MAX = """
func.func @min_max(%x: {T}) -> ({R}, {R}) {{
  %a = reduce.min %x axes [1] : {T} -> {R}
  %b = reduce.max %x axes [1] : {T} -> {R}
  return %a, %b : {R}, {R}
}}
"""


@pytest.mark.parametrize("dynamic", [False, True], ids=["static", "dynamic"])
def test_min_max(options, dynamic, rng):
    shape = (9, 67)
    src = MIN_MAX.format(T=tensor(shape, dynamic),
                         R=tensor(shape[:1], dynamic))
    m = compile_(src, options)
    x = rng.standard_normal(shape).astype(np.float32)
    x[1, 30] = np.nan                       # NaN propagates (np.min/np.max)
    x[2, :] = np.abs(x[2, :]) + 1
    x[2, 7] = -np.inf
    x[3, :] = 0.0
    x[3, 11] = -0.0                         # -0.0 < +0.0
    x[4, :] = -0.0
    x[4, 60] = 0.0
    x[5, 0] = np.inf
    lo, hi = m.min_max(x)
    same_bits(lo, ieee_min(x, 1))
    same_bits(hi, ieee_max(x, 1))
    if dynamic:
        # Over a size-0 dim: the identities, +inf and -inf.
        lo, hi = m.min_max(x[:, :0])
        assert np.all(lo == np.inf) and np.all(hi == -np.inf)


SUM_SUMSQ = """
func.func @sum_sumsq(%x: {T}) -> ({R}, {R}) {{
  %a = reduce.sum %x axes [0] : {T} -> {R}
  %q = arith.mulf %x, %x : {T}
  %b = reduce.sum %q axes [0] : {T} -> {R}
  return %a, %b : {R}, {R}
}}
"""


@pytest.mark.parametrize("dynamic", [False, True], ids=["static", "dynamic"])
def test_sum_and_sum_of_squares(options, dynamic, rng):
    shape = (257, 19)
    src = SUM_SUMSQ.format(T=tensor(shape, dynamic),
                           R=tensor(shape[1:], dynamic))
    m = compile_(src, options)
    x = rng.standard_normal(shape).astype(np.float32)
    x[:, 1] = -0.0                          # a -0.0 column sums to +0.0
    x[10, 2] = np.inf
    x[11, 3], x[12, 3] = np.inf, -np.inf    # inf - inf is NaN
    x[13, 4] = np.nan
    s, q = m.sum_sumsq(x)
    x64 = x.astype(np.float64)
    with np.errstate(invalid="ignore"):
        f32_close(s, np.sum(x64, axis=0), np.sum(np.abs(x64), axis=0))
        f32_close(q, np.sum(x64 * x64, axis=0), np.sum(x64 * x64, axis=0))
    assert s[1] == 0 and not np.signbit(s[1])
    assert q[1] == 0 and not np.signbit(q[1])
    assert s[2] == np.inf and np.isnan(s[3]) and np.isnan(s[4])
    assert q[2] == np.inf and q[3] == np.inf and np.isnan(q[4])


MEAN_VAR = """
func.func @mean_var(%x: {T}) -> ({R}, {R}) {{
  %c1 = arith.constant 1 : index
  %c0 = arith.constant 0 : index
  %m = reduce.mean %x axes [1] : {T} -> {R}
  %e = tensor.empty({dims}) : {T}
  %mb = linalg.broadcast ins(%m : {R}) outs(%e : {T}) dimensions = [1]
  %d = arith.subf %x, %mb : {T}
  %d2 = arith.mulf %d, %d : {T}
  %v = reduce.mean %d2 axes [1] : {T} -> {R}
  return %m, %v : {R}, {R}
}}
"""


def dims_of(dynamic, rank=2):
    if not dynamic:
        return ""
    return ", ".join("%%d%d" % i for i in range(rank))


def dim_ops(dynamic, var, T, rank=2):
    if not dynamic:
        return ""
    return "".join("  %%d%d = tensor.dim %s, %%c%d : %s\n" % (i, var, i, T)
                   for i in range(rank))


@pytest.mark.parametrize("dynamic", [False, True], ids=["static", "dynamic"])
def test_mean_and_variance(options, dynamic, rng):
    shape = (23, 301)
    T, R = tensor(shape, dynamic), tensor(shape[:1], dynamic)
    src = MEAN_VAR.format(T=T, R=R, dims=dims_of(dynamic))
    src = src.replace("  %m = reduce.mean",
                      dim_ops(dynamic, "%x", T) + "  %m = reduce.mean")
    m = compile_(src, options)
    x = (rng.standard_normal(shape) * 3 + 10).astype(np.float32)
    x[2, 4] = np.nan
    mean, var = m.mean_var(x)
    x64 = x.astype(np.float64)
    f32_close(mean, np.mean(x64, axis=1), np.mean(np.abs(x64), axis=1))
    # The variance from the f32 mean: its error shifts each difference.
    f32_close(var, np.var(x64, axis=1),
              np.mean(x64 * x64, axis=1) * 4, rtol=2e-5)
    assert np.isnan(mean[2]) and np.isnan(var[2])
    if dynamic:
        mean, var = m.mean_var(x[:3, :0])   # 0/0
        assert np.all(np.isnan(mean)) and np.all(np.isnan(var))


SOFTMAX = """
func.func @softmax(%x: {T}) -> {T} {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
{dimops}  %m = reduce.max %x axes [1] : {T} -> {R}
  %e0 = tensor.empty({dims}) : {T}
  %mb = linalg.broadcast ins(%m : {R}) outs(%e0 : {T}) dimensions = [1]
  %d = arith.subf %x, %mb : {T}
  %ex = math.exp %d : {T}
  %s = reduce.sum %ex axes [1] : {T} -> {R}
  %sb = linalg.broadcast ins(%s : {R}) outs(%e0 : {T}) dimensions = [1]
  %o = arith.divf %ex, %sb : {T}
  return %o : {T}
}}
"""


def softmax_source(shape, dynamic):
    T, R = tensor(shape, dynamic), tensor(shape[:1], dynamic)
    return SOFTMAX.format(T=T, R=R, dims=dims_of(dynamic),
                          dimops=dim_ops(dynamic, "%x", T))


def softmax_ref(x):
    x64 = x.astype(np.float64)
    with np.errstate(invalid="ignore", over="ignore"):
        e = np.exp(x64 - np.max(x64, axis=1, keepdims=True))
        return e / np.sum(e, axis=1, keepdims=True)


@pytest.mark.parametrize("dynamic", [False, True], ids=["static", "dynamic"])
def test_softmax(options, dynamic, rng):
    shape = (13, 77)
    m = compile_(softmax_source(shape, dynamic), options)
    x = (rng.standard_normal(shape) * 4).astype(np.float32)
    x[1, 3] = np.nan                     # a NaN row is NaN
    x[2, 5] = np.inf                     # inf - inf: NaN
    x[3, :] = np.where(np.arange(77) == 9, 0.0, -np.inf)  # one-hot
    x[4, :] = 1000.0                     # needs the shift
    got = m.softmax(x)
    expected = softmax_ref(x)
    # exp within a few ulps (the fused path's polynomial, within 2).
    f32_close(got, expected, np.maximum(np.abs(expected), 1e-38),
              rtol=2e-6 * 8)
    assert np.all(np.isnan(got[1])) and np.all(np.isnan(got[2]))
    assert abs(got[3, 9] - 1) <= 2e-7 and np.all(np.delete(got[3], 9) == 0)
    np.testing.assert_allclose(got[4], 1.0 / 77, rtol=1e-6)
    ok = ~np.isnan(got).any(axis=1)
    np.testing.assert_allclose(np.sum(got[ok], axis=1), 1.0, rtol=1e-5)
    if dynamic:
        assert m.softmax(x[:, :0]).shape == (13, 0)
        assert m.softmax(x[:0]).shape == (0, 77)


LAYER_NORM = """
func.func @layer_norm(%x: {T}) -> {T} {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %eps = arith.constant {eps} : f32
{dimops}  %m = reduce.mean %x axes [1] : {T} -> {R}
  %e0 = tensor.empty({dims}) : {T}
  %mb = linalg.broadcast ins(%m : {R}) outs(%e0 : {T}) dimensions = [1]
  %d = arith.subf %x, %mb : {T}
  %d2 = arith.mulf %d, %d : {T}
  %v = reduce.mean %d2 axes [1] : {T} -> {R}
  %e1 = tensor.empty({rdims}) : {R}
  %epsr = linalg.fill ins(%eps : f32) outs(%e1 : {R}) -> {R}
  %ve = arith.addf %v, %epsr : {R}
  %sd = math.sqrt %ve : {R}
  %sdb = linalg.broadcast ins(%sd : {R}) outs(%e0 : {T}) dimensions = [1]
  %o = arith.divf %d, %sdb : {T}
  return %o : {T}
}}
"""

RMS_NORM = """
func.func @rms_norm(%x: {T}) -> {T} {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %eps = arith.constant {eps} : f32
{dimops}  %q = arith.mulf %x, %x : {T}
  %ms = reduce.mean %q axes [1] : {T} -> {R}
  %e1 = tensor.empty({rdims}) : {R}
  %epsr = linalg.fill ins(%eps : f32) outs(%e1 : {R}) -> {R}
  %me = arith.addf %ms, %epsr : {R}
  %rms = math.sqrt %me : {R}
  %e0 = tensor.empty({dims}) : {T}
  %rb = linalg.broadcast ins(%rms : {R}) outs(%e0 : {T}) dimensions = [1]
  %o = arith.divf %x, %rb : {T}
  return %o : {T}
}}
"""

EPS = 1e-5


def norm_source(template, shape, dynamic):
    T, R = tensor(shape, dynamic), tensor(shape[:1], dynamic)
    return template.format(T=T, R=R, dims=dims_of(dynamic),
                           rdims="%d0" if dynamic else "",
                           dimops=dim_ops(dynamic, "%x", T),
                           eps="%.6e" % EPS)


@pytest.mark.parametrize("dynamic", [False, True], ids=["static", "dynamic"])
def test_layer_norm(options, dynamic, rng):
    shape = (11, 129)
    m = compile_(norm_source(LAYER_NORM, shape, dynamic), options)
    x = (rng.standard_normal(shape) * 2 + 1).astype(np.float32)
    x[5, 8] = np.nan
    x[6, :] = 3.0                          # var 0: 0 / sqrt(eps)
    got = m.layer_norm(x)
    x64 = x.astype(np.float64)
    expected = (x64 - x64.mean(axis=1, keepdims=True)) / np.sqrt(
        x64.var(axis=1, keepdims=True) + EPS)
    rows = np.ones(shape[0], bool)
    rows[[5]] = False
    np.testing.assert_allclose(got[rows], expected[rows], rtol=1e-4,
                               atol=1e-4)
    assert np.all(np.isnan(got[5]))
    assert np.all(got[6] == 0)


@pytest.mark.parametrize("dynamic", [False, True], ids=["static", "dynamic"])
def test_rms_norm(options, dynamic, rng):
    shape = (11, 129)
    m = compile_(norm_source(RMS_NORM, shape, dynamic), options)
    x = rng.standard_normal(shape).astype(np.float32)
    x[2, 3] = np.inf                       # inf / inf: NaN
    x[4, :] = 0.0
    x[4, 1] = -0.0                         # -0.0 / sqrt(eps) is -0.0
    got = m.rms_norm(x)
    x64 = x.astype(np.float64)
    with np.errstate(invalid="ignore"):
        expected = x64 / np.sqrt(np.mean(x64 * x64, axis=1, keepdims=True) +
                                 EPS)
    rows = np.arange(shape[0]) != 2
    np.testing.assert_allclose(got[rows], expected[rows], rtol=1e-5,
                               atol=1e-6)
    assert np.isnan(got[2, 3]) and np.all(got[2, np.arange(129) != 3] == 0)
    same_bits(got[4], expected[4].astype(np.float32))
    if dynamic:
        assert m.rms_norm(x[:0]).shape == (0, 129)


WIDEN_F16 = """
func.func @widen(%x: {T16}) -> ({R}, {R}, {R}) {{
  %w = arith.extf %x : {T16} to {T}
  %s = reduce.sum %w axes [1] : {T} -> {R}
  %m = reduce.mean %w axes [1] : {T} -> {R}
  %a = reduce.max %w axes [1] : {T} -> {R}
  return %s, %m, %a : {R}, {R}, {R}
}}
"""


@pytest.mark.parametrize("dynamic", [False, True], ids=["static", "dynamic"])
def test_f16_widened(options, dynamic, rng):
    shape = (7, 1000)
    src = WIDEN_F16.format(T16=tensor(shape, dynamic, "f16"),
                           T=tensor(shape, dynamic),
                           R=tensor(shape[:1], dynamic))
    m = compile_(src, options)
    # Values whose f16 sum would overflow (f16 max 65504) or lose every
    # small term: the sum in f32 does neither.
    x = (rng.standard_normal(shape) * 100 + 300).astype(np.float16)
    x[1, :] = 0.001
    x[2, 0] = np.nan
    x[3, :] = -0.0
    s, mean, mx = m.widen(x)
    x32 = x.astype(np.float32)
    x64 = x.astype(np.float64)
    assert s.dtype == np.float32 and mean.dtype == np.float32
    f32_close(s, np.sum(x64, axis=1), np.sum(np.abs(x64), axis=1))
    f32_close(mean, np.mean(x64, axis=1), np.mean(np.abs(x64), axis=1))
    same_bits(mx, ieee_max(x32, 1))
    assert np.isfinite(s[0]) and s[0] > 65504
    assert np.isnan(s[2]) and np.isnan(mx[2])
    assert s[3] == 0 and not np.signbit(s[3]) and np.signbit(mx[3])


def test_size_zero_dims(options):
    src = """
func.func @empty(%x: tensor<4x0xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %a = math.absf %x : tensor<4x0xf32>
  %s = reduce.sum %a axes [1] : tensor<4x0xf32> -> tensor<4xf32>
  %m = reduce.mean %a axes [1] : tensor<4x0xf32> -> tensor<4xf32>
  %lo = reduce.min %a axes [1] : tensor<4x0xf32> -> tensor<4xf32>
  %hi = reduce.max %a axes [1] : tensor<4x0xf32> -> tensor<4xf32>
  return %s, %m, %lo, %hi : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}
"""
    m = compile_(src, options)
    s, mean, lo, hi = m.empty(np.zeros((4, 0), np.float32))
    x = np.zeros((4, 0), np.float32)
    same_bits(s, np.sum(x, axis=1))
    with np.errstate(invalid="ignore"), pytest.warns(RuntimeWarning):
        same_bits(mean, np.mean(x, axis=1))
    assert np.all(lo == np.inf) and np.all(hi == -np.inf)


def test_fused_and_loops_agree_bitwise_on_min_max(rng):
    """The two pipelines compute min and max (NaN, -0.0) bit for bit."""
    shape = (5, 300)
    src = MIN_MAX.format(T=tensor(shape, False), R=tensor(shape[:1], False))
    fused, loops = (rm.compile(src, o) for o in PIPELINES)
    x = rng.standard_normal(shape).astype(np.float32)
    x[0, ::7] = np.nan
    x[1] = -0.0
    x[1, ::3] = 0.0
    for a, b in zip(fused.min_max(x), loops.min_max(x)):
        same_bits(a, b)


@pytest.mark.parametrize("program", ["softmax", "sum_sumsq", "dot"])
def test_threads_on_a_large_input(program, rng):
    """threads=2 on 2 MiB inputs (the split happens from 1 MiB on)."""
    shape = (512, 1024)
    x = rng.standard_normal(shape).astype(np.float32)
    x[7, 9] = np.nan
    x64 = x.astype(np.float64)
    if program == "softmax":
        m = rm.compile(softmax_source(shape, False), "threads=2")
        got = m.softmax(x)
        expected = softmax_ref(x)
        f32_close(got, expected, np.maximum(np.abs(expected), 1e-38),
                  rtol=2e-6 * 8)
    elif program == "sum_sumsq":
        shape_t = tensor(shape, False)
        src = SUM_SUMSQ.format(T=shape_t, R=tensor(shape[1:], False))
        s, q = rm.compile(src, "threads=2").sum_sumsq(x)
        f32_close(s, x64.sum(axis=0), np.abs(x64).sum(axis=0))
        f32_close(q, (x64 * x64).sum(axis=0), (x64 * x64).sum(axis=0))
    else:
        y = rng.standard_normal(shape).astype(np.float32)
        src = DOT.format(T=tensor(shape, False), R=tensor(shape[:1], False))
        got = rm.compile(src, "threads=2").dot(x, y)
        p = x64 * y.astype(np.float64)
        f32_close(got, p.sum(axis=1), np.abs(p).sum(axis=1))

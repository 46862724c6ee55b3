"""The normalizations of reduce_mlir (softmax, log_softmax, layer_norm,
rms_norm, normalize) against float64 NumPy references written here."""

import os

import numpy as np
import pytest

import reduce_mlir as rm

SRC_ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
TORCH_MODELS = os.path.join(SRC_ROOT, "test", "Import", "Onnx", "Inputs",
                            "torch")

# (rtol, atol) of a result against the float64 reference of its (rounded)
# input, by dtype: f16 results are rounded to f16 (2^-11 relative), and the
# f16 reference is computed from the same f16 values.
TOLERANCE = {np.float16: (2e-3, 2e-3), np.float32: (1e-5, 1e-6),
             np.float64: (1e-12, 1e-14)}


def check(result, reference, dtype):
    assert isinstance(result, np.ndarray)
    assert result.dtype == np.dtype(dtype)
    assert result.shape == reference.shape
    rtol, atol = TOLERANCE[dtype]
    np.testing.assert_allclose(result.astype(np.float64), reference,
                               rtol=rtol, atol=atol, equal_nan=True)


def data(rng, shape, dtype, scale=3.0):
    return (rng.standard_normal(shape) * scale).astype(dtype)


#===----------------------------------------------------------------------===#
# References (float64)
#===----------------------------------------------------------------------===#


def softmax_ref(x, axis):
    x = x.astype(np.float64)
    with np.errstate(invalid="ignore"):
        e = np.exp(x - x.max(axis=axis, keepdims=True))
        return e / e.sum(axis=axis, keepdims=True)


def log_softmax_ref(x, axis):
    x = x.astype(np.float64)
    with np.errstate(invalid="ignore", divide="ignore"):
        d = x - x.max(axis=axis, keepdims=True)
        return d - np.log(np.exp(d).sum(axis=axis, keepdims=True))


def layer_norm_ref(x, weight, bias, axis, eps):
    x = x.astype(np.float64)
    dims = tuple(range(axis % x.ndim, x.ndim))
    mean = x.mean(axis=dims, keepdims=True)
    inv = 1.0 / np.sqrt(((x - mean) ** 2).mean(axis=dims, keepdims=True) +
                        eps)
    y = (x - mean) * inv
    if weight is not None:
        y = y * np.asarray(weight, np.float64)
    if bias is not None:
        y = y + np.asarray(bias, np.float64)
    return y, mean, inv


def rms_norm_ref(x, weight, axis, eps):
    x = x.astype(np.float64)
    dims = tuple(range(axis % x.ndim, x.ndim))
    y = x / np.sqrt((x * x).mean(axis=dims, keepdims=True) + eps)
    return y if weight is None else y * np.asarray(weight, np.float64)


def normalize_ref(x, p, axis, eps):
    x = x.astype(np.float64)
    norm = (np.abs(x).sum(axis=axis, keepdims=True) if p == 1 else
            np.sqrt((x * x).sum(axis=axis, keepdims=True)))
    return x / np.maximum(norm, eps)


#===----------------------------------------------------------------------===#
# softmax, log_softmax
#===----------------------------------------------------------------------===#


def special_rows(rng, dtype):
    """Rows of 7 along the last axis: ordinary values, a row of -inf (NaN),
    a +inf (NaN), a NaN (NaN), one -inf among finite values (0 there, -inf
    in the log), large values that overflow exp without the max shift."""
    x = data(rng, (6, 7), dtype)
    x[1] = -np.inf
    x[2, 3] = np.inf
    x[3, 5] = np.nan
    x[4, 0] = -np.inf
    x[5] = np.linspace(1000, 1006, 7) if dtype != np.float16 else \
        np.linspace(60000, 60006, 7)
    return x


@pytest.mark.parametrize("dtype", [np.float32, np.float16])
def test_softmax_special_values(rng, dtype):
    x = special_rows(rng, dtype)
    y = rm.softmax(x)
    check(y, softmax_ref(x, -1), dtype)
    assert np.isnan(y[1]).all() and np.isnan(y[2]).all()
    assert np.isnan(y[3]).all()
    assert y[4, 0] == 0 and np.isfinite(y[5]).all()


def test_log_softmax_special_values(rng):
    x = special_rows(rng, np.float32)
    y = rm.log_softmax(x, axis=1)
    check(y, log_softmax_ref(x, 1), np.float32)
    assert y[4, 0] == -np.inf and np.isnan(y[1]).all()


@pytest.mark.parametrize("fn, ref", [(rm.softmax, softmax_ref),
                                     (rm.log_softmax, log_softmax_ref)])
@pytest.mark.parametrize("axis", [1, -3])
def test_softmax_axes_f64(rng, fn, ref, axis):
    """A middle axis and a negative first one on an odd-sized rank-3
    input."""
    x = data(rng, (3, 5, 9), np.float64)
    check(fn(x, axis), ref(x, axis), np.float64)


def test_softmax_sums_to_one(rng):
    x = data(rng, (4, 33), np.float32, scale=20.0)
    y = rm.softmax(x, axis=0)
    np.testing.assert_allclose(y.sum(axis=0), 1.0, rtol=1e-5)
    np.testing.assert_allclose(rm.log_softmax(x, axis=0), np.log(y),
                               rtol=1e-4, atol=1e-5)


#===----------------------------------------------------------------------===#
# layer_norm, rms_norm
#===----------------------------------------------------------------------===#


def test_layer_norm_last_axis(rng):
    x = data(rng, (2, 5, 9), np.float32) + 4
    w = data(rng, (9,), np.float32)
    b = data(rng, (9,), np.float32)
    y = rm.layer_norm(x, w, b)
    check(y, layer_norm_ref(x, w, b, -1, 1e-5)[0], np.float32)


def test_layer_norm_stats_broadcast(rng):
    """axis=1 of a rank-3 input: over the last two dims, as
    F.layer_norm(x, x.shape[1:]); a weight of the normalized shape, a bias
    of shape (1, 9) broadcast over dim 1, float64 weights converted to
    float32, the ONNX Mean and InvStdDev outputs."""
    x = data(rng, (3, 5, 9), np.float32)
    w = data(rng, (5, 9), np.float64)
    b = data(rng, (1, 9), np.float64)
    y, mean, inv = rm.layer_norm(x, w, b, axis=1, eps=1e-3,
                                 return_stats=True)
    ref_y, ref_mean, ref_inv = layer_norm_ref(
        x, w.astype(np.float32), b.astype(np.float32), 1, 1e-3)
    check(y, ref_y, np.float32)
    check(mean, ref_mean, np.float32)
    check(inv, ref_inv, np.float32)
    assert mean.shape == (3, 1, 1)
    # The same without the bias: a separate kernel.
    y2 = rm.layer_norm(x, w, axis=-2, eps=1e-3)
    check(y2, layer_norm_ref(x, w.astype(np.float32), None, 1, 1e-3)[0],
          np.float32)


def test_layer_norm_no_weight_f64(rng):
    x = data(rng, (7, 3, 5), np.float64)
    y = rm.layer_norm(x, axis=-2, eps=0.5)
    check(y, layer_norm_ref(x, None, None, -2, 0.5)[0], np.float64)
    # The mean over the normalized dims is 0.
    np.testing.assert_allclose(y.mean(axis=(1, 2)), 0, atol=1e-12)
    # A bias without a weight.
    b = data(rng, (3, 1), np.float64)
    check(rm.layer_norm(x, None, b, axis=-2, eps=0.5),
          layer_norm_ref(x, None, b, -2, 0.5)[0], np.float64)


def test_layer_norm_f16(rng):
    """f16 input: statistics in float32 (ONNX's stash_type)."""
    x = data(rng, (4, 17), np.float16) + 100
    w = data(rng, (17,), np.float16)
    y, mean, inv = rm.layer_norm(x, w, 0.5, return_stats=True)
    ref_y, ref_mean, ref_inv = layer_norm_ref(x, w, 0.5, -1, 1e-5)
    check(y, ref_y, np.float16)
    assert mean.dtype == np.float32 and inv.dtype == np.float32
    np.testing.assert_allclose(mean, ref_mean, rtol=1e-6)
    np.testing.assert_allclose(inv, ref_inv, rtol=1e-5)


def test_layer_norm_nan_row(rng):
    x = data(rng, (3, 7), np.float32)
    x[1, 2] = np.nan
    y = rm.layer_norm(x)
    assert np.isnan(y[1]).all() and np.isfinite(y[[0, 2]]).all()
    check(y, layer_norm_ref(x, None, None, -1, 1e-5)[0], np.float32)


@pytest.mark.parametrize("dtype, shape, axis, weight_shape", [
    (np.float32, (3, 11), -1, (11,)),
    (np.float64, (2, 3, 5), 1, None),
    (np.float16, (5, 9), -1, (1, 9)),
])
def test_rms_norm(rng, dtype, shape, axis, weight_shape):
    x = data(rng, shape, dtype)
    w = None if weight_shape is None else data(rng, weight_shape, dtype)
    y = rm.rms_norm(x, w, axis=axis, eps=1e-4)
    check(y, rms_norm_ref(x, w, axis, 1e-4), dtype)


#===----------------------------------------------------------------------===#
# normalize
#===----------------------------------------------------------------------===#


@pytest.mark.parametrize("p", [1, 2])
def test_normalize_zero_and_nan_rows(rng, p):
    """A zero row divides by eps (zeros); a tiny row's norm is below eps,
    which takes over; a NaN makes its row NaN."""
    x = data(rng, (5, 13), np.float32)
    x[1] = 0
    x[2] = 1e-14
    x[3, 4] = np.nan
    y = rm.normalize(x, p=p, eps=1e-12)
    check(y, normalize_ref(x, p, -1, 1e-12), np.float32)
    assert (y[1] == 0).all() and np.isnan(y[3]).all()
    # Where eps takes over: x / eps, not x / ||x||.
    np.testing.assert_allclose(y[2], 1e-14 / 1e-12, rtol=1e-5)
    norms = np.linalg.norm(y[[0, 4]].astype(np.float64), ord=p, axis=1)
    np.testing.assert_allclose(norms, 1.0, rtol=1e-5)


def test_normalize_axes_f64(rng):
    x = data(rng, (3, 5, 7), np.float64)
    check(rm.normalize(x, 1, axis=(0, -1)), normalize_ref(x, 1, (0, 2), 1e-12),
          np.float64)
    check(rm.normalize(x, 2.0, axis=1, eps=10.0),
          normalize_ref(x, 2, 1, 10.0), np.float64)


def test_normalize_tiny_eps(rng):
    """eps**2 below f32's normal range: p=2 divides by max(reduce.l2, eps)
    (reduce.normalize_l2 would see an epsilon of 0, and a zero row would
    give NaN)."""
    x = data(rng, (3, 13), np.float32)
    x[1] = 0
    x[2] = 1e-35
    y = rm.normalize(x, eps=1e-30)
    check(y, normalize_ref(x, 2, -1, 1e-30), np.float32)
    assert (y[1] == 0).all()
    np.testing.assert_allclose(y[2], 1e-5, rtol=1e-5)
    with pytest.raises(ValueError, match=r"'reduce.l2' op axis 2"):
        rm.normalize(x, axis=2, eps=1e-30)


@pytest.mark.parametrize("p", [1, 2])
def test_normalize_f16(rng, p):
    """Norms beyond f16's range (the sums of |x| and of the squares of 300
    values of ~300): computed in f32, rounded once."""
    x = (rng.standard_normal((3, 300)) * 300).astype(np.float16)
    y = rm.normalize(x, p)
    check(y, normalize_ref(x, p, -1, 1e-12), np.float16)


#===----------------------------------------------------------------------===#
# Errors
#===----------------------------------------------------------------------===#


def test_bad_axis():
    x = np.ones((2, 3), np.float32)
    with pytest.raises(ValueError, match=r"'reduce.softmax' op axis 2 is out "
                       r"of range \[-2, 1\]"):
        rm.softmax(x, axis=2)
    with pytest.raises(ValueError, match=r"'reduce.log_softmax' op axis -3"):
        rm.log_softmax(x, axis=-3)
    with pytest.raises(ValueError, match=r"'reduce.layer_norm' op axis 2"):
        rm.layer_norm(x, axis=2, return_stats=True)
    with pytest.raises(ValueError, match=r"'reduce.rms_norm' op axis -5"):
        rm.rms_norm(x, np.ones(3), axis=-5)
    with pytest.raises(ValueError, match=r"'reduce.normalize_l2' op axis 4"):
        rm.normalize(x, axis=4)
    with pytest.raises(ValueError, match=r"'reduce.l1' op axis 3"):
        rm.normalize(x, p=1, axis=(0, 3))
    with pytest.raises(ValueError, match=r"duplicates axis"):
        rm.normalize(x, p=1, axis=(1, -1))
    with pytest.raises(ValueError, match=r"out of range"):
        rm.softmax(np.float32(1.0))  # rank 0: no axis
    with pytest.raises(TypeError):
        rm.softmax(x, axis=1.5)


def test_bad_arguments():
    x = np.ones((2, 3), np.float32)
    for fn in (rm.softmax, rm.log_softmax, rm.layer_norm, rm.rms_norm,
               rm.normalize):
        for dtype in (np.int32, np.int64, np.uint8, np.bool_):
            with pytest.raises(TypeError, match=r"unsupported dtype"):
                fn(np.ones((2, 3), dtype))
    with pytest.raises(ValueError, match=r"scale of shape 2 does not "
                       r"broadcast"):
        rm.layer_norm(x, np.ones(2))
    with pytest.raises(ValueError, match=r"bias of shape"):
        rm.layer_norm(x, np.ones(3), np.ones((4, 3)))
    with pytest.raises(ValueError, match=r"p=3 is not supported"):
        rm.normalize(x, p=3)
    with pytest.raises(ValueError, match=r"p=inf is not supported"):
        rm.normalize(x, p=np.inf)
    with pytest.raises(ValueError, match=r"eps must be finite"):
        rm.layer_norm(x, eps=-1.0)
    with pytest.raises(ValueError, match=r"eps must be finite"):
        rm.normalize(x, eps=np.nan)
    with pytest.raises(ValueError, match=r"threads must be at least 1"):
        rm.softmax(x, threads=0)
    with pytest.raises(TypeError, match=r"weight has the unsupported dtype"):
        rm.rms_norm(x, np.array(["a", "b", "c"]))


#===----------------------------------------------------------------------===#
# The C++ builders of the modules
#===----------------------------------------------------------------------===#


def test_builders():
    """The modules come from the C++ builders: the op over the normalized
    axis, the weight-less scale as a constant, the statistics in f32 for
    f16, and normalize's p=2 as reduce.l2 where eps**2 underflows."""
    from reduce_mlir import _reduce_mlir as ext
    m = ext.build_softmax("log_softmax", "f32", (2, 3), -1)
    assert m.axes == (1,)
    assert "reduce.log_softmax %arg0 axis 1 : tensor<2x3xf32>" in m.text
    m = ext.build_norm("layer_norm", "f16", (2, 3, 4), -2, 1e-5, None, (4,),
                       True)
    assert m.axes == (1,)
    assert "dense<1.000000e+00> : tensor<1xf16>" in m.text
    assert "stash_type f32" in m.text
    assert "-> (tensor<2x3x4xf16>, tensor<2x1x1xf32>, tensor<2x1x1xf32>)" \
        in m.text
    m = ext.build_norm("rms_norm", "f64", (5,), 0, 0.5, (5,), None, False)
    assert m.axes == (0,) and "reduce.rms_norm" in m.text
    m = ext.build_normalize("f32", (2, 3), [0, -1], 2, 1e-6)
    assert m.axes == (0, 1)
    assert "reduce.normalize_l2" in m.text and "eps_mode max" in m.text
    m = ext.build_normalize("f16", (2, 3), [-1], 2, 1e-30)
    assert "reduce.l2" in m.text and "normalize_l2" not in m.text
    assert "arith.extf" in m.text and "arith.truncf" in m.text
    with pytest.raises(ValueError, match=r"'reduce.l1' op .*duplicates axis"):
        ext.build_normalize("f32", (2, 3), [1, -1], 1, 1e-6)
    with pytest.raises(ValueError, match=r"'reduce.rms_norm' op axis 3"):
        ext.build_norm("rms_norm", "f32", (2, 3), 3, 1e-5, None, None, False)
    with pytest.raises(ValueError, match=r"p=3 is not supported"):
        ext.build_normalize("f32", (2, 3), [1], 3, 1e-6)
    with pytest.raises(TypeError, match=r"unsupported element type 'x8'"):
        ext.build_softmax("softmax", "x8", (2, 3), 0)


def test_element_types():
    """The dtypes of the element types come from the runtime's table: every
    type NumPy has, bf16 (no NumPy dtype) left out."""
    from reduce_mlir import _reduce_mlir as ext
    assert ext.element_types == {
        "float16": "f16", "float32": "f32", "float64": "f64",
        "int8": "i8", "int16": "i16", "int32": "i32", "int64": "i64",
        "uint8": "ui8", "uint16": "ui16", "uint32": "ui32",
        "uint64": "ui64", "bool": "i1"}


#===----------------------------------------------------------------------===#
# The kernel cache
#===----------------------------------------------------------------------===#


def test_cache(rng):
    rm.cache_clear()
    x = data(rng, (3, 7), np.float32)
    w = data(rng, (7,), np.float32)
    first = rm.rms_norm(x, w)
    assert rm.cache_info().misses == 1
    # Another weight of the same shape: the same kernel.
    again = rm.rms_norm(x, w * 2)
    np.testing.assert_allclose(again, first * 2, rtol=1e-6)
    # An axis written another way and a repeated call: still one kernel.
    rm.rms_norm(x, w, axis=1)
    rm.rms_norm(x, w, axis=1)
    info = rm.cache_info()
    assert (info.misses, info.entries, info.hits) == (1, 1, 3)
    # A failed compilation caches nothing.
    with pytest.raises(ValueError):
        rm.rms_norm(x, w, axis=2)
    assert rm.cache_info().entries == 1
    # Another eps or threads=2: new kernels, the same values.
    rm.rms_norm(x, w, eps=1e-6)
    check(rm.rms_norm(x, w, threads=2), rms_norm_ref(x, w, -1, 1e-5),
          np.float32)
    assert rm.cache_info().entries == 3
    # The reductions share the cache.
    rm.sum(x, axis=1)
    assert rm.cache_info().entries == 4
    rm.cache_clear()
    assert rm.cache_info().entries == 0


#===----------------------------------------------------------------------===#
# PyTorch-exported models through load_onnx
#===----------------------------------------------------------------------===#


def test_torch_models_match():
    """load_onnx on PyTorch's layer norm (F.layer_norm over the last two
    dims, ONNX LayerNormalization-17) and F.normalize(p=1) (exported as
    ReduceL1, Clip, Expand, Div) agrees with PyTorch's outputs and with
    rm.layer_norm and rm.normalize."""
    # python3-onnx: utils/setup.sh installs it (utils/onnx-conformance.py).
    import onnx
    from onnx import numpy_helper

    def tensor(name, kind):
        return numpy_helper.to_array(onnx.load_tensor(
            os.path.join(TORCH_MODELS, name, "test_data_set_0",
                         kind + "_0.pb")))

    name = "layer_norm_2d_op17"
    path = os.path.join(TORCH_MODELS, name, "model.onnx")
    graph = onnx.load(path).graph
    w, b = (numpy_helper.to_array(i) for i in graph.initializer)
    x, expected = tensor(name, "input"), tensor(name, "output")
    y = rm.load_onnx(path).main(x)
    np.testing.assert_allclose(y, expected, rtol=1e-4, atol=1e-6)
    np.testing.assert_allclose(
        rm.layer_norm(x, w, b, axis=-2, eps=1e-3), expected, rtol=1e-4,
        atol=1e-6)

    name = "normalize_p1_op17"
    path = os.path.join(TORCH_MODELS, name, "model.onnx")
    x, expected = tensor(name, "input"), tensor(name, "output")
    np.testing.assert_allclose(rm.load_onnx(path).main(x), expected,
                               rtol=1e-4, atol=1e-6)
    np.testing.assert_allclose(rm.normalize(x, p=1, axis=1), expected,
                               rtol=1e-4, atol=1e-6)

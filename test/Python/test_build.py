"""The modules of the NumPy-style functions, built by the dialect."""

import numpy as np
import pytest

import reduce_mlir as rm
from reduce_mlir import _reduce_mlir

SHAPE = (3, 4, 5)

# (axes as given to the builder, keepdims, the inferred result shape, the
# normalized axes): the dialect decides both.
CASES = [
    (None, False, (), (0, 1, 2)),
    (None, True, (1, 1, 1), (0, 1, 2)),
    ([1], False, (3, 5), (1,)),
    ([-1], True, (3, 4, 1), (2,)),
    ([-1, 0], False, (4,), (0, 2)),
    ([2, 1], True, (3, 1, 1), (1, 2)),
    ([], False, (3, 4, 5), ()),
    ([], True, (3, 4, 5), ()),
]


def numpy_axis(axes):
    return None if axes is None else tuple(axes)


@pytest.mark.parametrize("axes,keepdims,result,normalized", CASES)
def test_result_shape_is_the_dialects(axes, keepdims, result, normalized):
    reduction = _reduce_mlir.build_reduction("sum", "f32", SHAPE, axes,
                                             keepdims)
    assert reduction.result_shape == result
    assert reduction.axes == normalized
    # The kernel compiled from the built module returns that shape, which
    # is NumPy's.
    x = np.ones(SHAPE, np.float32)
    got = rm.sum(x, axis=numpy_axis(axes), keepdims=keepdims)
    expected = np.sum(x, axis=numpy_axis(axes), keepdims=keepdims)
    assert np.shape(got) == result == expected.shape
    np.testing.assert_array_equal(got, expected)


def test_built_module():
    """The op keeps the axes as given; its result type is the inferred
    one."""
    reduction = _reduce_mlir.build_reduction("max", "f64", (6, 12), [-1],
                                             True, "ignore")
    text = reduction.text
    assert str(reduction) == text
    assert "func.func @main(%arg0: tensor<6x12xf64>) -> tensor<6x1xf64>" \
        in text
    assert "reduce.max %arg0 axes [-1] keep_dims nan_mode ignore : " \
        "tensor<6x12xf64> -> tensor<6x1xf64>" in text
    module = reduction.compile("", 0)
    assert module.entry_names == ["main"]
    main = module.lookup("main")
    assert main.argument_types == ["tensor<6x12xf64>"]
    assert main.result_types == ["tensor<6x1xf64>"]
    x = np.arange(72, dtype=np.float64).reshape(6, 12)
    x[2, 5] = np.nan
    np.testing.assert_array_equal(main(x), np.nanmax(x, 1, None,
                                                     keepdims=True))


def test_other_shapes():
    build = _reduce_mlir.build_reduction
    assert build("sum", "f64", (), None, False).result_shape == ()
    assert build("sum", "f64", (), [], True).result_shape == ()
    assert build("min", "ui8", (3, 0, 5), [1], True).result_shape == (3, 1, 5)
    assert build("min", "ui8", (3, 0, 5), [1], False).result_shape == (3, 5)
    assert build("logical_or", "i1", (7,), [0], False).result_shape == ()
    assert build("l2", "bf16", (2, 3), [0], False).result_shape == (3,)


def raises(error_type, message, function, *args, **kwargs):
    """Calls `function`; asserts that it raises exactly `message`."""
    with pytest.raises(error_type) as info:
        function(*args, **kwargs)
    assert str(info.value) == message


def test_invalid_axes_raise_the_dialects_diagnostic():
    x = np.zeros((2, 3), np.float32)
    rm.cache_clear()
    raises(ValueError,
           "'reduce.sum' op axis 2 is out of range [-2, 1] for input of "
           "rank 2", rm.sum, x, axis=2)
    raises(ValueError,
           "'reduce.min' op axis -3 is out of range [-2, 1] for input of "
           "rank 2", rm.min, x, axis=(0, -3))
    raises(ValueError,
           "'reduce.sum' op axis -1 (at position 1) duplicates axis 1 (at "
           "position 0): both name dimension 1", rm.sum, x, axis=[1, -1])
    raises(ValueError,
           "'reduce.prod' op axis 0 is out of range for input of rank 0 "
           "(expected empty axes)", rm.prod, np.float32(1), axis=0)
    raises(ValueError,
           "'reduce.sum' op axis 3 is out of range [-3, 2] for input of "
           "rank 3", _reduce_mlir.build_reduction, "sum", "f32", SHAPE, [3],
           False)
    # Nothing was compiled or cached.
    assert rm.cache_info() == (0, 0, 0, 0.0)


def test_element_types_the_op_rejects_are_type_errors():
    x = np.zeros((2, 3), np.float32)
    numeric = "f16, bf16, f32, f64, i8/i16/i32/i64 or ui8/ui16/ui32/ui64"
    raises(TypeError,
           "'reduce.l2' op input element type 'i1' is not supported: expected "
           + numeric, rm.l2, x > 0)
    raises(TypeError,
           "'reduce.sum' op input element type 'i1' is not supported: "
           "expected " + numeric, rm.sum, x > 0, axis=5)
    raises(TypeError,
           "'reduce.logical_and' op input element type 'f32' is not "
           "supported: expected i1", rm.logical_and, x)
    raises(TypeError, "unsupported element type 'f80'",
           _reduce_mlir.build_reduction, "sum", "f80", (2,), None, False)


def test_kind_and_nan_mode_errors():
    build = _reduce_mlir.build_reduction
    raises(ValueError, "nan_mode must be 'propagate' or 'ignore', got "
           "'sometimes'", rm.max, np.zeros(3), nan_mode="sometimes")
    raises(TypeError, "nan_mode must be a str, got int", rm.max,
           np.zeros(3), nan_mode=1)
    raises(ValueError, "'reduce.sum' has no nan_mode", build, "sum", "f32",
           (2,), None, False, "ignore")
    with pytest.raises(ValueError) as info:
        build("median", "f32", (2,), None, False)
    assert str(info.value).startswith(
        "unknown reduction 'median': expected 'sum', 'l1', 'min', ")
    assert str(info.value).endswith(", 'logical_and' or 'logical_or'")

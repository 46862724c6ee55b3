"""NumPy-style arg-reductions and scans over the reduce dialect's ops along
one axis.

argmax and argmin build reduce.argmax / reduce.argmin, cumsum, cumprod,
cummin and cummax the scans reduce.cumsum, ... (_reduce_mlir.build_axis_op,
through the importers' ModelBuilder; the verifier checks the op: a bad axis
is a ValueError carrying its diagnostic, nothing is cached). axis=None
works on the flattened array, as NumPy does. The kernels share the
reductions' cache (_ops.py).
"""

import operator as _operator

import numpy as _np

from . import _normalizations
from . import _ops
from . import _reduce_mlir


def _element_type(fn, x):
    native = x.dtype if x.dtype.isnative else x.dtype.newbyteorder("=")
    element_type = _ops._ELEMENT_TYPES.get(native)
    if element_type is None or element_type == "i1":
        raise TypeError("reduce_mlir.%s: unsupported dtype %s (a float or "
                        "integer array expected)" % (fn, x.dtype))
    return element_type


def _run(fn, x, axis, threads, options, **flags):
    """`fn` of the ndarray `x` along the int `axis`."""
    memo_key = (fn, x.dtype, x.shape, axis, threads, options,
                tuple(sorted(flags.items())))

    def make():
        element_type = _element_type(fn, x)
        opts = _ops._pipeline_options(options, threads)
        shape = tuple(int(s) for s in x.shape)
        module = _normalizations._build(
            fn, _reduce_mlir.build_axis_op, fn, element_type, shape,
            _operator.index(axis), *(bool(flags.get(k, False)) for k in (
                "keepdims", "select_last_index", "exclusive", "reverse")))
        return _normalizations._kernel(
            fn, (element_type, shape, module.axes,
                 tuple(sorted(flags.items()))), module, opts)

    return _ops._memoized(memo_key, make)._call_reduction(x)


def _arg(fn, x, axis, keepdims, select_last_index, threads, options):
    x = _normalizations._array(x)
    if axis is not None:
        return _run(fn, x, axis, threads, options, keepdims=bool(keepdims),
                    select_last_index=bool(select_last_index))
    # NumPy: the index into the flattened array.
    index = _run(fn, x.reshape(-1), 0, threads, options,
                 select_last_index=bool(select_last_index))
    if keepdims:
        return _np.asarray(index).reshape((1,) * x.ndim)
    return index


def argmax(x, axis=None, keepdims=False, *, select_last_index=False,
           threads=None, options=""):
    """The index of the largest element along `axis`, as np.argmax(x, axis,
    keepdims=keepdims) and torch.argmax: the first of tied maxima (the last
    with select_last_index, as ONNX ArgMax), NaN the largest value (the
    first NaN wins, as NumPy and PyTorch). axis: an int, negative counting
    from the end, or None for the flattened array. An empty reduced axis is
    a ValueError. Returns int64 indices (reduce.argmax)."""
    return _arg("argmax", x, axis, keepdims, select_last_index, threads,
                options)


def argmin(x, axis=None, keepdims=False, *, select_last_index=False,
           threads=None, options=""):
    """The index of the smallest element along `axis`, as np.argmin: NaN the
    smallest value, ties as argmax (reduce.argmin)."""
    return _arg("argmin", x, axis, keepdims, select_last_index, threads,
                options)


def _scan(fn, x, axis, exclusive, reverse, dtype, threads, options):
    x = _normalizations._array(x)
    if dtype is not None:
        x = x.astype(dtype, copy=False)
    elif fn in ("cumsum", "cumprod") and x.dtype.kind in "biu" and \
            x.dtype.itemsize < 8:
        # NumPy accumulates small integers in the platform's integer.
        x = x.astype(_np.uint64 if x.dtype.kind == "u" else _np.int64)
    if axis is None:
        x, axis = x.reshape(-1), 0
    return _run(fn, x, axis, threads, options, exclusive=bool(exclusive),
                reverse=bool(reverse))


def _make_scan(fn, numpy_name, combiner):
    def scan(x, axis=None, dtype=None, *, exclusive=False, reverse=False,
             threads=None, options=""):
        return _scan(fn, x, axis, exclusive, reverse, dtype, threads, options)
    scan.__name__ = scan.__qualname__ = fn
    scan.__doc__ = """The running %s along `axis`, as %s: axis an int
    (negative counting from the end) or None for the flattened array; dtype
    the type to compute in (x is converted first; by default bool and
    integers narrower than 64 bits become int64 or uint64 for cumsum and
    cumprod, as in NumPy). exclusive: each output leaves its own element out
    (the first is the identity, as ONNX CumSum); reverse: from the end of the
    axis. Integers wrap; float16 accumulates in float32 and rounds each
    output (NumPy rounds every partial result to float16, so long float16
    scans differ from NumPy's); %s. Returns an array of x's shape
    (reduce.%s).""" % (combiner, numpy_name,
                       "NaN propagates" if fn in ("cummin", "cummax")
                       else "float sums in the order of the axis", fn)
    return scan


cumsum = _make_scan("cumsum", "np.cumsum", "sum")
cumprod = _make_scan("cumprod", "np.cumprod", "product")
cummin = _make_scan("cummin", "np.minimum.accumulate", "minimum")
cummax = _make_scan("cummax", "np.maximum.accumulate", "maximum")

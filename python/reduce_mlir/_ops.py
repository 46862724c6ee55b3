"""NumPy-style reductions over the reduce dialect, with a kernel cache.

Each call is served by a kernel compiled from a small module, an @main
whose body is one reduce op (rm.sum(x, axis=1) on a 6x12 float32 array:
reduce.sum over axis 1 of a tensor<6x12xf32>, returning a tensor<6xf32>),
built in C++ by the dialect's builder (createReduction, through
_reduce_mlir.build_reduction), which checks the reduction, infers its result
type and normalizes the axes; compiled once per (op, element type, widening
dtype, shape, normalized axes, keepdims, nan_mode, pipeline options) and kept
for the life of the process. A widening dtype (rm.sum(x_uint8,
dtype=np.uint64)) converts the input before the reduction in the same
module (arith.extui etc.), which the pipeline fuses into its loop.
"""

import builtins as _builtins
import operator as _operator
import threading as _threading
import time as _time
from collections import namedtuple as _namedtuple

import numpy as _np

from . import _reduce_mlir

# NumPy dtype (native byte order) -> MLIR element type, from the runtime's
# table of element types (reduce/Runtime/Buffer.h).
_ELEMENT_TYPES = {
    _np.dtype(name): element_type
    for name, element_type in _reduce_mlir.element_types.items()
}

# The kernels by normalized key, and a memo from the arguments as given (the
# fast path of a repeated call) to the same kernels.
_kernels = {}
_memo = {}
_lock = _threading.Lock()
_compilations = 0
_compile_seconds = 0.0

CacheInfo = _namedtuple(
    "CacheInfo", ["hits", "misses", "entries", "compile_seconds"])
CacheInfo.__doc__ = """Statistics of the kernel cache.

hits: calls served by a kernel that was already compiled; misses: kernels
compiled (each a call that compiled); entries: kernels in the cache;
compile_seconds: wall time spent compiling them."""


def cache_info():
    """Returns a CacheInfo(hits, misses, entries, compile_seconds)."""
    with _lock:
        kernels = list(_kernels.values())
        misses = _compilations
        seconds = _compile_seconds
    calls = _builtins.sum(kernel.calls for kernel in kernels)
    return CacheInfo(_builtins.max(calls - misses, 0), misses, len(kernels),
                     seconds)


def cache_clear():
    """Drops every cached kernel and resets the statistics."""
    global _compilations, _compile_seconds
    with _lock:
        _memo.clear()
        _kernels.clear()
        _compilations = 0
        _compile_seconds = 0.0


def empty(shape, dtype=_np.float32, *, align=64):
    """An uninitialized C-contiguous array whose data starts on an `align`
    byte boundary (NumPy's own allocations start 16 bytes past one: the
    kernels' vector loads then straddle cache lines, which slows large
    inputs, docs/performance.md, "Python package")."""
    dtype = _np.dtype(dtype)
    shape = (shape,) if isinstance(shape, int) else tuple(shape)
    count = 1
    for size in shape:
        count *= int(size)
    raw = _np.empty(count * dtype.itemsize + align, _np.uint8)
    offset = -raw.ctypes.data % align
    return raw[offset:offset + count * dtype.itemsize].view(dtype).reshape(
        shape)


def aligned(x, *, align=64):
    """`x` when it is a C-contiguous array starting on an `align` byte
    boundary, else such a copy of it."""
    x = _np.asarray(x)
    if x.flags.c_contiguous and x.ctypes.data % align == 0:
        return x
    copy = empty(x.shape, x.dtype, align=align)
    copy[...] = x
    return copy


def _axes(axis):
    """`axis` as NumPy takes it (None, an int, or a tuple or list of ints)
    as the builder takes it: None (every axis) or a list of ints as given
    (the dialect checks, normalizes and counts negative ones from the
    end)."""
    if axis is None:
        return None
    if isinstance(axis, (tuple, list)):
        return [_operator.index(a) for a in axis]
    return [_operator.index(axis)]


def _element_type(op, x, dtype):
    """The MLIR element type for `x` (an ndarray), given `dtype`."""
    if dtype is None:
        # Big-endian data is converted by the kernel call.
        native = x.dtype if x.dtype.isnative else x.dtype.newbyteorder("=")
        element_type = _ELEMENT_TYPES.get(native)
        if element_type is None:
            raise TypeError("reduce_mlir.%s: unsupported dtype %s" %
                            (op, x.dtype))
    elif isinstance(dtype, str) and dtype == "bfloat16":
        if x.dtype.itemsize != 2 or x.dtype.kind not in "uiV" and \
                x.dtype.name != "bfloat16":
            raise TypeError(
                "reduce_mlir.%s: dtype='bfloat16' takes the bits of bf16 "
                "values in uint16 storage, got an array of %s" %
                (op, x.dtype))
        element_type = "bf16"
    else:
        try:
            wanted = _np.dtype(dtype)
        except TypeError:
            raise TypeError("reduce_mlir.%s: unsupported dtype %r" %
                            (op, dtype)) from None
        if wanted != x.dtype:
            raise TypeError(
                "reduce_mlir.%s: dtype=%s does not match the array's dtype %s"
                " (reductions compute in the input's type; convert the "
                "array first)" % (op, wanted, x.dtype))
        return _element_type(op, x, None)
    return element_type


# The ops whose dtype may name a wider accumulation type than the array's
# (as NumPy's sum, prod and mean take one).
_WIDENING_OPS = frozenset(["sum", "prod", "mean", "l1", "sum_square"])


def _widening(op, x, dtype):
    """The MLIR element types (input, accumulation) for `x` given `dtype`:
    accumulation is None when the reduction computes in the input's type,
    else the wider type `dtype` names. A widening dtype must be one NumPy
    casts the array's dtype to safely (np.can_cast(x.dtype, dtype, "safe")):
    ints to wider ints (signed to signed; unsigned to unsigned or to a
    wider signed int), ints to floats that hold them exactly (int8 and int16
    to float32, int32 and int64 to float64, ...), floats to wider floats;
    bools to ints and floats (sum counts the true values)."""
    if dtype is None or op not in _WIDENING_OPS or (
            isinstance(dtype, str) and dtype == "bfloat16"):
        return _element_type(op, x, dtype), None
    try:
        wanted = _np.dtype(dtype)
    except TypeError:
        raise TypeError("reduce_mlir.%s: unsupported dtype %r" %
                        (op, dtype)) from None
    native = x.dtype if x.dtype.isnative else x.dtype.newbyteorder("=")
    if wanted == native or wanted == x.dtype:
        return _element_type(op, x, None), None
    input_type = _element_type(op, x, None)
    wide_type = _ELEMENT_TYPES.get(wanted)
    if wide_type is None or wanted.kind == "b":
        raise TypeError("reduce_mlir.%s: dtype=%s: cannot accumulate %s "
                        "values in %s (supported: a wider int or float)" %
                        (op, wanted, x.dtype, wanted))
    if wanted.itemsize < native.itemsize:
        raise TypeError("reduce_mlir.%s: dtype=%s narrows the array's dtype "
                        "%s (reductions accumulate in the input's type or a "
                        "wider one)" % (op, wanted, x.dtype))
    if not _np.can_cast(native, wanted, "safe"):
        raise TypeError("reduce_mlir.%s: dtype=%s cannot hold every %s value"
                        " (np.can_cast(%s, %s, 'safe') is False; convert the "
                        "array first)" % (op, wanted, x.dtype, x.dtype,
                                          wanted))
    return input_type, wide_type


def _compile_kernel(key, build):
    """Compiles the module `build()` returns (a _reduce_mlir.Module) and
    caches its entry `main` under `key` (holding _lock)."""
    global _compilations, _compile_seconds
    start = _time.perf_counter()
    module = build()
    kernel = module.lookup("main")
    _compile_seconds += _time.perf_counter() - start
    _compilations += 1
    _kernels[key] = kernel
    return kernel


def _cached_kernel(key, build):
    """The kernel cached under `key` (a normalized key: op, types, shape,
    axes, options, ...), compiled by `build()` (which returns a compiled
    _reduce_mlir.Module, or raises: nothing is cached) when there is none.
    Shared by the reductions and the normalizations (_normalizations.py)."""
    kernel = _kernels.get(key)
    if kernel is None:
        with _lock:
            kernel = _kernels.get(key)
            if kernel is None:
                kernel = _compile_kernel(key, build)
    return kernel


def _memoized(memo_key, make, *args):
    """The kernel memoized under `memo_key` (the arguments as given: the
    fast path of a repeated call), else `make(*args)`'s, memoized when the
    key is hashable."""
    try:
        kernel = _memo.get(memo_key)
    except TypeError:  # an unhashable argument: no memo
        memo_key, kernel = None, None
    if kernel is None:
        kernel = make(*args)
        if memo_key is not None:
            _memo[memo_key] = kernel
    return kernel


def _pipeline_options(options, threads):
    """The pipeline options text: `options` plus threads=N."""
    if not isinstance(options, str):
        raise TypeError("options must be a str, got %s" %
                        type(options).__name__)
    if threads is not None:
        threads = _operator.index(threads)
        if threads < 1:
            raise ValueError("threads must be at least 1, got %d" % threads)
        options = ("%s threads=%d" % (options, threads)).strip()
    return options


def _kernel(op, x, axis, keepdims, nan_mode, threads, options, dtype):
    """The kernel of a reduction of `x` (an ndarray), compiled if needed."""
    element_type, wide_type = _widening(op, x, dtype)
    options = _pipeline_options(options, threads)
    if nan_mode is not None and not isinstance(nan_mode, str):
        raise TypeError("nan_mode must be a str, got %s" %
                        type(nan_mode).__name__)
    shape = tuple(int(size) for size in x.shape)
    keepdims = bool(keepdims)
    # The dialect's builder checks the reduction (its diagnostic is a
    # TypeError for an element type the op does not take, a ValueError for
    # bad axes or nan_mode; nothing is cached), normalizes the axes of the
    # key and infers the result type.
    reduction = _reduce_mlir.build_reduction(op, element_type, shape,
                                             _axes(axis), keepdims, nan_mode,
                                             wide_type)
    key = (op, element_type, wide_type, shape, reduction.axes, keepdims,
           nan_mode, options)
    return _cached_kernel(key, lambda: reduction.compile(options, 3))


def _reduce(op, x, axis, keepdims, nan_mode, threads, options, dtype):
    if type(x) is not _np.ndarray:
        x = _np.asarray(x)
    if isinstance(axis, list):
        axis = tuple(axis)
    memo_key = (op, x.dtype, x.shape, axis, keepdims, nan_mode, threads,
                options, dtype)
    kernel = _memoized(memo_key, _kernel, op, x, axis, keepdims, nan_mode,
                       threads, options, dtype)
    return kernel._call_reduction(x)


def _make(op, doc, with_nan_mode=False):
    if with_nan_mode:
        def reduction(x, axis=None, keepdims=False, *, nan_mode="propagate",
                      threads=None, options="", dtype=None):
            return _reduce(op, x, axis, keepdims, nan_mode, threads, options,
                           dtype)
    else:
        def reduction(x, axis=None, keepdims=False, *, threads=None,
                      options="", dtype=None):
            return _reduce(op, x, axis, keepdims, None, threads, options,
                           dtype)
    reduction.__name__ = reduction.__qualname__ = op
    reduction.__doc__ = doc + """

    x: an array (anything np.asarray takes); axis: None (all axes), an int or
    a tuple of ints, negative counting from the end; keepdims: keep the
    reduced axes with size 1. threads: run on that many OpenMP threads (the
    pipeline option threads=N); options: more --reduce-to-llvm pipeline
    options ("strict-fp-order=true ..."); dtype: None (the array's),
    "bfloat16" for bf16 bits in uint16 storage, or (sum, prod, mean, l1,
    sum_square) a wider type to accumulate in, as NumPy's dtype: one the
    array's dtype casts to safely (np.can_cast(x.dtype, dtype, "safe"), e.g.
    uint8 to uint64 or int64, int16 to float32, float16 to float32); the
    kernel converts each element as it reads it (arith.extui, extsi, extf,
    uitofp, sitofp fused into the reduction), so the narrow input is read
    once. A dtype that narrows or cannot hold every value is a TypeError.
    The result has the input's dtype, or that dtype (bf16 as uint16 bits); a
    0-D result is a NumPy scalar."""
    return reduction


sum = _make("sum", "Sum over the axes (integers wrap, f16/bf16 accumulate in "
            "f32): np.sum(x, axis, dtype=x.dtype), or np.sum(x, axis, "
            "dtype=dtype) with a widening dtype.")
l1 = _make("l1", "Sum of absolute values over the axes.")
l2 = _make("l2", "Square root of the sum of squares; integers: computed in "
           "float64, truncated toward zero and saturated into the input's "
           "type (as ONNX Runtime).")
min = _make("min", "Minimum over the axes; nan_mode 'propagate' (as np.min) "
            "or 'ignore' (as np.nanmin). Over a size-0 axis: +inf, or the "
            "type's maximum.", with_nan_mode=True)
max = _make("max", "Maximum over the axes; nan_mode 'propagate' (as np.max) "
            "or 'ignore' (as np.nanmax). Over a size-0 axis: -inf, or the "
            "type's minimum.", with_nan_mode=True)
prod = _make("prod", "Product over the axes (integers wrap).")
mean = _make("mean", "Mean over the axes; integers: the exact mean (the "
             "sum does not wrap), truncated toward zero, in the input's "
             "type.")
sum_square = _make("sum_square", "Sum of squares over the axes.")
log_sum = _make("log_sum", "Natural log of the sum; integers: computed in "
                "float64, truncated toward zero and saturated.")
log_sum_exp = _make("log_sum_exp", "log(sum(exp(x))) without overflow; "
                    "integers: computed in float64, truncated toward zero "
                    "and saturated.")
logical_and = _make("logical_and", "All true over the axes (bool arrays): "
                    "np.all.")
logical_or = _make("logical_or", "Any true over the axes (bool arrays): "
                   "np.any.")

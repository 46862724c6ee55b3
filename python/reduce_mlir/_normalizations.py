"""NumPy-style normalizations over the reduce dialect's normalization ops.

softmax, log_softmax, layer_norm, rms_norm and normalize each build a small
module in C++ (_reduce_mlir.build_softmax, build_norm, build_normalize,
through the importers' ModelBuilder): an @main taking the array (and the
weight and bias) whose body is the dialect's op, reduce.softmax over the
axis for softmax, which --reduce-to-llvm decomposes (lower-reduce) and fuses
into a two-pass kernel. The builder checks the op with its verifier (a bad
axis is a ValueError carrying its diagnostic; nothing is cached) and
normalizes the axes. The kernels share the reductions' cache (_ops.py):
compiled once per (function, element type, shape, normalized axes, weight
and bias shapes, epsilon, options) and kept for the life of the process;
rm.cache_info() and rm.cache_clear() cover both.
"""

import math as _math
import operator as _operator
import re as _re

import numpy as _np

from . import _ops
from . import _reduce_mlir

# The element types the normalizations take.
_FLOAT_TYPES = ("f16", "f32", "f64")

_ERROR = _re.compile(r"error: (.*)")


def _float_type(fn, x):
    """The MLIR element type of `x` (an ndarray), or a TypeError: the
    normalizations take float16, float32 and float64 arrays."""
    native = x.dtype if x.dtype.isnative else x.dtype.newbyteorder("=")
    element_type = _ops._ELEMENT_TYPES.get(native)
    if element_type not in _FLOAT_TYPES:
        raise TypeError(
            "reduce_mlir.%s: unsupported dtype %s (float16, float32 or "
            "float64 expected; convert the array first, e.g. "
            "x.astype(np.float32))" % (fn, x.dtype))
    return element_type


def _epsilon(fn, eps):
    """`eps` as a float, checked: finite and not negative."""
    try:
        eps = float(eps)
    except (TypeError, ValueError):
        raise TypeError("reduce_mlir.%s: eps must be a float, got %r" %
                        (fn, eps)) from None
    if not _math.isfinite(eps) or eps < 0:
        raise ValueError("reduce_mlir.%s: eps must be finite and not "
                         "negative, got %r" % (fn, eps))
    return eps


def _build(fn, builder, *args):
    """The module `builder(*args)` builds (a _reduce_mlir.Reduction); the
    dialect's diagnostic of an invalid op is a ValueError naming `fn`."""
    try:
        return builder(*args)
    except ValueError as error:
        raise ValueError("reduce_mlir.%s: %s" % (fn, error)) from None


def _compile(fn, module, options):
    """Compiles `module`; a diagnostic of the pipeline is a ValueError with
    its first error line."""
    try:
        return module.compile(options, 3)
    except ValueError as error:
        match = _ERROR.search(str(error))
        message = match.group(1) if match else str(error)
        raise ValueError("reduce_mlir.%s: %s" % (fn, message)) from None


def _kernel(fn, key, module, options):
    """The kernel cached under `key`, compiled from `module` if needed."""
    return _ops._cached_kernel(
        (fn,) + key + (options,), lambda: _compile(fn, module, options))


def _array(x):
    return x if type(x) is _np.ndarray else _np.asarray(x)


def _operand(fn, name, value, x):
    """A weight or bias as an array of `x`'s dtype (None stays None)."""
    if value is None:
        return None
    value = _np.asarray(value)
    if value.dtype.kind not in "fiub":
        raise TypeError("reduce_mlir.%s: %s has the unsupported dtype %s" %
                        (fn, name, value.dtype))
    return value.astype(x.dtype, copy=False)


#===----------------------------------------------------------------------===#
# softmax, log_softmax
#===----------------------------------------------------------------------===#


def _softmax(fn, x, axis, threads, options):
    x = _array(x)
    memo_key = (fn, x.dtype, x.shape, axis, threads, options)

    def make():
        element_type = _float_type(fn, x)
        opts = _ops._pipeline_options(options, threads)
        given = _operator.index(axis)
        shape = tuple(int(s) for s in x.shape)
        module = _build(fn, _reduce_mlir.build_softmax, fn, element_type,
                        shape, given)
        return _kernel(fn, (element_type, shape, module.axes), module, opts)

    return _ops._memoized(memo_key, make)._call_reduction(x)


def softmax(x, axis=-1, *, threads=None, options=""):
    """Softmax over one axis: exp(x - max) / sum(exp(x - max)), as
    torch.softmax(x, dim=axis) and scipy.special.softmax(x, axis).

    x: a float16, float32 or float64 array (anything np.asarray takes; other
    dtypes are a TypeError); axis: an int, negative counting from the end
    (out of range: ValueError with the dialect's diagnostic). A row holding
    +inf or NaN, or only -inf, gives NaN. f16 computes each step in f32 and
    rounds it to f16. threads: run on that many OpenMP threads (the pipeline
    option threads=N); options: more --reduce-to-llvm pipeline options.
    Returns an array of x's shape and dtype (reduce.softmax)."""
    return _softmax("softmax", x, axis, threads, options)


def log_softmax(x, axis=-1, *, threads=None, options=""):
    """Log of the softmax over one axis: x - max - log(sum(exp(x - max))),
    as torch.log_softmax(x, dim=axis) and scipy.special.log_softmax(x,
    axis); an element of -inf gives -inf. Arguments and special values as
    softmax (reduce.log_softmax)."""
    return _softmax("log_softmax", x, axis, threads, options)


#===----------------------------------------------------------------------===#
# layer_norm, rms_norm
#===----------------------------------------------------------------------===#


def _norm(fn, x, weight, bias, axis, eps, return_stats, threads, options):
    x = _array(x)
    weight = _operand(fn, "weight", weight, x)
    bias = _operand(fn, "bias", bias, x)
    w_shape = None if weight is None else weight.shape
    b_shape = None if bias is None else bias.shape
    memo_key = (fn, x.dtype, x.shape, axis, w_shape, b_shape, eps,
                return_stats, threads, options)

    def make():
        element_type = _float_type(fn, x)
        opts = _ops._pipeline_options(options, threads)
        given = _operator.index(axis)
        epsilon = _epsilon(fn, eps)
        shape = tuple(int(s) for s in x.shape)
        module = _build(fn, _reduce_mlir.build_norm, fn, element_type, shape,
                        given, epsilon, w_shape, b_shape, bool(return_stats))
        key = (element_type, shape, module.axes, w_shape, b_shape, epsilon,
               bool(return_stats))
        return _kernel(fn, key, module, opts)

    kernel = _ops._memoized(memo_key, make)
    arrays = [a for a in (weight, bias) if a is not None]
    if not arrays:
        return kernel._call_reduction(x)
    return kernel(x, *arrays)


def layer_norm(x, weight=None, bias=None, *, axis=-1, eps=1e-5,
               return_stats=False, threads=None, options=""):
    """Layer normalization over every dim from `axis` on, as ONNX
    LayerNormalization (reduce.layer_norm):

        mean = mean(x), over dims axis..ndim-1
        inv_std_dev = 1 / sqrt(mean((x - mean)**2) + eps)
        y = (x - mean) * inv_std_dev * weight + bias

    axis is ONNX's: the *first* normalized dim (an int, negative counting
    from the end), not a list of dims. With axis=-len(normalized_shape) this
    is torch.nn.functional.layer_norm(x, normalized_shape, weight, bias,
    eps); the default axis=-1 normalizes over the last dim.

    x: a float16, float32 or float64 array (other dtypes: TypeError).
    weight, bias: None (weight: ones; bias: zeros) or arrays converted to
    x's dtype that broadcast to x's shape aligned on the last dim (NumPy's
    rules: each of their dims is 1 or x's), e.g. of shape x.shape[axis:].
    eps: finite, not negative. return_stats: also return mean and
    inv_std_dev, of x's shape with the normalized dims set to 1, as ONNX's
    Mean and InvStdDev outputs. The statistics are computed in float32 for
    float16 input (ONNX's stash_type) and in x's dtype otherwise; so is
    (x - mean) * inv_std_dev, which is then rounded to x's dtype before the
    weight and bias apply. threads, options: as softmax. A bad axis or a
    weight or bias that does not broadcast is a ValueError with the
    dialect's diagnostic. Returns y, or (y, mean, inv_std_dev)."""
    return _norm("layer_norm", x, weight, bias, axis, eps, return_stats,
                 threads, options)


def rms_norm(x, weight=None, *, axis=-1, eps=1e-5, threads=None,
             options=""):
    """Root-mean-square normalization over every dim from `axis` on, as
    ONNX RMSNormalization (reduce.rms_norm):

        y = x / sqrt(mean(x**2) + eps) * weight

    axis is the first normalized dim, as layer_norm's: with
    axis=-len(normalized_shape) this is torch.nn.functional.rms_norm(x,
    normalized_shape, weight, eps). weight: None (ones) or an array that
    broadcasts to x's shape aligned on the last dim. float16 input computes
    the mean and the normalized value in float32. Other arguments and errors
    as layer_norm."""
    return _norm("rms_norm", x, weight, None, axis, eps, False, threads,
                 options)


#===----------------------------------------------------------------------===#
# normalize
#===----------------------------------------------------------------------===#


def _order(p):
    """p as 1 or 2, or a ValueError."""
    try:
        value = float(p)
    except (TypeError, ValueError):
        raise TypeError("reduce_mlir.normalize: p must be a number, got %r"
                        % (p,)) from None
    if value not in (1.0, 2.0):
        raise ValueError("reduce_mlir.normalize: p=%r is not supported "
                         "(1 or 2)" % (p,))
    return int(value)


def normalize(x, p=2, axis=-1, eps=1e-12, *, threads=None, options=""):
    """x divided by its p-norm over `axis`, at least eps:
    x / max(||x||_p, eps), as torch.nn.functional.normalize(x, p, dim=axis,
    eps) (whose default dim is 1, this one's -1).

    p: 1 (the sum of |x|: reduce.l1, then max with eps and a division) or 2
    (reduce.normalize_l2 with eps_mode max and epsilon eps**2, as
    sqrt(max(s, eps**2)) = max(sqrt(s), eps); when eps**2 is below the
    smallest normal number of the compute type, reduce.l2 as for p=1);
    anything else is a ValueError. axis: an int or a tuple of ints,
    negative counting from the end (out of range or repeated: ValueError
    with the dialect's diagnostic). eps: finite, not negative. A zero row
    gives zeros; a NaN makes its row NaN. float16 input is computed in
    float32 (its squares and sums would overflow float16) and rounded once.
    x: a float16, float32 or float64 array (other dtypes: TypeError);
    threads, options: as softmax. Returns an array of x's shape and
    dtype."""
    x = _array(x)
    if isinstance(axis, list):
        axis = tuple(axis)
    memo_key = ("normalize", x.dtype, x.shape, p, axis, eps, threads,
                options)

    def make():
        element_type = _float_type("normalize", x)
        order = _order(p)
        opts = _ops._pipeline_options(options, threads)
        epsilon = _epsilon("normalize", eps)
        given = [_operator.index(a) for a in
                 (axis if isinstance(axis, tuple) else (axis,))]
        shape = tuple(int(s) for s in x.shape)
        module = _build("normalize", _reduce_mlir.build_normalize,
                        element_type, shape, given, order, epsilon)
        key = (element_type, shape, order, module.axes, epsilon)
        return _kernel("normalize", key, module, opts)

    return _ops._memoized(memo_key, make)._call_reduction(x)

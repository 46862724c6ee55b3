"""reduce_mlir: NumPy arrays in, compiled reductions out.

The Python package of the `reduce` MLIR project (docs/python.md):

* NumPy-style reductions, JIT-compiled once per (op, dtype, shape, axes,
  keepdims, options) and cached in the process::

      import numpy as np, reduce_mlir as rm
      x = np.random.rand(6, 12, 10, 24).astype(np.float32)
      rm.sum(x, axis=(2, 3), keepdims=True)
      rm.min(x, axis=-1, nan_mode="ignore")

* Normalizations over the dialect's normalization ops, cached the same way::

      rm.softmax(x, axis=-1)          # and rm.log_softmax
      rm.layer_norm(x, w, b, axis=-2) # over the last two dims, as ONNX
      rm.rms_norm(x, w)
      rm.normalize(x, p=2, axis=-1)   # x / max(||x||_p, eps), as torch

* Arg-reductions and scans along one axis, as NumPy's::

      rm.argmax(x, axis=1)            # and rm.argmin; select_last_index
      rm.cumsum(x, axis=-1)           # cumprod, cummin, cummax; exclusive,
                                      # reverse

* Modules compiled from MLIR text or imported from a model::

      m = rm.compile(source)          # or rm.load_onnx("model.onnx")
      m.entry_names                   # ['main', ...]
      m["main"](x)                    # or m.main(x)

Errors are ValueError (bad axis, bad source or options, a model the importer
refuses, a runtime check) or TypeError (dtype, rank or shape that does not
match), carrying the project's message.
"""

import contextlib as _contextlib
import os as _os

from . import _reduce_mlir
from ._ops import (
    aligned,
    cache_clear,
    cache_info,
    empty,
    l1,
    l2,
    log_sum,
    log_sum_exp,
    logical_and,
    logical_or,
    max,
    mean,
    min,
    prod,
    sum,
    sum_square,
)
from ._axis_ops import (
    argmax,
    argmin,
    cummax,
    cummin,
    cumprod,
    cumsum,
)
from ._normalizations import (
    layer_norm,
    log_softmax,
    normalize,
    rms_norm,
    softmax,
)

__all__ = [
    "Module",
    "aligned",
    "aligned_allocations",
    "argmax",
    "argmin",
    "cache_clear",
    "cache_info",
    "compile",
    "cummax",
    "cummin",
    "cumprod",
    "cumsum",
    "empty",
    "l1",
    "l2",
    "layer_norm",
    "load_onnx",
    "load_openvino",
    "log_sum",
    "log_softmax",
    "log_sum_exp",
    "logical_and",
    "logical_or",
    "max",
    "mean",
    "min",
    "normalize",
    "prod",
    "rms_norm",
    "softmax",
    "sum",
    "sum_square",
]

Function = _reduce_mlir.Function


class Module:
    """A compiled module: its entry functions by name.

    ``module["f"](*arrays)`` or ``module.f(*arrays)`` calls the entry ``f``
    with NumPy arrays (anything ``np.asarray`` takes) and returns its result
    as a NumPy array (a tuple for several results, None for none; a bf16
    result as its bits in uint16).
    """

    __slots__ = ("_module", "_functions")

    def __init__(self, module):
        self._module = module
        self._functions = {}

    @property
    def entry_names(self):
        """The names of the entry functions, in module order."""
        return self._module.entry_names

    @property
    def compile_ms(self):
        """Milliseconds spent parsing, lowering and generating code (or
        loading the object from the persistent cache)."""
        return self._module.compile_ms

    @property
    def cache(self):
        """How the persistent JIT cache served the compilation: 'hit',
        'miss' or 'off' (docs/jit.md)."""
        return self._module.cache

    @property
    def target(self):
        """The target description the module was compiled for (JSON)."""
        return self._module.target

    @property
    def profile(self):
        """The host profile the target came from (a path or 'static default')."""
        return self._module.profile

    @property
    def grid_shape(self):
        """The shape of the module's shard.grid (a tuple), empty when the
        module is not distributed (docs/distributed.md)."""
        return tuple(self._module.grid_shape)

    @property
    def rank(self):
        """This process's rank in the MPI job (under mpirun) of a
        distributed module; 0 otherwise. Each function's argument_blocks
        and result_blocks say which block of each tensor it holds."""
        return self._module.rank

    def __getitem__(self, name):
        function = self._functions.get(name)
        if function is None:
            function = self._module.lookup(name)  # KeyError with the reason
            self._functions[name] = function
        return function

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        try:
            return self[name]
        except KeyError as error:
            raise AttributeError(error.args[0] if error.args else name) from None

    def __contains__(self, name):
        return name in self._module.entry_names

    def __iter__(self):
        return iter(self._module.entry_names)

    def __dir__(self):
        return sorted(set(object.__dir__(self)) | set(self.entry_names))

    def __repr__(self):
        return "<reduce_mlir.Module entries=%r>" % (self.entry_names,)


def compile(source, options="", *, opt_level=3):
    """Compiles MLIR `source` text through the --reduce-to-llvm pipeline.

    `options` are pipeline options in their textual form, e.g.
    ``"threads=2 strict-fp-order=true"`` (docs/pipeline.md). Returns a Module;
    raises ValueError with the diagnostics when the source does not parse,
    verify or lower.
    """
    if not isinstance(source, str):
        raise TypeError("source must be a str, got %s" % type(source).__name__)
    return Module(_reduce_mlir.compile(source, options, opt_level))


def _load(path, extension, weights, options, opt_level):
    path = _os.fspath(path)
    if not path.lower().endswith(extension):
        raise ValueError("'%s': expected a %s file" % (path, extension))
    weights = "" if weights is None else _os.fspath(weights)
    return Module(_reduce_mlir.load_model(path, weights, options, opt_level))


def load_onnx(path, options="", *, opt_level=3):
    """Imports an ONNX model (.onnx) and compiles it; returns a Module."""
    return _load(path, ".onnx", None, options, opt_level)


def load_openvino(path, weights=None, options="", *, opt_level=3):
    """Imports an OpenVINO IR (.xml, with its .bin beside it unless `weights`
    names it) and compiles it; returns a Module."""
    return _load(path, ".xml", weights, options, opt_level)


@_contextlib.contextmanager
def aligned_allocations():
    """Within the block, NumPy allocates the data of new arrays on 64-byte
    boundaries (NumPy's allocator, NEP 49, in the current context: the
    current thread; threads started inside keep NumPy's default).

    NumPy's own allocations start 16 bytes past a 64-byte boundary, and the
    kernels' vector loads then straddle cache lines: on inputs larger than the
    caches they run slower than on aligned data (docs/performance.md, "Python
    package"). Arrays allocated inside stay valid after the block.
    """
    if not hasattr(_reduce_mlir, "set_aligned_allocator"):
        raise RuntimeError("reduce_mlir was built without NumPy's headers: "
                           "no aligned allocator (use reduce_mlir.empty or "
                           "reduce_mlir.aligned)")
    previous = _reduce_mlir.set_aligned_allocator()
    try:
        yield
    finally:
        _reduce_mlir.restore_allocator(previous)

"""TOSA reductions run three ways and compared.

For each case: the TOSA function through `reduce-run` (raised by the
pipeline's raise-to-reduce), numpy's answer, and the same TOSA function
lowered by upstream (tosa-to-linalg, bufferized, scalar loops) and run by
mlir-runner. Prints one line per case: `<case> numpy <ok> upstream <ok>`.

usage: raise-tosa.py DIR REDUCE_RUN MLIR_OPT MLIR_RUNNER RUNNER_UTILS C_RUNNER_UTILS
"""
import re
import subprocess
import sys
import warnings

import numpy as np

NAN = np.nan
INF = np.inf
TYPES = {np.float32: "f32", np.float16: "f16", np.int32: "i32",
         np.int8: "i8", np.int16: "i16", np.bool_: "i1"}


def floats(shape, seed, specials=()):
    rng = np.random.default_rng(seed)
    x = rng.standard_normal(shape).astype(np.float32)
    for index, value in specials:
        x[index] = value
    return x


def ints(shape, seed, dtype, low, high):
    rng = np.random.default_rng(seed)
    return rng.integers(low, high, size=shape).astype(dtype)


def nanmax(x, axis):
    return np.nanmax(x, axis=axis, keepdims=True)


def nanmin(x, axis):
    return np.nanmin(x, axis=axis, keepdims=True)


def wrapping_sum(x, axis):
    return np.sum(x.astype(np.int64), axis=axis, keepdims=True).astype(x.dtype)


# name, TOSA op, attributes, input, numpy reference
CASES = [
    ("sum_f32", "reduce_sum", "",
     floats((6, 33), 1, [((1, 3), INF), ((2, 4), NAN), ((3, 0), INF),
                         ((3, 1), -INF), ((4, slice(None)), -0.0)]),
     lambda x, a: np.sum(x.astype(np.float64), axis=a, keepdims=True)),
    ("sum_f32_middle_axis", "reduce_sum", "",
     floats((3, 4, 5), 2), lambda x, a: np.sum(x, axis=a, keepdims=True)),
    ("sum_i32_wraps", "reduce_sum", "",
     np.array([[2**31 - 1, 1, 5], [-2**31, -1, 7]], dtype=np.int32).T.copy(),
     wrapping_sum),
    ("product_f32", "reduce_product", "",
     floats((4, 9), 3, [((1, 2), 0.0), ((1, 5), INF), ((2, 1), -0.0)]),
     lambda x, a: np.prod(x.astype(np.float64), axis=a, keepdims=True)),
    ("min_propagate", "reduce_min", "",
     floats((5, 8), 4, [((1, 6), NAN), ((2, 0), -INF), ((3, 2), -0.0)]),
     lambda x, a: np.min(x, axis=a, keepdims=True)),
    ("max_propagate", "reduce_max",
     ", nan_mode = #tosa<nan_mode<PROPAGATE>>",
     floats((5, 8), 5, [((0, 7), NAN), ((4, 4), INF)]),
     lambda x, a: np.max(x, axis=a, keepdims=True)),
    ("max_ignore", "reduce_max", ", nan_mode = #tosa<nan_mode<IGNORE>>",
     floats((8, 5), 6, [((slice(None), 2), NAN), ((3, 0), NAN),
                        ((0, 4), INF)]),
     nanmax),
    ("min_ignore_f16", "reduce_min", ", nan_mode = #tosa<nan_mode<IGNORE>>",
     floats((4, 12), 7, [((0, slice(None)), NAN), ((1, 3), NAN),
                         ((2, 5), -INF)]).astype(np.float16),
     nanmin),
    ("max_i8", "reduce_max", "",
     ints((6, 10), 8, np.int8, -128, 128), lambda x, a: np.max(x, axis=a, keepdims=True)),
    ("min_i16", "reduce_min", "",
     ints((6, 10), 9, np.int16, -32768, 32768), lambda x, a: np.min(x, axis=a, keepdims=True)),
    ("all", "reduce_all", "",
     np.array([[1] * 7, [1, 1, 0, 1, 1, 1, 1], [0] * 7, [1] * 7], dtype=np.bool_),
     lambda x, a: np.all(x, axis=a, keepdims=True)),
    ("any", "reduce_any", "",
     np.array([[0] * 7, [0, 0, 1, 0, 0, 0, 0], [1] * 7, [0] * 7], dtype=np.bool_),
     lambda x, a: np.any(x, axis=a, keepdims=True)),
]
AXES = {"sum_f32_middle_axis": 1, "sum_i32_wraps": 0, "max_ignore": 0}


def type_of(shape, dtype):
    return "tensor<" + "x".join(str(d) for d in shape) + "x" + \
        TYPES[dtype.type] + ">"


def literal(x):
    """A dense literal that reads back bit for bit."""
    if x.dtype == np.bool_:
        return "dense<" + str(x.tolist()).replace("True", "true").replace(
            "False", "false") + ">"
    return 'dense<"0x' + x.tobytes().hex().upper() + '">'


def function(name, op, attributes, x, axis):
    shape = list(x.shape)
    kept = list(shape)
    kept[axis] = 1
    in_type, out_type = type_of(shape, x.dtype), type_of(kept, x.dtype)
    return (f"func.func @{name}(%x: {in_type}) -> {out_type} {{\n"
            f"  %r = tosa.{op} %x {{axis = {axis} : i32{attributes}}} : "
            f"({in_type}) -> {out_type}\n"
            f"  return %r : {out_type}\n}}\n"), kept, out_type


def printed(text):
    """The arrays printMemref* printed, in order."""
    arrays = []
    for block in text.split("Unranked Memref")[1:]:
        data = block.split("data =", 1)[1]
        data = re.sub(r"-?nan", "float('nan')", data)
        data = re.sub(r"(-?)inf", r"\1float('inf')", data)
        arrays.append(np.array(eval(data), dtype=np.float64))
    return arrays


def same(got, want, rtol):
    got = np.asarray(got, dtype=np.float64)
    want = np.asarray(want, dtype=np.float64)
    return got.shape == want.shape and bool(
        np.allclose(got, want, rtol=rtol, atol=0, equal_nan=True))


def main():
    out, reduce_run, mlir_opt, mlir_runner, utils, c_utils = sys.argv[1:7]
    module, main_body, results = "", "", []
    for name, op, attributes, x, reference in CASES:
        axis = AXES.get(name, x.ndim - 1)
        text, kept, out_type = function(name, op, attributes, x, axis)
        module += text
        print_type = "i32" if x.dtype.kind in "ib" else "f32"
        cast_type = out_type.rsplit("x", 1)[0] + "x" + print_type + ">"
        main_body += (
            f"  %{name}_x = arith.constant {literal(x)} : {type_of(x.shape, x.dtype)}\n"
            f"  %{name}_r = call @{name}(%{name}_x) : ({type_of(x.shape, x.dtype)}) -> {out_type}\n")
        if cast_type != out_type:
            main_body += (f"  %{name}_c = tosa.cast %{name}_r : ({out_type}) -> {cast_type}\n")
        else:
            main_body += f"  %{name}_c = tensor.cast %{name}_r : {out_type} to {cast_type}\n"
        main_body += (
            f"  %{name}_u = tensor.cast %{name}_c : {cast_type} to tensor<*x{print_type}>\n"
            f"  call @printMemref{print_type.upper()}(%{name}_u) : (tensor<*x{print_type}>) -> ()\n")
        np.save(f"{out}/{name}.npy", x)
        results.append((name, x, axis, reference))
    with open(f"{out}/tosa.mlir", "w") as f:
        f.write(module)
    with open(f"{out}/upstream.mlir", "w") as f:
        f.write(module)
        f.write("func.func private @printMemrefF32(tensor<*xf32>)\n"
                "func.func private @printMemrefI32(tensor<*xi32>)\n"
                "func.func @main() {\n" + main_body + "  return\n}\n")

    lowered = subprocess.run(
        [mlir_opt, f"{out}/upstream.mlir", "--pass-pipeline=builtin.module("
         "func.func(tosa-to-linalg-named, tosa-to-linalg, tosa-to-arith, "
         "tosa-to-tensor), one-shot-bufferize{bufferize-function-boundaries "
         "function-boundary-type-conversion=identity-layout-map}, "
         "func.func(convert-linalg-to-loops), convert-scf-to-cf, "
         "expand-strided-metadata, lower-affine, finalize-memref-to-llvm, "
         "convert-to-llvm, reconcile-unrealized-casts)"],
        check=True, capture_output=True, text=True).stdout
    ran = subprocess.run(
        [mlir_runner, "-e", "main", "--entry-point-result=void",
         f"--shared-libs={utils},{c_utils}"], input=lowered, check=True,
        capture_output=True, text=True).stdout
    upstream = printed(ran)

    for (name, x, axis, reference), theirs in zip(results, upstream):
        subprocess.run([reduce_run, f"{out}/tosa.mlir", f"--entry={name}",
                        f"--input={out}/{name}.npy",
                        f"--output={out}/{name}.out.npy"], check=True)
        ours = np.load(f"{out}/{name}.out.npy")
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)
            want = reference(x, axis)
        rtol = 1e-3 if x.dtype == np.float16 else 1e-5
        numpy_ok = ours.dtype == x.dtype and same(ours, want, rtol)
        # printMemref prints 6 significant digits.
        upstream_ok = same(ours, theirs.reshape(ours.shape), max(rtol, 1e-5))
        print(name, "numpy", numpy_ok, "upstream", upstream_ok)


main()

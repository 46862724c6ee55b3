#!/usr/bin/env python3
"""Writes the ONNX models of reduce-bench's fused workloads (benchmarks/
Fused.h) for the ONNX Runtime contender (benchmarks/ort_contender.js): one
model per workload, NAME.onnx in OUTDIR, opset 17, f32 inputs of the static
shape [ROWS, 4096] (default ROWS 4096: what torch.onnx.export writes without
dynamic axes), reduced over axis 1, built with onnx.helper as the operators
an exporter writes. reduce-bench's `model` contender imports the same files
(as `reduce-run model.onnx` does):

  minmax     ReduceMin, ReduceMax
  dot        Mul, ReduceSum
  meanvar    ReduceMean, Sub, Mul, ReduceMean (population variance),
             Squeeze of the mean
  softmax    Softmax (axis 1)
  layernorm  LayerNormalization (axis 1, epsilon 1e-5, scale 1, bias 0;
             rows of 4096, the width of every fused workload)
  rmsnorm    Pow, ReduceMean, Add, Sqrt, Div

Usage: make_fused_onnx.py OUTDIR [ROWS]   (Debian's python3-onnx)
"""
import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

EPS = 1e-5
COLS = 4096


def tensor(name, *dims):
    return helper.make_tensor_value_info(name, TensorProto.FLOAT, list(dims))


def model(name, nodes, inputs, outputs, initializers=()):
    graph = helper.make_graph(nodes, name, inputs, outputs,
                              list(initializers))
    m = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)],
                          producer_name="reduce-bench")
    onnx.checker.check_model(m)
    return m


def constant(name, value):
    return numpy_helper.from_array(np.array(value, dtype=np.float32), name)


def main():
    out = sys.argv[1]
    rows = int(sys.argv[2]) if len(sys.argv) > 2 else 4096
    os.makedirs(out, exist_ok=True)
    x = tensor("x", rows, COLS)
    row = lambda n: tensor(n, rows)  # noqa: E731
    full = lambda n: tensor(n, rows, COLS)  # noqa: E731
    axes = numpy_helper.from_array(np.array([1], dtype=np.int64), "axes")
    eps = constant("eps", EPS)
    models = {
        "minmax": model("minmax", [
            helper.make_node("ReduceMin", ["x"], ["min"], axes=[1],
                             keepdims=0),
            helper.make_node("ReduceMax", ["x"], ["max"], axes=[1],
                             keepdims=0),
        ], [x], [row("min"), row("max")]),
        "dot": model("dot", [
            helper.make_node("Mul", ["x", "y"], ["xy"]),
            helper.make_node("ReduceSum", ["xy", "axes"], ["dot"],
                             keepdims=0),
        ], [x, tensor("y", rows, COLS)], [row("dot")], [axes]),
        "meanvar": model("meanvar", [
            helper.make_node("ReduceMean", ["x"], ["meank"], axes=[1],
                             keepdims=1),
            helper.make_node("Sub", ["x", "meank"], ["d"]),
            helper.make_node("Mul", ["d", "d"], ["d2"]),
            helper.make_node("ReduceMean", ["d2"], ["var"], axes=[1],
                             keepdims=0),
            helper.make_node("Squeeze", ["meank", "axes"], ["mean"]),
        ], [x], [row("mean"), row("var")], [axes]),
        "softmax": model("softmax", [
            helper.make_node("Softmax", ["x"], ["y"], axis=1),
        ], [x], [full("y")]),
        "rmsnorm": model("rmsnorm", [
            helper.make_node("Pow", ["x", "two"], ["x2"]),
            helper.make_node("ReduceMean", ["x2"], ["ms"], axes=[1],
                             keepdims=1),
            helper.make_node("Add", ["ms", "eps"], ["shifted"]),
            helper.make_node("Sqrt", ["shifted"], ["rms"]),
            helper.make_node("Div", ["x", "rms"], ["y"]),
        ], [x], [full("y")], [constant("two", 2.0), eps]),
    }
    # LayerNormalization's scale and bias are [COLS]: every fused workload
    # has rows of 4096 (Fused.h; --quick has fewer rows, not shorter ones).
    c = COLS
    models["layernorm"] = model("layernorm", [
        helper.make_node("LayerNormalization", ["x", "scale", "bias"], ["y"],
                         axis=1, epsilon=EPS),
    ], [tensor("x", rows, c)], [tensor("y", rows, c)],
        [constant("scale", np.ones(c)), constant("bias", np.zeros(c))])
    for name, m in models.items():
        onnx.save(m, os.path.join(out, name + ".onnx"))
    print(f"make_fused_onnx: wrote {len(models)} models to {out}")


if __name__ == "__main__":
    main()

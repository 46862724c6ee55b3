#!/usr/bin/python3
"""Writes examples/models/quickstart.onnx (committed; rerun to regenerate),
the quickstart as an ONNX model: one graph input x (2x3x4 f32) and three
outputs, opset 18 (axes as inputs, from initializers):

  mean = ReduceMean(x, axes=[-1], keepdims=0)              2x3
  l2   = ReduceL2(x, axes=[1], keepdims=1)                 2x1x4
  max  = ReduceMax(ReduceSumSquare(x, axes=[2]), no axes)  1x1 (every dim)

Written with Debian's python3-onnx (helper.make_model; its checker does not
know opset 18)."""

import os

import numpy as np
from onnx import TensorProto, helper, numpy_helper, save

here = os.path.dirname(os.path.abspath(__file__))


def axes(name, values):
    return numpy_helper.from_array(np.array(values, np.int64), name)


nodes = [
    helper.make_node("ReduceMean", ["x", "last"], ["mean"], name="mean",
                     keepdims=0),
    helper.make_node("ReduceL2", ["x", "middle"], ["l2"], name="l2"),
    helper.make_node("ReduceSumSquare", ["x", "inner"], ["squares"],
                     name="squares", keepdims=0),
    helper.make_node("ReduceMax", ["squares"], ["max"], name="max"),
]
graph = helper.make_graph(
    nodes, "quickstart",
    [helper.make_tensor_value_info("x", TensorProto.FLOAT, [2, 3, 4])],
    [helper.make_tensor_value_info("mean", TensorProto.FLOAT, [2, 3]),
     helper.make_tensor_value_info("l2", TensorProto.FLOAT, [2, 1, 4]),
     helper.make_tensor_value_info("max", TensorProto.FLOAT, [1, 1])],
    initializer=[axes("last", [-1]), axes("middle", [1]),
                 axes("inner", [2])])
model = helper.make_model(graph, producer_name="reduce examples",
                          opset_imports=[helper.make_opsetid("", 18)])
save(model, os.path.join(here, "quickstart.onnx"))

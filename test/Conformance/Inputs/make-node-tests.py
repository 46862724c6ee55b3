#!/usr/bin/python3
"""Writes ONNX node tests that libonnx-testdata lacks, into argv[1]/<name>:
axes from an initializer, from a Constant node, absent (opset 18) and from
a runtime input with noop_with_empty_axes = 0 and a non-empty value; and
models the converter must reject (another op, an element type the op does
not take, an unknown attribute, a newer opset, two compute nodes)."""

import os
import sys

import numpy as np
from onnx import TensorProto, helper, numpy_helper, save

def save_tensor(tensor, path):
    with open(path, "wb") as f:
        f.write(tensor.SerializeToString())


root = sys.argv[1]
x = np.arange(24, dtype=np.float32).reshape(2, 3, 4) - 11.5


def write(name, op_type, opset, inputs, attrs=None, initializers=(),
          extra_nodes=(), elem=TensorProto.FLOAT, data=None, expected=None,
          out_shape=None):
    """One node test; `inputs` is [(name, array)], array None for a value
    that no graph input provides (a Constant or another node's output)."""
    node_inputs = [n for (n, _) in inputs]
    node = helper.make_node(op_type, node_inputs, ["reduced"],
                            name="node_" + name, **(attrs or {}))
    init_names = {t.name for t in initializers}
    graph_inputs = [
        helper.make_tensor_value_info(
            n, elem if k == 0 else TensorProto.INT64, list(a.shape))
        for k, (n, a) in enumerate(inputs)
        if n and n not in init_names and a is not None]
    graph = helper.make_graph(
        list(extra_nodes) + [node], name, graph_inputs,
        [helper.make_tensor_value_info("reduced", elem, out_shape)],
        initializer=list(initializers))
    model = helper.make_model(
        graph, opset_imports=[helper.make_opsetid("", opset)])
    test_dir = os.path.join(root, name)
    os.makedirs(os.path.join(test_dir, "test_data_set_0"), exist_ok=True)
    save(model, os.path.join(test_dir, "model.onnx"))
    k = 0
    for (n, a) in inputs:
        if n and n not in init_names and a is not None:
            save_tensor(numpy_helper.from_array(a), os.path.join(
                test_dir, "test_data_set_0", "input_%d.pb" % k))
            k += 1
    if expected is not None:
        save_tensor(numpy_helper.from_array(expected), os.path.join(
            test_dir, "test_data_set_0", "output_0.pb"))


axes_1 = np.array([1], dtype=np.int64)
# Axes from an initializer: a static list.
write("initializer_axes", "ReduceSum", 13, [("data", x), ("axes", axes_1)],
      attrs={"keepdims": 0},
      initializers=[numpy_helper.from_array(axes_1, "axes")],
      expected=x.sum(axis=1), out_shape=[2, 4])
# Axes from a Constant node (opset 18 ReduceMax): a static list.
const = helper.make_node("Constant", [], ["axes"], value=numpy_helper.
                         from_array(np.array([-1, 0], dtype=np.int64)))
write("constant_axes", "ReduceMax", 18, [("data", x), ("axes", None)],
      extra_nodes=[const], expected=x.max(axis=(0, 2), keepdims=True),
      out_shape=[1, 3, 1])
# No axes input (opset 18): every axis, or none with noop_with_empty_axes.
write("absent_axes", "ReduceL2", 18, [("data", x)],
      attrs={"keepdims": 0},
      expected=np.array(np.sqrt((x * x).sum()), np.float32),
      out_shape=[])
write("absent_axes_noop", "ReduceMean", 18, [("data", x)],
      attrs={"noop_with_empty_axes": 1}, expected=x, out_shape=[2, 3, 4])
# Runtime axes naming two axes: an unranked result.
axes_2 = np.array([2, -3], dtype=np.int64)
write("runtime_axes_two", "ReduceProd", 18, [("data", x), ("axes", axes_2)],
      attrs={"keepdims": 0}, expected=x.prod(axis=(0, 2)), out_shape=[3])

# Rejected.
write("bad_op", "ArgMax", 13, [("data", x)], out_shape=[1, 3, 4])
write("bad_type", "ReduceL2", 13, [("data", x.astype(np.int32))],
      elem=TensorProto.INT32, out_shape=[1, 1, 1])
write("bad_attribute", "ReduceMin", 13, [("data", x)],
      attrs={"select_last_index": 1}, out_shape=[1, 1, 1])
write("bad_opset", "ReduceSum", 21, [("data", x), ("axes", axes_1)],
      out_shape=[2, 1, 4])
write("bad_axis", "ReduceL1", 13, [("data", x)], attrs={"axes": [3]},
      out_shape=[2, 3, 4])
neg = helper.make_node("Neg", ["data"], ["negated"])
write("bad_two_nodes", "ReduceSum", 11, [("negated", None), ("data", x)],
      extra_nodes=[neg], out_shape=[1, 1, 1])

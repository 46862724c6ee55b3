#!/usr/bin/python3
"""Writes ONNX models for the importer's tests into argv[1]/<name>/, each a
model.onnx and, for the ones that run, test_data_set_0/input_K.pb and
output_0.pb (the expected values, computed here with numpy, independently of
the compiler). Debian's python3-onnx 1.12 builds them with helper.make_model
and never runs the checker (it does not know opsets above 17).

  run_*  models the importer must accept; utils/onnx-conformance.py runs
         them end to end
  bad_*  models it must reject with an error naming what is wrong
"""

import os
import sys

import numpy as np
from onnx import AttributeProto, TensorProto, helper, numpy_helper, save

root = sys.argv[1]
rng = np.random.default_rng(7)
x = np.arange(24, dtype=np.float32).reshape(2, 3, 4) - 11.5

NP_TO_ONNX = {
    np.dtype(np.float32): TensorProto.FLOAT,
    np.dtype(np.float64): TensorProto.DOUBLE,
    np.dtype(np.float16): TensorProto.FLOAT16,
    np.dtype(np.int8): TensorProto.INT8,
    np.dtype(np.int16): TensorProto.INT16,
    np.dtype(np.int32): TensorProto.INT32,
    np.dtype(np.int64): TensorProto.INT64,
    np.dtype(np.uint8): TensorProto.UINT8,
    np.dtype(np.uint16): TensorProto.UINT16,
    np.dtype(np.uint32): TensorProto.UINT32,
    np.dtype(np.uint64): TensorProto.UINT64,
    np.dtype(np.bool_): TensorProto.BOOL,
}


def save_tensor(array, path):
    with open(path, "wb") as f:
        f.write(numpy_helper.from_array(array).SerializeToString())


def ints_attribute(name, values):
    """An INTS attribute, also when empty (make_attribute cannot infer the
    type of an empty list)."""
    attribute = AttributeProto(name=name, type=AttributeProto.INTS)
    attribute.ints.extend(values)
    return attribute


def value_info(name, array=None, elem=None, shape=None):
    if array is not None:
        elem = NP_TO_ONNX[array.dtype] if elem is None else elem
        shape = list(array.shape) if shape is None else shape
    return helper.make_tensor_value_info(name, elem, shape)


def write(name, nodes, inputs, outputs, opset, initializers=(),
          expected=None, out_shapes=None, external=False, domain=""):
    """One model. `inputs`: [(name, array)] graph inputs with their data;
    `outputs`: names; `expected`: arrays for the outputs (None: not run)."""
    graph = helper.make_graph(
        nodes, name, [value_info(n, a) for (n, a) in inputs],
        [helper.make_tensor_value_info(
            n, NP_TO_ONNX[expected[k].dtype] if expected else
            TensorProto.FLOAT,
            out_shapes[k] if out_shapes else
            (list(expected[k].shape) if expected else None))
         for k, n in enumerate(outputs)],
        initializer=[numpy_helper.from_array(a, n) for (n, a) in initializers])
    model = helper.make_model(
        graph, opset_imports=[helper.make_opsetid(domain, opset)])
    test_dir = os.path.join(root, name)
    os.makedirs(os.path.join(test_dir, "test_data_set_0"), exist_ok=True)
    if external:
        save(model, os.path.join(test_dir, "model.onnx"),
             save_as_external_data=True, location="weights.data",
             size_threshold=0)
    else:
        save(model, os.path.join(test_dir, "model.onnx"))
    for k, (_, array) in enumerate(inputs):
        save_tensor(array, os.path.join(test_dir, "test_data_set_0",
                                        "input_%d.pb" % k))
    for k, array in enumerate(expected or []):
        save_tensor(np.asarray(array), os.path.join(
            test_dir, "test_data_set_0", "output_%d.pb" % k))
    return model


def reduce_node(op_type, inputs, output="y", **attrs):
    node = helper.make_node(op_type, inputs, [output], name=output + "_node")
    for key, value in attrs.items():
        node.attribute.append(
            ints_attribute(key, value) if isinstance(value, list)
            else helper.make_attribute(key, value))
    return node


def one(name, op_type, opset, data, expected, axes=None, axes_input=None,
        **attrs):
    """A single Reduce node over graph input `data`; axes as an attribute
    (`axes`), an initializer (`axes_input`, an int64 array) or absent."""
    inputs = ["data"]
    initializers = []
    if axes is not None:
        attrs["axes"] = list(axes)
    if axes_input is not None:
        inputs.append("axes")
        initializers.append(("axes", np.asarray(axes_input, np.int64)))
    write(name, [reduce_node(op_type, inputs, **attrs)], [("data", data)],
          ["y"], opset, initializers=initializers,
          expected=[np.asarray(expected, data.dtype)])


def lse(a, axis, keepdims):
    m = np.max(a, axis=axis, keepdims=True)
    s = np.log(np.sum(np.exp(a - m), axis=axis, keepdims=True)) + m
    return s if keepdims else np.squeeze(s, axis=axis)


# --- Accepted: every op, each axes form and opset -------------------------
r = rng.standard_normal((3, 4, 5)).astype(np.float32)
pos = (np.abs(r) + 0.5).astype(np.float32)
one("run_sum_1_attr", "ReduceSum", 1, x, x.sum(axis=(0, 2), keepdims=True),
    axes=[0, 2])
one("run_sum_11_default_axes", "ReduceSum", 11, x, x.sum(keepdims=True))
one("run_sum_13_initializer_axes", "ReduceSum", 13, x, x.sum(axis=1),
    axes_input=[1], keepdims=0)
one("run_sum_13_empty_axes_all", "ReduceSum", 13, x, x.sum(keepdims=True),
    axes_input=np.zeros(0, np.int64))
one("run_sum_13_empty_axes_noop", "ReduceSum", 13, x, x, axes_input=np.zeros(
    0, np.int64), noop_with_empty_axes=1)
one("run_l1_11_negative_axis", "ReduceL1", 11, r,
    np.abs(r).sum(axis=-1, keepdims=True), axes=[-1])
one("run_l1_18_axes_input", "ReduceL1", 18, r, np.abs(r).sum(axis=(0, 1)),
    axes_input=[0, -2], keepdims=0)
one("run_l2_13", "ReduceL2", 13, r, np.sqrt((r * r).sum(axis=1)), axes=[1],
    keepdims=0)
one("run_l2_18_absent_axes", "ReduceL2", 18, x,
    np.sqrt((x * x).sum()), keepdims=0)
one("run_min_13", "ReduceMin", 13, r, r.min(axis=(1, 2), keepdims=True),
    axes=[1, 2])
one("run_min_18", "ReduceMin", 18, r, r.min(axis=0), axes_input=[0],
    keepdims=0)
one("run_max_1", "ReduceMax", 1, r, r.max(axis=2), axes=[2], keepdims=0)
one("run_max_20", "ReduceMax", 20, r, r.max(axis=1, keepdims=True),
    axes_input=[1])
one("run_prod_13", "ReduceProd", 13, pos, pos.prod(axis=0), axes=[0],
    keepdims=0)
one("run_mean_18_absent_axes_noop", "ReduceMean", 18, x, x,
    noop_with_empty_axes=1)
one("run_mean_13_repeated_axes", "ReduceMean", 13, x,
    x.mean(axis=1, keepdims=True), axes=[1, -2])
one("run_mean_13_empty_axes_attribute", "ReduceMean", 13, x,
    x.mean(keepdims=True), axes=[])
one("run_sum_square_18", "ReduceSumSquare", 18, r, (r * r).sum(axis=2),
    axes_input=[2], keepdims=0)
one("run_log_sum_1", "ReduceLogSum", 1, pos, np.log(pos.sum(axis=1)),
    axes=[1], keepdims=0)
one("run_log_sum_18", "ReduceLogSum", 18, pos,
    np.log(pos.sum(axis=(0, 2), keepdims=True)), axes_input=[0, 2])
big = (r * 400).astype(np.float64)
one("run_log_sum_exp_13_large", "ReduceLogSumExp", 13, big,
    lse(big, 1, False), axes=[1], keepdims=0)
one("run_log_sum_exp_18", "ReduceLogSumExp", 18, r, lse(r, 2, True),
    axes_input=[-1])

# Bools: ReduceMin-20 / ReduceMax-20 are logical and / or.
b = rng.integers(0, 2, (4, 6)).astype(np.bool_)
b[1, :] = True
one("run_min_20_bool", "ReduceMin", 20, b, b.all(axis=1), axes_input=[1],
    keepdims=0)
one("run_max_20_bool", "ReduceMax", 20, b, b.any(axis=0, keepdims=True),
    axes_input=[0])

# Element types.
i32 = rng.integers(-1000, 1000, (5, 7)).astype(np.int32)
one("run_sum_13_int32", "ReduceSum", 13, i32, i32.sum(axis=1, dtype=np.int32),
    axes_input=[1], keepdims=0)
i64 = rng.integers(-3, 4, (4, 5)).astype(np.int64)
one("run_prod_13_int64", "ReduceProd", 13, i64, i64.prod(axis=0), axes=[0],
    keepdims=0)
u8 = rng.integers(0, 256, (6, 5)).astype(np.uint8)
one("run_max_18_uint8", "ReduceMax", 18, u8, u8.max(axis=1), axes_input=[1],
    keepdims=0)
i8 = rng.integers(-128, 128, (6, 5)).astype(np.int8)
one("run_min_13_int8", "ReduceMin", 13, i8, i8.min(axis=0), axes=[0],
    keepdims=0)
f16 = rng.standard_normal((4, 8)).astype(np.float16)
one("run_mean_18_float16", "ReduceMean", 18, f16,
    f16.astype(np.float32).mean(axis=1).astype(np.float16), axes_input=[1],
    keepdims=0)
f64 = rng.standard_normal((3, 5)).astype(np.float64)
one("run_sum_13_double", "ReduceSum", 13, f64, f64.sum(axis=0),
    axes_input=[0], keepdims=0)
u32 = rng.integers(0, 1 << 31, (3, 4)).astype(np.uint32)
one("run_sum_13_uint32", "ReduceSum", 13, u32,
    u32.sum(axis=1, dtype=np.uint32), axes_input=[1], keepdims=0)

# Axes from a Constant node (a tensor, and value_ints).
# Integer cases of ONNX Runtime's reduction_ops_test.cc: the mean does not
# overflow; L2, LogSum and LogSumExp are computed in a wide float type and
# truncated toward zero into the input's type.
big32 = np.full(3, 2000000000, np.int32)
one("run_mean_13_int32_large", "ReduceMean", 13, big32,
    np.array([2000000000], np.int32))
big64 = np.full(3, 4 * 10**18, np.int64)
one("run_mean_18_int64_large", "ReduceMean", 18, big64,
    np.array([4 * 10**18], np.int64))
neg64 = np.array([-(2**63), -(2**63), 5], np.int64)
one("run_mean_13_int64_negative", "ReduceMean", 13, neg64,
    np.array(-6148914691236517203, np.int64), keepdims=0)
u64 = np.full(4, 2**64 - 1, np.uint64)
one("run_mean_13_uint64_large", "ReduceMean", 13, u64,
    np.array([2**64 - 1], np.uint64))
l2x = np.arange(1, 13, dtype=np.int32).reshape(3, 2, 2)
one("run_l2_13_int32", "ReduceL2", 13, l2x, np.array([15, 20], np.int32),
    axes=[0, 2], keepdims=0)
one("run_l2_18_int32_wide", "ReduceL2", 18, np.array([50000, 50000], np.int32),
    np.array(70710, np.int32), keepdims=0)
one("run_l2_13_int64_negative", "ReduceL2", 13, np.array([-4], np.int64),
    np.array([4], np.int64))
one("run_l2_13_uint32", "ReduceL2", 13, l2x.astype(np.uint32),
    np.array([[2, 5], [7, 10], [13, 16]], np.uint32), axes=[2], keepdims=0)
one("run_log_sum_exp_13_int32", "ReduceLogSumExp", 13,
    np.array([5, 5, 3], np.int32), np.array([5], np.int32))
one("run_log_sum_exp_13_int32_axes", "ReduceLogSumExp", 13, l2x,
    np.array([[[10], [12]]], np.int32), axes=[0, 2])
one("run_log_sum_exp_13_int64_axes", "ReduceLogSumExp", 13,
    l2x.astype(np.int64), np.array([[[10], [12]]], np.int64), axes=[0, 2])
one("run_log_sum_18_int64", "ReduceLogSum", 18,
    np.array([[1, 2, 3], [10, 20, 30]], np.int64),
    np.array([1, 4], np.int64), axes_input=[1], keepdims=0)
one("run_log_sum_exp_18_uint64", "ReduceLogSumExp", 18,
    np.array([[0, 1], [40, 40]], np.uint64), np.array([1, 40], np.uint64),
    axes_input=[1], keepdims=0)
write("run_constant_axes", [
    helper.make_node("Constant", [], ["axes"], value=numpy_helper.from_array(
        np.array([-1, 0], np.int64))),
    reduce_node("ReduceMax", ["data", "axes"])], [("data", x)], ["y"], 18,
    expected=[x.max(axis=(0, 2), keepdims=True)])
write("run_constant_value_ints", [
    helper.make_node("Constant", [], ["axes"], value_ints=[1]),
    reduce_node("ReduceL1", ["data", "axes"], keepdims=0)], [("data", x)],
    ["y"], 18, expected=[np.abs(x).sum(axis=1)])

# Runtime axes: a graph input.
write("run_runtime_axes", [reduce_node("ReduceProd", ["data", "axes"],
                                       keepdims=0)],
      [("data", x), ("axes", np.array([2, -3], np.int64))], ["y"], 18,
      expected=[x.prod(axis=(0, 2))])

# A chain through Identity, two outputs, a dynamic input dim.
write("run_chain", [
    reduce_node("ReduceSum", ["data"], "s", axes=[2], keepdims=0),
    helper.make_node("Identity", ["s"], ["s2"]),
    reduce_node("ReduceMax", ["s2"], "m", axes=[0], keepdims=0)],
    [("data", r)], ["m", "s"], 11,
    expected=[r.sum(axis=2).max(axis=0), r.sum(axis=2)])
dyn = rng.standard_normal((6, 4)).astype(np.float32)
graph = helper.make_graph(
    [reduce_node("ReduceSum", ["data"], axes=[0], keepdims=0)], "dynamic",
    [helper.make_tensor_value_info("data", TensorProto.FLOAT, ["N", 4])],
    [helper.make_tensor_value_info("y", TensorProto.FLOAT, [4])])
os.makedirs(os.path.join(root, "run_dynamic_dim", "test_data_set_0"))
save(helper.make_model(graph, opset_imports=[helper.make_opsetid("", 11)]),
     os.path.join(root, "run_dynamic_dim", "model.onnx"))
save_tensor(dyn, os.path.join(root, "run_dynamic_dim", "test_data_set_0",
                              "input_0.pb"))
save_tensor(dyn.sum(axis=0), os.path.join(root, "run_dynamic_dim",
                                          "test_data_set_0", "output_0.pb"))

# Data from initializers, inline and in an external file beside the model.
w = rng.standard_normal((3, 8)).astype(np.float32)
write("run_initializer_data", [reduce_node("ReduceSum", ["w"], axes=[1],
                                           keepdims=0)], [], ["y"], 11,
      initializers=[("w", w)], expected=[w.sum(axis=1)])
write("run_initializer_uint8", [reduce_node("ReduceMax", ["w"], axes=[0],
                                            keepdims=0)], [], ["y"], 13,
      initializers=[("w", u8)], expected=[u8.max(axis=0)])
write("run_external_data", [reduce_node("ReduceSumSquare", ["w"], axes=[0],
                                        keepdims=0)], [], ["y"], 13,
      initializers=[("w", w)], expected=[(w * w).sum(axis=0)], external=True)


# --- Around reductions: normalizations, elementwise and shape ops --------
def node(op_type, inputs, outputs, **attrs):
    return helper.make_node(op_type, inputs, outputs,
                            name=outputs[0] + "_node", **attrs)


def softmax_np(a, axis):
    e = np.exp(a - a.max(axis=axis, keepdims=True))
    return e / e.sum(axis=axis, keepdims=True)


xr = rng.standard_normal((2, 3, 4)).astype(np.float32)
scale4 = rng.standard_normal(4).astype(np.float32)
ms = (xr.astype(np.float64) ** 2).mean(axis=-1, keepdims=True)
write("run_rms_norm_23", [node("RMSNormalization", ["data", "w"], ["y"],
                               epsilon=1e-5)], [("data", xr)], ["y"], 23,
      initializers=[("w", scale4)],
      expected=[(xr / np.sqrt(ms + 1e-5) * scale4).astype(np.float32)])
# Softmax-11 and LogSoftmax-1 flatten to 2-D at the axis (default 1).
write("run_softmax_11_coerce", [node("Softmax", ["data"], ["y"], axis=1)],
      [("data", xr)], ["y"], 11,
      expected=[softmax_np(xr.reshape(2, 12).astype(np.float64), 1)
                .reshape(2, 3, 4).astype(np.float32)])
write("run_log_softmax_1_default_axis", [node("LogSoftmax", ["data"], ["y"])],
      [("data", xr)], ["y"], 1,
      expected=[np.log(softmax_np(xr.reshape(2, 12).astype(np.float64), 1))
                .reshape(2, 3, 4).astype(np.float32)])
xd = xr.astype(np.float64)
mean = xd.mean(axis=(1, 2), keepdims=True)
inv = 1 / np.sqrt(xd.var(axis=(1, 2), keepdims=True) + 1e-3)
w34 = rng.standard_normal((3, 4)).astype(np.float32)
write("run_layer_norm_17_outputs",
      [node("LayerNormalization", ["data", "w"], ["y", "mean", "inv"],
            axis=1, epsilon=1e-3)],
      [("data", xr)], ["y", "mean", "inv"], 17, initializers=[("w", w34)],
      expected=[((xd - mean) * inv * w34).astype(np.float32),
                mean.astype(np.float32), inv.astype(np.float32)])
write("run_mvn_13_axes", [node("MeanVarianceNormalization", ["data"], ["y"],
                               axes=[1])], [("data", xr)], ["y"], 13,
      expected=[((xd - xd.mean(axis=1, keepdims=True)) /
                 (np.sqrt(xd.var(axis=1, keepdims=True)) + 1e-9))
                .astype(np.float32)])
# ArgMax-1's defaults (axis 0, keepdims 1); torch.max(x, dim) as PyTorch
# exports it (ReduceMax and ArgMax of one input); ArgMin-12's last index of
# tied int32 minima; CumSum-11 with an INT32 axis initializer, exclusive and
# reverse, on int64.
write("run_argmax_1_defaults", [node("ArgMax", ["data"], ["y"])],
      [("data", xr)], ["y"], 1,
      expected=[np.argmax(xr, axis=0)[None].astype(np.int64)])
write("run_max_argmax_13",
      [node("ReduceMax", ["data"], ["values"], axes=[1], keepdims=0),
       node("ArgMax", ["data"], ["indices"], axis=1, keepdims=0)],
      [("data", xr)], ["values", "indices"], 13,
      expected=[xr.max(axis=1), np.argmax(xr, axis=1).astype(np.int64)])
ties = np.array([[3, 1, 1, 2], [-5, 7, -5, -5], [0, 0, 0, 0]], np.int32)
write("run_argmin_12_last_index",
      [node("ArgMin", ["data"], ["y"], axis=-1, keepdims=0,
            select_last_index=1)],
      [("data", ties)], ["y"], 12,
      expected=[np.array([2, 3, 3], np.int64)])
counts = rng.integers(-1000, 1000, (3, 5)).astype(np.int64)
rev = counts[:, ::-1]
write("run_cumsum_11_reverse_exclusive",
      [node("CumSum", ["data", "axis"], ["y"], exclusive=1, reverse=1)],
      [("data", counts)], ["y"], 11,
      initializers=[("axis", np.array(-1, np.int32))],
      expected=[(np.cumsum(rev, axis=1) - rev)[:, ::-1]])
# Views of a runtime value: Unsqueeze-11 (attribute axes: 1x2x3x1x4),
# Squeeze-11 without axes (2x3x4), Flatten at 2 (6x4), Reshape to [2, -1]
# (through one dim: 2x12); the result reduced.
write("run_views_11", [
    node("Unsqueeze", ["data"], ["u"], axes=[0, 3]),
    node("Squeeze", ["u"], ["s"]),
    node("Flatten", ["s"], ["f"], axis=2),
    node("Reshape", ["f", "shape"], ["r"]),
    reduce_node("ReduceSum", ["r"], axes=[1], keepdims=0)],
    [("data", xr)], ["y"], 11,
    initializers=[("shape", np.array([2, -1], np.int64))],
    expected=[xr.reshape(2, 12).sum(axis=1)])
# Graph outputs: a folded constant (Shape), the graph input itself, and a
# value that a later node also reads.
write("run_outputs_constant_and_input", [
    node("Shape", ["data"], ["s"]),
    reduce_node("ReduceMax", ["data"], "m", axes=[2]),
    node("Sub", ["data", "m"], ["y"])],
    [("data", xr)], ["s", "data", "m", "y"], 13,
    expected=[np.array([2, 3, 4], np.int64), xr,
              xr.max(axis=2, keepdims=True),
              xr - xr.max(axis=2, keepdims=True)])
# Elementwise ops of mixed types and attributes.
write("run_clip_6_attributes", [node("Clip", ["data"], ["y"], min=-0.5,
                                     max=0.25)],
      [("data", xr)], ["y"], 6, expected=[np.clip(xr, -0.5, 0.25)])
ib = np.array([[1, 2, 3], [-2, 4, 5]], np.int32)
fe = np.array([2.0, 0.5, 3.0], np.float32)
write("run_pow_15_int_base_float_exponent", [node("Pow", ["b", "e"], ["y"])],
      [("b", ib), ("e", fe)], ["y"], 15,
      expected=[np.trunc(np.power(ib.astype(np.float64), fe)).astype(
          np.int32)])
write("run_cast_where_11", [
    node("Cast", ["data"], ["i"], to=TensorProto.INT32),
    node("Greater", ["data", "zero"], ["positive"]),
    node("Where", ["positive", "data", "zero"], ["relu"]),
    reduce_node("ReduceSum", ["relu"], "y", axes=[2], keepdims=0)],
    [("data", xr * 3)], ["i", "y"], 11,
    initializers=[("zero", np.array(0, np.float32))],
    expected=[np.trunc(xr * 3).astype(np.int32),
              np.where(xr * 3 > 0, xr * 3, 0).sum(axis=2)])

# --- Rejected -------------------------------------------------------------
def bad(name, nodes, inputs=(("data", x),), outputs=("y",), opset=13,
        **kwargs):
    write(name, nodes, list(inputs), list(outputs), opset, **kwargs)


bad("bad_op", [helper.make_node("Det", ["data"], ["y"], name="det")])
bad("bad_type", [reduce_node("ReduceL2", ["data"])],
    inputs=[("data", b)])
bad("bad_attribute", [reduce_node("ReduceMin", ["data"],
                                  select_last_index=1)])
bad("bad_opset", [reduce_node("ReduceSum", ["data"])], opset=24)
bad("bad_axis", [reduce_node("ReduceL1", ["data"], axes=[3])])
bad("bad_bool_before_20", [reduce_node("ReduceMax", ["data"])],
    inputs=[("data", b)], opset=18)
bad("bad_bool_sum", [reduce_node("ReduceSum", ["data"])],
    inputs=[("data", b)], opset=20)
bad("bad_axes_attribute_18", [reduce_node("ReduceMean", ["data"], axes=[1])],
    opset=18)
bad("bad_axes_input_13", [reduce_node("ReduceMean", ["data", "axes"])],
    initializers=[("axes", np.array([1], np.int64))])
bad("bad_noop_value", [reduce_node("ReduceSum", ["data"],
                                   noop_with_empty_axes=2)])
bad("bad_keepdims_type", [reduce_node("ReduceSum", ["data"], keepdims=1.0)])
bad("bad_axes_type", [reduce_node("ReduceSum", ["data", "axes"])],
    initializers=[("axes", np.array([1], np.int32))])
bad("bad_unknown_node", [
    helper.make_node("Erf", ["data"], ["n"], name="erf"),
    reduce_node("ReduceSum", ["n"])])
# Elementwise, shape and normalization nodes the inputs make invalid.
bad("bad_broadcast", [
    helper.make_node("Add", ["data", "w"], ["s"], name="add"),
    reduce_node("ReduceSum", ["s"])],
    initializers=[("w", np.ones(5, np.float32))])
bad("bad_reshape", [
    helper.make_node("Reshape", ["data", "shape"], ["r"], name="reshape"),
    reduce_node("ReduceSum", ["r"])],
    initializers=[("shape", np.array([5, -1], np.int64))])
bad("bad_gather_index", [
    helper.make_node("Shape", ["data"], ["s"], name="shape"),
    helper.make_node("Gather", ["s", "i"], ["d"], name="gather", axis=0),
    helper.make_node("Reshape", ["data", "d"], ["y"], name="reshape")],
    initializers=[("i", np.array([3], np.int64))])
bad("bad_gather_runtime", [
    helper.make_node("Gather", ["data", "i"], ["y"], name="gather", axis=0)],
    initializers=[("i", np.array([1], np.int64))])
bad("bad_squeeze_axis", [
    helper.make_node("Squeeze", ["data", "axes"], ["y"], name="squeeze")],
    initializers=[("axes", np.array([1], np.int64))])
bad("bad_expand", [
    helper.make_node("Expand", ["data", "shape"], ["y"], name="expand")],
    initializers=[("shape", np.array([2, 5, 4], np.int64))])
bad("bad_cast_type", [
    helper.make_node("Cast", ["data"], ["y"], name="cast",
                     to=TensorProto.STRING)])
bad("bad_softmax_axis", [
    helper.make_node("Softmax", ["data"], ["y"], name="softmax", axis=3)])
bad("bad_layer_norm_scale", [
    helper.make_node("LayerNormalization", ["data", "w"], ["y"], name="ln")],
    initializers=[("w", np.ones(5, np.float32))], opset=17)
bad("bad_layer_norm_opset", [
    helper.make_node("LayerNormalization", ["data", "w"], ["y"], name="ln")],
    initializers=[("w", np.ones(4, np.float32))], opset=16)
bad("bad_mvn_axes", [
    helper.make_node("MeanVarianceNormalization", ["data"], ["y"],
                     name="mvn")])
bad("bad_argmax_axis", [
    helper.make_node("ArgMax", ["data"], ["y"], name="argmax", axis=3)])
bad("bad_argmin_select_last_11", [
    helper.make_node("ArgMin", ["data"], ["y"], name="argmin",
                     select_last_index=1)], opset=11)
bad("bad_cumsum_runtime_axis", [
    helper.make_node("CumSum", ["data", "axis"], ["y"], name="cumsum")],
    inputs=(("data", x), ("axis", np.array(0, np.int64))))
bad("bad_cumsum_axis_type", [
    helper.make_node("CumSum", ["data", "axis"], ["y"], name="cumsum")],
    initializers=[("axis", np.array([0.0], np.float32))])
bad("bad_integer_division", [
    helper.make_node("Div", ["a", "z"], ["q"], name="div"),
    helper.make_node("Reshape", ["data", "q"], ["y"], name="reshape")],
    initializers=[("a", np.array([24], np.int64)),
                  ("z", np.array([0], np.int64))])
bad("bad_order", [
    reduce_node("ReduceMax", ["s"], "y", axes=[0]),
    reduce_node("ReduceSum", ["data"], "s", axes=[0])])
bad("bad_cycle", [
    reduce_node("ReduceMax", ["s"], "m", axes=[0]),
    reduce_node("ReduceSum", ["m"], "s", axes=[0])], outputs=["s"])
bad("bad_redefined", [
    reduce_node("ReduceMax", ["data"], "y", axes=[0]),
    reduce_node("ReduceSum", ["data"], "y", axes=[0])], opset=11)
bad("bad_output_undefined", [reduce_node("ReduceMax", ["data"], "m")],
    outputs=["nowhere"])
bad("bad_output_shape", [reduce_node("ReduceMax", ["data"], axes=[0])],
    out_shapes=[[7, 7]])
bad("bad_domain", [helper.make_node("ReduceSum", ["data"], ["y"], name="c",
                                    domain="com.example")])
bad("bad_constant", [
    helper.make_node("Constant", [], ["axes"], value_string="x", name="k"),
    reduce_node("ReduceSum", ["data", "axes"])])
bad("bad_no_default_opset", [reduce_node("ReduceSum", ["data"])],
    domain="com.example")
graph = helper.make_graph([reduce_node("ReduceSum", ["data"])], "noshape",
                          [helper.make_tensor_value_info(
                              "data", TensorProto.FLOAT, None)],
                          [helper.make_tensor_value_info(
                              "y", TensorProto.FLOAT, None)])
os.makedirs(os.path.join(root, "bad_input_no_shape"))
save(helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)]),
     os.path.join(root, "bad_input_no_shape", "model.onnx"))
graph = helper.make_graph([reduce_node("ReduceSum", ["data"])], "string",
                          [helper.make_tensor_value_info(
                              "data", TensorProto.STRING, [2])],
                          [helper.make_tensor_value_info(
                              "y", TensorProto.FLOAT, None)])
os.makedirs(os.path.join(root, "bad_input_string"))
save(helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)]),
     os.path.join(root, "bad_input_string", "model.onnx"))


def bad_initializer(name, tensor):
    """A model whose initializer `w` is `tensor` (a TensorProto)."""
    model = write(name, [reduce_node("ReduceSum", ["w"])], [], ["y"], 13)
    del model.graph.initializer[:]
    tensor.name = "w"
    model.graph.initializer.append(tensor)
    save(model, os.path.join(root, name, "model.onnx"))


t = numpy_helper.from_array(w)
t.raw_data = t.raw_data[:-4]
bad_initializer("bad_raw_data_short", t)
t = TensorProto(data_type=TensorProto.FLOAT, dims=[2, -3])
bad_initializer("bad_negative_dim", t)
t = TensorProto(data_type=TensorProto.FLOAT, dims=[1 << 40, 1 << 40])
bad_initializer("bad_huge_dims", t)
t = TensorProto(data_type=TensorProto.FLOAT, dims=[1 << 30, 1 << 20])
bad_initializer("bad_huge_no_data", t)
t = TensorProto(data_type=TensorProto.FLOAT, dims=[3], float_data=[1, 2])
bad_initializer("bad_typed_count", t)
t = TensorProto(data_type=TensorProto.BOOL, dims=[2], raw_data=b"\x01\x07")
bad_initializer("bad_bool_byte", t)


def external(name, location, offset=None, length=None, extra=None):
    t = TensorProto(data_type=TensorProto.FLOAT, dims=[4],
                    data_location=TensorProto.EXTERNAL)
    for key, value in (("location", location), ("offset", offset),
                       ("length", length)) + ((extra,) if extra else ()):
        if value is not None:
            entry = t.external_data.add()
            entry.key, entry.value = key, str(value)
    bad_initializer(name, t)
    with open(os.path.join(root, name, "short.data"), "wb") as f:
        f.write(b"\0" * 8)


external("bad_external_parent", "../outside.data")
external("bad_external_absolute", "/etc/hostname")
external("bad_external_short", "short.data")
external("bad_external_offset", "short.data", offset=12, length=16)
external("bad_external_missing", "missing.data")
external("bad_external_length", "short.data", length=8)
external("bad_external_key", "short.data", extra=("colour", "red"))
external("bad_external_symlink", "link.data")
os.symlink("/etc/hostname", os.path.join(root, "bad_external_symlink",
                                         "link.data"))

# Bytes that are not a model.
with open(os.path.join(root, "run_sum_13_int32", "model.onnx"), "rb") as f:
    good = f.read()
os.makedirs(os.path.join(root, "bad_truncated"))
with open(os.path.join(root, "bad_truncated", "model.onnx"), "wb") as f:
    f.write(good[:len(good) // 2])
os.makedirs(os.path.join(root, "bad_garbage"))
with open(os.path.join(root, "bad_garbage", "model.onnx"), "wb") as f:
    f.write(b"\xff\xff\xff\xff not a protobuf")

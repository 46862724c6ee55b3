#!/usr/bin/python3
"""Turns an ONNX node test with one Reduce* node into a reduce module.

Until the ONNX importer exists, this script is how the ONNX backend node
tests (Debian's libonnx-testdata: a directory with `model.onnx` and
`test_data_set_N/{input_*,output_0}.pb`) reach `reduce-run`. For one node
test directory it writes into the output directory:

  model.mlir       one public `func.func @main`, its arguments in the order of
                   the graph inputs (initializers excluded)
  input_K.npy      the K-th argument of @main, from test_data_set_N/input_K.pb
  expected_0.npy   the expected result, from test_data_set_N/output_0.pb
  meta.json        the node test, op type, opset, the dialect op, the number
                   of elements each result reduces (for the tolerance of
                   utils/onnx-compare.py)

Axes: from the `axes` attribute (opsets before 18, and ReduceSum before 13),
or from a constant axes input (an initializer or a Constant node) as a static
list, or from a runtime axes input as an `axes %a` operand with `empty_axes
all` unless `noop_with_empty_axes` = 1. No axes means all axes (or none with
`noop_with_empty_axes` = 1). `keepdims` defaults to 1, as in ONNX.

Anything this script (or the dialect) does not support -- another op, a
second compute node, an element type, an attribute, an opset -- is an error
naming the node, its op type and the opset, and exit code 1: nothing is
skipped silently.

Usage:
  onnx-node-test-to-mlir.py NODE_TEST_DIR -o OUT_DIR [--data-set N]
  onnx-node-test-to-mlir.py NODE_TEST_DIR... --out-root ROOT
      (one OUT_DIR per node test: ROOT/<node test name>)

Requires Debian's python3-onnx (`onnx.load`, `onnx.numpy_helper.to_array`)
and python3-numpy; run it with /usr/bin/python3.
"""

import argparse
import json
import os
import re
import sys

import numpy as np

try:
    import onnx
    from google.protobuf.message import DecodeError
    from onnx import TensorProto, helper, numpy_helper
except ImportError:  # pragma: no cover - reported to the user
    sys.stderr.write("onnx-node-test-to-mlir: error: cannot import onnx "
                     "(install python3-onnx and use /usr/bin/python3)\n")
    sys.exit(1)


class ConversionError(Exception):
    """An unsupported model: the message names the node, op and opset."""


# ONNX op type -> reduce dialect op.
REDUCE_OPS = {
    "ReduceSum": "sum",
    "ReduceL1": "l1",
    "ReduceL2": "l2",
    "ReduceMin": "min",
    "ReduceMax": "max",
    "ReduceProd": "prod",
    "ReduceMean": "mean",
    "ReduceSumSquare": "sum_square",
    "ReduceLogSum": "log_sum",
    "ReduceLogSumExp": "log_sum_exp",
}

# The newest opset of each op whose semantics this script knows (the
# dialect covers ONNX up to opset 18, and ReduceMin/ReduceMax-20 on bool).
MAX_OPSET = {op: 18 for op in REDUCE_OPS}
MAX_OPSET["ReduceMin"] = 20
MAX_OPSET["ReduceMax"] = 20

# ONNX element type -> (MLIR element type, NumPy dtype of the .npy file).
# bf16 has no NumPy dtype: it is written as the raw 2-byte void `|V2` that
# reduce-run reads (docs/jit.md).
ELEMENT_TYPES = {
    TensorProto.FLOAT: ("f32", np.float32),
    TensorProto.DOUBLE: ("f64", np.float64),
    TensorProto.FLOAT16: ("f16", np.float16),
    TensorProto.BFLOAT16: ("bf16", "V2"),
    TensorProto.INT8: ("i8", np.int8),
    TensorProto.INT16: ("i16", np.int16),
    TensorProto.INT32: ("i32", np.int32),
    TensorProto.INT64: ("i64", np.int64),
    TensorProto.UINT8: ("ui8", np.uint8),
    TensorProto.UINT16: ("ui16", np.uint16),
    TensorProto.UINT32: ("ui32", np.uint32),
    TensorProto.UINT64: ("ui64", np.uint64),
    TensorProto.BOOL: ("i1", np.bool_),
}
FLOAT_TYPES = {"f16", "bf16", "f32", "f64"}
NUMERIC_TYPES = FLOAT_TYPES | {"i8", "i16", "i32", "i64",
                               "ui8", "ui16", "ui32", "ui64"}
# Which element types each dialect op takes (docs/ReduceDialect.md).
OP_TYPES = {op: NUMERIC_TYPES for op in
            ("sum", "l1", "sum_square", "prod", "mean", "min", "max")}
OP_TYPES.update({op: FLOAT_TYPES for op in ("l2", "log_sum", "log_sum_exp")})
OP_TYPES.update({op: {"i1"} for op in ("logical_and", "logical_or")})


def type_name(elem_type):
    """The ONNX spelling of an element type, e.g. 'FLOAT'."""
    return TensorProto.DataType.Name(elem_type)


def default_opset(model):
    for opset in model.opset_import:
        if opset.domain in ("", "ai.onnx"):
            return opset.version
    return None


def ssa_name(name, used):
    """A valid, unique SSA name for an ONNX value name."""
    base = re.sub(r"[^A-Za-z0-9_$.-]", "_", name) or "arg"
    if not re.match(r"[A-Za-z_$.-]", base[0]):
        base = "v" + base
    candidate, k = base, 0
    while candidate in used:
        k += 1
        candidate = "%s_%d" % (base, k)
    used.add(candidate)
    return "%" + candidate


def tensor_type(shape, elem):
    """`tensor<3x?x2xf32>`; shape None is unranked."""
    if shape is None:
        return "tensor<*x%s>" % elem
    dims = "".join(("?" if d is None else str(d)) + "x" for d in shape)
    return "tensor<%s%s>" % (dims, elem)


def value_info_shape(value_info):
    """The declared shape of a graph input (None for unknown sizes)."""
    ttype = value_info.type.tensor_type
    if not ttype.HasField("shape"):
        return None
    return [d.dim_value if d.HasField("dim_value") else None
            for d in ttype.shape.dim]


def to_npy_array(array, elem):
    """The array as reduce-run reads it for element type `elem`."""
    if elem == "bf16":
        # to_array gives bf16 values widened to f32: keep the upper half.
        # (np.array, not np.ascontiguousarray: that makes a 0-D array 1-D.)
        bits = np.array(array, dtype=np.float32, order="C").view(np.uint32)
        return (bits >> 16).astype(np.uint16).view("V2")
    return np.array(array, dtype=ELEMENT_TYPES_BY_MLIR[elem], order="C")


ELEMENT_TYPES_BY_MLIR = {m: d for (m, d) in ELEMENT_TYPES.values()}


def convert(test_dir, out_dir, data_set=0):
    """Converts one node test directory; returns its meta dictionary."""
    test_name = os.path.basename(os.path.normpath(test_dir))
    model = onnx.load(os.path.join(test_dir, "model.onnx"))
    graph = model.graph
    opset = default_opset(model)

    compute = [n for n in graph.node if n.op_type != "Constant"]
    if len(compute) != 1:
        raise ConversionError(
            "%s: expected one Reduce* node besides Constant nodes, found %d "
            "(opset %s): %s" % (
                test_name, len(compute), opset,
                ", ".join("'%s' (%s)" % (n.name or n.output[0], n.op_type)
                          for n in compute) or "none"))
    node = compute[0]
    where = "%s: node '%s' (%s, opset %s)" % (
        test_name, node.name or node.output[0], node.op_type, opset)
    if node.domain not in ("", "ai.onnx"):
        raise ConversionError("%s: unsupported domain '%s'" %
                              (where, node.domain))
    if node.op_type not in REDUCE_OPS:
        raise ConversionError("%s: unsupported op type (expected one of %s)"
                              % (where, ", ".join(sorted(REDUCE_OPS))))
    if opset is None or opset > MAX_OPSET[node.op_type]:
        raise ConversionError(
            "%s: unsupported opset (this script knows %s up to opset %d)" %
            (where, node.op_type, MAX_OPSET[node.op_type]))
    axes_is_input = opset >= (13 if node.op_type == "ReduceSum" else 18)

    attrs = {a.name: helper.get_attribute_value(a) for a in node.attribute}
    known = {"keepdims"} | ({"noop_with_empty_axes"} if axes_is_input
                            else {"axes"})
    for name in attrs:
        if name not in known:
            raise ConversionError("%s: unsupported attribute '%s'" %
                                  (where, name))
    keep_dims = int(attrs.get("keepdims", 1))
    noop = int(attrs.get("noop_with_empty_axes", 0))
    if keep_dims not in (0, 1) or noop not in (0, 1):
        raise ConversionError("%s: keepdims and noop_with_empty_axes must be "
                              "0 or 1" % where)

    # Graph inputs (initializers are constants, not arguments).
    initializers = {t.name: t for t in graph.initializer}
    constants = {}
    for n in graph.node:
        if n.op_type == "Constant":
            value = [a for a in n.attribute if a.name == "value"]
            if len(value) != 1:
                raise ConversionError(
                    "%s: Constant node '%s' without a tensor 'value' is not "
                    "supported" % (where, n.name or n.output[0]))
            constants[n.output[0]] = numpy_helper.to_array(value[0].t)
    for name, tensor in initializers.items():
        constants[name] = numpy_helper.to_array(tensor)
    graph_inputs = [i for i in graph.input if i.name not in initializers]
    if len(node.output) != 1 or len(graph.output) != 1 or \
            graph.output[0].name != node.output[0]:
        raise ConversionError("%s: expected the node's one output to be the "
                              "graph's one output" % where)

    used = set()
    args = []  # (onnx name, ssa name, shape, mlir elem)
    for value_info in graph_inputs:
        elem_type = value_info.type.tensor_type.elem_type
        if elem_type not in ELEMENT_TYPES:
            raise ConversionError("%s: unsupported element type %s of input "
                                  "'%s'" % (where, type_name(elem_type),
                                            value_info.name))
        shape = value_info_shape(value_info)
        if shape is None:
            raise ConversionError("%s: input '%s' has no declared rank" %
                                  (where, value_info.name))
        args.append((value_info.name, ssa_name(value_info.name, used), shape,
                     ELEMENT_TYPES[elem_type][0]))
    by_name = {a[0]: a for a in args}

    data_name = node.input[0]
    if data_name not in by_name:
        raise ConversionError("%s: the data input '%s' must be a graph input"
                              % (where, data_name))
    _, data_ssa, data_shape, elem = by_name[data_name]
    rank = len(data_shape)

    if node.op_type in ("ReduceMin", "ReduceMax") and elem == "i1":
        if opset < 20:
            raise ConversionError("%s: bool input needs opset 20" % where)
        dialect_op = "logical_and" if node.op_type == "ReduceMin" \
            else "logical_or"
    else:
        dialect_op = REDUCE_OPS[node.op_type]
    if elem not in OP_TYPES[dialect_op]:
        data_type = graph_inputs[[a[0] for a in args].index(data_name)] \
            .type.tensor_type.elem_type
        raise ConversionError(
            "%s: unsupported element type %s (reduce.%s takes %s)" %
            (where, type_name(data_type), dialect_op,
             ", ".join(sorted(OP_TYPES[dialect_op]))))

    # The axes: a static list (None: all) or a runtime operand.
    axes_operand = None
    static_axes = None
    if axes_is_input:
        axes_name = node.input[1] if len(node.input) > 1 else ""
        if axes_name == "":
            static_axes = [] if noop else None
        elif axes_name in constants:
            values = constants[axes_name]
            if values.dtype.kind != "i" or values.ndim > 1:
                raise ConversionError("%s: constant axes '%s' must be a 0-D "
                                      "or 1-D integer tensor" %
                                      (where, axes_name))
            static_axes = [int(v) for v in values.reshape(-1)]
            if not static_axes and not noop:
                static_axes = None
        elif axes_name in by_name:
            axes_operand = by_name[axes_name]
            if axes_operand[3] not in ("i8", "i16", "i32", "i64"):
                raise ConversionError("%s: axes input '%s' must be a signless "
                                      "integer tensor, not %s" %
                                      (where, axes_name, axes_operand[3]))
            if len(axes_operand[2]) > 1:
                raise ConversionError("%s: axes input '%s' must be 0-D or 1-D"
                                      % (where, axes_name))
        else:
            raise ConversionError("%s: axes '%s' is neither a graph input, an "
                                  "initializer nor a Constant output" %
                                  (where, axes_name))
        if len(node.input) > 2:
            raise ConversionError("%s: expected at most 2 inputs" % where)
    else:
        if len(node.input) != 1:
            raise ConversionError("%s: opset %d takes the axes as an "
                                  "attribute, not an input" % (where, opset))
        # Before opset 18 (13 for ReduceSum) an absent or empty `axes`
        # attribute reduces every dimension.
        static_axes = [int(a) for a in attrs.get("axes", [])] or None

    if axes_operand is None:
        if static_axes is None:
            static_axes = list(range(rank))
        reduced = set()
        for axis in static_axes:
            if not -rank <= axis < rank:
                raise ConversionError("%s: axis %d is out of range for rank %d"
                                      % (where, axis, rank))
            reduced.add(axis % rank)
        result_shape = []
        for d, size in enumerate(data_shape):
            if d in reduced:
                if keep_dims:
                    result_shape.append(1)
            else:
                result_shape.append(size)
        axes_text = "axes [%s]" % ", ".join(str(a) for a in static_axes)
        operand_types = tensor_type(data_shape, elem)
    else:
        # The result rank is known from keep_dims; otherwise unranked
        # (reduce-run reports the actual shape).
        result_shape = [None] * rank if keep_dims else None
        axes_text = "axes %s" % axes_operand[1]
        operand_types = "%s, %s" % (tensor_type(data_shape, elem),
                                    tensor_type(axes_operand[2],
                                                axes_operand[3]))
    keep_text = " keep_dims" if keep_dims else ""
    if axes_operand is not None and not noop:
        keep_text += " empty_axes all"
    result_type = tensor_type(result_shape, elem)

    signature = ", ".join("%s: %s" % (ssa, tensor_type(shape, t))
                          for (_, ssa, shape, t) in args)
    lines = [
        "// ONNX node test %s: %s (opset %d), converted by "
        "utils/onnx-node-test-to-mlir.py." % (test_name, node.op_type, opset),
        "func.func @main(%s) -> %s {" % (signature, result_type),
        "  %%result = reduce.%s %s %s%s : %s -> %s" % (
            dialect_op, data_ssa, axes_text, keep_text, operand_types,
            result_type),
        "  return %%result : %s" % result_type,
        "}",
    ]

    # The data: inputs in graph input order, the expected output.
    set_dir = os.path.join(test_dir, "test_data_set_%d" % data_set)
    if not os.path.isdir(set_dir):
        raise ConversionError("%s: no %s" % (where, set_dir))
    os.makedirs(out_dir, exist_ok=True)
    input_arrays = []
    for k, (name, _, shape, t) in enumerate(args):
        path = os.path.join(set_dir, "input_%d.pb" % k)
        if not os.path.exists(path):
            raise ConversionError("%s: missing %s for input '%s'" %
                                  (where, path, name))
        array = numpy_helper.to_array(onnx.load_tensor(path))
        input_arrays.append(array)
        np.save(os.path.join(out_dir, "input_%d.npy" % k),
                to_npy_array(array, t))
    expected = numpy_helper.to_array(
        onnx.load_tensor(os.path.join(set_dir, "output_0.pb")))
    np.save(os.path.join(out_dir, "expected_0.npy"),
            to_npy_array(expected, elem))
    with open(os.path.join(out_dir, "model.mlir"), "w") as f:
        f.write("\n".join(lines) + "\n")

    data = input_arrays[args.index(by_name[data_name])]
    meta = {
        "test": test_name,
        "op_type": node.op_type,
        "opset": opset,
        "op": dialect_op,
        "element_type": elem,
        "inputs": len(args),
        # Elements that each result element reduces (1 for none).
        "reduced_elements": int(data.size // expected.size)
        if expected.size else 0,
    }
    with open(os.path.join(out_dir, "meta.json"), "w") as f:
        json.dump(meta, f, indent=1, sort_keys=True)
        f.write("\n")
    return meta


def main(argv):
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("test_dirs", nargs="+", metavar="NODE_TEST_DIR")
    parser.add_argument("-o", "--output", metavar="OUT_DIR",
                        help="output directory (one node test)")
    parser.add_argument("--out-root", metavar="ROOT",
                        help="write each node test to ROOT/<name>")
    parser.add_argument("--data-set", type=int, default=0, metavar="N",
                        help="which test_data_set_N to convert (default 0)")
    opts = parser.parse_args(argv)
    if bool(opts.output) == bool(opts.out_root):
        parser.error("give exactly one of -o and --out-root")
    if opts.output and len(opts.test_dirs) != 1:
        parser.error("-o takes one node test directory; use --out-root")
    status = 0
    for test_dir in opts.test_dirs:
        out = opts.output or os.path.join(
            opts.out_root, os.path.basename(os.path.normpath(test_dir)))
        try:
            convert(test_dir, out, opts.data_set)
        except (ConversionError, OSError, DecodeError) as err:
            sys.stderr.write("onnx-node-test-to-mlir: error: %s\n" % err)
            status = 1
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

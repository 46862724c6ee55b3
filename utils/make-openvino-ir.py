#!/usr/bin/python3
"""Writes the OpenVINO IR test models of test/Import/OpenVino.

  make-openvino-ir.py OUTDIR               write every model
  make-openvino-ir.py --layers OUTDIR      write the models of the
                                           elementwise, Broadcast and
                                           ShapeOf layers (their own tests)
  make-openvino-ir.py --layer-errors OUTDIR
                                           and their malformed models
  make-openvino-ir.py --normalizations OUTDIR
                                           write the models (valid and
                                           malformed) of SoftMax,
                                           LogSoftmax, MVN and NormalizeL2
  make-openvino-ir.py --corpus OUTDIR      write the seeds of
                                           reduce-openvino-fuzzer
  make-openvino-ir.py --compare OUTDIR CASE...
                                           compare CASE.got<i>.npy (what
                                           reduce-run wrote) with the
                                           reference CASE.expected<i>.npy,
                                           for each CASE

Each valid model CASE is CASE.xml and CASE.bin (the weights of its Const
layers), its inputs CASE.input<i>.npy (one per Parameter, file order), the
NumPy reference of its outputs CASE.expected<i>.npy (one per Result, file
order) and CASE.json (the reduce op and the number of elements each output
element reduces, for utils/onnx-compare.py's tolerance). The reference is
computed here with NumPy, in float64 for the float types, independently of
the importer and of the compiled code.

The malformed models are err_*.xml (and err_*.bin): a valid model with one
thing broken, for the importer's error messages.

The models follow the IR that OpenVINO writes: `<net version="10|11">`,
`<layers>` of `<layer id name type version>` with `<data>` attributes and
`<input>`/`<output>` ports (`<dim>` children), `<edges>` joining
(from-layer, from-port) to (to-layer, to-port). The examples named *_spec
are those of the OpenVINO operation specifications (ReduceSum-1 and the
others): a 6x12x10x24 input reduced over [2, 3], [1] and [-2], each with
keep_dims true and false.
"""

import importlib.util
import json
import os
import sys

import numpy as np

# OpenVINO element type -> (NumPy dtype, port precision). bf16 is stored as
# its 16 raw bits (NumPy has no bfloat16; .npy files use '|V2').
TYPES = {
    "f16": (np.float16, "FP16"),
    "bf16": (None, "BF16"),
    "f32": (np.float32, "FP32"),
    "f64": (np.float64, "FP64"),
    "i8": (np.int8, "I8"),
    "i16": (np.int16, "I16"),
    "i32": (np.int32, "I32"),
    "i64": (np.int64, "I64"),
    "u8": (np.uint8, "U8"),
    "u16": (np.uint16, "U16"),
    "u32": (np.uint32, "U32"),
    "u64": (np.uint64, "U64"),
    "boolean": (np.bool_, "BOOL"),
}

# Reduce layer type -> (opset version, reduce dialect op).
REDUCE_LAYERS = {
    "ReduceSum": ("opset1", "sum"),
    "ReduceMean": ("opset1", "mean"),
    "ReduceProd": ("opset1", "prod"),
    "ReduceMin": ("opset1", "min"),
    "ReduceMax": ("opset1", "max"),
    "ReduceL1": ("opset4", "l1"),
    "ReduceL2": ("opset4", "l2"),
    "ReduceLogicalAnd": ("opset1", "logical_and"),
    "ReduceLogicalOr": ("opset1", "logical_or"),
}


def to_bf16(x):
    """float32 -> bf16 bits (round to nearest even), as uint16."""
    bits = np.asarray(x, np.float32).view(np.uint32).astype(np.uint64)
    rounded = (bits + 0x7FFF + ((bits >> 16) & 1)) >> 16
    return rounded.astype(np.uint16)


def from_bf16(bits):
    return (bits.astype(np.uint32) << 16).view(np.float32)


def npy_array(etype, values):
    """What reduce-run reads for element type `etype` (bf16 as '|V2')."""
    if etype == "bf16":
        return values.view("V2")
    return values


def reference(op, x, etype, axes, keep_dims):
    """NumPy reference of reduce.<op> of `x` (already of etype's dtype, bf16
    as bits) over the normalized `axes`."""
    axis = tuple(axes)
    if etype == "bf16":
        data = from_bf16(x).astype(np.float64)
    elif x.dtype.kind == "f":
        data = x.astype(np.float64)
    else:
        data = x
    kwargs = dict(axis=axis, keepdims=keep_dims)
    if op == "logical_and":
        return np.all(data, **kwargs)
    if op == "logical_or":
        return np.any(data, **kwargs)
    if op == "min":
        r = np.min(data, **kwargs)
    elif op == "max":
        r = np.max(data, **kwargs)
    elif op == "sum":
        r = np.sum(data, dtype=data.dtype, **kwargs)
    elif op == "prod":
        r = np.prod(data, dtype=data.dtype, **kwargs)
    elif op == "mean":
        r = np.mean(data, **kwargs)
    elif op == "l1":
        r = np.sum(np.abs(data), dtype=data.dtype, **kwargs)
    elif op == "l2":
        r = np.sqrt(np.sum(data * data, **kwargs))
    else:
        raise ValueError(op)
    if etype == "bf16":
        return to_bf16(np.asarray(r, np.float32))
    return np.asarray(r).astype(x.dtype)


def random_data(rng, etype, shape, op="sum"):
    """Inputs whose reductions stay well inside the type's range (integer
    sums may still wrap, as the dialect and NumPy both define)."""
    dtype = TYPES[etype][0]
    if etype == "boolean":
        # Mostly true for logical_and, mostly false for logical_or, so that
        # both outcomes occur.
        p = 0.995 if op == "logical_and" else 0.005
        return rng.random(shape) < p
    if etype in ("f16", "bf16", "f32", "f64"):
        if op == "prod":
            values = rng.uniform(0.9, 1.1, shape) * rng.choice([-1, 1], shape)
        else:
            values = rng.uniform(-2, 2, shape)
        if etype == "bf16":
            return to_bf16(values.astype(np.float32))
        return values.astype(dtype)
    info = np.iinfo(dtype)
    low = max(int(info.min), -100)
    high = min(int(info.max), 100)
    if op == "prod":
        low, high = max(low, -2), min(high, 2)
    return rng.integers(low, high + 1, shape).astype(dtype)


class Net:
    """An IR under construction. A value is (layer id, output port id)."""

    def __init__(self, version=11):
        self.version = version
        self.layers = []
        self.edges = []
        self.weights = bytearray()
        self.shapes = {}  # value -> tuple of dims, None when unknown
        self.types = {}  # value -> element type
        self.inputs = []  # arrays of the Parameters, file order
        self.outputs = []  # (expected array, op, reduced elements)

    def _layer(self, name, type, version, data=None, inputs=(), outputs=()):
        lid = len(self.layers)
        self.layers.append(dict(id=lid, name=name, type=type, version=version,
                                data=data or {}, inputs=list(inputs),
                                outputs=list(outputs)))
        return lid

    def parameter(self, name, etype, array=None, shape=None, shape_text=None):
        """A Parameter of `etype`; `array` is its test input (its shape
        unless `shape`/`shape_text` say otherwise)."""
        if shape is None:
            shape = tuple(array.shape)
        if shape_text is None:
            shape_text = ",".join(str(d) for d in shape)
        lid = self._layer(name, "Parameter", "opset1",
                          dict(shape=shape_text, element_type=etype),
                          outputs=[(0, TYPES[etype][1], shape)])
        self.shapes[(lid, 0)] = shape
        self.types[(lid, 0)] = etype
        if array is not None:
            self.inputs.append(npy_array(etype, array))
        return (lid, 0)

    def const(self, name, etype, values, shape=None):
        values = np.asarray(values)
        shape = tuple(values.shape) if shape is None else shape
        raw = values.tobytes()
        offset = len(self.weights)
        self.weights += raw
        lid = self._layer(
            name, "Const", "opset1",
            dict(element_type=etype, shape=",".join(str(d) for d in shape),
                 offset=str(offset), size=str(len(raw))),
            outputs=[(0, TYPES[etype][1], shape)])
        self.shapes[(lid, 0)] = shape
        self.types[(lid, 0)] = etype
        return (lid, 0)

    def reduce(self, type, name, data, axes, keep_dims=None, out_shape="infer",
               version=None):
        """A Reduce layer of `data` over the value `axes`; keep_dims None
        leaves the attribute out (false). The output port declares
        `out_shape` ("infer": computed from constant axes; None: no dims)."""
        in_shape = self.shapes[data]
        axes_shape = self.shapes[axes]
        etype = self.types[data]
        if out_shape == "infer":
            out_shape = None
            axes_layer = self.layers[axes[0]]
            if axes_layer["type"] == "Const" and in_shape is not None:
                values = self._const_values(axes[0])
                rank = len(in_shape)
                reduced = {a % rank for a in values}
                keep = keep_dims in (True, "true", "1")
                out_shape = tuple(
                    1 if i in reduced else d for i, d in enumerate(in_shape)
                    if keep or i not in reduced)
        attrs = {}
        if keep_dims is not None:
            attrs["keep_dims"] = ("true" if keep_dims else "false") \
                if isinstance(keep_dims, bool) else keep_dims
        lid = self._layer(
            name, type, version or REDUCE_LAYERS[type][0], attrs,
            inputs=[(0, TYPES[etype][1], in_shape),
                    (1, TYPES[self.types[axes]][1], axes_shape)],
            outputs=[(2, TYPES[etype][1], out_shape)])
        self.edge(data, (lid, 0))
        self.edge(axes, (lid, 1))
        self.shapes[(lid, 2)] = out_shape
        self.types[(lid, 2)] = etype
        return (lid, 2)

    def op(self, type, name, inputs, data=None, etype=None, out_shape=None,
           version="opset1"):
        """A layer of `type` on the values `inputs` (ports 0..n-1) with one
        output (port n) of element type `etype` (default: the first
        input's) declaring `out_shape` (None: no dims)."""
        ports = [(i, TYPES[self.types[v]][1], self.shapes[v])
                 for i, v in enumerate(inputs)]
        etype = etype or self.types[inputs[0]]
        out = len(inputs)
        lid = self._layer(name, type, version, data, inputs=ports,
                          outputs=[(out, TYPES[etype][1], out_shape)])
        for i, v in enumerate(inputs):
            self.edge(v, (lid, i))
        self.shapes[(lid, out)] = out_shape
        self.types[(lid, out)] = etype
        return (lid, out)

    def op2(self, type, name, inputs, data, out_shape, etypes, version):
        """A layer with two outputs (ports n and n+1) of element types
        `etypes`, both of shape `out_shape`; returns both values."""
        ports = [(i, TYPES[self.types[v]][1], self.shapes[v])
                 for i, v in enumerate(inputs)]
        out = len(inputs)
        lid = self._layer(name, type, version, data, inputs=ports,
                          outputs=[(out + k, TYPES[etypes[k]][1], out_shape)
                                   for k in range(2)])
        for i, v in enumerate(inputs):
            self.edge(v, (lid, i))
        for k in range(2):
            self.shapes[(lid, out + k)] = out_shape
            self.types[(lid, out + k)] = etypes[k]
        return (lid, out), (lid, out + 1)

    def _const_values(self, lid):
        data = self.layers[lid]["data"]
        dtype = TYPES[data["element_type"]][0]
        offset, size = int(data["offset"]), int(data["size"])
        return [int(v) for v in np.frombuffer(
            bytes(self.weights[offset:offset + size]), dtype)]

    def result(self, name, value, expected=None, op=None, reduced=1):
        etype = self.types[value]
        shape = self.shapes[value]
        lid = self._layer(name, "Result", "opset1",
                          inputs=[(0, TYPES[etype][1], shape)])
        self.edge(value, (lid, 0))
        if expected is not None:
            self.outputs.append((npy_array(etype, expected), op, reduced))
        return lid

    def edge(self, source, target):
        self.edges.append((source[0], source[1], target[0], target[1]))

    def xml(self, order=None, ids=None):
        """The XML text; `order` permutes the layers in the file and `ids`
        renames the layer ids (both default to the construction order)."""
        order = order or list(range(len(self.layers)))
        ids = ids or list(range(len(self.layers)))
        lines = ['<?xml version="1.0"?>',
                 '<net name="model" version="%d">' % self.version,
                 "\t<layers>"]
        for index in order:
            layer = self.layers[index]
            lines.append('\t\t<layer id="%d" name="%s" type="%s" '
                         'version="%s">' % (ids[index], layer["name"],
                                            layer["type"], layer["version"]))
            if layer["data"]:
                lines.append("\t\t\t<data %s/>" % " ".join(
                    '%s="%s"' % kv for kv in layer["data"].items()))
            for kind in ("input", "output"):
                if not layer[kind + "s"]:
                    continue
                lines.append("\t\t\t<%s>" % kind)
                for port, precision, shape in layer[kind + "s"]:
                    if shape is None:
                        lines.append('\t\t\t\t<port id="%d" precision="%s"/>'
                                     % (port, precision))
                        continue
                    lines.append('\t\t\t\t<port id="%d" precision="%s">'
                                 % (port, precision))
                    lines += ["\t\t\t\t\t<dim>%s</dim>" % d for d in shape]
                    lines.append("\t\t\t\t</port>")
                lines.append("\t\t\t</%s>" % kind)
            lines.append("\t\t</layer>")
        lines.append("\t</layers>")
        lines.append("\t<edges>")
        for f, fp, t, tp in self.edges:
            lines.append('\t\t<edge from-layer="%d" from-port="%d" '
                         'to-layer="%d" to-port="%d"/>' % (ids[f], fp, ids[t],
                                                          tp))
        lines.append("\t</edges>")
        lines.append("\t<rt_info/>")
        lines.append("</net>")
        return "\n".join(lines) + "\n"


def write(outdir, case, net, xml=None, weights=None):
    """Writes CASE.xml, CASE.bin and, for a model with outputs, its inputs,
    reference outputs and CASE.json."""
    with open(os.path.join(outdir, case + ".xml"), "w") as f:
        f.write(net.xml() if xml is None else xml)
    with open(os.path.join(outdir, case + ".bin"), "wb") as f:
        f.write(bytes(net.weights) if weights is None else weights)
    for i, array in enumerate(net.inputs):
        np.save(os.path.join(outdir, "%s.input%d.npy" % (case, i)), array)
    meta = []
    for i, (array, op, reduced) in enumerate(net.outputs):
        np.save(os.path.join(outdir, "%s.expected%d.npy" % (case, i)), array)
        meta.append(dict(op=op, reduced_elements=reduced))
    if meta:
        with open(os.path.join(outdir, case + ".json"), "w") as f:
            json.dump(meta, f)


def reduced_count(shape, axes):
    rank = len(shape)
    return int(np.prod([shape[a % rank] for a in set(a % rank for a in axes)]))


def normalized(axes, rank):
    return sorted({a % rank for a in axes})


# The examples of each Reduce layer's specification: axes [2, 3], [1] and
# [-2], each with keep_dims true and false.
SPEC_EXAMPLES = [([2, 3], True), ([2, 3], False), ([1], True), ([1], False),
                 ([-2], True), ([-2], False)]


def spec_model(rng, type, version=11):
    op = REDUCE_LAYERS[type][1]
    etype = "boolean" if op.startswith("logical") else "f32"
    net = Net(version)
    x = random_data(rng, etype, (6, 12, 10, 24), op)
    data = net.parameter("data", etype, x)
    for i, (axes, keep) in enumerate(SPEC_EXAMPLES):
        a = net.const("axes%d" % i, "i64", np.array(axes, np.int64))
        r = net.reduce(type, "reduce%d" % i, data, a, keep)
        net.result("result%d" % i, r,
                   reference(op, x, etype, normalized(axes, 4), keep), op,
                   reduced_count(x.shape, axes))
    return net


def element_types_model(rng):
    """ReduceSum over every numeric type, ReduceMax over every numeric type,
    and the logical reductions over boolean."""
    net = Net(11)
    axes = net.const("axes", "i32", np.array([1, -1], np.int32))
    for etype in TYPES:
        ops = (["ReduceLogicalAnd", "ReduceLogicalOr"] if etype == "boolean"
               else ["ReduceSum", "ReduceMax"])
        x = random_data(rng, etype, (3, 5, 7),
                        "logical_and" if etype == "boolean" else "sum")
        data = net.parameter("x_" + etype, etype, x)
        for type in ops:
            op = REDUCE_LAYERS[type][1]
            r = net.reduce(type, "%s_%s" % (op, etype), data, axes, False)
            net.result("out_%s_%s" % (op, etype), r,
                       reference(op, x, etype, [1, 2], False), op, 35)
    return net


def const_types_model():
    """A Const of every element type (the bytes of the .bin decoded as that
    type), reduced by ReduceMax (ReduceLogicalOr for boolean) over axis 0."""
    net = Net(11)
    axes = net.const("axes", "i64", np.array([0], np.int64))
    for etype, (dtype, _) in TYPES.items():
        if etype == "boolean":
            values, type = np.array([[False, True], [False, False]]), \
                "ReduceLogicalOr"
        elif etype == "bf16":
            values, type = to_bf16(np.array([[1.5, -2], [3.25, -0.5]],
                                            np.float32)), "ReduceMax"
        else:
            values = np.array([[1, 100], [3, 7]])
            if dtype(0).dtype.kind in "if":
                values = values * np.array([[1, -1], [-1, 1]])
            values, type = values.astype(dtype), "ReduceMax"
        c = net.const("c_" + etype, etype, values)
        op = REDUCE_LAYERS[type][1]
        r = net.reduce(type, "%s_%s" % (op, etype), c, axes, False)
        net.result("out_" + etype, r, reference(op, values, etype, [0], False),
                   op, 2)
    return net


def chain_model(rng, version):
    """Two reductions in a row (the second over the first's result), the
    intermediate value also a result; and a repeated, negative axis."""
    net = Net(version)
    x = random_data(rng, "f32", (4, 5, 6))
    data = net.parameter("x", "f32", x)
    a1 = net.const("axes1", "i64", np.array([2, -1], np.int64))
    s = net.reduce("ReduceSum", "sum", data, a1, True)
    a2 = net.const("axes2", "i64", np.array(0, np.int64))
    m = net.reduce("ReduceMax", "max", s, a2, "0")
    s_ref = reference("sum", x, "f32", [2], True)
    # The max selects one of the sums, each within the sum's tolerance.
    net.result("max_of_sum", m, reference("max", s_ref, "f32", [0], False),
               "sum", 6)
    net.result("sum_out", s, s_ref, "sum", 6)
    return net


def scrambled_order():
    """The chain of two reductions with the layers in reverse file order and
    ids that are not positions: the importer must follow the edges."""
    net = chain_model(np.random.default_rng(7), 11)
    count = len(net.layers)
    # The Results come first, in their order (which fixes the order of the
    # function's results), then the other layers from last to first.
    results = [i for i in range(count) if net.layers[i]["type"] == "Result"]
    order = results + [i for i in reversed(range(count)) if i not in results]
    ids = [100 - 7 * i for i in range(count)]
    return net, net.xml(order=order, ids=ids)


def runtime_axes_model(rng):
    """Axes from a Parameter (i64 of dynamic length, i32 of static length),
    and a reduction with constant axes below one with runtime axes (whose
    result rank is unknown until run time)."""
    net = Net(11)
    x = random_data(rng, "f32", (3, 4, 5))
    data = net.parameter("x", "f32", x)
    axes = np.array([0, -1], np.int64)
    ax = net.parameter("axes", "i64", axes, shape=(2,), shape_text="?")
    r = net.reduce("ReduceSum", "sum", data, ax, False, out_shape=None)
    net.result("sum", r, reference("sum", x, "f32", [0, 2], False), "sum", 15)
    axes32 = np.array([1], np.int32)
    ax32 = net.parameter("axes32", "i32", axes32)
    k = net.reduce("ReduceMin", "min", data, ax32, True,
                   out_shape=("-1", "-1", "-1"))
    k_ref = reference("min", x, "f32", [1], True)
    net.result("min", k, k_ref, "min", 4)
    c = net.const("axis0", "i64", np.array([0], np.int64))
    m = net.reduce("ReduceMax", "max_of_min", k, c, False, out_shape=None)
    net.result("max_of_min", m, reference("max", k_ref, "f32", [0], False),
               "max", 3)
    return net


def unranked_chain_model():
    """Constant axes below runtime axes whose result rank is unknown: the
    Const becomes a constant axes operand (the static list needs the rank).
    Imported only: the lowering needs a ranked input."""
    net = Net(11)
    data = net.parameter("x", "f32", shape=(3, 4, 5))
    ax = net.parameter("axes", "i64", shape=(2,), shape_text="?")
    r = net.reduce("ReduceSum", "sum", data, ax, False, out_shape=None)
    c = net.const("axis_last", "i64", np.array([-1, 0, -1], np.int64))
    m = net.reduce("ReduceMax", "max_of_sum", r, c, False, out_shape=None)
    net.result("max_of_sum", m)
    return net


def const_data_model():
    """Const layers as data (f32 and boolean) and directly as a result, and
    empty axes (no reduction, as in OpenVINO)."""
    net = Net(10)
    values = np.arange(6, dtype=np.float32).reshape(2, 3)
    c = net.const("values", "f32", values)
    axes = net.const("axes", "i64", np.array([1], np.int64))
    r = net.reduce("ReduceProd", "prod", c, axes)
    net.result("prod", r, reference("prod", values, "f32", [1], False),
               "prod", 3)
    flags = np.array([[True, False], [False, False]])
    b = net.const("flags", "boolean", flags)
    o = net.reduce("ReduceLogicalOr", "any", b, axes, True)
    net.result("any", o, reference("logical_or", flags, "boolean", [1], True),
               "logical_or", 2)
    none = net.const("none", "i64", np.zeros(0, np.int64))
    m = net.reduce("ReduceMean", "mean_none", c, none, False)
    net.result("mean_none", m, values, "mean", 1)
    net.result("values", c, values, "sum", 1)
    return net


def dynamic_dims_model(rng):
    """v11 dynamic dims of the Parameter: '?', -1 and an interval."""
    net = Net(11)
    x = random_data(rng, "f32", (2, 3, 4))
    data = net.parameter("x", "f32", x, shape=("-1", "?", "1..10"),
                         shape_text="?, -1, 1..10")
    axes = net.const("axes", "i64", np.array([1], np.int64))
    r = net.reduce("ReduceL1", "l1", data, axes, False, out_shape=("-1", "?"))
    net.result("l1", r, reference("l1", x, "f32", [1], False), "l1", 3)
    return net


def integer_l2_model():
    """ReduceL2 on integers, as OpenVINO's op_reference tests run it: i32,
    u32 and u64 [1..12] of shape 3x2x2 over axis 2, keep_dims true and false.
    OpenVINO computes in f32 and rounds to nearest: sqrt(61) = 7.81 is 8."""
    net = Net(11)
    expected = np.array([2, 5, 8, 11, 13, 16]).reshape(3, 2)
    for etype, dtype in (("i32", np.int32), ("u32", np.uint32),
                         ("u64", np.uint64)):
        x = np.arange(1, 13).astype(dtype).reshape(3, 2, 2)
        data = net.parameter("x_" + etype, etype, x)
        for keep in (True, False):
            name = "%s_%s" % (etype, "keep" if keep else "drop")
            axes = net.const("axes_" + name, "i64", np.array([2], np.int64))
            r = net.reduce("ReduceL2", "l2_" + name, data, axes, keep)
            want = expected.reshape(3, 2, 1) if keep else expected
            net.result("out_" + name, r, want.astype(dtype), "l2", 2)
    return net


# Malformed models. Each is a small valid model, `base`, with one edit.
def base_model(version=11, type="ReduceSum", etype="f32", axes=(1,)):
    net = Net(version)
    data = net.parameter("x", etype, shape=(2, 3))
    axes = net.const("axes", "i64", np.array(axes, np.int64))
    r = net.reduce(type, "reduce", data, axes, True)
    net.result("out", r)
    return net


def replace(text, old, new, count=1):
    assert text.count(old) >= count, (old, text)
    return text.replace(old, new, count)


def error_cases():
    """(case, xml, weights) of the malformed models."""
    net = base_model()
    xml, bin = net.xml(), bytes(net.weights)
    cases = []

    def add(case, text=xml, weights=bin):
        cases.append((case, text, weights))

    # Not an IR.
    add("err_not_xml", "<net version='11'><layers>")
    add("err_no_net", replace(replace(xml, "<net ", "<model "), "</net>",
                              "</model>"))
    add("err_no_version", replace(xml, ' version="11"', ""))
    add("err_bad_version", replace(xml, 'version="11"', 'version="7"'))
    add("err_no_layers", '<?xml version="1.0"?>\n<net version="10"/>\n')
    # Layers.
    add("err_unknown_type",
        replace(xml, 'type="ReduceSum" version="opset1"',
                'type="ReduceLogSum" version="opset1"'))
    add("err_unknown_version",
        replace(xml, 'type="ReduceSum" version="opset1"',
                'type="ReduceSum" version="opset4"'))
    l1 = base_model(type="ReduceL1").xml()
    add("err_l1_opset1", replace(l1, 'type="ReduceL1" version="opset4"',
                                 'type="ReduceL1" version="opset1"'))
    add("err_missing_name", replace(xml, ' name="reduce"', ""))
    add("err_missing_id", replace(xml, '<layer id="2" ', "<layer "))
    add("err_duplicate_id", replace(xml, '<layer id="2" ', '<layer id="1" '))
    add("err_duplicate_port",
        replace(xml, '<port id="2" precision="FP32">',
                '<port id="1" precision="FP32">'))
    add("err_port_count", replace(replace(
        xml, '<port id="1" precision="I64">\n\t\t\t\t\t<dim>1</dim>'
        '\n\t\t\t\t</port>', ""), '<edge from-layer="1" from-port="0" '
        'to-layer="2" to-port="1"/>', ""))
    add("err_missing_element_type", replace(xml, ' element_type="f32"', ""))
    add("err_missing_shape", replace(xml, ' shape="2,3"', ""))
    add("err_missing_offset", replace(xml, ' offset="0"', ""))
    add("err_missing_size", replace(xml, ' size="8"', ""))
    add("err_bad_keep_dims", replace(xml, 'keep_dims="true"',
                                     'keep_dims="yes"'))
    # Element types.
    for etype in ("u1", "i4", "u4", "string", "dynamic"):
        add("err_type_" + etype, replace(xml, 'element_type="f32"',
                                         'element_type="%s"' % etype))
    add("err_sum_boolean", base_model(etype="boolean").xml())
    add("err_l2_boolean", base_model(type="ReduceL2", etype="boolean").xml())
    add("err_and_f32", base_model(type="ReduceLogicalAnd").xml())
    # Shapes.
    add("err_negative_dim", replace(xml, 'shape="2,3"', 'shape="2,-3"'))
    add("err_huge_dims", replace(xml, 'shape="2,3"',
                                 'shape="4294967296,4294967296"'))
    add("err_dim_overflow", replace(xml, 'shape="2,3"',
                                    'shape="2,99999999999999999999"'))
    add("err_dynamic_rank", replace(xml, 'shape="2,3"', 'shape="..."'))
    add("err_bad_interval", replace(xml, 'shape="2,3"', 'shape="2,5..3"'))
    add("err_dynamic_v10", replace(replace(xml, 'version="11"',
                                           'version="10"'),
                                   'shape="2,3"', 'shape="2,?"'))
    add("err_const_dynamic", replace(xml, 'shape="1"', 'shape="?"'))
    add("err_port_shape", replace(
        xml, '<port id="2" precision="FP32">\n\t\t\t\t\t<dim>2</dim>',
        '<port id="2" precision="FP32">\n\t\t\t\t\t<dim>3</dim>'))
    add("err_port_rank", replace(
        xml, '<port id="2" precision="FP32">\n\t\t\t\t\t<dim>2</dim>',
        '<port id="2" precision="FP32">'))
    add("err_port_dim", replace(
        xml, '<port id="2" precision="FP32">\n\t\t\t\t\t<dim>2</dim>',
        '<port id="2" precision="FP32">\n\t\t\t\t\t<dim>two</dim>'))
    # Weights.
    add("err_short_bin", weights=bin[:5])
    add("err_offset_past_end", replace(xml, 'offset="0"', 'offset="64"'))
    add("err_offset_overflow",
        replace(xml, 'offset="0"', 'offset="18446744073709551615"'))
    add("err_size_mismatch", replace(xml, 'size="8"', 'size="4"'))
    bools = base_model(type="ReduceLogicalOr", etype="boolean")
    bool_axes = bools.const("bools", "boolean", np.array([1, 0], np.uint8))
    bools.result("bools_out", bool_axes)
    add("err_bad_bool", bools.xml(), bytes(bools.weights[:8]) + b"\x00\x02")
    # Axes.
    add("err_axis_range", weights=np.array([2], np.int64).tobytes())
    add("err_axes_f32", replace(xml, 'element_type="i64"',
                                'element_type="f64"'))
    add("err_axes_2d", base_model(axes=[[1]]).xml())
    # Edges.
    edge = '<edge from-layer="0" from-port="0" to-layer="2" to-port="0"/>'
    add("err_no_edge", replace(xml, edge, ""))
    add("err_edge_no_layer", replace(xml, edge, edge.replace(
        'from-layer="0"', 'from-layer="9"')))
    add("err_edge_no_port", replace(xml, edge, edge.replace(
        'from-port="0"', 'from-port="5"')))
    add("err_edge_output_as_input", replace(xml, edge, edge.replace(
        'to-port="0"', 'to-port="2"')))
    add("err_edge_twice", replace(xml, edge, edge + "\n" + edge.replace(
        'from-layer="0"', 'from-layer="1"')))
    add("err_edge_bad_attr", replace(xml, edge, edge.replace(
        'to-port="0"', 'to-port="first"')))
    # A cycle: the reduction's data comes from a second reduction, whose data
    # is the first's output.
    cyc = Net(11)
    x = cyc.parameter("x", "f32", shape=(2, 3))
    axes = cyc.const("axes", "i64", np.array([0], np.int64))
    r1 = cyc.reduce("ReduceSum", "first", x, axes, True, out_shape=None)
    r2 = cyc.reduce("ReduceSum", "second", r1, axes, True, out_shape=None)
    cyc.result("out", r2)
    cyc.edges[0] = (r2[0], r2[1], r1[0], 0)
    add("err_cycle", cyc.xml(), bytes(cyc.weights))
    # The Parameter and Result alone are valid; without weights the Const is
    # the error.
    add("err_no_bin", xml, None)
    return cases


# Elementwise layers, Broadcast and ShapeOf (written by --layers). Each
# output's reference is NumPy's, computed here: in the element type for the
# ops IEEE rounds exactly (compared exactly, "max"), in float64 and rounded
# for pow, sqrt, exp and log (compared within a few ulps, "sum" of 1).

BINARY_LAYERS = ["Add", "Subtract", "Multiply", "Divide", "Power",
                 "SquaredDifference", "Maximum", "Minimum"]


def np_binary(type, a, b, pythondiv=True):
    """NumPy reference of a binary layer on arrays of one dtype (floats: the
    result rounded once, as IEEE does; integers: wrapping, floor or
    truncating division with 0 for a zero divisor)."""
    if a.dtype.kind == "f" and type == "Power":
        return np.power(a.astype(np.float64), b.astype(np.float64)).astype(
            a.dtype)
    if type == "Add":
        return a + b
    if type == "Subtract":
        return a - b
    if type == "Multiply":
        return a * b
    if type == "SquaredDifference":
        return (a - b) * (a - b)
    if type == "Maximum":
        return np.maximum(a, b)
    if type == "Minimum":
        return np.minimum(a, b)
    if type == "Divide":
        if a.dtype.kind == "f":
            return a / b
        a, b = np.broadcast_arrays(a, b)
        out = np.zeros(a.shape, a.dtype)
        for i in np.ndindex(a.shape):
            x, y = int(a[i]), int(b[i])
            if y == 0:
                continue
            q = x // y if pythondiv else abs(x) // abs(y) * (
                1 if (x < 0) == (y < 0) else -1)
            out[i] = np.array(q).astype(a.dtype) if -2**63 <= q < 2**64 \
                else 0
        return out
    if type == "Power":
        return np.power(a, b)
    raise ValueError(type)


def binary_spec_model(rng):
    """The two examples of each binary layer's specification: 256x56 with
    256x56 (auto_broadcast none) and 8x1x6x1 with 7x1x5 (numpy). Divide's
    examples set m_pythondiv true and false (floats: no effect). Inputs in
    [0.5, 2] (Power's base positive)."""
    net = Net(11)
    shapes = [(256, 56), (256, 56), (8, 1, 6, 1), (7, 1, 5)]
    arrays = [rng.uniform(0.5, 2, s).astype(np.float32) for s in shapes]
    a, b, c, d = [net.parameter(n, "f32", x) for n, x in zip("abcd", arrays)]
    for type in BINARY_LAYERS:
        approx = type == "Power"
        for i, (x, y, xa, ya, attrs, out) in enumerate([
                (a, b, arrays[0], arrays[1], {"auto_broadcast": "none"},
                 (256, 56)),
                (c, d, arrays[2], arrays[3], {"auto_broadcast": "numpy"},
                 (8, 7, 6, 5))]):
            if type == "Divide":
                attrs = dict(attrs, m_pythondiv="true" if i == 0 else "false")
            r = net.op(type, "%s%d" % (type.lower(), i), [x, y], attrs,
                       out_shape=out)
            net.result("out_%s%d" % (type.lower(), i), r,
                       np_binary(type, xa, ya), "sum" if approx else "max", 1)
    return net


def binary_int_model():
    """Integer semantics: Divide floors (m_pythondiv default) or truncates,
    0 for a zero divisor, the minimum over -1 wraps; Power of integers;
    unsigned Maximum, Minimum and Subtract (wrapping); i64 numpy broadcast."""
    net = Net(11)
    x = np.array([[7, -7, 7, -7, 5, 0, -2147483648, 9],
                  [1, -1, 100, -100, 3, -3, 2147483647, -9]], np.int32)
    y = np.array([[2, 2, -2, -2, 0, 0, -1, 3],
                  [3, 3, -7, 7, -1, 2, 2, -4]], np.int32)
    a = net.parameter("x", "i32", x)
    b = net.parameter("y", "i32", y)
    for name, attrs, floor in (("floordiv", {}, True),
                               ("truncdiv", {"m_pythondiv": "false"}, False)):
        r = net.op("Divide", name, [a, b], attrs, out_shape=(2, 8))
        net.result("out_" + name, r, np_binary("Divide", x, y, floor), "max")
    base = np.array([[-3, -2, -1, 0], [1, 2, 3, 4]], np.int64)
    exponent = np.array([3, 2, 1, 0], np.int64)
    p = net.parameter("base", "i64", base)
    e = net.parameter("exponent", "i64", exponent)
    r = net.op("Power", "ipow", [p, e], out_shape=(2, 4))
    net.result("out_ipow", r, np.power(base, exponent), "max")
    u = np.array([[0, 1, 200, 255], [3, 250, 7, 128]], np.uint8)
    v = np.array([[1, 0, 100, 255]], np.uint8)
    pu = net.parameter("u", "u8", u)
    pv = net.parameter("v", "u8", v)
    for type in ("Maximum", "Minimum", "Subtract"):
        r = net.op(type, "u" + type.lower(), [pu, pv], out_shape=(2, 4))
        net.result("out_u" + type.lower(), r, np_binary(type, u, v), "max")
    return net


def minmax_nan_model():
    """Maximum and Minimum with NaN in either operand: std::max(a, b) is
    `a < b ? b : a` and std::min(a, b) `b < a ? b : a` (OpenVINO's
    reference), so the first operand wins when the pair is unordered."""
    net = Net(11)
    nan = np.float32("nan")
    x = np.array([nan, 1, nan, -0.0, 2, -np.inf], np.float32)
    y = np.array([1, nan, nan, 0.0, 3, 5], np.float32)
    a = net.parameter("x", "f32", x)
    b = net.parameter("y", "f32", y)
    r = net.op("Maximum", "max", [a, b], out_shape=(6,))
    net.result("out_max", r, np.where(x < y, y, x), "max")
    r = net.op("Minimum", "min", [a, b], out_shape=(6,))
    net.result("out_min", r, np.where(y < x, y, x), "max")
    return net


def unary_spec_model(rng):
    """The unary layers' examples: Sqrt of [4, 7, 9, 10] in f32 and in i32
    (rounded half up: [2, 3, 3, 3]) and of a 256x56 tensor, Exp of 1x256,
    Log, Abs and Negative of 256x56."""
    net = Net(11)
    small = np.array([4, 7, 9, 10], np.float32)
    s = net.parameter("small", "f32", small)
    r = net.op("Sqrt", "sqrt_example1", [s], out_shape=(4,))
    net.result("out_sqrt1", r, np.sqrt(small.astype(np.float64)).astype(
        np.float32), "sum")
    ints = np.array([4, 7, 9, 10], np.int32)
    i = net.parameter("ints", "i32", ints)
    r = net.op("Sqrt", "sqrt_example2", [i], out_shape=(4,))
    net.result("out_sqrt2", r, np.floor(np.sqrt(ints) + 0.5).astype(np.int32),
               "max")
    big = rng.uniform(0.1, 4, (256, 56)).astype(np.float32)
    g = net.parameter("big", "f32", big)
    wide = big.astype(np.float64)
    r = net.op("Sqrt", "sqrt_example3", [g], out_shape=(256, 56))
    net.result("out_sqrt3", r, np.sqrt(wide).astype(np.float32), "sum")
    row = rng.uniform(-5, 5, (1, 256)).astype(np.float32)
    w = net.parameter("row", "f32", row)
    r = net.op("Exp", "exp", [w], out_shape=(1, 256))
    net.result("out_exp", r, np.exp(row.astype(np.float64)).astype(
        np.float32), "sum")
    r = net.op("Log", "log", [g], out_shape=(256, 56))
    net.result("out_log", r, np.log(wide).astype(np.float32), "sum")
    signed = rng.uniform(-4, 4, (256, 56)).astype(np.float32)
    m = net.parameter("signed", "f32", signed)
    r = net.op("Abs", "abs", [m], out_shape=(256, 56))
    net.result("out_abs", r, np.abs(signed), "max")
    r = net.op("Negative", "negative", [m], out_shape=(256, 56))
    net.result("out_negative", r, -signed, "max")
    ints8 = np.array([-128, -5, 0, 5, 127], np.int8)
    k = net.parameter("ints8", "i8", ints8)
    r = net.op("Abs", "abs_i8", [k], out_shape=(5,))
    net.result("out_abs_i8", r, np.abs(ints8), "max")
    r = net.op("Negative", "negative_i8", [k], out_shape=(5,))
    net.result("out_negative_i8", r, -ints8, "max")
    return net


def clamp_spec_model(rng):
    """Clamp's example (min 10, max 50 on 256 elements) in f32; in i32 with
    min 10.5 and max 49.5 (ceil and floor: [11, 49]); in u8 with bounds
    beyond its range (no bound)."""
    net = Net(11)
    x = rng.uniform(0, 60, (256,)).astype(np.float32)
    a = net.parameter("x", "f32", x)
    r = net.op("Clamp", "clamp_node", [a], {"min": "10", "max": "50"},
               out_shape=(256,))
    net.result("out_clamp", r, np.clip(x, np.float32(10), np.float32(50)),
               "max")
    xi = rng.integers(0, 60, (256,)).astype(np.int32)
    b = net.parameter("xi", "i32", xi)
    r = net.op("Clamp", "clamp_i32", [b], {"min": "10.5", "max": "49.5"},
               out_shape=(256,))
    net.result("out_clamp_i32", r, np.clip(xi, 11, 49), "max")
    xu = np.arange(0, 256, 8).astype(np.uint8)
    c = net.parameter("xu", "u8", xu)
    r = net.op("Clamp", "clamp_u8", [c], {"min": "-5", "max": "300"},
               out_shape=(32,))
    net.result("out_clamp_u8", r, xu, "max")
    return net


def convert_spec_model(rng):
    """Convert's example (i32 256x56 to f32) and the op_reference cases:
    f32 [-1, -2, 2.2, 3.8] to i8 is [-1, -2, 2, 3] (toward zero); u8 and f32
    (with infinities) to boolean is x != 0; i32 -1 to u32 is 4294967295;
    boolean to f32; f32 to f16."""
    net = Net(11)
    x = rng.integers(-1000, 1000, (256, 56)).astype(np.int32)
    a = net.parameter("x", "i32", x)
    r = net.op("Convert", "convert_example", [a], {"destination_type": "f32"},
               etype="f32", out_shape=(256, 56))
    net.result("out_f32", r, x.astype(np.float32), "max")
    f = np.array([-1, -2, 2.2, 3.8], np.float32)
    b = net.parameter("f", "f32", f)
    r = net.op("Convert", "to_i8", [b], {"destination_type": "i8"},
               etype="i8", out_shape=(4,))
    net.result("out_i8", r, np.trunc(f).astype(np.int8), "max")
    u = np.array([0, 12, 23, 0, 0, 255], np.uint8).reshape(2, 3)
    c = net.parameter("u", "u8", u)
    r = net.op("Convert", "u8_to_boolean", [c], {"destination_type": "boolean"},
               etype="boolean", out_shape=(2, 3))
    net.result("out_u8_boolean", r, u != 0, "max")
    g = np.array([0, 1.5745, 0.12352, 0, np.finfo(np.float32).min,
                  np.finfo(np.float32).max, np.finfo(np.float32).tiny,
                  np.inf, -np.inf], np.float32).reshape(3, 3)
    d = net.parameter("g", "f32", g)
    r = net.op("Convert", "f32_to_boolean", [d], {"destination_type": "boolean"},
               etype="boolean", out_shape=(3, 3))
    net.result("out_f32_boolean", r, g != 0, "max")
    s = np.array([-1, 0, 7, -7], np.int32)
    e = net.parameter("s", "i32", s)
    r = net.op("Convert", "to_u32", [e], {"destination_type": "u32"},
               etype="u32", out_shape=(4,))
    net.result("out_u32", r, s.astype(np.uint32), "max")
    flags = np.array([True, False, True])
    h = net.parameter("flags", "boolean", flags)
    r = net.op("Convert", "boolean_to_f32", [h], {"destination_type": "f32"},
               etype="f32", out_shape=(3,))
    net.result("out_boolean_f32", r, flags.astype(np.float32), "max")
    r = net.op("Convert", "to_f16", [d], {"destination_type": "f16"},
               etype="f16", out_shape=(3, 3))
    with np.errstate(over="ignore"):  # f32's extremes round to infinities
        net.result("out_f16", r, g.astype(np.float16), "max")
    return net


def broadcast_spec_model(rng):
    """The examples of Broadcast-1 and Broadcast-3: numpy 16x1x1 to
    [1, 16, 50, 50]; explicit 16 to [1, 16, 50, 50] with axes_mapping [1];
    explicit 50x50 to [1, 50, 50, 16] with [1, 2]; bidirectional 16x1x1 with
    [1, 1, 50, 50] (Broadcast-3); and a target shape from ShapeOf-3."""
    net = Net(11)
    x = rng.uniform(-1, 1, (16, 1, 1)).astype(np.float32)
    v = rng.uniform(-1, 1, (16,)).astype(np.float32)
    m = rng.uniform(-1, 1, (50, 50)).astype(np.float32)
    a = net.parameter("x", "f32", x)
    b = net.parameter("v", "f32", v)
    c = net.parameter("m", "f32", m)
    t1 = net.const("shape_nchw", "i64", np.array([1, 16, 50, 50], np.int64))
    t2 = net.const("shape_nhwc", "i32", np.array([1, 50, 50, 16], np.int32))
    t3 = net.const("shape_hw", "i64", np.array([1, 1, 50, 50], np.int64))
    map1 = net.const("mapping_c", "i64", np.array([1], np.int64))
    map2 = net.const("mapping_hw", "i64", np.array([1, 2], np.int64))
    r = net.op("Broadcast", "numpy", [a, t1], {"mode": "numpy"},
               out_shape=(1, 16, 50, 50))
    net.result("out_numpy", r, np.broadcast_to(x, (1, 16, 50, 50)), "max")
    r = net.op("Broadcast", "explicit_c", [b, t1, map1], {"mode": "explicit"},
               out_shape=(1, 16, 50, 50))
    net.result("out_explicit_c", r, np.broadcast_to(
        v.reshape(1, 16, 1, 1), (1, 16, 50, 50)), "max")
    r = net.op("Broadcast", "explicit_hw", [c, t2, map2], {"mode": "explicit"},
               out_shape=(1, 50, 50, 16))
    net.result("out_explicit_hw", r, np.broadcast_to(
        m.reshape(1, 50, 50, 1), (1, 50, 50, 16)), "max")
    r = net.op("Broadcast", "bidirectional", [a, t3],
               {"mode": "bidirectional"}, out_shape=(1, 16, 50, 50),
               version="opset3")
    net.result("out_bidirectional", r,
               x * np.ones((1, 1, 50, 50), np.float32), "max")
    like = net.parameter("like", "f32", np.zeros((3, 16, 2, 2), np.float32))
    shape = net.op("ShapeOf", "shape_of_like", [like],
                   {"output_type": "i32"}, etype="i32", out_shape=(4,),
                   version="opset3")
    r = net.op("Broadcast", "to_shape_of", [a, shape], out_shape=(3, 16, 2, 2),
               version="opset3")
    net.result("out_to_shape_of", r, np.broadcast_to(x, (3, 16, 2, 2)), "max")
    return net


def shape_of_model():
    """ShapeOf-1 (i64) and ShapeOf-3 (i32) of a 2x3x4 Parameter as results,
    and ShapeOf as the axes of a ReduceSum (reduces axes 2, 3 and 4 of a
    rank-5 input: the shape [2, 3, 4] read as axes)."""
    net = Net(11)
    x = np.arange(24, dtype=np.float32).reshape(2, 3, 4)
    a = net.parameter("x", "f32", x)
    r = net.op("ShapeOf", "shape64", [a], etype="i64", out_shape=(3,))
    net.result("out_shape64", r, np.array([2, 3, 4], np.int64), "max")
    r = net.op("ShapeOf", "shape32", [a], {"output_type": "i32"}, etype="i32",
               out_shape=(3,), version="opset3")
    net.result("out_shape32", r, np.array([2, 3, 4], np.int32), "max")
    y = np.arange(120, dtype=np.float32).reshape(1, 1, 2, 3, 20)
    b = net.parameter("y", "f32", y)
    s = net.reduce("ReduceSum", "sum_over_shape", b, r, False,
                   out_shape=(1, 1))
    net.result("out_sum", s, np.sum(y.astype(np.float64), axis=(2, 3, 4))
               .astype(np.float32), "sum", 120)
    return net


def chain_elementwise_model(rng):
    """A layer norm spelled with elementwise layers around ReduceMean, as
    OpenVINO's frontends emit it: (x - mean) / sqrt(mean((x - mean)^2) +
    eps), the square a Power by a Const 2 (imported as x * x)."""
    net = Net(11)
    x = rng.uniform(-2, 2, (4, 32)).astype(np.float32)
    a = net.parameter("x", "f32", x)
    axes = net.const("axes", "i64", np.array([-1], np.int64))
    mean = net.reduce("ReduceMean", "mean", a, axes, True)
    d = net.op("Subtract", "centred", [a, mean], out_shape=(4, 32))
    two = net.const("two", "f32", np.array(2, np.float32))
    sq = net.op("Power", "square", [d, two], out_shape=(4, 32))
    var = net.reduce("ReduceMean", "variance", sq, axes, True)
    eps = net.const("eps", "f32", np.array([1e-5], np.float32))
    ve = net.op("Add", "plus_eps", [var, eps], out_shape=(4, 1))
    sd = net.op("Sqrt", "std", [ve], out_shape=(4, 1))
    y = net.op("Divide", "normalized", [d, sd], out_shape=(4, 32))
    w = x.astype(np.float64)
    c = w - w.mean(-1, keepdims=True)
    want = c / np.sqrt((c * c).mean(-1, keepdims=True) + np.float32(1e-5))
    net.result("out", y, want.astype(np.float32), "sum", 32)
    return net


def half_types_model(rng):
    """f16 and bf16 layers. f16 is computed in f16 (each op rounded once);
    bf16 in f32 and rounded back to nearest even, as OpenVINO's bfloat16
    type computes; the references round NumPy's float32 results."""
    net = Net(11)
    x = rng.uniform(0.5, 2, (4, 8)).astype(np.float16)
    y = rng.uniform(-2, 2, (1, 8)).astype(np.float16)
    a = net.parameter("x16", "f16", x)
    b = net.parameter("y16", "f16", y)
    xf, yf = x.astype(np.float32), y.astype(np.float32)
    for type, want in (("Add", xf + yf), ("Multiply", xf * yf),
                       ("Maximum", np.maximum(xf, yf))):
        r = net.op(type, type.lower() + "_f16", [a, b], out_shape=(4, 8))
        net.result("out_%s_f16" % type.lower(), r, want.astype(np.float16),
                   "max")
    r = net.op("Exp", "exp_f16", [a], out_shape=(4, 8))
    net.result("out_exp_f16", r, np.exp(xf.astype(np.float64)).astype(
        np.float16), "sum")
    xb = to_bf16(rng.uniform(0.5, 2, (4, 8)).astype(np.float32))
    yb = to_bf16(rng.uniform(0.5, 2, (4, 1)).astype(np.float32))
    c = net.parameter("xb", "bf16", xb)
    d = net.parameter("yb", "bf16", yb)
    xw, yw = from_bf16(xb), from_bf16(yb)
    for type, want in (("Add", xw + yw), ("Divide", xw / yw),
                       ("Minimum", np.minimum(xw, yw))):
        r = net.op(type, type.lower() + "_bf16", [c, d], out_shape=(4, 8))
        net.result("out_%s_bf16" % type.lower(), r, to_bf16(want), "max")
    r = net.op("Sqrt", "sqrt_bf16", [c], out_shape=(4, 8))
    net.result("out_sqrt_bf16", r, to_bf16(np.sqrt(xw.astype(np.float64))
                                           .astype(np.float32)), "sum")
    r = net.op("Convert", "bf16_to_f32", [c], {"destination_type": "f32"},
               etype="f32", out_shape=(4, 8))
    net.result("out_bf16_f32", r, xw, "max")
    return net


def dynamic_elementwise_model():
    """Dynamic dims (v11 `?`): a Const 1x3 broadcast to ?x3 (the empty
    tensor sized by tensor.dim of the data), ?x3 times itself (no
    broadcast), ?x3 minus ?x1 (the `?`s taken as equal, the 1 broadcast)."""
    net = Net(11)
    x = np.arange(15, dtype=np.float32).reshape(5, 3)
    a = net.parameter("x", "f32", x, shape=("?", 3), shape_text="?,3")
    row = np.array([[1, 2, 3]], np.float32)
    c = net.const("row", "f32", row)
    r = net.op("Add", "add", [a, c], out_shape=("?", 3))
    net.result("out_add", r, x + row, "max")
    r = net.op("Multiply", "square", [a, a], out_shape=("?", 3))
    net.result("out_square", r, x * x, "max")
    col = np.arange(5, dtype=np.float32).reshape(5, 1)
    b = net.parameter("col", "f32", col, shape=("?", 1), shape_text="?,1")
    r = net.op("Subtract", "sub", [a, b], out_shape=("?", 3))
    net.result("out_sub", r, x - col, "max")
    return net


def layer_error_cases():
    """(case, xml, weights) of malformed elementwise, Broadcast and ShapeOf
    layers."""
    cases = []

    def add(case, net, xml=None):
        cases.append((case, net.xml() if xml is None else xml,
                      bytes(net.weights)))

    def binary(shape_a, shape_b, type="Add", attrs=None, etypes=("f32",
                                                                 "f32")):
        net = Net(11)
        a = net.parameter("a", etypes[0], shape=shape_a)
        b = net.parameter("b", etypes[1], shape=shape_b)
        r = net.op(type, "op", [a, b], attrs)
        net.result("out", r)
        return net

    add("err_ew_broadcast", binary((2, 3), (4, 3)))
    add("err_ew_none", binary((2, 3), (1, 3), attrs={"auto_broadcast": "none"}))
    add("err_ew_huge", binary((2**32, 1), (1, 2**32)))
    dynamic = binary((2, 3), (4, 3))
    add("err_ew_dynamic", dynamic, dynamic.xml().replace('shape="2,3"',
                                                         'shape="?,3"'))
    add("err_ew_pdpd", binary((2, 3), (2, 3), attrs={"auto_broadcast": "pdpd"}))
    add("err_ew_types", binary((2, 3), (2, 3), etypes=("f32", "i64")))
    add("err_ew_version", binary((2, 3), (2, 3)),
        binary((2, 3), (2, 3)).xml().replace('type="Add" version="opset1"',
                                             'type="Add" version="opset3"'))
    one = Net(11)
    a = one.parameter("a", "f32", shape=(2, 3))
    r = one.op("Add", "op", [a])
    one.result("out", r)
    add("err_ew_inputs", one)

    def unary(type, etype="f32", attrs=None, shape=(2, 3), version="opset1",
              out_etype=None):
        net = Net(11)
        a = net.parameter("a", etype, shape=shape, shape_text=",".join(
            str(d) for d in shape))
        r = net.op(type, "op", [a], attrs, etype=out_etype, version=version)
        net.result("out", r)
        return net

    add("err_ew_exp_int", unary("Exp", "i32"))
    add("err_convert_type", unary("Convert", attrs={"destination_type": "u1"}))
    add("err_convert_missing", unary("Convert"))
    add("err_clamp_order", unary("Clamp", attrs={"min": "5", "max": "1"}))
    add("err_clamp_bound", unary("Clamp", attrs={"min": "low", "max": "1"}))
    add("err_shape_of_dynamic",
        unary("ShapeOf", shape=("?", 3), version="opset3", out_etype="i64"))
    add("err_shape_of_type", unary("ShapeOf", attrs={"output_type": "f32"},
                                   version="opset3", out_etype="i64"))

    def broadcast(shape, target, mapping=None, mode="numpy", version="opset3",
                  target_param=False):
        net = Net(11)
        a = net.parameter("a", "f32", shape=shape)
        if target_param:
            t = net.parameter("target", "i64", shape=(len(target),))
        else:
            t = net.const("target", "i64", np.array(target, np.int64))
        inputs = [a, t]
        if mapping is not None:
            inputs.append(net.const("mapping", "i64",
                                    np.array(mapping, np.int64)))
        r = net.op("Broadcast", "op", inputs, {"mode": mode}, version=version)
        net.result("out", r)
        return net

    add("err_bc_numpy", broadcast((2, 3), (4, 3)))
    add("err_bc_rank", broadcast((2, 2, 3), (2, 3)))
    add("err_bc_bidirectional", broadcast((2, 3), (4, 1), mode="bidirectional"))
    add("err_bc_bidirectional_v1", broadcast((2, 3), (4, 1),
                                             mode="bidirectional",
                                             version="opset1"))
    add("err_bc_mapping_range", broadcast((3,), (2, 3), [2], "explicit"))
    add("err_bc_mapping_order", broadcast((3, 3), (3, 2, 3), [2, 0],
                                          "explicit"))
    add("err_bc_mapping_size", broadcast((3,), (2, 3), [0, 1], "explicit"))
    add("err_bc_explicit_two", broadcast((3,), (2, 3), None, "explicit"))
    add("err_bc_numpy_three", broadcast((3,), (2, 3), [1], "numpy"))
    add("err_bc_target_param", broadcast((3,), (2, 3), target_param=True))
    add("err_bc_version", broadcast((3,), (2, 3), version="opset2"))
    add("err_bc_huge", broadcast((1,), (2**32, 2**32)))
    return cases


def write_layers(outdir):
    """Writes the models of the elementwise, Broadcast and ShapeOf tests."""
    os.makedirs(outdir, exist_ok=True)
    rng = np.random.default_rng(34)
    write(outdir, "binary_spec", binary_spec_model(rng))
    write(outdir, "binary_int", binary_int_model())
    write(outdir, "minmax_nan", minmax_nan_model())
    write(outdir, "unary_spec", unary_spec_model(rng))
    write(outdir, "clamp_spec", clamp_spec_model(rng))
    write(outdir, "convert_spec", convert_spec_model(rng))
    write(outdir, "broadcast_spec", broadcast_spec_model(rng))
    write(outdir, "shape_of", shape_of_model())
    write(outdir, "layer_norm_chain", chain_elementwise_model(rng))
    write(outdir, "dynamic", dynamic_elementwise_model())
    write(outdir, "half_types", half_types_model(rng))
    return 0


def write_layer_errors(outdir):
    """Writes the malformed models of the elementwise, Broadcast and
    ShapeOf layers."""
    os.makedirs(outdir, exist_ok=True)
    for case, xml, weights in layer_error_cases():
        with open(os.path.join(outdir, case + ".xml"), "w") as f:
            f.write(xml)
        with open(os.path.join(outdir, case + ".bin"), "wb") as f:
            f.write(weights)
    return 0


# SoftMax, LogSoftmax, MVN and NormalizeL2 (written by --normalizations),
# with float64 NumPy references rounded to f32 and compared within the
# tolerance of a sum over the normalized elements.


def np_softmax(x, axis, log=False):
    w = x.astype(np.float64)
    t = w - w.max(axis=axis, keepdims=True)
    s = np.exp(t).sum(axis=axis, keepdims=True)
    return (t - np.log(s) if log else np.exp(t) / s).astype(np.float32)


def np_mvn(x, axes, normalize_variance, eps, inside):
    w = x.astype(np.float64)
    d = w - w.mean(axis=tuple(axes), keepdims=True)
    if not normalize_variance:
        return d.astype(np.float32)
    var = (d * d).mean(axis=tuple(axes), keepdims=True)
    sd = np.sqrt(var + eps) if inside else np.sqrt(var) + eps
    return (d / sd).astype(np.float32)


def np_normalize_l2(x, axes, eps, eps_max):
    w = x.astype(np.float64)
    s = (w * w).sum(axis=tuple(axes), keepdims=True)
    s = np.maximum(s, eps) if eps_max else s + eps
    return (w / np.sqrt(s)).astype(np.float32)


def normalization_spec_model(rng):
    """SoftMax-1 (axis 1) and SoftMax-8 (axis -1) of 4x16x8, LogSoftmax-5's
    example (256x56, axis 1); MVN-6's example (6x12x10x24, axes [0, 2, 3],
    eps 1e-9 inside_sqrt, normalize_variance) and outside_sqrt without
    variance over [-1]; NormalizeL2-1's examples (6x12x10x24, axes [1] and
    [1, 2, 3], eps 1e-8, add) and eps_mode max with a scalar axis."""
    net = Net(11)
    x = rng.uniform(-3, 3, (4, 16, 8)).astype(np.float32)
    a = net.parameter("x", "f32", x)
    r = net.op("SoftMax", "softmax1", [a], {"axis": "1"}, out_shape=(4, 16, 8))
    net.result("out_softmax1", r, np_softmax(x, 1), "sum", 16)
    r = net.op("SoftMax", "softmax8", [a], {"axis": "-1"},
               out_shape=(4, 16, 8), version="opset8")
    net.result("out_softmax8", r, np_softmax(x, -1), "sum", 8)
    y = rng.uniform(-3, 3, (256, 56)).astype(np.float32)
    b = net.parameter("y", "f32", y)
    r = net.op("LogSoftmax", "log_softmax", [b], {"axis": "1"},
               out_shape=(256, 56), version="opset5")
    net.result("out_log_softmax", r, np_softmax(y, 1, log=True), "sum", 56)
    z = rng.uniform(-2, 2, (6, 12, 10, 24)).astype(np.float32)
    c = net.parameter("z", "f32", z)
    axes = net.const("mvn_axes", "i64", np.array([0, 2, 3], np.int64))
    r = net.op("MVN", "mvn", [c, axes], {"eps": "1e-9",
                                        "eps_mode": "inside_sqrt",
                                        "normalize_variance": "true"},
               out_shape=(6, 12, 10, 24), version="opset6")
    net.result("out_mvn", r, np_mvn(z, [0, 2, 3], True, 1e-9, True), "sum",
               6 * 10 * 24)
    last = net.const("last", "i32", np.array([-1], np.int32))
    r = net.op("MVN", "mvn_centre", [c, last],
               {"eps": "0.001", "eps_mode": "outside_sqrt",
                "normalize_variance": "false"},
               out_shape=(6, 12, 10, 24), version="opset6")
    net.result("out_mvn_centre", r, np_mvn(z, [3], False, 1e-3, False),
               "sum", 24)
    one = net.const("channel", "i64", np.array([1], np.int64))
    r = net.op("NormalizeL2", "l2_channel", [c, one],
               {"eps": "1e-8", "eps_mode": "add"}, out_shape=(6, 12, 10, 24))
    net.result("out_l2_channel", r, np_normalize_l2(z, [1], 1e-8, False),
               "sum", 12)
    chw = net.const("chw", "i64", np.array([1, 2, 3], np.int64))
    r = net.op("NormalizeL2", "l2_chw", [c, chw],
               {"eps": "1e-8", "eps_mode": "add"}, out_shape=(6, 12, 10, 24))
    net.result("out_l2_chw", r, np_normalize_l2(z, [1, 2, 3], 1e-8, False),
               "sum", 12 * 10 * 24)
    scalar = net.const("scalar_axis", "i32", np.array(-2, np.int32))
    r = net.op("NormalizeL2", "l2_max", [a, scalar],
               {"eps": "100", "eps_mode": "max"}, out_shape=(4, 16, 8))
    net.result("out_l2_max", r, np_normalize_l2(x, [1], 100.0, True), "sum",
               16)
    return net


def np_cumsum(x, axis, exclusive=False, reverse=False):
    """OpenVINO CumSum-3's reference: running sums along `axis`."""
    y = np.flip(x, axis) if reverse else x
    sums = np.cumsum(y, axis=axis, dtype=x.dtype)
    if exclusive:
        sums = sums - y
    return np.flip(sums, axis) if reverse else sums


def scan_spec_model(rng):
    """CumSum-3 as its specification's examples use it: the default axis 0
    (no axis port), axis 1 of f32, and exclusive reverse sums of i32 along
    a negative scalar i64 axis."""
    net = Net(11)
    x = rng.uniform(-3, 3, (4, 5)).astype(np.float32)
    a = net.parameter("x", "f32", x)
    r = net.op("CumSum", "cumsum_default", [a], out_shape=(4, 5),
               version="opset3")
    net.result("out_default", r, np_cumsum(x, 0), "sum", 4)
    one = net.const("one", "i32", np.array(1, np.int32))
    r = net.op("CumSum", "cumsum_axis1", [a, one], out_shape=(4, 5),
               version="opset3")
    net.result("out_axis1", r, np_cumsum(x, 1), "sum", 5)
    i = rng.integers(-100, 100, (3, 4)).astype(np.int32)
    b = net.parameter("i", "i32", i)
    back = net.const("back", "i64", np.array(-2, np.int64))
    r = net.op("CumSum", "cumsum_exclusive_reverse", [b, back],
               {"exclusive": "true", "reverse": "true"}, out_shape=(3, 4),
               version="opset3")
    net.result("out_exclusive_reverse", r, np_cumsum(i, 0, True, True),
               "sum", 3)
    return net


def topk_spec_model(rng):
    """TopK with k = 1, as an arg-reduction: TopK-1 (max, i32 indices) of
    f32 rows, TopK-3 (min, i64 indices, a negative axis) of f32 columns,
    TopK-11 (max, stable) of i32 rows full of ties."""
    net = Net(11)
    x = rng.integers(-4, 5, (5, 7)).astype(np.float32) / 2
    a = net.parameter("x", "f32", x)
    one = net.const("k", "i64", np.array(1, np.int64))
    values, indices = net.op2(
        "TopK", "topk1", [a, one], {"axis": "1", "mode": "max",
                                    "sort": "value"}, (5, 1),
        ("f32", "i32"), "opset1")
    net.result("out_values1", values, x.max(axis=1, keepdims=True), "max", 7)
    net.result("out_indices1", indices,
               np.argmax(x, axis=1)[:, None].astype(np.int32), "max", 7)
    values, indices = net.op2(
        "TopK", "topk3", [a, one], {"axis": "-2", "mode": "min",
                                    "sort": "index",
                                    "index_element_type": "i64"}, (1, 7),
        ("f32", "i64"), "opset3")
    net.result("out_values3", values, x.min(axis=0, keepdims=True), "min", 5)
    net.result("out_indices3", indices,
               np.argmin(x, axis=0)[None].astype(np.int64), "min", 5)
    t = rng.integers(0, 3, (4, 9)).astype(np.int32)
    b = net.parameter("t", "i32", t)
    k32 = net.const("k32", "i32", np.array([1], np.int32))
    values, indices = net.op2(
        "TopK", "topk11", [b, k32], {"axis": "1", "mode": "max",
                                     "sort": "none", "stable": "true"},
        (4, 1), ("i32", "i32"), "opset11")
    net.result("out_values11", values, t.max(axis=1, keepdims=True), "max", 9)
    net.result("out_indices11", indices,
               np.argmax(t, axis=1)[:, None].astype(np.int32), "max", 9)
    return net


def normalization_error_cases():
    """(case, xml, weights) of malformed normalization layers."""
    cases = []

    def layer(type, version, attrs, axes=None, axes_param=False,
              etype="f32"):
        net = Net(11)
        a = net.parameter("a", etype, shape=(2, 3))
        inputs = [a]
        if axes_param:
            inputs.append(net.parameter("axes", "i64", shape=(1,)))
        elif axes is not None:
            inputs.append(net.const("axes", "i64", np.array(axes, np.int64)))
        r = net.op(type, "op", inputs, attrs, version=version)
        net.result("out", r)
        return net

    def add(case, net):
        cases.append((case, net.xml(), bytes(net.weights)))

    add("err_softmax1_negative", layer("SoftMax", "opset1", {"axis": "-1"}))
    add("err_softmax8_range", layer("SoftMax", "opset8", {"axis": "2"}))
    add("err_softmax_axis_text", layer("SoftMax", "opset8", {"axis": "one"}))
    add("err_softmax_int", layer("SoftMax", "opset8", {"axis": "1"},
                                 etype="i32"))
    add("err_log_softmax_range", layer("LogSoftmax", "opset5",
                                       {"axis": "-3"}))
    mvn = {"eps": "1e-9", "eps_mode": "inside_sqrt",
           "normalize_variance": "true"}
    add("err_mvn_eps_mode", layer("MVN", "opset6",
                                  dict(mvn, eps_mode="inside"), [1]))
    add("err_mvn_missing", layer("MVN", "opset6",
                                 {"eps": "1e-9", "eps_mode": "inside_sqrt"},
                                 [1]))
    add("err_mvn_repeated", layer("MVN", "opset6", mvn, [1, -1]))
    add("err_mvn_axes_param", layer("MVN", "opset6", mvn, axes_param=True))
    add("err_mvn_inputs", layer("MVN", "opset6", mvn))
    add("err_mvn_version", layer("MVN", "opset1", mvn, [1]))
    add("err_l2_eps_mode", layer("NormalizeL2", "opset1",
                                 {"eps": "1e-8", "eps_mode": "sum"}, [1]))
    add("err_l2_eps", layer("NormalizeL2", "opset1",
                            {"eps": "inf", "eps_mode": "add"}, [1]))
    add("err_l2_axis_range", layer("NormalizeL2", "opset1",
                                   {"eps": "1e-8", "eps_mode": "add"}, [2]))
    add("err_cumsum_axis_range", layer("CumSum", "opset3", {}, [2]))
    add("err_cumsum_two_axes", layer("CumSum", "opset3", {}, [0, 1]))
    add("err_cumsum_axis_param", layer("CumSum", "opset3", {},
                                       axes_param=True))
    add("err_cumsum_exclusive", layer("CumSum", "opset3",
                                      {"exclusive": "maybe"}, [1]))

    def topk(attrs, k=1, version="opset3"):
        net = Net(11)
        a = net.parameter("a", "f32", shape=(2, 3))
        kk = net.const("k", "i64", np.array(k, np.int64))
        values, indices = net.op2("TopK", "op", [a, kk], attrs, None,
                                  ("f32", "i32"), version)
        net.result("values", values)
        net.result("indices", indices)
        return net

    add("err_topk_k3", topk({"axis": "1", "mode": "max"}, k=3))
    add("err_topk_mode", topk({"axis": "1", "mode": "top"}))
    add("err_topk_index_type", topk({"axis": "1", "mode": "max",
                                     "index_element_type": "u8"}))
    add("err_topk_axis", topk({"axis": "2", "mode": "min"}, version="opset11"))
    add("err_topk_no_axis", topk({"mode": "min"}, version="opset1"))
    return cases


def write_normalizations(outdir):
    """Writes the models of the normalization layers' tests."""
    os.makedirs(outdir, exist_ok=True)
    write(outdir, "normalization_spec",
          normalization_spec_model(np.random.default_rng(6)))
    write(outdir, "scan_spec", scan_spec_model(np.random.default_rng(8)))
    write(outdir, "topk_spec", topk_spec_model(np.random.default_rng(9)))
    for case, xml, weights in normalization_error_cases():
        with open(os.path.join(outdir, case + ".xml"), "w") as f:
            f.write(xml)
        with open(os.path.join(outdir, case + ".bin"), "wb") as f:
            f.write(weights)
    return 0


def write_all(outdir):
    os.makedirs(outdir, exist_ok=True)
    rng = np.random.default_rng(2024)
    for type in REDUCE_LAYERS:
        write(outdir, REDUCE_LAYERS[type][1] + "_spec", spec_model(rng, type))
    write(outdir, "sum_spec_v10", spec_model(rng, "ReduceSum", 10))
    write(outdir, "l2_spec_v10", spec_model(rng, "ReduceL2", 10))
    write(outdir, "element_types", element_types_model(rng))
    write(outdir, "const_types", const_types_model())
    write(outdir, "chain_v10", chain_model(rng, 10))
    net, xml = scrambled_order()
    write(outdir, "scrambled", net, xml)
    write(outdir, "runtime_axes", runtime_axes_model(rng))
    write(outdir, "unranked_chain", unranked_chain_model())
    write(outdir, "const_data", const_data_model())
    write(outdir, "dynamic_dims", dynamic_dims_model(rng))
    write(outdir, "integer_l2", integer_l2_model())
    # The small valid model, and the same with its weights in a file of
    # another name (for --weights).
    base = base_model()
    write(outdir, "base", base)
    with open(os.path.join(outdir, "moved.xml"), "w") as f:
        f.write(base.xml())
    with open(os.path.join(outdir, "moved.weights"), "wb") as f:
        f.write(bytes(base.weights))
    for case, xml, weights in error_cases():
        with open(os.path.join(outdir, case + ".xml"), "w") as f:
            f.write(xml)
        if weights is not None:
            with open(os.path.join(outdir, case + ".bin"), "wb") as f:
                f.write(weights)


def write_corpus(outdir):
    """Seeds of reduce-openvino-fuzzer: compact XML, a NUL byte, the weights
    (tools/reduce-fuzzers/reduce-openvino-fuzzer.cpp)."""
    os.makedirs(outdir, exist_ok=True)
    rng = np.random.default_rng(1)
    seeds = {
        "base": base_model(),
        "chain-v10": chain_model(rng, 10),
        "runtime-axes": runtime_axes_model(rng),
        "unranked-chain": unranked_chain_model(),
        "const-data": const_data_model(),
        "dynamic-dims": dynamic_dims_model(rng),
        "logical-or": base_model(type="ReduceLogicalOr", etype="boolean"),
        "l2-f16": base_model(type="ReduceL2", etype="f16"),
        "layer-norm-chain": chain_elementwise_model(rng),
        "broadcast": broadcast_spec_model(rng),
        "normalizations": normalization_spec_model(rng),
    }
    for name, net in seeds.items():
        xml = net.xml().replace("\t", "").replace("\n", "")
        with open(os.path.join(outdir, name + ".ir"), "wb") as f:
            f.write(xml.encode() + b"\0" + bytes(net.weights))
    return 0


def compare(outdir, case):
    """Compares every CASE.got<i>.npy with CASE.expected<i>.npy."""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                        "onnx-compare.py")
    spec = importlib.util.spec_from_file_location("onnx_compare", path)
    onnx_compare = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(onnx_compare)
    with open(os.path.join(outdir, case + ".json")) as f:
        meta = json.load(f)
    failed = False
    for i, output in enumerate(meta):
        ok, message = onnx_compare.compare(
            os.path.join(outdir, "%s.expected%d.npy" % (case, i)),
            os.path.join(outdir, "%s.got%d.npy" % (case, i)),
            output["op"], output["reduced_elements"])
        print("%s output %d (%s): %s: %s" % (
            case, i, output["op"], "equal" if ok else "different", message))
        failed |= not ok
    return 1 if failed else 0


def main(argv):
    if len(argv) == 2 and argv[0] == "--corpus":
        return write_corpus(argv[1])
    if len(argv) == 2 and argv[0] == "--layers":
        return write_layers(argv[1])
    if len(argv) == 2 and argv[0] == "--layer-errors":
        return write_layer_errors(argv[1])
    if len(argv) == 2 and argv[0] == "--normalizations":
        return write_normalizations(argv[1])
    if len(argv) >= 3 and argv[0] == "--compare":
        return max(compare(argv[1], case) for case in argv[2:])
    if len(argv) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    write_all(argv[0])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

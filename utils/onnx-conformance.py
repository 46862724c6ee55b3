#!/usr/bin/python3
"""Runs ONNX node tests end to end through reduce-run's ONNX importer.

  onnx-conformance.py --node-tests DIR --runner REDUCE_RUN --work DIR
                      [--jobs N] [--pattern test_reduce_* ...]
                      [--exclude PATTERN ...] [--constant-inputs]
                      [--rtol R --atol A]

For every node test directory DIR/<pattern> (sorted), each a model.onnx and
test_data_set_0/{input_K.pb, output_K.pb}: run `reduce-run model.onnx
--input input_0.pb ... --output WORK/<name>/got_0.npy ...` (N processes at
a time) and compare each output with output_K.pb (utils/onnx-compare.py). Debian's
python3-onnx reads only what the comparison needs: the expected output, and
the model's op type and element counts for the tolerance. Prints one line
per node test,

  PASS test_reduce_sum_keepdims_example (ReduceSum-13 -> reduce.sum): ...
  FAIL test_reduce_... (...): <why: reduce-run's error, or the first
       differing element>

then `onnx node tests: P passed, F failed in S s`. Exit code 1 when a test
failed or none was found. See docs/conformance.md.

The importer folds shape computations at import, so the inputs that give a
shape, axes or indices must be constants. The node tests have them as graph
inputs; with --constant-inputs, each graph input that feeds such an input
(Reshape's shape, Expand's shape, Squeeze's and Unsqueeze's axes, every
input of Gather, Concat, Range, ConstantOfShape and Slice, which the
importer evaluates on constants only) becomes an initializer holding its test data,
in a copy of the model in the work directory; the others stay inputs.
--rtol and --atol replace the bounds of utils/onnx-compare.py.
"""

import argparse
import concurrent.futures
import fnmatch
import glob
import importlib.util
import os
import subprocess
import sys
import time

import numpy as np
import onnx
from onnx import numpy_helper

UTILS = os.path.dirname(os.path.abspath(__file__))

spec = importlib.util.spec_from_file_location(
    "onnx_compare", os.path.join(UTILS, "onnx-compare.py"))
comparer = importlib.util.module_from_spec(spec)
spec.loader.exec_module(comparer)

# The dialect op each ONNX op imports as (ReduceMin/ReduceMax on bool are
# the logical ops).
DIALECT_OPS = {
    "ReduceSum": "sum", "ReduceL1": "l1", "ReduceL2": "l2",
    "ReduceMin": "min", "ReduceMax": "max", "ReduceProd": "prod",
    "ReduceMean": "mean", "ReduceSumSquare": "sum_square",
    "ReduceLogSum": "log_sum", "ReduceLogSumExp": "log_sum_exp",
}


# Models without a Reduce op: the tolerance of utils/onnx-compare.py.
NORMALIZATION_OPS = {"Softmax", "LogSoftmax", "LayerNormalization",
                     "RMSNormalization", "MeanVarianceNormalization"}

# The inputs the importer needs as constants: (op type, input index), None
# for every input.
CONSTANT_INPUTS = {("Reshape", 1), ("Expand", 1), ("Squeeze", 1),
                   ("Unsqueeze", 1), ("Gather", None), ("Concat", None),
                   ("Range", None), ("ConstantOfShape", None),
                   ("Slice", None), ("CumSum", 1)}


def freeze_inputs(test_dir, inputs, out_dir):
    """Writes a copy of the model whose shape, axes and index inputs are
    initializers; returns (model path, remaining input paths, frozen
    names)."""
    model = onnx.load(os.path.join(test_dir, "model.onnx"))
    names = [i.name for i in model.graph.input
             if i.name not in {t.name for t in model.graph.initializer}]
    frozen = set()
    for node in model.graph.node:
        for k, name in enumerate(node.input):
            if ((node.op_type, k) in CONSTANT_INPUTS or
                    (node.op_type, None) in CONSTANT_INPUTS) and name in names:
                frozen.add(name)
    if not frozen:
        return os.path.join(test_dir, "model.onnx"), inputs, []
    keep = []
    for name, path in zip(names, inputs):
        if name in frozen:
            model.graph.initializer.append(
                numpy_helper.from_array(read_tensor(path), name))
        else:
            keep.append(path)
    inputs_kept = [i for i in model.graph.input if i.name not in frozen]
    del model.graph.input[:]
    model.graph.input.extend(inputs_kept)
    path = os.path.join(out_dir, "model.onnx")
    onnx.save(model, path)
    return path, keep, sorted(frozen)


def read_tensor(path):
    tensor = onnx.TensorProto()
    with open(path, "rb") as f:
        tensor.ParseFromString(f.read())
    return numpy_helper.to_array(tensor)


def describe(test_dir):
    """The op that names a node test, the model's opset, and the op of
    utils/onnx-compare.py whose tolerance applies."""
    model = onnx.load(os.path.join(test_dir, "model.onnx"),
                      load_external_data=False)
    opset = max((o.version for o in model.opset_import
                 if o.domain in ("", "ai.onnx")), default=0)
    others = [n.op_type for n in model.graph.node
              if n.op_type not in ("Constant", "Identity")]
    op_types = [t for t in others if t in DIALECT_OPS]
    normalizations = [t for t in others if t in NORMALIZATION_OPS]
    if op_types and len(op_types) == len(others):
        # Reductions only: a chain is compared with the tolerance of its
        # first inexact op.
        inexact = [t for t in op_types
                   if DIALECT_OPS[t] not in comparer.EXACT_OPS]
        op_type = (inexact or op_types)[0]
        return op_type, opset, DIALECT_OPS[op_type]
    # Reductions among other ops (an expanded normalization) or a
    # normalization: n + 8 ulps, n the input's size; else elementwise.
    op_type = (normalizations or op_types or others or ["?"])[0]
    if normalizations or op_types:
        return op_type, opset, "normalization"
    return op_type, opset, "elementwise"


def run_one(runner, test_dir, out_dir, timeout, constant_inputs=False,
            rtol=None, atol=None):
    """Runs reduce-run on one node test; returns (ok, message, what)."""
    try:
        op_type, opset, compare_op = describe(test_dir)
    except Exception:  # an unreadable model is the importer's case
        op_type, opset, compare_op = "?", 0, "elementwise"
    what = "%s-%d" % (op_type, opset)
    if op_type in DIALECT_OPS:
        what += " -> reduce.%s" % DIALECT_OPS[op_type]
    data_dir = os.path.join(test_dir, "test_data_set_0")
    inputs = sorted(glob.glob(os.path.join(data_dir, "input_*.pb")),
                    key=lambda p: int(p.rsplit("_", 1)[1][:-3]))
    outputs = sorted(glob.glob(os.path.join(data_dir, "output_*.pb")),
                     key=lambda p: int(p.rsplit("_", 1)[1][:-3]))
    os.makedirs(out_dir, exist_ok=True)
    got = [os.path.join(out_dir, "got_%d.npy" % k)
           for k in range(len(outputs))]
    for path in got:
        if os.path.exists(path):
            os.remove(path)
    model_path = os.path.join(test_dir, "model.onnx")
    if constant_inputs:
        model_path, inputs, frozen = freeze_inputs(test_dir, inputs, out_dir)
        if frozen:
            what += ", constant %s" % ", ".join(frozen)
    cmd = [runner, model_path]
    for path in inputs:
        cmd += ["--input", path]
    for path in got:
        cmd += ["--output", path]
    try:
        proc = subprocess.run(cmd, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, timeout=timeout,
                              universal_newlines=True)
    except subprocess.TimeoutExpired:
        return False, "reduce-run timed out after %d s" % timeout, what
    except OSError as err:
        return False, "cannot run %s: %s" % (runner, err), what
    if proc.returncode != 0:
        return False, "reduce-run exit code %d: %s" % (
            proc.returncode, proc.stderr.strip().replace("\n", " | ")), what
    # Each result element reduces (elements of the data) / (results).
    data_size = read_tensor(inputs[0]).size if inputs else None
    messages = []
    for k, path in enumerate(outputs):
        expected = read_tensor(path)
        expected_path = os.path.join(out_dir, "expected_%d.npy" % k)
        np.save(expected_path, expected)
        op = compare_op
        if expected.dtype == np.bool_ and op in ("min", "max"):
            op = "logical_and" if op == "min" else "logical_or"
        size = expected.size if data_size is None else data_size
        reduced = max(1, size // max(1, expected.size))
        if op == "normalization":
            reduced = data_size or expected.size
        ok, message = comparer.compare(expected_path, got[k], op, reduced,
                                       rtol, atol)
        if not ok:
            return False, "output %d: %s" % (k, message), what
        messages.append(message)
    return True, "; ".join(messages), what


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--node-tests", required=True,
                        help="a directory of ONNX node tests")
    parser.add_argument("--runner", required=True, help="path of reduce-run")
    parser.add_argument("--work", required=True,
                        help="directory for the outputs")
    parser.add_argument("--pattern", action="append",
                        help="fnmatch pattern of the test directories "
                        "(repeatable; default test_reduce_*)")
    parser.add_argument("--exclude", action="append", default=[],
                        help="fnmatch pattern of test directories to leave "
                        "out (repeatable)")
    parser.add_argument("--constant-inputs", action="store_true",
                        help="make shape, axes and index inputs "
                        "initializers")
    parser.add_argument("--rtol", type=float,
                        help="relative bound instead of onnx-compare's")
    parser.add_argument("--atol", type=float,
                        help="absolute bound instead of onnx-compare's")
    parser.add_argument("--jobs", type=int, default=min(2, os.cpu_count()))
    parser.add_argument("--timeout", type=int, default=300,
                        help="seconds per reduce-run")
    opts = parser.parse_args(argv)

    start = time.monotonic()
    patterns = opts.pattern or ["test_reduce_*"]
    names = sorted(n for n in os.listdir(opts.node_tests)
                   if any(fnmatch.fnmatch(n, p) for p in patterns) and
                   not any(fnmatch.fnmatch(n, p) for p in opts.exclude) and
                   os.path.isdir(os.path.join(opts.node_tests, n)))
    with concurrent.futures.ThreadPoolExecutor(max(1, opts.jobs)) as pool:
        futures = {name: pool.submit(run_one, opts.runner,
                                     os.path.join(opts.node_tests, name),
                                     os.path.join(opts.work, name),
                                     opts.timeout, opts.constant_inputs,
                                     opts.rtol, opts.atol)
                   for name in names}
        results = {name: future.result() for name, future in futures.items()}

    failed = 0
    for name in names:
        ok, message, what = results[name]
        print("%s %s (%s): %s" % ("PASS" if ok else "FAIL", name, what,
                                  message))
        if not ok:
            failed += 1
            sys.stderr.write("onnx-conformance: FAIL %s: %s\n" %
                             (name, message))
    print("onnx node tests: %d passed, %d failed in %.1f s" % (
        len(names) - failed, failed, time.monotonic() - start))
    if not names:
        sys.stderr.write("onnx-conformance: error: no node test matches %s "
                         "in %s\n" % (" or ".join(patterns),
                                       opts.node_tests))
        return 1
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

#!/usr/bin/python3
"""Runs ONNX node tests end to end through reduce-run's ONNX importer.

  onnx-conformance.py --node-tests DIR --runner REDUCE_RUN --work DIR
                      [--jobs N] [--pattern test_reduce_*]

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


def read_tensor(path):
    tensor = onnx.TensorProto()
    with open(path, "rb") as f:
        tensor.ParseFromString(f.read())
    return numpy_helper.to_array(tensor)


def describe(test_dir):
    """The Reduce op whose tolerance applies to a node test, and the
    model's opset."""
    model = onnx.load(os.path.join(test_dir, "model.onnx"),
                      load_external_data=False)
    opset = max((o.version for o in model.opset_import
                 if o.domain in ("", "ai.onnx")), default=0)
    op_types = [n.op_type for n in model.graph.node
                if n.op_type in DIALECT_OPS]
    # A chain is compared with the tolerance of its first inexact op.
    inexact = [t for t in op_types
               if DIALECT_OPS[t] not in comparer.EXACT_OPS]
    op_type = (inexact or op_types or ["?"])[0]
    return op_type, opset


def run_one(runner, test_dir, out_dir, timeout):
    """Runs reduce-run on one node test; returns (ok, message, what)."""
    try:
        op_type, opset = describe(test_dir)
    except Exception:  # an unreadable model is the importer's case
        op_type, opset = "?", 0
    what = "%s-%d -> reduce.%s" % (op_type, opset,
                                   DIALECT_OPS.get(op_type, "?"))
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
    cmd = [runner, os.path.join(test_dir, "model.onnx")]
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
        op = DIALECT_OPS.get(op_type, "sum")
        if expected.dtype == np.bool_:
            op = "logical_and" if op == "min" else "logical_or"
        size = expected.size if data_size is None else data_size
        reduced = max(1, size // max(1, expected.size))
        ok, message = comparer.compare(expected_path, got[k], op, reduced)
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
    parser.add_argument("--pattern", default="test_reduce_*")
    parser.add_argument("--jobs", type=int, default=min(2, os.cpu_count()))
    parser.add_argument("--timeout", type=int, default=300,
                        help="seconds per reduce-run")
    opts = parser.parse_args(argv)

    start = time.monotonic()
    names = sorted(n for n in os.listdir(opts.node_tests)
                   if fnmatch.fnmatch(n, opts.pattern) and
                   os.path.isdir(os.path.join(opts.node_tests, n)))
    with concurrent.futures.ThreadPoolExecutor(max(1, opts.jobs)) as pool:
        futures = {name: pool.submit(run_one, opts.runner,
                                     os.path.join(opts.node_tests, name),
                                     os.path.join(opts.work, name),
                                     opts.timeout)
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
                         "in %s\n" % (opts.pattern, opts.node_tests))
        return 1
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

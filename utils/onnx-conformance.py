#!/usr/bin/python3
"""Runs the ONNX Reduce* node tests through reduce-run.

  onnx-conformance.py --node-tests DIR --runner REDUCE_RUN --work DIR
                      [--jobs N] [--pattern test_reduce_*]

For every node test directory DIR/<pattern> (sorted): convert it with
utils/onnx-node-test-to-mlir.py (in this process: onnx is imported once),
run the module with `reduce-run --input ... --output got_0.npy` (N
processes at a time), and compare with the expected output
(utils/onnx-compare.py). Prints one line per node test,

  PASS test_reduce_sum_keepdims_example (ReduceSum-13 -> reduce.sum): ...
  FAIL test_reduce_... (...): <why: conversion error, reduce-run error, or
       the first differing element>

then `onnx node tests: P passed, F failed in S s`. Exit code 1 when a test
failed or none was found. See docs/conformance.md.
"""

import argparse
import concurrent.futures
import fnmatch
import importlib.util
import os
import subprocess
import sys
import time

UTILS = os.path.dirname(os.path.abspath(__file__))


def load_module(name, file_name):
    spec = importlib.util.spec_from_file_location(
        name, os.path.join(UTILS, file_name))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


converter = load_module("onnx_node_test_to_mlir", "onnx-node-test-to-mlir.py")
comparer = load_module("onnx_compare", "onnx-compare.py")


def run_one(runner, out_dir, meta, timeout):
    """Runs reduce-run on a converted test; returns (ok, message)."""
    got = os.path.join(out_dir, "got_0.npy")
    if os.path.exists(got):
        os.remove(got)
    cmd = [runner, os.path.join(out_dir, "model.mlir")]
    for k in range(meta["inputs"]):
        cmd += ["--input", os.path.join(out_dir, "input_%d.npy" % k)]
    cmd += ["--output", got]
    try:
        proc = subprocess.run(cmd, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, timeout=timeout,
                              universal_newlines=True)
    except subprocess.TimeoutExpired:
        return False, "reduce-run timed out after %d s" % timeout
    except OSError as err:
        return False, "cannot run %s: %s" % (runner, err)
    if proc.returncode != 0:
        return False, "reduce-run exit code %d: %s" % (
            proc.returncode, proc.stderr.strip().replace("\n", " | "))
    return comparer.compare(os.path.join(out_dir, "expected_0.npy"), got,
                            meta["op"], meta["reduced_elements"])


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--node-tests", required=True,
                        help="the node test directory of libonnx-testdata")
    parser.add_argument("--runner", required=True, help="path of reduce-run")
    parser.add_argument("--work", required=True,
                        help="directory for the converted tests")
    parser.add_argument("--pattern", default="test_reduce_*")
    parser.add_argument("--jobs", type=int, default=min(2, os.cpu_count()))
    parser.add_argument("--timeout", type=int, default=300,
                        help="seconds per reduce-run")
    opts = parser.parse_args(argv)

    start = time.monotonic()
    names = sorted(n for n in os.listdir(opts.node_tests)
                   if fnmatch.fnmatch(n, opts.pattern) and
                   os.path.isdir(os.path.join(opts.node_tests, n)))
    results = {}
    metas = {}
    for name in names:
        out_dir = os.path.join(opts.work, name)
        try:
            metas[name] = converter.convert(
                os.path.join(opts.node_tests, name), out_dir)
        except (converter.ConversionError, OSError,
                converter.DecodeError) as err:
            results[name] = (False, "conversion failed: %s" % err)
    with concurrent.futures.ThreadPoolExecutor(max(1, opts.jobs)) as pool:
        futures = {name: pool.submit(run_one, opts.runner,
                                     os.path.join(opts.work, name), meta,
                                     opts.timeout)
                   for name, meta in metas.items()}
        for name, future in futures.items():
            results[name] = future.result()

    failed = 0
    for name in names:
        ok, message = results[name]
        meta = metas.get(name)
        what = ("%s-%d -> reduce.%s" % (meta["op_type"], meta["opset"],
                                        meta["op"])) if meta else "?"
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

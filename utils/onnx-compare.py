#!/usr/bin/python3
"""Compares a reduce-run result with the expected output of an ONNX node test.

  onnx-compare.py EXPECTED.npy GOT.npy --op OP --reduced-elements N

The result must have the expected shape and dtype. Integers, booleans and
the ops that only select an element (min, max, logical_and, logical_or)
must match exactly. The other float ops must match within

  |got - expected| <= rtol * |expected| + atol,
  rtol = (n + 2) * eps,   atol = rtol * scale,

where n is the number of elements each result reduces, eps the machine epsilon of the element type (f32: 2^-23), and
scale the largest finite |expected| of the tensor (at least 1 for log_sum
and log_sum_exp, whose error is absolute: a relative error d of the sum is
an absolute error d of its log). Models without a Reduce op use the op
`elementwise` (n + 8 ulps: a few roundings, and exp, log and pow within a
few ulps of libm) or `normalization` (softmax, layer norm, ...: n + 8 ulps,
n the elements normalized together); `--rtol` and `--atol` set the bounds
instead (the PyTorch models: 1e-4 relative). That allows a few roundings per term
in the reference and in our code, summed in any order, and a cancelling
element of a sum its share of the tensor's magnitude. NaN must match NaN
and an infinity the same infinity. Exit code 0 when equal, 1 otherwise,
with one line saying why.
"""

import argparse
import sys

import numpy as np

EXACT_OPS = {"min", "max", "logical_and", "logical_or"}
LOG_OPS = {"log_sum", "log_sum_exp"}


def load(path):
    array = np.load(path)
    if array.dtype == np.dtype("V2"):  # bf16, as reduce-run writes it
        bits = array.view(np.uint16).astype(np.uint32) << 16
        return bits.view(np.float32), "bf16"
    return array, str(array.dtype)


def compare(expected_path, got_path, op, reduced_elements, rtol=None,
            atol=None):
    """Returns (ok, message). `rtol` and `atol`, when given, replace the
    bounds of `op`."""
    expected, expected_type = load(expected_path)
    got, got_type = load(got_path)
    if expected_type != got_type:
        return False, "dtype %s, expected %s" % (got_type, expected_type)
    if expected.shape != got.shape:
        return False, "shape %s, expected %s" % (got.shape, expected.shape)
    if expected.dtype.kind != "f":
        bad = np.flatnonzero(expected.reshape(-1) != got.reshape(-1))
        if bad.size:
            k = bad[0]
            return False, ("%d of %d elements differ; first at flat index %d:"
                           " got %r, expected %r" % (
                               bad.size, expected.size, k,
                               got.reshape(-1)[k], expected.reshape(-1)[k]))
        return True, "exact"

    e = expected.reshape(-1).astype(np.float64)
    g = got.reshape(-1).astype(np.float64)
    if expected_type == "bf16":
        eps = 2.0 ** -7
    else:
        eps = float(np.finfo(expected.dtype).eps)
    finite = np.isfinite(e)
    if rtol is not None or atol is not None:
        rtol = rtol or 0.0
        atol = atol or 0.0
    elif op in EXACT_OPS:
        rtol = atol = 0.0
    else:
        extra = 8 if op in ("elementwise", "normalization") else 2
        rtol = (reduced_elements + extra) * eps
        scale = float(np.max(np.abs(e[finite]))) if finite.any() else 0.0
        if op in LOG_OPS:
            scale = max(scale, 1.0)
        atol = rtol * scale
    with np.errstate(invalid="ignore"):
        err = np.where(finite, np.abs(g - e), 0.0)
        ok = np.where(finite, err <= rtol * np.abs(e) + atol,
                      (np.isnan(e) & np.isnan(g)) | (e == g))
    if op in EXACT_OPS and not rtol and not atol:
        # Bit for bit, except the payload of a NaN (and -0.0 vs 0.0 is a
        # difference: min/max order them).
        same_bits = (np.signbit(e) == np.signbit(g)) | np.isnan(e)
        ok &= same_bits
    if not ok.all():
        k = int(np.flatnonzero(~ok)[0])
        return False, ("%d of %d elements differ; first at flat index %d: "
                       "got %r, expected %r (rtol %.3g, atol %.3g)" % (
                           int((~ok).sum()), e.size, k, got.reshape(-1)[k],
                           expected.reshape(-1)[k], rtol, atol))
    max_err = float(err.max()) if err.size else 0.0
    return True, "max abs error %.3g (rtol %.3g, atol %.3g)" % (
        max_err, rtol, atol)


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("expected")
    parser.add_argument("got")
    parser.add_argument("--op", required=True,
                        help="the reduce dialect op, e.g. sum")
    parser.add_argument("--reduced-elements", type=int, required=True,
                        help="elements each result element reduces")
    parser.add_argument("--rtol", type=float, help="relative bound")
    parser.add_argument("--atol", type=float, help="absolute bound")
    opts = parser.parse_args(argv)
    ok, message = compare(opts.expected, opts.got, opts.op,
                          opts.reduced_elements, opts.rtol, opts.atol)
    print("%s: %s" % ("equal" if ok else "different", message))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

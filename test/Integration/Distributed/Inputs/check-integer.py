#!/usr/bin/python3
"""Inputs and exact checks of Inputs/integer.mlir.

  check-integer.py make DIR    writes DIR/a.npy ... DIR/d.npy
  check-integer.py check DIR   compares DIR/r0.npy ... DIR/r4.npy with
                               Python integer arithmetic (the exact mean,
                               truncated toward zero) and math.sqrt /
                               math.log (l2, log_sum_exp: truncated)"""

import math
import os
import sys

import numpy as np


def columns(x):
    return [[int(v) for v in x[:, j]] for j in range(x.shape[1])]


def trunc_mean(values):
    s = sum(values)
    return abs(s) // len(values) * (1 if s >= 0 else -1)


def main(command, out):
    if command == "make":
        rng = np.random.default_rng(5)
        a = rng.integers(2**62, 2**63 - 1, (64, 4), dtype=np.int64)
        a[:, 1] = -a[:, 1]            # sums below -2^63
        a[:, 2] = np.where(np.arange(64) % 2, a[:, 2], -a[:, 2])
        a[0, 2] += 7                  # a negative, inexact mean
        a[:, 3] = np.iinfo(np.int64).min
        a[5, 3] = 3
        b = rng.integers(2**64 - 2**40, 2**64 - 1, (64, 4), dtype=np.uint64)
        c = rng.integers(-128, 127, (64, 4), endpoint=True).astype(np.int8)
        c[:, 0] = 127
        c[:, 1] = -128
        c[3, 1] = -1
        d = rng.integers(-50000, 50000, (64, 4), endpoint=True)
        d[:, 0] = 50000
        d = d.astype(np.int32)
        for name, x in zip("abcd", (a, b, c, d)):
            np.save(os.path.join(out, name + ".npy"), x)
        return 0
    a, b, c, d = (np.load(os.path.join(out, n + ".npy")) for n in "abcd")
    expected = [
        ("i64 mean", np.array([trunc_mean(v) for v in columns(a)], np.int64)),
        ("ui64 mean", np.array([trunc_mean(v) for v in columns(b)],
                               np.uint64)),
        ("i8 mean", np.array([trunc_mean(v) for v in columns(c)], np.int8)),
        ("i32 l2", np.array([math.trunc(math.sqrt(sum(x * x for x in v)))
                             for v in columns(d)], np.int32)),
        ("i32 log_sum_exp", np.array(
            [math.trunc(max(v) + math.log(sum(math.exp(x - max(v))
                                              for x in v)))
             for v in columns(d)], np.int32)),
    ]
    failed = False
    for i, (name, want) in enumerate(expected):
        got = np.load(os.path.join(out, "r%d.npy" % i))
        ok = got.dtype == want.dtype and np.array_equal(got, want)
        failed |= not ok
        print("%s %s" % ("ok" if ok else "DIFFERENT", name) +
              ("" if ok else ": got %r, expected %r" % (got, want)))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))

"""Inputs and references of bf16-elementwise.test: each bf16 op computed in
float64, rounded to float32 and then to bf16 (to nearest even)."""

import os
import sys

import numpy as np


def to_bf16(values):
    """The bf16 bits of float32 `values`, rounded to nearest even."""
    bits = np.asarray(values, np.float32).view(np.uint32).astype(np.uint64)
    rounded = (bits + 0x7FFF + ((bits >> 16) & 1)) >> 16
    nan = np.isnan(np.asarray(values, np.float32))
    return np.where(nan, 0x7FC0, rounded).astype(np.uint16)


def from_bf16(bits):
    return (np.asarray(bits, np.uint16).astype(np.uint32) << 16).view(
        np.float32)


def op(f, *args):
    """f of bf16 values, rounded once to bf16 (through float32)."""
    with np.errstate(all="ignore"):
        return from_bf16(to_bf16(f(*[a.astype(np.float64) for a in args])
                                 .astype(np.float32)))


def make(out):
    rng = np.random.default_rng(11)
    for name in ("x", "y"):
        bits = to_bf16(rng.standard_normal(64).astype(np.float32))
        np.save(os.path.join(out, name + ".npy"), bits.view("V2"))


def check(out):
    x = from_bf16(np.load(os.path.join(out, "x.npy")).view(np.uint16))
    y = from_bf16(np.load(os.path.join(out, "y.npy")).view(np.uint16))
    t = op(np.add, x, y)
    m = op(np.multiply, t, x)
    d = op(np.divide, m, y)
    h = op(np.tanh, op(np.exp, x))
    got = [from_bf16(np.load(os.path.join(out, "r%d.npy" % k)).reshape(-1)
                     .view(np.uint16)) for k in range(3)]
    print("arith", "ok" if np.array_equal(got[0], d, equal_nan=True)
          else "differs")
    # exp and tanh through float32 libm-quality functions: within one bf16
    # ulp of the correctly rounded values.
    close = np.abs(got[1] - h) <= np.spacing(np.abs(h).astype(np.float32)) * 2**16
    print("math", "ok" if close.all() else "differs")
    print("max", "ok" if got[2][0] == np.max(d) else "differs")


if __name__ == "__main__":
    {"make": make, "check": check}[sys.argv[1]](sys.argv[2])

"""Checks the results of family.mlir (run on any number of processes) in the
directory argv[1] (r0.npy ... r17.npy) against references computed here in
float64 from the inputs (make-inputs.py): sums within 1e-5 of the sum of the
magnitudes of their terms, products and logs within 1e-5 relative, minimums,
maximums, integers and bools exactly, with NaN, infinities and signed zeros
where the ops' semantics put them. With argv[2], the prefix of the results
of one process (s0.npy ...), checks them against those too, with the same
bounds. Prints one line per result."""
import os
import sys

import numpy as np

d = sys.argv[1]
single = sys.argv[2] if len(sys.argv) > 2 else None
load = lambda name: np.load(os.path.join(d, name + ".npy"))
x, p, k, b, h = (load(n) for n in "xpkbh")
X, P = x.astype(np.float64), p.astype(np.float64)


def minimum(a, axis):
    """IEEE minimum: NaN if any NaN, -0 below +0."""
    m = np.min(np.where(np.isnan(a), np.inf, a), axis=axis)
    neg_zero = np.any((a == 0) & np.signbit(a), axis=axis)
    m = np.where((m == 0) & neg_zero, -0.0, m)
    return np.where(np.any(np.isnan(a), axis=axis), np.nan, m)


def maximum_ignore(a, axis):
    """Maximum skipping NaN (NaN only when all are), +0 above -0."""
    m = np.max(np.where(np.isnan(a), -np.inf, a), axis=axis)
    pos_zero = np.any((a == 0) & ~np.signbit(a), axis=axis)
    m = np.where((m == 0) & pos_zero, 0.0, m)
    return np.where(np.all(np.isnan(a), axis=axis), np.nan, m)


def log_sum_exp(a, axis):
    with np.errstate(invalid="ignore", divide="ignore", over="ignore"):
        m = np.max(a, axis=axis, keepdims=True)
        s = np.where(np.isfinite(m), m, 0.0)
        r = np.log(np.sum(np.exp(a - s), axis=axis)) + np.squeeze(s, axis)
    return r


def wrap32(v):
    return ((v + 2**31) % 2**32 - 2**31).astype(np.int64)


with np.errstate(invalid="ignore", over="ignore"):
    ksum = wrap32(k.astype(np.int64).sum(axis=0))
    refs = [
        ("sum", X.sum(axis=0), np.abs(X).sum(axis=0)),
        ("l1", np.abs(P).sum(keepdims=True), np.abs(P).sum(keepdims=True)),
        ("mean", X.sum(axis=0) / 64, np.abs(X).sum(axis=0) / 64),
        ("l2", np.sqrt((X * X).sum(axis=0)), "rel"),
        ("sum_square", (X * X).sum(axis=0), (X * X).sum(axis=0)),
        ("min", minimum(X, 0), "exact"),
        ("max", maximum_ignore(X, 0), "exact"),
        ("prod", P.prod(axis=0), "rel"),
        ("log_sum", np.log(P.sum(axis=0)), "rel"),
        ("log_sum_exp", log_sum_exp(X, 0), "rel"),
        ("i32 sum", ksum, "exact"),
        # The exact mean (the int64 sum, / 64 exactly in float64).
        ("i32 mean", np.trunc(k.astype(np.int64).sum(axis=0) / 64)
         .astype(np.int64), "exact"),
        ("i32 min", k.min(axis=0), "exact"),
        ("and", b.all(axis=0), "exact"),
        ("or", b.any(axis=0), "exact"),
        ("f16 sum", h.astype(np.float64).sum(axis=0), "exact"),
        ("rows", P.sum(axis=1), np.abs(P).sum(axis=1)),
        ("log_sum_exp all", log_sum_exp(P.reshape(-1), 0), "rel"),
    ]

def matches(got, ref, tol):
    g = got.astype(np.float64)
    same_special = np.array_equal(np.isnan(g), np.isnan(ref)) and \
        np.array_equal(np.isinf(g) & (g > 0), np.isinf(ref) & (ref > 0)) and \
        np.array_equal(np.isinf(g) & (g < 0), np.isinf(ref) & (ref < 0))
    finite = np.isfinite(ref)
    if isinstance(tol, str) and tol == "exact":
        return same_special and np.array_equal(g[finite], ref[finite]) and \
            np.array_equal(np.signbit(g[finite]), np.signbit(ref[finite]))
    if isinstance(tol, str):
        return same_special and np.all(
            np.abs(g[finite] - ref[finite]) <= 1e-5 * np.abs(ref[finite]) + 1e-6)
    tol = np.asarray(tol)
    return same_special and np.all(
        np.abs(g[finite] - ref[finite]) <= 1e-5 * tol[finite] + 1e-6)


for index, (name, ref, tol) in enumerate(refs):
    got = load("r%d" % index)
    ref = np.asarray(ref)
    if got.shape != ref.shape:
        print("FAIL %s: shape %s, expected %s" % (name, got.shape, ref.shape))
        continue
    ok = matches(got, ref, tol)
    if single:
        one = np.load(single + "%d.npy" % index)
        ok = ok and one.shape == got.shape and one.dtype == got.dtype and \
            matches(got, one.astype(np.float64), tol)
    print("%s %s: %s %s" % ("ok" if ok else "FAIL", name, got.shape, got.dtype))
    if not ok:
        print("  got", got.reshape(-1)[:12], "\n  ref", ref.reshape(-1)[:12])

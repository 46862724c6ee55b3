"""Inputs and checks of normalizations.test.

`make DIR` writes x.npy (6x5x37 f32 with special values), w.npy, b.npy,
h.npy (4x3x40 f16) and hw.npy. `check DIR` reads the results of @main
(r0.npy ... r18.npy) and `check-dynamic DIR` those of @dynamic (d0.npy ...
d3.npy), and prints one line per result: its values against the formula of
the op's description computed here in float64 (NaN and infinities where
float64 gives them, the rest within a relative tolerance).
"""
import sys

import numpy as np


def make(d):
    rng = np.random.default_rng(11)
    x = (rng.standard_normal((6, 5, 37)) * 2 + 0.5).astype(np.float32)
    x[1, 2, 4] = np.nan
    x[2, 1, :] = -np.inf  # softmax of -inf only: NaN
    x[3, 0, 7] = np.inf
    x[4, 3, :] = -0.0
    x[5, 4, :] = 1e3 + rng.standard_normal(37).astype(np.float32)
    np.save(d + "/x.npy", x)
    np.save(d + "/w.npy", rng.uniform(0.5, 1.5, 37).astype(np.float32))
    np.save(d + "/b.npy", rng.standard_normal((1, 37)).astype(np.float32))
    h = (rng.standard_normal((4, 3, 40)) + 1).astype(np.float16)
    h[1, 1, 3] = np.inf
    np.save(d + "/h.npy", h)
    np.save(d + "/hw.npy", rng.uniform(0.5, 1.5, 40).astype(np.float16))
    b = (rng.standard_normal((4, 40)) + 1).astype(np.float32)
    b[2, 5] = np.inf
    np.save(d + "/xb.npy", to_bf16(b))
    np.save(d + "/wb.npy", to_bf16(rng.uniform(0.5, 1.5, 40)))


def to_bf16(a):
    """float32 values rounded to bfloat16 (nearest even), as .npy V2."""
    bits = np.asarray(a, np.float32).view(np.uint32).astype(np.uint64)
    rounded = (bits + 0x7FFF + ((bits >> 16) & 1)) >> 16
    return rounded.astype(np.uint16).view("V2")


def from_bf16(a):
    """bfloat16 values (.npy V2) as float64."""
    bits = np.asarray(a).view(np.uint16).astype(np.uint32) << 16
    return bits.view(np.float32).astype(np.float64)


def softmax(x, axes):
    m = x.max(axis=axes, keepdims=True)
    e = np.exp(x - m)
    return e / e.sum(axis=axes, keepdims=True)


def log_softmax(x, axes):
    m = x.max(axis=axes, keepdims=True)
    return x - m - np.log(np.exp(x - m).sum(axis=axes, keepdims=True))


def layer_norm(x, w, b, axis):
    axes = tuple(range(axis, x.ndim))
    mean = x.mean(axis=axes, keepdims=True)
    d = x - mean
    inv = 1 / np.sqrt((d * d).mean(axis=axes, keepdims=True) + EPS[0])
    return d * inv * w + b, mean, inv


def rms_norm(x, w, axis, eps):
    axes = tuple(range(axis, x.ndim))
    return x / np.sqrt((x * x).mean(axis=axes, keepdims=True) + eps) * w


def mvn(x, axes, eps, inside, variance=True):
    d = x - x.mean(axis=axes, keepdims=True)
    if not variance:
        return d
    var = (d * d).mean(axis=axes, keepdims=True)
    return d / (np.sqrt(var + eps) if inside else np.sqrt(var) + eps)


def normalize_l2(x, axes, eps, use_max):
    s = (x * x).sum(axis=axes, keepdims=True) if axes else x * x
    return x / np.sqrt(np.maximum(s, eps) if use_max else s + eps)


EPS = [1e-5]


def mean_rounding(x, axes, inv=1.0):
    """What the rounding of an f32 mean (64 units in its last place) moves a
    centred value by, times the factor `inv` applied to it."""
    mean = np.abs(x.mean(axis=axes, keepdims=True))
    # A mean of 0 is exact, whatever the factor (inf for a constant row).
    return np.where(mean == 0, 0.0, 64 * 2.0**-24 * mean * inv)


def same(name, got, ref, rtol, atol=0.0):
    got = got.astype(np.float64)
    special = ~np.isfinite(ref)
    ok = got.shape == ref.shape
    ok = ok and np.array_equal(np.isnan(got), np.isnan(ref))
    ok = ok and np.array_equal(got[special & ~np.isnan(ref)],
                               ref[special & ~np.isnan(ref)])
    fin = ~special
    scale = np.abs(ref[fin]).max() if fin.any() else 1.0
    err = np.abs(got[fin] - ref[fin])
    atol = np.broadcast_to(atol, ref.shape)[fin]
    ok = ok and bool(np.all(err <= rtol * (np.abs(ref[fin]) + 1e-3 * scale) +
                            atol))
    print(name, ok)


def check(d):
    x = np.load(d + "/x.npy").astype(np.float64)
    w = np.load(d + "/w.npy").astype(np.float64)
    b = np.load(d + "/b.npy").astype(np.float64)
    h = np.load(d + "/h.npy").astype(np.float64)
    hw = np.load(d + "/hw.npy").astype(np.float64)
    r = [np.load(d + "/r%d.npy" % i) for i in range(19)]
    with np.errstate(invalid="ignore", divide="ignore", over="ignore"):
        same("softmax", r[0], softmax(x, (2,)), 1e-5)
        same("log_softmax coerce_2d", r[1], log_softmax(x, (1, 2)), 1e-5)
        same("softmax axis 0", r[2], softmax(x, (0,)), 1e-5)
        EPS[0] = 1e-5
        y, m, i = layer_norm(x, w, b, 2)
        same("layer_norm", r[3], y, 1e-4, mean_rounding(x, (2,), i * w))
        same("layer_norm mean", r[4], m, 1e-5)
        same("layer_norm inv_std_dev", r[5], i, 1e-4)
        EPS[0] = 1e-3
        y, m, i = layer_norm(x, w, 0.0, 1)
        same("layer_norm no bias", r[6], y, 1e-4,
             mean_rounding(x, (1, 2), i * w))
        same("layer_norm no bias mean", r[7], m, 1e-5)
        same("rms_norm", r[8], rms_norm(x, w, 2, 1e-6), 1e-5)
        inv = 1 / np.sqrt(mvn(x, (0, 2), 0, True, False).var(axis=(0, 2),
                                                             keepdims=True))
        same("mvn inside_sqrt", r[9], mvn(x, (0, 2), 1e-3, True), 1e-4,
             mean_rounding(x, (0, 2), inv))
        inv = 1 / np.sqrt(x.var(axis=2, keepdims=True))
        same("mvn outside_sqrt", r[10], mvn(x, (2,), 1e-9, False), 1e-4,
             mean_rounding(x, (2,), inv))
        same("mvn centred", r[11], mvn(x, (1,), 0, True, False), 1e-4,
             mean_rounding(x, (1,)))
        same("normalize_l2 add", r[12], normalize_l2(x, (2,), 1e-10, False),
             1e-5)
        same("normalize_l2 max", r[13], normalize_l2(x, (1, 2), 1e2, True),
             1e-5)
        same("normalize_l2 empty axes", r[14],
             normalize_l2(x, (), 1e-10, True), 1e-5)
        EPS[0] = 1e-5
        y, m, _ = layer_norm(h, hw, 0.0, 2)
        same("f16 layer_norm", r[15], y, 4e-3)
        same("f16 layer_norm mean", r[16], m, 1e-5)
        same("f16 softmax", r[17], softmax(h, (2,)), 4e-3)
        same("f16 rms_norm", r[18], rms_norm(h, hw, 2, 1e-5), 4e-3)
    print("dtypes", [str(v.dtype) for v in (r[0], r[4], r[15], r[16])])


def check_dynamic(d):
    x = np.load(d + "/x.npy").astype(np.float64)
    w = np.load(d + "/w.npy").astype(np.float64)
    r = [np.load(d + "/d%d.npy" % i) for i in range(4)]
    with np.errstate(invalid="ignore", divide="ignore", over="ignore"):
        same("dynamic softmax", r[0], softmax(x, (2,)), 1e-5)
        EPS[0] = 1e-3
        y, m, i = layer_norm(x, w, 0.0, 1)
        same("dynamic layer_norm", r[1], y, 1e-4,
             mean_rounding(x, (1, 2), i * w))
        same("dynamic layer_norm mean", r[2], m, 1e-5)
        same("dynamic normalize_l2", r[3],
             normalize_l2(x, (0, 2), 1e-10, False), 1e-5)


def check_bf16(d):
    x = from_bf16(np.load(d + "/xb.npy"))
    w = from_bf16(np.load(d + "/wb.npy"))
    r = [from_bf16(np.load(d + "/b%d.npy" % i)) for i in range(4)]
    # A few roundings of 2^-9 each.
    with np.errstate(invalid="ignore", divide="ignore", over="ignore"):
        same("bf16 softmax", r[0], softmax(x, (1,)), 2e-2)
        EPS[0] = 1e-5
        y, m, i = layer_norm(x, w, 0.0, 1)
        same("bf16 layer_norm", r[1], y, 2e-2, mean_rounding(x, (1,), i * w))
        same("bf16 rms_norm", r[2], rms_norm(x, w, 1, 1e-5), 3e-2)
        same("bf16 normalize_l2", r[3], normalize_l2(x, (1,), 1e-10, False),
             2e-2)


if __name__ == "__main__":
    {"make": make, "check": check, "check-dynamic": check_dynamic,
     "check-bf16": check_bf16}[sys.argv[1]](sys.argv[2])

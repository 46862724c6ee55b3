"""Inputs and checks of arg-scans.test.

`make DIR` writes the inputs of arg-scans.mlir: x.npy (7x37 f32: ties,
NaNs among numbers, a row of NaNs, signed zeros, a row of -inf, a NaN
before -infs), s.npy (7x37 f32 for the scans: a NaN, infinities, -0.0),
h.npy (5x33 f16), a.npy (6x20 i8 at its limits), u.npy (6x20 u16), l.npy
(6x20 i64 at its limits), d.npy (4x9 f32), e.npy (3x0 f32), z.npy (0x5
f32), o.npy (1x9 f32), c.npy (9x1 f32) and b.npy (512x1024 f32 of
small integers, ties everywhere, two NaNs).

`make DIR MLIR` also writes DIR/cases.txt, the reduce-run arguments of
each case for run-family.sh (MLIR: the path of arg-scans.mlir), with each
function in a module of its own, DIR/ENTRY.mlir (a case compiles one).
`check DIR` reads the results DIR/<case>_<i>.npy and prints one line per result,
`<case> <i> ok` or the first difference against the reference computed
here with numpy: np.argmax / np.argmin (first NaN,
first tie; the last one on the reversed array), a loop skipping NaNs for
nan_mode ignore, np.cumsum / np.cumprod in the accumulator type rounded to
the element type, and an IEEE 754 minimum / maximum (-0.0 below +0.0, NaN
propagating) accumulated along the axis.
"""
import re
import sys

import numpy as np


def make(d):
    rng = np.random.default_rng(49)
    x = rng.standard_normal((7, 37)).astype(np.float32)
    x[0, [3, 20]] = 9.0  # max ties
    x[0, [5, 30]] = -9.0  # min ties
    x[1, [4, 17]] = np.nan
    x[2, :] = np.nan
    x[3, :] = -np.abs(x[3, :]) - 1
    x[3, 2], x[3, 9] = 0.0, -0.0  # equal maxima
    x[3, [1, 36]] = -np.inf
    x[4, :] = -np.inf
    x[5, 1:] = -np.inf
    x[5, 0] = np.nan
    x[6, 8] = np.inf
    np.save(d + "/x.npy", x)

    s = (rng.standard_normal((7, 37)) + 0.2).astype(np.float32)
    s[1, 30] = np.nan
    s[2, 5], s[2, 6] = np.inf, -np.inf
    s[4, :4] = -0.0
    s[5, 3] = 0.0
    s[5, 4] = -0.0
    np.save(d + "/s.npy", s)

    h = (rng.uniform(0, 100, (5, 33))).astype(np.float16)
    h[0, [2, 7]] = 200.0
    h[1, [0, 32]] = -1.0
    h[2, 3] = np.nan
    h[3, :] = 2048.0  # sums where f16 steps and an f32 accumulator differ
    np.save(d + "/h.npy", h)

    a = rng.integers(-128, 128, (6, 20)).astype(np.int8)
    a[0, [1, 19]] = 127
    a[1, :] = -128
    a[2, [0, 5]] = -128
    np.save(d + "/a.npy", a)
    u = rng.integers(0, 65536, (6, 20)).astype(np.uint16)
    u[0, [2, 11]] = 65535
    u[3, [4, 9]] = 0
    np.save(d + "/u.npy", u)
    l = rng.integers(-2**62, 2**62, (6, 20), dtype=np.int64)
    l[0, 3] = np.iinfo(np.int64).max
    l[0, 4] = np.iinfo(np.int64).min
    l[2, :] = np.iinfo(np.int64).min
    np.save(d + "/l.npy", l)

    np.save(d + "/d.npy", rng.standard_normal((4, 9)).astype(np.float32))
    np.save(d + "/e.npy", np.zeros((3, 0), np.float32))
    np.save(d + "/z.npy", np.zeros((0, 5), np.float32))
    np.save(d + "/o.npy", rng.standard_normal((1, 9)).astype(np.float32))
    np.save(d + "/c.npy", rng.standard_normal((9, 1)).astype(np.float32))
    big = rng.integers(-50, 50, (512, 1024)).astype(np.float32)  # ties
    big[3, 5] = big[400, 7] = np.nan
    np.save(d + "/b.npy", big)


def arg(x, axis, is_max, last=False, ignore=False, keepdims=False,
        dtype=np.int64):
    """The index along `axis` by the ops' rules."""
    x = np.moveaxis(x, axis, -1)
    out = np.zeros(x.shape[:-1], np.int64)
    for pos in np.ndindex(*x.shape[:-1]):
        row = x[pos]
        if ignore and row.dtype.kind == "f":
            keep = np.flatnonzero(~np.isnan(row))
            if keep.size == 0:
                continue
            row, where = row[keep], keep
        else:
            where = np.arange(row.size)
        pick = np.argmax if is_max else np.argmin
        i = row.size - 1 - pick(row[::-1]) if last else pick(row)
        out[pos] = where[i]
    if keepdims:
        out = np.expand_dims(out, axis)
    return out.astype(dtype)


def ieee_extreme(a, b, is_max):
    """IEEE 754-2019 maximum or minimum: NaN wins, +0.0 above -0.0."""
    pick_a = (a > b) if is_max else (a < b)
    zeros = (a == b) & (np.signbit(a) != np.signbit(b))
    pick_a |= zeros & (np.signbit(b) if is_max else np.signbit(a))
    out = np.where(pick_a, a, b)
    return np.where(np.isnan(a) | np.isnan(b), np.nan, out).astype(a.dtype)


def scan(x, axis, kind, exclusive=False, reverse=False):
    """The scan along `axis` by the ops' rules."""
    x = np.moveaxis(x, axis, 0)
    if reverse:
        x = x[::-1]
    t = x.dtype
    acc_type = {np.dtype(np.float16): np.float32}.get(t, t)
    if kind == "prod" and t == np.float32:
        acc_type = np.float64
    acc = x.astype(acc_type)
    if kind in ("sum", "prod"):
        f = np.cumsum if kind == "sum" else np.cumprod
        out = f(acc, axis=0, dtype=acc_type)
    else:
        out = acc.copy()
        for k in range(1, out.shape[0]):
            if t.kind == "f":
                out[k] = ieee_extreme(out[k - 1], out[k], kind == "max")
            else:
                out[k] = (np.maximum if kind == "max" else np.minimum)(
                    out[k - 1], out[k])
    if exclusive and out.shape[0] > 0:
        if t.kind == "f":
            ident = {"sum": 0, "prod": 1, "min": np.inf, "max": -np.inf}[kind]
        else:
            info = np.iinfo(t)
            ident = {"sum": 0, "prod": 1, "min": info.max,
                     "max": info.min}[kind]
        first = np.full((1,) + out.shape[1:], ident, acc_type)
        out = np.concatenate([first, out[:-1]])
    if reverse:
        out = out[::-1]
    return np.moveaxis(out.astype(t), 0, axis)


def expected(d, entry):
    x, s, h = (np.load(d + f"/{n}.npy") for n in "xsh")
    a, u, l = (np.load(d + f"/{n}.npy") for n in "aul")
    dyn = np.load(d + "/" + entry.split(":")[1] + ".npy") \
        if ":" in entry else None
    entry = entry.split(":")[0]
    if entry == "arg_f32":
        return [arg(x, 1, True), arg(x, 1, True, last=True),
                arg(x, 1, True, ignore=True), arg(x, 1, False),
                arg(x, 1, False, last=True),
                arg(x, 1, False, last=True, ignore=True),
                arg(x, 0, True, dtype=np.int32),
                arg(x, 0, False, keepdims=True),
                arg(x, 0, True, last=True, ignore=True)]
    if entry == "arg_narrow":
        return [arg(h, 1, True), arg(h, 0, False, last=True),
                arg(a, 1, True), arg(a, 0, False, last=True),
                arg(u, 1, True, last=True), arg(u, 0, False, dtype=np.int32),
                arg(l, 1, True), arg(l, 1, False)]
    if entry == "arg_dynamic":
        return [arg(dyn, 1, True),
                arg(dyn, 1, False, last=True, keepdims=True)]
    if entry == "scan_f32":
        return [scan(s, 1, "sum"), scan(s, 0, "sum", exclusive=True),
                scan(s, 1, "sum", reverse=True),
                scan(s, 1, "sum", exclusive=True, reverse=True),
                scan(s, 0, "prod"), scan(s, 1, "min"),
                scan(s, 0, "max", reverse=True),
                scan(s, 0, "min", exclusive=True)]
    if entry == "scan_narrow":
        return [scan(h, 1, "sum"), scan(h, 0, "max", exclusive=True),
                scan(a, 1, "sum"), scan(a, 0, "prod", reverse=True),
                scan(u, 1, "min"), scan(u, 1, "max", exclusive=True),
                scan(l, 0, "sum"),
                scan(a, 1, "min", exclusive=True, reverse=True)]
    if entry == "scan_dynamic":
        return [scan(dyn, 0, "sum"),
                scan(dyn, 1, "max", exclusive=True, reverse=True)]
    if entry == "unit_dims":
        o, c = np.load(d + "/o.npy"), np.load(d + "/c.npy")
        return [arg(o, 1, True), arg(c, 0, False),
                scan(c, 0, "sum", reverse=True), scan(o, 1, "max")]
    if entry == "big":
        b = np.load(d + "/b.npy")
        return [arg(b, 1, True), arg(b, 0, False, last=True),
                scan(b, 1, "sum"), scan(b, 0, "sum", reverse=True),
                np.take(scan(b, 0, "max"), -1, axis=0), arg(b, 0, True)]
    if entry == "max_argmax":
        # reduce.max orders +0.0 above -0.0: the last running maximum.
        return [np.take(scan(x, 1, "max"), -1, axis=1), arg(x, 1, True),
                np.take(scan(x, 0, "min"), -1, axis=0), arg(x, 0, False)]
    raise SystemExit("unknown entry " + entry)


def same(got, want):
    if got.dtype != want.dtype or got.shape != want.shape:
        return f"got {got.dtype}{got.shape}, want {want.dtype}{want.shape}"
    if got.dtype.kind == "f":
        equal = ((got == want) & (np.signbit(got) == np.signbit(want))) | (
            np.isnan(got) & np.isnan(want))
    else:
        equal = got == want
    if equal.all():
        return None
    index = tuple(np.argwhere(~equal)[0])
    return f"at {index}: got {got[index]!r}, want {want[index]!r}"


# The cases: a name, the entry, its inputs, its number of results.
CASES = [
    ("arg_f32", "arg_f32", "x", 9),
    ("arg_narrow", "arg_narrow", "haul", 8),
    ("arg_dynamic_d", "arg_dynamic", "d", 2),
    ("arg_dynamic_z", "arg_dynamic", "z", 2),
    ("scan_f32", "scan_f32", "s", 8),
    ("scan_narrow", "scan_narrow", "haul", 8),
    ("scan_dynamic_d", "scan_dynamic", "d", 2),
    ("scan_dynamic_e", "scan_dynamic", "e", 2),
    ("unit_dims", "unit_dims", "oc", 4),
    ("max_argmax", "max_argmax", "x", 4),
    ("big", "big", "b", 6),
]


def split_functions(d):
    """Writes each function of MLIR to DIR/ENTRY.mlir (a module of its own:
    reduce-run compiles every function of the module it loads, so each
    case compiles one); returns their paths by name."""
    text = open(MLIR).read()
    starts = [m.start() for m in re.finditer(r"^func\.func @", text, re.M)]
    paths = {}
    for begin, end in zip(starts, starts[1:] + [len(text)]):
        body = text[begin:end]
        entry = re.match(r"func\.func @(\w+)", body).group(1)
        paths[entry] = f"{d}/{entry}.mlir"
        with open(paths[entry], "w") as f:
            f.write(body)
    return paths


def cases(d):
    """Writes DIR/cases.txt for run-family.sh: a name, then the reduce-run
    arguments."""
    paths = split_functions(d)
    with open(d + "/cases.txt", "w") as f:
        for name, entry, inputs, count in CASES:
            args = ["--entry", entry]
            args += [f"--input {d}/{i}.npy" for i in inputs]
            args += [f"--output {d}/{name}_{i}.npy" for i in range(count)]
            f.write(name + " " + paths[entry] + " " + " ".join(args) + "\n")


def check(d):
    for name, entry, inputs, count in CASES:
        key = entry + (":" + inputs if "dynamic" in entry else "")
        for i, want in enumerate(expected(d, key)):
            error = same(np.load(f"{d}/{name}_{i}.npy"), want)
            print(f"{name} {i} " + ("ok" if error is None else error))


if __name__ == "__main__":
    with np.errstate(all="ignore"):
        if sys.argv[1] == "make":
            MLIR = sys.argv[3]
            make(sys.argv[2])
            cases(sys.argv[2])
        else:
            check(sys.argv[2])

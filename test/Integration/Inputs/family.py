"""Execution tests of reduce.max, prod, mean, sum_square, l2, log_sum and
log_sum_exp through reduce-run, checked against NumPy.

  family.py gen DIR     writes DIR/<case>.mlir (one entry, @main, returning
                        every op the element type takes) and its .npy inputs,
                        and prints one line per case: its name, then the
                        reduce-run arguments
  family.py check DIR   compares DIR/<case>.out<k>.npy with NumPy and prints
                        `ok <case> <op>` or `FAIL <case> <op>: ...` per result

The expected values are computed here from the inputs, independently of the
compiler. The data are multiples of 0.25 small enough that every sum, sum of
squares and mean numerator is exact in every summation order (|x| <=
sqrt(2^24 / n) / 4 for n reduced elements), and the prod
inputs are +-1, +-2 and 0.5 (exact products): max, prod, mean, sum_square and
l2 must then match bit for bit (NaN equal to NaN, -0.0 distinct from +0.0),
in the element type after one rounding, as the op docs say (the 16-bit
floats accumulate in f32, which holds these sums exactly, and every double
rounding here is innocuous: 53 >= 2*24+2 and 24 >= 2*11+2 bits). log_sum and
log_sum_exp go through exp/log: they must lie within a few ulps of the
accumulator plus the reassociated summation bound of log_sum_exp (n * u),
and match NaN/inf exactly.

Special rows (inner reductions) or columns (outer ones) are planted in the
floats: a NaN, signed zeros only, a +inf, all -inf, 1000.0 values (exp would
overflow without the shift), a zero sum (log_sum -inf) and a negative sum
(log_sum NaN); in the integers a lone -7 (the mean truncates toward zero:
0, not -1). The last float cases plant nothing (log_sum_exp's unshifted
pass stands) or only a set of -200.0 (its exp(x) underflow: the shifted
passes run).
"""
import os
import sys
import warnings

import numpy as np

FLOAT_OPS = ["max", "max_ignore", "prod", "mean", "sum_square", "l2",
             "log_sum", "log_sum_exp"]
INT_OPS = ["max", "prod", "mean", "sum_square"]

# Special sets planted by make_floats (0-7), in this order by default.
ALL_SPECIALS = tuple(range(8))
# Only every element -200.0 in set 0: log_sum_exp's sums of exp(x) underflow
# there (its unshifted pass is not exact), the other sets are ordinary.
UNDERFLOW = 8

# name, element type, shape, axes[, special sets planted (float cases)]
CASES = [
    ("rows_f32", "f32", (16, 4096), (1,)),
    ("outer_f32", "f32", (1024, 256), (0,)),
    ("mixed_f32", "f32", (6, 37, 40), (0, 2)),
    ("whole_f32", "f32", (37, 1001), (0, 1)),
    ("odd_rows_f32", "f32", (37, 1001), (1,)),
    ("rows_f64", "f64", (16, 4096), (1,)),
    ("outer_f64", "f64", (512, 64), (0,)),
    ("rows_f16", "f16", (16, 4096), (1,)),
    ("outer_bf16", "bf16", (1024, 256), (0,)),
    ("mixed_bf16", "bf16", (8, 33, 17), (0, 2)),
    ("size0_f32", "f32", (0, 5), (0,)),
    ("rows_i32", "i32", (8, 4096), (1,)),
    ("outer_i8", "i8", (1024, 256), (0,)),
    ("mixed_ui16", "ui16", (6, 37, 40), (0, 2)),
    ("whole_i64", "i64", (37, 41), (0, 1)),
    ("size0_i32", "i32", (3, 0), (1,)),
    # Ordinary data only: log_sum_exp keeps its one unshifted pass.
    ("plain_rows_f32", "f32", (16, 4096), (1,), ()),
    ("plain_outer_f32", "f32", (1024, 256), (0,), ()),
    ("plain_whole_f16", "f16", (64, 1000), (0, 1), ()),
    # One underflowing set: log_sum_exp takes its two shifted passes.
    ("underflow_rows_f32", "f32", (16, 4096), (1,), (UNDERFLOW,)),
    ("underflow_outer_bf16", "bf16", (1024, 256), (0,), (UNDERFLOW,)),
]

NP_TYPES = {"f32": np.float32, "f64": np.float64, "f16": np.float16,
            "bf16": np.float32, "i32": np.int32, "i8": np.int8,
            "ui16": np.uint16, "i64": np.int64}


def is_float(t):
    return t in ("f32", "f64", "f16", "bf16")


def ops_of(t):
    return FLOAT_OPS if is_float(t) else INT_OPS


def tensor(shape, t):
    return "tensor<" + "".join(f"{d}x" for d in shape) + t + ">"


def to_bf16_bits(a):
    """Rounds float32 values to bfloat16 (nearest even); returns uint16 bits."""
    bits = np.asarray(a, np.float32).view(np.uint32).astype(np.uint64)
    nan = np.isnan(np.asarray(a, np.float32))
    rounded = (bits + 0x7FFF + ((bits >> 16) & 1)) >> 16
    rounded = np.where(nan, (bits >> 16) | 0x40, rounded)
    return rounded.astype(np.uint16)


def from_bf16_bits(b):
    return (np.asarray(b, np.uint16).astype(np.uint32) << 16).view(np.float32)


def moved(x, axes):
    """x with the reduced axes last, flattened into one: (kept..., n)."""
    kept = [d for d in range(x.ndim) if d not in axes]
    y = np.transpose(x, kept + list(axes))
    return y.reshape([x.shape[d] for d in kept] + [-1])


def special_slices(shape, axes):
    """Index tuples of up to 8 reduced sets (rows of the moved view)."""
    kept = [shape[d] for d in range(len(shape)) if d not in axes]
    count = int(np.prod(kept)) if kept else 1
    return [np.unravel_index(i, kept) if kept else () for i in range(min(8, count))]


def make_floats(rng, shape, axes, t, specials):
    # |k| <= sqrt(2^24 / n): every partial sum of squares (multiples of
    # 1/16) is exact in f32.
    n = int(np.prod([shape[a] for a in axes]))
    k = 8 if t in ("f16", "bf16") else min(64, int(np.sqrt(2 ** 24 / max(n, 1))))
    x = rng.integers(-k, k + 1, shape) * 0.25
    p = rng.choice([1.0, -1.0], shape)
    view = moved(x, axes)
    pview = moved(p, axes)
    n = view.shape[-1]
    if n == 0:
        return x, p
    # A few +-2 and 0.5 factors per product (exact, far from overflow).
    flat = pview.reshape(-1, n)
    for row in flat:
        idx = rng.choice(n, size=min(n, 6), replace=False)
        row[idx] *= rng.choice([2.0, 0.5], len(idx))
    pview = flat.reshape(pview.shape)
    # Only where there are enough sets that ordinary ones remain.
    sets = special_slices(x.shape, axes)
    if len(sets) < len(specials) or n < 8:
        sets = []
    for k, s in zip(specials, sets):
        row = view[s]
        if k == 0:
            row[n // 2] = np.nan
        elif k == 1:
            row[:] = 0.0
            row[::2] = -0.0
        elif k == 2:
            row[n // 3] = np.inf
        elif k == 3:
            row[:] = -np.inf
        elif k == 4:
            row[:] = -2.0
            row[::64] = 1000.0 if t != "f16" else 100.0
        elif k == 5:
            half = n // 2
            row[:half] = np.abs(row[:half])
            row[half:2 * half] = -row[:half]
            if n % 2:
                row[-1] = 0.0
        elif k == 6:
            row[:] = -np.abs(row) - 0.25
        elif k == 7:
            row[:] = -0.0
        elif k == UNDERFLOW:
            # Exact sums and sums of squares (multiples of 40000 below
            # 2^24 * 64) in every order.
            row[:] = -200.0
    # prod: a zero times signs, and -0.0.
    if len(sets) > 1 and 1 in specials:
        pview[sets[1]][n // 2] = -0.0
    x = np.moveaxis(view.reshape(_moved_shape(x.shape, axes)),
                    list(range(x.ndim)), _moved_order(x.ndim, axes))
    p = np.moveaxis(pview.reshape(_moved_shape(p.shape, axes)),
                    list(range(p.ndim)), _moved_order(p.ndim, axes))
    return np.ascontiguousarray(x), np.ascontiguousarray(p)


def _moved_order(ndim, axes):
    kept = [d for d in range(ndim) if d not in axes]
    return kept + list(axes)


def _moved_shape(shape, axes):
    order = _moved_order(len(shape), axes)
    return [shape[d] for d in order]


def make_ints(rng, shape, axes, t):
    info = np.iinfo(NP_TYPES[t])
    x = rng.integers(info.min, info.max, shape, dtype=NP_TYPES[t],
                     endpoint=True)
    # prod: odd factors (a product with 8+ even ones wraps to 0 in i8).
    p = x | np.array(1, NP_TYPES[t])
    view = moved(x, axes)
    n = view.shape[-1]
    sets = special_slices(x.shape, axes)
    if n and info.min < 0 and len(sets) > 1:
        view[sets[1]][:] = 0
        view[sets[1]][n // 2] = -7
    x = np.moveaxis(view.reshape(_moved_shape(x.shape, axes)),
                    list(range(x.ndim)), _moved_order(x.ndim, axes))
    return np.ascontiguousarray(x), p


def save(path, array, t):
    if t == "bf16":
        array = to_bf16_bits(array.astype(np.float32)).view("V2")
    else:
        array = array.astype(NP_TYPES[t])
    np.save(path, array)


def gen(out):
    rng = np.random.default_rng(20261124)
    for name, t, shape, axes, *specials in CASES:
        if is_float(t):
            x, p = make_floats(rng, shape, axes, t,
                               specials[0] if specials else ALL_SPECIALS)
        else:
            x, p = make_ints(rng, shape, axes, t)
        save(os.path.join(out, name + ".x.npy"), x, t)
        save(os.path.join(out, name + ".p.npy"), p, t)
        tin = tensor(shape, t)
        tout = tensor([d for i, d in enumerate(shape) if i not in axes], t)
        ax = ", ".join(str(a) for a in axes)
        lines = [f"func.func @main(%x: {tin}, %p: {tin}) -> ("
                 + ", ".join([tout] * len(ops_of(t))) + ") {"]
        results = []
        for k, op in enumerate(ops_of(t)):
            mnemonic, arg, extra = op, "%x", ""
            if op == "max_ignore":
                mnemonic, extra = "max", " nan_mode ignore"
            if op == "prod":
                arg = "%p"
            lines.append(f"  %r{k} = reduce.{mnemonic} {arg} axes [{ax}]{extra}"
                         f" : {tin} -> {tout}")
            results.append(f"%r{k}")
        lines.append("  return " + ", ".join(results) + " : "
                     + ", ".join([tout] * len(results)))
        lines.append("}")
        with open(os.path.join(out, name + ".mlir"), "w") as f:
            f.write("\n".join(lines) + "\n")
        args = [os.path.join(out, name + ".mlir"), "--input",
                os.path.join(out, name + ".x.npy"), "--input",
                os.path.join(out, name + ".p.npy")]
        for k in range(len(ops_of(t))):
            args += ["--output", os.path.join(out, f"{name}.out{k}.npy")]
        print(name, " ".join(args))


def load(path, t):
    a = np.load(path)
    if t == "bf16":
        return from_bf16_bits(a.view(np.uint16))
    return a


def round_to(values, t):
    """Rounds exact (float64) values once to the element type."""
    if t == "bf16":
        return from_bf16_bits(to_bf16_bits(values.astype(np.float32)))
    return values.astype(NP_TYPES[t])


def signed_zero_max(view, m, ignore):
    """max with +0.0 > -0.0: a zero maximum is +0.0 if any +0.0 is there."""
    positive_zero = np.any((view == 0) & ~np.signbit(view), axis=-1)
    return np.where((m == 0) & positive_zero, 0.0,
                    np.where(m == 0, -0.0, m))


def expected(op, x, p, t):
    """(values in float64 / exact ints, tolerance in accumulator terms)."""
    n = x.shape[-1]
    if not is_float(t):
        bits = np.iinfo(NP_TYPES[t]).bits
        mask = (1 << bits) - 1
        u = x.astype(np.int64).astype(np.uint64)
        if op == "max":
            return x.max(axis=-1, initial=np.iinfo(NP_TYPES[t]).min)
        if op == "prod":
            pu = p.astype(np.int64).astype(np.uint64)
            r = np.multiply.reduce(pu, axis=-1) & np.uint64(mask)
        elif op == "sum_square":
            r = np.add.reduce(u * u, axis=-1) & np.uint64(mask)
        else:  # mean: the exact sum, divided truncating toward zero
            rows = x.reshape(int(np.prod(x.shape[:-1])), n)
            s = [sum(int(v) for v in row) for row in rows]
            q = [0 if n == 0 else (abs(v) // n) * (1 if v >= 0 else -1)
                 for v in s]
            return np.array(q, dtype=object).reshape(x.shape[:-1]) \
                .astype(NP_TYPES[t])
        # The low bits, reinterpreted in the element type.
        unsigned = np.dtype(f"u{bits // 8}")
        return r.astype(unsigned).view(NP_TYPES[t])
    x = x.astype(np.float64)
    p = p.astype(np.float64)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        if op == "max":
            m = x.max(axis=-1, initial=-np.inf)
            return signed_zero_max(x, m, False)
        if op == "max_ignore":
            m = np.nanmax(np.where(np.isnan(x), -np.inf, x), axis=-1,
                          initial=-np.inf)
            allnan = np.all(np.isnan(x), axis=-1) & (n > 0)
            return np.where(allnan, np.nan,
                            signed_zero_max(np.where(np.isnan(x), -np.inf, x),
                                            m, True))
        if op == "prod":
            return np.prod(p, axis=-1)
        if op == "mean":
            # The sum starts from +0.0: a sum of -0.0 values is +0.0.
            return (x.sum(axis=-1) + 0.0) / n if n else \
                np.full(x.shape[:-1], np.nan)
        if op == "sum_square":
            return (x * x).sum(axis=-1) + 0.0
        if op == "l2":
            return np.sqrt((x * x).sum(axis=-1) + 0.0)
        if op == "log_sum":
            return np.log(x.sum(axis=-1) + 0.0)
        # log_sum_exp, in long double, shifted by the finite maximum.
        xl = x.astype(np.longdouble)
        m = xl.max(axis=-1, initial=-np.inf)
        s = np.where(np.isfinite(m), m, 0)
        return (np.log(np.exp(xl - s[..., None]).sum(axis=-1)) + s) \
            .astype(np.float64)


def check(out):
    failures = 0
    for name, t, shape, axes, *_ in CASES:
        x = moved(load(os.path.join(out, name + ".x.npy"), t), axes)
        p = moved(load(os.path.join(out, name + ".p.npy"), t), axes)
        n = x.shape[-1]
        out_shape = tuple(d for i, d in enumerate(shape) if i not in axes)
        for k, op in enumerate(ops_of(t)):
            got = load(os.path.join(out, f"{name}.out{k}.npy"), t)
            want = expected(op, x, p, t)
            want = np.asarray(want).reshape(out_shape)
            problem = compare(op, t, n, got, want)
            if problem:
                failures += 1
                print(f"FAIL {name} {op}: {problem}")
            else:
                print(f"ok {name} {op}")
    return failures


def compare(op, t, n, got, want):
    if got.shape != want.shape:
        return f"shape {got.shape}, want {want.shape}"
    if not is_float(t):
        if got.dtype != NP_TYPES[t]:
            return f"dtype {got.dtype}"
        bad = got != want
    elif op in ("log_sum", "log_sum_exp"):
        # A few ulps of the accumulator (log/exp), the output rounding, and
        # for log_sum_exp the reassociated sum of n terms (n * u). NaN and
        # infinities exactly.
        g = got.astype(np.float64)
        acc_u = 2.0 ** -53 if t == "f64" else 2.0 ** -24
        out_u = {"f16": 2.0 ** -11, "bf16": 2.0 ** -8}.get(t, acc_u)
        mag = np.abs(np.where(np.isfinite(want), want, 0))
        tol = 4 * acc_u * mag + 2 * out_u * mag + 4 * acc_u
        if op == "log_sum_exp":
            tol += n * acc_u
        special = ~np.isfinite(want) | ~np.isfinite(g)
        same_special = (g == want) | (np.isnan(g) & np.isnan(want))
        bad = np.where(special, ~same_special, ~(np.abs(g - want) <= tol))
    else:
        # Bit for bit after one rounding (NaN equal to NaN, signed zeros).
        exact = round_to(want, t).astype(np.float64)
        g = got.astype(np.float64)
        same = (g == exact) & (np.signbit(g) == np.signbit(exact))
        bad = ~(same | (np.isnan(g) & np.isnan(exact)))
    if np.any(bad):
        index = tuple(np.argwhere(bad)[0])
        return (f"{int(np.sum(bad))} differ, first at {index}: got "
                f"{got[index]!r}, want {want[index]!r}")
    return ""


if __name__ == "__main__":
    np.seterr(all="ignore")
    warnings.simplefilter("ignore")
    if sys.argv[1] == "gen":
        gen(sys.argv[2])
    else:
        sys.exit(1 if check(sys.argv[2]) else 0)

#!/usr/bin/env python3
"""Writes docs/performance.md and its chart from a reduce-bench run.

Usage: report.py RESULTS.jsonl LATENCY.json OUT.md CHART.png COMMAND
           [PYTHON.json [DISTRIBUTED.json]]
       report.py --fused-only RESULTS.jsonl OUT.md COMMAND [REMARK]
The second form replaces (or adds, before the limit's section) the section
of the fused workloads in an existing OUT.md with the results of a run of
its own (e.g. `reduce-bench --workloads F1,F2,F3,F4,F5,F6`), naming that
run's command, machine and date.
"""
import datetime
import json
import os
import platform
import subprocess
import sys

import charts


# --fused-only RESULTS.jsonl OUT.md COMMAND: (re)writes only the section of
# the fused workloads in an existing OUT.md, from a run of their own;
# --tosa-only the same for the section of the TOSA modules (jit-tosa).
section_only = len(sys.argv) > 1 and sys.argv[1] in ("--fused-only",
                                                   "--tosa-only")
tosa_only = section_only and sys.argv[1] == "--tosa-only"
if section_only:
    results_path, out_md, command = sys.argv[2:5]
    # An optional remark on the run (the state of the tree, the machine's
    # load), printed after its reproduce line.
    section_remark = sys.argv[5] if len(sys.argv) > 5 else ""
    latency_path = out_png = ""
else:
    results_path, latency_path, out_md, out_png, command = sys.argv[1:6]
# benchmarks/python-bench.py --json and benchmarks/distributed-bench.py,
# when given.
python_path = sys.argv[6] if len(sys.argv) > 6 and not section_only else None
distributed_path = sys.argv[7] if len(sys.argv) > 7 and not section_only \
    else None
rows, accuracy = [], []
limit_family = []
fused = []
profile = None
for line in open(results_path):
    record = json.loads(line)
    if "profile" in record:
        profile = record
    elif "limit_family" in record:
        limit_family.append(record)
    elif "fused" in record:
        fused.append(record)
    else:
        (accuracy if "accuracy" in record else rows).append(record)
latency = json.load(open(latency_path)) if os.path.exists(latency_path) else None

CONTENDERS = [("limit", 1), ("limit", 2), ("jit", 1), ("jit", 2),
              ("jit-static", 1), ("jit-rtaxes", 1), ("jit-tosa", 1),
              ("scalar", 1), ("numpy", 1),
              ("cpp", 1), ("cpp-fastmath", 1), ("eigen", 1), ("eigen", 2)]
# The targets and the verdicts of each case (shared with the list that
# utils/bench.sh ends with).
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from shortfalls import (TARGET_2T, single_thread_verdict,  # noqa: E402
                        target_of, two_thread_verdict)


def label(name, threads):
    return name if threads == 1 else f"{name}-{threads}t"


def machine():
    def sh(cmd):
        try:
            return subprocess.run(cmd, shell=True, capture_output=True,
                                  text=True).stdout.strip()
        except OSError:
            return "?"
    model = sh("lscpu | sed -n 's/^Model name: *//p'")
    flags = sh("grep -o -w 'avx512f\\|avx2' /proc/cpuinfo | sort -u | tr '\\n' ' '")
    caches = sh("lscpu | grep -E '^L[123]' | sed 's/  */ /g' | tr '\\n' ';'")
    if not caches:
        # Some VMs give lscpu no cache sizes; glibc reads them from CPUID.
        sizes = sh("getconf -a | awk '/^LEVEL[123]_D?CACHE_SIZE/ && $2 > 0 "
                   "{printf \"%s %d KiB;\", $1, $2 / 1024}'")
        caches = f"caches (getconf): {sizes}" if sizes else ""
    memory = sh("free -g | awk '/Mem:/ {print $2 \" GiB\"}'")
    return (f"{model}, {os.cpu_count()} cores ({flags.strip()}), {caches} "
            f"{memory} RAM, {platform.system()} {platform.release()}")


FUSED_CONTENDERS = ["sum", "jit", "model", "numpy", "torch", "ort"]


def fused_section(fused, out, run_line=None):
    """The section of the fused workloads (reduce-bench --fused): one row
    per contender and thread count, time and ratio to our one-read sum;
    `run_line` names the run when it is not the document's."""
    if not fused:
        return
    out("## Fused workloads (F1-F6)")
    out("")
    if run_line:
        out(run_line)
        out("")
    first = min(fused, key=lambda r: r["bytes"])
    out(f"Reductions over the rows (axis 1) of a `{first['shape']}` input of "
        f"normal values ({first['bytes'] / 2**20:.0f} MiB; F2 reads two), "
        "each written as an MLIR user "
        "writes it: reduce ops beside elementwise ops on tensors "
        "(`arith`, `math`, `linalg.broadcast` of the per-row values), "
        "compiled by the JIT as the other rows (`reduce-bench --print-fused` "
        "prints the modules). F1 `reduce.min` and `reduce.max`; F2 "
        "`reduce.sum` of `arith.mulf x, y`; F3 `reduce.mean` of x and of "
        "the squared deviations (population variance); F4 softmax: "
        "`reduce.max`, `math.exp` of the difference, `reduce.sum`, "
        "`arith.divf`; F5 layer norm `(x - mean) / sqrt(var + 1e-5)` (no "
        "scale or bias); F6 RMS norm `x / sqrt(mean(x^2) + 1e-5)`. "
        "`x sum` is the contender's time over the time of our own one-read "
        "`reduce.sum` of the same input over the same axis (`sum`, timed in "
        "the same rounds) on the same thread count (numpy's rows are on one "
        "thread); the issue's targets bound it (lower is better). Contenders: "
        "`jit` (the default pipeline, and `threads=2`; results written into "
        "buffers allocated once, `JitFunction::callInto`), `model` (the "
        "ONNX model that `ort` runs, imported as `reduce-run model.onnx` "
        "imports it and compiled and called as `jit`: Softmax becomes "
        "`reduce.softmax`, LayerNormalization `reduce.layer_norm` with its "
        "scale and bias, the other graphs reduce ops and elementwise ops "
        "with numpy broadcasting), `numpy` "
        "(`np.min` + `np.max`, `np.sum(x * y, axis=1)`, `x.mean(axis=1)` + "
        "`x.var(axis=1)`, `e = np.exp(x - x.max(axis=1, keepdims=True)); "
        "e / e.sum(axis=1, keepdims=True)`, `(x - mean) / np.sqrt(var + "
        "eps)`, `x / np.sqrt(np.mean(x * x, axis=1, keepdims=True) + eps)`), "
        "`torch` (Debian's PyTorch 1.13 CPU kernels under "
        "`torch.inference_mode()`, `torch.set_num_threads(1)` and `(2)`: "
        "`torch.aminmax(x, dim=1)`, `(x * y).sum(1)`, "
        "`torch.var_mean(x, dim=1, unbiased=False)`, `torch.softmax(x, "
        "dim=1)`, `F.layer_norm(x, (4096,), eps=1e-5)`, `x * torch.rsqrt("
        "x.pow(2).mean(1, keepdim=True) + eps)`), `ort` (ONNX Runtime 1.30 "
        "through onnxruntime-node, CPU execution provider, "
        "`intraOpNumThreads` 1 and 2, on opset-17 models of "
        "`benchmarks/make_fused_onnx.py`: ReduceMin/ReduceMax, "
        "Mul+ReduceSum, ReduceMean+Sub+Mul+ReduceMean, Softmax, "
        "LayerNormalization, Pow+ReduceMean+Add+Sqrt+Div). numpy, torch "
        "and ort run in server processes that time their own calls and "
        "allocate their results on each call, as their users' code does "
        "(the last result dropped before the call); after a call torch's "
        "OpenMP workers spin for about 1 ms at most (`GOMP_SPINCOUNT`) "
        "and ort's not at all (`session.intra_op.allow_spinning` 0), as the "
        "benchmark's other helper threads (docs/tuning.md). Before "
        "every timed call `reduce-bench` reads through a buffer of twice "
        "the L2 and L3 (untimed), so that every contender, in its process "
        "or a server's, reads its inputs from memory (docs/tuning.md, "
        "\"The benchmark's method\"). "
        "Every result is checked against an f64 reference (✗ when it "
        "fails): min and max exactly, sums and means within 1e-4 of the "
        "sum of the magnitudes of their terms, the variance within 1e-4 of "
        "E[x^2], softmax within 1e-4 relative, layer norm and RMS norm "
        "within 1e-4 of the propagated error of their statistics "
        "(benchmarks/Fused.h).")
    out("")
    out("| id | workload | contender | threads | time ms | GB/s | x sum | "
        "target | met |")
    out("|---|---|---|---|---|---|---|---|---|")
    met_count = {(c, t): [0, 0] for c in ("jit", "model") for t in (1, 2)}
    for r in fused:
        bad = "MISMATCH" in r["note"] or "INACCURATE" in r["note"]
        if r["seconds"] is None:
            time_cell, gbps, ratio = r["note"].replace("|", "\\|"), "", ""
        else:
            time_cell = f"{r['seconds'] * 1e3:.2f}"
            gbps = f"{r['bytes'] / r['seconds'] / 1e9:.1f}"
            ratio = "" if r["ratio_to_sum"] is None else \
                f"{r['ratio_to_sum']:.2f}{' ✗' if bad else ''}"
        met = ""
        if r["contender"] in ("jit", "model"):
            ok = (r["ratio_to_sum"] is not None and not bad
                  and r["ratio_to_sum"] <= r["target"])
            met = "yes" if ok else "no"
            met_count[(r["contender"], r["threads"])][0] += ok
            met_count[(r["contender"], r["threads"])][1] += 1
        out(f"| {r['fused']} | {r['what']} | {r['contender']} | "
            f"{r['threads']} | {time_cell} | {gbps} | {ratio} | "
            f"{r['target']:g} | {met} |")
    out("")
    for (contender, threads), (met, total) in met_count.items():
        if total:
            what = "the JIT" if contender == "jit" else "the imported models"
            out(f"**Fused targets met by {what} on {threads} thread"
                f"{'s' if threads > 1 else ''} in this run: {met} of "
                f"{total}.**")
            out("")
    out("![fused workloads: time over our one-read sum, ours and the best "
        "peer, against the targets](performance-fused.png)")
    out("")


TOSA_HEADING = "## TOSA modules (`jit-tosa`)"


def tosa_section(rows, out, run_line=None):
    """The section of the `jit-tosa` rows: each against `jit`, the same
    reduction written with reduce ops, timed in the same rounds."""
    pairs = {}
    for r in rows:
        if r["threads"] == 1 and r["contender"] in ("jit", "jit-tosa"):
            pairs.setdefault((r["workload"], r["op"]), {})[r["contender"]] = r
    pairs = {k: v for k, v in pairs.items() if len(v) == 2}
    if not pairs:
        return
    out(TOSA_HEADING)
    out("")
    if run_line:
        out(run_line)
        out("")
    out("Each reduction TOSA has (`reduce_sum`, `reduce_product`, "
        "`reduce_min`, `reduce_max`, `reduce_all`, `reduce_any`) written as "
        "TOSA producers write it: one op per reduced axis, each keeping its "
        "dim, then a `tosa.reshape` to the result (benchmarks/Workloads.cpp "
        "`tosaModuleFor`), compiled by the default pipeline, which raises it "
        "(`raise-to-reduce`, docs/pipeline.md), on one thread. `jit` is the "
        "same reduction written with one reduce op, timed in the same "
        "rounds. Both compile to the same LLVM IR "
        "(test/Conversion/RaiseToReduce/same-kernel.test), so their ratio "
        "shows the noise of the run.")
    out("")
    out("| id | op | jit GB/s | jit-tosa GB/s | jit-tosa speed / jit |")
    out("|---|---|---|---|---|")
    speeds = []
    for (w, o), v in pairs.items():
        speed = v["jit"]["seconds"] / v["jit-tosa"]["seconds"]
        speeds.append(speed)
        out(f"| {w} | {o} | {v['jit']['gbps']:.1f} | "
            f"{v['jit-tosa']['gbps']:.1f} | {speed:.2f} |")
    out("")
    within = sum(1 for x in speeds if abs(x - 1) <= 0.05)
    out(f"**TOSA modules in this run: {within} of {len(speeds)} cases within "
        f"5% of the reduce op's speed; {min(speeds):.2f}-{max(speeds):.2f} "
        "overall.**")
    out("")


def replace_section(out_md, heading, body):
    """Puts `body` in place of the section starting with `heading` in
    `out_md`, or before the section of the limit when there is none."""
    text = open(out_md).read()
    start = text.find("\n" + heading)
    if start >= 0:
        end = text.find("\n## ", start + 1)
        text = text[:start + 1] + (text[end + 1:] if end >= 0 else "")
    at = text.find("\n## The limit")
    text = text[:at + 1] + body + text[at + 1:] if at >= 0 else \
        text.rstrip("\n") + "\n\n" + body
    with open(out_md, "w") as f:
        f.write(text)


if section_only:
    section = []
    run_line = (f"- Machine: {machine()}\n- Date: "
                f"{datetime.date.today().isoformat()}\n- Reproduce: "
                f"`{command}` (a run of its own, not the one above)"
                + (f"\n\n{section_remark}" if section_remark else ""))
    if tosa_only:
        tosa_section(rows, section.append, run_line)
        heading = TOSA_HEADING
    else:
        fused_section(fused, section.append, run_line)
        heading = "## Fused workloads"
    replace_section(out_md, heading, "\n".join(section) + "\n")
    print(f"wrote the {'TOSA' if tosa_only else 'fused'} section of {out_md}")
    if not tosa_only:
        chart = os.path.join(os.path.dirname(out_md), "performance.png")
        charts.redraw(out_md, chart)
        print(f"wrote {charts.fused_path(chart)}")
    sys.exit(0)

by_key = {}
for r in rows:
    by_key[(r["workload"], r["op"], r["contender"], r["threads"])] = r
cases = []
for r in rows:
    key = (r["workload"], r["op"])
    if key not in cases:
        cases.append(key)
present = [c for c in CONTENDERS
           if any((w, o) + c in by_key for w, o in cases)]

lines = []
out = lines.append
out("# Performance")
out("")
out("Reductions are memory-bound: the ceiling is how fast a core reads the "
    "input. Every number below comes from **one run** of `reduce-bench`, "
    "where all contenders reduce the same inputs, interleaved call by call "
    "(the machines are shared and noisy, so ratios within a run are what "
    "counts). Time = median of at least 10 calls after a warm-up; GB/s = "
    "input bytes / time; ratio = the limit's time / the contender's time, "
    "with the limit (the fastest of a family of read kernels, chosen per "
    "workload and thread count) measured on the same bytes and the same "
    "number of threads, interleaved with the contenders.")
out("")
out(f"- Machine: {machine()}")
if profile:
    # The target fields where the profile in use differs from the static
    # default (docs/tuning.md).
    changed = [f"`{k}` {v} (static {profile['static_target'][k]})"
               for k, v in profile["target"].items()
               if profile["static_target"].get(k) != v]
    out(f"- Target: `jit` with the host profile `{profile['profile']}`"
        + (": " + ", ".join(changed) if changed else
           " (the same values as the static default)")
        + "; `jit-static` with the static default (`host-profile=false`)")
out(f"- Date: {datetime.date.today().isoformat()}")
out(f"- Reproduce: `{command}`")
out("")
out("Contenders: `limit` (read bandwidth, 1 and 2 threads: the best of a "
    "family of read kernels for that size and thread count, see below), "
    "`jit` (our kernels "
    "through the C++ JIT API, default `--reduce-to-llvm` pipeline, "
    "`JitFunction::callInto` into a result buffer allocated once, as the "
    "C++ contenders' are; compile time excluded; the target of the host "
    "profile, docs/tuning.md), `jit-static` (the same with the static "
    "default target: `host-profile=false`), `jit-2t` (pipeline option "
    "`threads=2`, when present), "
    "`jit-rtaxes` (W1-W3: the same reduction with the axes as a runtime "
    "`tensor<Kxi64>` argument, read and dispatched by the kernel), "
    "`jit-tosa` (the ops TOSA has: the same reduction written in TOSA and "
    "raised by the pipeline, see below), "
    "`scalar` (our `lower-to-loops` path: linalg lowered to plain loops, the "
    "upstream-MLIR baseline), `cpp` / `cpp-fastmath` (plain loops, clang-22 "
    "`-O3 -march=native`, without / with `-ffast-math`: min as "
    "`x < acc ? x : acc`, max NaN-propagating as `x != x || x > acc ? x : "
    "acc` like the JIT's default `nan_mode propagate`, mean the sum divided "
    "by the count, l2 `sqrt` of the sum of `x * x`, log_sum_exp two passes "
    "(the max, then the sum of `exp(x - max)`), logical and/or `&`/`|` on "
    "bytes), `eigen` / `eigen-2t` "
    "(Eigen 3.4 Tensor reductions on 1 / 2 threads: `sum`, `abs().sum`, "
    "`minimum`, `maximum<PropagateNaN>`, `prod`, `mean`, `square().sum` and "
    "its `sqrt` for l2, `sum().log` for log_sum, `all`/`any`; none for "
    "log_sum_exp, which Eigen has no reduction for), `numpy` (Debian's "
    "numpy: `np.sum(x, axis, dtype=x.dtype)`, `np.sum(np.abs(x), ...)`, "
    "`np.min`, `np.max`, `np.prod(x, axis, dtype=x.dtype)`, "
    "`np.mean(x, axis, dtype=np.float32)`, `np.sqrt(np.sum(x * x, axis))`, "
    "`np.sum(x * x, axis)`, `np.log(np.sum(x, axis))`, "
    "`np.log(np.sum(np.exp(x - m), axis)) + m` with `m = np.max(x, axis, "
    "keepdims=True)`, `np.all`, `np.any`, in a server process that times its "
    "own calls, interleaved with the others). A result that fails the "
    "check against an f64 reference is marked ✗: sums (sum, l1, mean, "
    "sum_square, and inside l2 and log_sum) within 1e-4 of the sum of the "
    "magnitudes of their terms, prod within max(1e-4, 4 sqrt(n) 2^-24) of "
    "its magnitude (each of its n - 1 roundings reaches the product, whatever "
    "the order: 4 times the bound of their random walk), l2 within "
    "1e-4 relative, log_sum and log_sum_exp within 1e-4 absolute (plus "
    "2^-20 relative), min, max, integers and bools exactly.")
out("")
out("Ops and inputs: sum, l1 and min run on every workload (W7, integers: "
    "sum, min; also max and prod with `--ops`); the other ops run by default "
    "on W1 (rows), W2 (outer) and W5 (all), which keeps `utils/bench.sh` to "
    "a few minutes on two cores (`--ops all` runs every op on every "
    "workload, `--ops max,prod` those ops). max, mean, l2, sum_square and "
    "log_sum_exp read the same normal f32 data as sum; prod and log_sum "
    "read 1 + 0.001 * normal (`(1+noise)` in the limit table: the product "
    "of 2^24 of them stays in f32's range, and the sum is positive); the "
    "logical ops read the bool (`i1`, one byte per element, numpy's bool) "
    "version of the workload, the same shape and a quarter of the bytes, "
    "mostly true (one false in 8192) for logical_and and mostly false for "
    "logical_or, so that rows of 4096 give both results. Every input has "
    "its own limit, measured on its bytes. Targets: 0.95 of the limit on "
    "the large workloads for every op but log_sum_exp (0.5: two passes and an "
    "exp per element; log_sum, not in the issue's list, is held to the "
    "sum's target, being a sum and a log per result), and ahead of every "
    "contender.")
out("")
out("## Results")
out("")
met_by_case = {}
header = "| id | op | " + " | ".join(label(*c) for c in present) + \
    " | target | met | met-2t |"
out(header)
out("|" + "---|" * (len(present) + 5))
met2_by_case = {}
for w, o in cases:
    cells = []
    for c in present:
        r = by_key.get((w, o) + c)
        if not r:
            cells.append("")
            continue
        bad = "MISMATCH" in r["note"] or "INACCURATE" in r["note"]
        if c[0] == "limit":
            cells.append(f"{r['gbps']:.1f} GB/s")
        else:
            cells.append(f"{r['gbps']:.1f} ({r['ratio']:.2f}){' ✗' if bad else ''}")
    target = target_of(w, o)
    met_by_case[(w, o)] = single_thread_verdict(by_key, w, o)
    met2_by_case[(w, o)] = two_thread_verdict(by_key, w, o)
    met, met2 = met_by_case[(w, o)] or "", met2_by_case[(w, o)] or ""
    out(f"| {w} | {o} | " + " | ".join(cells) +
        f" | {target} | {met.strip()} | {met2.strip()} |")
out("")


def summary(by_case, threads, title):
    """The met count and the misses (ratio, and what else is missed)."""
    evaluated = [c for c in cases if by_case.get(c) is not None]
    met_cases = [c for c in evaluated if by_case[c] == "yes"]
    missed = []
    for w, o in evaluated:
        if by_case[(w, o)] == "yes":
            continue
        detail = by_case[(w, o)].replace("ratio", "").strip()
        missed.append(f"{w} {o} ({by_key[(w, o, 'jit', threads)]['ratio']:.2f}"
                      f"{', ' + detail if detail else ''})")
    out(f"**{title} in this run: {len(met_cases)} of {len(evaluated)} "
        "cases.** Not met: " + (", ".join(missed) if missed else "none") + ".")
    out("")


# A contender above 1.02 of the limit means the family lacks a trick.
above = [(w, o, label(*c), by_key[(w, o) + c]["ratio"])
         for w, o in cases for c in present
         if c[0] != "limit" and (w, o) + c in by_key
         and by_key[(w, o) + c]["ratio"] > 1.02]
if above:
    out("**Above the limit (ratio > 1.02: the read-kernel family lacks a "
        "trick these contenders use):** " +
        ", ".join(f"{w} {o} {c} {r:.2f}" for w, o, c, r in above) + ".")
    out("")

summary(met_by_case, 1, "Targets met by the single-thread JIT kernel")
if any(v is not None for v in met2_by_case.values()):
    summary(met2_by_case, 2, "Two-thread targets met by `threads=2`")
RUNTIME_AXES_TARGET = 0.8
runtime_axes = [(w, o, by_key[(w, o, "jit", 1)], by_key[(w, o, "jit-rtaxes", 1)])
                for w, o in cases
                if (w, o, "jit", 1) in by_key and (w, o, "jit-rtaxes", 1) in by_key]
if runtime_axes:
    speeds = [(w, o, jit["seconds"] / rt["seconds"]) for w, o, jit, rt in runtime_axes]
    met_rt = [x for x in speeds if x[2] >= RUNTIME_AXES_TARGET]
    out(f"**Runtime axes in this run: {len(met_rt)} of {len(speeds)} cases at "
        f"{RUNTIME_AXES_TARGET} or more of the static-axes speed** "
        "(`jit-rtaxes` time / `jit` time inverted: " +
        ", ".join(f"{w} {o} {r:.2f}" for w, o, r in speeds) + ").")
    out("")
calibrated = [(w, o, by_key[(w, o, "jit-static", 1)]["seconds"] /
               by_key[(w, o, "jit", 1)]["seconds"])
              for w, o in cases
              if (w, o, "jit", 1) in by_key and (w, o, "jit-static", 1) in by_key]
if calibrated:
    slower = [x for x in calibrated if x[2] < 0.98]
    out(f"**Host profile against the static default in this run: `jit` at "
        f"{min(x[2] for x in calibrated):.2f}-{max(x[2] for x in calibrated):.2f} "
        f"of the speed of `jit-static`, {len(slower)} of {len(calibrated)} "
        "cases slower by more than 2%** (`jit-static` time / `jit` time: " +
        ", ".join(f"{w} {o} {r:.2f}" for w, o, r in calibrated) + ").")
    out("")
out("Cells: GB/s (ratio to the limit with the same thread count). `met`: the "
    "single-thread JIT kernel reaches the target ratio (the `target` "
    "column) and is ahead of every "
    "single-thread contender that computes a correct result (`ratio` / "
    "`behind` say which part is missed, `wrong` that the kernel's own "
    "result fails the check; a tie within the noise of the "
    "machine counts as behind). `met-2t`: `threads=2` reaches "
    f"{TARGET_2T} of the "
    "two-thread limit (0.5 for log_sum_exp) and is ahead of Eigen on two threads; on W4 (below "
    "`min-parallel-bytes`, so one thread) it is not slower than one thread "
    "by more than 5%.")
out("")
out("How the kernels get there is in [pipeline.md](pipeline.md): adjacent "
    "dims collapsed and unmasked tiles, and the result computed in the "
    "caller's buffer (W4: the `out-params` convention of the JIT), a shuffle "
    "tree across short and medium rows (W6, W4; in cache, tiles of several "
    "trees, W4 24 rows a step, for more loads in flight), all-axes "
    "reductions split "
    "into blocks (W5, also its accuracy and its two threads), mixed axes "
    "with inner rows of up to 4 KiB reduced over the outer dims first, "
    "streaming the input in order (W3), rows streamed "
    "eight at a time for outer reductions (W2: eight streams for the "
    "prefetchers, as the 4- and 8-stream read kernels of the limit), "
    "the NaN-propagating min as two plain `vminps` and an or, trees "
    "of minimums (a W4 row) as AVX-512DQ `vrangeps` beside one ordered "
    "compare per pair of leaves, software prefetch of large inputs 2 KiB "
    "ahead (unless the host profile measured it slower), 256-bit tiles for "
    "inputs of 1 MiB or more on every CPU "
    "(`stream-vector-width`: every large workload read faster so on the "
    "Sapphire Rapids and the Zen 4 VM, docs/tuning.md), and with threads the "
    "init of each thread's part of the result filled in its own tiles (W6: "
    "a fill before the parallel loop ran on one thread and was read back). "
    "`reduce-bench --extra-jit=OPTIONS` "
    "adds a JIT contender with other pipeline options (e.g. "
    "`prefetch-distance=0`, `stream-vector-width=512`) to compare.")
out("")
fused_section(fused, out)
tosa_section(rows, out)
if limit_family:
    out("## The limit: best of the read kernels")
    out("")
    out("Each workload's bytes are read by every kernel of "
        "`benchmarks/Bandwidth.cpp` (128/256/512-bit loads as the CPU has, "
        "1, 4 or 8 streams in lockstep, 4 or 8 accumulators, software "
        "prefetch off, 1 KiB or 4 KiB ahead, non-temporal loads), "
        "round-robin, 5 rounds; the fastest is the limit of that size and "
        "thread count. `4xL3` is the family once more on at least four "
        "times the L3 cache the CPU reports (and at least 1 GiB), out of "
        "every cache: not a workload, the bandwidth of memory itself. "
        "Names: width-streams-accumulators[-prefetch][-nt].")
    out("")
    out("| id | threads | best kernel | GB/s | runner-up | slowest |")
    out("|---|---|---|---|---|---|")
    for f in limit_family:
        ranked = sorted(f["kernels"].items(), key=lambda kv: -kv[1])
        second = ranked[1] if len(ranked) > 1 else ranked[0]
        name = f["limit_family"]
        if name == "4xL3" and "bytes" in f:
            name += f" ({f['bytes'] / 2**30:.2f} GiB)"
        out(f"| {name} | {f['threads']} | `{f['best']}` | "
            f"{f['kernels'][f['best']]:.1f} | `{second[0]}` {second[1]:.1f} | "
            f"`{ranked[-1][0]}` {ranked[-1][1]:.1f} |")
    out("")
shapes = {}
for r in rows:
    shapes[(r["workload"], r["shape"])] = (r["what"], r["bytes"])
out("| id | input | bytes | stresses |")
out("|---|---|---|---|")
for (w, shape), (what, size) in shapes.items():
    size_text = (f"{size / 2**20:.1f} MiB" if size >= 2**20 / 10
                 else f"{size / 2**10:.1f} KiB")
    out(f"| {w} | `{shape}` | {size_text} | {what} |")
out("")
out("![per workload and op: ours over the read-bandwidth limit on 1 and 2 "
    "threads, and over the best peer](performance.png)")
out("")
if accuracy:
    out("## Accuracy (W5: 2^24 normal f32 values to one)")
    out("")
    out("| op | f64 reference | sum of \\|x\\| | jit | jit relative error | "
        "jit-f64 | jit-f64 relative error (ratio to the limit) | "
        "sequential C++ loop | loop relative error |")
    out("|---|---|---|---|---|---|---|---|---|")
    for a in accuracy:
        out(f"| {a['op']} | {a['reference']:.9g} | {a['magnitude']:.9g} | "
            f"{a['jit']:.9g} | {a['jit_rel_error']:.3g} | "
            f"{a['jit_f64']:.9g} | {a['jit_f64_rel_error']:.3g} "
            f"({a['jit_f64_ratio']:.2f}) | "
            f"{a['loop']:.9g} | {a['loop_rel_error']:.3g} |")
    out("")
    out("`jit` is the default pipeline: `reduce-vectorize` splits the 2^24 "
        "elements into blocks of 64 vector tiles of 4 registers. The input "
        "streams from memory, so with 256-bit registers (the default "
        "`stream-vector-width` on AVX-512 CPUs too) these are 8192 blocks of 2048 and 32 accumulator lanes: in a block each "
        "lane adds 64 elements and a tree of 5 levels adds the lanes; the "
        "8192 block sums (32 KiB, in cache, so 512-bit registers) are "
        "reduced by 64 lanes of 128 each and a tree of 6 levels. Every "
        "element goes through at most 64 + 5 + 128 + 6 = 203 f32 additions "
        "(with 512-bit blocks: 4096 blocks of 4096, 64 + 6 + 64 + 6 = 140), "
        "so the error is at most about 203 * 2^-24 = 1.2e-5 times the sum "
        "of |x| (first order): for l1, whose result is the sum of |x|, a "
        "relative bound of 1.2e-5; for "
        "the sum, that bound times the condition number "
        "sum(|x|) / |sum(x)|, which zero-mean data make large. Rounding "
        "errors of opposite signs cancel, so the errors measured are far "
        "below the bounds. `jit-f64` is the `f64-accumulation=true` "
        "pipeline: every addition in f64 (unit 2^-53) and one rounding to "
        "f32, so its error is about half an f32 ulp of the result whatever "
        "the data; it converts every element, which costs the ratio shown. "
        "The sequential loop adds 2^24 values into one f32.")
    out("")
if latency:
    cold, warm = latency["reduce-run cold"], latency["reduce-run warm"]
    off, mr = latency["reduce-run no-cache"], latency["mlir-runner"]
    ratio = warm["median_ms"] / cold["median_ms"]
    out("## Latency (W4, whole process)")
    out("")
    out(f"`reduce-run` from `.mlir` (reduce dialect) and `.npy` to the printed "
        f"result, {cold['runs']} runs each, interleaved (median, min):")
    out("")
    out("| process | median ms | min ms | JIT compile ms |")
    out("|---|---|---|---|")
    out(f"| `reduce-run`, persistent cache cold (compile and store) | "
        f"{cold['median_ms']:.1f} | {cold['min_ms']:.1f} | "
        f"{latency['reduce-run-timing']['compile_ms']:.1f} |")
    out(f"| `reduce-run`, persistent cache warm (load the object) | "
        f"{warm['median_ms']:.1f} | {warm['min_ms']:.1f} | "
        f"{latency['reduce-run-warm-timing']['compile_ms']:.1f} |")
    out(f"| `reduce-run --no-jit-cache` | {off['median_ms']:.1f} | "
        f"{off['min_ms']:.1f} | |")
    out(f"| `mlir-runner -O3` on the already-lowered equivalent "
        f"(`benchmarks/inputs/w4-runner.mlir` after `--reduce-to-llvm`) | "
        f"{mr['median_ms']:.1f} | {mr['min_ms']:.1f} | |")
    out("")
    out(f"**Warm cache: {ratio:.2f} of the cold-cache time** (target: at most "
        f"0.4). Per-kernel compile times of the benchmark (which compiles "
        f"without the persistent cache) are in the raw output (`note` column).")
    out("")

if python_path and os.path.exists(python_path):
    py = json.load(open(python_path))
    out("## Python package (`reduce_mlir.sum`)")
    out("")
    out(f"`benchmarks/python-bench.py` in the same run: per-call medians. W4 "
        f"(6x12x10x24 f32, axes (2, 3), keepdims): "
        f"{py['w4']['package_ns'] / 1e3:.2f} us against "
        f"{py['w4']['numpy_ns'] / 1e3:.2f} us for `np.sum` (target: no "
        f"slower). The large workloads against the C++ JIT API "
        f"(`Function._time_native`: `JitFunction::call` in a C++ loop, the "
        f"same module and array, in the same process, rounds interleaved; "
        f"target >= 0.95), on a "
        f"64-byte aligned array (what the C++ API's buffers are, "
        f"`reduce_mlir.aligned`) and on NumPy's own allocation:")
    out("")
    out("| workload | C++ JIT GB/s | package, aligned GB/s | ratio | "
        "package, NumPy's allocation GB/s | ratio |")
    out("|---|---|---|---|---|---|")
    for w in py["workloads"]:
        gbs = lambda ns: w["bytes"] / ns
        out(f"| {w['workload']} {'x'.join(map(str, w['shape']))} {w['dtype']} "
            f"axes {tuple(w['axes'])} | {gbs(w['cxx_ns']):.1f} | "
            f"{gbs(w['aligned_ns']):.1f} | "
            f"{w['cxx_ns'] / w['aligned_ns']:.2f} | "
            f"{gbs(w['numpy_alloc_ns']):.1f} (data at {w['numpy_offset']} "
            f"mod 64) | {w['cxx_ns'] / w['numpy_alloc_ns']:.2f} |")
    out("")

if distributed_path and os.path.exists(distributed_path):
    dist = json.load(open(distributed_path))
    out("## Across MPI processes (`reduce-run` under `mpirun`)")
    out("")
    out("`benchmarks/distributed-bench.py` in the same run "
        "([distributed.md](distributed.md)): sums of normal f32 data, the "
        "input split by rows over a grid of 1 or 2 processes, beside one "
        "process on one thread and with `threads=2`. Time per call: rank 0's "
        "median of `reduce-run --repeat` (the local reduction, and the "
        "all-reduce of the partial results where the reduced dim is split; "
        "reading the blocks and gathering the split results are outside it), "
        "the median of the rounds, interleaved. Efficiency: the one-thread "
        "time / (workers x the time).")
    out("")
    out("| workload | what | variant | us per call | GB/s | efficiency |")
    out("|---|---|---|---|---|---|")
    for r in dist:
        out(f"| {r['workload']} ({r['bytes'] / 2**20:.3g} MiB) | {r['what']} | "
            f"{r['variant']} | {r['ns'] / 1e3:.1f} | {r['gbps']:.1f} | "
            f"{r['efficiency']:.2f} |")
    small = [r for r in dist if r["workload"] == "small"]
    if len(small) == 2:
        collective = small[1]["ns"] - small[0]["ns"] / 2
        out("")
        out(f"The all-reduce of one value between two processes costs about "
            f"{collective / 1e3:.1f} us here (the 64 KiB sum on two "
            f"processes, less half its one-process time). It dominates below "
            f"about {collective * 25 / 1e3:.0f} KB per process (at 25 GB/s). "
            f"W1 and W5 (64 MiB) are far above: there the processes' memory "
            f"bandwidth decides, as for `threads=2`.")
    out("")

with open(out_md, "w") as f:
    f.write("\n".join(lines) + "\n")
# The pictures, from the tables just written (benchmarks/charts.py).
charts.redraw(out_md, out_png)
print(f"wrote {out_md}, {out_png} and {charts.fused_path(out_png)}")

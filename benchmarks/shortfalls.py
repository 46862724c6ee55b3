#!/usr/bin/env python3
"""The targets of the benchmark, and the cases of a run that miss them.

Usage: shortfalls.py RESULTS.jsonl

Prints, for the CPU it runs on, every case of a `reduce-bench --json` run
where our kernel is below its target or behind a contender: one thread
below the target ratio to the read limit or not ahead of every peer whose
result passes the check (fast-math loops, Eigen, numpy, the scalar path);
two threads below the two-thread target or not ahead of Eigen's two
threads; a fused workload above its target times our sum. utils/bench.sh
ends with it, so that the next person on another CPU sees at once where we
are behind. report.py takes the targets and verdicts from here.
"""
import json
import subprocess
import sys

# Ratio to the read limit, one thread: 0.95 on the large workloads (issue
# 52); the short rows of W6 and the in-cache W4 keep the earlier targets.
TARGET = {"W1": 0.95, "W2": 0.95, "W3": 0.95, "W5": 0.95, "W7": 0.95,
          "W8": 0.95, "W6": 0.8, "W4": 0.7}
# Two threads: this ratio to the two-thread limit, and ahead of Eigen's
# two threads.
TARGET_2T = 0.9
# log_sum_exp reads the input twice and takes an exp per element: half the
# read limit, on one thread and on two.
OP_TARGET = {"log_sum_exp": 0.5}


def target_of(w, o):
    """The one-thread target ratio of op `o` on workload `w`."""
    return min(TARGET.get(w, 0.95), OP_TARGET.get(o, 1.0))


def is_wrong(record):
    """Whether the record's result failed the check against f64."""
    return "MISMATCH" in record["note"] or "INACCURATE" in record["note"]


def peers(by_key, w, o, threads):
    """The contenders of (w, o) on `threads` threads that are not ours nor
    the limit, with a result that passes the check."""
    return [r for (w2, o2, c, t), r in by_key.items()
            if (w2, o2, t) == (w, o, threads) and c != "limit"
            and not c.startswith("jit") and not is_wrong(r)]


def single_thread_verdict(by_key, w, o):
    """'yes', or what the one-thread JIT kernel misses on (w, o): `ratio`
    (below the target), `behind` (a peer as fast or faster), `wrong`;
    None without a JIT row."""
    jit = by_key.get((w, o, "jit", 1))
    if not jit:
        return None
    best = max((r["gbps"] for r in peers(by_key, w, o, 1)), default=0.0)
    misses = [m for m, missed in (("ratio", jit["ratio"] < target_of(w, o)),
                                  ("behind", jit["gbps"] <= best),
                                  ("wrong", is_wrong(jit))) if missed]
    return " ".join(misses) or "yes"


def two_thread_verdict(by_key, w, o):
    """'yes', or what `threads=2` misses on (w, o): on W4 (one thread below
    min-parallel-bytes) `slower` than one thread by more than 5%; else
    `ratio` (below TARGET_2T of the two-thread limit), `behind` (Eigen's two
    threads as fast or faster), `wrong`; None without a row."""
    jit2 = by_key.get((w, o, "jit", 2))
    if not jit2:
        return None
    if w == "W4":
        jit = by_key.get((w, o, "jit", 1))
        return "yes" if jit and jit2["gbps"] >= 0.95 * jit["gbps"] else "slower"
    eigen2 = by_key.get((w, o, "eigen", 2))
    misses = [m for m, missed in (
        ("ratio", jit2["ratio"] < min(TARGET_2T, OP_TARGET.get(o, 1.0))),
        ("behind", eigen2 is not None and not is_wrong(eigen2)
         and jit2["gbps"] <= eigen2["gbps"]),
        ("wrong", is_wrong(jit2))) if missed]
    return " ".join(misses) or "yes"


def fused_misses(fused):
    """The fused rows of ours (jit, model) above their target x sum or with
    a result that fails the check."""
    misses = []
    for r in fused:
        if r["contender"] not in ("jit", "model"):
            continue
        bad = "MISMATCH" in r["note"] or "INACCURATE" in r["note"]
        ratio = r["ratio_to_sum"]
        if ratio is None or bad or ratio > r["target"]:
            what = "no time" if ratio is None else f"{ratio:.2f} x sum"
            misses.append(f"{r['fused']} {r['what']} {r['contender']} "
                          f"{r['threads']}t: {what}"
                          f"{' wrong' if bad else ''} (target {r['target']:g})")
    return misses


def cpu_name():
    """The CPU as lscpu names it, with its family and model."""
    def field(name):
        out = subprocess.run(["lscpu"], capture_output=True, text=True).stdout
        for line in out.splitlines():
            if line.startswith(name + ":"):
                return line.split(":", 1)[1].strip()
        return "?"
    return (f"{field('Vendor ID')} {field('Model name')}, family "
            f"{field('CPU family')} model {field('Model')}")


def main(path):
    rows, fused = [], []
    for line in open(path):
        record = json.loads(line)
        if "fused" in record:
            fused.append(record)
        elif "workload" in record and "contender" in record:
            rows.append(record)
    by_key = {(r["workload"], r["op"], r["contender"], r["threads"]): r
              for r in rows}
    cases = list(dict.fromkeys((r["workload"], r["op"]) for r in rows))
    lines = []
    for w, o in cases:
        for threads, verdict in ((1, single_thread_verdict),
                                 (2, two_thread_verdict)):
            what = verdict(by_key, w, o)
            if what in (None, "yes"):
                continue
            jit = by_key[(w, o, "jit", threads)]
            best = max(peers(by_key, w, o, 1 if threads == 1 else 2),
                       key=lambda r: r["gbps"], default=None)
            if threads == 2:
                best = by_key.get((w, o, "eigen", 2))
            ahead = "" if not best else \
                f"; {best['contender']}{'' if threads == 1 else '-2t'} " \
                f"{best['gbps']:.1f} GB/s ({best['ratio']:.2f})"
            lines.append(f"{w} {o} {threads}t: {what}: jit {jit['gbps']:.1f} "
                         f"GB/s ({jit['ratio']:.2f} of the limit){ahead}")
    lines += fused_misses(fused)
    print(f"\nBelow target or behind a contender on {cpu_name()} "
          f"({len(lines)} cases):")
    for line in lines:
        print(f"  {line}")
    if not lines:
        print("  none")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: shortfalls.py RESULTS.jsonl")
    main(sys.argv[1])

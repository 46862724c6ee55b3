#!/usr/bin/python3
"""Checks that the IR after planning is the whole schedule.

For each `reduce-opt ... --reduce-to-llvm=...` run of the given lit tests
(with its input, options and --split-input-file), compiles the input three
ways and compares the LLVM dialect:
  A. the pipeline as registered (--reduce-to-llvm);
  B. its passes up to reduce-plan (--dump-pass-pipeline, cut after the last
     planner), printed to text, then the rest of the passes on that text:
     no planner runs on the second half, which reads only what the first
     recorded.
Exits with 1 and a diff of the first difference, else prints one line per
run compared.

usage: plan-round-trip.py REDUCE_OPT (TEST.mlir | DIRECTORY)...
(a directory stands for the .mlir files in it)
"""
import difflib
import os
import re
import shlex
import subprocess
import sys
import tempfile

# The last planner of the pipeline: every pass after it only applies.
LAST_PLANNER = "reduce-plan"


def split_top_level(text, sep=","):
    """Splits `text` at `sep` outside (), {} and quotes."""
    parts, depth, quote, start = [], 0, None, 0
    for i, c in enumerate(text):
        if quote:
            if c == quote:
                quote = None
        elif c in "\"'":
            quote = c
        elif c in "({":
            depth += 1
        elif c in ")}":
            depth -= 1
        elif c == sep and depth == 0:
            parts.append(text[start:i].strip())
            start = i + 1
    parts.append(text[start:].strip())
    return [p for p in parts if p]


def pass_name(entry):
    return re.match(r"[\w.-]+", entry).group(0)


def cut_pipeline(pipeline):
    """Cuts `builtin.module(...)` after LAST_PLANNER; returns both halves."""
    m = re.fullmatch(r"\s*builtin\.module\((.*)\)\s*", pipeline, re.S)
    if not m:
        raise ValueError("unexpected pipeline: " + pipeline[:80])
    entries = split_top_level(m.group(1))
    for index, entry in enumerate(entries):
        nested = re.fullmatch(r"(func\.func)\((.*)\)", entry, re.S)
        if not nested:
            continue
        passes = split_top_level(nested.group(2))
        names = [pass_name(p) for p in passes]
        if LAST_PLANNER not in names:
            continue
        cut = names.index(LAST_PLANNER) + 1
        first = entries[:index] + ["func.func(%s)" % ",".join(passes[:cut])]
        rest = passes[cut:]
        second = (["func.func(%s)" % ",".join(rest)] if rest else []) + \
            entries[index + 1:]
        return ("builtin.module(%s)" % ",".join(first),
                "builtin.module(%s)" % ",".join(second))
    return None


def run(argv, stdin=None):
    result = subprocess.run(argv, input=stdin, capture_output=True, text=True)
    return result.returncode, result.stdout, result.stderr


def runs_of(test):
    """Yields (options, split) of each reduce-to-llvm run of `test`."""
    text = open(test).read()
    joined = re.sub(r"\\\n//\s*RUN:", " ", text)
    for line in re.findall(r"RUN:(.*)", joined):
        for segment in line.split("|"):
            argv = shlex.split(segment.replace("%s", test))
            if not argv or argv[0] != "reduce-opt":
                continue
            options = [a for a in argv if a.startswith("--reduce-to-llvm")]
            if len(options) != 1:
                continue
            yield options[0], "--split-input-file" in argv


def check(reduce_opt, test, option, split):
    flags = ["--split-input-file"] if split else []
    code, full, err = run([reduce_opt, test, option] + flags)
    if code != 0:
        return "%s %s: the pipeline failed:\n%s" % (test, option, err)
    code, dumped, err = run([reduce_opt, option, "--dump-pass-pipeline",
                             "-o", os.devnull],
                            stdin="module {}")
    match = re.search(r"Pass Manager with \d+ passes:\n(.*)", err, re.S)
    if not match:
        return "%s %s: no pipeline dumped:\n%s" % (test, option, err)
    halves = cut_pipeline(match.group(1).strip())
    if not halves:
        return "no planner"  # lower-to-loops
    first, second = halves
    # The pipeline creates reduce-attach-target with the target it resolved
    # (options, host profile), which the pass's textual form leaves out:
    # the first half sets the fields of the target the whole pipeline
    # recorded. The name of the profile, which no pass reads, is not
    # compared.
    target = re.search(r"reduce\.target = \{(.*?)\}", full)
    if target:
        fields = []
        for key, value in re.findall(r"(\w+) = (\"[^\"]*\"|[\w.-]+)",
                                     target.group(1)):
            if key != "profile":
                fields.append("%s=%s" % (key, value))
        first = first.replace("reduce-attach-target{}",
                              "reduce-attach-target{set=%s}" % ",".join(fields))
    full = re.sub(r'profile = "[^"]*"', 'profile = ""', full)
    # The planned module of each chunk, then the rest of the passes on it.
    code, planned, err = run([reduce_opt, test, "--pass-pipeline=" + first]
                             + flags)
    if code != 0:
        return "%s %s: planning failed:\n%s" % (test, option, err)
    chunks = planned.split("// -----\n") if split else [planned]
    outputs = []
    for chunk in chunks:
        code, out, err = run([reduce_opt, "-", "--pass-pipeline=" + second],
                             stdin=chunk)
        if code != 0:
            return "%s %s: applying the planned IR failed:\n%s" % (
                test, option, err)
        outputs.append(out)
    applied = re.sub(r'profile = "[^"]*"', 'profile = ""',
                     "// -----\n".join(outputs))
    if applied != full:
        diff = difflib.unified_diff(full.splitlines(), applied.splitlines(),
                                    "in one process", "planned, then applied",
                                    lineterm="", n=2)
        return "%s %s: the planned IR gives other code:\n%s" % (
            test, option, "\n".join(list(diff)[:40]))
    return None


def main():
    reduce_opt, tests = sys.argv[1], []
    for path in sys.argv[2:]:
        if os.path.isdir(path):
            tests += sorted(os.path.join(path, name)
                            for name in os.listdir(path)
                            if name.endswith(".mlir"))
        else:
            tests.append(path)
    failures = 0
    for test in tests:
        for option, split in sorted(set(runs_of(test))):
            error = check(reduce_opt, test, option, split)
            if error == "no planner":
                print("no planner: %s %s" % (os.path.basename(test), option))
            elif error:
                print(error)
                failures += 1
            else:
                print("same code: %s %s" % (os.path.basename(test), option))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

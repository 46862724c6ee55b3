#!/usr/bin/python3
"""Runs the shell commands of README.md and docs/*.md, as a reader would,
so that a doc that drifts from the tools fails test/Docs/doc-commands.test.

Every fenced block marked as shell (```sh, ```bash, ```console, ```shell)
runs in one work directory (--work), with the build's tools and
/usr/lib/llvm-22/bin on PATH and `build` (the build directory), `examples`,
`utils`, `benchmarks` and `test` (the source's) linked into it, so that the
docs' paths resolve. Blocks run in file order, README.md first; a block
runs as one `bash -e -o pipefail` script (a `console` block: its `$ `
lines). A block whose lines start with `>>>` is a Python session: the
lines before it start the interpreter, and the session runs as a doctest
(each `>>>` line's output must be the one printed below it).

HTML comments right before a block (invisible when the markdown is
rendered) control it:

  <!-- doc-commands: skip REASON -->   the block is not run (expensive,
                                        needs mpirun or the network, ...):
                                        counted and listed as skipped
  <!-- doc-commands: file NAME... -->  the block (of any language) is
                                        written to each NAME in the work
                                        directory, for the commands after it

The files the commands name that no doc shows are made here (make_fixtures):
model.onnx (a ReduceSum), model.xml (examples/models' OpenVINO IR), x.pb
and x.npy (inputs), app.c (a C caller of kernels.h), t.mlir (a TOSA
module).

Every script the docs name that has a #! line must be executable (a
reader runs `utils/make-openvino-ir.py OUTDIR` as written).

Prints one line per block that ran or was skipped, then
"doc commands: N run in B blocks, K skipped blocks, F failed"; exits 1 when a
block failed, after printing its commands and their output.

Usage: doc-commands.py --source ROOT --build BUILD_DIR --work DIR
"""

import argparse
import glob
import os
import re
import shutil
import subprocess
import sys

SHELL_LANGUAGES = {"sh", "bash", "console", "shell"}
# Fences and markers may be indented (inside a list item); so is the body.
FENCE = re.compile(r"^(\s*)```(\S*)\s*$")
MARKER = re.compile(r"^\s*<!--\s*doc-commands:\s*(skip|file)\b\s*(.*?)\s*-->\s*$")
# A script path in a doc: utils/x.py, benchmarks/y.sh, ...
SCRIPT = re.compile(r"\b((?:benchmarks|utils|examples|test)/[\w./-]+\.(?:py|sh))")
# Seconds a block may take: the commands the docs show are cheap.
TIMEOUT = 60


def parse(path):
    """Yields (line number, kind, language, lines, argument) for each fenced
    block that is shell or carries a marker; kind is run, skip or file."""
    lines = open(path, encoding="utf-8").read().splitlines()
    marker = None
    i = 0
    while i < len(lines):
        m = MARKER.match(lines[i])
        fence = FENCE.match(lines[i])
        if m:
            marker = (m.group(1), m.group(2))
        elif fence:
            start = i + 1
            i += 1
            while i < len(lines) and lines[i].strip() != "```":
                i += 1
            indent, language = len(fence.group(1)), fence.group(2)
            body = [l[indent:] if l[:indent].isspace() else l.lstrip()
                    for l in lines[start:i]]
            if marker:
                yield start, marker[0], language, body, marker[1]
            elif language in SHELL_LANGUAGES:
                yield start, "run", language, body, ""
            marker = None
        elif lines[i].strip():
            marker = None
        i += 1


def commands(language, body):
    """The commands of a block: logical lines (continuations joined), no
    comments or blank lines; a console block's `$ ` lines."""
    if language == "console":
        body = [l[2:] for l in body if l.startswith("$ ")]
    joined, current = [], ""
    for line in body:
        if current:
            current += "\n" + line
        elif line.strip() and not line.lstrip().startswith("#"):
            current = line
        if current and not current.endswith("\\"):
            joined.append(current)
            current = ""
    if current:
        joined.append(current)
    return joined


def make_fixtures(source, build, work):
    for name in ["examples", "utils", "benchmarks", "test"]:
        os.symlink(os.path.join(source, name), os.path.join(work, name))
    os.symlink(build, os.path.join(work, "build"))
    models = os.path.join(source, "examples", "models")
    for model, name in [("openvino-reduce-sum.xml", "model.xml"),
                        ("openvino-reduce-sum.bin", "model.bin")]:
        shutil.copy(os.path.join(models, model), os.path.join(work, name))
    import numpy as np
    x = np.arange(24, dtype=np.float32).reshape(2, 3, 4)
    np.save(os.path.join(work, "x.npy"), x)
    try:
        # A model of one input and one output, as the docs' commands take
        # (one --input, one --output): ReduceSum over axis 1.
        from onnx import TensorProto, helper, numpy_helper
        graph = helper.make_graph(
            [helper.make_node("ReduceSum", ["x"], ["y"], axes=[1],
                              keepdims=0)], "doc",
            [helper.make_tensor_value_info("x", TensorProto.FLOAT,
                                           [2, 3, 4])],
            [helper.make_tensor_value_info("y", TensorProto.FLOAT, [2, 4])])
        model = helper.make_model(
            graph, opset_imports=[helper.make_opsetid("", 11)])
        with open(os.path.join(work, "model.onnx"), "wb") as f:
            f.write(model.SerializeToString())
        with open(os.path.join(work, "x.pb"), "wb") as f:
            f.write(numpy_helper.from_array(x, "x").SerializeToString())
    except ImportError:
        pass  # the commands that read them fail and say so
    with open(os.path.join(work, "t.mlir"), "w") as f:
        f.write("func.func @t(%x: tensor<4x8xf32>) -> tensor<4x1xf32> {\n"
                "  %r = tosa.reduce_sum %x {axis = 1 : i32} "
                ": (tensor<4x8xf32>) -> tensor<4x1xf32>\n"
                "  return %r : tensor<4x1xf32>\n}\n")
    # A C caller of README's @f, compiled by `reduce-compile kernels.mlir`.
    with open(os.path.join(work, "app.c"), "w") as f:
        f.write('#include "kernels.h"\n#include <stdio.h>\n\n'
                "int main(void) {\n"
                "  static float x[F_ARG0_ELEMENTS], r[F_RESULT0_ELEMENTS];\n"
                "  for (int i = 0; i < F_ARG0_ELEMENTS; ++i)\n"
                "    x[i] = 1.0f;\n"
                "  if (f(x, r) != REDUCE_AOT_OK)\n    return 1;\n"
                '  printf("%g\\n", r[0]);\n'
                "  return r[0] == 240.0f ? 0 : 1;\n}\n")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--source", required=True)
    parser.add_argument("--build", required=True)
    parser.add_argument("--work", required=True)
    args = parser.parse_args()
    source = os.path.abspath(args.source)
    build = os.path.abspath(args.build)
    work = os.path.abspath(args.work)
    os.makedirs(work, exist_ok=True)
    make_fixtures(source, build, work)
    env = dict(os.environ)
    env["PATH"] = os.pathsep.join([os.path.join(build, "bin"),
                                   "/usr/lib/llvm-22/bin", env["PATH"]])
    docs = [os.path.join(source, "README.md")] + sorted(
        glob.glob(os.path.join(source, "docs", "*.md")))
    ran = blocks_run = skipped = failed = 0
    for path in docs:
        doc = os.path.relpath(path, source)
        for line, kind, language, body, argument in parse(path):
            where = "%s:%d" % (doc, line)
            if kind == "file":
                for name in argument.split():
                    with open(os.path.join(work, name), "w") as f:
                        f.write("\n".join(body) + "\n")
                continue
            if kind == "skip":
                skipped += 1
                print("skipped %s: %s" % (where, argument or "no reason"))
                continue
            first = next((i for i, l in enumerate(body)
                          if l.startswith(">>>")), None)
            if first is not None:
                # The interpreter's command, then the session as a doctest.
                session = os.path.join(work, "session-%d.txt" % line)
                with open(session, "w") as f:
                    f.write("\n".join(body[first:]) + "\n")
                script = " ".join(commands(language, body[:first]))
                script += " -m doctest " + session
                count = sum(1 for l in body if l.startswith(">>>"))
            else:
                cmds = commands(language, body)
                script, count = "\n".join(cmds), len(cmds)
            try:
                result = subprocess.run(
                    ["bash", "-e", "-o", "pipefail", "-c", script], cwd=work,
                    env=env, capture_output=True, text=True, timeout=TIMEOUT)
                status = result.returncode
                output = result.stdout + result.stderr
            except subprocess.TimeoutExpired:
                status, output = "timeout", "more than %d s\n" % TIMEOUT
            blocks_run += 1
            ran += count
            if status != 0:
                failed += 1
                print("FAILED %s (exit %s):\n%s\n--- output:\n%s---"
                      % (where, status, script, output))
            else:
                print("ran %s: %d command%s" % (where, count,
                                                "" if count == 1 else "s"))
    # The scripts the docs name that are meant to be run (a #! line) are
    # executable, so that `utils/x.py ARGS` works as written.
    scripts = set()
    for path in docs:
        text = open(path, encoding="utf-8").read()
        scripts.update(SCRIPT.findall(text))
    for script in sorted(scripts):
        full = os.path.join(source, script)
        if not os.path.isfile(full):
            continue
        with open(full, "rb") as f:
            runnable = f.read(2) == b"#!"
        if runnable and not os.access(full, os.X_OK):
            failed += 1
            print("FAILED: %s has a #! line but is not executable" % script)
    print("doc commands: %d run in %d blocks, %d skipped blocks, %d failed"
          % (ran, blocks_run, skipped, failed))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()

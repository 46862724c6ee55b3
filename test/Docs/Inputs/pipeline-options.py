#!/usr/bin/python3
"""Compares the options of --reduce-to-llvm that `reduce-opt --help` lists
(on stdin) with the first column of the options table of docs/pipeline.md
(the argument): prints the differences and exits 1, or one line.

Usage: reduce-opt --help | pipeline-options.py docs/pipeline.md
"""

import re
import sys


def help_options(text):
    """The options under `--reduce-to-llvm` in reduce-opt's help: the lines
    indented deeper than it, up to the next flag at its own indentation."""
    options, indent = set(), None
    for line in text.splitlines():
        m = re.match(r"^(\s*)--?([a-z0-9-]+)", line)
        if not m:
            continue
        depth, name = len(m.group(1)), m.group(2)
        if indent is None:
            if name == "reduce-to-llvm":
                indent = depth
        elif depth <= indent:
            break
        else:
            options.add(name)
    return options


def table_options(path):
    """The option names of the first column of the table under
    `## Options`: every backticked name, `=...` and `|`-alternatives
    dropped."""
    lines = open(path, encoding="utf-8").read().splitlines()
    start = lines.index("## Options")
    options = set()
    for line in lines[start + 1:]:
        if line.startswith("## "):
            break
        if not line.startswith("| `"):
            continue
        first = line.split(" | ")[0]
        for name in re.findall(r"`([a-z0-9-]+)[^`]*`", first):
            options.add(name)
    return options


def main():
    in_help = help_options(sys.stdin.read())
    in_table = table_options(sys.argv[1])
    if not in_help:
        sys.exit("no --reduce-to-llvm options in reduce-opt --help")
    missing, extra = in_help - in_table, in_table - in_help
    for name in sorted(missing):
        print("not in the table: " + name)
    for name in sorted(extra):
        print("in the table, not an option: " + name)
    if missing or extra:
        sys.exit(1)
    print("%d options of --reduce-to-llvm, all in the table of "
          "docs/pipeline.md" % len(in_help))


if __name__ == "__main__":
    main()

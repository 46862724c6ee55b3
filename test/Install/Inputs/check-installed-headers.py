#!/usr/bin/python3
"""Checks an installed include/ directory: every `#include "reduce/..."` of
an installed file (headers, .inc, .def, .td includes) names an installed
file, and no directory is a build directory (CMakeFiles) or empty. Prints
the problems and exits 1, else one line saying what was checked.

Usage: check-installed-headers.py PREFIX/include
"""

import os
import re
import sys

INCLUDE = re.compile(r'^\s*#\s*include\s+"(reduce/[^"]+)"', re.M)
TD_INCLUDE = re.compile(r'^\s*include\s+"(reduce/[^"]+)"', re.M)


def main():
    root = sys.argv[1]
    problems, files = [], 0
    for directory, subdirs, names in os.walk(os.path.join(root, "reduce")):
        if os.path.basename(directory) == "CMakeFiles":
            problems.append("build directory installed: " + directory)
        if not subdirs and not names:
            problems.append("empty directory installed: " + directory)
        for name in names:
            files += 1
            path = os.path.join(directory, name)
            text = open(path, encoding="utf-8", errors="replace").read()
            pattern = TD_INCLUDE if name.endswith(".td") else INCLUDE
            for included in pattern.findall(text):
                if not os.path.isfile(os.path.join(root, included)):
                    problems.append("%s includes %s, which is not installed"
                                    % (os.path.relpath(path, root), included))
    if problems:
        print("\n".join(problems))
        sys.exit(1)
    print("%d headers, every include of reduce/ installed, no CMakeFiles, "
          "no empty directory" % files)


if __name__ == "__main__":
    main()

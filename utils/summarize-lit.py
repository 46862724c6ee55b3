#!/usr/bin/env python3
"""Prints `tests: N passed, M failed` from a lit JSON report (lit --output).

Unsupported tests are reported separately, expected failures count as passed.
Exits non-zero when a test failed or the report is missing.
"""
import json
import sys

PASSED = {"PASS", "XFAIL"}
SKIPPED = {"UNSUPPORTED", "EXCLUDED", "SKIPPED"}


def main() -> int:
    try:
        with open(sys.argv[1], encoding="utf-8") as report:
            tests = json.load(report)["tests"]
    except (OSError, ValueError, KeyError, IndexError) as error:
        print(f"tests: 0 passed, 1 failed (no lit report: {error})")
        return 1
    passed = sum(t["code"] in PASSED for t in tests)
    skipped = sum(t["code"] in SKIPPED for t in tests)
    failed = len(tests) - passed - skipped
    line = f"tests: {passed} passed, {failed} failed"
    if skipped:
        line += f", {skipped} skipped"
    print(line)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

//===- SanitizerCanary.cpp - Deliberate sanitizer findings ------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Commits the bug named on the command line (`heap-overflow`, `overflow`,
// `leak`), or none (`clean`). Compiled with the flags of every other target
// of ours, it shows that the sanitizer build catches each kind of bug and
// that lit turns the report into a failure.
//
//===----------------------------------------------------------------------===//

#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>

/// Opaque to the optimizer, so that the bugs below are not folded away.
static volatile int sink;
static void *volatile escaped;

int main(int argc, char **argv) {
  const char *bug = argc > 1 ? argv[1] : "clean";
  if (!std::strcmp(bug, "heap-overflow")) {
    int *data = static_cast<int *>(std::malloc(4 * sizeof(int)));
    int index = 4 + argc - 2;
    sink = data[index];
    std::free(data);
  } else if (!std::strcmp(bug, "overflow")) {
    int value = INT_MAX - 1 + argc;
    sink = value + 1;
  } else if (!std::strcmp(bug, "leak")) {
    escaped = std::malloc(64);
    escaped = nullptr;
  } else if (std::strcmp(bug, "clean")) {
    std::fprintf(stderr, "unknown bug '%s'\n", bug);
    return 2;
  }
  std::printf("canary: %s survived\n", bug);
  return 0;
}

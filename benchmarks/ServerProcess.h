//===- ServerProcess.h - A contender's server process -----------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Runs a contender's server (benchmarks/numpy_contender.py,
// torch_contender.py, ort_contender.js) as a child process of the benchmark
// and talks to it over pipes, one command line and one reply line at a time,
// so that its kernels are timed in the same run as the other contenders,
// call for call (the server times its own calls, so the pipe's latency is
// not counted).
//
//===----------------------------------------------------------------------===//

#ifndef REDUCE_BENCHMARKS_SERVERPROCESS_H
#define REDUCE_BENCHMARKS_SERVERPROCESS_H

#include <string>
#include <sys/types.h>
#include <vector>

namespace bench {

class ServerProcess {
public:
  /// Starts the program `argv[0]` with arguments `argv` (its stderr goes to
  /// /dev/null unless `keepStderr`); `ok()` tells whether it answers "run 0"
  /// (a server that cannot start, e.g. without its module, exits at once).
  explicit ServerProcess(const std::vector<std::string> &argv,
                         bool keepStderr = true);
  ~ServerProcess();
  ServerProcess(const ServerProcess &) = delete;
  ServerProcess &operator=(const ServerProcess &) = delete;

  bool ok() const { return toChild >= 0 && fromChild >= 0; }

  /// Sends one command line and returns the reply line ("error ..." when
  /// the process is gone).
  std::string request(const std::string &command);

private:
  pid_t pid = -1;
  int toChild = -1;
  int fromChild = -1;
};

} // namespace bench

#endif // REDUCE_BENCHMARKS_SERVERPROCESS_H

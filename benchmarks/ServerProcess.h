//===- NumpyProcess.h - The numpy contender's server process ----*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Runs benchmarks/numpy_contender.py as a child process of the benchmark and
// talks to it over pipes, so that numpy's reductions are timed in the same
// run as the other contenders, call for call (the server times its own
// calls, so the pipe's latency is not counted).
//
//===----------------------------------------------------------------------===//

#ifndef REDUCE_BENCHMARKS_NUMPYPROCESS_H
#define REDUCE_BENCHMARKS_NUMPYPROCESS_H

#include <string>
#include <sys/types.h>

namespace bench {

class NumpyProcess {
public:
  /// Starts `python` on `script`; `ok()` tells whether it answers.
  NumpyProcess(const std::string &python, const std::string &script);
  ~NumpyProcess();
  NumpyProcess(const NumpyProcess &) = delete;
  NumpyProcess &operator=(const NumpyProcess &) = delete;

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

#endif // REDUCE_BENCHMARKS_NUMPYPROCESS_H

//===- FusedRun.h - The fused workloads' measurements -----------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The part of reduce-bench that measures the fused workloads (Fused.h): for
// each, our JIT on 1 and 2 threads, our one-read `reduce.sum` of the same
// input on 1 and 2 threads (the yardstick of the ratios), numpy, PyTorch on
// 1 and 2 threads and ONNX Runtime on 1 and 2 threads (each when it can
// run), interleaved as every other measurement (Timing.h). A JIT module that
// does not compile is a row "compile failed: <first line of the
// diagnostic>", and the run goes on.
//
//===----------------------------------------------------------------------===//

#ifndef REDUCE_BENCHMARKS_FUSEDRUN_H
#define REDUCE_BENCHMARKS_FUSEDRUN_H

#include "Fused.h"
#include "ServerProcess.h"

#include "llvm/Support/raw_ostream.h"

#include <vector>

namespace bench {

struct FusedRunOptions {
  /// The workloads to measure.
  std::vector<FusedWorkload> workloads;
  /// Timed rounds per measurement.
  unsigned rounds = 11;
  /// Whether the workloads have the rows of --quick (the ONNX models of
  /// that size are in their own folder).
  bool quick = false;
  /// Whether the pipeline has threads=N (then the JIT rows on 2 threads).
  bool jitThreads = false;
  /// The numpy server of the run (a contender when it answers).
  ServerProcess *numpy = nullptr;
  /// The JSON lines stream of the run, or null.
  llvm::raw_ostream *json = nullptr;
  /// Pipeline options of extra `jit{...}` contenders, on the threads they
  /// name (--extra-jit; for exploring the pipeline, printed after the
  /// others, not in the JSON records).
  std::vector<std::string> extraJit;
};

/// Measures `options.workloads` and prints their table (and JSON records:
/// one per row, with "fused" for the workload id).
void runFusedWorkloads(const FusedRunOptions &options);

/// The threads that the pipeline options `options` name (threads=N), 1 or
/// 2 (the benchmark's thread counts), else 1: the thread count of an
/// --extra-jit row.
int getPipelineThreads(const std::string &options);

} // namespace bench

#endif // REDUCE_BENCHMARKS_FUSEDRUN_H

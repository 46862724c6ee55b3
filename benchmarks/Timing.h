//===- Timing.h - Interleaved timing of the contenders ----------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// How the benchmark times: every contender of a measurement in the same
// rounds, in a new order each round, and the median of its times.
//
//===----------------------------------------------------------------------===//

#ifndef REDUCE_BENCHMARKS_TIMING_H
#define REDUCE_BENCHMARKS_TIMING_H

#include <chrono>
#include <functional>
#include <string>
#include <vector>

namespace bench {

using Clock = std::chrono::steady_clock;

/// One contender of a (workload, op) measurement.
struct Contender {
  std::string name;
  int threads;
  std::function<void()> run;
  /// Checks the last result; returns "" or a description of the problem.
  std::function<std::string()> verify;
  std::string note = "";
  std::vector<double> times = {};
  /// When set, times `calls` calls itself (in seconds) instead of `run`
  /// being timed here (the numpy server, whose pipe is not counted).
  std::function<double(unsigned calls)> timedBatch = nullptr;
};

/// Calls shorter than this are timed in batches of back-to-back calls.
constexpr double kMinMeasurement = 50e-6;

/// Times the contenders round-robin: one warm-up call each, then `rounds`
/// rounds of one measurement per contender, in a new order each round, so
/// that machine noise (the machines are shared) and the state one call
/// leaves to the next hit every contender alike. A measurement is one
/// call, or for calls shorter than `kMinMeasurement` (the tiny W4) a batch
/// of back-to-back calls sized from the warm-up call, whose time is divided
/// by the batch size: a single microsecond call is below the resolution of
/// the clock and its noise. Returns the median seconds per call of each.
/// `beforeEach`, when set, runs before every measurement, untimed (the
/// fused workloads take their inputs out of the caches with it).
std::vector<double>
measureInterleaved(std::vector<Contender> &contenders, unsigned rounds,
                   const std::function<void()> &beforeEach = nullptr);

} // namespace bench

#endif // REDUCE_BENCHMARKS_TIMING_H

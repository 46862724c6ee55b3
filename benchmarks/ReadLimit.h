//===- ReadLimit.h - The read-bandwidth limit of an input -------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The limit every contender is compared with: the fastest kernel of the
// read family (Kernels.h) on the same bytes and thread count, calibrated in
// the same run, and the `limit` contender that reads at it.
//
//===----------------------------------------------------------------------===//

#ifndef REDUCE_BENCHMARKS_READLIMIT_H
#define REDUCE_BENCHMARKS_READLIMIT_H

#include "Kernels.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <cstddef>
#include <vector>

namespace bench {

/// Below this many bytes a call takes microseconds, less than waking a
/// thread: only the JIT's threads=2 runs on two threads there (to show it
/// does not get slower), measured against the 1-thread limit.
constexpr size_t kMinTwoThreadBytes = size_t(1) << 20;

/// Reads `bytes` bytes with `kernel` on `threads` (1 or 2) threads, each its
/// own contiguous part, cut at a 4 KiB boundary.
void readAtLimit(const ReadKernel &kernel, const void *data, size_t bytes,
                 int threads);

/// Times every kernel of the read family on `bytes` bytes at `data` on
/// `threads` threads, round-robin, and returns the index of the fastest
/// (the limit for that size and thread count) and each one's GB/s.
size_t calibrateLimit(const void *data, size_t bytes, int threads,
                      std::vector<double> &gbps);

/// Calibrates the read-kernel family on `bytes` bytes at `data` on
/// `threads` threads (calibrateLimit), prints every kernel's speed and
/// writes the JSON record of `id`; returns the fastest kernel.
const ReadKernel *measureLimitFamily(llvm::StringRef id, const void *data,
                                     size_t bytes, int threads,
                                     llvm::raw_ostream *json);

/// The limit kernels of one input, indexed by thread count (1 and 2; [0] is
/// unused). Below kMinTwoThreadBytes the 2-thread entry is the 1-thread one.
struct InputLimits {
  const ReadKernel *kernel[3] = {nullptr, nullptr, nullptr};
};

/// The limit of the `bytes` bytes at `data` (named `id` in the records):
/// the best read kernel on 1 and 2 threads (measureLimitFamily).
InputLimits measureInputLimits(llvm::StringRef id, const void *data,
                               size_t bytes, llvm::raw_ostream *json);

/// The limit out of every cache: the family on at least four times the L3
/// (and at least 1 GiB, at most 8 GiB), written with non-zero data before
/// it is read, on 1 and 2 threads. Not a workload: the workloads' limits are
/// their own sizes'.
void measureOutOfCacheLimit(llvm::raw_ostream *json);

} // namespace bench

#endif // REDUCE_BENCHMARKS_READLIMIT_H

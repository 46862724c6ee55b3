//===- CacheSweep.h - Reading data out of the caches ------------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// A buffer read through to take other data out of the caches: the
// calibration's input where it cannot be flushed, and the benchmark's inputs
// in every process before each timed call.
//
//===----------------------------------------------------------------------===//

#ifndef REDUCE_JIT_CACHESWEEP_H
#define REDUCE_JIT_CACHESWEEP_H

#include <cstddef>
#include <vector>

namespace mlir::reduce {

/// Reads through a buffer of `bytes` (64-byte steps), which takes every
/// other datum out of the caches it fills, another process's too.
class CacheSweep {
public:
  explicit CacheSweep(size_t bytes);
  void operator()() const;
  size_t getBytes() const { return buffer.size(); }

private:
  std::vector<unsigned char> buffer;
};

} // namespace mlir::reduce

#endif // REDUCE_JIT_CACHESWEEP_H

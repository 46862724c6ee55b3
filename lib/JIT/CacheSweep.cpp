//===- CacheSweep.cpp - Reading data out of the caches ----------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "reduce/JIT/CacheSweep.h"

using namespace mlir::reduce;

/// Where a sweep stores the sum of what it read: the compiler cannot drop
/// a volatile store, and so not the reads.
static volatile unsigned char sweepSink;

CacheSweep::CacheSweep(size_t bytes) : buffer(bytes, 1) {}

void CacheSweep::operator()() const {
  unsigned char sum = 0;
  for (size_t i = 0; i < buffer.size(); i += 64)
    sum += buffer[i];
  sweepSink = sum;
}

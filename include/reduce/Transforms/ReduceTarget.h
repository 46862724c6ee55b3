//===- ReduceTarget.h - Tuning of the reduce pipeline -----------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The target description of `reduce-vectorize`: every number its strategies
// use to choose vector widths, tiles and streams, in one place, apart from
// the strategy logic. The pass options (and the `reduce-to-llvm` pipeline
// options) override its fields; docs/tuning.md says what each one controls
// and how the defaults were measured.
//
//===----------------------------------------------------------------------===//

#ifndef REDUCE_TRANSFORMS_REDUCETARGET_H
#define REDUCE_TRANSFORMS_REDUCETARGET_H

#include <cstdint>

namespace mlir::reduce {

/// The tuning of the vectorized reductions for one CPU.
struct ReduceTarget {
  /// SIMD register width in bits for inputs below `minStreamBytes` (in
  /// cache).
  unsigned vectorBits = 256;
  /// SIMD register width in bits for static inputs of at least
  /// `minStreamBytes` (streamed from L3 or memory).
  unsigned streamVectorBits = 256;
  /// The static input size from which a reduction is streamed: registers
  /// of `streamVectorBits`, rows split into `rowStreams` parts.
  int64_t minStreamBytes = int64_t(1) << 20;
  /// SIMD registers of the innermost tile (independent accumulators).
  unsigned accumulators = 4;
  /// Rows the innermost-reduction strategy reduces at once, each with its
  /// own accumulators (streams for the hardware prefetchers).
  int64_t streamRows = 4;
  /// Consecutive parts of the rows that the row-tile strategy reads side by
  /// side on streamed inputs.
  int64_t rowStreams = 4;
  /// Rows of the reduced dim an outer-reduction step adds to the
  /// accumulators (streams for the hardware prefetchers).
  int64_t outerRowsPerStep = 8;
  /// Vector tiles per block of a reduction of everything to one value,
  /// which is split into blocks of partial results.
  int64_t splitBlockTiles = 64;
  /// The longest inner rows, in bytes, of a mixed-axes reduction that is
  /// split into an outer reduction of the input and a reduction of the
  /// short rows.
  int64_t maxShortRowBytes = 4096;
  /// The fewest outer reduced elements per partial result of that split.
  int64_t minShortSplitFactor = 8;
  /// The longest rows, in registers, that the row-tile strategy reduces a
  /// tile of rows at a time with one shuffle tree.
  int64_t maxRowRegisters = 16;
};

} // namespace mlir::reduce

#endif // REDUCE_TRANSFORMS_REDUCETARGET_H

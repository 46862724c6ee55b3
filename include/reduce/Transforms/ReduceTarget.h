//===- ReduceTarget.h - Tuning of the reduce pipeline -----------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The target description of the `reduce-to-llvm` pipeline: every number its
// passes use to choose vector widths, tiles, streams, prefetches, the float
// minimum and maximum lowering and threads, in one place, apart from the
// strategy logic. `resolveReduceTarget` (Pipelines.h) builds it from a
// static default, the host profile (reduce/Target/HostProfile.h) and the
// pipeline options, in that order; docs/tuning.md says what each field
// controls and how the defaults were measured.
//
//===----------------------------------------------------------------------===//

#ifndef REDUCE_TRANSFORMS_REDUCETARGET_H
#define REDUCE_TRANSFORMS_REDUCETARGET_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <type_traits>

namespace mlir::reduce {

/// The name of the function attribute (an i64) that holds the widest
/// register, in bits, the code of a function may use: set by `reduce-plan`
/// on a function that streams its inputs into row accumulators with
/// `streamVectorBits` registers narrower than `vectorBits`, read by
/// `reduce-vectorize` and `reduce-expand-min-max`, and turned into the LLVM
/// function attributes that hold the backend to it by `reduce-finalize-llvm`.
inline constexpr llvm::StringLiteral kFunctionVectorBitsAttrName =
    "reduce.vector_bits";

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
  /// Adjacent rows the innermost-reduction strategy reduces at once, each
  /// with its own accumulators, where it does not read parts of the rows
  /// (`rowStreams`).
  int64_t streamRows = 4;
  /// Consecutive parts of the rows that the row-tile and the
  /// innermost-reduction strategies read side by side on streamed 2-D rows
  /// (one row, or tile of rows, of each part per step: long streams for
  /// the hardware prefetchers).
  int64_t rowStreams = 4;
  /// The largest block of rows, in bytes, that the innermost-reduction
  /// strategy reads as `rowStreams` parts: longer rows are first cut into
  /// blocks of at most that many bytes, each read as parts, so that the
  /// parts lie at most a block apart (parts 256 MiB apart read at half the
  /// speed of 16 MiB apart on the Zen 4 VM, docs/tuning.md).
  int64_t rowStreamBlockBytes = int64_t(64) << 20;
  /// Rows of the reduced dim an outer-reduction step adds to the
  /// accumulators (streams for the hardware prefetchers): on a streamed 2-D
  /// input, one row from each of as many parts of the rows.
  int64_t outerRowsPerStep = 4;
  /// The same for NaN-propagating float minimums and maximums, whose step is
  /// a tree: its instructions per row fall as it has more leaves.
  int64_t outerMinMaxRowsPerStep = 8;
  /// Vector tiles per block of a reduction of everything to one value,
  /// which is split into blocks of partial results.
  int64_t splitBlockTiles = 64;
  /// The longest inner rows, in bytes, of a mixed-axes reduction that is
  /// split into an outer reduction of the input and a reduction of the
  /// short rows; longer rows are reduced first, then the outer dims of
  /// their results.
  int64_t maxShortRowBytes = 1024;
  /// The fewest outer reduced elements per partial result of those splits.
  int64_t minShortSplitFactor = 8;
  /// The longest rows, in registers, that the row-tile strategy reduces a
  /// tile of rows at a time with one shuffle tree.
  int64_t maxRowRegisters = 16;
  /// The fewest registers an in-cache row-tile step reads: a tile of
  /// medium rows grows by whole power-of-two groups of rows (each reduced
  /// by its own shuffle tree) until it reads that many, more loads in
  /// flight.
  int64_t minRowTileRegisters = 256;
  /// How far ahead of a vector read of a streamed input `reduce-prefetch`
  /// prefetches, in bytes; 0: no software prefetch.
  int64_t prefetchDistance = 2048;
  /// Bytes between the prefetches of one vector read (one prefetch per
  /// stride of the bytes the read covers).
  int64_t prefetchStride = 128;
  /// The smallest function argument, in bytes, whose reads are prefetched.
  int64_t minPrefetchBytes = int64_t(1) << 20;
  /// Lower the loop accumulators and trees of NaN-propagating float
  /// minimums and maximums with AVX-512DQ range instructions beside an
  /// ordered mask (needs AVX-512DQ and AVX-512VL); false: two plain mins
  /// and an or, a maximum as the negated minimum of the negated values
  /// (`reduce-expand-min-max`). Named for the minimum, which it first
  /// covered; the profile field and option keep that spelling.
  bool rangeMinimum = false;
  /// With threads > 1, the smallest static input, in bytes, whose reduction
  /// is split across threads.
  int64_t minParallelBytes = int64_t(1) << 20;
};

/// Calls `fn(name, field, min, max)` for every field of `target` (a
/// ReduceTarget, const or not), in declaration order: `name` is the field's
/// name in the host profile and the `reduce.target` attribute, `field` a
/// reference to it, and [min, max] the values a profile may give it. This
/// list is the one place that names the fields outside this struct.
template <typename TargetT, typename Fn>
void forEachTargetField(TargetT &target, Fn &&fn) {
  constexpr int64_t kMaxBytes = int64_t(1) << 40;
  fn("vector_bits", target.vectorBits, 128, 512);
  fn("stream_vector_bits", target.streamVectorBits, 128, 512);
  fn("min_stream_bytes", target.minStreamBytes, 1, kMaxBytes);
  fn("accumulators", target.accumulators, 1, 64);
  fn("stream_rows", target.streamRows, 1, 64);
  fn("row_streams", target.rowStreams, 1, 64);
  fn("row_stream_block_bytes", target.rowStreamBlockBytes, 1, kMaxBytes);
  fn("outer_rows_per_step", target.outerRowsPerStep, 1, 64);
  fn("outer_min_max_rows_per_step", target.outerMinMaxRowsPerStep, 1, 64);
  fn("split_block_tiles", target.splitBlockTiles, 1, 1 << 20);
  fn("max_short_row_bytes", target.maxShortRowBytes, 1, kMaxBytes);
  fn("min_short_split_factor", target.minShortSplitFactor, 1, 1 << 20);
  fn("max_row_registers", target.maxRowRegisters, 1, 64);
  fn("min_row_tile_registers", target.minRowTileRegisters, 1, 1 << 20);
  fn("prefetch_distance", target.prefetchDistance, 0, 1 << 20);
  fn("prefetch_stride", target.prefetchStride, 16, 4096);
  fn("min_prefetch_bytes", target.minPrefetchBytes, 0, kMaxBytes);
  fn("range_minimum", target.rangeMinimum, 0, 1);
  fn("min_parallel_bytes", target.minParallelBytes, 0, kMaxBytes);
}

/// Sets each strategy field of `target` whose option in `options` is
/// non-zero; 0 keeps the field. `options` is the `reduce-to-llvm` pipeline's
/// or a `reduce-plan` / `reduce-vectorize` pass (the options share their
/// names).
template <typename Options>
void overrideStrategyFields(ReduceTarget &target, const Options &options) {
  auto override = [](auto &field, auto option) {
    if (option)
      field = static_cast<std::remove_reference_t<decltype(field)>>(option);
  };
  override(target.minStreamBytes, uint64_t(options.minStreamBytes));
  override(target.streamRows, unsigned(options.streamRows));
  override(target.rowStreams, unsigned(options.rowStreams));
  override(target.rowStreamBlockBytes, uint64_t(options.rowStreamBlockBytes));
  override(target.outerRowsPerStep, unsigned(options.outerRowsPerStep));
  override(target.outerMinMaxRowsPerStep,
           unsigned(options.outerMinMaxRowsPerStep));
  override(target.splitBlockTiles, unsigned(options.splitBlockTiles));
  override(target.maxShortRowBytes, uint64_t(options.maxShortRowBytes));
  override(target.maxRowRegisters, unsigned(options.maxRowRegisters));
  override(target.minRowTileRegisters, unsigned(options.minRowTileRegisters));
  override(target.minShortSplitFactor, unsigned(options.minShortSplitFactor));
}

} // namespace mlir::reduce

#endif // REDUCE_TRANSFORMS_REDUCETARGET_H

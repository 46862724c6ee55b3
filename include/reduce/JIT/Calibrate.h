//===- Calibrate.h - Measure the host profile -------------------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The calibration behind the host profile (reduce/Target/HostProfile.h):
// JIT-compiles f32 sums and minimums over innermost rows and over the outer
// dim of an input that streams from L3 or memory, and a minimum of medium
// rows in cache, under candidate values of the target fields that matter
// (stream vector width, float minimum lowering, accumulators, prefetch
// distance, rows at once), times each field on the kernels it changes,
// interleaved, and keeps the fastest value of each field, one field after
// the other, in up to two passes. Used by `reduce-tune`, by the JIT on
// first use and by `reduce-bench`.
// docs/tuning.md describes what is measured.
//
//===----------------------------------------------------------------------===//

#ifndef REDUCE_JIT_CALIBRATE_H
#define REDUCE_JIT_CALIBRATE_H

#include "reduce/Target/HostProfile.h"

#include "llvm/Support/Error.h"

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace mlir::reduce {

struct CalibrationOptions {
  /// Bytes of the input each kernel reads; 0: four times the L2 cache,
  /// clamped to [64 MiB, 128 MiB], so that it streams from memory past the
  /// L3 cache of most CPUs, as the 64 MiB workloads of the benchmark do.
  int64_t inputBytes = 0;
  /// Timed calls of each kernel under each candidate (the best counts).
  unsigned rounds = 7;
  /// A candidate replaces the current choice of its field (the static
  /// default in the first pass) only if it is faster by more than this
  /// fraction, in its measurement and in a second one (ties keep the
  /// current choice).
  double tolerance = 0.05;
  /// Where to write one line per field measured (nullptr: nowhere).
  llvm::raw_ostream *log = nullptr;
};

/// Calibrates the host: returns a profile with the key of this host, the
/// measured fields and, in its `calibration` object, what was measured
/// (input bytes, rounds, milliseconds taken, and per field the best time of
/// each candidate relative to the field's static default, in permille,
/// averaged over the kernels). Compiles with explicit pipeline options
/// and `host-profile=false`, never calibrating on first use, so it does
/// not recurse and no existing profile biases it.
llvm::Expected<HostProfile>
calibrateHost(const CalibrationOptions &options = CalibrationOptions());

/// The JIT's first use: when the profile location is the default one (not
/// disabled, not pinned) and holds no valid profile for this host,
/// calibrates with the default options (REDUCE_CALIBRATION_BYTES, when set
/// to at least 1 MiB, gives the input size: tests use a small one) and
/// writes the profile there. At most once per process; a failure leaves the
/// static default in use and is reported on stderr.
void ensureHostProfile();

} // namespace mlir::reduce

#endif // REDUCE_JIT_CALIBRATE_H

//===- RandomInputs.h - Random cases for the differential tests -*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Pieces shared by the differential tests (static and runtime axes): their
// settings, op names, MLIR tensor types, random shapes and input data.
//
//===----------------------------------------------------------------------===//

#ifndef REDUCE_UNITTESTS_JIT_RANDOMINPUTS_H
#define REDUCE_UNITTESTS_JIT_RANDOMINPUTS_H

#include "ReferenceReduce.h"

#include "reduce/Runtime/Buffer.h"

#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace reference {

/// The value of the environment variable `name` as a number, or `fallback`.
uint64_t envOr(const char *name, uint64_t fallback);

/// The element types of the numeric reduce ops: every runtime element type
/// but i1 (bool), which they reject, in the order of getAllElementTypes (a
/// seed draws the cases it drew before i1 existed).
llvm::ArrayRef<mlir::reduce::ElementType> getReducibleElementTypes();

/// A random element type for `op`: a float type for l2, log_sum and
/// log_sum_exp (whose integer forms, computed in f64 and truncated, the
/// float bounds of the reference do not cover; lit tests compare them with
/// numpy), any of getReducibleElementTypes otherwise.
mlir::reduce::ElementType randomElementType(std::mt19937_64 &rng, Op op);

/// The mnemonic of `op` ("sum", "l1", "min", ..., "log_sum_exp").
const char *opName(Op op);

/// The MLIR type of a tensor of `shape` whose dims marked in `dynamic` are
/// written `?`.
std::string tensorType(const std::vector<int64_t> &shape,
                       const std::vector<bool> &dynamic,
                       mlir::reduce::ElementType type);

/// A random shape of rank `rank` with sizes drawn from `sizes`, redrawn
/// until it has at most `maxElements` elements.
std::vector<int64_t> randomShape(std::mt19937_64 &rng,
                                 const std::vector<int64_t> &sizes,
                                 unsigned rank, int64_t maxElements);

/// Which of `rank` dims are written `?`: none, or (with probability
/// `anyDynamic`) each with probability `eachDynamic`.
std::vector<bool> randomDynamic(std::mt19937_64 &rng, unsigned rank,
                                double anyDynamic, double eachDynamic);

/// Fills the input with normal floats or integers over the full range or a
/// small one, and sprinkles special values.
void fillInput(mlir::reduce::Buffer &buffer, std::mt19937_64 &rng);

/// Adapts a filled input to `op`, whose results reduce `reducedExtent`
/// elements each: prod gets factors near +-1 (floats; so that no partial
/// product over- or underflows, where no error bound holds) or mostly odd
/// ones (integers), min and max sometimes signed zeros at their extreme,
/// log_sum mostly non-negative values, log_sum_exp sometimes values whose
/// exp overflows without the shift.
void adaptInput(mlir::reduce::Buffer &buffer, std::mt19937_64 &rng, Op op,
                int64_t reducedExtent);

} // namespace reference

#endif // REDUCE_UNITTESTS_JIT_RANDOMINPUTS_H

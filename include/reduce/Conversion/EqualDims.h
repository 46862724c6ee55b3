//===- EqualDims.h - Argument sizes the ops need equal ----------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The contract between `reduce-record-equal-dims` and the callers of the
// compiled code (the JIT, the AOT wrappers): the dynamic argument sizes a
// function's ops need to agree, checked by the caller before the call (one
// comparison each, nothing per element). An elementwise op over a
// tensor<?xf32> of 3,000,000 elements and one of 1 element would read out
// of bounds; the caller refuses the call instead.
//
// The function attribute `reduce.equal_dims` is an array of dictionaries,
// one per check:
//
//   {lhs = array<i64: A, D>, rhs = array<i64: B, E>, site = "..."}
//     dim D of argument A equals dim E of argument B;
//   {lhs = array<i64: A, D>, size = N : i64, site = "..."}
//     dim D of argument A is N (the static size of another operand).
//
// `site` names the op that needs it ("'arith.addf' at m.mlir:2:8"). The
// checks together imply every equality the ops need of the arguments.
//
//===----------------------------------------------------------------------===//

#ifndef REDUCE_CONVERSION_EQUALDIMS_H
#define REDUCE_CONVERSION_EQUALDIMS_H

#include "mlir/IR/Attributes.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace mlir {
namespace reduce {

inline constexpr llvm::StringLiteral kEqualDimsAttrName = "reduce.equal_dims";

/// One check of `reduce.equal_dims`.
struct EqualDimsCheck {
  int64_t argument = 0;
  int64_t dim = 0;
  /// The other argument and its dim, or no argument and the static size.
  std::optional<int64_t> otherArgument;
  int64_t otherDimOrSize = 0;
  std::string site;

  /// Returns the size the check wants of dim `dim` of argument `argument`,
  /// given the sizes of every argument (`sizesOf(argument)`).
  template <typename SizesOf>
  int64_t expectedSize(SizesOf sizesOf) const {
    return otherArgument ? sizesOf(*otherArgument)[otherDimOrSize]
                         : otherDimOrSize;
  }
  /// The message of a failed check, without the function's name: "dim 0 of
  /// argument #1 has size 1, but dim 0 of argument #0 has size 3: 'arith.addf'
  /// at m.mlir:2:8 needs them equal".
  std::string describeFailure(int64_t given, int64_t expected) const;
};

/// Returns the `reduce.equal_dims` attribute holding `checks`.
Attribute getEqualDimsAttr(MLIRContext *context,
                           llvm::ArrayRef<EqualDimsCheck> checks);

/// Returns the checks of the `reduce.equal_dims` attribute `attr` of a
/// function taking `numArguments` arguments whose ranks are `rankOf(i)`;
/// std::nullopt when the attribute is malformed.
std::optional<std::vector<EqualDimsCheck>>
parseEqualDims(Attribute attr, llvm::function_ref<int64_t(int64_t)> rankOf,
               int64_t numArguments);

} // namespace reduce
} // namespace mlir

#endif // REDUCE_CONVERSION_EQUALDIMS_H

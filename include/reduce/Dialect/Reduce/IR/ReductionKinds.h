//===- ReductionKinds.h - What each reduction kind computes -----*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The description of every ReductionKind, defined once in
// ReductionKinds.def: the element types it accepts, the term each element
// contributes, the combiner (whose identity initializes the accumulator;
// both come from upstream's arith::AtomicRMWKind), the finalizer, the kind
// a split reduction computes its partials with, and the integer and float
// rules. The verifier, the folder, the lowering, raising and sharding read
// it; none of them switches over ReductionKind.
//
// Adding a kind: add its case to Reduce_ReductionKind (ReduceEnums.td) and
// its line to ReductionKinds.def, in the order of the enum's values. A new
// term, combiner or finalizer adds a case to its enum here and to the
// switches over that enum, which the compiler then lists: the folder
// (ReduceFolding.cpp) and the lowering (ReduceToLinalg.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef REDUCE_DIALECT_REDUCE_IR_REDUCTIONKINDS_H
#define REDUCE_DIALECT_REDUCE_IR_REDUCTIONKINDS_H

#include "reduce/Dialect/Reduce/IR/ReduceDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"

#include <cstddef>
#include <iterator>

namespace mlir::reduce {

/// The element types a kind accepts.
enum class ElementClass {
  /// f16, bf16, f32, f64 and the signless and unsigned 8 to 64-bit integers.
  numeric,
  /// i1.
  bools,
};

/// What one input element x contributes to the accumulation, in the
/// accumulator type.
enum class ElementTerm {
  /// x.
  value,
  /// |x| (wrapping for signed integers, x itself for unsigned ones).
  abs,
  /// x * x.
  square,
  /// exp(x - shift), where the shift is the maximum of the reduced elements
  /// when it is finite (log_sum_exp).
  shifted_exp,
};

/// How two accumulated values combine. Each is associative and commutative;
/// its identity (arith::getIdentityValueAttr) is the initial accumulator.
enum class Combiner {
  add,
  mul,
  /// NaN-propagating for floats (arith.minimumf), signed or unsigned for
  /// integers.
  min,
  /// As min.
  max,
  bit_and,
  bit_or,
};

/// What turns the accumulated value into the result (before its conversion
/// to the element type).
enum class Finalizer {
  none,
  /// The sum divided by the number of reduced elements.
  mean,
  sqrt,
  log,
  /// log(sum) + shift (see ElementTerm::shifted_exp).
  log_plus_shift,
};

/// The facts of one kind (see ReductionKinds.def for each field).
struct ReductionKindInfo {
  ReductionKind kind;
  ElementClass elements;
  ElementTerm term;
  Combiner combiner;
  Finalizer finalizer;
  ReductionKind partialKind;
  bool computesIntegersInF64;
  bool hasNanMode;
  bool hasRounding;
};

namespace detail {
/// The table of ReductionKinds.def, indexed by the kind's value.
inline constexpr ReductionKindInfo kReductionKinds[] = {
#define REDUCTION_KIND(KIND, ELEMENTS, TERM, COMBINER, FINALIZER, PARTIAL,     \
                       INTEGERS_IN_F64, NAN_MODE, ROUNDING)                    \
  {ReductionKind::KIND,     ElementClass::ELEMENTS, ElementTerm::TERM,         \
   Combiner::COMBINER,      Finalizer::FINALIZER,   ReductionKind::PARTIAL,    \
   INTEGERS_IN_F64,         NAN_MODE,               ROUNDING},
#include "reduce/Dialect/Reduce/IR/ReductionKinds.def"
};

constexpr bool isIndexedByKind() {
  for (size_t i = 0; i < std::size(kReductionKinds); ++i)
    if (static_cast<size_t>(kReductionKinds[i].kind) != i)
      return false;
  return std::size(kReductionKinds) ==
         static_cast<size_t>(getMaxEnumValForReductionKind()) + 1;
}
static_assert(isIndexedByKind(),
              "ReductionKinds.def must list every kind in the enum's order");
} // namespace detail

/// Returns the description of `kind`.
constexpr const ReductionKindInfo &getKindInfo(ReductionKind kind) {
  return detail::kReductionKinds[static_cast<size_t>(kind)];
}

/// Returns true for the kinds with a `rounding` property (l2).
constexpr bool hasRounding(ReductionKind kind) {
  return getKindInfo(kind).hasRounding;
}

/// Returns true for the kinds that compute integer inputs in f64 and
/// convert the result back (l2, log_sum, log_sum_exp).
constexpr bool computesIntegersInF64(ReductionKind kind) {
  return getKindInfo(kind).computesIntegersInF64;
}

/// Returns true for the kinds with a `nan_mode` property (min and max).
constexpr bool hasNanMode(ReductionKind kind) {
  return getKindInfo(kind).hasNanMode;
}

/// Returns true for the kinds that accumulate terms by addition with a
/// plain term sum (sum, l1, sum_square, l2, mean, log_sum; not log_sum_exp,
/// whose terms depend on a shift): those `f64-accumulation` widens.
constexpr bool isAdditive(ReductionKind kind) {
  const ReductionKindInfo &info = getKindInfo(kind);
  return info.combiner == Combiner::add &&
         info.term != ElementTerm::shifted_exp;
}

/// Returns true if reducing in two steps (over axes A, then B) gives what
/// one reduction over A u B gives: the term is the element itself and there
/// is no finalizer (sum, prod, min, max, logical_and, logical_or).
constexpr bool reducesInSteps(ReductionKind kind) {
  const ReductionKindInfo &info = getKindInfo(kind);
  return info.term == ElementTerm::value && info.finalizer == Finalizer::none;
}

/// Returns the arith kind of the combiner of `kind` on an accumulator that
/// is a float, or an integer read as unsigned (`isUnsigned`) or signed.
arith::AtomicRMWKind getCombinerKind(ReductionKind kind, bool isFloat,
                                     bool isUnsigned);

/// Returns the identity of the combiner of `kind` as an attribute of the
/// signless or float accumulator type `accType` (integers read as unsigned
/// when `isUnsigned`): 0, 1 for prod, +inf or the largest integer for min,
/// -inf or the lowest integer for max, true for logical_and.
TypedAttr getIdentityAttr(ReductionKind kind, Type accType, bool isUnsigned);

/// Creates the combiner of `kind` applied to `lhs` and `rhs`, of the signless
/// or float accumulator type (integers read as unsigned when `isUnsigned`).
Value createCombiner(OpBuilder &builder, Location loc, ReductionKind kind,
                     bool isUnsigned, Value lhs, Value rhs);

/// Combines the constant `value` into the accumulator `acc` as `combiner`
/// does in the emitted code: IEEE arithmetic rounded to nearest, min and max
/// NaN-propagating (llvm::minimum, llvm::maximum, -0.0 below +0.0). Not for
/// the bitwise combiners, whose values are integers.
void combineConstants(Combiner combiner, llvm::APFloat &acc,
                      const llvm::APFloat &value);

/// As above on integers of one width (wrapping), min and max unsigned when
/// `isUnsigned`.
void combineConstants(Combiner combiner, llvm::APInt &acc,
                      const llvm::APInt &value, bool isUnsigned);

/// Returns true if reduce.<kind> accepts `type` as its element type.
bool isSupportedElementType(ReductionKind kind, Type type);

/// Returns the element types reduce.<kind> accepts, as a diagnostic names
/// them ("f16, bf16, f32 or f64", ...).
StringRef getSupportedElementTypesText(ReductionKind kind);

/// Returns true if reduce.<kind> over one element of type `elementType` is
/// the element itself, so that empty axes and reductions of unit dims fold
/// to the input: the term and finalizer undo each other. False for l1 on
/// signed types (|x|), sum_square (x * x), l2 (sqrt(x * x)) and log_sum
/// (log x).
bool isIdentityOnOneElement(ReductionKind kind, Type elementType);

} // namespace mlir::reduce

#endif // REDUCE_DIALECT_REDUCE_IR_REDUCTIONKINDS_H

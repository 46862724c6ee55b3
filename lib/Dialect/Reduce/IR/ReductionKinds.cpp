//===- ReductionKinds.cpp - What each reduction kind computes ---*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The rules derived from the table of ReductionKinds.def: element types,
// identities and combiners (through upstream's arith::AtomicRMWKind).
//
//===----------------------------------------------------------------------===//

#include "reduce/Dialect/Reduce/IR/ReductionKinds.h"

#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace mlir::reduce;

arith::AtomicRMWKind mlir::reduce::getCombinerKind(ReductionKind kind,
                                                   bool isFloat,
                                                   bool isUnsigned) {
  using arith::AtomicRMWKind;
  switch (getKindInfo(kind).combiner) {
  case Combiner::add:
    return isFloat ? AtomicRMWKind::addf : AtomicRMWKind::addi;
  case Combiner::mul:
    return isFloat ? AtomicRMWKind::mulf : AtomicRMWKind::muli;
  case Combiner::min:
    return isFloat      ? AtomicRMWKind::minimumf
           : isUnsigned ? AtomicRMWKind::minu
                        : AtomicRMWKind::mins;
  case Combiner::max:
    return isFloat      ? AtomicRMWKind::maximumf
           : isUnsigned ? AtomicRMWKind::maxu
                        : AtomicRMWKind::maxs;
  case Combiner::bit_and:
    return AtomicRMWKind::andi;
  case Combiner::bit_or:
    return AtomicRMWKind::ori;
  }
  llvm_unreachable("unknown combiner");
}

TypedAttr mlir::reduce::getIdentityAttr(ReductionKind kind, Type accType,
                                        bool isUnsigned) {
  OpBuilder builder(accType.getContext());
  return arith::getIdentityValueAttr(
      getCombinerKind(kind, isa<FloatType>(accType), isUnsigned), accType,
      builder, builder.getUnknownLoc());
}

Value mlir::reduce::createCombiner(OpBuilder &builder, Location loc,
                                   ReductionKind kind, bool isUnsigned,
                                   Value lhs, Value rhs) {
  return arith::getReductionOp(
      getCombinerKind(kind, isa<FloatType>(getElementTypeOrSelf(lhs)),
                      isUnsigned),
      builder, loc, lhs, rhs);
}

void mlir::reduce::combineConstants(Combiner combiner, llvm::APFloat &acc,
                                    const llvm::APFloat &value) {
  constexpr auto rne = llvm::APFloat::rmNearestTiesToEven;
  switch (combiner) {
  case Combiner::add:
    acc.add(value, rne);
    return;
  case Combiner::mul:
    acc.multiply(value, rne);
    return;
  case Combiner::min:
    acc = llvm::minimum(acc, value);
    return;
  case Combiner::max:
    acc = llvm::maximum(acc, value);
    return;
  case Combiner::bit_and:
  case Combiner::bit_or:
    break;
  }
  llvm_unreachable("a bitwise combiner on floats");
}

void mlir::reduce::combineConstants(Combiner combiner, llvm::APInt &acc,
                                    const llvm::APInt &value, bool isUnsigned) {
  switch (combiner) {
  case Combiner::add:
    acc += value;
    return;
  case Combiner::mul:
    acc *= value;
    return;
  case Combiner::min:
    acc = isUnsigned ? llvm::APIntOps::umin(acc, value)
                     : llvm::APIntOps::smin(acc, value);
    return;
  case Combiner::max:
    acc = isUnsigned ? llvm::APIntOps::umax(acc, value)
                     : llvm::APIntOps::smax(acc, value);
    return;
  case Combiner::bit_and:
    acc &= value;
    return;
  case Combiner::bit_or:
    acc |= value;
    return;
  }
  llvm_unreachable("unknown combiner");
}

bool mlir::reduce::isSupportedElementType(ReductionKind kind, Type type) {
  if (getKindInfo(kind).elements == ElementClass::bools)
    return type.isSignlessInteger(1);
  if (type.isF16() || type.isBF16() || type.isF32() || type.isF64())
    return true;
  auto intType = dyn_cast<IntegerType>(type);
  if (!intType || intType.isSigned())
    return false;
  unsigned width = intType.getWidth();
  return width == 8 || width == 16 || width == 32 || width == 64;
}

StringRef mlir::reduce::getSupportedElementTypesText(ReductionKind kind) {
  if (getKindInfo(kind).elements == ElementClass::bools)
    return "i1";
  return "f16, bf16, f32, f64, i8/i16/i32/i64 or ui8/ui16/ui32/ui64";
}

bool mlir::reduce::isIdentityOnOneElement(ReductionKind kind,
                                          Type elementType) {
  const ReductionKindInfo &info = getKindInfo(kind);
  switch (info.term) {
  case ElementTerm::value:
    return info.finalizer == Finalizer::none ||
           info.finalizer == Finalizer::mean;
  case ElementTerm::abs:
    return elementType.isUnsignedInteger() &&
           info.finalizer == Finalizer::none;
  case ElementTerm::square:
    return false;
  case ElementTerm::shifted_exp:
    return info.finalizer == Finalizer::log_plus_shift;
  }
  llvm_unreachable("unknown element term");
}

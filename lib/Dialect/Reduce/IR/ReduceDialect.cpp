//===- ReduceDialect.cpp - Reduce dialect -----------------------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Registers the ops of the `reduce` dialect and materializes the constants
// its folders produce.
//
//===----------------------------------------------------------------------===//

#include "reduce/Dialect/Reduce/IR/ReduceDialect.h"
#include "reduce/Dialect/Reduce/IR/ReduceOps.h"

#include "StrictProperties.h"
#include "reduce/Dialect/Reduce/IR/AxisOps.h"

using namespace mlir;
using namespace mlir::reduce;

#include "llvm/ADT/TypeSwitch.h"

#include "reduce/Dialect/Reduce/IR/ReduceOpsDialect.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "reduce/Dialect/Reduce/IR/ReduceAttrs.cpp.inc"

void ReduceDialect::initialize() {
  // An unknown name in the properties of the generic form is an error.
  addStrictOperations<
#define GET_OP_LIST
#include "reduce/Dialect/Reduce/IR/ReduceOps.cpp.inc"
      >(*this);
  addStrictOperations<
#define GET_OP_LIST
#include "reduce/Dialect/Reduce/IR/ArgReductionOps.cpp.inc"
      >(*this);
  addStrictOperations<
#define GET_OP_LIST
#include "reduce/Dialect/Reduce/IR/ScanOps.cpp.inc"
      >(*this);
  addAttributes<
#define GET_ATTRDEF_LIST
#include "reduce/Dialect/Reduce/IR/ReduceAttrs.cpp.inc"
      >();
}

Operation *ReduceDialect::materializeConstant(OpBuilder &builder,
                                              Attribute value, Type type,
                                              Location loc) {
  return arith::ConstantOp::materialize(builder, value, type, loc);
}

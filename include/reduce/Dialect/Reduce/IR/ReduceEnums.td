//===- ReduceEnums.td - Reduce dialect enums ---------------*- tablegen -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Enumerations used by the properties of the reduce ops.
//
//===----------------------------------------------------------------------===//

#ifndef REDUCE_DIALECT_REDUCE_IR_REDUCEENUMS_TD
#define REDUCE_DIALECT_REDUCE_IR_REDUCEENUMS_TD

include "mlir/IR/EnumAttr.td"

def Reduce_ReductionKind : I32Enum<"ReductionKind",
    "the reductions of the dialect, one per op (named as its mnemonic)", [
      I32EnumCase<"sum", 0>,
      I32EnumCase<"l1", 1>,
      I32EnumCase<"min", 2>,
      I32EnumCase<"max", 3>,
      I32EnumCase<"prod", 4>,
      I32EnumCase<"mean", 5>,
      I32EnumCase<"l2", 6>,
      I32EnumCase<"sum_square", 7>,
      I32EnumCase<"log_sum", 8>,
      I32EnumCase<"log_sum_exp", 9>,
      I32EnumCase<"logical_and", 10>,
      I32EnumCase<"logical_or", 11>
    ]> {
  let cppNamespace = "::mlir::reduce";
}

def Reduce_NanMode : I32Enum<"NanMode",
    "how reduce.min and reduce.max treat NaN inputs", [
      I32EnumCase<"propagate", 0>,
      I32EnumCase<"ignore", 1>
    ]> {
  let cppNamespace = "::mlir::reduce";
}

def Reduce_EmptyAxesMode : I32Enum<"EmptyAxesMode",
    "what an empty runtime axes tensor means", [
      I32EnumCase<"noop", 0>,
      I32EnumCase<"all", 1>
    ]> {
  let cppNamespace = "::mlir::reduce";
}

def Reduce_IntRounding : I32Enum<"IntRounding",
    "how reduce.l2 rounds its float result into an integer element type", [
      I32EnumCase<"toward_zero", 0>,
      I32EnumCase<"nearest_even", 1>
    ]> {
  let cppNamespace = "::mlir::reduce";
}

def Reduce_VectorStrategy : I32Enum<"VectorStrategy",
    "the strategy of a plan: one per plan attribute, a split one per kind", [
      I32EnumCase<"split_short_rows", 0>,
      I32EnumCase<"split_blocks", 1>,
      I32EnumCase<"split_threads", 2>,
      I32EnumCase<"row_tiles", 3>,
      I32EnumCase<"inner", 4>,
      I32EnumCase<"outer", 5>,
      I32EnumCase<"elementwise", 6>,
      I32EnumCase<"split_long_rows", 7>,
      I32EnumCase<"none", 8>
    ]> {
  let cppNamespace = "::mlir::reduce";
}

def Reduce_SplitKind : I32Enum<"SplitKind",
    "how reduce-split-reductions splits one linalg reduction into two", [
      I32EnumCase<"short_rows", 0>,
      I32EnumCase<"long_rows", 1>,
      I32EnumCase<"blocks", 2>,
      I32EnumCase<"threads", 3>
    ]> {
  let cppNamespace = "::mlir::reduce";
}

def Reduce_MvnEpsMode : I32Enum<"MvnEpsMode",
    "where reduce.mvn adds epsilon to the variance", [
      I32EnumCase<"inside_sqrt", 0>,
      I32EnumCase<"outside_sqrt", 1>
    ]> {
  let cppNamespace = "::mlir::reduce";
}

def Reduce_L2EpsMode : I32Enum<"L2EpsMode",
    "how reduce.normalize_l2 combines epsilon with the sum of squares", [
      I32EnumCase<"add", 0>,
      I32EnumCase<"max", 1>
    ]> {
  let cppNamespace = "::mlir::reduce";
}

#endif // REDUCE_DIALECT_REDUCE_IR_REDUCEENUMS_TD

//===- ReduceDialect.td - Reduce dialect definition --------*- tablegen -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The `reduce` dialect and the base class of its operations.
//
//===----------------------------------------------------------------------===//

#ifndef REDUCE_DIALECT_REDUCE_IR_REDUCEDIALECT_TD
#define REDUCE_DIALECT_REDUCE_IR_REDUCEDIALECT_TD

include "mlir/IR/OpBase.td"

def Reduce_Dialect : Dialect {
  let name = "reduce";
  let cppNamespace = "::mlir::reduce";
  let summary = "Tensor reductions with OpenVINO and ONNX semantics";
  let description = [{
    The `reduce` dialect models the reduction operators of the OpenVINO opset
    (ReduceSum-1, ReduceL1-4, ReduceL2-4, ReduceMin-1, ReduceMax-1,
    ReduceProd-1, ReduceMean-1, ReduceLogicalAnd-1, ReduceLogicalOr-1) and of
    ONNX (ReduceSum, ReduceL1, ReduceL2, ReduceMin, ReduceMax, ReduceProd,
    ReduceMean, ReduceSumSquare, ReduceLogSum, ReduceLogSumExp up to opset
    18, and opset 20's ReduceMin/ReduceMax on bool) on value-semantic
    tensors, with their exact semantics: negative axes, empty axes,
    `keep_dims`, size-0 dimensions, NaN handling, integer wrap-around (and
    the exact integer mean, and integer l2 and logs computed in f64), and
    the accumulation type of 16-bit floats.

    Every op reduces its `input` over a set of `axes`, given either as a
    static list (`axes [0, 2]`) or as a runtime tensor operand
    (`axes %a`). Constant axes operands canonicalize into the static form,
    and the static form is kept normalized (sorted, non-negative).
  }];
  let hasConstantMaterializer = 1;
  let useDefaultAttributePrinterParser = 1;
  // The attributes the planning passes record on the ops and functions they
  // plan (ReduceAttrs.td), checked by verifyOperationAttribute.
  let hasOperationAttrVerify = 1;
  let discardableAttrs = (ins
    "::mlir::reduce::PlanAttrInterface":$plan,
    "::mlir::reduce::FunctionPlanAttr":$function_plan
  );
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::math::MathDialect",
    "::mlir::tensor::TensorDialect"
  ];
}

/// Base class of every op of the dialect.
class Reduce_Op<string mnemonic, list<Trait> traits = []>
    : Op<Reduce_Dialect, mnemonic, traits>;

#endif // REDUCE_DIALECT_REDUCE_IR_REDUCEDIALECT_TD

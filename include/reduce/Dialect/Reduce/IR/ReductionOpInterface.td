//===- ReductionOpInterface.td - The reduce ops -----------*- tablegen -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The interface of the reduction ops: what passes ask of any of them
// without knowing its class.
//
//===----------------------------------------------------------------------===//

#ifndef REDUCE_DIALECT_REDUCE_IR_REDUCTIONOPINTERFACE_TD
#define REDUCE_DIALECT_REDUCE_IR_REDUCTIONOPINTERFACE_TD

include "mlir/IR/OpBase.td"

def Reduce_ReductionOpInterface : OpInterface<"ReductionOpInterface"> {
  let cppNamespace = "::mlir::reduce";
  let description = [{
    A reduction of the dialect: its kind, its input, its axes (a static
    list or an axes operand), `keep_dims`, `empty_axes`, and the properties
    only some kinds have (`nan_mode` for min and max, `rounding` for l2),
    answered with their defaults by the other kinds.
  }];
  let methods = [
    InterfaceMethod<"Returns the reduction the op computes.",
      "::mlir::reduce::ReductionKind", "getReductionKind", (ins), [{}],
      [{ return ConcreteOp::kKind; }]>,
    InterfaceMethod<"Returns the reduced tensor.",
      "::mlir::Value", "getInput">,
    InterfaceMethod<"Returns the axes operand, or null for static axes.",
      "::mlir::Value", "getAxesOperand">,
    InterfaceMethod<"Returns the static axes, or nullopt for an operand.",
      "::std::optional<::llvm::ArrayRef<int64_t>>", "getAxes">,
    InterfaceMethod<"Returns true if the reduced dims are kept with size 1.",
      "bool", "getKeepDims">,
    InterfaceMethod<"Returns what an empty runtime axes tensor means.",
      "::mlir::reduce::EmptyAxesMode", "getEmptyAxes">,
    InterfaceMethod<[{
        Returns how NaN inputs are treated: the `nan_mode` of min and max,
        else `propagate` (which the other kinds ignore).
      }],
      "::mlir::reduce::NanMode", "getNanModeOrDefault", (ins), [{}],
      [{ return ::mlir::reduce::getNanModeOf($_op); }]>,
    InterfaceMethod<[{
        Returns how a float result is rounded into an integer type: the
        `rounding` of l2, else `toward_zero`.
      }],
      "::mlir::reduce::IntRounding", "getRoundingOrDefault", (ins), [{}],
      [{ return ::mlir::reduce::getRoundingOf($_op); }]>
  ];
  let extraSharedClassDeclaration = [{
    /// Returns true when the axes are given as a static list.
    bool hasStaticAxes() { return $_op.getAxes().has_value(); }
  }];
}

#endif // REDUCE_DIALECT_REDUCE_IR_REDUCTIONOPINTERFACE_TD

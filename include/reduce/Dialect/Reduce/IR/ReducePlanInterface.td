//===- ReducePlanInterface.td - The interface of plans -----*- tablegen -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// What every plan attribute (ReduceAttrs.td) answers, whatever its family.
//
//===----------------------------------------------------------------------===//

#ifndef REDUCE_DIALECT_REDUCE_IR_REDUCEPLANINTERFACE_TD
#define REDUCE_DIALECT_REDUCE_IR_REDUCEPLANINTERFACE_TD

include "mlir/IR/OpBase.td"

def Reduce_PlanAttrInterface : AttrInterface<"PlanAttrInterface"> {
  let cppNamespace = "::mlir::reduce";
  let description = [{
    A plan: how one linalg op on tensors is split, or tiled and vectorized,
    recorded by `reduce-plan` (or `reduce-split-reductions`) as the
    `reduce.plan` attribute of the op. Each strategy family has its own
    attribute, which holds only the sizes that family uses.
  }];
  let methods = [
    InterfaceMethod<"Returns the strategy the plan applies.",
      "::mlir::reduce::VectorStrategy", "getStrategy">,
    InterfaceMethod<[{
        Returns the distribution over threads that precedes the tiling (a
        `ThreadsAttr`), or null when the op runs on one thread.
      }],
      "::mlir::Attribute", "getThreads", (ins), [{}],
      [{ return {}; }]>
  ];
  let extraClassDeclaration = [{
    /// The distribution over threads that precedes the tiling, or null.
    ::mlir::reduce::ThreadsAttr getDistribution() const;
  }];
}

#endif // REDUCE_DIALECT_REDUCE_IR_REDUCEPLANINTERFACE_TD

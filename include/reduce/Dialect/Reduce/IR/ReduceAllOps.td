//===- ReduceAllOps.td - Every op of the reduce dialect ----*- tablegen -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The reductions and normalizations (ReduceOps.td) and the ops along one
// axis: the arg-reductions and the scans. The dialect reference is generated
// from this file. The ops along one axis are declared in a header of their
// own (AxisOps.h, from this file filtered to them), so that
// adding one does not touch ReduceOps.h, which most of the project includes.
//
//===----------------------------------------------------------------------===//

#ifndef REDUCE_DIALECT_REDUCE_IR_REDUCEALLOPS_TD
#define REDUCE_DIALECT_REDUCE_IR_REDUCEALLOPS_TD

include "reduce/Dialect/Reduce/IR/ReduceOps.td"
include "reduce/Dialect/Reduce/IR/ArgReductionOps.td"
include "reduce/Dialect/Reduce/IR/ScanOps.td"

#endif // REDUCE_DIALECT_REDUCE_IR_REDUCEALLOPS_TD

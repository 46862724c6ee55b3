//===- ConstantFolding.h - Evaluate ONNX nodes on constants -----*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The ONNX importer evaluates a node whose inputs are all constants (an
// initializer, a Constant node's output, the shape of a value whose shape is
// static, or an earlier folded node) when its op registration (OpRegistry.h)
// has one of these folders, so that the shape subgraphs exporters write
// (Shape -> Gather -> Unsqueeze -> Concat -> Reshape, ConstantOfShape, Range,
// Cast, arithmetic on the counts) become constants instead of runtime code.
// The shape rules of the view ops (Reshape, Squeeze, Unsqueeze, Flatten) and
// of broadcasting are shared with the importer, which applies them to values
// that are not constants.
//
// Every rule of ONNX the inputs can break (an index out of range, a shape a
// reshape cannot reach, shapes that do not broadcast, an integer division by
// zero) is an error, never undefined behaviour; a folded constant holds at
// most kMaxFoldedElements elements.
//
//===----------------------------------------------------------------------===//

#ifndef REDUCE_LIB_IMPORT_ONNX_CONSTANTFOLDING_H
#define REDUCE_LIB_IMPORT_ONNX_CONSTANTFOLDING_H

#include "OpRegistry.h"

#include "reduce/Dialect/Reduce/IR/ReduceOps.h"
#include "reduce/Runtime/Buffer.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Error.h"

#include <onnx/onnx_pb.h>

#include <functional>
#include <optional>

namespace mlir::reduce::onnx_import {

/// The largest number of elements a folded constant may have.
constexpr int64_t kMaxFoldedElements = int64_t(1) << 24;

/// The elementwise ops the folder evaluates: how each domain (float,
/// signed, unsigned, bool) computes them.
enum class Elementwise {
  add,
  sub,
  mul,
  div,
  pow,
  max,
  min,
  sum,
  equal,
  less,
  lessOrEqual,
  greater,
  greaterOrEqual,
  logicalAnd,
  logicalOr,
  logicalXor,
  // Unary.
  neg,
  abs,
  sqrt,
  reciprocal,
  exp,
  log,
  floor,
  ceil,
  logicalNot,
};

/// The folder of the elementwise op `op` (no attributes; the binary ops
/// from opset 7, without the `broadcast` attribute).
OpFolder getElementwiseFolder(Elementwise op);

/// The folders of the shape ops and of Cast, Clip and Where, on a node
/// whose inputs are all constants.
llvm::Expected<Buffer> foldIdentity(const FoldInputs &in);
llvm::Expected<Buffer> foldGather(const FoldInputs &in);
llvm::Expected<Buffer> foldExpand(const FoldInputs &in);
llvm::Expected<Buffer> foldConcat(const FoldInputs &in);
llvm::Expected<Buffer> foldConstantOfShape(const FoldInputs &in);
llvm::Expected<Buffer> foldRange(const FoldInputs &in);
llvm::Expected<Buffer> foldCast(const FoldInputs &in);
llvm::Expected<Buffer> foldWhere(const FoldInputs &in);
/// Clip-1/6 (`boundsAsInputs` false: attributes) and Clip-11+.
llvm::Expected<Buffer> foldClip(const FoldInputs &in, bool boundsAsInputs);
/// Slice-1 (`rangesAsInputs` false: attributes starts, ends, axes) and
/// Slice-10+ (inputs data, starts, ends, axes?, steps?).
llvm::Expected<Buffer> foldSlice(const FoldInputs &in, bool rangesAsInputs);

/// Evaluates a reduction of kind sum, prod, min, max or mean over the
/// (normalized, sorted, unique) `dims` of `input`; nullopt for the other
/// kinds and for element types the folder leaves to the dialect (bools).
std::optional<Buffer> foldReduction(ReductionKind kind, const Buffer &input,
                                    llvm::ArrayRef<int64_t> dims,
                                    bool keepDims);

/// Shape-1/15 of a value of shape `shape`: its dims [start, end) (negative
/// values count from the end, both clamped to [0, rank]).
Buffer getShapeTensor(llvm::ArrayRef<int64_t> shape, int64_t start,
                      std::optional<int64_t> end);

/// The result shape of a view node (Reshape, Squeeze, Unsqueeze or
/// Flatten) on data of the static shape `shape`. `inputs` are the node's
/// inputs after the data (the shape or axes input; null when absent), which
/// must be constants.
using ViewShapeFn = std::function<llvm::Expected<llvm::SmallVector<int64_t>>(
    const onnx::NodeProto &node, llvm::ArrayRef<int64_t> shape,
    llvm::ArrayRef<const Buffer *> inputs)>;

/// Reshape-5 (0 copies the input dim) and Reshape-14 (`allowzero`).
llvm::Expected<llvm::SmallVector<int64_t>>
getReshapeShape(const onnx::NodeProto &node, bool hasAllowZero,
                llvm::ArrayRef<int64_t> shape,
                llvm::ArrayRef<const Buffer *> inputs);
llvm::Expected<llvm::SmallVector<int64_t>>
getFlattenShape(const onnx::NodeProto &node, llvm::ArrayRef<int64_t> shape,
                llvm::ArrayRef<const Buffer *> inputs);
/// Squeeze and Unsqueeze: the axes an attribute before 13, an input from
/// 13 on (`axesAsInput`; optional for Squeeze).
llvm::Expected<llvm::SmallVector<int64_t>>
getSqueezeShape(const onnx::NodeProto &node, bool axesAsInput,
                llvm::ArrayRef<int64_t> shape,
                llvm::ArrayRef<const Buffer *> inputs);
llvm::Expected<llvm::SmallVector<int64_t>>
getUnsqueezeShape(const onnx::NodeProto &node, bool axesAsInput,
                  llvm::ArrayRef<int64_t> shape,
                  llvm::ArrayRef<const Buffer *> inputs);

/// A view of a constant: its data with the shape `getShape` gives.
llvm::Expected<Buffer> foldView(const FoldInputs &in,
                                const ViewShapeFn &getShape);

/// The shape Expand gives data of shape `shape` for the shape tensor
/// `target` (ONNX's multidirectional broadcast of the two).
llvm::Expected<llvm::SmallVector<int64_t>>
getExpandShape(llvm::ArrayRef<int64_t> shape, const Buffer &target);

/// The dims of a shape input (Expand's, ConstantOfShape's): a 1-D INT64
/// tensor of non-negative sizes.
llvm::Expected<llvm::SmallVector<int64_t>> readShapeInput(const Buffer &data);

/// The multidirectional (numpy) broadcast of `shapes`.
llvm::Expected<llvm::SmallVector<int64_t>>
getBroadcastShape(llvm::ArrayRef<llvm::ArrayRef<int64_t>> shapes);

} // namespace mlir::reduce::onnx_import

#endif // REDUCE_LIB_IMPORT_ONNX_CONSTANTFOLDING_H

//===- RuntimeSupport.cpp - What compiled code needs at run time -*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The helpers are LLVM-dialect text parsed into the module: they are loops
// over runtime ranks, which would be long to build op by op.
//
//===----------------------------------------------------------------------===//

#include "reduce/Compile/RuntimeSupport.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Parser/Parser.h"

using namespace mlir;
using namespace mlir::reduce;

/// The strided copy (RuntimeSupport.h). Walks the dims from the innermost to
/// count the elements and see whether both sides are dense (a dim of size 1
/// may have any stride), then copies at once or element by element, each
/// linear index split into per-dim indices.
static constexpr llvm::StringLiteral kCopyHelper = R"mlir(
llvm.func internal @__reduce_aot_copy(%dst: !llvm.ptr, %dstStrides: !llvm.ptr,
    %src: !llvm.ptr, %srcStrides: !llvm.ptr, %sizes: !llvm.ptr, %rank: i64,
    %width: i64) {
  %c0 = llvm.mlir.constant(0 : i64) : i64
  %c1 = llvm.mlir.constant(1 : i64) : i64
  %true = llvm.mlir.constant(true) : i1
  llvm.br ^dims(%rank, %c1, %true : i64, i64, i1)
^dims(%left: i64, %count: i64, %dense: i1):
  %dimsDone = llvm.icmp "eq" %left, %c0 : i64
  llvm.cond_br %dimsDone, ^counted, ^dim
^dim:
  %d = llvm.sub %left, %c1 : i64
  %sizeAddr = llvm.getelementptr %sizes[%d] : (!llvm.ptr, i64) -> !llvm.ptr, i64
  %size = llvm.load %sizeAddr : !llvm.ptr -> i64
  %srcStrideAddr = llvm.getelementptr %srcStrides[%d] : (!llvm.ptr, i64) -> !llvm.ptr, i64
  %srcStride = llvm.load %srcStrideAddr : !llvm.ptr -> i64
  %dstStrideAddr = llvm.getelementptr %dstStrides[%d] : (!llvm.ptr, i64) -> !llvm.ptr, i64
  %dstStride = llvm.load %dstStrideAddr : !llvm.ptr -> i64
  %isOne = llvm.icmp "eq" %size, %c1 : i64
  %srcDense = llvm.icmp "eq" %srcStride, %count : i64
  %dstDense = llvm.icmp "eq" %dstStride, %count : i64
  %bothDense = llvm.and %srcDense, %dstDense : i1
  %dimOk = llvm.or %isOne, %bothDense : i1
  %stillDense = llvm.and %dense, %dimOk : i1
  %nextCount = llvm.mul %count, %size : i64
  llvm.br ^dims(%d, %nextCount, %stillDense : i64, i64, i1)
^counted:
  llvm.cond_br %dense, ^memcpy, ^loop(%c0 : i64)
^memcpy:
  %bytes = llvm.mul %count, %width : i64
  "llvm.intr.memcpy"(%dst, %src, %bytes) <{isVolatile = false}> : (!llvm.ptr, !llvm.ptr, i64) -> ()
  llvm.return
^loop(%linear: i64):
  %loopDone = llvm.icmp "eq" %linear, %count : i64
  llvm.cond_br %loopDone, ^exit, ^offset(%rank, %linear, %c0, %c0 : i64, i64, i64, i64)
^offset(%dimsLeft: i64, %rest: i64, %srcOffset: i64, %dstOffset: i64):
  %offsetDone = llvm.icmp "eq" %dimsLeft, %c0 : i64
  llvm.cond_br %offsetDone, ^element, ^step
^step:
  %e = llvm.sub %dimsLeft, %c1 : i64
  %stepSizeAddr = llvm.getelementptr %sizes[%e] : (!llvm.ptr, i64) -> !llvm.ptr, i64
  %stepSize = llvm.load %stepSizeAddr : !llvm.ptr -> i64
  %stepSrcAddr = llvm.getelementptr %srcStrides[%e] : (!llvm.ptr, i64) -> !llvm.ptr, i64
  %stepSrcStride = llvm.load %stepSrcAddr : !llvm.ptr -> i64
  %stepDstAddr = llvm.getelementptr %dstStrides[%e] : (!llvm.ptr, i64) -> !llvm.ptr, i64
  %stepDstStride = llvm.load %stepDstAddr : !llvm.ptr -> i64
  %index = llvm.urem %rest, %stepSize : i64
  %nextRest = llvm.udiv %rest, %stepSize : i64
  %srcMove = llvm.mul %index, %stepSrcStride : i64
  %nextSrcOffset = llvm.add %srcOffset, %srcMove : i64
  %dstMove = llvm.mul %index, %stepDstStride : i64
  %nextDstOffset = llvm.add %dstOffset, %dstMove : i64
  llvm.br ^offset(%e, %nextRest, %nextSrcOffset, %nextDstOffset : i64, i64, i64, i64)
^element:
  %srcByte = llvm.mul %srcOffset, %width : i64
  %from = llvm.getelementptr %src[%srcByte] : (!llvm.ptr, i64) -> !llvm.ptr, i8
  %dstByte = llvm.mul %dstOffset, %width : i64
  %to = llvm.getelementptr %dst[%dstByte] : (!llvm.ptr, i64) -> !llvm.ptr, i8
  "llvm.intr.memcpy"(%to, %from, %width) <{isVolatile = false}> : (!llvm.ptr, !llvm.ptr, i64) -> ()
  %next = llvm.add %linear, %c1 : i64
  llvm.br ^loop(%next : i64)
^exit:
  llvm.return
}
)mlir";

/// MLIR's memrefCopy(elementSize, UnrankedMemRefType *src, *dst) on the
/// copy helper. An unranked memref is {i64 rank, ptr descriptor}; a
/// descriptor is {ptr allocated, ptr aligned, i64 offset, i64 sizes[rank],
/// i64 strides[rank]}; both sides have the same sizes.
static constexpr llvm::StringLiteral kMemrefCopy = R"mlir(
llvm.func internal @memrefCopy(%width: i64, %src: !llvm.ptr, %dst: !llvm.ptr) {
  %rank = llvm.load %src : !llvm.ptr -> i64
  %srcDescAddr = llvm.getelementptr %src[8] : (!llvm.ptr) -> !llvm.ptr, i8
  %srcDesc = llvm.load %srcDescAddr : !llvm.ptr -> !llvm.ptr
  %dstDescAddr = llvm.getelementptr %dst[8] : (!llvm.ptr) -> !llvm.ptr, i8
  %dstDesc = llvm.load %dstDescAddr : !llvm.ptr -> !llvm.ptr
  %srcAlignedAddr = llvm.getelementptr %srcDesc[8] : (!llvm.ptr) -> !llvm.ptr, i8
  %srcAligned = llvm.load %srcAlignedAddr : !llvm.ptr -> !llvm.ptr
  %srcOffsetAddr = llvm.getelementptr %srcDesc[16] : (!llvm.ptr) -> !llvm.ptr, i8
  %srcOffset = llvm.load %srcOffsetAddr : !llvm.ptr -> i64
  %dstAlignedAddr = llvm.getelementptr %dstDesc[8] : (!llvm.ptr) -> !llvm.ptr, i8
  %dstAligned = llvm.load %dstAlignedAddr : !llvm.ptr -> !llvm.ptr
  %dstOffsetAddr = llvm.getelementptr %dstDesc[16] : (!llvm.ptr) -> !llvm.ptr, i8
  %dstOffset = llvm.load %dstOffsetAddr : !llvm.ptr -> i64
  %sizes = llvm.getelementptr %srcDesc[24] : (!llvm.ptr) -> !llvm.ptr, i8
  %srcStrides = llvm.getelementptr %sizes[%rank] : (!llvm.ptr, i64) -> !llvm.ptr, i64
  %dstSizes = llvm.getelementptr %dstDesc[24] : (!llvm.ptr) -> !llvm.ptr, i8
  %dstStrides = llvm.getelementptr %dstSizes[%rank] : (!llvm.ptr, i64) -> !llvm.ptr, i64
  %srcByte = llvm.mul %srcOffset, %width : i64
  %from = llvm.getelementptr %srcAligned[%srcByte] : (!llvm.ptr, i64) -> !llvm.ptr, i8
  %dstByte = llvm.mul %dstOffset, %width : i64
  %to = llvm.getelementptr %dstAligned[%dstByte] : (!llvm.ptr, i64) -> !llvm.ptr, i8
  llvm.call @__reduce_aot_copy(%to, %dstStrides, %from, %srcStrides, %sizes, %rank, %width) : (!llvm.ptr, !llvm.ptr, !llvm.ptr, !llvm.ptr, !llvm.ptr, i64, i64) -> ()
  llvm.return
}
)mlir";

/// Parses `text` and moves its operations to the end of `module`.
static llvm::Error insertText(ModuleOp module, llvm::StringRef text) {
  OwningOpRef<ModuleOp> parsed =
      parseSourceString<ModuleOp>(text, module.getContext());
  if (!parsed)
    return llvm::createStringError(
        "cannot parse the runtime support functions");
  for (Operation &op :
       llvm::make_early_inc_range(parsed->getBody()->getOperations())) {
    op.remove();
    module.getBody()->push_back(&op);
  }
  return llvm::Error::success();
}

llvm::Error mlir::reduce::defineRuntimeSupport(ModuleOp lowered) {
  if (lowered.lookupSymbol(kCopyHelperName))
    return llvm::createStringError("the module already has a symbol named '" +
                                   kCopyHelperName + "'");
  std::string text = kCopyHelper.str();
  if (auto declared = lowered.lookupSymbol<LLVM::LLVMFuncOp>("memrefCopy")) {
    if (!declared.isExternal())
      return llvm::createStringError("the module defines its own 'memrefCopy'");
    declared.erase();
    text += kMemrefCopy;
  }
  if (llvm::Error err = insertText(lowered, text))
    return err;
  // Any other function of libmlir_c_runner_utils or libmlir_runner_utils.
  static const llvm::StringLiteral runtimePrefixes[] = {
      "memref", "_mlir", "print", "verifyMemRef", "mgpu"};
  for (auto func : lowered.getOps<LLVM::LLVMFuncOp>()) {
    if (!func.isExternal())
      continue;
    for (StringRef prefix : runtimePrefixes)
      if (func.getName().starts_with(prefix))
        return llvm::createStringError(
            "the lowered code calls '" + func.getName() +
            "' from MLIR's runtime library; expected calls to "
            "libc, libm and libomp only");
  }
  return llvm::Error::success();
}

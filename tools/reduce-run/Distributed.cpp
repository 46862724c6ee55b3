//===- Distributed.cpp - reduce-run's side of an MPI job --------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "Distributed.h"

#include <cstring>

using namespace mlir;
using namespace mlir::reduce;

Buffer mlir::reduce::sliceBuffer(const Buffer &full, ArrayRef<int64_t> offsets,
                                 ArrayRef<int64_t> sizes) {
  Buffer block(full.getElementType(), sizes);
  copyBlock(const_cast<char *>(static_cast<const char *>(full.getData())),
            full.getShape(), static_cast<char *>(block.getData()), offsets,
            sizes, getByteWidth(full.getElementType()), /*toBlock=*/true);
  return block;
}

llvm::Expected<Buffer> mlir::reduce::gatherResult(const MPIRuntime &mpi,
                                                  Buffer local,
                                                  const TensorSplit &split,
                                                  ArrayRef<int64_t> gridShape) {
  bool isSplit = llvm::any_of(
      split.splitAxes, [](const SmallVector<int16_t> &axes) {
        return !axes.empty();
      });
  if (!isSplit)
    return std::move(local);
  size_t bytes = local.getSizeInBytes();
  bool root = mpi.getRank() == 0;
  std::vector<char> blocks(root ? bytes * mpi.getSize() : 0);
  if (llvm::Error err =
          mpi.gatherToRoot(local.getData(), bytes, blocks.data()))
    return std::move(err);
  if (!root)
    return std::move(local);
  // Every process holds a block of the same shape (even splits): the
  // whole has as many blocks along each split dim as processes split it.
  SmallVector<int64_t> wholeShape(local.getShape());
  for (auto [dim, axes] : llvm::enumerate(split.splitAxes))
    for (int16_t axis : axes)
      wholeShape[dim] *= gridShape[axis];
  Buffer whole(local.getElementType(), wholeShape);
  size_t width = getByteWidth(local.getElementType());
  for (int64_t rank = 0; rank < mpi.getSize(); ++rank) {
    SmallVector<int64_t> offsets =
        getBlockOffsets(split, local.getShape(),
                        getProcessIndex(rank, gridShape), gridShape);
    copyBlock(static_cast<char *>(whole.getData()), wholeShape,
              blocks.data() + rank * bytes, offsets, local.getShape(), width,
              /*toBlock=*/false);
  }
  return std::move(whole);
}

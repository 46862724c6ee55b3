//===- CInterface.h - The C interface of compiled functions -----*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// What `reduce-compile` exports and how C calls it, decided once from the
// tensor-level module (analyzeCInterface) and completed from the lowered one
// (recordLowering). The wrapper emitter (CWrappers.h) and the header writer
// (CHeader.h) only carry these decisions out; docs/aot.md describes the ABI.
//
// Every public function becomes one exported C function
//
//   int32_t NAME(arg0, ..., argN, result0, ..., resultM);
//
// returning a CReturnCode. A tensor whose shape is static is passed as a
// pointer to its dense row-major elements (`const T *` for an argument,
// `T *` for a result); a tensor with a dynamic size is passed as a pointer
// to a descriptor (CHeader.h writes its struct):
//
//   argument: { const T *data; int64_t sizes[R]; int64_t strides[R]; }
//   result:   { T *data; int64_t capacity; int64_t sizes[R];
//               int64_t strides[R]; }
//
// Strides are in elements. An argument must be dense row-major (a stride of
// a dimension of size 1 is not looked at); a result's `capacity` is the
// number of elements `data` holds, and the call writes `sizes` and
// (row-major) `strides`.
//
//===----------------------------------------------------------------------===//

#ifndef REDUCE_COMPILE_CINTERFACE_H
#define REDUCE_COMPILE_CINTERFACE_H

#include "reduce/Runtime/Buffer.h"

#include "mlir/IR/BuiltinOps.h"
#include "reduce/Conversion/EqualDims.h"

#include "llvm/Support/Error.h"

#include <cstdint>
#include <string>

namespace mlir::reduce {

/// What an exported function returns. Codes 1 to 3 and 8 to 10 are the runtime
/// statuses of RuntimeStatus.h with the same numbers; the others are the
/// wrapper's.
enum class CReturnCode : int32_t {
  ok = 0,
  /// A runtime axis is outside [-rank, rank-1].
  axisOutOfRange = 1,
  /// The runtime axes give a result rank other than the static one.
  resultRankMismatch = 2,
  /// The runtime axes give a result size other than the static one.
  resultSizeMismatch = 3,
  /// A descriptor's size is negative, differs from a static size of the
  /// tensor type or from a size the ops need it to equal (reduce.equal_dims).
  shapeMismatch = 4,
  /// An argument descriptor's strides are not dense row-major.
  nonContiguous = 5,
  /// A result descriptor's capacity is smaller than the computed number of
  /// elements; its sizes and strides are written, its data is not.
  capacityTooSmall = 6,
  /// The compiled code reported a runtime status this compiler does not
  /// know.
  unknownStatus = 7,
  /// An arg-reduction reduces a dynamic dim of size 0.
  emptyReducedDim = 8,
  /// An integer division or remainder by zero.
  integerDivisionByZero = 9,
  /// The signed minimum of an integer type divided by -1.
  integerDivisionOverflow = 10,
};

/// A return code as the header names and documents it.
struct CReturnCodeInfo {
  CReturnCode code;
  /// The macro is REDUCE_AOT_<suffix>.
  llvm::StringRef macroSuffix;
  llvm::StringRef description;
};

/// Every return code, in increasing order.
llvm::ArrayRef<CReturnCodeInfo> getCReturnCodes();

/// One argument or result of an exported function: a ranked tensor whose
/// dynamic sizes are ShapedType::kDynamic.
struct CTensor {
  ElementType elementType;
  llvm::SmallVector<int64_t> shape;

  int64_t getRank() const { return static_cast<int64_t>(shape.size()); }
  /// True if no size is dynamic: the tensor is passed as a plain pointer,
  /// else as a pointer to a descriptor.
  bool isStatic() const;
  /// The number of elements of a static tensor (1 for rank 0).
  int64_t getNumElements() const;
};

/// An exported function.
struct CFunction {
  /// The func.func (and, after the pipeline, llvm.func) symbol.
  std::string mlirName;
  /// The exported C symbol: the prefix and the MLIR name.
  std::string cName;
  llvm::SmallVector<CTensor> arguments;
  llvm::SmallVector<CTensor> results;
  /// The lowered function reports runtime errors through a status
  /// (RuntimeStatus.h); set by recordLowering.
  bool hasRuntimeStatus = false;
  /// The argument sizes the ops need equal (reduce.equal_dims), which the
  /// wrapper checks as it checks static sizes; set by recordLowering.
  std::vector<EqualDimsCheck> equalDims;

  /// True if every result has a static shape: with the pipeline option
  /// out-params, the lowered function takes the results (and the status)
  /// as trailing memref arguments and returns nothing. Otherwise it returns
  /// the descriptors of every result (and the status, last) in one struct.
  bool hasOutParams() const;
};

/// The C interface of a module.
struct CInterface {
  std::vector<CFunction> functions;
};

/// Decides the C interface of every public function of `module` (at the
/// tensor level, before lowering), exported as `prefix` + its name. Fails
/// with one message when a function cannot be exported: an unranked or
/// non-tensor argument or result, an element type outside the dialect's, a
/// name that is not a usable C identifier (or is `main`), a declaration, or
/// a module with no public function.
llvm::Expected<CInterface> analyzeCInterface(ModuleOp module,
                                             llvm::StringRef prefix);

/// Completes `interface` from the module the pipeline lowered to the LLVM
/// dialect: which functions report a runtime status. Fails if a function
/// is missing.
llvm::Error recordLowering(CInterface &interface, ModuleOp lowered);

/// The C type of the elements of `type` in the header: float, double,
/// int8_t..int64_t, uint8_t..uint64_t; uint8_t for i1 (0 or 1) and uint16_t
/// for the bits of f16 and bf16.
std::string getCTypeName(ElementType type);

} // namespace mlir::reduce

#endif // REDUCE_COMPILE_CINTERFACE_H

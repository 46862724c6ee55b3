//===- CHeader.cpp - The C header of compiled functions ---------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Text only: every decision comes from the CInterface. The header must stay
// valid C99 and C++ (tests compile it with -std=c99 -Wall -Werror and with
// g++), and several headers must be includable in one translation unit (the
// shared REDUCE_AOT_* block has its own guard).
//
//===----------------------------------------------------------------------===//

#include "reduce/Compile/CHeader.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/Support/Path.h"

#include <cctype>

using namespace mlir;
using namespace mlir::reduce;

std::string mlir::reduce::getHeaderGuard(llvm::StringRef path) {
  std::string guard = "REDUCE_AOT_";
  for (char c : llvm::sys::path::filename(path)) {
    auto byte = static_cast<unsigned char>(c);
    guard += std::isalnum(byte) ? static_cast<char>(std::toupper(byte)) : '_';
  }
  return guard;
}

/// "tensor<6x?xf32>".
static std::string formatType(const CTensor &tensor) {
  std::string text = "tensor<";
  for (int64_t size : tensor.shape)
    text += (ShapedType::isDynamic(size) ? "?" : std::to_string(size)) + "x";
  return text + getMlirName(tensor.elementType).str() + ">";
}

/// "arg0" or "result1".
static std::string paramName(bool isResult, size_t index) {
  return (isResult ? "result" : "arg") + std::to_string(index);
}

/// The descriptor struct of a tensor with a dynamic size.
static std::string descriptorName(const CFunction &fn, bool isResult,
                                  size_t index) {
  return fn.cName + "_" + paramName(isResult, index) + "_t";
}

static void writeCommonBlock(llvm::raw_ostream &os) {
  os << "/* The return codes, shared by every header of reduce-compile. */\n"
     << "#ifndef REDUCE_AOT_CODES\n"
     << "#define REDUCE_AOT_CODES\n";
  for (const CReturnCodeInfo &info : getCReturnCodes())
    os << "/* " << info.description << " */\n"
       << "#define REDUCE_AOT_" << info.macroSuffix << " "
       << static_cast<int32_t>(info.code) << "\n";
  os << "/* A dynamic size in the _DIMS macros. */\n"
     << "#define REDUCE_AOT_DYNAMIC (-1)\n"
     << "#endif /* REDUCE_AOT_CODES */\n\n";
}

static void writeABIComment(llvm::StringRef source, llvm::raw_ostream &os) {
  os << "/* The C interface of the functions that reduce-compile compiled\n"
     << " * from '" << source << "'. Generated: do not edit.\n"
     << " *\n"
     << " * ABI (docs/aot.md):\n"
     << " * - Each function returns an int32_t: REDUCE_AOT_OK (0) on success,\n"
     << " *   else one of the REDUCE_AOT_* codes below. After an error the\n"
     << " *   results hold unspecified values.\n"
     << " * - The parameters are the arguments, then the results, in the\n"
     << " *   order of the MLIR function. The caller owns every buffer; the\n"
     << " *   results must not overlap the arguments or each other. The\n"
     << " *   functions keep no state: several threads may call them at once.\n"
     << " * - A tensor of static shape is a pointer to its elements, dense\n"
     << " *   and row-major: `const T *` for an argument (only read), `T *`\n"
     << " *   for a result (NAME_RESULTk_ELEMENTS elements, all written).\n"
     << " * - A tensor with a dynamic size is a pointer to a descriptor\n"
     << " *   (NAME_argK_t, NAME_resultK_t), sizes and strides in elements.\n"
     << " *   An argument's data must be dense row-major: strides[R-1] == 1\n"
     << " *   and strides[d] == strides[d+1] * sizes[d+1] (a dimension of\n"
     << " *   size 1 may have any stride), else REDUCE_AOT_NON_CONTIGUOUS; a\n"
     << " *   size that is negative, differs from a static size of the type\n"
     << " *   or from another argument's size that the function's ops need\n"
     << " *   equal (listed above its prototype) gives\n"
     << " *   REDUCE_AOT_SHAPE_MISMATCH. A result's data holds\n"
     << " *   `capacity` elements; the call writes its sizes and row-major\n"
     << " *   strides, and its elements when they fit, else it returns\n"
     << " *   REDUCE_AOT_CAPACITY_TOO_SMALL (the sizes tell what is needed).\n"
     << " * - Element types: f32 float, f64 double, iN intN_t, uiN uintN_t;\n"
     << " *   i1 is uint8_t holding 0 or 1; f16 and bf16 are uint16_t holding\n"
     << " *   the bits of an IEEE binary16 or a bfloat16.\n"
     << " * - Link the object with -lm (and libomp when it was compiled with\n"
     << " *   the pipeline option threads > 1).\n"
     << " */\n\n";
}

/// The macros of one argument or result.
static void writeTensorMacros(const CFunction &fn, bool isResult,
                              size_t index, const CTensor &tensor,
                              llvm::raw_ostream &os) {
  std::string prefix = llvm::StringRef(fn.cName).upper() + "_" +
                       llvm::StringRef(paramName(isResult, index)).upper();
  os << "#define " << prefix << "_RANK " << tensor.getRank() << "\n";
  if (tensor.getRank() > 0) {
    os << "#define " << prefix << "_DIMS {";
    llvm::interleaveComma(tensor.shape, os, [&](int64_t size) {
      if (ShapedType::isDynamic(size))
        os << "REDUCE_AOT_DYNAMIC";
      else
        os << size;
    });
    os << "}\n";
  }
  if (tensor.isStatic())
    os << "#define " << prefix << "_ELEMENTS " << tensor.getNumElements()
       << "\n";
  os << "#define " << prefix << "_CTYPE " << getCTypeName(tensor.elementType);
  if (tensor.elementType == ElementType::f16)
    os << " /* the bits of an f16 (IEEE binary16) */";
  else if (tensor.elementType == ElementType::bf16)
    os << " /* the bits of a bf16 (bfloat16) */";
  else if (tensor.elementType == ElementType::i1)
    os << " /* i1: 0 or 1 */";
  os << "\n";
}

/// The descriptor struct of a tensor with a dynamic size.
static void writeDescriptor(const CFunction &fn, bool isResult, size_t index,
                            const CTensor &tensor, llvm::raw_ostream &os) {
  std::string type = getCTypeName(tensor.elementType);
  int64_t rank = tensor.getRank();
  os << "typedef struct {\n";
  if (isResult)
    os << "  " << type << " *data;\n"
       << "  int64_t capacity; /* in: the elements data holds */\n"
       << "  int64_t sizes[" << rank << "]; /* out */\n"
       << "  int64_t strides[" << rank << "]; /* out: row-major */\n";
  else
    os << "  const " << type << " *data;\n"
       << "  int64_t sizes[" << rank << "];\n"
       << "  int64_t strides[" << rank << "]; /* dense row-major */\n";
  os << "} " << descriptorName(fn, isResult, index) << ";\n";
}

/// The codes `fn` may return.
static llvm::SmallVector<CReturnCode> getPossibleCodes(const CFunction &fn) {
  llvm::SmallVector<CReturnCode> codes = {CReturnCode::ok};
  if (fn.hasRuntimeStatus)
    codes.append({CReturnCode::axisOutOfRange,
                  CReturnCode::resultRankMismatch,
                  CReturnCode::resultSizeMismatch,
                  CReturnCode::emptyReducedDim,
                  CReturnCode::integerDivisionByZero,
                  CReturnCode::integerDivisionOverflow});
  auto isDynamic = [](const CTensor &t) { return !t.isStatic(); };
  if (llvm::any_of(fn.arguments, isDynamic))
    codes.append({CReturnCode::shapeMismatch, CReturnCode::nonContiguous});
  if (llvm::any_of(fn.results, isDynamic))
    codes.push_back(CReturnCode::capacityTooSmall);
  if (fn.hasRuntimeStatus)
    codes.push_back(CReturnCode::unknownStatus);
  return codes;
}

static void writeFunction(const CFunction &fn, llvm::raw_ostream &os) {
  std::string upper = llvm::StringRef(fn.cName).upper();
  os << "/* " << fn.cName << "(";
  llvm::interleaveComma(fn.arguments, os,
                        [&](const CTensor &t) { os << formatType(t); });
  os << ") -> (";
  llvm::interleaveComma(fn.results, os,
                        [&](const CTensor &t) { os << formatType(t); });
  os << ")";
  if (fn.mlirName != fn.cName)
    os << "\n * compiled from @" << fn.mlirName;
  os << "\n * Returns ";
  llvm::interleave(
      getPossibleCodes(fn), os,
      [&](CReturnCode code) {
        os << "REDUCE_AOT_"
           << getCReturnCodes()[static_cast<size_t>(code)].macroSuffix;
      },
      ", ");
  os << ".";
  if (!fn.equalDims.empty()) {
    os << "\n * Sizes that must agree (else REDUCE_AOT_SHAPE_MISMATCH):";
    for (const EqualDimsCheck &check : fn.equalDims) {
      os << "\n *   arg" << check.argument << " dim " << check.dim << " == ";
      if (check.otherArgument)
        os << "arg" << *check.otherArgument << " dim " << check.otherDimOrSize;
      else
        os << check.otherDimOrSize;
      // The site names a file: keep the comment closed.
      std::string site = check.site;
      for (size_t at = site.find("*/"); at != std::string::npos;
           at = site.find("*/", at))
        site.replace(at, 2, "* /");
      os << " (" << site << ")";
    }
  }
  os << " */\n";
  os << "#define " << upper << "_NUM_ARGS " << fn.arguments.size() << "\n"
     << "#define " << upper << "_NUM_RESULTS " << fn.results.size() << "\n";
  for (auto [index, tensor] : llvm::enumerate(fn.arguments))
    writeTensorMacros(fn, /*isResult=*/false, index, tensor, os);
  for (auto [index, tensor] : llvm::enumerate(fn.results))
    writeTensorMacros(fn, /*isResult=*/true, index, tensor, os);
  for (auto [index, tensor] : llvm::enumerate(fn.arguments))
    if (!tensor.isStatic())
      writeDescriptor(fn, /*isResult=*/false, index, tensor, os);
  for (auto [index, tensor] : llvm::enumerate(fn.results))
    if (!tensor.isStatic())
      writeDescriptor(fn, /*isResult=*/true, index, tensor, os);

  os << "int32_t " << fn.cName << "(";
  bool first = true;
  auto writeParam = [&](bool isResult, size_t index, const CTensor &tensor) {
    os << (first ? "" : ", ");
    first = false;
    std::string type = tensor.isStatic()
                           ? getCTypeName(tensor.elementType)
                           : descriptorName(fn, isResult, index);
    os << (isResult ? "" : "const ") << type << " *"
       << paramName(isResult, index);
  };
  for (auto [index, tensor] : llvm::enumerate(fn.arguments))
    writeParam(/*isResult=*/false, index, tensor);
  for (auto [index, tensor] : llvm::enumerate(fn.results))
    writeParam(/*isResult=*/true, index, tensor);
  if (first)
    os << "void";
  os << ");\n\n";
}

void mlir::reduce::writeCHeader(const CInterface &interface,
                                llvm::StringRef guard, llvm::StringRef source,
                                llvm::raw_ostream &os) {
  writeABIComment(source, os);
  os << "#ifndef " << guard << "\n"
     << "#define " << guard << "\n\n"
     << "#include <stdint.h>\n\n"
     << "#ifdef __cplusplus\n"
     << "extern \"C\" {\n"
     << "#endif\n\n";
  writeCommonBlock(os);
  for (const CFunction &fn : interface.functions)
    writeFunction(fn, os);
  os << "#ifdef __cplusplus\n"
     << "} /* extern \"C\" */\n"
     << "#endif\n\n"
     << "#endif /* " << guard << " */\n";
}

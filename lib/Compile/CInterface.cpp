//===- CInterface.cpp - The C interface of compiled functions ---*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The decisions: which functions are exported, under which C names, with
// which tensors, and whether their lowered code reports a runtime status.
//
//===----------------------------------------------------------------------===//

#include "reduce/Compile/CInterface.h"

#include "reduce/Conversion/ReduceToLinalg/RuntimeStatus.h"
#include "reduce/Support/ShapeLimits.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/raw_ostream.h"

#include <cctype>

using namespace mlir;
using namespace mlir::reduce;

// The wrapper returns a runtime status code unchanged when it is one of
// these: keep the numbers equal.
static_assert(static_cast<int64_t>(CReturnCode::axisOutOfRange) ==
              static_cast<int64_t>(RuntimeStatusCode::axisOutOfRange));
static_assert(static_cast<int64_t>(CReturnCode::resultRankMismatch) ==
              static_cast<int64_t>(RuntimeStatusCode::resultRankMismatch));
static_assert(static_cast<int64_t>(CReturnCode::resultSizeMismatch) ==
              static_cast<int64_t>(RuntimeStatusCode::resultSizeMismatch));
static_assert(static_cast<int64_t>(CReturnCode::emptyReducedDim) ==
              static_cast<int64_t>(RuntimeStatusCode::emptyReducedDim));
static_assert(static_cast<int64_t>(CReturnCode::integerDivisionByZero) ==
              static_cast<int64_t>(RuntimeStatusCode::integerDivisionByZero));
static_assert(
    static_cast<int64_t>(CReturnCode::integerDivisionOverflow) ==
    static_cast<int64_t>(RuntimeStatusCode::integerDivisionOverflow));

llvm::ArrayRef<CReturnCodeInfo> mlir::reduce::getCReturnCodes() {
  static const CReturnCodeInfo codes[] = {
      {CReturnCode::ok, "OK", "success: every result is written"},
      {CReturnCode::axisOutOfRange, "AXIS_OUT_OF_RANGE",
       "a runtime axis is outside [-rank, rank-1]"},
      {CReturnCode::resultRankMismatch, "RESULT_RANK_MISMATCH",
       "the runtime axes give a result rank other than the static one"},
      {CReturnCode::resultSizeMismatch, "RESULT_SIZE_MISMATCH",
       "the runtime axes give a result size other than the static one"},
      {CReturnCode::shapeMismatch, "SHAPE_MISMATCH",
       "a descriptor size is negative, differs from a static size of the "
       "tensor type or from a size the ops need it to equal"},
      {CReturnCode::nonContiguous, "NON_CONTIGUOUS",
       "an argument descriptor's strides are not dense row-major"},
      {CReturnCode::capacityTooSmall, "CAPACITY_TOO_SMALL",
       "a result descriptor's capacity is below the computed number of "
       "elements: its sizes and strides are written, its data is not"},
      {CReturnCode::unknownStatus, "UNKNOWN_STATUS",
       "the compiled code reported an unknown runtime status"},
      {CReturnCode::emptyReducedDim, "EMPTY_REDUCED_DIM",
       "an arg-reduction reduces a dynamic dim of size 0"},
      {CReturnCode::integerDivisionByZero, "INTEGER_DIVISION_BY_ZERO",
       "an integer division or remainder by zero"},
      {CReturnCode::integerDivisionOverflow, "INTEGER_DIVISION_OVERFLOW",
       "the minimum of a signed integer type divided by -1"},
  };
  return codes;
}

bool CTensor::isStatic() const {
  return !llvm::any_of(shape, ShapedType::isDynamic);
}

int64_t CTensor::getNumElements() const {
  // A static type of the compiled module: reduce-verify-input bounded the
  // products of its sizes.
  return getCheckedNumElements(shape).value();
}

bool CFunction::hasOutParams() const {
  return llvm::all_of(results, [](const CTensor &t) { return t.isStatic(); });
}

std::string mlir::reduce::getCTypeName(ElementType type) {
  // Storage types: bits for the 16-bit floats, a byte for bools.
  if (type == ElementType::f16 || type == ElementType::bf16)
    return "uint16_t";
  if (type == ElementType::i1)
    return "uint8_t";
  if (type == ElementType::f32)
    return "float";
  if (type == ElementType::f64)
    return "double";
  return (isUnsigned(type) ? "uint" : "int") +
         std::to_string(8 * getByteWidth(type)) + "_t";
}

//===----------------------------------------------------------------------===//
// Names
//===----------------------------------------------------------------------===//

/// The keywords of C99 and C++17 (and `main`), which no exported function
/// may be named.
static bool isReservedName(llvm::StringRef name) {
  static const llvm::StringSet<> reserved = {
      "alignas", "alignof", "and", "and_eq", "asm", "auto", "bitand", "bitor",
      "bool", "break", "case", "catch", "char", "char16_t", "char32_t",
      "class", "compl", "const", "const_cast", "constexpr", "continue",
      "decltype", "default", "delete", "do", "double", "dynamic_cast",
      "else", "enum", "explicit", "export", "extern", "false", "float",
      "for", "friend", "goto", "if", "inline", "int", "long", "main",
      "mutable", "namespace", "new", "noexcept", "not", "not_eq", "nullptr",
      "operator", "or", "or_eq", "private", "protected", "public",
      "register", "reinterpret_cast", "restrict", "return", "short",
      "signed", "sizeof", "static", "static_assert", "static_cast",
      "struct", "switch", "template", "this", "thread_local", "throw",
      "true", "try", "typedef", "typeid", "typename", "union", "unsigned",
      "using", "virtual", "void", "volatile", "wchar_t", "while", "xor",
      "xor_eq", "_Bool", "_Complex", "_Imaginary"};
  return reserved.contains(name);
}

/// Why `name` cannot be an exported C symbol, or an empty string.
static std::string checkCName(llvm::StringRef name) {
  if (name.empty() || std::isdigit(static_cast<unsigned char>(name[0])) ||
      !llvm::all_of(name, [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
      }))
    return "is not a C identifier (expected letters, digits and '_', not "
           "starting with a digit)";
  if (name == "main")
    return "would clash with the C program's main (give --prefix)";
  if (isReservedName(name))
    return "is a C or C++ keyword (give --prefix)";
  if (name.starts_with("__") ||
      (name.size() > 1 && name[0] == '_' &&
       std::isupper(static_cast<unsigned char>(name[1]))))
    return "is reserved in C (it starts with '__' or '_' and a capital)";
  return "";
}

//===----------------------------------------------------------------------===//
// Analysis
//===----------------------------------------------------------------------===//

/// Converts the argument or result `types` of `function`.
static llvm::Error convertTensors(StringRef function, TypeRange types,
                                  StringRef what,
                                  llvm::SmallVectorImpl<CTensor> &out) {
  for (auto [index, type] : llvm::enumerate(types)) {
    std::string typeText;
    llvm::raw_string_ostream(typeText) << type;
    auto prefix = [&, index = index] {
      return "function '" + function.str() + "': " + what.str() + " #" +
             std::to_string(index) + " has type '" + typeText + "'";
    };
    if (isa<UnrankedTensorType>(type))
      return llvm::createStringError(
          prefix() + ": unranked tensors are not supported by "
                     "reduce-compile (their rank is known only at run "
                     "time; expected a ranked tensor, e.g. with keep_dims "
                     "or static axes)");
    auto tensorType = dyn_cast<RankedTensorType>(type);
    std::optional<ElementType> elementType =
        tensorType ? toElementType(tensorType.getElementType()) : std::nullopt;
    if (!elementType)
      return llvm::createStringError(prefix() +
                                     "; expected a ranked tensor of f16, bf16, "
                                     "f32, f64, i1, i8..i64 or ui8..ui64");
    out.push_back({*elementType, llvm::to_vector(tensorType.getShape())});
  }
  return llvm::Error::success();
}

llvm::Expected<CInterface>
mlir::reduce::analyzeCInterface(ModuleOp module, llvm::StringRef prefix) {
  CInterface interface;
  // The header's macros are the upper-case names: they must differ too.
  llvm::StringMap<std::string> macroNames;
  for (auto func : module.getOps<func::FuncOp>()) {
    if (!func.isPublic())
      continue;
    StringRef name = func.getName();
    if (func.isDeclaration())
      return llvm::createStringError(
          "function '" + name +
          "' is a declaration; expected public functions with "
          "bodies (make it private or define it)");
    CFunction fn;
    fn.mlirName = name.str();
    fn.cName = (prefix + name).str();
    std::string problem = checkCName(fn.cName);
    if (!problem.empty())
      return llvm::createStringError("function '" + name + "': the C name '" +
                                     fn.cName + "' " + problem);
    std::string macro = llvm::StringRef(fn.cName).upper();
    auto [it, inserted] = macroNames.try_emplace(macro, fn.cName);
    if (!inserted)
      return llvm::createStringError(
          "functions '" + it->second + "' and '" + fn.cName +
          "' have the same header macro prefix '" + macro +
          "'; expected names that differ in more than case");
    if (llvm::Error err = convertTensors(name, func.getArgumentTypes(),
                                         "argument", fn.arguments))
      return std::move(err);
    if (llvm::Error err = convertTensors(name, func.getResultTypes(),
                                         "result", fn.results))
      return std::move(err);
    interface.functions.push_back(std::move(fn));
  }
  if (interface.functions.empty())
    return llvm::createStringError(
        "the module has no public function to export");
  return std::move(interface);
}

llvm::Error mlir::reduce::recordLowering(CInterface &interface,
                                         ModuleOp lowered) {
  for (CFunction &fn : interface.functions) {
    auto func = lowered.lookupSymbol<LLVM::LLVMFuncOp>(fn.mlirName);
    if (!func)
      return llvm::createStringError(
          "function '" + fn.mlirName +
          "' is missing after lowering to the LLVM dialect");
    fn.hasRuntimeStatus = func->hasAttr(kRuntimeChecksAttrName);
    if (Attribute attr = func->getAttr(kEqualDimsAttrName)) {
      std::optional<std::vector<EqualDimsCheck>> checks = parseEqualDims(
          attr, [&](int64_t i) { return fn.arguments[i].getRank(); },
          fn.arguments.size());
      if (!checks)
        return llvm::createStringError("function '" + fn.mlirName +
                                       "': malformed " + kEqualDimsAttrName +
                                       " attribute after the pipeline");
      fn.equalDims = std::move(*checks);
    }
  }
  return llvm::Error::success();
}

//===- ReduceModule.cpp - The _reduce_mlir Python extension ------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The compiled half of the `reduce_mlir` package (docs/python.md): pybind11
// bindings of the JIT C++ API (reduce/JIT/JIT.h), of the model importers
// (reduce/Import/ImportModel.h) and of the dialect's builder of reductions
// (createReduction, reduce/Dialect/Reduce/IR/ReduceOps.h), through which the
// NumPy-style functions build their modules. NumPy arrays go in as
// BufferViews (copied only when they are not C-contiguous and aligned),
// results come out as NumPy arrays that own the kernel's Buffer (no copy).
// The GIL is released while a module is built or compiles and while a
// kernel runs. Every llvm::Error becomes a Python exception: TypeError for
// an argument that does not match the signature (count, dtype, rank, static
// size), ValueError for the rest.
//
//===----------------------------------------------------------------------===//

#include "reduce/Dialect/Reduce/IR/ReduceDialect.h"
#include "reduce/Dialect/Reduce/IR/ReduceOps.h"
#include "reduce/Import/ImportModel.h"
#include "reduce/Import/ModelBuilder.h"
#include "reduce/JIT/JIT.h"
#include "reduce/JIT/MPIRuntime.h"
#include "reduce/Runtime/Buffer.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "llvm/ADT/Sequence.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Error.h"

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#ifdef REDUCE_PYTHON_NUMPY_HEADERS
#define NPY_NO_DEPRECATED_API NPY_1_7_API_VERSION
#define PY_ARRAY_UNIQUE_SYMBOL reduce_mlir_ARRAY_API
#include <numpy/arrayobject.h>
#include <malloc.h>
#endif

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace py = pybind11;
using namespace mlir;
using namespace mlir::reduce;

namespace {

//===----------------------------------------------------------------------===//
// Element types and NumPy dtypes
//===----------------------------------------------------------------------===//

/// The element type of a NumPy dtype in native byte order, or nullopt. A
/// 2-byte dtype named `bfloat16` (ml_dtypes) and the raw `V2` dtype are bf16.
std::optional<ElementType> toElementType(const py::dtype &dtype) {
  // The descriptor's fields directly: this runs on every call.
  const auto *descr = py::detail::array_descriptor_proxy(dtype.ptr());
  char kind = descr->kind;
  int size = descr->elsize;
  if (descr->byteorder == '>')
    return std::nullopt;
  switch (kind) {
  case 'f':
    if (size == 2)
      return ElementType::f16;
    if (size == 4)
      return ElementType::f32;
    if (size == 8)
      return ElementType::f64;
    return std::nullopt;
  case 'i':
  case 'u': {
    bool isSigned = kind == 'i';
    if (size == 1)
      return isSigned ? ElementType::i8 : ElementType::u8;
    if (size == 2)
      return isSigned ? ElementType::i16 : ElementType::u16;
    if (size == 4)
      return isSigned ? ElementType::i32 : ElementType::u32;
    if (size == 8)
      return isSigned ? ElementType::i64 : ElementType::u64;
    return std::nullopt;
  }
  case 'b':
    return size == 1 ? std::optional(ElementType::i1) : std::nullopt;
  case 'V':
    return size == 2 ? std::optional(ElementType::bf16) : std::nullopt;
  default:
    break;
  }
  if (size == 2 && py::str(dtype.attr("name")).cast<std::string>() ==
                       "bfloat16")
    return ElementType::bf16;
  return std::nullopt;
}

/// The NumPy dtype of a result of `type`: bf16 comes back as its bits in
/// uint16 (NumPy has no bfloat16).
py::dtype makeDtype(ElementType type) {
  switch (type) {
  case ElementType::f16:
    return py::dtype("float16");
  case ElementType::bf16:
    return py::dtype("uint16");
  case ElementType::f32:
    return py::dtype("float32");
  case ElementType::f64:
    return py::dtype("float64");
  case ElementType::i8:
    return py::dtype("int8");
  case ElementType::i16:
    return py::dtype("int16");
  case ElementType::i32:
    return py::dtype("int32");
  case ElementType::i64:
    return py::dtype("int64");
  case ElementType::u8:
    return py::dtype("uint8");
  case ElementType::u16:
    return py::dtype("uint16");
  case ElementType::u32:
    return py::dtype("uint32");
  case ElementType::u64:
    return py::dtype("uint64");
  case ElementType::i1:
    return py::dtype("bool");
  }
  return py::dtype("uint8");
}

/// The dtype of `type`, made once (and never freed: it may outlive the
/// interpreter's teardown of this module).
const py::dtype &toDtype(ElementType type) {
  static std::array<py::dtype *, 13> dtypes = {};
  py::dtype *&dtype = dtypes[static_cast<size_t>(type)];
  if (!dtype)
    dtype = new py::dtype(makeDtype(type));
  return *dtype;
}

/// True if an array of `given` may be passed where the signature says
/// `expected`: the same type, or bf16 bits in uint16 (or int16) storage.
bool isAcceptedAs(ElementType given, ElementType expected) {
  return given == expected ||
         (expected == ElementType::bf16 &&
          (given == ElementType::u16 || given == ElementType::i16));
}

[[noreturn]] void throwValueError(llvm::Error err) {
  throw py::value_error(llvm::toString(std::move(err)));
}

//===----------------------------------------------------------------------===//
// Arguments and results
//===----------------------------------------------------------------------===//

/// `object` as a C-contiguous, aligned NumPy array in native byte order: the
/// array itself when it already is one, else a copy. An object that is not
/// an array (a list, a scalar) becomes an array of `dtype` when given.
py::array toContiguousArray(py::handle object,
                            std::optional<py::dtype> dtype = std::nullopt) {
  auto &api = py::detail::npy_api::get();
  constexpr int flags = py::detail::npy_api::NPY_ARRAY_ENSUREARRAY_ |
                        py::detail::npy_api::NPY_ARRAY_C_CONTIGUOUS_ |
                        py::detail::npy_api::NPY_ARRAY_ALIGNED_;
  // PyArray_FromAny steals the reference to the descriptor.
  PyObject *descr = nullptr;
  if (dtype && !api.PyArray_Check_(object.ptr()))
    descr = dtype->release().ptr();
  PyObject *result =
      api.PyArray_FromAny_(object.ptr(), descr, 0, 0, flags, nullptr);
  if (!result)
    throw py::error_already_set();
  auto array = py::reinterpret_steal<py::array>(result);
  py::dtype arrayType = array.dtype();
  if (py::detail::array_descriptor_proxy(arrayType.ptr())->byteorder == '>')
    array = array.attr("astype")(arrayType.attr("newbyteorder")("="),
                                 py::arg("order") = "C");
  return array;
}

/// The arguments of one call: the arrays (kept alive) and their views.
struct Arguments {
  std::vector<py::array> arrays;
  std::vector<std::vector<int64_t>> shapes;
  std::vector<BufferView> views;
};

/// Converts the Python arguments of a call of `function`. A dtype that no
/// element type has, or that the signature does not accept, is a TypeError;
/// other mismatches are left to JitFunction::checkArguments.
void convertArguments(const JitFunction &function, py::handle *objects,
                      size_t count, Arguments &args) {
  llvm::ArrayRef<TensorSignature> signature = function.getArguments();
  args.arrays.reserve(count);
  args.shapes.resize(count);
  args.views.reserve(count);
  for (size_t index = 0; index < count; ++index) {
    std::optional<py::dtype> wanted;
    if (index < signature.size() &&
        signature[index].elementType != ElementType::bf16)
      wanted = toDtype(signature[index].elementType);
    py::array array = toContiguousArray(objects[index], std::move(wanted));
    std::optional<ElementType> type = toElementType(array.dtype());
    if (!type)
      throw py::type_error("argument #" + std::to_string(index) + " of '" +
                           function.getName().str() +
                           "': unsupported dtype " +
                           py::str(array.dtype()).cast<std::string>());
    if (index < signature.size() &&
        isAcceptedAs(*type, signature[index].elementType))
      type = signature[index].elementType;
    std::vector<int64_t> &shape = args.shapes[index];
    shape.assign(array.shape(), array.shape() + array.ndim());
    args.views.push_back({*type, shape, array.data()});
    args.arrays.push_back(std::move(array));
  }
  for (auto [index, view] : llvm::enumerate(args.views)) {
    if (!isBool(view.elementType))
      continue;
    std::optional<int64_t> count = getNumElements(view.shape);
    if (std::optional<int64_t> bad =
            findInvalidBool(view.data, count ? *count : 0))
      throw py::value_error("argument #" + std::to_string(index) + " of '" +
                            function.getName().str() + "': bool element " +
                            std::to_string(*bad) +
                            " (in C order) is not 0 or 1");
  }
}

/// A NumPy array that owns `buffer` (moved to the heap; no copy of the data).
py::array toArray(Buffer &&buffer) {
  const py::dtype &dtype = toDtype(buffer.getElementType());
  std::vector<py::ssize_t> shape(buffer.getShape().begin(),
                                 buffer.getShape().end());
  if (buffer.getNumElements() == 0 || !buffer.getData())
    return py::array(dtype, shape);
  auto *owned = new Buffer(std::move(buffer));
  py::capsule base(owned,
                   [](void *pointer) { delete static_cast<Buffer *>(pointer); });
  return py::array(dtype, shape, owned->getData(), base);
}

//===----------------------------------------------------------------------===//
// Module and Function
//===----------------------------------------------------------------------===//

/// This process's rank in the MPI job of a distributed module (0 without
/// one).
static int getProcessRank() {
  MPIRuntime *job = MPIRuntime::getInitialized();
  return job ? job->getRank() : 0;
}

/// A compiled module, shared by the functions looked up in it.
class Module {
public:
  explicit Module(std::unique_ptr<JitModule> module)
      : module(std::move(module)) {}
  std::shared_ptr<JitModule> module;
};

/// The block of each of `signatures` that this process holds, as a tuple
/// of slices of the whole tensor (`whole[block]`): the dims split over the
/// grid of a distributed module sliced at this process's offset, the others
/// whole (every dim, without a grid).
static py::list getBlocks(const JitModule &module,
                          llvm::ArrayRef<TensorSignature> signatures,
                          llvm::ArrayRef<TensorSplit> splits) {
  llvm::ArrayRef<int64_t> grid = module.getGridShape();
  llvm::SmallVector<int64_t> processIndex =
      getProcessIndex(getProcessRank(), grid);
  py::list blocks;
  for (auto [index, signature] : llvm::enumerate(signatures)) {
    py::tuple block(signature.shape.size());
    llvm::SmallVector<int64_t> offsets;
    if (index < splits.size())
      offsets =
          getBlockOffsets(splits[index], signature.shape, processIndex, grid);
    for (auto [dim, size] : llvm::enumerate(signature.shape)) {
      bool split = index < splits.size() && dim < splits[index].splitAxes.size()
                   && !splits[index].splitAxes[dim].empty();
      block[dim] = split ? py::slice(offsets[dim], offsets[dim] + size, 1)
                         : py::slice(py::none(), py::none(), py::none());
    }
    blocks.append(std::move(block));
  }
  return blocks;
}

/// An entry function of a compiled module; keeps the module alive.
class Function {
public:
  Function(std::shared_ptr<JitModule> module, JitFunction function)
      : module(std::move(module)), function(std::move(function)) {}

  /// Calls the function; returns its results as arrays: one array, a tuple
  /// of several, or None for none.
  py::object call(py::args objects) {
    std::vector<py::handle> handles(objects.begin(), objects.end());
    return wrapResults(runHandles(handles.data(), handles.size()),
                       /*scalar=*/false);
  }

  /// The fast path of the NumPy-style functions: one argument, one result,
  /// a 0-D result as a NumPy scalar.
  py::object callReduction(py::handle object) {
    return wrapResults(runHandles(&object, 1), /*scalar=*/true);
  }

  std::string getName() const { return function.getName().str(); }
  std::vector<std::string> getArgumentTypes() const {
    std::vector<std::string> types;
    for (const TensorSignature &signature : function.getArguments())
      types.push_back(signature.str());
    return types;
  }
  std::vector<std::string> getResultTypes() const {
    std::vector<std::string> types;
    for (const TensorSignature &signature : function.getResults())
      types.push_back(signature.str());
    return types;
  }
  uint64_t getCalls() const { return calls.load(std::memory_order_relaxed); }
  py::list getArgumentBlocks() const {
    return getBlocks(*module, function.getArguments(),
                     function.getArgumentSplits());
  }
  py::list getResultBlocks() const {
    return getBlocks(*module, function.getResults(),
                     function.getResultSplits());
  }

  /// For the benchmark: converts `object` once, then times `repeat` calls of
  /// the C++ JIT API (JitFunction::call, results dropped) on it, with the GIL
  /// released; returns the nanoseconds of each call.
  std::vector<double> timeNative(py::handle object, size_t repeat) {
    Arguments args;
    convertArguments(function, &object, 1, args);
    if (llvm::Error mismatch = function.checkArguments(args.views))
      throw py::type_error(llvm::toString(std::move(mismatch)));
    std::vector<double> times;
    times.reserve(repeat);
    std::string problem;
    {
      py::gil_scoped_release release;
      for (size_t i = 0; i < repeat && problem.empty(); ++i) {
        auto start = std::chrono::steady_clock::now();
        llvm::Expected<llvm::SmallVector<Buffer>> results =
            function.call(args.views);
        auto end = std::chrono::steady_clock::now();
        if (!results)
          problem = llvm::toString(results.takeError());
        times.push_back(
            std::chrono::duration<double, std::nano>(end - start).count());
      }
    }
    if (!problem.empty())
      throw py::value_error(problem);
    return times;
  }

private:
  llvm::SmallVector<Buffer> runHandles(py::handle *objects, size_t count) {
    calls.fetch_add(1, std::memory_order_relaxed);
    Arguments args;
    convertArguments(function, objects, count, args);
    std::optional<llvm::Expected<llvm::SmallVector<Buffer>>> results;
    {
      py::gil_scoped_release release;
      results.emplace(function.call(args.views));
    }
    if (!*results) {
      llvm::Error err = results->takeError();
      // A mismatch with the signature is the caller's type error; anything
      // else (a runtime check of the kernel) is a value error.
      if (llvm::Error mismatch = function.checkArguments(args.views)) {
        llvm::consumeError(std::move(err));
        throw py::type_error(llvm::toString(std::move(mismatch)));
      }
      throwValueError(std::move(err));
    }
    return std::move(**results);
  }

  static py::object wrapResults(llvm::SmallVector<Buffer> results,
                                bool scalar) {
    if (results.empty())
      return py::none();
    if (results.size() == 1) {
      py::array array = toArray(std::move(results.front()));
      if (scalar && array.ndim() == 0)
        return array[py::tuple()];
      return std::move(array);
    }
    py::tuple tuple(results.size());
    for (auto [index, result] : llvm::enumerate(results))
      tuple[index] = toArray(std::move(result));
    return std::move(tuple);
  }

  std::shared_ptr<JitModule> module;
  JitFunction function;
  std::atomic<uint64_t> calls{0};
};

JitOptions makeOptions(const std::string &options, unsigned optLevel) {
  if (optLevel > 3)
    throw py::value_error("opt_level must be 0, 1, 2 or 3, got " +
                          std::to_string(optLevel));
  JitOptions jitOptions;
  jitOptions.pipelineOptions = options;
  jitOptions.optLevel = optLevel;
  return jitOptions;
}

Module compileSource(const std::string &source, const std::string &options,
                     unsigned optLevel, const std::string &bufferName) {
  JitOptions jitOptions = makeOptions(options, optLevel);
  std::optional<llvm::Expected<std::unique_ptr<JitModule>>> compiled;
  {
    py::gil_scoped_release release;
    compiled.emplace(JitModule::compile(source, jitOptions, bufferName));
  }
  if (!*compiled)
    throwValueError(compiled->takeError());
  return Module(std::move(**compiled));
}

Module loadModel(const std::string &path, const std::string &weightsPath,
                 const std::string &options, unsigned optLevel) {
  JitOptions jitOptions = makeOptions(options, optLevel);
  std::optional<llvm::Expected<std::unique_ptr<JitModule>>> compiled;
  {
    py::gil_scoped_release release;
    DialectRegistry registry;
    registerImportDialects(registry);
    MLIRContext context(registry);
    llvm::Expected<OwningOpRef<ModuleOp>> imported =
        importModelFile(&context, path, weightsPath);
    if (imported)
      compiled.emplace(JitModule::compile(**imported, jitOptions));
    else
      compiled.emplace(imported.takeError());
  }
  if (!*compiled)
    throwValueError(compiled->takeError());
  return Module(std::move(**compiled));
}

//===----------------------------------------------------------------------===//
// Reductions built by the dialect
//===----------------------------------------------------------------------===//

/// A module `@main(%x) -> %r` whose one op is a reduction that
/// createReduction built: the dialect checked it, and inferred its result
/// type. Owns its context.
class Reduction {
public:
  /// The module as MLIR prints it.
  std::string getText() const {
    std::string text;
    llvm::raw_string_ostream os(text);
    ModuleOp op = module.get();
    op->print(os);
    return text;
  }

  /// The axes as the dialect normalizes them (non-negative, sorted, unique).
  py::tuple getAxes() const { return py::cast(axes); }
  /// The shape of the result type the dialect inferred.
  py::tuple getResultShape() const { return py::cast(resultShape); }

  /// Compiles (a copy of) the module; the GIL is released meanwhile.
  Module compile(const std::string &options, unsigned optLevel) {
    JitOptions jitOptions = makeOptions(options, optLevel);
    std::optional<llvm::Expected<std::unique_ptr<JitModule>>> compiled;
    {
      py::gil_scoped_release release;
      // JitModule::compile adds the JIT's dialects to the context.
      std::lock_guard<std::mutex> lock(mutex);
      compiled.emplace(JitModule::compile(*module, jitOptions));
    }
    if (!*compiled)
      throwValueError(compiled->takeError());
    return Module(std::move(**compiled));
  }

  std::unique_ptr<MLIRContext> context;
  OwningOpRef<ModuleOp> module;
  std::vector<int64_t> axes;
  std::vector<int64_t> resultShape;
  std::mutex mutex;
};

/// The values of the enum `EnumT` as a diagnostic lists them: "'a' or 'b'".
template <typename EnumT>
std::string listEnumValues(unsigned maxValue,
                           llvm::StringRef (*stringify)(EnumT)) {
  std::string text;
  for (unsigned value = 0; value <= maxValue; ++value) {
    if (value)
      text += value == maxValue ? " or " : ", ";
    text += "'" + stringify(static_cast<EnumT>(value)).str() + "'";
  }
  return text;
}

/// The element type named `name` ("f32", "ui8", "bf16", ...), or a
/// TypeError.
static ElementType parseElementType(const std::string &name) {
  for (ElementType candidate : getAllElementTypes())
    if (getMlirName(candidate) == name)
      return candidate;
  throw py::type_error("unsupported element type '" + name + "'");
}

/// `input` (a tensor of `from`) converted elementwise to `to`, a wider type
/// (the caller checked that the conversion is exact): arith.extf, extsi,
/// extui, sitofp or uitofp (bools as unsigned: sum counts the true
/// values). arith takes signless integers only, so unsigned
/// data is reinterpreted by tensor.bitcast before (ui8 -> i8) and after
/// (i64 -> ui64) the conversion: the reduction then sees the unsigned type
/// and computes with its semantics (l1 without |x|, an unsigned mean), and
/// reduce-signless erases the bitcasts after the fusion.
static Value widenTensor(OpBuilder &builder, Location loc, Value input,
                         ElementType from, ElementType to) {
  MLIRContext *context = builder.getContext();
  auto type = cast<RankedTensorType>(input.getType());
  auto signless = [&](ElementType element) -> Type {
    Type mlirType = toMlirType(element, context);
    if (auto integer = dyn_cast<IntegerType>(mlirType))
      return IntegerType::get(context, integer.getWidth());
    return mlirType;
  };
  Type fromSignless = signless(from), toSignless = signless(to);
  if (fromSignless != toMlirType(from, context))
    input = tensor::BitcastOp::create(builder, loc, type.clone(fromSignless),
                                      input);
  auto wideType = type.clone(toSignless);
  Value wide;
  // A bool is 0 or 1: unsigned.
  bool fromFloat = isFloat(from), toFloat = isFloat(to);
  bool fromUnsigned = isUnsigned(from) || isBool(from);
  if (fromFloat)
    wide = arith::ExtFOp::create(builder, loc, wideType, input);
  else if (toFloat && fromUnsigned)
    wide = arith::UIToFPOp::create(builder, loc, wideType, input);
  else if (toFloat)
    wide = arith::SIToFPOp::create(builder, loc, wideType, input);
  else if (fromUnsigned)
    wide = arith::ExtUIOp::create(builder, loc, wideType, input);
  else
    wide = arith::ExtSIOp::create(builder, loc, wideType, input);
  if (toSignless != toMlirType(to, context))
    wide = tensor::BitcastOp::create(builder, loc,
                                     type.clone(toMlirType(to, context)), wide);
  return wide;
}

/// Builds the module of reduce.<kind> over a tensor of `shape` and the
/// element type named `elementTypeName` ("f32", "ui8", "bf16", ...), over
/// `axes` (None: every axis, as NumPy's axis=None; else as given, negative
/// ones included) with `keepDims`, and `nanMode` (min and max only). With
/// `widenTo` (an element type name other than the input's), the reduction
/// reads the input converted elementwise to that type (see widenTensor):
/// the fused kernel reads the narrow input once and accumulates in the wide
/// type; which conversions are allowed is decided by the caller (_ops.py:
/// NumPy's safe casts that widen). An invalid reduction raises the dialect's
/// diagnostic: a TypeError when the op does not take the element type, else
/// a ValueError.
std::unique_ptr<Reduction>
buildReduction(const std::string &kindName, const std::string &elementTypeName,
               const std::vector<int64_t> &shape,
               const std::optional<std::vector<int64_t>> &axes, bool keepDims,
               const std::optional<std::string> &nanModeName,
               const std::optional<std::string> &widenToName) {
  std::optional<ReductionKind> kind = symbolizeReductionKind(kindName);
  if (!kind)
    throw py::value_error(
        "unknown reduction '" + kindName + "': expected " +
        listEnumValues(getMaxEnumValForReductionKind(),
                       &stringifyReductionKind));
  std::optional<ElementType> elementType = parseElementType(elementTypeName);
  std::optional<ElementType> widenTo;
  if (widenToName && *widenToName != elementTypeName) {
    widenTo = parseElementType(*widenToName);
    if (isBool(*widenTo) || *elementType == ElementType::bf16 ||
        *widenTo == ElementType::bf16 ||
        getByteWidth(*widenTo) < getByteWidth(*elementType) ||
        (isFloat(*elementType) && !isFloat(*widenTo)))
      throw py::type_error("cannot widen '" + elementTypeName + "' to '" +
                           *widenToName + "'");
  }
  NanMode nanMode = NanMode::propagate;
  if (nanModeName) {
    std::optional<NanMode> symbol = symbolizeNanMode(*nanModeName);
    if (!symbol)
      throw py::value_error(
          "nan_mode must be " +
          listEnumValues(getMaxEnumValForNanMode(), &stringifyNanMode) +
          ", got '" + *nanModeName + "'");
    if (!hasNanMode(*kind))
      throw py::value_error("'reduce." + kindName + "' has no nan_mode");
    nanMode = *symbol;
  }
  for (int64_t size : shape)
    if (size < 0)
      throw py::value_error("negative size " + std::to_string(size) +
                            " in the input shape");

  auto reduction = std::make_unique<Reduction>();
  std::string problem;
  bool typeProblem = false;
  {
    py::gil_scoped_release release;
    DialectRegistry registry;
    registry.insert<ReduceDialect, func::FuncDialect, arith::ArithDialect,
                    tensor::TensorDialect>();
    reduction->context = std::make_unique<MLIRContext>(
        registry, MLIRContext::Threading::DISABLED);
    MLIRContext *context = reduction->context.get();
    context->loadDialect<ReduceDialect, func::FuncDialect, arith::ArithDialect,
                         tensor::TensorDialect>();
    ScopedDiagnosticHandler handler(context, [&](Diagnostic &diag) {
      if (diag.getSeverity() == DiagnosticSeverity::Error && problem.empty())
        problem = diag.str();
      return success();
    });

    Location loc = NameLoc::get(StringAttr::get(context, "reduce_mlir." +
                                                             kindName));
    Type type = toMlirType(*elementType, context);
    auto inputType = RankedTensorType::get(shape, type);
    SmallVector<Type, 1> inputTypes = {inputType};
    reduction->module = ModuleOp::create(loc);
    OpBuilder builder(context);
    builder.setInsertionPointToEnd(reduction->module->getBody());
    auto function = func::FuncOp::create(
        builder, loc, "main", builder.getFunctionType(inputTypes, {}));
    Block *body = function.addEntryBlock();
    builder.setInsertionPointToEnd(body);

    SmallVector<int64_t> given;
    if (axes)
      given.assign(axes->begin(), axes->end());
    else
      llvm::append_range(given, llvm::seq<int64_t>(0, inputType.getRank()));
    Value input = body->getArgument(0);
    if (widenTo) {
      input = widenTensor(builder, loc, input, *elementType, *widenTo);
      type = toMlirType(*widenTo, context);
    }
    FailureOr<Value> result = createReduction(
        builder, loc, *kind, input, ArrayRef<int64_t>(given),
        /*axesOperand=*/nullptr, keepDims, EmptyAxesMode::noop, nanMode);
    if (succeeded(result)) {
      func::ReturnOp::create(builder, loc, *result);
      function.setFunctionType(
          builder.getFunctionType(inputTypes, result->getType()));
      if (succeeded(verify(*reduction->module))) {
        FailureOr<SmallVector<int64_t>> normalized =
            normalizeAxes(given, inputType.getRank());
        reduction->axes.assign(normalized->begin(), normalized->end());
        ArrayRef<int64_t> resultShape =
            cast<RankedTensorType>(result->getType()).getShape();
        reduction->resultShape.assign(resultShape.begin(), resultShape.end());
      } else if (problem.empty()) {
        problem = "the module of 'reduce." + kindName + "' does not verify";
      }
    } else {
      typeProblem = !isSupportedElementType(*kind, type);
      if (problem.empty())
        problem = "invalid 'reduce." + kindName + "'";
    }
  }
  if (!problem.empty()) {
    if (typeProblem)
      throw py::type_error(problem);
    throw py::value_error(problem);
  }
  return reduction;
}

//===----------------------------------------------------------------------===//
// Modules of the NumPy-style normalizations (ModelBuilder)
//===----------------------------------------------------------------------===//

/// `axes` normalized (non-negative and sorted) when each is in range for
/// rank `rank` and none repeats, else nullopt: the op is then built with the
/// axes as given, and its verifier reports them.
std::optional<SmallVector<int64_t>>
normalizeDistinctAxes(ArrayRef<int64_t> axes, int64_t rank) {
  FailureOr<SmallVector<int64_t>> normalized = normalizeAxes(axes, rank);
  if (failed(normalized) || normalized->size() != axes.size())
    return std::nullopt;
  return std::move(*normalized);
}

/// The results of a normalization module's ops, or the dialect's diagnostic.
using BuiltResults = llvm::Expected<SmallVector<Value>>;

/// Builds the `@main` of the normalization `fn` through ModelBuilder:
/// `addOps` adds the arguments and the ops and returns the results. Its
/// axes (for the kernel cache's key) are `axes` when they are valid. An
/// invalid op raises its verifier's diagnostic as a ValueError.
std::unique_ptr<Reduction>
buildNormalizationModule(const std::string &fn,
                         const std::optional<SmallVector<int64_t>> &axes,
                         llvm::function_ref<BuiltResults(ModelBuilder &)> addOps) {
  auto reduction = std::make_unique<Reduction>();
  std::string problem;
  {
    py::gil_scoped_release release;
    DialectRegistry registry;
    registerImportDialects(registry);
    reduction->context = std::make_unique<MLIRContext>(
        registry, MLIRContext::Threading::DISABLED);
    ModelBuilder builder(reduction->context.get(), "reduce_mlir." + fn);
    BuiltResults results = addOps(builder);
    if (!results) {
      problem = llvm::toString(results.takeError());
    } else {
      llvm::Expected<OwningOpRef<ModuleOp>> module = builder.finish(*results);
      if (module)
        reduction->module = std::move(*module);
      else
        problem = llvm::toString(module.takeError());
    }
  }
  if (!problem.empty())
    throw py::value_error(problem);
  if (axes)
    reduction->axes.assign(axes->begin(), axes->end());
  return reduction;
}

/// The float element type named `name` as an MLIR type, and the tensor of
/// `shape` of it.
RankedTensorType getTensorType(MLIRContext *context, const std::string &name,
                               ArrayRef<int64_t> shape) {
  return RankedTensorType::get(shape,
                               toMlirType(parseElementType(name), context));
}

/// Builds the `@main` of `fn`, one op along `axis` of a tensor `x` of
/// `shape` and the element type named `elementTypeName`: `addOp(builder, x,
/// axis)` adds it (the axis normalized when it is valid).
std::unique_ptr<Reduction> buildOneAxisModule(
    const std::string &fn, const std::string &elementTypeName,
    const std::vector<int64_t> &shape, int64_t axis,
    llvm::function_ref<llvm::Expected<Value>(ModelBuilder &, Value, int64_t)>
        addOp) {
  parseElementType(elementTypeName);
  std::optional<SmallVector<int64_t>> normalized =
      normalizeDistinctAxes(axis, shape.size());
  return buildNormalizationModule(fn, normalized, [&](ModelBuilder &b) {
    Value x = b.addArgument(
        getTensorType(b.getContext(), elementTypeName, shape), "x");
    llvm::Expected<Value> y =
        addOp(b, x, normalized ? normalized->front() : axis);
    if (!y)
      return BuiltResults(y.takeError());
    return BuiltResults(SmallVector<Value>{*y});
  });
}

/// reduce.softmax (`fn` "softmax") or reduce.log_softmax over `axis` of a
/// tensor of `shape` and the element type named `elementTypeName`.
std::unique_ptr<Reduction> buildSoftmax(const std::string &fn,
                                        const std::string &elementTypeName,
                                        const std::vector<int64_t> &shape,
                                        int64_t axis) {
  if (fn != "softmax" && fn != "log_softmax")
    throw py::value_error("unknown softmax '" + fn +
                          "': expected 'softmax' or 'log_softmax'");
  return buildOneAxisModule(
      fn, elementTypeName, shape, axis,
      [&](ModelBuilder &b, Value x, int64_t dim) {
        return b.addSoftmax(fn, x, dim, /*coerce2d=*/false,
                            /*logarithm=*/fn == "log_softmax");
      });
}

/// The op `fn` along `axis` of a tensor of `shape` and the element type
/// named `elementTypeName`: reduce.argmax or reduce.argmin (i64 indices,
/// `keepDims`, `selectLastIndex`), or the scan reduce.cumsum, cumprod,
/// cummin or cummax (`exclusive`, `reverse`).
std::unique_ptr<Reduction>
buildAxisOp(const std::string &fn, const std::string &elementTypeName,
            const std::vector<int64_t> &shape, int64_t axis, bool keepDims,
            bool selectLastIndex, bool exclusive, bool reverse) {
  static const llvm::StringMap<ReductionKind> scans = {
      {"cumsum", ReductionKind::sum},
      {"cumprod", ReductionKind::prod},
      {"cummin", ReductionKind::min},
      {"cummax", ReductionKind::max}};
  bool isArgReduction = fn == "argmax" || fn == "argmin";
  auto scan = scans.find(fn);
  if (!isArgReduction && scan == scans.end())
    throw py::value_error("unknown op '" + fn +
                          "': expected argmax, argmin, cumsum, cumprod, "
                          "cummin or cummax");
  return buildOneAxisModule(
      fn, elementTypeName, shape, axis,
      [&](ModelBuilder &b, Value x, int64_t dim) {
        return isArgReduction
                   ? b.addArgReduction(fn, x, fn == "argmax", dim, keepDims,
                                       selectLastIndex)
                   : b.addScan(fn, scan->second, x, dim, exclusive, reverse);
      });
}

/// reduce.layer_norm (`fn` "layer_norm") or reduce.rms_norm over every dim
/// from `axis` on of a tensor `x` of `shape` and the element type named
/// `elementTypeName`, with `epsilon`. The scale is an argument `w` of
/// `weightShape`, or a constant one of shape 1 when none is given; the bias
/// (layer_norm) an argument `b` of `biasShape` when given. The statistics
/// are computed in f32 for f16 (ONNX's default stash_type), else in the
/// element type. Results: y, and with `returnStats` (layer_norm) the mean
/// and inverse standard deviation, of `shape` with the normalized dims 1.
std::unique_ptr<Reduction>
buildNorm(const std::string &fn, const std::string &elementTypeName,
          const std::vector<int64_t> &shape, int64_t axis, double epsilon,
          const std::optional<std::vector<int64_t>> &weightShape,
          const std::optional<std::vector<int64_t>> &biasShape,
          bool returnStats) {
  bool isLayerNorm = fn == "layer_norm";
  if (!isLayerNorm && fn != "rms_norm")
    throw py::value_error("unknown norm '" + fn +
                          "': expected 'layer_norm' or 'rms_norm'");
  if (!isLayerNorm && (biasShape || returnStats))
    throw py::value_error("reduce.rms_norm has no bias and no statistics");
  ElementType elementType = parseElementType(elementTypeName);
  int64_t rank = shape.size();
  std::optional<SmallVector<int64_t>> normalized =
      normalizeDistinctAxes(axis, rank);
  return buildNormalizationModule(fn, normalized, [&](ModelBuilder &b) {
    MLIRContext *context = b.getContext();
    auto type = getTensorType(context, elementTypeName, shape);
    Value x = b.addArgument(type, "x");
    Value scale;
    if (weightShape) {
      scale = b.addArgument(
          getTensorType(context, elementTypeName, *weightShape), "w");
    } else {
      Buffer one(elementType, {1});
      storeDouble(elementType, one.getData(), 0, 1.0);
      scale = b.addConstant(one.getView(), "w");
    }
    Type element = type.getElementType();
    Type stashType = element.isF16() ? Float32Type::get(context) : element;
    int64_t first = normalized ? normalized->front() : axis;
    auto epsilonAttr = FloatAttr::get(Float64Type::get(context), epsilon);
    if (!isLayerNorm) {
      auto op = b.create<RmsNormOp>(fn, type, x, scale, first, epsilonAttr,
                                    TypeAttr::get(stashType));
      if (!op)
        return BuiltResults(op.takeError());
      return BuiltResults(SmallVector<Value>{op->getResult()});
    }
    Value bias;
    if (biasShape)
      bias = b.addArgument(
          getTensorType(context, elementTypeName, *biasShape), "b");
    // The input's shape with the normalized dims set to 1 (any shape when
    // the axis is invalid: the op's diagnostic comes first).
    int64_t start = normalized ? first : rank;
    SmallVector<int64_t> statsShape(shape.begin(), shape.begin() + start);
    statsShape.append(rank - start, 1);
    auto statsType = RankedTensorType::get(statsShape, stashType);
    auto op = b.create<LayerNormOp>(fn, TypeRange{type, statsType, statsType},
                                    x, scale, bias, first, epsilonAttr,
                                    TypeAttr::get(stashType));
    if (!op)
      return BuiltResults(op.takeError());
    SmallVector<Value> results = {op->getResult()};
    if (returnStats)
      results.append({op->getMean(), op->getInvStdDev()});
    return BuiltResults(std::move(results));
  });
}

/// x / max(||x||_p, epsilon) over `axes` of a tensor of `shape` and the
/// element type named `elementTypeName`, `order` p 1 or 2, computed in f32
/// for f16. p = 2 is reduce.normalize_l2 with eps_mode max and epsilon
/// `epsilon**2`, unless that is below the smallest normal number of the
/// compute type: then, as p = 1, reduce.l<p> over `axes` (kept as 1), its
/// maximum with `epsilon` and the division, broadcast as NumPy does.
std::unique_ptr<Reduction> buildNormalize(const std::string &elementTypeName,
                                          const std::vector<int64_t> &shape,
                                          const std::vector<int64_t> &axes,
                                          int64_t order, double epsilon) {
  if (order != 1 && order != 2)
    throw py::value_error("p=" + std::to_string(order) +
                          " is not supported (1 or 2)");
  parseElementType(elementTypeName);
  std::optional<SmallVector<int64_t>> normalized =
      normalizeDistinctAxes(axes, shape.size());
  ArrayRef<int64_t> opAxes = normalized ? ArrayRef<int64_t>(*normalized)
                                        : ArrayRef<int64_t>(axes);
  return buildNormalizationModule(
      "normalize", normalized, [&](ModelBuilder &b) -> BuiltResults {
        MLIRContext *context = b.getContext();
        auto type = getTensorType(context, elementTypeName, shape);
        Type element = type.getElementType();
        auto compute =
            cast<FloatType>(element.isF16() ? Float32Type::get(context)
                                            : element);
        double tiny =
            APFloat::getSmallestNormalized(compute.getFloatSemantics())
                .convertToDouble();
        bool fusedL2 =
            order == 2 && !(epsilon > 0 && epsilon * epsilon < tiny);
        Value x = b.addArgument(type, "x");
        Value value = x;
        if (compute != element) {
          llvm::Expected<Value> wide = b.addConvert("normalize", x, compute);
          if (!wide)
            return wide.takeError();
          value = *wide;
        }
        llvm::Expected<Value> y = [&]() -> llvm::Expected<Value> {
          if (fusedL2)
            return b.addNormalizeL2("normalize", value, opAxes,
                                    epsilon * epsilon, /*epsMax=*/true);
          llvm::Expected<Value> norm = b.addReduction(
              "normalize", order == 1 ? ReductionKind::l1 : ReductionKind::l2,
              value, opAxes, Value(), /*keepDims=*/true, EmptyAxesMode::noop);
          if (!norm)
            return norm.takeError();
          Value eps = b.addScalarConstant("normalize", compute, epsilon);
          llvm::Expected<Value> bounded = b.addElementwise(
              "normalize", ElementwiseKind::max, {*norm, eps});
          if (!bounded)
            return bounded.takeError();
          return b.addElementwise("normalize", ElementwiseKind::div,
                                  {value, *bounded});
        }();
        if (!y)
          return y.takeError();
        Value result = *y;
        if (compute != element) {
          llvm::Expected<Value> narrow =
              b.addConvert("normalize", result, element);
          if (!narrow)
            return narrow.takeError();
          result = *narrow;
        }
        return SmallVector<Value>{result};
      });
}

std::shared_ptr<Function> lookup(const Module &module,
                                 const std::string &name) {
  llvm::Expected<JitFunction> function = module.module->lookup(name);
  if (!function) {
    std::string message = llvm::toString(function.takeError());
    throw py::key_error(message);
  }
  return std::make_shared<Function>(module.module, std::move(*function));
}

//===----------------------------------------------------------------------===//
// A NumPy allocator of 64-byte aligned data (NEP 49)
//===----------------------------------------------------------------------===//

#ifdef REDUCE_PYTHON_NUMPY_HEADERS
/// NumPy's own allocations start 16 bytes past a 64-byte boundary; the
/// kernels read such data more slowly (docs/python.md, "Speed"). These
/// functions give every allocation a 64-byte aligned start.
constexpr size_t kAlignment = 64;

void *alignedMalloc(void *, size_t size) {
  size_t rounded = std::max<size_t>(kAlignment, (size + kAlignment - 1) /
                                                    kAlignment * kAlignment);
  return std::aligned_alloc(kAlignment, rounded);
}

void *alignedCalloc(void *ctx, size_t count, size_t elementSize) {
  if (elementSize && count > SIZE_MAX / elementSize)
    return nullptr;
  void *data = alignedMalloc(ctx, count * elementSize);
  if (data)
    std::memset(data, 0, count * elementSize);
  return data;
}

void *alignedRealloc(void *ctx, void *data, size_t size) {
  void *moved = alignedMalloc(ctx, size);
  if (!moved || !data)
    return moved;
  std::memcpy(moved, data, std::min(malloc_usable_size(data), size));
  std::free(data);
  return moved;
}

void alignedFree(void *, void *data, size_t) { std::free(data); }

PyDataMem_Handler alignedHandler = {
    "reduce_mlir_aligned64",
    1,
    {nullptr, alignedMalloc, alignedCalloc, alignedRealloc, alignedFree}};

/// Makes the aligned allocator NumPy's in the current context; returns the
/// handler it replaces.
py::object setAlignedAllocator() {
  py::capsule handler(&alignedHandler, "mem_handler");
  PyObject *old = PyDataMem_SetHandler(handler.ptr());
  if (!old)
    throw py::error_already_set();
  return py::reinterpret_steal<py::object>(old);
}

/// Makes `handler` (from setAlignedAllocator) NumPy's allocator again.
void restoreAllocator(py::object handler) {
  PyObject *old = PyDataMem_SetHandler(handler.ptr());
  if (!old)
    throw py::error_already_set();
  Py_DECREF(old);
}

/// NumPy's C API; false when it cannot be loaded.
bool importNumpy() {
  if (_import_array() < 0) {
    PyErr_Clear();
    return false;
  }
  return true;
}
#endif

} // namespace

PYBIND11_MODULE(_reduce_mlir, m) {
  m.doc() = "The compiled part of reduce_mlir: the reduce JIT C++ API";

  py::class_<Module>(m, "Module")
      .def_property_readonly("entry_names",
                             [](const Module &module) {
                               std::vector<std::string> names(
                                   module.module->getEntryNames().begin(),
                                   module.module->getEntryNames().end());
                               return names;
                             })
      .def_property_readonly(
          "compile_ms",
          [](const Module &module) { return module.module->getCompileMillis(); })
      .def_property_readonly(
          "target",
          [](const Module &module) {
            return module.module->getTargetJSON().str();
          })
      .def_property_readonly(
          "profile",
          [](const Module &module) { return module.module->getProfile().str(); })
      .def_property_readonly("cache",
                             [](const Module &module) {
                               return module.module->getCacheStatus().str();
                             })
      .def_property_readonly("grid_shape",
                             [](const Module &module) {
                               llvm::ArrayRef<int64_t> grid =
                                   module.module->getGridShape();
                               return std::vector<int64_t>(grid.begin(),
                                                           grid.end());
                             })
      .def_property_readonly("rank",
                             [](const Module &) { return getProcessRank(); })
      .def("lookup", &lookup, py::arg("name"));

  py::class_<Function, std::shared_ptr<Function>>(m, "Function")
      .def("__call__", &Function::call)
      .def("_call_reduction", &Function::callReduction, py::arg("x"))
      .def_property_readonly("name", &Function::getName)
      .def_property_readonly("argument_types", &Function::getArgumentTypes)
      .def_property_readonly("result_types", &Function::getResultTypes)
      .def_property_readonly("calls", &Function::getCalls)
      .def_property_readonly("argument_blocks", &Function::getArgumentBlocks)
      .def_property_readonly("result_blocks", &Function::getResultBlocks)
      .def("_time_native", &Function::timeNative, py::arg("x"),
           py::arg("repeat"));

  py::class_<Reduction>(m, "Reduction")
      .def_property_readonly("text", &Reduction::getText)
      .def_property_readonly("axes", &Reduction::getAxes)
      .def_property_readonly("result_shape", &Reduction::getResultShape)
      .def("compile", &Reduction::compile, py::arg("options") = "",
           py::arg("opt_level") = 3)
      .def("__str__", &Reduction::getText);

  m.def("compile", &compileSource, py::arg("source"), py::arg("options") = "",
        py::arg("opt_level") = 3, py::arg("buffer_name") = "<input>");
  m.def("build_reduction", &buildReduction, py::arg("kind"),
        py::arg("element_type"), py::arg("shape"), py::arg("axes"),
        py::arg("keepdims") = false, py::arg("nan_mode") = py::none(),
        py::arg("widen_to") = py::none());
  m.def("build_softmax", &buildSoftmax, py::arg("fn"),
        py::arg("element_type"), py::arg("shape"), py::arg("axis"));
  m.def("build_axis_op", &buildAxisOp, py::arg("fn"),
        py::arg("element_type"), py::arg("shape"), py::arg("axis"),
        py::arg("keepdims") = false, py::arg("select_last_index") = false,
        py::arg("exclusive") = false, py::arg("reverse") = false);
  m.def("build_norm", &buildNorm, py::arg("fn"), py::arg("element_type"),
        py::arg("shape"), py::arg("axis"), py::arg("epsilon"),
        py::arg("weight_shape"), py::arg("bias_shape"),
        py::arg("return_stats"));
  m.def("build_normalize", &buildNormalize, py::arg("element_type"),
        py::arg("shape"), py::arg("axes"), py::arg("p"), py::arg("epsilon"));
  // NumPy dtype name -> element type name, for the types NumPy has (bf16
  // has none: its bits travel in uint16).
  py::dict elementTypes;
  for (ElementType type : getAllElementTypes())
    if (type != ElementType::bf16)
      elementTypes[py::str(makeDtype(type).attr("name"))] =
          getMlirName(type).str();
  m.attr("element_types") = elementTypes;
  m.def("load_model", &loadModel, py::arg("path"), py::arg("weights") = "",
        py::arg("options") = "", py::arg("opt_level") = 3);
#ifdef REDUCE_PYTHON_NUMPY_HEADERS
  if (importNumpy()) {
    m.def("set_aligned_allocator", &setAlignedAllocator);
    m.def("restore_allocator", &restoreAllocator, py::arg("handler"));
  }
#endif
}

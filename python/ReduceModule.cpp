//===- ReduceModule.cpp - The _reduce_mlir Python extension ------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The compiled half of the `reduce_mlir` package (docs/python.md): pybind11
// bindings of the JIT C++ API (reduce/JIT/JIT.h) and of the model importers
// (reduce/Import/ImportModel.h). NumPy arrays go in as BufferViews (copied
// only when they are not C-contiguous and aligned), results come out as NumPy
// arrays that own the kernel's Buffer (no copy). The GIL is released while a
// module compiles and while a kernel runs. Every llvm::Error becomes a
// Python exception: TypeError for an argument that does not match the
// signature (count, dtype, rank, static size), ValueError for the rest.
//
//===----------------------------------------------------------------------===//

#include "reduce/Import/ImportModel.h"
#include "reduce/Import/ModelBuilder.h"
#include "reduce/JIT/JIT.h"
#include "reduce/Runtime/Buffer.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
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

/// A compiled module, shared by the functions looked up in it.
class Module {
public:
  explicit Module(std::unique_ptr<JitModule> module)
      : module(std::move(module)) {}
  std::shared_ptr<JitModule> module;
};

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
      .def("lookup", &lookup, py::arg("name"));

  py::class_<Function, std::shared_ptr<Function>>(m, "Function")
      .def("__call__", &Function::call)
      .def("_call_reduction", &Function::callReduction, py::arg("x"))
      .def_property_readonly("name", &Function::getName)
      .def_property_readonly("argument_types", &Function::getArgumentTypes)
      .def_property_readonly("result_types", &Function::getResultTypes)
      .def_property_readonly("calls", &Function::getCalls)
      .def("_time_native", &Function::timeNative, py::arg("x"),
           py::arg("repeat"));

  m.def("compile", &compileSource, py::arg("source"), py::arg("options") = "",
        py::arg("opt_level") = 3, py::arg("buffer_name") = "<input>");
  m.def("load_model", &loadModel, py::arg("path"), py::arg("weights") = "",
        py::arg("options") = "", py::arg("opt_level") = 3);
#ifdef REDUCE_PYTHON_NUMPY_HEADERS
  if (importNumpy()) {
    m.def("set_aligned_allocator", &setAlignedAllocator);
    m.def("restore_allocator", &restoreAllocator, py::arg("handler"));
  }
#endif
}

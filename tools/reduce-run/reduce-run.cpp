//===- reduce-run.cpp - Compile and run a module on .npy data ---*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
//   reduce-run model.mlir [--entry main] [--input x.npy]... [--output o.npy]...
//              [--repeat N] [--print-timing] [--random-inputs SEED] [-O0..-O3]
//              [--pipeline-options "vector-width=256 ..."]
//   reduce-run model.onnx | model.xml [--weights model.bin] ...
//
// A thin layer over the JIT API (reduce/JIT/JIT.h): compiles the module
// (or the module an importer makes of an ONNX model or OpenVINO IR, chosen
// by the extension) through --reduce-to-llvm, binds the inputs (.npy, or
// ONNX TensorProto .pb) to the entry's arguments by position, calls it and
// writes or prints the results. Every error is one line on stderr and exit
// code 1.
//
//===----------------------------------------------------------------------===//

#include "Distributed.h"
#include "reduce/Import/ImportModel.h"
#include "reduce/Import/ModelBuilder.h"
#include "reduce/Import/Onnx.h"
#include "reduce/JIT/JIT.h"
#include "reduce/Runtime/Npy.h"
#include "reduce/Support/ToolOptions.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <chrono>
#include <random>

using namespace mlir;
using namespace mlir::reduce;
namespace cl = llvm::cl;

static cl::OptionCategory category("reduce-run options");
static CompileToolOptions common(category);

static cl::opt<std::string> entry("entry", cl::desc("Entry function"),
                                  cl::init("main"), cl::cat(category));
static cl::list<std::string>
    inputs("input",
           cl::desc("A .npy (or ONNX TensorProto .pb) file per argument, by "
                    "position"),
           cl::cat(category));
static cl::list<std::string>
    outputs("output", cl::desc("A .npy file per result, by position "
                               "(default: print the results)"),
            cl::cat(category));
static cl::opt<unsigned> repeat("repeat",
                                cl::desc("Time N calls after one warm-up"),
                                cl::init(0), cl::cat(category));
static cl::opt<bool>
    printTiming("print-timing",
                cl::desc("Print one JSON line of timings on stderr"),
                cl::cat(category));
static cl::opt<bool>
    noJitCache("no-jit-cache",
               cl::desc("Compile without the persistent JIT cache (as "
                        "REDUCE_JIT_CACHE=off)"),
               cl::cat(category));
static cl::opt<uint64_t> randomInputs(
    "random-inputs",
    cl::desc("Fill the arguments without --input with random data from this "
             "seed (normal floats, small integers, bools 0 or 1)"),
    cl::cat(category));

static int fail(const llvm::Twine &message) {
  // The MPI job this process is part of, for a distributed module.
  MPIRuntime *job = MPIRuntime::getInitialized();
  // One write: the lines of the processes of a job do not interleave.
  std::string line = "reduce-run: error: ";
  if (job)
    line += "rank " + std::to_string(job->getRank()) + ": ";
  line += message.str() + "\n";
  llvm::errs() << line;
  // The other processes may be waiting for this one in a collective: end
  // the job.
  if (job)
    job->abort(1);
  return 1;
}

static int fail(llvm::Error error) {
  return fail(llvm::toString(std::move(error)));
}

/// Random data for an argument of signature `signature`.
static llvm::Expected<Buffer> makeRandomInput(const TensorSignature &signature,
                                              unsigned index,
                                              std::mt19937_64 &rng) {
  if (llvm::any_of(signature.shape, ShapedType::isDynamic))
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        "argument #%u has type %s with a dynamic size: give it with --input",
        index, signature.str().c_str());
  // Random data for at most 2^32 bytes; larger inputs come from files.
  std::optional<int64_t> count = getNumElements(signature.shape);
  if (!count ||
      *count > (int64_t(1) << 32) / int64_t(getByteWidth(signature.elementType)))
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        "argument #%u has type %s: too large for --random-inputs (at most 4 "
        "GiB); give it with --input",
        index, signature.str().c_str());
  Buffer buffer(signature.elementType, signature.shape);
  std::normal_distribution<double> normal(0.0, 1.0);
  std::uniform_int_distribution<int> small(-100, 100);
  std::uniform_int_distribution<int> smallUnsigned(0, 200);
  std::uniform_int_distribution<int> bit(0, 1);
  for (int64_t i = 0, e = buffer.getNumElements(); i < e; ++i) {
    double value = isFloat(signature.elementType)      ? normal(rng)
                   : isBool(signature.elementType)     ? bit(rng)
                   : isUnsigned(signature.elementType) ? smallUnsigned(rng)
                                                       : small(rng);
    storeDouble(signature.elementType, buffer.getData(), i, value);
  }
  return std::move(buffer);
}

/// Compiles the input: a model file through its importer, else MLIR text.
static llvm::Expected<std::unique_ptr<JitModule>>
compileInput(const JitOptions &options) {
  if (isModelFile(common.inputFile)) {
    DialectRegistry registry;
    registerImportDialects(registry);
    MLIRContext context(registry);
    llvm::Expected<OwningOpRef<ModuleOp>> imported =
        importModelFile(&context, common.inputFile, common.weightsFile);
    if (!imported)
      return imported.takeError();
    return JitModule::compile(**imported, options);
  }
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> file =
      llvm::MemoryBuffer::getFileOrSTDIN(common.inputFile, /*IsText=*/true);
  if (!file)
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "cannot read '" + common.inputFile +
                                       "': " + file.getError().message());
  return JitModule::compile((*file)->getBuffer(), options,
                            common.inputFile == "-"
                                ? StringRef("<stdin>")
                                : StringRef(common.inputFile));
}

int main(int argc, char **argv) {
  llvm::InitLLVM initLLVM(argc, argv);
  cl::HideUnrelatedOptions(category);
  cl::ParseCommandLineOptions(argc, argv,
                              "reduce-run: compile a module with reduce ops "
                              "(or TOSA or linalg reductions, raised to "
                              "them) and run it\n");

  JitOptions options;
  llvm::Expected<unsigned> optLevel = common.getOptLevel();
  if (!optLevel)
    return fail(optLevel.takeError());
  options.optLevel = *optLevel;
  options.pipelineOptions = common.pipelineOptions;
  options.persistentCache = !noJitCache;
  llvm::Expected<std::unique_ptr<JitModule>> module = compileInput(options);
  if (!module)
    return fail(module.takeError());
  llvm::Expected<JitFunction> function = (*module)->lookup(entry);
  if (!function)
    return fail(function.takeError());

  ArrayRef<TensorSignature> arguments = function->getArguments();
  if (inputs.size() > arguments.size())
    return fail(llvm::Twine(inputs.size()) + " inputs given, but '" + entry +
                "' takes " + llvm::Twine(arguments.size()) + " argument(s)");
  if (inputs.size() < arguments.size() &&
      randomInputs.getNumOccurrences() == 0)
    return fail(llvm::Twine(inputs.size()) + " inputs given, but '" + entry +
                "' takes " + llvm::Twine(arguments.size()) +
                " argument(s) (use --input, or --random-inputs SEED)");
  if (!outputs.empty() && outputs.size() != function->getResults().size())
    return fail(llvm::Twine(outputs.size()) + " outputs given, but '" + entry +
                "' returns " + llvm::Twine(function->getResults().size()) +
                " result(s)");

  // A module with a shard.grid runs as one process of an MPI job of as
  // many processes as the grid has; each reads its blocks of the inputs.
  // (The JIT initialized MPI and checked the size of the job.)
  ArrayRef<int64_t> gridShape = (*module)->getGridShape();
  MPIRuntime *job = gridShape.empty() ? nullptr : MPIRuntime::getInitialized();
  SmallVector<int64_t> processIndex;
  if (job)
    processIndex = getProcessIndex(job->getRank(), gridShape);
  ArrayRef<TensorSplit> argumentSplits = function->getArgumentSplits();
  // The offsets of this process's block of argument `i`, if it is split.
  auto blockOffsets = [&](unsigned i) -> std::optional<SmallVector<int64_t>> {
    if (i >= argumentSplits.size())
      return std::nullopt;
    return getBlockOffsets(argumentSplits[i], arguments[i].shape, processIndex,
                           gridShape);
  };

  std::vector<Buffer> buffers;
  for (auto [i, path] : llvm::enumerate(inputs)) {
    std::optional<SmallVector<int64_t>> offsets = blockOffsets(i);
    bool isProto = llvm::StringRef(path).ends_with_insensitive(".pb");
    llvm::Expected<Buffer> buffer =
        offsets && !isProto
            ? readNpyFileSlice(path, argumentSplits[i].globalShape, *offsets,
                               arguments[i].shape)
        : isProto ? readTensorProtoFile(path)
                  : readNpyFile(path);
    if (!buffer)
      return fail(buffer.takeError());
    if (offsets && isProto) {
      // Dynamic dims are not split: the block holds them whole.
      ArrayRef<int64_t> global = argumentSplits[i].globalShape;
      ArrayRef<int64_t> actual = buffer->getShape();
      SmallVector<int64_t> sizes(arguments[i].shape);
      bool matches = actual.size() == global.size();
      for (size_t dim = 0; matches && dim < global.size(); ++dim) {
        matches = ShapedType::isDynamic(global[dim]) || global[dim] == actual[dim];
        if (ShapedType::isDynamic(sizes[dim]))
          sizes[dim] = actual[dim];
      }
      if (!matches)
        return fail("'" + path + "' has shape " + formatShape(actual) +
                    ", expected " +
                    TensorSignature{arguments[i].elementType,
                                    SmallVector<int64_t>(global)}
                        .str());
      *buffer = sliceBuffer(*buffer, *offsets, sizes);
    }
    buffers.push_back(std::move(*buffer));
  }
  std::mt19937_64 rng(randomInputs);
  for (unsigned i = buffers.size(); i < arguments.size(); ++i) {
    // Every process draws the whole input and keeps its block.
    std::optional<SmallVector<int64_t>> offsets = blockOffsets(i);
    TensorSignature whole = arguments[i];
    if (offsets)
      whole.shape = argumentSplits[i].globalShape;
    llvm::Expected<Buffer> buffer = makeRandomInput(whole, i, rng);
    if (!buffer)
      return fail(buffer.takeError());
    if (offsets)
      *buffer = sliceBuffer(*buffer, *offsets, arguments[i].shape);
    buffers.push_back(std::move(*buffer));
  }
  SmallVector<BufferView> views;
  for (const Buffer &buffer : buffers)
    views.push_back(buffer.getView());

  llvm::Expected<SmallVector<Buffer>> results = function->call(views);
  if (!results)
    return fail(results.takeError());

  // With static results the timed calls write into the warm-up's results,
  // as a caller that keeps its buffers does: the time is the kernel's, not
  // the first touch of fresh pages.
  SmallVector<MutableBufferView> reused;
  if (function->hasOutParams())
    for (Buffer &result : *results)
      reused.push_back(result.getMutableView());
  std::vector<double> times;
  for (unsigned i = 0; i < repeat; ++i) {
    auto start = std::chrono::steady_clock::now();
    llvm::Error error = llvm::Error::success();
    if (function->hasOutParams()) {
      error = function->callInto(views, reused);
    } else {
      llvm::Expected<SmallVector<Buffer>> timed = function->call(views);
      if (!timed)
        error = timed.takeError();
    }
    auto stop = std::chrono::steady_clock::now();
    if (error)
      return fail(std::move(error));
    times.push_back(std::chrono::duration<double, std::nano>(stop - start)
                        .count());
  }

  // The results come back whole on rank 0, which writes or prints them.
  if (job) {
    ArrayRef<TensorSplit> resultSplits = function->getResultSplits();
    for (auto [index, result] : llvm::enumerate(*results)) {
      if (index >= resultSplits.size())
        continue;
      llvm::Expected<Buffer> whole = gatherResult(
          *job, std::move(result), resultSplits[index], gridShape);
      if (!whole)
        return fail(whole.takeError());
      result = std::move(*whole);
    }
  }
  bool writes = !job || job->getRank() == 0;
  for (auto [index, result] : llvm::enumerate(*results)) {
    if (!writes)
      break;
    if (!outputs.empty()) {
      if (llvm::Error err = writeNpyFile(outputs[index], result.getView()))
        return fail(std::move(err));
      continue;
    }
    // An unranked result is printed with the shape the call computed, and
    // so is a result gathered from the processes of a job (whose signature
    // is one process's block).
    TensorSignature type = function->getResults()[index];
    if (!type.ranked || job)
      type = {type.elementType, llvm::to_vector(result.getShape())};
    llvm::outs() << type.str() << " = ";
    printNested(llvm::outs(), result.getView());
    llvm::outs() << "\n";
  }

  if (printTiming && writes) {
    llvm::errs() << "{\"entry\":\"" << entry << "\",\"repeat\":" << repeat
                 << ",\"compile_ms\":"
                 << llvm::format("%.3f", (*module)->getCompileMillis())
                 << ",\"cache\":\"" << (*module)->getCacheStatus() << "\"";
    if (!(*module)->getCacheProblem().empty()) {
      llvm::errs() << ",\"cache_problem\":";
      llvm::json::OStream(llvm::errs()).value((*module)->getCacheProblem());
    }
    if (!times.empty()) {
      std::sort(times.begin(), times.end());
      double median = times.size() % 2
                          ? times[times.size() / 2]
                          : (times[times.size() / 2 - 1] +
                             times[times.size() / 2]) /
                                2;
      llvm::errs() << ",\"min_ns\":" << llvm::format("%.0f", times.front())
                   << ",\"median_ns\":" << llvm::format("%.0f", median);
    }
    // The target the module was compiled for and the profile it came from.
    llvm::errs() << ",\"profile\":";
    llvm::json::OStream(llvm::errs()).value((*module)->getProfile());
    llvm::errs() << ",\"target\":" << (*module)->getTargetJSON() << "}\n";
  }
  if (job)
    job->finalize();
  return 0;
}

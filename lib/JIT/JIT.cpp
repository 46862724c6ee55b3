//===- JIT.cpp - Compile and run modules with reduce ops --------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Compilation: parse -> verify -> record the entry signatures -> mark the
// entry arguments read-only -> the object of the persistent cache when it
// has one for the module, the options and the host; else --reduce-to-llvm
// -> LLVM IR, optimized -> an object for the host CPU, stored in the cache
// -> the object linked into the process (NativeCode.h).
//
// Calling convention: the lowered entry takes each memref argument as its
// expanded descriptor (allocated, aligned, offset, sizes..., strides...).
// An entry whose results all have static shapes (pipeline option
// out-params) takes them the same way as trailing out-params and returns
// nothing: the kernel computes its results in caller-owned memory. Any other
// entry returns the result descriptors in one struct. The packed
// interface `_mlir_<name>(void **)` takes a pointer per scalar argument
// and, if the entry returns results, one to the result storage. Result
// descriptors are 8-byte fields, so the result storage is an int64 array. A
// dense result the kernel malloc'ed is adopted by its Buffer (no copy); a
// result that aliases an input or a constant global, or is strided, is
// copied.
//
//===----------------------------------------------------------------------===//

#include "reduce/JIT/JIT.h"

#include "reduce/Compile/Compile.h"
#include "reduce/Conversion/ReduceToLinalg/RuntimeStatus.h"
#include "reduce/Dialect/Reduce/IR/ReduceDialect.h"
#include "reduce/JIT/Calibrate.h"
#include "reduce/JIT/MPIRuntime.h"
#include "reduce/JIT/ObjectCache.h"
#include "reduce/Pipelines/ParseHazards.h"
#include "reduce/Pipelines/Pipelines.h"
#include "reduce/Target/HostProfile.h"

#include "Distribution.h"
#include "NativeCode.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"

#include <chrono>
#include <cstdlib>
#include <cstring>
#include <mutex>

using namespace mlir;
using namespace mlir::reduce;
using llvm::Expected;

#ifndef REDUCE_C_RUNNER_UTILS
#define REDUCE_C_RUNNER_UTILS ""
#endif
#ifndef REDUCE_VERSION
#define REDUCE_VERSION "unknown"
#endif

/// What memref.get_global stores as the allocated pointer of a constant.
static constexpr uintptr_t kGlobalAllocatedPointer = 0xdeadbeef;

namespace {
using Clock = std::chrono::steady_clock;

double millisSince(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start)
      .count();
}
} // namespace

std::string TensorSignature::str() const {
  std::string text = "tensor<";
  if (!ranked)
    return text + "*x" + getMlirName(elementType).str() + ">";
  for (int64_t size : shape)
    text += (ShapedType::isDynamic(size) ? "?" : std::to_string(size)) + "x";
  text += getMlirName(elementType).str() + ">";
  return text;
}

void mlir::reduce::registerJitDialects(DialectRegistry &registry) {
  registry.insert<ReduceDialect>();
  registerPipelineExternalModels(registry);
  registerAllDialects(registry);
  registerAllExtensions(registry);
  registerAllToLLVMIRTranslations(registry);
}

//===----------------------------------------------------------------------===//
// Signatures
//===----------------------------------------------------------------------===//

/// Converts the types of an entry's arguments or results, or explains why
/// the function cannot be an entry. Results may be unranked.
static llvm::Error convertSignature(TypeRange types, StringRef what,
                                   llvm::SmallVectorImpl<TensorSignature> &out) {
  for (auto [index, type] : llvm::enumerate(types)) {
    auto unranked = dyn_cast<UnrankedTensorType>(type);
    std::optional<ElementType> unrankedElement =
        unranked && what == "result" ? toElementType(unranked.getElementType())
                                     : std::nullopt;
    if (unrankedElement) {
      out.push_back({*unrankedElement, {}, /*ranked=*/false});
      continue;
    }
    auto tensorType = dyn_cast<RankedTensorType>(type);
    std::optional<ElementType> elementType =
        tensorType ? toElementType(tensorType.getElementType()) : std::nullopt;
    if (!elementType) {
      std::string typeText;
      llvm::raw_string_ostream(typeText) << type;
      return llvm::createStringError(
          what + " #" + llvm::Twine(index) + " has type '" + typeText +
          "'; expected a ranked tensor" +
          (what == "result" ? " (or an unranked one)" : "") +
          " of f16, bf16, f32, f64, i1, i8..i64 or ui8..ui64");
    }
    out.push_back({*elementType, llvm::to_vector(tensorType.getShape())});
  }
  return llvm::Error::success();
}

//===----------------------------------------------------------------------===//
// JitModule
//===----------------------------------------------------------------------===//

JitModule::~JitModule() = default;

Expected<std::unique_ptr<JitModule>>
JitModule::compile(StringRef source, const JitOptions &options,
                   StringRef bufferName) {
  Clock::time_point start = Clock::now();
  DialectRegistry registry;
  registerJitDialects(registry);
  auto context = std::make_unique<MLIRContext>(
      registry, MLIRContext::Threading::DISABLED);

  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(source, bufferName), llvm::SMLoc());
  OwningOpRef<ModuleOp> module;
  {
    // Errors are one line, "file:line:col: message", as reduce-compile's.
    FirstErrorCapture diagnostics(context.get());
    if (failed(checkParseHazards(sourceMgr, context.get())))
      return diagnostics.takeError("cannot parse " + bufferName);
    module = parseSourceFile<ModuleOp>(sourceMgr, context.get());
    if (!module)
      return diagnostics.takeError("cannot parse " + bufferName);
  }
  Expected<std::unique_ptr<JitModule>> result =
      compileOwned(std::move(module), options, millisSince(start));
  if (result)
    (*result)->context = std::move(context);
  return result;
}

Expected<std::unique_ptr<JitModule>>
JitModule::compile(ModuleOp module, const JitOptions &options) {
  Clock::time_point start = Clock::now();
  DialectRegistry registry;
  registerJitDialects(registry);
  module->getContext()->appendDialectRegistry(registry);
  return compileOwned(OwningOpRef<ModuleOp>(module.clone()), options,
                      millisSince(start));
}

/// The module as the persistent cache's key holds it: printed with its
/// locations, which the messages of runtime checks name.
static std::string printForKey(ModuleOp module) {
  std::string text;
  llvm::raw_string_ostream os(text);
  module->print(os, OpPrintingFlags().enableDebugInfo(/*enable=*/true,
                                                      /*prettyForm=*/false));
  return text;
}

/// The checks of `fn` from `attr` (reduce.equal_dims), std::nullopt when it
/// is malformed.
static std::optional<std::vector<EqualDimsCheck>>
readEqualDims(Attribute attr, ArrayRef<TensorSignature> arguments) {
  return parseEqualDims(
      attr, [&](int64_t i) { return arguments[i].shape.size(); },
      arguments.size());
}

std::string JitModule::writeMetadata(MLIRContext *context) const {
  llvm::json::Object entries;
  for (const auto &entry : functions) {
    llvm::json::Array sites;
    for (const std::string &site : entry.getValue().checkSites)
      sites.push_back(site);
    // The checks as reduce.equal_dims prints them.
    std::string equalDims;
    llvm::raw_string_ostream(equalDims)
        << getEqualDimsAttr(context, entry.getValue().equalDims);
    entries[entry.getKey()] =
        llvm::json::Object{{"check_sites", std::move(sites)},
                           {"equal_dims", std::move(equalDims)}};
  }
  llvm::json::Object metadata{{"target", targetJSON},
                              {"profile", profile},
                              {"openmp", usesOpenMP},
                              {"functions", std::move(entries)}};
  std::string text;
  llvm::raw_string_ostream(text) << llvm::json::Value(std::move(metadata));
  return text;
}

bool JitModule::readMetadata(StringRef json, MLIRContext *context) {
  Expected<llvm::json::Value> value = llvm::json::parse(json);
  if (!value) {
    llvm::consumeError(value.takeError());
    return false;
  }
  const llvm::json::Object *metadata = value->getAsObject();
  if (!metadata)
    return false;
  std::optional<StringRef> target = metadata->getString("target");
  std::optional<StringRef> profileName = metadata->getString("profile");
  std::optional<bool> openMP = metadata->getBoolean("openmp");
  const llvm::json::Object *entries = metadata->getObject("functions");
  if (!target || !profileName || !openMP || !entries ||
      entries->size() != functions.size())
    return false;
  // Read every function's sites and checks before setting any.
  llvm::StringMap<std::vector<std::string>> sitesByFunction;
  llvm::StringMap<std::vector<EqualDimsCheck>> equalDimsByFunction;
  for (auto &entry : functions) {
    const llvm::json::Object *stored = entries->getObject(entry.getKey());
    const llvm::json::Array *sites =
        stored ? stored->getArray("check_sites") : nullptr;
    std::optional<StringRef> equalDimsText =
        stored ? stored->getString("equal_dims") : std::nullopt;
    if (!sites || !equalDimsText)
      return false;
    Attribute equalDimsAttr;
    {
      // Damaged metadata is a cache miss, not a diagnostic of the module.
      ScopedDiagnosticHandler quiet(context,
                                    [](Diagnostic &) { return success(); });
      equalDimsAttr = parseAttribute(*equalDimsText, context);
    }
    std::optional<std::vector<EqualDimsCheck>> equalDims =
        readEqualDims(equalDimsAttr, entry.getValue().arguments);
    if (!equalDims)
      return false;
    equalDimsByFunction[entry.getKey()] = std::move(*equalDims);
    std::vector<std::string> &checkSites = sitesByFunction[entry.getKey()];
    for (const llvm::json::Value &site : *sites) {
      std::optional<StringRef> text = site.getAsString();
      if (!text)
        return false;
      checkSites.push_back(text->str());
    }
  }
  for (auto &entry : functions) {
    entry.getValue().checkSites = std::move(sitesByFunction[entry.getKey()]);
    entry.getValue().equalDims =
        std::move(equalDimsByFunction[entry.getKey()]);
  }
  targetJSON = target->str();
  profile = profileName->str();
  usesOpenMP = *openMP;
  return true;
}

/// Sets `lowered` to the results of the lowered function: an unranked
/// result as its data and its shape (reduce-unranked-results), then the
/// status of runtime checks (lower-reduce). The pipeline's out-params option
/// gives them as out-params when all have static shapes.
static void setLoweredResults(SmallVectorImpl<TensorSignature> &lowered,
                              ArrayRef<TensorSignature> results,
                              bool hasStatus) {
  for (const TensorSignature &result : results) {
    if (result.ranked) {
      lowered.push_back(result);
      continue;
    }
    lowered.push_back({result.elementType, {ShapedType::kDynamic}, true});
    lowered.push_back({ElementType::i64, {ShapedType::kDynamic}, true});
  }
  if (hasStatus)
    lowered.push_back({ElementType::i64, {kRuntimeStatusWords}, true});
}

/// Makes the signature of `fn` that of one process of a distributed module:
/// the local shape of each split argument and result.
llvm::Error JitModule::applySplits(JitFunction &fn,
                                   ArrayRef<TensorSplit> argumentSplits,
                                   ArrayRef<TensorSplit> resultSplits,
                                   ArrayRef<int64_t> gridShape) {
  auto apply = [&](SmallVectorImpl<TensorSignature> &signatures,
                   ArrayRef<TensorSplit> tensorSplits,
                   StringRef what) -> llvm::Error {
    for (auto [index, signature] : llvm::enumerate(signatures)) {
      if (index >= tensorSplits.size() || !signature.ranked)
        continue;
      Expected<SmallVector<int64_t>> local = getLocalShape(
          tensorSplits[index].globalShape, tensorSplits[index].splitAxes,
          gridShape,
          "'" + fn.name + "' " + what + " #" + llvm::Twine(index));
      if (!local)
        return local.takeError();
      signature.shape = std::move(*local);
    }
    return llvm::Error::success();
  };
  if (llvm::Error err = apply(fn.arguments, argumentSplits, "argument"))
    return err;
  if (llvm::Error err = apply(fn.results, resultSplits, "result"))
    return err;
  fn.argumentSplits.assign(argumentSplits.begin(), argumentSplits.end());
  fn.resultSplits.assign(resultSplits.begin(), resultSplits.end());
  return llvm::Error::success();
}

//===----------------------------------------------------------------------===//
// The steps of a compilation
//===----------------------------------------------------------------------===//

/// A module with a shard.grid is the program of every process of an MPI
/// job: returns its distribution, after checking that this process is one
/// of a job of as many processes as the grid; std::nullopt for a module of
/// one process.
static Expected<std::optional<ModuleDistribution>>
joinDistribution(ModuleOp module) {
  if (!isDistributed(module))
    return std::nullopt;
  Expected<ModuleDistribution> distribution = analyzeDistribution(module);
  if (!distribution)
    return distribution.takeError();
  Expected<MPIRuntime *> mpi = MPIRuntime::initialize();
  if (!mpi)
    return mpi.takeError();
  int64_t processes = 1;
  for (int64_t size : distribution->gridShape)
    processes *= size;
  if (processes != (*mpi)->getSize())
    return llvm::createStringError(
        "the module's shard.grid of shape " +
        formatShape(distribution->gridShape) + " has " +
        llvm::Twine(processes) + " processes, but the MPI job has " +
        llvm::Twine((*mpi)->getSize()) + " (run it with mpirun -np " +
        llvm::Twine(processes) + ")");
  return std::optional<ModuleDistribution>(std::move(*distribution));
}

/// Sets `pipeline` from the options of the compilation: the user's
/// pipeline options, out-params for static results, the distributed
/// lowering for a distributed module. Fails on options that do not parse
/// or that ask for instructions this CPU lacks.
static llvm::Error configurePipeline(ReduceToLLVMOptions &pipeline,
                                     const JitOptions &options,
                                     bool distributed) {
  if (failed(pipeline.parseFromString(options.pipelineOptions)))
    return llvm::createStringError("invalid pipeline options '" +
                                   options.pipelineOptions + "'");
  // Results of static shapes come back through out-params (callInto writes
  // them in place).
  pipeline.outParams = true;
  pipeline.distributed = distributed;
  // The code runs on this CPU: range instructions it lacks would stop the
  // backend with a fatal error.
  if (pipeline.minimumLowering == MinimumLowering::Range && !hostHasRange())
    return llvm::createStringError(
        "pipeline option minimum-lowering=range needs "
        "AVX-512DQ and AVX-512VL, which this CPU does not have");
  return llvm::Error::success();
}

/// The code generator for the host CPU, with its vector extensions.
static Expected<llvm::orc::JITTargetMachineBuilder>
detectHostMachine(unsigned optLevel) {
  static std::once_flag initTargets;
  std::call_once(initTargets, [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
  });
  Expected<llvm::orc::JITTargetMachineBuilder> machine =
      llvm::orc::JITTargetMachineBuilder::detectHost();
  if (machine)
    machine->setCodeGenOptLevel(static_cast<llvm::CodeGenOptLevel>(optLevel));
  return machine;
}

/// What lowering a module to an object tells about it.
struct LoweredModule {
  std::unique_ptr<llvm::MemoryBuffer> object;
  /// The target the pipeline compiled for, as JSON, and its profile.
  std::string targetJSON;
  std::string profile;
  /// The runtime check sites of each entry.
  llvm::StringMap<std::vector<std::string>> checkSites;
  /// The `reduce.equal_dims` attribute of each entry that has one.
  llvm::StringMap<Attribute> equalDims;
  bool usesOpenMP = false;
};

/// Lowers `module` through the pipeline and emits the object of its
/// `entries` with `machine`.
static Expected<LoweredModule>
lowerToObject(ModuleOp module, const ReduceToLLVMOptions &pipelineOptions,
              llvm::orc::JITTargetMachineBuilder &machine,
              llvm::ArrayRef<std::string> entries, unsigned optLevel,
              FirstErrorCapture &diagnostics) {
  PassManager pm(module.getContext());
  buildReduceToLLVMPipeline(pm, pipelineOptions);
  if (failed(pm.run(module)))
    return diagnostics.takeError("lowering to the LLVM dialect failed");
  LoweredModule lowered;
  if (auto recorded = module->getAttrOfType<DictionaryAttr>(kTargetAttrName)) {
    std::string error;
    FailureOr<ReduceTarget> target =
        parseTargetAttr(recorded, error, &lowered.profile);
    if (failed(target))
      return llvm::createStringError("the recorded target: " + error);
    lowered.targetJSON = targetToJSON(*target);
  }
  for (const std::string &name : entries) {
    auto function = module.lookupSymbol<LLVM::LLVMFuncOp>(name);
    if (auto sites = function ? function->getAttrOfType<ArrayAttr>(
                                    kRuntimeChecksAttrName)
                              : ArrayAttr())
      for (Attribute site : sites)
        lowered.checkSites[name].push_back(cast<StringAttr>(site).str());
    if (Attribute equalDims =
            function ? function->getAttr(kEqualDimsAttrName) : Attribute())
      lowered.equalDims[name] = equalDims;
  }
  // threads=N runs parallel loops through the OpenMP runtime.
  lowered.usesOpenMP = pipelineOptions.threads > 1;
  module->walk([&](Operation *op) {
    if (op->getName().getDialectNamespace() == "omp")
      lowered.usesOpenMP = true;
    else if (auto callee = dyn_cast<LLVM::LLVMFuncOp>(op))
      lowered.usesOpenMP |= callee.getSymName().starts_with("__kmpc_");
  });
  Expected<std::unique_ptr<llvm::TargetMachine>> targetMachine =
      machine.createTargetMachine();
  if (!targetMachine)
    return targetMachine.takeError();
  Expected<std::unique_ptr<llvm::MemoryBuffer>> emitted =
      emitJitObject(module, entries, optLevel, **targetMachine);
  if (!emitted) {
    // Translation problems are reported as diagnostics; show them first.
    std::string reason = llvm::toString(emitted.takeError());
    return diagnostics.takeError("cannot compile the module: " + reason);
  }
  lowered.object = std::move(*emitted);
  return std::move(lowered);
}

/// The shared libraries the kernels may call: memrefCopy and friends of
/// MLIR's C runner utilities, and the OpenMP runtime (libomp-22-dev), which
/// sits beside them.
static std::vector<std::string> getRuntimeLibraries(bool usesOpenMP) {
  std::vector<std::string> libraries;
  if (StringRef(REDUCE_C_RUNNER_UTILS).size())
    libraries.push_back(REDUCE_C_RUNNER_UTILS);
  if (usesOpenMP) {
    SmallString<128> openMPRuntime =
        llvm::sys::path::parent_path(REDUCE_C_RUNNER_UTILS);
    llvm::sys::path::append(openMPRuntime, "libomp.so");
    libraries.push_back(openMPRuntime.str().str());
  }
  return libraries;
}

Expected<std::unique_ptr<JitModule>>
JitModule::compileOwned(OwningOpRef<ModuleOp> module,
                        const JitOptions &options, double setupMillis) {
  Clock::time_point start = Clock::now();
  MLIRContext *context = module->getContext();
  FirstErrorCapture diagnostics(context);
  if (failed(verifyPipelineInput(*module)))
    return diagnostics.takeError("the module does not verify");
  if (options.optLevel > 3)
    return llvm::createStringError("optimization level " +
                                   llvm::Twine(options.optLevel) +
                                   " is out of range [0, 3]");
  Expected<std::optional<ModuleDistribution>> distribution =
      joinDistribution(*module);
  if (!distribution)
    return diagnostics.takeError(llvm::toString(distribution.takeError()));

  std::optional<ObjectCache> cache;
  // Distributed modules are compiled by every process of the job at once:
  // not through the persistent cache.
  if (options.persistentCache && !*distribution)
    cache = ObjectCache::fromEnvironment();
  std::string moduleText = cache ? printForKey(*module) : std::string();

  std::unique_ptr<JitModule> jit(new JitModule());
  jit->recordEntries(*module, *distribution);
  if (*distribution)
    jit->gridShape = (*distribution)->gridShape;

  ReduceToLLVMOptions pipelineOptions;
  if (llvm::Error err = ::configurePipeline(pipelineOptions, options,
                                            distribution->has_value()))
    return std::move(err);
  // Before the pipeline resolves its target: the first compilation of the
  // process may calibrate the host and store its profile.
  if (options.calibrateOnFirstUse && pipelineOptions.hostProfile)
    ensureHostProfile();
  Expected<llvm::orc::JITTargetMachineBuilder> machine =
      detectHostMachine(options.optLevel);
  if (!machine)
    return machine.takeError();

  // The object from the persistent cache, when it holds a valid one.
  std::string digest;
  std::unique_ptr<llvm::MemoryBuffer> object;
  if (cache) {
    std::string optionsText;
    llvm::raw_string_ostream optionsStream(optionsText);
    pipelineOptions.print(optionsStream);
    std::string hostProfile;
    if (pipelineOptions.hostProfile) {
      ProfileLookup lookup = lookupHostProfile();
      hostProfile =
          lookup.profile ? lookup.profile->toJSON() : "static default";
    }
    digest = ObjectCacheKey::make(std::move(moduleText), optionsText,
                                  options.optLevel, hostProfile, *machine)
                 .digest();
    std::optional<CachedObject> entry = cache->load(digest, jit->cacheProblem);
    if (entry && jit->readMetadata(entry->metadata, module->getContext()))
      object = std::move(entry->object);
    else if (entry)
      jit->cacheProblem = "malformed metadata";
    jit->cacheStatus = object ? "hit" : "miss";
  }

  if (!object) {
    Expected<LoweredModule> lowered =
        lowerToObject(*module, pipelineOptions, *machine, jit->entryNames,
                      options.optLevel, diagnostics);
    if (!lowered)
      return lowered.takeError();
    jit->targetJSON = std::move(lowered->targetJSON);
    jit->profile = std::move(lowered->profile);
    jit->usesOpenMP = lowered->usesOpenMP;
    for (auto &entry : jit->functions) {
      JitFunction &fn = entry.getValue();
      fn.checkSites = lowered->checkSites.lookup(entry.getKey());
      if (Attribute attr = lowered->equalDims.lookup(entry.getKey())) {
        std::optional<std::vector<EqualDimsCheck>> checks =
            readEqualDims(attr, fn.arguments);
        if (!checks)
          return llvm::createStringError(
              "function '" + fn.name + "': malformed " + kEqualDimsAttrName +
              " attribute after the pipeline");
        fn.equalDims = std::move(*checks);
      }
    }
    object = std::move(lowered->object);
    if (cache)
      if (llvm::Error err =
              cache->store(digest, jit->writeMetadata(module->getContext()),
                           object->getBuffer()))
        jit->cacheProblem = llvm::toString(std::move(err));
  }

  for (auto &entry : jit->functions) {
    JitFunction &fn = entry.getValue();
    setLoweredResults(fn.loweredResults, fn.results,
                      !fn.checkSites.empty());
    fn.outParams =
        llvm::all_of(fn.loweredResults, [](const TensorSignature &result) {
          return !llvm::any_of(result.shape, ShapedType::isDynamic);
        });
  }

  Expected<std::unique_ptr<LoadedObject>> code = LoadedObject::load(
      std::move(object), getRuntimeLibraries(jit->usesOpenMP),
      std::move(*machine));
  if (!code)
    return llvm::createStringError("cannot load the compiled code: " +
                                   llvm::toString(code.takeError()));
  jit->code = std::move(*code);
  for (auto &entry : jit->functions) {
    Expected<void (*)(void **)> packed =
        jit->code->lookupPacked(entry.getKey());
    if (!packed)
      return llvm::createStringError(
          "cannot find the compiled entry '" + entry.getKey() +
          "': " + llvm::toString(packed.takeError()));
    entry.getValue().packed = *packed;
  }
  jit->compileMillis = setupMillis + millisSince(start);
  return std::move(jit);
}

void JitModule::recordEntries(
    ModuleOp module, const std::optional<ModuleDistribution> &distribution) {
  // Entry arguments are caller-owned: bufferization must not write into
  // them.
  for (auto func : module.getOps<func::FuncOp>()) {
    if (func.isDeclaration() || !func.isPublic())
      continue;
    JitFunction fn;
    fn.name = func.getName().str();
    if (llvm::Error err = convertSignature(func.getArgumentTypes(), "argument",
                                           fn.arguments)) {
      rejected[fn.name] = llvm::toString(std::move(err));
      continue;
    }
    if (llvm::Error err =
            convertSignature(func.getResultTypes(), "result", fn.results)) {
      rejected[fn.name] = llvm::toString(std::move(err));
      continue;
    }
    if (distribution) {
      const ModuleDistribution::Function &splits =
          distribution->functions.lookup(fn.name);
      if (llvm::Error err = applySplits(fn, splits.arguments, splits.results,
                                        distribution->gridShape)) {
        rejected[fn.name] = llvm::toString(std::move(err));
        continue;
      }
    }
    markArgumentsReadOnly(func);
    entryNames.push_back(fn.name);
    functions[fn.name] = std::move(fn);
  }
}

Expected<JitFunction> JitModule::lookup(StringRef entry) const {
  auto it = functions.find(entry);
  if (it != functions.end())
    return it->getValue();
  auto reason = rejected.find(entry);
  if (reason != rejected.end())
    return llvm::createStringError("function '" + entry +
                                   "' cannot be called: " + reason->getValue());
  std::string known;
  llvm::raw_string_ostream os(known);
  llvm::interleaveComma(entryNames, os, [&](const std::string &name) {
    os << "'" << name << "'";
  });
  return llvm::createStringError(
      "no entry function '" + entry + "' in the module" +
      (entryNames.empty() ? std::string(" (it has none)")
                          : " (entries: " + known + ")"));
}

//===----------------------------------------------------------------------===//
// JitFunction
//===----------------------------------------------------------------------===//

namespace {
/// The bytes of a view, as addresses.
struct ByteRange {
  uintptr_t begin, end;

  bool overlaps(ByteRange other) const {
    return begin < end && other.begin < other.end && begin < other.end &&
           other.begin < end;
  }
};
} // namespace

/// The problem of `view` against `expected` (a dynamic size takes any
/// size), or null; sets `range` to its bytes. The errors are formatted apart
/// (viewError): this runs on every call.
static const char *findMismatch(const BufferView &view,
                                const TensorSignature &expected,
                                ByteRange &range) {
  if (view.elementType != expected.elementType)
    return "element type mismatch";
  if (expected.ranked && view.shape.size() != expected.shape.size())
    return "rank mismatch";
  for (auto [dim, given] : llvm::enumerate(view.shape)) {
    if (given < 0)
      return "negative size";
    if (!expected.ranked)
      continue;
    int64_t wanted = expected.shape[dim];
    if (given != wanted && !ShapedType::isDynamic(wanted))
      return "size mismatch";
  }
  std::optional<int64_t> count = getNumElements(view.shape);
  int64_t width = getByteWidth(view.elementType);
  if (!count || *count > INT64_MAX / width)
    return "too many elements";
  if (!view.data && *count != 0)
    return "null data pointer";
  range.begin = reinterpret_cast<uintptr_t>(view.data);
  range.end = range.begin + static_cast<uintptr_t>(*count * width);
  return nullptr;
}

/// The error for `problem` of `view`, the `kind` ("argument" or "result")
/// #`index` of `function`.
[[gnu::cold]] static llvm::Error viewError(const char *problem,
                                           const BufferView &view,
                                           const TensorSignature &expected,
                                           StringRef kind, size_t index,
                                           StringRef function) {
  return llvm::createStringError(
      kind + " #" + llvm::Twine(index) + " of '" + function + "': " + problem +
      ": expected " + expected.str() + ", got " + formatShape(view.shape) +
      " of " + getMlirName(view.elementType));
}

/// The error for `given` buffers where `function` takes `expected` `what`.
static llvm::Error countMismatch(StringRef function, StringRef what,
                                 size_t expected, size_t given) {
  return llvm::createStringError(
      "'" + function + "' takes " + llvm::Twine(expected) + " " + what +
      "(s), but " + llvm::Twine(given) + " were given");
}

/// The checks of `args` against the `arguments` of `function`; sets
/// `ranges` (one per argument) to their bytes.
static llvm::Error checkArgumentViews(StringRef function,
                                      ArrayRef<TensorSignature> arguments,
                                      ArrayRef<BufferView> args,
                                      MutableArrayRef<ByteRange> ranges) {
  if (args.size() != arguments.size())
    return countMismatch(function, "argument", arguments.size(), args.size());
  for (size_t index = 0, e = args.size(); index < e; ++index)
    if (const char *problem =
            findMismatch(args[index], arguments[index], ranges[index]))
      return viewError(problem, args[index], arguments[index], "argument",
                       index, function);
  return llvm::Error::success();
}

llvm::Error JitFunction::checkArguments(llvm::ArrayRef<BufferView> args) const {
  SmallVector<ByteRange, 8> ranges(args.size());
  if (llvm::Error err = checkArgumentViews(name, arguments, args, ranges))
    return err;
  return checkEqualDims(args);
}

llvm::Error JitFunction::checkEqualDims(llvm::ArrayRef<BufferView> args) const {
  auto sizesOf = [&](int64_t argument) { return args[argument].shape; };
  for (const EqualDimsCheck &check : equalDims) {
    int64_t given = args[check.argument].shape[check.dim];
    int64_t expected = check.expectedSize(sizesOf);
    if (given != expected)
      return llvm::createStringError("'" + name +
                                     "': " + check.describeFailure(given, expected));
  }
  return llvm::Error::success();
}

/// Returns true if `strides` describe a dense row-major layout of `sizes`.
static bool isContiguous(ArrayRef<int64_t> sizes, ArrayRef<int64_t> strides) {
  int64_t expectedStride = 1;
  for (int64_t dim = static_cast<int64_t>(sizes.size()) - 1; dim >= 0; --dim) {
    if (sizes[dim] != 1 && strides[dim] != expectedStride)
      return false;
    expectedStride *= sizes[dim];
  }
  return true;
}

/// Copies a strided memref into a dense buffer.
static void copyStrided(const char *base, ArrayRef<int64_t> sizes,
                        ArrayRef<int64_t> strides, size_t width, char *out) {
  int64_t rank = sizes.size();
  int64_t count = getNumElements(sizes).value_or(0);
  if (count == 0)
    return;
  if (isContiguous(sizes, strides)) {
    std::memcpy(out, base, count * width);
    return;
  }
  SmallVector<int64_t> index(rank, 0);
  for (int64_t linear = 0; linear < count; ++linear) {
    int64_t offset = 0;
    for (int64_t dim = 0; dim < rank; ++dim)
      offset += index[dim] * strides[dim];
    std::memcpy(out + linear * width, base + offset * width, width);
    for (int64_t dim = rank - 1; dim >= 0; --dim) {
      if (++index[dim] < sizes[dim])
        break;
      index[dim] = 0;
    }
  }
}

/// Writes the descriptor of a dense row-major memref (allocated, aligned,
/// offset, sizes, strides) from `word` on; returns the word after it. The
/// strides do not overflow: every shape passed findMismatch (the products of
/// its sizes fit in int64, getNumElements) or is a static type of the
/// module, which reduce-verify-input bounds the same way.
static int64_t *writeDescriptor(int64_t *word, const void *data,
                                ArrayRef<int64_t> shape) {
  auto pointer = reinterpret_cast<int64_t>(data);
  int64_t rank = shape.size();
  word[0] = word[1] = pointer;
  word[2] = 0;
  int64_t stride = 1;
  for (int64_t dim = rank - 1; dim >= 0; --dim) {
    word[3 + dim] = shape[dim];
    word[3 + rank + dim] = stride;
    stride *= shape[dim];
  }
  return word + 3 + 2 * rank;
}

static size_t getDescriptorWords(ArrayRef<int64_t> shape) {
  return 3 + 2 * shape.size();
}

namespace {
/// The arguments of a packed interface: the descriptors of the arguments,
/// then of the out-params, a pointer to each of their words, and when
/// `resultWords` > 0 one more pointer, to storage for that many words of
/// returned descriptors. The words are in one array, sized up front: this
/// runs on every call of a kernel that may take less than a microsecond.
struct PackedArguments {
  SmallVector<int64_t, 64> words;
  SmallVector<void *, 64> pointers;
  int64_t *resultStorage = nullptr;

  PackedArguments(ArrayRef<BufferView> args, ArrayRef<MutableBufferView> outs,
                  size_t resultWords) {
    size_t descriptorWords = 0;
    for (const BufferView &arg : args)
      descriptorWords += getDescriptorWords(arg.shape);
    for (const MutableBufferView &out : outs)
      descriptorWords += getDescriptorWords(out.shape);
    words.resize_for_overwrite(descriptorWords + resultWords);
    pointers.resize_for_overwrite(descriptorWords + (resultWords ? 1 : 0));
    int64_t *word = words.data();
    for (const BufferView &arg : args)
      word = writeDescriptor(word, arg.data, arg.shape);
    for (const MutableBufferView &out : outs)
      word = writeDescriptor(word, out.data, out.shape);
    for (size_t i = 0; i < descriptorWords; ++i)
      pointers[i] = &words[i];
    if (resultWords)
      pointers[descriptorWords] = resultStorage = word;
  }
};
} // namespace

void JitFunction::callWithOutParams(
    llvm::ArrayRef<BufferView> args,
    llvm::ArrayRef<MutableBufferView> outs) const {
  PackedArguments packedArgs(args, outs, /*resultWords=*/0);
  packed(packedArgs.pointers.data());
}

SmallVector<Buffer>
JitFunction::callReturningResults(llvm::ArrayRef<BufferView> args) const {
  size_t resultWords = 0;
  for (const TensorSignature &result : loweredResults)
    resultWords += getDescriptorWords(result.shape);
  PackedArguments packedArgs(args, {}, resultWords);
  packed(packedArgs.pointers.data());

  // A result's memory is ours to take when the kernel malloc'ed it: not an
  // input, not a constant global, not already taken by an earlier result.
  // (A handful of pointers: a linear search beats a hash set here.)
  SmallVector<Buffer> outputs;
  outputs.reserve(loweredResults.size());
  SmallVector<const void *, 8> notOwned = {
      nullptr, reinterpret_cast<const void *>(kGlobalAllocatedPointer)};
  for (const BufferView &arg : args)
    notOwned.push_back(arg.data);
  const int64_t *resultWord = packedArgs.resultStorage;
  for (const TensorSignature &result : loweredResults) {
    size_t rank = result.shape.size();
    auto *allocated = reinterpret_cast<void *>(resultWord[0]);
    auto *aligned = reinterpret_cast<char *>(resultWord[1]);
    int64_t offset = resultWord[2];
    ArrayRef<int64_t> sizes(resultWord + 3, rank);
    ArrayRef<int64_t> strides(resultWord + 3 + rank, rank);
    resultWord += 3 + 2 * rank;
    size_t width = getByteWidth(result.elementType);
    char *base = aligned + offset * static_cast<int64_t>(width);
    bool owned = !llvm::is_contained(notOwned, allocated);
    if (owned)
      notOwned.push_back(allocated);
    if (owned && isContiguous(sizes, strides)) {
      // Zero copy: the buffer adopts the kernel's allocation.
      outputs.push_back(
          Buffer::adopt(result.elementType, sizes, base, allocated, std::free));
      continue;
    }
    Buffer buffer(result.elementType, sizes);
    copyStrided(base, sizes, strides, width,
                static_cast<char *>(buffer.getData()));
    outputs.push_back(std::move(buffer));
    if (owned)
      std::free(allocated);
  }
  return outputs;
}

llvm::Error JitFunction::checkStatus(ArrayRef<int64_t> status) const {
  auto code = static_cast<RuntimeStatusCode>(status[0]);
  if (code == RuntimeStatusCode::ok)
    return llvm::Error::success();
  int64_t site = status[1];
  std::string where = site >= 0 && static_cast<size_t>(site) < checkSites.size()
                          ? checkSites[site]
                          : "an op";
  std::string message = "'" + name + "': " + where + ": ";
  llvm::raw_string_ostream os(message);
  switch (code) {
  case RuntimeStatusCode::axisOutOfRange:
    if (status[3] == 0)
      os << "axis " << status[2]
         << " is out of range for input of rank 0 (expected empty axes)";
    else
      os << "axis " << status[2] << " is out of range [" << -status[3] << ", "
         << status[3] - 1 << "] for input of rank " << status[3];
    break;
  case RuntimeStatusCode::resultRankMismatch:
    os << "the axes name " << status[4]
       << " distinct dimension(s), which gives a result of rank " << status[3]
       << ", but the result type has rank " << status[2];
    break;
  case RuntimeStatusCode::resultSizeMismatch:
    os << "result dimension " << status[2] << " has size " << status[4]
       << ", but the result type says " << status[3];
    break;
  case RuntimeStatusCode::integerDivisionByZero:
    os << "integer division by zero (i" << status[2] << ")";
    break;
  case RuntimeStatusCode::integerDivisionOverflow:
    os << "integer division overflow: the minimum of i" << status[2]
       << " divided by -1";
    break;
  case RuntimeStatusCode::emptyReducedDim:
    os << "axis " << status[2]
       << " has size 0: an empty set has no index (expected a reduced dim "
          "of size 1 or more)";
    break;
  default:
    os << "unknown runtime status " << status[0];
    break;
  }
  return llvm::createStringError(message);
}

Expected<SmallVector<Buffer>>
JitFunction::finishResults(SmallVector<Buffer> lowered) const {
  if (!checkSites.empty()) {
    const Buffer &status = lowered.back();
    if (llvm::Error err =
            checkStatus(ArrayRef(static_cast<const int64_t *>(status.getData()),
                                 kRuntimeStatusWords)))
      return std::move(err);
    lowered.pop_back();
  }
  if (lowered.size() == results.size())
    return std::move(lowered);
  SmallVector<Buffer> outputs;
  outputs.reserve(results.size());
  auto next = lowered.begin();
  for (const TensorSignature &result : results) {
    Buffer data = std::move(*next++);
    if (!result.ranked) {
      const Buffer &shape = *next++;
      ArrayRef<int64_t> sizes(static_cast<const int64_t *>(shape.getData()),
                              shape.getNumElements());
      if (!data.reshape(sizes))
        return llvm::createStringError(
            "result of '" + name + "': the computed shape " +
            formatShape(sizes) + " does not hold its " +
            llvm::Twine(data.getNumElements()) + " elements");
    }
    outputs.push_back(std::move(data));
  }
  return std::move(outputs);
}

Expected<SmallVector<Buffer>>
JitFunction::call(llvm::ArrayRef<BufferView> args) const {
  if (llvm::Error err = checkArguments(args))
    return std::move(err);
  if (!outParams)
    return finishResults(callReturningResults(args));
  // Static result shapes: allocate the results, the kernel fills them.
  SmallVector<Buffer> outputs;
  outputs.reserve(loweredResults.size());
  for (const TensorSignature &result : loweredResults)
    outputs.push_back(
        Buffer::allocateForOverwrite(result.elementType, result.shape));
  SmallVector<MutableBufferView, 4> outs;
  for (Buffer &output : outputs)
    outs.push_back(output.getMutableView());
  callWithOutParams(args, outs);
  return finishResults(std::move(outputs));
}

llvm::Error
JitFunction::callInto(llvm::ArrayRef<BufferView> args,
                      llvm::ArrayRef<MutableBufferView> outs) const {
  // The checks of checkArguments, and no result may overlap an argument or
  // another result: the kernel reads the arguments while it writes.
  SmallVector<ByteRange, 8> ranges(args.size() + outs.size());
  if (llvm::Error err =
          checkArgumentViews(name, arguments, args,
                             MutableArrayRef(ranges).take_front(args.size())))
    return err;
  if (llvm::Error err = checkEqualDims(args))
    return err;
  if (outs.size() != results.size())
    return countMismatch(name, "result buffer", results.size(), outs.size());
  for (size_t index = 0, e = outs.size(); index < e; ++index) {
    ByteRange &range = ranges[args.size() + index];
    if (const char *problem = findMismatch(outs[index], results[index], range))
      return viewError(problem, outs[index], results[index], "result", index,
                       name);
    for (size_t other = 0, end = args.size() + index; other < end; ++other) {
      if (!range.overlaps(ranges[other]))
        continue;
      bool isArgument = other < args.size();
      return llvm::createStringError(
          "result #" + llvm::Twine(index) + " of '" + name + "' overlaps " +
          (isArgument ? "argument" : "result") + " #" +
          llvm::Twine(isArgument ? other : other - args.size()));
    }
  }
  if (outParams) {
    if (checkSites.empty()) {
      callWithOutParams(args, outs);
      return llvm::Error::success();
    }
    // The status is one more out-param, last.
    int64_t status[kRuntimeStatusWords];
    SmallVector<MutableBufferView, 4> allOuts(outs.begin(), outs.end());
    allOuts.push_back({ElementType::i64, loweredResults.back().shape, status});
    callWithOutParams(args, allOuts);
    return checkStatus(status);
  }
  // Dynamic result shapes: the kernel allocates the results; copy them.
  Expected<SmallVector<Buffer>> finished =
      finishResults(callReturningResults(args));
  if (!finished)
    return finished.takeError();
  SmallVector<Buffer> &computed = *finished;
  for (auto [index, result, out] : llvm::enumerate(computed, outs))
    if (result.getShape() != out.shape)
      return llvm::createStringError(
          "result #" + llvm::Twine(index) + " of '" + name +
          "': size mismatch: the call computed " +
          formatShape(result.getShape()) + ", got " + formatShape(out.shape));
  for (auto [result, out] : llvm::zip_equal(computed, outs))
    if (size_t bytes = result.getSizeInBytes())
      std::memcpy(out.data, result.getData(), bytes);
  return llvm::Error::success();
}

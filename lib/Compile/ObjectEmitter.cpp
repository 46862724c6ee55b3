//===- ObjectEmitter.cpp - Native code of a lowered module ------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Invariant of the output: the only external definitions are the exported
// functions, so objects compiled from different modules link into one
// program when their exported names differ. Functions carry the CPU and its
// features as attributes, so the LLVM IR output compiles alike elsewhere.
//
//===----------------------------------------------------------------------===//

#include "reduce/Compile/ObjectEmitter.h"

#include "mlir/ExecutionEngine/OptUtils.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/SubtargetFeature.h"
#include "llvm/TargetParser/Triple.h"

#include <mutex>

using namespace mlir;
using namespace mlir::reduce;

llvm::Expected<std::unique_ptr<llvm::TargetMachine>>
mlir::reduce::createTargetMachine(llvm::StringRef cpu, unsigned optLevel) {
  static std::once_flag initTargets;
  std::call_once(initTargets, [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
  });
  if (optLevel > 3)
    return llvm::createStringError("optimization level " +
                                   llvm::Twine(optLevel) +
                                   " is out of range [0, 3]");
  llvm::Triple triple(llvm::sys::getProcessTriple());
  std::string error;
  const llvm::Target *target =
      llvm::TargetRegistry::lookupTarget(triple, error);
  if (!target)
    return llvm::createStringError("no target for '" + triple.str() +
                                   "': " + error);

  std::string cpuName, features;
  if (cpu == "native") {
    cpuName = llvm::sys::getHostCPUName().str();
    llvm::SubtargetFeatures hostFeatures;
    for (const auto &feature : llvm::sys::getHostCPUFeatures())
      hostFeatures.AddFeature(feature.getKey(), feature.getValue());
    features = hostFeatures.getString();
  } else {
    cpuName = cpu.str();
    // A subtarget for no CPU checks the name without LLVM's warning about
    // an unknown one.
    std::unique_ptr<llvm::MCSubtargetInfo> generic(
        target->createMCSubtargetInfo(triple, "", ""));
    if (!generic || !generic->isCPUStringValid(cpuName))
      return llvm::createStringError(
          "unknown CPU '" + cpu + "' for " + triple.str() +
          "; expected native, x86-64-v2, x86-64-v3, x86-64-v4 or "
          "a CPU that `llc -mcpu=help` lists");
  }
  std::unique_ptr<llvm::TargetMachine> machine(target->createTargetMachine(
      triple, cpuName, features, llvm::TargetOptions(), llvm::Reloc::PIC_,
      std::nullopt, static_cast<llvm::CodeGenOptLevel>(optLevel)));
  if (!machine)
    return llvm::createStringError("cannot create a target machine for '" +
                                   triple.str() + "', CPU '" + cpuName + "'");
  return std::move(machine);
}

CompileTarget mlir::reduce::describeTarget(const llvm::TargetMachine &machine,
                                           bool isNative) {
  const llvm::MCSubtargetInfo *info = machine.getMCSubtargetInfo();
  CompileTarget target;
  target.isNative = isNative;
  target.cpu = machine.getTargetCPU().str();
  target.vectorWidth = info->checkFeatures("+avx512f") ? 512
                       : info->checkFeatures("+avx")   ? 256
                                                       : 128;
  target.vectorRegisters = info->checkFeatures("+avx512f") ? 32 : 16;
  target.hasRange = info->checkFeatures("+avx512dq,+avx512vl");
  return target;
}

/// Gives every definition of `module` but the `exported` functions internal
/// linkage, and every function the CPU and features of `machine`.
static void internalize(llvm::Module &module,
                        llvm::ArrayRef<std::string> exported,
                        const llvm::TargetMachine &machine) {
  llvm::StringSet<> keep;
  for (const std::string &name : exported)
    keep.insert(name);
  for (llvm::Function &function : module) {
    if (function.isDeclaration())
      continue;
    if (!keep.contains(function.getName()))
      function.setLinkage(llvm::GlobalValue::InternalLinkage);
    function.addFnAttr("target-cpu", machine.getTargetCPU());
    if (!machine.getTargetFeatureString().empty())
      function.addFnAttr("target-features", machine.getTargetFeatureString());
  }
  for (llvm::GlobalVariable &global : module.globals())
    if (!global.isDeclaration() && !global.hasAppendingLinkage() &&
        !global.getName().starts_with("llvm."))
      global.setLinkage(llvm::GlobalValue::InternalLinkage);
  for (llvm::GlobalAlias &alias : module.aliases())
    alias.setLinkage(llvm::GlobalValue::InternalLinkage);
}

llvm::Expected<std::unique_ptr<llvm::Module>>
mlir::reduce::translateForTarget(ModuleOp module, llvm::LLVMContext &context,
                                 const llvm::TargetMachine &machine,
                                 llvm::StringRef name) {
  std::unique_ptr<llvm::Module> llvmModule =
      translateModuleToLLVMIR(module, context, name);
  if (!llvmModule)
    return llvm::createStringError(
        "cannot translate the lowered module to LLVM IR");
  llvmModule->setDataLayout(machine.createDataLayout());
  llvmModule->setTargetTriple(machine.getTargetTriple());
  return std::move(llvmModule);
}

llvm::Error mlir::reduce::emitModule(ModuleOp module,
                                     llvm::ArrayRef<std::string> exported,
                                     llvm::TargetMachine &machine,
                                     unsigned optLevel, EmitKind kind,
                                     llvm::raw_pwrite_stream &os) {
  llvm::LLVMContext llvmContext;
  llvm::Expected<std::unique_ptr<llvm::Module>> translated =
      translateForTarget(module, llvmContext, machine, "reduce-compile");
  if (!translated)
    return translated.takeError();
  std::unique_ptr<llvm::Module> &llvmModule = *translated;
  internalize(*llvmModule, exported, machine);
  std::string problems;
  llvm::raw_string_ostream problemStream(problems);
  if (llvm::verifyModule(*llvmModule, &problemStream))
    return llvm::createStringError("the LLVM IR does not verify: " + problems);

  if (llvm::Error err = makeOptimizingTransformer(optLevel, /*sizeLevel=*/0,
                                                  &machine)(llvmModule.get()))
    return err;
  if (kind == EmitKind::llvmIR) {
    llvmModule->print(os, nullptr);
    return llvm::Error::success();
  }
  llvm::legacy::PassManager passes;
  auto fileType = kind == EmitKind::object
                      ? llvm::CodeGenFileType::ObjectFile
                      : llvm::CodeGenFileType::AssemblyFile;
  if (machine.addPassesToEmitFile(passes, os, nullptr, fileType))
    return llvm::createStringError(
        "the target machine cannot emit this file type");
  passes.run(*llvmModule);
  return llvm::Error::success();
}

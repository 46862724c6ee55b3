//===- NativeCode.cpp - Object files of lowered modules, loaded -*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "NativeCode.h"

#include "reduce/Compile/ObjectEmitter.h"

#include "mlir/ExecutionEngine/OptUtils.h"
#include "llvm/ExecutionEngine/Orc/CompileUtils.h"
#include "llvm/ExecutionEngine/Orc/ExecutionUtils.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/ExecutionEngine/Orc/LLJIT.h"
#include "llvm/ExecutionEngine/Orc/RTDyldObjectLinkingLayer.h"
#include "llvm/ExecutionEngine/SectionMemoryManager.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Target/TargetMachine.h"

using namespace mlir;
using namespace mlir::reduce;

std::string mlir::reduce::getPackedName(llvm::StringRef entry) {
  return ("_mlir_" + entry).str();
}

/// Defines the packed interface of `function`: it loads each argument
/// through the pointer at its index, calls `function`, and stores a
/// non-void result through the pointer after the arguments.
static void addPackedInterface(llvm::Function &function) {
  llvm::LLVMContext &context = function.getContext();
  llvm::IRBuilder<> builder(context);
  auto *type = llvm::FunctionType::get(builder.getVoidTy(),
                                       {builder.getPtrTy()}, false);
  auto *packed = llvm::Function::Create(
      type, llvm::GlobalValue::ExternalLinkage,
      getPackedName(function.getName()), function.getParent());
  builder.SetInsertPoint(llvm::BasicBlock::Create(context, "entry", packed));
  llvm::Value *pointers = packed->getArg(0);
  auto pointerAt = [&](unsigned index) {
    llvm::Value *slot = builder.CreateConstInBoundsGEP1_64(
        builder.getPtrTy(), pointers, index);
    return builder.CreateLoad(builder.getPtrTy(), slot);
  };
  llvm::SmallVector<llvm::Value *> arguments;
  for (llvm::Argument &argument : function.args())
    arguments.push_back(
        builder.CreateLoad(argument.getType(), pointerAt(argument.getArgNo())));
  llvm::CallInst *call = builder.CreateCall(&function, arguments);
  if (!call->getType()->isVoidTy())
    builder.CreateStore(call, pointerAt(function.arg_size()));
  builder.CreateRetVoid();
}

llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>>
mlir::reduce::emitJitObject(ModuleOp module,
                            llvm::ArrayRef<std::string> entries,
                            unsigned optLevel,
                            llvm::TargetMachine &targetMachine) {
  llvm::LLVMContext context;
  llvm::Expected<std::unique_ptr<llvm::Module>> translated =
      translateForTarget(module, context, targetMachine, "reduce-jit");
  if (!translated)
    return translated.takeError();
  std::unique_ptr<llvm::Module> &llvmModule = *translated;
  for (const std::string &entry : entries) {
    llvm::Function *function = llvmModule->getFunction(entry);
    if (!function || function->isDeclaration())
      return llvm::createStringError("the lowered module has no function '" +
                                     entry + "'");
    addPackedInterface(*function);
  }
  if (llvm::Error err = makeOptimizingTransformer(optLevel, /*sizeLevel=*/0,
                                                  &targetMachine)(
          llvmModule.get()))
    return std::move(err);
  llvm::orc::SimpleCompiler compiler(targetMachine);
  return compiler(*llvmModule);
}

LoadedObject::~LoadedObject() {
  if (jit)
    llvm::consumeError(jit->deinitialize(jit->getMainJITDylib()));
}

llvm::Expected<std::unique_ptr<LoadedObject>>
LoadedObject::load(std::unique_ptr<llvm::MemoryBuffer> object,
                   llvm::ArrayRef<std::string> sharedLibs,
                   llvm::orc::JITTargetMachineBuilder machineBuilder) {
  // RuntimeDyld with a section memory manager: how MLIR's ExecutionEngine
  // links the objects it compiles for the host.
  auto createLinkingLayer = [](llvm::orc::ExecutionSession &session)
      -> llvm::Expected<std::unique_ptr<llvm::orc::ObjectLayer>> {
    return std::make_unique<llvm::orc::RTDyldObjectLinkingLayer>(
        session, [](const llvm::MemoryBuffer &) {
          return std::make_unique<llvm::SectionMemoryManager>();
        });
  };
  llvm::Expected<std::unique_ptr<llvm::orc::LLJIT>> jit =
      llvm::orc::LLJITBuilder()
          .setJITTargetMachineBuilder(std::move(machineBuilder))
          .setObjectLinkingLayerCreator(createLinkingLayer)
          .create();
  if (!jit)
    return jit.takeError();
  std::unique_ptr<LoadedObject> loaded(new LoadedObject());
  loaded->jit = std::move(*jit);
  llvm::orc::LLJIT &lljit = *loaded->jit;
  llvm::orc::JITDylib &main = lljit.getMainJITDylib();
  char prefix = lljit.getDataLayout().getGlobalPrefix();
  // The process first: a symbol the process defines (malloc and free,
  // which the sanitizers' runtime replaces) must not resolve through a
  // library's own dependencies (libc).
  auto process =
      llvm::orc::DynamicLibrarySearchGenerator::GetForCurrentProcess(prefix);
  if (!process)
    return process.takeError();
  main.addGenerator(std::move(*process));
  for (const std::string &library : sharedLibs) {
    auto generator =
        llvm::orc::DynamicLibrarySearchGenerator::Load(library.c_str(), prefix);
    if (!generator)
      return llvm::createStringError("cannot load '" + library + "': " +
                                     llvm::toString(generator.takeError()));
    main.addGenerator(std::move(*generator));
  }
  if (llvm::Error err = lljit.addObjectFile(std::move(object)))
    return std::move(err);
  if (llvm::Error err = lljit.initialize(main))
    return std::move(err);
  return std::move(loaded);
}

llvm::Expected<void (*)(void **)>
LoadedObject::lookupPacked(llvm::StringRef entry) const {
  llvm::Expected<llvm::orc::ExecutorAddr> address =
      jit->lookup(getPackedName(entry));
  if (!address)
    return address.takeError();
  return address->toPtr<void (*)(void **)>();
}

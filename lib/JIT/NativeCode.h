//===- NativeCode.h - Object files of lowered modules, loaded ---*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The JIT's two halves around its persistent cache: a lowered module becomes
// an object file (emitJitObject), and an object file, freshly emitted or read
// from the cache, becomes callable code (LoadedObject). Every entry F of the
// object has the packed interface `_mlir_F(void **)`: one pointer per scalar
// argument of F, then, when F returns a value, one to storage for it.
//
//===----------------------------------------------------------------------===//

#ifndef REDUCE_LIB_JIT_NATIVECODE_H
#define REDUCE_LIB_JIT_NATIVECODE_H

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBuffer.h"

#include <memory>
#include <string>

namespace llvm {
class TargetMachine;
namespace orc {
class LLJIT;
class JITTargetMachineBuilder;
} // namespace orc
} // namespace llvm

namespace mlir::reduce {

/// The packed interface of `entry`.
std::string getPackedName(llvm::StringRef entry);

/// Translates `module` (LLVM dialect) to LLVM IR, adds the packed interface
/// of each of `entries`, optimizes at `optLevel` and emits an object file for
/// `targetMachine`.
llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>>
emitJitObject(ModuleOp module, llvm::ArrayRef<std::string> entries,
              unsigned optLevel, llvm::TargetMachine &targetMachine);

/// An object file linked into this process: its symbols resolve against the
/// process and `sharedLibs`. The code lives as long as this.
class LoadedObject {
public:
  static llvm::Expected<std::unique_ptr<LoadedObject>>
  load(std::unique_ptr<llvm::MemoryBuffer> object,
       llvm::ArrayRef<std::string> sharedLibs,
       llvm::orc::JITTargetMachineBuilder machineBuilder);
  ~LoadedObject();

  /// The packed interface of `entry`.
  llvm::Expected<void (*)(void **)> lookupPacked(llvm::StringRef entry) const;

private:
  LoadedObject() = default;
  std::unique_ptr<llvm::orc::LLJIT> jit;
};

} // namespace mlir::reduce

#endif // REDUCE_LIB_JIT_NATIVECODE_H

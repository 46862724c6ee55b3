//===- ObjectEmitter.h - Native code of a lowered module --------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The last stage of reduce-compile: the target machine for a CPU, then a
// module in the LLVM dialect translated to LLVM IR, every definition but the
// exported ones made internal, optimized, and written as an object file,
// assembly or LLVM IR.
//
//===----------------------------------------------------------------------===//

#ifndef REDUCE_COMPILE_OBJECTEMITTER_H
#define REDUCE_COMPILE_OBJECTEMITTER_H

#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/Error.h"

#include <memory>

namespace llvm {
class LLVMContext;
class Module;
class TargetMachine;
class raw_pwrite_stream;
} // namespace llvm

namespace mlir::reduce {

/// What reduce-compile writes.
enum class EmitKind { object, assembly, llvmIR };

/// The CPU the code is compiled for, as the pipeline needs to know it.
struct CompileTarget {
  /// The host's CPU (`native`): the host profile applies.
  bool isNative = false;
  /// The LLVM CPU name ("x86-64-v3"; the host's name for native).
  std::string cpu;
  /// The SIMD register width in bits: 512 with AVX-512F, 256 with AVX, else
  /// 128.
  unsigned vectorWidth = 128;
  /// The CPU has the AVX-512DQ range instructions on every width
  /// (AVX-512DQ and AVX-512VL).
  bool hasRange = false;
  /// The SIMD registers: 32 with AVX-512F, else 16.
  int64_t vectorRegisters = 16;
};

/// Creates the target machine for `cpu` ("native" for the host's CPU and
/// its features) on the host's triple, with position-independent code and
/// the code generation level of `optLevel` (0-3). Fails with a message for
/// an unknown CPU.
llvm::Expected<std::unique_ptr<llvm::TargetMachine>>
createTargetMachine(llvm::StringRef cpu, unsigned optLevel);

/// Describes the CPU `machine` compiles for.
CompileTarget describeTarget(const llvm::TargetMachine &machine,
                             bool isNative);

/// Translates `module` (in the LLVM dialect) to LLVM IR named `name` in
/// `context`, with the data layout and triple of `machine`. The JIT's code
/// generation starts here too.
llvm::Expected<std::unique_ptr<llvm::Module>>
translateForTarget(ModuleOp module, llvm::LLVMContext &context,
                   const llvm::TargetMachine &machine, llvm::StringRef name);

/// Translates `module` (in the LLVM dialect) to LLVM IR for `machine`,
/// gives every function and global defined in it internal linkage except
/// `exported`, optimizes it at `optLevel` and writes it as `kind` to `os`.
llvm::Error emitModule(ModuleOp module, llvm::ArrayRef<std::string> exported,
                       llvm::TargetMachine &machine, unsigned optLevel,
                       EmitKind kind, llvm::raw_pwrite_stream &os);

} // namespace mlir::reduce

#endif // REDUCE_COMPILE_OBJECTEMITTER_H

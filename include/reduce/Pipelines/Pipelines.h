//===- Pipelines.h - Reduce pass pipelines ----------------------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Declares the pipeline that takes a module from the reduce dialect to the
// LLVM dialect, with the reductions as SIMD vector code.
//
//===----------------------------------------------------------------------===//

#ifndef REDUCE_PIPELINES_PIPELINES_H
#define REDUCE_PIPELINES_PIPELINES_H

#include "reduce/Target/ReduceTarget.h"

#include "mlir/Pass/PassOptions.h"
#include "mlir/Support/LLVM.h"

#include <string>

namespace mlir {
class DialectRegistry;
class ModuleOp;
class OpPassManager;
namespace func {
class FuncOp;
} // namespace func

namespace reduce {

/// How the pipeline lowers NaN-propagating float minimums and maximums
/// (`reduce-expand-min-max`).
enum class MinimumLowering {
  /// The target's choice (ReduceTarget::rangeMinimum): the host profile's,
  /// else `range` when the host CPU has AVX-512DQ and AVX-512VL, else `or`.
  Auto,
  /// Two plain mins and an or per minimum, a maximum as the negated
  /// minimum of the negated values (any x86 CPU).
  Or,
  /// Loop accumulators and trees of minimums and of maximums as AVX-512DQ
  /// range instructions beside an ordered mask; the others as `or`.
  Range,
};

/// Options of the `reduce-to-llvm` pipeline. The tuning options override
/// the fields of the target description (ReduceTarget) that
/// resolveReduceTarget builds from the static default and the host profile:
/// an option the user sets (PassOptions::Option::hasValue) always wins, and
/// an option left unset keeps the target's value.
struct ReduceToLLVMOptions : public PassPipelineOptions<ReduceToLLVMOptions> {
  PassOptions::Option<unsigned> vectorWidth{
      *this, "vector-width",
      llvm::cl::desc("SIMD register width in bits used to size the vector "
                     "tiles; 0 (the default): the target's (the host "
                     "profile's, else the host CPU's: 512 with AVX-512, 256 "
                     "with AVX, else 128)"),
      llvm::cl::init(0)};
  PassOptions::Option<unsigned> streamVectorWidth{
      *this, "stream-vector-width",
      llvm::cl::desc("SIMD register width in bits for the reductions whose "
                     "static input has at least 1 MiB (streamed from L3 or "
                     "memory); 0 (the default): vector-width when it is "
                     "set, else the target's (the host profile's, else the "
                     "host's register width, at most 256)"),
      llvm::cl::init(0)};
  // The fields of the target description with an option of their own name
  // (ReduceTargetFields.def); an option left unset keeps the target's value.
#define REDUCE_TARGET_FIELD(TYPE, MEMBER, KEY, FLAG, DEFAULT, MIN, MAX, DOC)
#define REDUCE_TARGET_OPTION_FIELD(TYPE, MEMBER, KEY, FLAG, DEFAULT, MIN, MAX, \
                                   DOC)                                        \
  PassOptions::Option<TYPE> MEMBER{                                            \
      *this, FLAG,                                                             \
      llvm::cl::desc("The target's " KEY ": " DOC " (unset: the host "         \
                     "profile's, else the default)")};
#include "reduce/Target/ReduceTargetFields.def"
  PassOptions::Option<bool> hostProfile{
      *this, "host-profile",
      llvm::cl::desc("Take the target's defaults from the host profile when "
                     "there is one (REDUCE_PROFILE, docs/tuning.md); false: "
                     "the static default"),
      llvm::cl::init(true)};
  PassOptions::Option<bool> f64Accumulation{
      *this, "f64-accumulation",
      llvm::cl::desc("Accumulate f32 additive reductions (sum, l1, "
                     "sum_square, l2, mean, log_sum) in f64, rounded once "
                     "to f32"),
      llvm::cl::init(false)};
  PassOptions::Option<bool> strictFpOrder{
      *this, "strict-fp-order",
      llvm::cl::desc("Keep float sums in sequential order (bit-identical "
                     "to a sequential loop) instead of reassociating them"),
      llvm::cl::init(false)};
  PassOptions::Option<unsigned> threads{
      *this, "threads",
      llvm::cl::desc("Run the outermost parallel loop of each reduction with "
                     "a static input of at least min-parallel-bytes on N OpenMP threads "
                     "(needs libomp at run time); 1 (the default) emits no "
                     "OpenMP"),
      llvm::cl::init(1)};
  PassOptions::Option<bool> distributed{
      *this, "distributed",
      llvm::cl::desc("Partition the module by its shard annotations "
                     "(sharding-propagation, shard-partition) and lower the "
                     "collectives to calls against Open MPI "
                     "(docs/distributed.md); reduce-run sets it for a module "
                     "with a shard.grid"),
      llvm::cl::init(false)};
  PassOptions::Option<MinimumLowering> minimumLowering{
      *this, "minimum-lowering",
      llvm::cl::desc("How float minimums and maximums are lowered (min "
                     "and max reductions)"),
      llvm::cl::init(MinimumLowering::Auto),
      llvm::cl::values(
          clEnumValN(MinimumLowering::Auto, "auto",
                     "the target's: the host profile's, else range if the "
                     "host CPU has AVX-512DQ and AVX-512VL, else or (the "
                     "default)"),
          clEnumValN(MinimumLowering::Or, "or",
                     "two plain mins and an or per minimum; a maximum "
                     "as the negated minimum of the negated values"),
          clEnumValN(MinimumLowering::Range, "range",
                     "loop accumulators and trees of minimums and "
                     "maximums as AVX-512DQ vrangeps/vrangepd beside an "
                     "ordered mask"))};
  PassOptions::Option<bool> raiseToReduce{
      *this, "raise-to-reduce",
      llvm::cl::desc("First raise the reductions of TOSA and linalg into "
                     "reduce ops (raise-to-reduce), then lower the other "
                     "TOSA ops as upstream does (tosa-to-linalg-named, "
                     "tosa-to-linalg, tosa-to-arith, tosa-to-tensor); "
                     "false: compile linalg reductions as written"),
      llvm::cl::init(true)};
  PassOptions::Option<bool> lowerToLoops{
      *this, "lower-to-loops",
      llvm::cl::desc("Skip tiling and vectorization: lower linalg to plain "
                     "scalar loops (debugging, benchmark baseline)"),
      llvm::cl::init(false)};
  PassOptions::Option<bool> planRemarks{
      *this, "plan-remarks",
      llvm::cl::desc("Emit a remark on each linalg op with the plan "
                     "reduce-plan chose for it and why"),
      llvm::cl::init(false)};
  PassOptions::Option<bool> outParams{
      *this, "out-params",
      llvm::cl::desc("Public functions whose results all have static shapes "
                     "return them through trailing out-param memrefs, "
                     "computed in place (the JIT's calling convention)"),
      llvm::cl::init(false)};
};

/// Returns the SIMD register width of the host CPU in bits: 512 with
/// AVX-512F, 256 with AVX, 128 otherwise.
unsigned getHostVectorWidth();

/// Returns the default SIMD width in bits for streamed data (inputs of at
/// least the stream threshold) on registers of `registerWidth` bits: at most
/// 256, the fastest streaming width on every CPU measured so far
/// (docs/tuning.md), whatever the CPU's name.
unsigned getStreamVectorWidth(unsigned registerWidth);

/// Returns the SIMD registers of the host's instruction set: 32 with
/// AVX-512F or on AArch64, 16 otherwise.
int64_t getHostVectorRegisters();

/// Returns true if the host CPU has the AVX-512DQ range instructions on
/// every vector width (AVX-512DQ and AVX-512VL).
bool hostHasRange();

/// The target description that is safe on every x86 CPU, whatever its name:
/// the host's register width (getHostVectorWidth) and register file
/// (getHostVectorRegisters) for data in cache, at most
/// 256 bits for streamed data (getStreamVectorWidth), range minimums and
/// maximums when the host has them (hostHasRange), and the ReduceTarget
/// defaults for the rest (docs/tuning.md says where each comes from).
ReduceTarget getStaticReduceTarget();

/// The target description the pipeline compiles for: the static default,
/// then the fields the host profile sets (with `host-profile`, when
/// lookupHostProfile finds one; a range minimum only if the host has the
/// instructions, at most the host's registers), then every option the user
/// set. Sets `*profile`, when
/// given, to the profile in use: its path, or "static default".
ReduceTarget resolveReduceTarget(const ReduceToLLVMOptions &options,
                                 std::string *profile = nullptr);

/// Adds to `pm` (on a module) the passes that take the reduce dialect to the
/// LLVM dialect: lower-reduce, tiling and vectorization (unless
/// `lowerToLoops`), bufferization, and the lowerings of vector, scf, arith,
/// math, memref and func to LLVM; every tuning number comes from
/// resolveReduceTarget(options), which the module records as `reduce.target`.
void buildReduceToLLVMPipeline(OpPassManager &pm,
                               const ReduceToLLVMOptions &options);

/// Checks that `module` is input the pipeline can compile for callers (the
/// JIT, reduce-compile): it verifies, and holds no nested module (the
/// pipeline lowers the functions of the top-level module only). Emits the
/// error on the module's context.
LogicalResult verifyPipelineInput(ModuleOp module);

/// Marks the arguments of `func` read-only for bufferization: they are the
/// caller's buffers, which the compiled code must never write.
void markArgumentsReadOnly(func::FuncOp func);

/// Registers the `reduce-to-llvm` and `lower-reduce-to-loops` pipelines.
void registerReducePipelines();

/// Attaches the interface models the pipelines need on ops of other
/// dialects: the ShardingInterface of the reduce ops and the memory effects
/// of `mpi.allreduce` (the `distributed` option).
void registerPipelineExternalModels(DialectRegistry &registry);

} // namespace reduce
} // namespace mlir

#endif // REDUCE_PIPELINES_PIPELINES_H

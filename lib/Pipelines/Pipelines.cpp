//===- Pipelines.cpp - Reduce pass pipelines --------------------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The pipeline from the reduce dialect to the LLVM dialect: lower-reduce,
// tiling and vectorization, bufferization, and the lowerings to LLVM.
//
//===----------------------------------------------------------------------===//

#include "reduce/Pipelines/Pipelines.h"

#include "reduce/Conversion/Passes.h"
#include "reduce/Dialect/Reduce/Transforms/ShardingInterfaceImpl.h"
#include "reduce/Target/HostProfile.h"
#include "reduce/Target/Passes.h"
#include "reduce/Transforms/MPIMemoryEffects.h"
#include "reduce/Transforms/Passes.h"

#include "mlir/Conversion/AffineToStandard/AffineToStandard.h"
#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/BufferizationToMemRef/BufferizationToMemRef.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVMPass.h"
#include "mlir/Conversion/IndexToLLVM/IndexToLLVM.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/MemRefToLLVM/MemRefToLLVM.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/OpenMPToLLVM/ConvertOpenMPToLLVM.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Conversion/SCFToOpenMP/SCFToOpenMP.h"
#include "mlir/Conversion/ShardToMPI/ShardToMPI.h"
#include "mlir/Conversion/TosaToArith/TosaToArith.h"
#include "mlir/Conversion/TosaToLinalg/TosaToLinalg.h"
#include "mlir/Conversion/TosaToTensor/TosaToTensor.h"
#include "mlir/Conversion/UBToLLVM/UBToLLVM.h"
#include "mlir/Conversion/VectorToLLVM/ConvertVectorToLLVMPass.h"
#include "mlir/Conversion/VectorToSCF/VectorToSCF.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/Bufferization/Pipelines/Passes.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Dialect/SCF/Transforms/Passes.h"
#include "mlir/Dialect/Shard/Transforms/Passes.h"
#include "mlir/Dialect/Vector/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

#include "llvm/TargetParser/Host.h"

#include <algorithm>
#include <type_traits>

using namespace mlir;
using namespace mlir::reduce;

unsigned mlir::reduce::getHostVectorWidth() {
  llvm::StringMap<bool> features = llvm::sys::getHostCPUFeatures();
  if (features.lookup("avx512f"))
    return 512;
  if (features.lookup("avx"))
    return 256;
  return 128;
}

int64_t mlir::reduce::getHostVectorRegisters() {
#if defined(__aarch64__)
  return 32;
#else
  return llvm::sys::getHostCPUFeatures().lookup("avx512f") ? 32 : 16;
#endif
}

unsigned mlir::reduce::getStreamVectorWidth(unsigned registerWidth) {
  return std::min(registerWidth, 256u);
}

bool mlir::reduce::hostHasRange() {
  llvm::StringMap<bool> features = llvm::sys::getHostCPUFeatures();
  return features.lookup("avx512dq") && features.lookup("avx512vl");
}

ReduceTarget mlir::reduce::getStaticReduceTarget() {
  ReduceTarget target;
  target.vectorBits = getHostVectorWidth();
  // Streamed data: at most 256-bit registers (docs/tuning.md).
  target.streamVectorBits = getStreamVectorWidth(target.vectorBits);
  target.vectorRegisters = getHostVectorRegisters();
  target.rangeMinimum = hostHasRange();
  return target;
}

ReduceTarget
mlir::reduce::resolveReduceTarget(const ReduceToLLVMOptions &options,
                                  std::string *profile) {
  ReduceTarget target = getStaticReduceTarget();
  std::string source = "static default";
  if (options.hostProfile) {
    ProfileLookup lookup = lookupHostProfile();
    if (lookup.profile) {
      lookup.profile->applyTo(target);
      // A profile never asks for instructions the host lacks (a pinned
      // profile may come from another CPU).
      target.rangeMinimum = target.rangeMinimum && hostHasRange();
      target.vectorRegisters =
          std::min(target.vectorRegisters, getHostVectorRegisters());
      source = lookup.describe();
    }
  }
  if (profile)
    *profile = source;

  // Every option the user set wins. The options whose 0 means "the
  // default" override only when non-zero.
  if (options.vectorWidth)
    target.vectorBits = options.vectorWidth;
  if (options.streamVectorWidth)
    target.streamVectorBits = options.streamVectorWidth;
  else if (options.vectorWidth)
    target.streamVectorBits = options.vectorWidth;
  if (options.minimumLowering != MinimumLowering::Auto)
    target.rangeMinimum = options.minimumLowering == MinimumLowering::Range;
#define REDUCE_TARGET_FIELD(TYPE, MEMBER, KEY, FLAG, DEFAULT, MIN, MAX, DOC)
#define REDUCE_TARGET_OPTION_FIELD(TYPE, MEMBER, KEY, FLAG, DEFAULT, MIN, MAX, \
                                   DOC)                                        \
  if (options.MEMBER.hasValue())                                               \
    target.MEMBER = options.MEMBER;
#include "reduce/Target/ReduceTargetFields.def"
  return target;
}

/// Adds the tiling and vectorization of the linalg reductions.
static void addVectorization(OpPassManager &pm,
                             const ReduceToLLVMOptions &options,
                             const ReduceTarget &target) {
  // The normalizations, each split recorded by reduce-plan-splits before
  // reduce-split-reductions applies it, then reduce-plan records each op's
  // plan, which reduce-vectorize applies. The planners read the target from
  // the module (reduce-attach-target) and the plan of the function
  // (reduce-plan-function).
  pm.addNestedPass<func::FuncOp>(createReduceCollapseDimsPass());
  ReducePlanSplitsPassOptions splitOptions;
  splitOptions.remarks = options.planRemarks;
  pm.addNestedPass<func::FuncOp>(createReducePlanSplitsPass(splitOptions));
  pm.addNestedPass<func::FuncOp>(createReduceSplitReductionsPass());
  ReducePlanPassOptions planOptions;
  planOptions.remarks = options.planRemarks;
  pm.addNestedPass<func::FuncOp>(createReducePlanPass(planOptions));
  pm.addNestedPass<func::FuncOp>(createReduceVectorizePass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  // Keeps the vector accumulators in registers across the reduction loops.
  pm.addPass(createLoopInvariantSubsetHoistingPass());
  pm.addPass(createCanonicalizerPass());
  // Masked transfers become transfers with a mask operand before
  // bufferization: buffer deallocation does not handle vector.mask regions.
  pm.addNestedPass<func::FuncOp>(vector::createLowerVectorMaskPass());
}

/// Adds one-shot bufferization across function boundaries, with identity
/// layouts, static-shaped results as out-params (with `outParams`), the
/// deallocation of the buffers, and clones that make every returned buffer a
/// distinct allocation owned by the caller.
static void addBufferization(OpPassManager &pm, bool outParams) {
  bufferization::OneShotBufferizePassOptions bufferizeOptions;
  bufferizeOptions.bufferizeFunctionBoundaries = true;
  bufferizeOptions.functionBoundaryTypeConversion =
      bufferization::LayoutMapOption::IdentityLayoutMap;
  pm.addPass(bufferization::createOneShotBufferizePass(bufferizeOptions));
  if (outParams) {
    // Folds the loops that carry a buffer through to the buffer, so that
    // the pass sees which allocation each result is.
    pm.addPass(createCanonicalizerPass());
    pm.addPass(createReduceOutParamsPass());
  }
  bufferization::buildBufferDeallocationPipeline(pm);
  pm.addNestedPass<func::FuncOp>(createReduceFreshResultsPass());
  pm.addPass(createConvertBufferizationToMemRefPass());
}

/// Adds the lowerings of vector, linalg, scf, affine, arith, math, memref,
/// func, cf and ub to the LLVM dialect.
static void addLoweringToLLVM(OpPassManager &pm,
                              const ReduceToLLVMOptions &options,
                              const ReduceTarget &target) {
  if (!options.lowerToLoops && target.prefetchDistance > 0)
    pm.addNestedPass<func::FuncOp>(createReducePrefetchPass());
  pm.addNestedPass<func::FuncOp>(createConvertLinalgToLoopsPass());
  pm.addNestedPass<func::FuncOp>(vector::createLowerVectorMultiReductionPass(
      vector::VectorMultiReductionLowering::InnerReduction));
  pm.addPass(createConvertVectorToSCFPass(
      VectorTransferToSCFOptions().enableFullUnroll()));
  if (options.threads > 1) {
    // The scf.forall tiles of reduce-vectorize run on `threads` OpenMP
    // threads. The canonicalizer inlines the memref.alloca_scope that wraps
    // each parallel body (it holds no alloca), which would otherwise get
    // several blocks from convert-scf-to-cf.
    pm.addPass(createForallToParallelLoopPass());
    ConvertSCFToOpenMPPassOptions openMPOptions;
    openMPOptions.numThreads = options.threads;
    pm.addPass(createConvertSCFToOpenMPPass(openMPOptions));
    pm.addPass(createCanonicalizerPass());
  }
  // Large write-only results past the caches, where the host gains from it
  // (calibrated; docs/tuning.md). After the OpenMP lowering: each thread
  // fences its own stores, and no fence may keep the alloca scope of a
  // parallel body from being inlined.
  if (!options.lowerToLoops && target.nontemporalStoreBytes > 0)
    pm.addNestedPass<func::FuncOp>(createReduceNontemporalStoresPass());
  // Float minimums (and their reductions) as two plain mins and an or,
  // maximums as the negated minimum of negated values, or loop accumulators
  // and trees of either as range instructions; on scf loops, whose
  // accumulators it can extend. The scalar path keeps the upstream
  // lowering: it is the baseline.
  if (!options.lowerToLoops)
    pm.addPass(createReduceExpandMinMaxPass());
  // The and/or accumulators of bools as bytes in vector registers, not
  // mask registers. The scalar path keeps the upstream lowering.
  if (!options.lowerToLoops)
    pm.addPass(createReduceByteBoolAccumulatorsPass());
  // exp and log (log_sum_exp, log_sum) as vector polynomials, not a libm
  // call per lane.
  if (!options.lowerToLoops)
    pm.addPass(createReduceApproximateMathPass());
  // Loop accumulators of a length that is not a power of two (a tile of 5
  // registers) would be scalarized by the backend.
  pm.addPass(createReduceSplitLoopVectorsPass());
  pm.addPass(createSCFToControlFlowPass());
  pm.addPass(memref::createExpandStridedMetadataPass());
  pm.addPass(createLowerAffinePass());
  pm.addPass(createCanonicalizerPass());

  // bf16 math and arithmetic written by the user, computed in f32 and
  // rounded after each op, as lower-reduce does (x86 has no bf16 vector
  // arithmetic); f16 is left to the backend, which does the same.
  math::MathExtendToSupportedTypesOptions mathOptions;
  mathOptions.extraTypeStrs = {"f16"};
  pm.addPass(math::createMathExtendToSupportedTypes(mathOptions));
  // erf, tanh, cbrt, ...: libm calls (before the vector lowering, which
  // takes the per-lane extracts they are split into).
  pm.addPass(createReduceMathToLibmPass());
  arith::ArithEmulateUnsupportedFloatsOptions arithOptions;
  arithOptions.sourceTypeStrs = {"bf16"};
  pm.addPass(arith::createArithEmulateUnsupportedFloats(arithOptions));
  // No bf16 arithmetic may reach the x86 backend (lower-reduce computes in
  // f32): the conversions from and to bf16 become integer ops.
  pm.addPass(createReduceExpandBF16Pass());

  ConvertVectorToLLVMPassOptions vectorOptions;
  vectorOptions.reassociateFPReductions = !options.strictFpOrder;
  pm.addPass(createConvertVectorToLLVMPass(vectorOptions));
  pm.addPass(createConvertMathToLLVMPass());
  pm.addPass(createFinalizeMemRefToLLVMConversionPass());
  if (options.distributed)
    pm.addPass(createReduceMPIToLLVMPass());
  pm.addPass(createArithToLLVMConversionPass());
  pm.addPass(createConvertIndexToLLVMPass());
  pm.addPass(createConvertFuncToLLVMPass());
  pm.addPass(createConvertControlFlowToLLVMPass());
  if (options.threads > 1)
    pm.addPass(createConvertOpenMPToLLVMPass());
  pm.addPass(createUBToLLVMConversionPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  // Vectors of i1 are bit-packed in LLVM memory, memrefs of i1 hold bytes:
  // their loads and stores move byte vectors.
  pm.addPass(createReduceI1VectorMemoryPass());
  // bf16 vector accesses as i16 ones; a diagnostic, not a translation failure
  // or a backend crash, if anything but LLVM dialect ops is left.
  pm.addPass(createReduceFinalizeLLVMPass());
  pm.addPass(createCanonicalizerPass());
}

void mlir::reduce::buildReduceToLLVMPipeline(
    OpPassManager &pm, const ReduceToLLVMOptions &options) {
  std::string profile;
  ReduceTarget target = resolveReduceTarget(options, &profile);
  pm.addPass(createReduceVerifyInputPass());
  if (options.raiseToReduce) {
    pm.addPass(createRaiseToReducePass());
    // What TOSA has besides reductions: elementwise math, constants and
    // reshapes become the linalg, arith and tensor ops compiled below.
    pm.addNestedPass<func::FuncOp>(tosa::createTosaToLinalgNamed());
    pm.addNestedPass<func::FuncOp>(tosa::createTosaToLinalg());
    pm.addNestedPass<func::FuncOp>(createTosaToArithPass());
    pm.addNestedPass<func::FuncOp>(createTosaToTensorPass());
    // The reshapes of TOSA are now tensor ops: their unit dims become
    // keep_dims.
    pm.addPass(createRaiseToReducePass());
  }
  // The program of one process: the reductions over split axes become
  // local reductions and collectives (docs/distributed.md).
  if (options.distributed) {
    pm.addPass(createReduceVerifyShardingPass());
    pm.addNestedPass<func::FuncOp>(shard::createShardingPropagation());
    pm.addNestedPass<func::FuncOp>(shard::createPartition());
    pm.addPass(createConvertShardToMPIPass());
    pm.addPass(createReduceMPIWorldCommPass());
    pm.addPass(createCanonicalizerPass());
  }
  pm.addPass(createReduceAttachTargetPass(target, profile));
  ConvertReduceToLinalgPassOptions lowerOptions;
  lowerOptions.f64Accumulation = options.f64Accumulation;
  pm.addPass(createConvertReduceToLinalgPass(lowerOptions));
  // The argument sizes the ops need equal, which the callers check.
  pm.addNestedPass<func::FuncOp>(createReduceRecordEqualDimsPass());
  // Before the canonicalizer, which may fold the reshape that gives an
  // unranked result its shape.
  pm.addPass(createReduceUnrankedResultsPass());
  pm.addPass(createCanonicalizerPass());
  // The elementwise neighbours of the reductions as generics, fused into
  // them; the scalar path keeps them apart (the differential tester's
  // reference).
  pm.addNestedPass<func::FuncOp>(createReduceElementwiseToLinalgPass());
  if (!options.lowerToLoops) {
    // The choices that hold for every op of a function, which the passes
    // below read from it.
    ReducePlanFunctionPassOptions functionOptions;
    functionOptions.strictFpOrder = options.strictFpOrder;
    functionOptions.threads = options.threads;
    pm.addNestedPass<func::FuncOp>(
        createReducePlanFunctionPass(functionOptions));
    ReduceFuseElementwisePassOptions fuseOptions;
    fuseOptions.remarks = options.planRemarks;
    pm.addNestedPass<func::FuncOp>(createReduceFuseElementwisePass(fuseOptions));
    pm.addPass(createCanonicalizerPass());
  }
  if (!options.lowerToLoops)
    addVectorization(pm, options, target);
  pm.addPass(createReduceSignlessPass());
  addBufferization(pm, options.outParams);
  addLoweringToLLVM(pm, options, target);
}

LogicalResult mlir::reduce::verifyPipelineInput(ModuleOp module) {
  if (failed(verify(module)))
    return failure();
  WalkResult nested = module->walk([&](ModuleOp inner) {
    if (inner == module)
      return WalkResult::advance();
    inner.emitError("nested modules are not supported: put the functions in "
                    "the top-level module");
    return WalkResult::interrupt();
  });
  return failure(nested.wasInterrupted());
}

void mlir::reduce::markArgumentsReadOnly(func::FuncOp func) {
  for (unsigned i = 0, e = func.getNumArguments(); i < e; ++i)
    func.setArgAttr(i, bufferization::BufferizationDialect::kWritableAttrName,
                    BoolAttr::get(func.getContext(), false));
}

void mlir::reduce::registerReducePipelines() {
  PassPipelineRegistration<ReduceToLLVMOptions>(
      "reduce-to-llvm",
      "Lower the reduce dialect to the LLVM dialect, with the reductions "
      "tiled and vectorized for the host CPU",
      buildReduceToLLVMPipeline);
  PassPipelineRegistration<ReduceToLLVMOptions>(
      "lower-reduce-to-loops",
      "Lower the reduce dialect to the LLVM dialect through plain scalar "
      "loops (reduce-to-llvm{lower-to-loops})",
      [](OpPassManager &pm, const ReduceToLLVMOptions &options) {
        ReduceToLLVMOptions loopOptions;
        loopOptions.copyOptionValuesFrom(options);
        loopOptions.lowerToLoops = true;
        buildReduceToLLVMPipeline(pm, loopOptions);
      });
}

void mlir::reduce::registerPipelineExternalModels(DialectRegistry &registry) {
  registerShardingInterfaceExternalModels(registry);
  registerMPIMemoryEffectModels(registry);
}

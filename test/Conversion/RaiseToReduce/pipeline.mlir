// RUN: reduce-opt %s --reduce-to-llvm=plan-remarks=true -o /dev/null 2>&1 | FileCheck %s
// RUN: reduce-opt %s --reduce-to-llvm | FileCheck %s --check-prefix=LLVM
// RUN: not reduce-opt %s --reduce-to-llvm=raise-to-reduce=false -o /dev/null 2>&1 | FileCheck %s --check-prefix=WRITTEN

// reduce-to-llvm raises first, then lowers the other TOSA ops upstream's
// way: the product is fused into the raised sum, one kernel reading both
// inputs once.
// CHECK: pipeline.mlir:[[@LINE+7]]:8: remark: fused 1 elementwise producer: 2 inputs
// CHECK: pipeline.mlir:[[@LINE+6]]:8: remark: plan #reduce.inner_plan<{{.*}}kernel: 2 inputs, 1 result
// LLVM-NOT: tosa.
// WRITTEN: error: 'tosa.const' op is not supported on tensors by the reduce pipeline
func.func @dot(%a: tensor<64x4096xf32>, %b: tensor<64x4096xf32>) -> tensor<64x1xf32> {
  %shift = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %p = tosa.mul %a, %b, %shift : (tensor<64x4096xf32>, tensor<64x4096xf32>, tensor<1xi8>) -> tensor<64x4096xf32>
  %0 = tosa.reduce_sum %p {axis = 1 : i32} : (tensor<64x4096xf32>) -> tensor<64x1xf32>
  return %0 : tensor<64x1xf32>
}

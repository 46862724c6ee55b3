// RUN: reduce-opt %reduce_src_root/examples/openvino-spec.mlir --test-reduce-infer-types --mlir-print-op-on-diagnostic=false -o /dev/null 2>&1 | FileCheck %s --check-prefix=INFER
// RUN: reduce-opt %reduce_src_root/examples/openvino-spec.mlir --canonicalize | FileCheck %s
// RUN: reduce-opt %reduce_src_root/examples/openvino-spec-logical.mlir --test-reduce-infer-types --mlir-print-op-on-diagnostic=false -o /dev/null 2>&1 | FileCheck %s --check-prefix=INFER-LOGICAL
// RUN: reduce-opt %reduce_src_root/examples/openvino-spec-logical.mlir --canonicalize | FileCheck %s --check-prefix=LOGICAL

/// The OpenVINO specification examples: shapes inferred by the ops and
/// kept through canonicalization (negative axes normalized).

// CHECK-LABEL: func @spec_sum
// CHECK: reduce.sum %{{.*}} axes [2, 3] keep_dims : tensor<6x12x10x24xf32> -> tensor<6x12x1x1xf32>
// CHECK: reduce.sum %{{.*}} axes [2, 3] : tensor<6x12x10x24xf32> -> tensor<6x12xf32>
// CHECK: reduce.sum %{{.*}} axes [1] keep_dims : tensor<6x12x10x24xf32> -> tensor<6x1x10x24xf32>
// CHECK: reduce.sum %{{.*}} axes [1] : tensor<6x12x10x24xf32> -> tensor<6x10x24xf32>
// CHECK: reduce.sum %{{.*}} axes [2] keep_dims : tensor<6x12x10x24xf32> -> tensor<6x12x1x24xf32>
// CHECK: reduce.sum %{{.*}} axes [2] : tensor<6x12x10x24xf32> -> tensor<6x12x24xf32>
// CHECK-LABEL: func @spec_l1
// CHECK: reduce.l1 %{{.*}} axes [2, 3] keep_dims : tensor<6x12x10x24xf32> -> tensor<6x12x1x1xf32>
// CHECK: reduce.l1 %{{.*}} axes [2, 3] : tensor<6x12x10x24xf32> -> tensor<6x12xf32>
// CHECK: reduce.l1 %{{.*}} axes [1] keep_dims : tensor<6x12x10x24xf32> -> tensor<6x1x10x24xf32>
// CHECK: reduce.l1 %{{.*}} axes [1] : tensor<6x12x10x24xf32> -> tensor<6x10x24xf32>
// CHECK: reduce.l1 %{{.*}} axes [2] keep_dims : tensor<6x12x10x24xf32> -> tensor<6x12x1x24xf32>
// CHECK: reduce.l1 %{{.*}} axes [2] : tensor<6x12x10x24xf32> -> tensor<6x12x24xf32>
// CHECK-LABEL: func @spec_min
// CHECK: reduce.min %{{.*}} axes [2, 3] keep_dims : tensor<6x12x10x24xf32> -> tensor<6x12x1x1xf32>
// CHECK: reduce.min %{{.*}} axes [2, 3] : tensor<6x12x10x24xf32> -> tensor<6x12xf32>
// CHECK: reduce.min %{{.*}} axes [1] keep_dims : tensor<6x12x10x24xf32> -> tensor<6x1x10x24xf32>
// CHECK: reduce.min %{{.*}} axes [1] : tensor<6x12x10x24xf32> -> tensor<6x10x24xf32>
// CHECK: reduce.min %{{.*}} axes [2] keep_dims : tensor<6x12x10x24xf32> -> tensor<6x12x1x24xf32>
// CHECK: reduce.min %{{.*}} axes [2] : tensor<6x12x10x24xf32> -> tensor<6x12x24xf32>
// CHECK-LABEL: func @spec_max
// CHECK: reduce.max %{{.*}} axes [2, 3] keep_dims : tensor<6x12x10x24xf32> -> tensor<6x12x1x1xf32>
// CHECK: reduce.max %{{.*}} axes [2, 3] : tensor<6x12x10x24xf32> -> tensor<6x12xf32>
// CHECK: reduce.max %{{.*}} axes [1] keep_dims : tensor<6x12x10x24xf32> -> tensor<6x1x10x24xf32>
// CHECK: reduce.max %{{.*}} axes [1] : tensor<6x12x10x24xf32> -> tensor<6x10x24xf32>
// CHECK: reduce.max %{{.*}} axes [2] keep_dims : tensor<6x12x10x24xf32> -> tensor<6x12x1x24xf32>
// CHECK: reduce.max %{{.*}} axes [2] : tensor<6x12x10x24xf32> -> tensor<6x12x24xf32>
// CHECK-LABEL: func @spec_prod
// CHECK: reduce.prod %{{.*}} axes [2, 3] keep_dims : tensor<6x12x10x24xf32> -> tensor<6x12x1x1xf32>
// CHECK: reduce.prod %{{.*}} axes [2, 3] : tensor<6x12x10x24xf32> -> tensor<6x12xf32>
// CHECK: reduce.prod %{{.*}} axes [1] keep_dims : tensor<6x12x10x24xf32> -> tensor<6x1x10x24xf32>
// CHECK: reduce.prod %{{.*}} axes [1] : tensor<6x12x10x24xf32> -> tensor<6x10x24xf32>
// CHECK: reduce.prod %{{.*}} axes [2] keep_dims : tensor<6x12x10x24xf32> -> tensor<6x12x1x24xf32>
// CHECK: reduce.prod %{{.*}} axes [2] : tensor<6x12x10x24xf32> -> tensor<6x12x24xf32>
// CHECK-LABEL: func @spec_mean
// CHECK: reduce.mean %{{.*}} axes [2, 3] keep_dims : tensor<6x12x10x24xf32> -> tensor<6x12x1x1xf32>
// CHECK: reduce.mean %{{.*}} axes [2, 3] : tensor<6x12x10x24xf32> -> tensor<6x12xf32>
// CHECK: reduce.mean %{{.*}} axes [1] keep_dims : tensor<6x12x10x24xf32> -> tensor<6x1x10x24xf32>
// CHECK: reduce.mean %{{.*}} axes [1] : tensor<6x12x10x24xf32> -> tensor<6x10x24xf32>
// CHECK: reduce.mean %{{.*}} axes [2] keep_dims : tensor<6x12x10x24xf32> -> tensor<6x12x1x24xf32>
// CHECK: reduce.mean %{{.*}} axes [2] : tensor<6x12x10x24xf32> -> tensor<6x12x24xf32>
// CHECK-LABEL: func @spec_l2
// CHECK: reduce.l2 %{{.*}} axes [2, 3] keep_dims : tensor<6x12x10x24xf32> -> tensor<6x12x1x1xf32>
// CHECK: reduce.l2 %{{.*}} axes [2, 3] : tensor<6x12x10x24xf32> -> tensor<6x12xf32>
// CHECK: reduce.l2 %{{.*}} axes [1] keep_dims : tensor<6x12x10x24xf32> -> tensor<6x1x10x24xf32>
// CHECK: reduce.l2 %{{.*}} axes [1] : tensor<6x12x10x24xf32> -> tensor<6x10x24xf32>
// CHECK: reduce.l2 %{{.*}} axes [2] keep_dims : tensor<6x12x10x24xf32> -> tensor<6x12x1x24xf32>
// CHECK: reduce.l2 %{{.*}} axes [2] : tensor<6x12x10x24xf32> -> tensor<6x12x24xf32>
// LOGICAL-LABEL: func @spec_logical_and
// LOGICAL: reduce.logical_and %{{.*}} axes [2, 3] keep_dims : tensor<6x12x10x24xi1> -> tensor<6x12x1x1xi1>
// LOGICAL: reduce.logical_and %{{.*}} axes [2, 3] : tensor<6x12x10x24xi1> -> tensor<6x12xi1>
// LOGICAL: reduce.logical_and %{{.*}} axes [1] keep_dims : tensor<6x12x10x24xi1> -> tensor<6x1x10x24xi1>
// LOGICAL: reduce.logical_and %{{.*}} axes [1] : tensor<6x12x10x24xi1> -> tensor<6x10x24xi1>
// LOGICAL: reduce.logical_and %{{.*}} axes [2] keep_dims : tensor<6x12x10x24xi1> -> tensor<6x12x1x24xi1>
// LOGICAL: reduce.logical_and %{{.*}} axes [2] : tensor<6x12x10x24xi1> -> tensor<6x12x24xi1>
// LOGICAL-LABEL: func @spec_logical_or
// LOGICAL: reduce.logical_or %{{.*}} axes [2, 3] keep_dims : tensor<6x12x10x24xi1> -> tensor<6x12x1x1xi1>
// LOGICAL: reduce.logical_or %{{.*}} axes [2, 3] : tensor<6x12x10x24xi1> -> tensor<6x12xi1>
// LOGICAL: reduce.logical_or %{{.*}} axes [1] keep_dims : tensor<6x12x10x24xi1> -> tensor<6x1x10x24xi1>
// LOGICAL: reduce.logical_or %{{.*}} axes [1] : tensor<6x12x10x24xi1> -> tensor<6x10x24xi1>
// LOGICAL: reduce.logical_or %{{.*}} axes [2] keep_dims : tensor<6x12x10x24xi1> -> tensor<6x12x1x24xi1>
// LOGICAL: reduce.logical_or %{{.*}} axes [2] : tensor<6x12x10x24xi1> -> tensor<6x12x24xi1>
// INFER: remark: inferred 'tensor<6x12x1x1xf32>'
// INFER: remark: inferred 'tensor<6x12xf32>'
// INFER: remark: inferred 'tensor<6x1x10x24xf32>'
// INFER: remark: inferred 'tensor<6x10x24xf32>'
// INFER: remark: inferred 'tensor<6x12x1x24xf32>'
// INFER: remark: inferred 'tensor<6x12x24xf32>'
// INFER: remark: inferred 'tensor<6x12x1x1xf32>'
// INFER: remark: inferred 'tensor<6x12xf32>'
// INFER: remark: inferred 'tensor<6x1x10x24xf32>'
// INFER: remark: inferred 'tensor<6x10x24xf32>'
// INFER: remark: inferred 'tensor<6x12x1x24xf32>'
// INFER: remark: inferred 'tensor<6x12x24xf32>'
// INFER: remark: inferred 'tensor<6x12x1x1xf32>'
// INFER: remark: inferred 'tensor<6x12xf32>'
// INFER: remark: inferred 'tensor<6x1x10x24xf32>'
// INFER: remark: inferred 'tensor<6x10x24xf32>'
// INFER: remark: inferred 'tensor<6x12x1x24xf32>'
// INFER: remark: inferred 'tensor<6x12x24xf32>'
// INFER: remark: inferred 'tensor<6x12x1x1xf32>'
// INFER: remark: inferred 'tensor<6x12xf32>'
// INFER: remark: inferred 'tensor<6x1x10x24xf32>'
// INFER: remark: inferred 'tensor<6x10x24xf32>'
// INFER: remark: inferred 'tensor<6x12x1x24xf32>'
// INFER: remark: inferred 'tensor<6x12x24xf32>'
// INFER: remark: inferred 'tensor<6x12x1x1xf32>'
// INFER: remark: inferred 'tensor<6x12xf32>'
// INFER: remark: inferred 'tensor<6x1x10x24xf32>'
// INFER: remark: inferred 'tensor<6x10x24xf32>'
// INFER: remark: inferred 'tensor<6x12x1x24xf32>'
// INFER: remark: inferred 'tensor<6x12x24xf32>'
// INFER: remark: inferred 'tensor<6x12x1x1xf32>'
// INFER: remark: inferred 'tensor<6x12xf32>'
// INFER: remark: inferred 'tensor<6x1x10x24xf32>'
// INFER: remark: inferred 'tensor<6x10x24xf32>'
// INFER: remark: inferred 'tensor<6x12x1x24xf32>'
// INFER: remark: inferred 'tensor<6x12x24xf32>'
// INFER: remark: inferred 'tensor<6x12x1x1xf32>'
// INFER: remark: inferred 'tensor<6x12xf32>'
// INFER: remark: inferred 'tensor<6x1x10x24xf32>'
// INFER: remark: inferred 'tensor<6x10x24xf32>'
// INFER: remark: inferred 'tensor<6x12x1x24xf32>'
// INFER: remark: inferred 'tensor<6x12x24xf32>'
// INFER-LOGICAL: remark: inferred 'tensor<6x12x1x1xi1>'
// INFER-LOGICAL: remark: inferred 'tensor<6x12xi1>'
// INFER-LOGICAL: remark: inferred 'tensor<6x1x10x24xi1>'
// INFER-LOGICAL: remark: inferred 'tensor<6x10x24xi1>'
// INFER-LOGICAL: remark: inferred 'tensor<6x12x1x24xi1>'
// INFER-LOGICAL: remark: inferred 'tensor<6x12x24xi1>'
// INFER-LOGICAL: remark: inferred 'tensor<6x12x1x1xi1>'
// INFER-LOGICAL: remark: inferred 'tensor<6x12xi1>'
// INFER-LOGICAL: remark: inferred 'tensor<6x1x10x24xi1>'
// INFER-LOGICAL: remark: inferred 'tensor<6x10x24xi1>'
// INFER-LOGICAL: remark: inferred 'tensor<6x12x1x24xi1>'
// INFER-LOGICAL: remark: inferred 'tensor<6x12x24xi1>'

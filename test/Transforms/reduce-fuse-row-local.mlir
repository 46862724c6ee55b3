// RUN: reduce-opt %s --split-input-file --lower-reduce --canonicalize --reduce-elementwise-to-linalg \
// RUN:   --reduce-fuse-elementwise=remarks --canonicalize --cse --verify-diagnostics | FileCheck %s
// RUN: reduce-opt %s --split-input-file --lower-reduce --canonicalize --reduce-elementwise-to-linalg \
// RUN:   --reduce-attach-target="set=min_parallel_bytes=0" --reduce-plan-function="threads=2" --reduce-fuse-elementwise \
// RUN:   --canonicalize --cse | FileCheck %s --check-prefix=THREADS

// A softmax of rows of 1 KiB (2 KiB with their exponentials): blocks of 32
// rows (row_block_bytes, 64 KiB by default), each its maximum, its
// exponentials into a buffer carried through the loop (one exponential an
// element), their sum, and the output from the buffer.
// CHECK-LABEL: func.func @softmax
//  CHECK-SAME:     %[[X:.*]]: tensor<64x256xf32>
//       CHECK:   %[[OUT:.*]] = tensor.empty() : tensor<64x256xf32>
//       CHECK:   %[[ROWS:.*]] = tensor.empty() : tensor<32xf32>
//       CHECK:   %[[EXPS:.*]] = tensor.empty() : tensor<32x256xf32>
//       CHECK:   %[[R:.*]]:4 = scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %c32 iter_args(%[[O:.*]] = %[[OUT]], %[[M0:.*]] = %[[ROWS]], %[[S0:.*]] = %[[ROWS]], %[[E0:.*]] = %[[EXPS]])
//       CHECK:     %[[OS:.*]] = tensor.extract_slice %[[O]][%[[I]], 0] [32, 256] [1, 1]
//       CHECK:     %[[XS:.*]] = tensor.extract_slice %[[X]][%[[I]], 0] [32, 256] [1, 1]
//       CHECK:     %[[MF:.*]] = linalg.fill {{.*}} outs(%[[M0]] : tensor<32xf32>)
//       CHECK:     %[[M:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%[[XS]] : tensor<32x256xf32>) outs(%[[MF]] : tensor<32xf32>)
//       CHECK:       arith.maximumf
//       CHECK:     %[[E:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "parallel"]} ins(%[[XS]], %[[M]] : tensor<32x256xf32>, tensor<32xf32>) outs(%[[E0]] : tensor<32x256xf32>)
//       CHECK:       arith.subf
//       CHECK:       math.exp
//       CHECK:     %[[SF:.*]] = linalg.fill {{.*}} outs(%[[S0]] : tensor<32xf32>)
//       CHECK:     %[[S:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%[[E]] : tensor<32x256xf32>) outs(%[[SF]] : tensor<32xf32>)
//       CHECK:       arith.addf
//       CHECK:     %[[Y:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "parallel"]} ins(%[[S]], %[[E]] : tensor<32xf32>, tensor<32x256xf32>) outs(%[[OS]] : tensor<32x256xf32>)
//  CHECK-NEXT:     ^bb0(%[[SV:.*]]: f32, %[[EV:.*]]: f32, %{{.*}}: f32):
//  CHECK-NEXT:       %[[D:.*]] = arith.divf %[[EV]], %[[SV]]
//  CHECK-NEXT:       linalg.yield %[[D]]
//       CHECK:     %[[IN:.*]] = tensor.insert_slice %[[Y]] into %[[O]][%[[I]], 0] [32, 256] [1, 1]
//       CHECK:     scf.yield %[[IN]], %[[M]], %[[S]], %[[E]]
//       CHECK:   return %[[R]]#0
//   CHECK-NOT:   math.exp
// On two threads, the blocks are an scf.forall, each with its own tensors.
// THREADS-LABEL: func.func @softmax
//       THREADS:   scf.forall (%[[I:.*]]) = (0) to (64) step (32) shared_outs(%[[O:.*]] = %{{.*}})
//       THREADS:     tensor.empty() : tensor<32x256xf32>
//       THREADS:     math.exp
//   THREADS-NOT:     math.exp
//       THREADS:     scf.forall.in_parallel
//  THREADS-NEXT:       tensor.parallel_insert_slice %{{.*}} into %[[O]][%[[I]], 0] [32, 256] [1, 1]
func.func @softmax(%x: tensor<64x256xf32>) -> tensor<64x256xf32> {
  %m = reduce.max %x axes [1] : tensor<64x256xf32> -> tensor<64xf32>
  %e0 = tensor.empty() : tensor<64x256xf32>
  %mb = linalg.broadcast ins(%m : tensor<64xf32>) outs(%e0 : tensor<64x256xf32>) dimensions = [1]
  %d = arith.subf %x, %mb : tensor<64x256xf32>
  %ex = math.exp %d : tensor<64x256xf32>
  // expected-remark @+1 {{fused 3 elementwise producers: 2 inputs}}
  %s = reduce.sum %ex axes [1] : tensor<64x256xf32> -> tensor<64xf32>
  %sb = linalg.broadcast ins(%s : tensor<64xf32>) outs(%e0 : tensor<64x256xf32>) dimensions = [1]
  // expected-remark @+2 {{fused 4 elementwise producers: 3 inputs}}
  // expected-remark @+1 {{softmax in blocks of 32 rows: one read of the input, one exponential an element}}
  %o = arith.divf %ex, %sb : tensor<64x256xf32>
  return %o : tensor<64x256xf32>
}

// -----

// Attention scores t = x * 0.125 + y: the block's exponentials compute t
// from slices of the inputs (x, the splat and y: 16 KiB a row with the
// exponentials, blocks of 4 rows), and the output reads only the buffer and
// the sums.
// CHECK-LABEL: func.func @scores
//       CHECK:   scf.for %{{.*}} step %c4
//       CHECK:     linalg.generic {{.*}} ins(%{{.*}}, %{{.*}}, %{{.*}} : tensor<4x1000xf32>, tensor<4x1000xf32>, tensor<4x1000xf32>) outs(%{{.*}} : tensor<4xf32>)
//       CHECK:       arith.mulf
//       CHECK:       arith.addf
//       CHECK:       arith.maximumf
//       CHECK:     linalg.generic {{.*}} ins(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : tensor<4x1000xf32>, tensor<4x1000xf32>, tensor<4x1000xf32>, tensor<4xf32>) outs(%{{.*}} : tensor<4x1000xf32>)
//       CHECK:       arith.mulf
//       CHECK:       arith.addf
//       CHECK:       arith.subf
//       CHECK:       math.exp
//       CHECK:     linalg.generic {{.*}} ins(%{{.*}} : tensor<4x1000xf32>) outs(%{{.*}} : tensor<4xf32>)
//       CHECK:     linalg.generic {{.*}} ins(%{{.*}}, %{{.*}} : tensor<4xf32>, tensor<4x1000xf32>) outs(%{{.*}} : tensor<4x1000xf32>)
//  CHECK-NEXT:     ^bb0
//  CHECK-NEXT:       arith.divf
func.func @scores(%x: tensor<64x1000xf32>, %y: tensor<64x1000xf32>) -> tensor<64x1000xf32> {
  %c = arith.constant dense<0.125> : tensor<64x1000xf32>
  %xs = arith.mulf %x, %c : tensor<64x1000xf32>
  %t = arith.addf %xs, %y : tensor<64x1000xf32>
  // expected-remark @+1 {{fused 2 elementwise producers: 3 inputs}}
  %m = reduce.max %t axes [1] : tensor<64x1000xf32> -> tensor<64xf32>
  %e0 = tensor.empty() : tensor<64x1000xf32>
  %mb = linalg.broadcast ins(%m : tensor<64xf32>) outs(%e0 : tensor<64x1000xf32>) dimensions = [1]
  %d = arith.subf %t, %mb : tensor<64x1000xf32>
  %ex = math.exp %d : tensor<64x1000xf32>
  // expected-remark @+1 {{fused 5 elementwise producers: 4 inputs}}
  %s = reduce.sum %ex axes [1] : tensor<64x1000xf32> -> tensor<64xf32>
  %sb = linalg.broadcast ins(%s : tensor<64xf32>) outs(%e0 : tensor<64x1000xf32>) dimensions = [1]
  // expected-remark @+2 {{fused 6 elementwise producers: 5 inputs}}
  // expected-remark @+1 {{softmax in blocks of 4 rows: one read of the input, one exponential an element}}
  %o = arith.divf %ex, %sb : tensor<64x1000xf32>
  return %o : tensor<64x1000xf32>
}

// -----

// Two kept dims: a loop over the outer one, blocks of the inner one (5
// rows of 2400 bytes: one at a time, the largest power of two that
// divides 5).
// CHECK-LABEL: func.func @rows_3d
//       CHECK:   scf.for %[[I:.*]] = %c0 to %c4 step %c1
//       CHECK:     scf.for %[[J:.*]] = %c0 to %c5 step %c1
//       CHECK:       tensor.extract_slice %{{.*}}[%[[I]], %[[J]], 0] [1, 1, 300] [1, 1, 1]
//       CHECK:       math.exp
//   CHECK-NOT:       math.exp
//       CHECK:       tensor.insert_slice %{{.*}}[%[[I]], %[[J]], 0] [1, 1, 300] [1, 1, 1]
func.func @rows_3d(%x: tensor<4x5x300xf32>) -> tensor<4x5x300xf32> {
  // expected-remark @+3 {{fused 1 elementwise producer: 2 inputs}}
  // expected-remark @+2 {{fused 1 elementwise producer: 3 inputs}}
  // expected-remark @+1 {{softmax in blocks of 1 rows: one read of the input, one exponential an element}}
  %y = reduce.softmax %x axis -1 : tensor<4x5x300xf32>
  return %y : tensor<4x5x300xf32>
}

// -----

// Left to the online normalizer: a softmax whose sum is returned too, one
// whose rows (128 KiB with their exponentials) pass row_block_bytes, and a
// log-softmax, whose output needs no exponential.
// CHECK-LABEL: func.func @sum_returned
//   CHECK-NOT:   scf.for
// CHECK-LABEL: func.func @long_rows
//   CHECK-NOT:   scf.for
// CHECK-LABEL: func.func @log_softmax
//   CHECK-NOT:   scf.for
func.func @sum_returned(%x: tensor<64x256xf32>) -> (tensor<64x256xf32>, tensor<64xf32>) {
  %m = reduce.max %x axes [1] : tensor<64x256xf32> -> tensor<64xf32>
  %e0 = tensor.empty() : tensor<64x256xf32>
  %mb = linalg.broadcast ins(%m : tensor<64xf32>) outs(%e0 : tensor<64x256xf32>) dimensions = [1]
  %d = arith.subf %x, %mb : tensor<64x256xf32>
  %ex = math.exp %d : tensor<64x256xf32>
  // expected-remark @+2 {{fused 3 elementwise producers: 2 inputs}}
  // expected-remark @+1 {{fused a maximum and a sum of exponentials into an online normalizer}}
  %s = reduce.sum %ex axes [1] : tensor<64x256xf32> -> tensor<64xf32>
  %sb = linalg.broadcast ins(%s : tensor<64xf32>) outs(%e0 : tensor<64x256xf32>) dimensions = [1]
  // expected-remark @+1 {{fused 4 elementwise producers: 3 inputs}}
  %o = arith.divf %ex, %sb : tensor<64x256xf32>
  return %o, %s : tensor<64x256xf32>, tensor<64xf32>
}

func.func @long_rows(%x: tensor<4x16384xf32>) -> tensor<4x16384xf32> {
  // expected-remark @+3 {{fused 1 elementwise producer: 2 inputs}}
  // expected-remark @+2 {{fused a maximum and a sum of exponentials into an online normalizer}}
  // expected-remark @+1 {{fused 1 elementwise producer: 3 inputs}}
  %y = reduce.softmax %x axis 1 : tensor<4x16384xf32>
  return %y : tensor<4x16384xf32>
}

func.func @log_softmax(%x: tensor<64x256xf32>) -> tensor<64x256xf32> {
  // expected-remark @+2 {{fused 1 elementwise producer: 2 inputs}}
  // expected-remark @+1 {{fused a maximum and a sum of exponentials into an online normalizer}}
  %y = reduce.log_softmax %x axis 1 : tensor<64x256xf32>
  return %y : tensor<64x256xf32>
}

// -----

// An RMS norm of 2 MiB (at least min_stream_bytes: read from memory), rows
// of 2 KiB: blocks of 32 rows, each its sums of squares, its root mean
// squares and its output; nothing outside the loop reads the input.
// CHECK-LABEL: func.func @rms_norm
//  CHECK-SAME:     %[[X:.*]]: tensor<1024x512xf32>
//   CHECK-NOT:   linalg.generic
//       CHECK:   scf.for %[[I:.*]] = %{{.*}} step %c32 iter_args(%[[O:.*]] =
//       CHECK:     %[[XS:.*]] = tensor.extract_slice %[[X]][%[[I]], 0] [32, 512] [1, 1]
//       CHECK:     %[[S:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%[[XS]] : tensor<32x512xf32>)
//       CHECK:       arith.mulf
//       CHECK:       arith.addf
//       CHECK:     %[[R:.*]] = linalg.generic {{.*}} iterator_types = ["parallel"]} ins(%[[S]], %{{.*}} : tensor<32xf32>, tensor<32xf32>)
//       CHECK:       math.sqrt
//       CHECK:     %[[Y:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "parallel"]} ins(%[[XS]], %[[R]] : tensor<32x512xf32>, tensor<32xf32>)
//       CHECK:       arith.divf
//       CHECK:     tensor.insert_slice %[[Y]] into %[[O]][%[[I]], 0] [32, 512] [1, 1]
// THREADS-LABEL: func.func @rms_norm
//       THREADS:   scf.forall (%[[I:.*]]) = (0) to (1024) step (32) shared_outs(%[[O:.*]] =
//       THREADS:     math.sqrt
//       THREADS:     tensor.parallel_insert_slice %{{.*}} into %[[O]][%[[I]], 0] [32, 512] [1, 1]
func.func @rms_norm(%x: tensor<1024x512xf32>) -> tensor<1024x512xf32> {
  %x2 = arith.mulf %x, %x : tensor<1024x512xf32>
  // expected-remark @+1 {{fused 1 elementwise producer: 1 inputs}}
  %ms = reduce.mean %x2 axes [1] : tensor<1024x512xf32> -> tensor<1024xf32>
  %eps = arith.constant dense<1.0e-05> : tensor<1024xf32>
  %shifted = arith.addf %ms, %eps : tensor<1024xf32>
  // expected-remark @+1 {{fused 2 elementwise producers: 2 inputs}}
  %sd = math.sqrt %shifted : tensor<1024xf32>
  %init = tensor.empty() : tensor<1024x512xf32>
  %sdb = linalg.broadcast ins(%sd : tensor<1024xf32>) outs(%init : tensor<1024x512xf32>) dimensions = [1]
  // expected-remark @+2 {{fused 1 elementwise producer: 2 inputs}}
  // expected-remark @+1 {{normalized in blocks of 32 rows: one read of the input}}
  %y = arith.divf %x, %sdb : tensor<1024x512xf32>
  return %y : tensor<1024x512xf32>
}

// -----

// A centring whose mean is returned too: the loop also yields the mean,
// assembled from the blocks. Left in two passes: a centring whose mean is
// read before the output (by a reduction of the means), which the loop's
// results would not dominate, and an RMS norm of 256 KiB (below
// min_stream_bytes: its second pass reads the cache anyway).
// CHECK-LABEL: func.func @mean_returned
//       CHECK:   %[[R:.*]]:2 = scf.for %[[I:.*]] = %{{.*}} step %c32 iter_args(%[[O:.*]] = %{{.*}}, %[[M:.*]] = %{{.*}})
//       CHECK:     %[[MS:.*]] = tensor.extract_slice %[[M]][%[[I]]] [32] [1]
//       CHECK:     %[[MB:.*]] = linalg.generic {{.*}} outs(%[[MS]] : tensor<32xf32>)
//       CHECK:       arith.divf
//       CHECK:     tensor.insert_slice %[[MB]] into %[[M]][%[[I]]] [32] [1]
//       CHECK:   return %[[R]]#0, %[[R]]#1
// CHECK-LABEL: func.func @mean_read_before
//   CHECK-NOT:   scf.for
// CHECK-LABEL: func.func @in_cache
//   CHECK-NOT:   scf.for
func.func @mean_returned(%x: tensor<1024x512xf32>) -> (tensor<1024x512xf32>, tensor<1024xf32>) {
  %mean = reduce.mean %x axes [1] : tensor<1024x512xf32> -> tensor<1024xf32>
  %init = tensor.empty() : tensor<1024x512xf32>
  %mb = linalg.broadcast ins(%mean : tensor<1024xf32>) outs(%init : tensor<1024x512xf32>) dimensions = [1]
  // expected-remark @+2 {{fused 1 elementwise producer: 2 inputs}}
  // expected-remark @+1 {{normalized in blocks of 32 rows: one read of the input}}
  %y = arith.subf %x, %mb : tensor<1024x512xf32>
  return %y, %mean : tensor<1024x512xf32>, tensor<1024xf32>
}

func.func @mean_read_before(%x: tensor<1024x512xf32>) -> (tensor<1024x512xf32>, tensor<f32>) {
  %mean = reduce.mean %x axes [1] : tensor<1024x512xf32> -> tensor<1024xf32>
  %total = reduce.sum %mean axes [0] : tensor<1024xf32> -> tensor<f32>
  %init = tensor.empty() : tensor<1024x512xf32>
  %mb = linalg.broadcast ins(%mean : tensor<1024xf32>) outs(%init : tensor<1024x512xf32>) dimensions = [1]
  // expected-remark @+1 {{fused 1 elementwise producer: 2 inputs}}
  %y = arith.subf %x, %mb : tensor<1024x512xf32>
  return %y, %total : tensor<1024x512xf32>, tensor<f32>
}

func.func @in_cache(%x: tensor<128x512xf32>) -> tensor<128x512xf32> {
  %x2 = arith.mulf %x, %x : tensor<128x512xf32>
  // expected-remark @+1 {{fused 1 elementwise producer: 1 inputs}}
  %ms = reduce.mean %x2 axes [1] : tensor<128x512xf32> -> tensor<128xf32>
  %eps = arith.constant dense<1.0e-05> : tensor<128xf32>
  %shifted = arith.addf %ms, %eps : tensor<128xf32>
  // expected-remark @+1 {{fused 2 elementwise producers: 2 inputs}}
  %sd = math.sqrt %shifted : tensor<128xf32>
  %init = tensor.empty() : tensor<128x512xf32>
  %sdb = linalg.broadcast ins(%sd : tensor<128xf32>) outs(%init : tensor<128x512xf32>) dimensions = [1]
  // expected-remark @+1 {{fused 1 elementwise producer: 2 inputs}}
  %y = arith.divf %x, %sdb : tensor<128x512xf32>
  return %y : tensor<128x512xf32>
}

// -----

// A layer norm with a scale and a bias (the same for every row, read whole
// by each block), its mean and inverse deviation unused; and an RMS norm
// as the ONNX importer writes it (keep_dims, elementwise math on 1024x1,
// a collapse): the unit dims of the elementwise ops are dropped, so the
// per-row values reach the output as if written without them.
// CHECK-LABEL: func.func @layer_norm_scale_bias
//       CHECK:   scf.for %{{.*}} step %c32
//       CHECK:     linalg.generic {{.*}} ins(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : tensor<32x512xf32>, tensor<32xf32>, tensor<32xf32>, tensor<512xf32>, tensor<512xf32>)
// CHECK-LABEL: func.func @keep_dims
//   CHECK-NOT:   tensor.collapse_shape
//   CHECK-NOT:   tensor.expand_shape
//       CHECK:   scf.for %{{.*}} step %c32
//       CHECK:     math.sqrt
func.func @layer_norm_scale_bias(%x: tensor<1024x512xf32>, %w: tensor<512xf32>, %b: tensor<512xf32>) -> tensor<1024x512xf32> {
  // expected-remark @+5 {{fused 1 elementwise producer: 2 inputs}}
  // expected-remark @+4 {{fused 1 elementwise producer: 1 inputs}}
  // expected-remark @+3 {{shifted a centred sum of squares: one pass with the reduction of its centre}}
  // expected-remark @+2 {{fused 2 sibling reductions: 2 inputs, 3 results}}
  // expected-remark @+1 {{normalized in blocks of 32 rows: one read of the input}}
  %y, %mean, %rstd = reduce.layer_norm %x, %w, %b axis 1 epsilon 1.0e-05 stash_type f32
      : tensor<1024x512xf32>, tensor<512xf32>, tensor<512xf32>
  return %y : tensor<1024x512xf32>
}

func.func @keep_dims(%x: tensor<1024x512xf32>) -> tensor<1024x512xf32> {
  %0 = arith.mulf %x, %x : tensor<1024x512xf32>
  // expected-remark @+1 {{fused 1 elementwise producer: 1 inputs}}
  %1 = reduce.mean %0 axes [1] keep_dims : tensor<1024x512xf32> -> tensor<1024x1xf32>
  %eps = arith.constant dense<1.0e-05> : tensor<f32>
  %e = tensor.empty() : tensor<1024x1xf32>
  %epsb = linalg.broadcast ins(%eps : tensor<f32>) outs(%e : tensor<1024x1xf32>) dimensions = [0, 1]
  %2 = arith.addf %1, %epsb : tensor<1024x1xf32>
  // expected-remark @+1 {{fused 3 elementwise producers: 2 inputs}}
  %3 = math.sqrt %2 : tensor<1024x1xf32>
  %c = tensor.collapse_shape %3 [[0, 1]] : tensor<1024x1xf32> into tensor<1024xf32>
  %init = tensor.empty() : tensor<1024x512xf32>
  %cb = linalg.broadcast ins(%c : tensor<1024xf32>) outs(%init : tensor<1024x512xf32>) dimensions = [1]
  // expected-remark @+2 {{fused 1 elementwise producer: 2 inputs}}
  // expected-remark @+1 {{normalized in blocks of 32 rows: one read of the input}}
  %y = arith.divf %x, %cb : tensor<1024x512xf32>
  return %y : tensor<1024x512xf32>
}

// -----

// 128 blocks of 32 rows: one loop on one thread; on two, 64 chunks of two
// blocks in parallel, each chunk allocating its block's tensors once and
// carrying them through its blocks.
// CHECK-LABEL: func.func @softmax_chunks
//       CHECK:   scf.for %{{.*}} = %c0 to %c4096 step %c32
// THREADS-LABEL: func.func @softmax_chunks
//       THREADS:   scf.forall (%[[C:.*]]) = (0) to (4096) step (64) shared_outs(%[[O:.*]] = %{{.*}})
//       THREADS:     %[[CS:.*]] = tensor.extract_slice %[[O]][%[[C]], 0] [64, 256] [1, 1]
//       THREADS:     %[[EXPS:.*]] = tensor.empty() : tensor<32x256xf32>
//       THREADS:     %[[R:.*]]:4 = scf.for %[[I:.*]] = %c0 to %c64 step %c32 iter_args(%[[CO:.*]] = %[[CS]], %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}, %{{.*}} = %[[EXPS]])
//       THREADS:       math.exp
//       THREADS:       tensor.insert_slice %{{.*}} into %[[CO]][%[[I]], 0] [32, 256] [1, 1]
//       THREADS:     scf.forall.in_parallel
//  THREADS-NEXT:       tensor.parallel_insert_slice %[[R]]#0 into %[[O]][%[[C]], 0] [64, 256] [1, 1]
func.func @softmax_chunks(%x: tensor<4096x256xf32>) -> tensor<4096x256xf32> {
  // expected-remark @+3 {{fused 1 elementwise producer: 2 inputs}}
  // expected-remark @+2 {{fused 1 elementwise producer: 3 inputs}}
  // expected-remark @+1 {{softmax in blocks of 32 rows: one read of the input, one exponential an element}}
  %y = reduce.softmax %x axis 1 : tensor<4096x256xf32>
  return %y : tensor<4096x256xf32>
}

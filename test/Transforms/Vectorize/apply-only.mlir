// RUN: reduce-opt %s --split-input-file --verify-diagnostics --reduce-vectorize

// reduce-vectorize chooses nothing: an op it rewrites without a recorded plan
// and a split plan (applied by reduce-split-reductions) are errors.

func.func @negative_no_plan(%x: tensor<64x1024xf32>, %init: tensor<64xf32>) -> tensor<64xf32> {
  // expected-error @below {{reduce-vectorize expects a 'reduce.plan' attribute on each linalg op it rewrites (recorded by reduce-plan), found none}}
  %r = linalg.reduce ins(%x : tensor<64x1024xf32>) outs(%init : tensor<64xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  return %r : tensor<64xf32>
}

// -----

func.func @negative_split_plan(%x: tensor<65536xf32>, %init: tensor<f32>) -> tensor<f32> {
  // expected-error @below {{reduce.plan: strategy split_blocks is applied by reduce-split-reductions, before reduce-vectorize}}
  %r = linalg.reduce ins(%x : tensor<65536xf32>) outs(%init : tensor<f32>) dimensions = [0]
      {reduce.plan = #reduce.split_plan<kind = blocks, parts = 4>}
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  return %r : tensor<f32>
}

// -----

/// A recorded `none` plan leaves the op as it is.
func.func @none_plan(%x: tensor<0x8xf32>, %init: tensor<8xf32>) -> tensor<8xf32> {
  %r = linalg.reduce ins(%x : tensor<0x8xf32>) outs(%init : tensor<8xf32>) dimensions = [0]
      {reduce.plan = #reduce.none_plan}
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  return %r : tensor<8xf32>
}

// RUN: not reduce-opt %s --reduce-attach-target="set=prefetch_stride=0" 2>&1 | FileCheck %s --check-prefix=RANGE
// RUN: not reduce-opt %s --reduce-attach-target="set=lanes=8" 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: not reduce-opt %s --reduce-attach-target="set=accumulators=four" 2>&1 | FileCheck %s --check-prefix=TEXT
// RUN: not reduce-opt %s --reduce-to-llvm="prefetch-stride=-64" 2>&1 | FileCheck %s --check-prefix=PIPELINE
// RUN: not reduce-opt %s --reduce-to-llvm="vector-width=64" 2>&1 | FileCheck %s --check-prefix=WIDTH
// RUN: reduce-opt %s --split-input-file --verify-diagnostics \
// RUN:   --pass-pipeline="builtin.module(func.func(reduce-plan))" -o /dev/null

// The target the passes read is checked where it is written
// (reduce-attach-target, from its settings or the pipeline's options) and
// where it is read (a malformed `reduce.target` in the input): each error
// names the field and its range.

// RANGE: error: reduce-attach-target: expected 'prefetch_stride' in [16, 4096], found 0
// UNKNOWN: error: reduce-attach-target: unknown target field 'lanes', expected one of vector_bits, stream_vector_bits, min_stream_bytes,
// TEXT: error: reduce-attach-target: expected an integer for 'accumulators', found 'four'
// PIPELINE: error: reduce-attach-target: expected 'prefetch_stride' in [16, 4096], found -64
// WIDTH: error: reduce-attach-target: expected 'vector_bits' in [128, 512], found 64

func.func @sum(%x: tensor<8xf32>) -> tensor<f32> {
  %r = reduce.sum %x axes [0] : tensor<8xf32> -> tensor<f32>
  return %r : tensor<f32>
}

// -----

// expected-error @below {{'reduce.target': expected 'row_streams' in [1, 64], found 0}}
module attributes {reduce.target = {row_streams = 0 : i64}} {
  func.func @zero_row_streams(%x: tensor<8xf32>) -> tensor<8xf32> {
    return %x : tensor<8xf32>
  }
}

// -----

// expected-error @below {{'reduce.target': expected an integer or a bool for 'vector_bits'}}
module attributes {reduce.target = {vector_bits = "wide"}} {
  func.func @text_width(%x: tensor<8xf32>) -> tensor<8xf32> {
    return %x : tensor<8xf32>
  }
}

// -----

// expected-error @below {{expected 'reduce.target' to be a dictionary, found 512 : i64}}
module attributes {reduce.target = 512} {
  func.func @not_a_dictionary(%x: tensor<8xf32>) -> tensor<8xf32> {
    return %x : tensor<8xf32>
  }
}

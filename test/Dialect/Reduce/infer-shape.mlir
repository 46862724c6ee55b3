// RUN: reduce-opt %s --split-input-file --test-reduce-infer-types -verify-diagnostics -o /dev/null

/// Shape inference (InferTypeOpInterface), reported by a test pass. The
/// written result types are deliberately as loose as the verifier allows
/// (unranked), so that each remark shows only what was inferred.

func.func @static_dims(%x: tensor<6x12x10x24xf32>) {
  // expected-remark @+1 {{inferred 'tensor<6x12xf32>'}}
  %0 = reduce.sum %x axes [2, 3] : tensor<6x12x10x24xf32> -> tensor<*xf32>
  // expected-remark @+1 {{inferred 'tensor<6x12x1x1xf32>'}}
  %1 = reduce.sum %x axes [3, 2] keep_dims : tensor<6x12x10x24xf32> -> tensor<*xf32>
  // expected-remark @+1 {{inferred 'tensor<6x12x24xf32>'}}
  %2 = reduce.l1 %x axes [-2] : tensor<6x12x10x24xf32> -> tensor<*xf32>
  // expected-remark @+1 {{inferred 'tensor<6x1x10x24xf32>'}}
  %3 = reduce.min %x axes [-3] keep_dims : tensor<6x12x10x24xf32> -> tensor<*xf32>
  return
}

// -----

func.func @dynamic_dims(%x: tensor<?x4x?xf32>) {
  // expected-remark @+1 {{inferred 'tensor<?x?xf32>'}}
  %0 = reduce.sum %x axes [1] : tensor<?x4x?xf32> -> tensor<*xf32>
  // expected-remark @+1 {{inferred 'tensor<?x1x?xf32>'}}
  %1 = reduce.sum %x axes [1] keep_dims : tensor<?x4x?xf32> -> tensor<*xf32>
  // expected-remark @+1 {{inferred 'tensor<4xf32>'}}
  %2 = reduce.min %x axes [0, -1] : tensor<?x4x?xf32> -> tensor<*xf32>
  return
}

// -----

func.func @all_and_empty_axes(%x: tensor<2x3xi32>) {
  // expected-remark @+1 {{inferred 'tensor<i32>'}}
  %0 = reduce.sum %x axes [0, 1] : tensor<2x3xi32> -> tensor<*xi32>
  // expected-remark @+1 {{inferred 'tensor<1x1xi32>'}}
  %1 = reduce.sum %x axes [0, 1] keep_dims : tensor<2x3xi32> -> tensor<*xi32>
  // expected-remark @+1 {{inferred 'tensor<2x3xi32>'}}
  %2 = reduce.l1 %x axes [] keep_dims : tensor<2x3xi32> -> tensor<*xi32>
  return
}

// -----

func.func @rank0_and_size0(%s: tensor<ui16>, %z: tensor<0x5xf16>) {
  // expected-remark @+1 {{inferred 'tensor<ui16>'}}
  %0 = reduce.min %s axes [] : tensor<ui16> -> tensor<*xui16>
  // expected-remark @+1 {{inferred 'tensor<5xf16>'}}
  %1 = reduce.sum %z axes [0] : tensor<0x5xf16> -> tensor<*xf16>
  // expected-remark @+1 {{inferred 'tensor<0x1xf16>'}}
  %2 = reduce.sum %z axes [1] keep_dims : tensor<0x5xf16> -> tensor<*xf16>
  return
}

// -----

func.func @unranked(%x: tensor<*xbf16>, %a: tensor<1xi64>) {
  // expected-remark @+1 {{inferred 'tensor<*xbf16>'}}
  %0 = reduce.sum %x axes [0, 7] : tensor<*xbf16> -> tensor<*xbf16>
  // expected-remark @+1 {{inferred 'tensor<*xbf16>'}}
  %1 = reduce.sum %x axes %a keep_dims : tensor<*xbf16>, tensor<1xi64> -> tensor<*xbf16>
  return
}

// -----

/// With a runtime axes operand, the rank is known when the axes tensor names
/// exactly one axis (0-D or 1-D of size 1), when it is empty, or with
/// keep_dims. Static unit dims stay 1 with keep_dims; removing one unknown
/// dim keeps a size where neighbours agree.
func.func @axes_operand(%x: tensor<6x6x1x5xf32>, %one: tensor<1xi64>, %scalar: tensor<i32>,
                        %empty: tensor<0xi64>, %many: tensor<?xi64>, %two: tensor<2xi8>) {
  // expected-remark @+1 {{inferred 'tensor<6x?x?xf32>'}}
  %0 = reduce.sum %x axes %one : tensor<6x6x1x5xf32>, tensor<1xi64> -> tensor<*xf32>
  // expected-remark @+1 {{inferred 'tensor<6x?x?xf32>'}}
  %1 = reduce.sum %x axes %scalar : tensor<6x6x1x5xf32>, tensor<i32> -> tensor<*xf32>
  // expected-remark @+1 {{inferred 'tensor<?x?x1x?xf32>'}}
  %2 = reduce.sum %x axes %one keep_dims : tensor<6x6x1x5xf32>, tensor<1xi64> -> tensor<*xf32>
  // expected-remark @+1 {{inferred 'tensor<6x6x1x5xf32>'}}
  %3 = reduce.l1 %x axes %empty : tensor<6x6x1x5xf32>, tensor<0xi64> -> tensor<*xf32>
  // expected-remark @+1 {{inferred 'tensor<f32>'}}
  %4 = reduce.l1 %x axes %empty empty_axes all : tensor<6x6x1x5xf32>, tensor<0xi64> -> tensor<*xf32>
  // expected-remark @+1 {{inferred 'tensor<1x1x1x1xf32>'}}
  %5 = reduce.l1 %x axes %empty keep_dims empty_axes all : tensor<6x6x1x5xf32>, tensor<0xi64> -> tensor<*xf32>
  // expected-remark @+1 {{inferred 'tensor<*xf32>'}}
  %6 = reduce.min %x axes %many : tensor<6x6x1x5xf32>, tensor<?xi64> -> tensor<*xf32>
  // expected-remark @+1 {{inferred 'tensor<?x?x1x?xf32>'}}
  %7 = reduce.min %x axes %many keep_dims : tensor<6x6x1x5xf32>, tensor<?xi64> -> tensor<*xf32>
  // expected-remark @+1 {{inferred 'tensor<*xf32>'}}
  %8 = reduce.min %x axes %two : tensor<6x6x1x5xf32>, tensor<2xi8> -> tensor<*xf32>
  return
}

// -----

/// Written types may be less static than the inferred one.
func.func @compatible_written_types(%x: tensor<6x12xf32>, %a: tensor<1xi64>) {
  // expected-remark @+1 {{inferred 'tensor<6xf32>'}}
  %0 = reduce.sum %x axes [1] : tensor<6x12xf32> -> tensor<?xf32>
  // expected-remark @+1 {{inferred 'tensor<6x1xf32>'}}
  %1 = reduce.sum %x axes [1] keep_dims : tensor<6x12xf32> -> tensor<?x1xf32>
  // expected-remark @+1 {{inferred 'tensor<?xf32>'}}
  %2 = reduce.sum %x axes %a : tensor<6x12xf32>, tensor<1xi64> -> tensor<?xf32>
  return
}

// -----

/// A constant axes operand gives the static type a static list would, for
/// every integer element type, 0-D and 1-D, with repeats merged (both
/// runtimes accept repeated axes in an input) and an empty constant
/// following empty_axes.
func.func @constant_axes_operand(%x: tensor<3x4x5xf32>) {
  %i64 = arith.constant dense<[1]> : tensor<1xi64>
  %i32 = arith.constant dense<[-1, 0]> : tensor<2xi32>
  %i16 = arith.constant dense<[2, 0]> : tensor<2xi16>
  %i8 = arith.constant dense<1> : tensor<i8>
  %i1 = arith.constant dense<true> : tensor<i1>
  %repeat = arith.constant dense<[1, 1, -2]> : tensor<3xi64>
  %empty = arith.constant dense<> : tensor<0xi32>
  // expected-remark @+1 {{inferred 'tensor<3x5xf32>'}}
  %0 = reduce.sum %x axes %i64 : tensor<3x4x5xf32>, tensor<1xi64> -> tensor<*xf32>
  // expected-remark @+1 {{inferred 'tensor<4xf32>'}}
  %1 = reduce.sum %x axes %i32 : tensor<3x4x5xf32>, tensor<2xi32> -> tensor<*xf32>
  // expected-remark @+1 {{inferred 'tensor<1x4x1xf32>'}}
  %2 = reduce.l1 %x axes %i16 keep_dims : tensor<3x4x5xf32>, tensor<2xi16> -> tensor<*xf32>
  // expected-remark @+1 {{inferred 'tensor<3x5xf32>'}}
  %3 = reduce.min %x axes %i8 : tensor<3x4x5xf32>, tensor<i8> -> tensor<*xf32>
  /// An i1 `true` is -1 as a signed value: the last axis.
  // expected-remark @+1 {{inferred 'tensor<3x4xf32>'}}
  %4 = reduce.min %x axes %i1 : tensor<3x4x5xf32>, tensor<i1> -> tensor<*xf32>
  // expected-remark @+1 {{inferred 'tensor<3x5xf32>'}}
  %5 = reduce.sum %x axes %repeat : tensor<3x4x5xf32>, tensor<3xi64> -> tensor<*xf32>
  // expected-remark @+1 {{inferred 'tensor<3x4x5xf32>'}}
  %6 = reduce.sum %x axes %empty : tensor<3x4x5xf32>, tensor<0xi32> -> tensor<*xf32>
  // expected-remark @+1 {{inferred 'tensor<1x1x1xf32>'}}
  %7 = reduce.sum %x axes %empty keep_dims empty_axes all : tensor<3x4x5xf32>, tensor<0xi32> -> tensor<*xf32>
  return
}

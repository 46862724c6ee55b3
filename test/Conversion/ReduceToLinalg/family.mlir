// RUN: reduce-opt --lower-reduce %s | FileCheck %s

// Lowering of the rest of the Reduce family to linalg: max (both NaN modes,
// signed and unsigned), prod, mean (float and truncating integer division,
// static and dynamic counts), sum_square, l2, log_sum and log_sum_exp (one
// pass, or two), f16/bf16 accumulation in f32, f32 products in f64, empty axes.

/// Float max propagates NaN: arith.maximumf over a -inf fill.
// CHECK-LABEL: func.func @max_axis1_f32(
// CHECK-SAME:      %[[INPUT:.*]]: tensor<4x8xf32>)
// CHECK:         %[[NEG_INF:.*]] = arith.constant 0xFF800000 : f32
// CHECK:         %[[FILL:.*]] = linalg.fill ins(%[[NEG_INF]] : f32) outs(%{{.*}} : tensor<4xf32>)
// CHECK:         %[[MAX:.*]] = linalg.reduce ins(%[[INPUT]] : tensor<4x8xf32>) outs(%[[FILL]] : tensor<4xf32>) dimensions = [1]
// CHECK-NEXT:      (%[[IN:.*]]: f32, %[[ACC:.*]]: f32) {
// CHECK-NEXT:        %[[M:.*]] = arith.maximumf %[[IN]], %[[ACC]] : f32
// CHECK-NEXT:        linalg.yield %[[M]] : f32
// CHECK:         return %[[MAX]]
func.func @max_axis1_f32(%input: tensor<4x8xf32>) -> tensor<4xf32> {
  %0 = reduce.max %input axes [1] : tensor<4x8xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

/// nan_mode ignore on bf16: in f32, a NaN becomes -inf before the max, an i8
/// flag records a non-NaN element, a map gives NaN where none was, then one
/// truncation.
// CHECK-LABEL: func.func @max_ignore_nan_axis0_bf16(
// CHECK:         %[[NEG_INF:.*]] = arith.constant 0xFF800000 : f32
// CHECK:         %[[MAX_INIT:.*]] = linalg.fill ins(%[[NEG_INF]] : f32) outs(%{{.*}} : tensor<8xf32>)
// CHECK:         %[[ZERO:.*]] = arith.constant 0 : i8
// CHECK:         %[[SEEN_INIT:.*]] = linalg.fill ins(%[[ZERO]] : i8) outs(%{{.*}} : tensor<8xi8>)
// CHECK:         %[[R:.*]]:2 = linalg.generic {{.*}} iterator_types = ["reduction", "parallel"]} ins(%{{.*}} : tensor<4x8xbf16>) outs(%[[MAX_INIT]], %[[SEEN_INIT]] : tensor<8xf32>, tensor<8xi8>)
// CHECK-NEXT:    ^bb0(%[[IN:.*]]: bf16, %[[ACC:.*]]: f32, %[[SEEN:.*]]: i8):
// CHECK-NEXT:      %[[WIDE:.*]] = arith.extf %[[IN]] : bf16 to f32
// CHECK-NEXT:      %[[ORD:.*]] = arith.cmpf ord, %[[WIDE]], %[[WIDE]] : f32
// CHECK-NEXT:      %[[FLAG:.*]] = arith.extui %[[ORD]] : i1 to i8
// CHECK-NEXT:      %[[ID:.*]] = arith.constant 0xFF800000 : f32
// CHECK-NEXT:      %[[NUM:.*]] = arith.select %[[ORD]], %[[WIDE]], %[[ID]] : f32
// CHECK-NEXT:      %[[M:.*]] = arith.maximumf %[[NUM]], %[[ACC]] : f32
// CHECK-NEXT:      %[[S:.*]] = arith.ori %[[FLAG]], %[[SEEN]] : i8
// CHECK-NEXT:      linalg.yield %[[M]], %[[S]] : f32, i8
// CHECK:         %[[NAN_WHERE_UNSEEN:.*]] = linalg.map ins(%[[R]]#0, %[[R]]#1 : tensor<8xf32>, tensor<8xi8>)
// CHECK:           %[[NAN:.*]] = arith.constant 0x7FC00000 : f32
// CHECK:           arith.cmpi ne
// CHECK:           arith.select %{{.*}}, %{{.*}}, %[[NAN]] : f32
// CHECK:         %[[NARROW:.*]] = linalg.map { arith.truncf } ins(%[[NAN_WHERE_UNSEEN]] : tensor<8xf32>) outs(%{{.*}} : tensor<8xbf16>)
// CHECK:         return %[[NARROW]]
func.func @max_ignore_nan_axis0_bf16(%input: tensor<4x8xbf16>) -> tensor<8xbf16> {
  %0 = reduce.max %input axes [0] nan_mode ignore : tensor<4x8xbf16> -> tensor<8xbf16>
  return %0 : tensor<8xbf16>
}

/// Signless integers compare signed: arith.maxsi over the signed minimum.
// CHECK-LABEL: func.func @max_axis1_i32(
// CHECK:         %[[MIN:.*]] = arith.constant -2147483648 : i32
// CHECK:         linalg.fill ins(%[[MIN]] : i32) outs(%{{.*}} : tensor<4xi32>)
// CHECK:         linalg.reduce
// CHECK:           arith.maxsi %{{.*}}, %{{.*}} : i32
func.func @max_axis1_i32(%input: tensor<4x8xi32>) -> tensor<4xi32> {
  %0 = reduce.max %input axes [1] : tensor<4x8xi32> -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

/// Unsigned integers compare unsigned: arith.maxui over 0, on the signless
/// bitcast.
// CHECK-LABEL: func.func @max_axis0_ui8(
// CHECK:         %[[SIGNLESS:.*]] = tensor.bitcast %{{.*}} : tensor<4x8xui8> to tensor<4x8xi8>
// CHECK:         %[[ZERO:.*]] = arith.constant 0 : i8
// CHECK:         linalg.fill ins(%[[ZERO]] : i8) outs(%{{.*}} : tensor<8xi8>)
// CHECK:         %[[MAX:.*]] = linalg.reduce ins(%[[SIGNLESS]] : tensor<4x8xi8>)
// CHECK:           arith.maxui %{{.*}}, %{{.*}} : i8
// CHECK:         tensor.bitcast %[[MAX]] : tensor<8xi8> to tensor<8xui8>
func.func @max_axis0_ui8(%input: tensor<4x8xui8>) -> tensor<8xui8> {
  %0 = reduce.max %input axes [0] : tensor<4x8xui8> -> tensor<8xui8>
  return %0 : tensor<8xui8>
}

/// f16 products accumulate in f32 from 1.0 and are rounded once.
// CHECK-LABEL: func.func @prod_axis1_f16(
// CHECK:         %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK:         %[[FILL:.*]] = linalg.fill ins(%[[ONE]] : f32) outs(%{{.*}} : tensor<4xf32>)
// CHECK:         %[[PROD:.*]] = linalg.reduce ins(%{{.*}} : tensor<4x8xf16>) outs(%[[FILL]] : tensor<4xf32>) dimensions = [1]
// CHECK-NEXT:      (%[[IN:.*]]: f16, %[[ACC:.*]]: f32) {
// CHECK-NEXT:        %[[WIDE:.*]] = arith.extf %[[IN]] : f16 to f32
// CHECK-NEXT:        %[[MUL:.*]] = arith.mulf %[[WIDE]], %[[ACC]] : f32
// CHECK-NEXT:        linalg.yield %[[MUL]] : f32
// CHECK:         linalg.map { arith.truncf } ins(%[[PROD]] : tensor<4xf32>) outs(%{{.*}} : tensor<4xf16>)
func.func @prod_axis1_f16(%input: tensor<4x8xf16>) -> tensor<4xf16> {
  %0 = reduce.prod %input axes [1] : tensor<4x8xf16> -> tensor<4xf16>
  return %0 : tensor<4xf16>
}

/// f32 products accumulate in f64 (f32 partial products near 1 round with a
/// bias) and are rounded once.
// CHECK-LABEL: func.func @prod_axis1_f32(
// CHECK:         %[[ONE:.*]] = arith.constant 1.000000e+00 : f64
// CHECK:         %[[FILL:.*]] = linalg.fill ins(%[[ONE]] : f64) outs(%{{.*}} : tensor<4xf64>)
// CHECK:         %[[PROD:.*]] = linalg.reduce ins(%{{.*}} : tensor<4x8xf32>) outs(%[[FILL]] : tensor<4xf64>) dimensions = [1]
// CHECK-NEXT:      (%[[IN:.*]]: f32, %[[ACC:.*]]: f64) {
// CHECK-NEXT:        %[[WIDE:.*]] = arith.extf %[[IN]] : f32 to f64
// CHECK-NEXT:        %[[MUL:.*]] = arith.mulf %[[WIDE]], %[[ACC]] : f64
// CHECK-NEXT:        linalg.yield %[[MUL]] : f64
// CHECK:         linalg.map { arith.truncf } ins(%[[PROD]] : tensor<4xf64>) outs(%{{.*}} : tensor<4xf32>)
func.func @prod_axis1_f32(%input: tensor<4x8xf32>) -> tensor<4xf32> {
  %0 = reduce.prod %input axes [1] : tensor<4x8xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

/// Integer products wrap: arith.muli from 1.
// CHECK-LABEL: func.func @prod_all_axes_i8(
// CHECK:         %[[ONE:.*]] = arith.constant 1 : i8
// CHECK:         %[[FILL:.*]] = linalg.fill ins(%[[ONE]] : i8) outs(%{{.*}} : tensor<i8>)
// CHECK:         linalg.reduce ins(%{{.*}} : tensor<4x8xi8>) outs(%[[FILL]] : tensor<i8>) dimensions = [0, 1]
// CHECK-NEXT:      (%[[IN:.*]]: i8, %[[ACC:.*]]: i8) {
// CHECK-NEXT:        arith.muli %[[IN]], %[[ACC]] : i8
func.func @prod_all_axes_i8(%input: tensor<4x8xi8>) -> tensor<i8> {
  %0 = reduce.prod %input axes [0, 1] : tensor<4x8xi8> -> tensor<i8>
  return %0 : tensor<i8>
}

/// Float mean: the sum, then one division by the count (8) converted to the
/// accumulator type.
// CHECK-LABEL: func.func @mean_axis1_f32(
// CHECK:         %[[SUM:.*]] = linalg.reduce ins(%{{.*}} : tensor<4x8xf32>)
// CHECK:           arith.addf
// CHECK:         %[[COUNT:.*]] = arith.constant 8 : i64
// CHECK:         %[[FCOUNT:.*]] = arith.uitofp %[[COUNT]] : i64 to f32
// CHECK:         %[[MEAN:.*]] = linalg.map ins(%[[SUM]] : tensor<4xf32>) outs(%{{.*}} : tensor<4xf32>)
// CHECK-NEXT:      (%[[S:.*]]: f32, %{{.*}}: f32) {
// CHECK-NEXT:        %[[Q:.*]] = arith.divf %[[S]], %[[FCOUNT]] : f32
// CHECK-NEXT:        linalg.yield %[[Q]] : f32
// CHECK:         return %[[MEAN]]
func.func @mean_axis1_f32(%input: tensor<4x8xf32>) -> tensor<4xf32> {
  %0 = reduce.mean %input axes [1] : tensor<4x8xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

/// A dynamic reduced dim: the count is its size (0 gives 0 / 0 = NaN).
// CHECK-LABEL: func.func @mean_dynamic_keep_dims_f64(
// CHECK-SAME:      %[[INPUT:.*]]: tensor<4x?xf64>)
// CHECK:         %[[C1:.*]] = arith.constant 1 : index
// CHECK:         %[[DIM:.*]] = tensor.dim %[[INPUT]], %[[C1]]
// CHECK:         %[[SUM:.*]] = linalg.reduce
// CHECK:         %[[COUNT:.*]] = arith.index_castui %[[DIM]] : index to i64
// CHECK:         %[[FCOUNT:.*]] = arith.uitofp %[[COUNT]] : i64 to f64
// CHECK:         %[[MEAN:.*]] = linalg.map ins(%[[SUM]] : tensor<4xf64>)
// CHECK:           arith.divf %{{.*}}, %[[FCOUNT]] : f64
// CHECK:         tensor.expand_shape %[[MEAN]] {{\[}}[0, 1]] output_shape [4, 1] : tensor<4xf64> into tensor<4x1xf64>
func.func @mean_dynamic_keep_dims_f64(%input: tensor<4x?xf64>) -> tensor<4x1xf64> {
  %0 = reduce.mean %input axes [1] keep_dims : tensor<4x?xf64> -> tensor<4x1xf64>
  return %0 : tensor<4x1xf64>
}

/// Signed integer mean: each i32 sign-extended in the body and summed in
/// i64 (the sum does not wrap), divided by the count truncating toward zero
/// (arith.divsi), 0 for an empty set, truncated to i32.
// CHECK-LABEL: func.func @mean_axis1_i32(
// CHECK:         %[[INIT:.*]] = linalg.fill ins(%{{.*}} : i64) outs(%{{.*}} : tensor<4xi64>)
// CHECK:         %[[SUM:.*]] = linalg.reduce ins(%{{.*}} : tensor<4x8xi32>) outs(%[[INIT]] : tensor<4xi64>) dimensions = [1]
// CHECK-NEXT:      (%[[IN:.*]]: i32, %[[ACC:.*]]: i64) {
// CHECK-NEXT:        %[[EXT:.*]] = arith.extsi %[[IN]] : i32 to i64
// CHECK-NEXT:        %[[ADD:.*]] = arith.addi %[[EXT]], %[[ACC]] : i64
// CHECK-NEXT:        linalg.yield %[[ADD]] : i64
// CHECK:         %[[COUNT:.*]] = arith.constant 8 : i64
// CHECK:         linalg.map ins(%[[SUM]] : tensor<4xi64>) outs(%{{.*}} : tensor<4xi32>)
// CHECK-NEXT:      (%[[S:.*]]: i64, %{{.*}}: i32) {
// CHECK-NEXT:        %[[ZERO:.*]] = arith.constant 0 : i64
// CHECK-NEXT:        %[[ONE:.*]] = arith.constant 1 : i64
// CHECK-NEXT:        %[[EMPTY:.*]] = arith.cmpi eq, %[[COUNT]], %[[ZERO]] : i64
// CHECK-NEXT:        %[[DIVISOR:.*]] = arith.select %[[EMPTY]], %[[ONE]], %[[COUNT]] : i64
// CHECK-NEXT:        %[[Q:.*]] = arith.divsi %[[S]], %[[DIVISOR]] : i64
// CHECK-NEXT:        %[[R:.*]] = arith.select %[[EMPTY]], %[[ZERO]], %[[Q]] : i64
// CHECK-NEXT:        %[[NARROW:.*]] = arith.trunci %[[R]] : i64 to i32
// CHECK-NEXT:        linalg.yield %[[NARROW]] : i32
func.func @mean_axis1_i32(%input: tensor<4x8xi32>) -> tensor<4xi32> {
  %0 = reduce.mean %input axes [1] : tensor<4x8xi32> -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

/// Unsigned integer mean: zero-extended to i64 in the body, arith.divui by
/// the dynamic count.
// CHECK-LABEL: func.func @mean_axis0_ui16(
// CHECK:         %[[DIM:.*]] = tensor.dim
// CHECK:         linalg.reduce
// CHECK:           arith.extui %{{.*}} : i16 to i64
// CHECK:           arith.addi %{{.*}}, %{{.*}} : i64
// CHECK:         %[[COUNT:.*]] = arith.index_castui %[[DIM]] : index to i64
// CHECK:         linalg.map
// CHECK:           arith.cmpi eq, %[[COUNT]], %{{.*}} : i64
// CHECK:           arith.divui
// CHECK:           arith.trunci %{{.*}} : i64 to i16
// CHECK:         tensor.bitcast %{{.*}} : tensor<8xi16> to tensor<8xui16>
func.func @mean_axis0_ui16(%input: tensor<?x8xui16>) -> tensor<8xui16> {
  %0 = reduce.mean %input axes [0] : tensor<?x8xui16> -> tensor<8xui16>
  return %0 : tensor<8xui16>
}

/// 64-bit integer means sum in i128, where no sum of 64-bit values wraps;
/// the count is zero-extended to i128 for the division.
// CHECK-LABEL: func.func @mean_axis1_i64(
// CHECK:         linalg.reduce ins(%{{.*}} : tensor<4x8xi64>) outs(%{{.*}} : tensor<4xi128>)
// CHECK:           arith.extsi %{{.*}} : i64 to i128
// CHECK:           arith.addi %{{.*}}, %{{.*}} : i128
// CHECK:         linalg.map ins(%{{.*}} : tensor<4xi128>) outs(%{{.*}} : tensor<4xi64>)
// CHECK:           arith.extui %{{.*}} : i64 to i128
// CHECK:           arith.divsi %{{.*}}, %{{.*}} : i128
// CHECK:           arith.trunci %{{.*}} : i128 to i64
func.func @mean_axis1_i64(%input: tensor<4x8xi64>) -> tensor<4xi64> {
  %0 = reduce.mean %input axes [1] : tensor<4x8xi64> -> tensor<4xi64>
  return %0 : tensor<4xi64>
}

/// An empty static set (a 0 dim before another reduced dim) has the count
/// 0 and lowers as any static count (its accumulator was once chosen by a
/// division by that count).
// CHECK-LABEL: func.func @mean_empty_i32(
// CHECK:         linalg.reduce ins(%{{.*}} : tensor<0x7xi32>) outs(%{{.*}} : tensor<i64>) dimensions = [0, 1]
func.func @mean_empty_i32(%input: tensor<0x7xi32>) -> tensor<i32> {
  %0 = reduce.mean %input axes [0, 1] : tensor<0x7xi32> -> tensor<i32>
  return %0 : tensor<i32>
}

/// A static count picks the narrowest exact accumulator: 300 i8 values sum
/// to at most 300 * 128 in magnitude, so i32 (up to 2^24 values) holds it;
/// the count is truncated to i32 for the division.
// CHECK-LABEL: func.func @mean_axis1_i8_static(
// CHECK:         linalg.reduce ins(%{{.*}} : tensor<5x300xi8>) outs(%{{.*}} : tensor<5xi32>)
// CHECK:           arith.extsi %{{.*}} : i8 to i32
// CHECK:         linalg.map ins(%{{.*}} : tensor<5xi32>) outs(%{{.*}} : tensor<5xi8>)
// CHECK:           arith.trunci %{{.*}} : i64 to i32
// CHECK:           arith.divsi %{{.*}}, %{{.*}} : i32
// CHECK:           arith.trunci %{{.*}} : i32 to i8
func.func @mean_axis1_i8_static(%input: tensor<5x300xi8>) -> tensor<5xi8> {
  %0 = reduce.mean %input axes [1] : tensor<5x300xi8> -> tensor<5xi8>
  return %0 : tensor<5xi8>
}

/// Integer l2: each element converted to f64 in the body (arith.sitofp),
/// squared and summed in f64; the finalizer takes the square root, rounds
/// (math.trunc; math.roundeven for `rounding nearest_even`) and converts
/// saturating: the type's maximum at or above 2^31, its minimum below
/// -2^31, 0 for NaN.
// CHECK-LABEL: func.func @l2_axis1_i32(
// CHECK:         linalg.reduce ins(%{{.*}} : tensor<4x8xi32>) outs(%{{.*}} : tensor<4xf64>)
// CHECK-NEXT:      (%[[IN:.*]]: i32, %[[ACC:.*]]: f64) {
// CHECK-NEXT:        %[[F:.*]] = arith.sitofp %[[IN]] : i32 to f64
// CHECK-NEXT:        %[[SQ:.*]] = arith.mulf %[[F]], %[[F]] : f64
// CHECK-NEXT:        %[[ADD:.*]] = arith.addf %[[SQ]], %[[ACC]] : f64
// CHECK-NEXT:        linalg.yield %[[ADD]] : f64
// CHECK:         linalg.map ins(%{{.*}} : tensor<4xf64>) outs(%{{.*}} : tensor<4xi32>)
// CHECK-NEXT:      (%[[S:.*]]: f64, %{{.*}}: i32) {
// CHECK-NEXT:        %[[ROOT:.*]] = math.sqrt %[[S]] : f64
// CHECK-NEXT:        %[[T:.*]] = math.trunc %[[ROOT]] : f64
// CHECK-DAG:         %[[HI:.*]] = arith.constant 0x41E0000000000000 : f64
// CHECK-DAG:         %[[LO:.*]] = arith.constant 0xC1E0000000000000 : f64
// CHECK-DAG:         %[[I:.*]] = arith.fptosi %[[T]] : f64 to i32
// CHECK-DAG:         %[[ABOVE:.*]] = arith.cmpf oge, %[[T]], %[[HI]] : f64
// CHECK-DAG:         %[[BELOW:.*]] = arith.cmpf olt, %[[T]], %[[LO]] : f64
// CHECK-DAG:         %[[NAN:.*]] = arith.cmpf uno, %[[T]], %[[T]] : f64
// CHECK:             %[[R1:.*]] = arith.select %[[ABOVE]], %{{.*}}, %[[I]] : i32
// CHECK:             %[[R2:.*]] = arith.select %[[BELOW]], %{{.*}}, %[[R1]] : i32
// CHECK:             %[[R3:.*]] = arith.select %[[NAN]], %{{.*}}, %[[R2]] : i32
// CHECK-NEXT:        linalg.yield %[[R3]] : i32
func.func @l2_axis1_i32(%input: tensor<4x8xi32>) -> tensor<4xi32> {
  %0 = reduce.l2 %input axes [1] : tensor<4x8xi32> -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

/// OpenVINO's rounding, and an unsigned log_sum_exp: uitofp in both passes,
/// fptoui with 0 as the lower bound.
// CHECK-LABEL: func.func @l2_rounding_and_lse_ui32(
// CHECK:         math.sqrt
// CHECK-NEXT:    math.roundeven
// CHECK:         arith.uitofp %{{.*}} : i32 to f64
// CHECK:         math.exp
// CHECK:         math.log
// CHECK:         math.trunc
// CHECK:         arith.fptoui %{{.*}} : f64 to i32
func.func @l2_rounding_and_lse_ui32(%x: tensor<4x8xi16>, %y: tensor<4x8xui32>) -> (tensor<4xi16>, tensor<4xui32>) {
  %0 = reduce.l2 %x axes [1] rounding nearest_even : tensor<4x8xi16> -> tensor<4xi16>
  %1 = reduce.log_sum_exp %y axes [1] : tensor<4x8xui32> -> tensor<4xui32>
  return %0, %1 : tensor<4xi16>, tensor<4xui32>
}

/// Integer sum of squares: the wrapping x * x fused into the body.
// CHECK-LABEL: func.func @sum_square_axis1_i8(
// CHECK:         %[[ZERO:.*]] = arith.constant 0 : i8
// CHECK:         linalg.reduce
// CHECK-NEXT:      (%[[IN:.*]]: i8, %[[ACC:.*]]: i8) {
// CHECK-NEXT:        %[[SQ:.*]] = arith.muli %[[IN]], %[[IN]] : i8
// CHECK-NEXT:        %[[ADD:.*]] = arith.addi %[[SQ]], %[[ACC]] : i8
// CHECK-NEXT:        linalg.yield %[[ADD]] : i8
func.func @sum_square_axis1_i8(%input: tensor<4x8xi8>) -> tensor<4xi8> {
  %0 = reduce.sum_square %input axes [1] : tensor<4x8xi8> -> tensor<4xi8>
  return %0 : tensor<4xi8>
}

/// l2 on f16: squares summed in f32, then one sqrt and one truncation.
// CHECK-LABEL: func.func @l2_axis1_f16(
// CHECK:         %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK:         %[[FILL:.*]] = linalg.fill ins(%[[ZERO]] : f32) outs(%{{.*}} : tensor<4xf32>)
// CHECK:         %[[SUM:.*]] = linalg.reduce ins(%{{.*}} : tensor<4x8xf16>) outs(%[[FILL]] : tensor<4xf32>) dimensions = [1]
// CHECK-NEXT:      (%[[IN:.*]]: f16, %[[ACC:.*]]: f32) {
// CHECK-NEXT:        %[[WIDE:.*]] = arith.extf %[[IN]] : f16 to f32
// CHECK-NEXT:        %[[SQ:.*]] = arith.mulf %[[WIDE]], %[[WIDE]] : f32
// CHECK-NEXT:        %[[ADD:.*]] = arith.addf %[[SQ]], %[[ACC]] : f32
// CHECK-NEXT:        linalg.yield %[[ADD]] : f32
// CHECK:         linalg.map ins(%[[SUM]] : tensor<4xf32>) outs(%{{.*}} : tensor<4xf16>)
// CHECK-NEXT:      (%[[S:.*]]: f32, %{{.*}}: f16) {
// CHECK-NEXT:        %[[ROOT:.*]] = math.sqrt %[[S]] : f32
// CHECK-NEXT:        %[[NARROW:.*]] = arith.truncf %[[ROOT]] : f32 to f16
// CHECK-NEXT:        linalg.yield %[[NARROW]] : f16
func.func @l2_axis1_f16(%input: tensor<4x8xf16>) -> tensor<4xf16> {
  %0 = reduce.l2 %input axes [1] : tensor<4x8xf16> -> tensor<4xf16>
  return %0 : tensor<4xf16>
}

/// log_sum: the sum from 0, then math.log per result.
// CHECK-LABEL: func.func @log_sum_axis0_f32(
// CHECK:         %[[SUM:.*]] = linalg.reduce ins(%{{.*}} : tensor<4x8xf32>) outs(%{{.*}} : tensor<8xf32>) dimensions = [0]
// CHECK:           arith.addf
// CHECK:         %[[LOG:.*]] = linalg.map { math.log } ins(%[[SUM]] : tensor<8xf32>) outs(%{{.*}} : tensor<8xf32>)
// CHECK:         return %[[LOG]]
func.func @log_sum_axis0_f32(%input: tensor<4x8xf32>) -> tensor<8xf32> {
  %0 = reduce.log_sum %input axes [0] : tensor<4x8xf32> -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

/// log_sum_exp: one pass of sum(exp(x)) without a shift; when every sum is
/// finite and at least count * 2^-96 (2^30 times f32's smallest normal, here
/// 8 * 2^-96 = 1.0097e-28), the results are their logs. Otherwise two passes:
/// the NaN-propagating max; the shift (the max where finite, else 0); the
/// sum of exp(x - shift) from 0 over the input and the broadcast shift; then
/// log(sum) + shift.
// CHECK-LABEL: func.func @log_sum_exp_axis1_f32(
// CHECK-SAME:      %[[INPUT:.*]]: tensor<4x8xf32>)
// CHECK:         %[[FAST_INIT:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<4xf32>)
// CHECK:         %[[FAST:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%[[INPUT]] : tensor<4x8xf32>) outs(%[[FAST_INIT]] : tensor<4xf32>)
// CHECK-NEXT:    ^bb0(%[[X0:.*]]: f32, %[[ACC0:.*]]: f32):
// CHECK-NEXT:      %[[E0:.*]] = math.exp %[[X0]] : f32
// CHECK-NEXT:      %[[ADD0:.*]] = arith.addf %[[E0]], %[[ACC0]] : f32
// CHECK-NEXT:      linalg.yield %[[ADD0]] : f32
// CHECK:         %[[COUNT:.*]] = arith.constant 8 : i64
// CHECK:         %[[SCALE:.*]] = arith.constant 1.26217745E-29 : f32
// CHECK:         %[[COUNT_F:.*]] = arith.uitofp %[[COUNT]] : i64 to f32
// CHECK:         %[[FLOOR:.*]] = arith.mulf %[[COUNT_F]], %[[SCALE]] : f32
// CHECK:         %[[INF0:.*]] = arith.constant 0x7F800000 : f32
// CHECK:         %[[ONE:.*]] = arith.constant 1 : i8
// CHECK:         %[[FLAG_INIT:.*]] = linalg.fill ins(%[[ONE]] : i8) outs(%{{.*}} : tensor<i8>)
// CHECK:         %[[FLAG:.*]] = linalg.generic {{.*}} iterator_types = ["reduction"]} ins(%[[FAST]] : tensor<4xf32>) outs(%[[FLAG_INIT]] : tensor<i8>)
// CHECK-NEXT:    ^bb0(%[[S0:.*]]: f32, %[[F0:.*]]: i8):
// CHECK-NEXT:      %[[LARGE:.*]] = arith.cmpf oge, %[[S0]], %[[FLOOR]] : f32
// CHECK-NEXT:      %[[FIN:.*]] = arith.cmpf olt, %[[S0]], %[[INF0]] : f32
// CHECK-NEXT:      %[[OK:.*]] = arith.andi %[[LARGE]], %[[FIN]] : i1
// CHECK-NEXT:      %[[OK8:.*]] = arith.extui %[[OK]] : i1 to i8
// CHECK-NEXT:      %[[ALL:.*]] = arith.andi %[[OK8]], %[[F0]] : i8
// CHECK-NEXT:      linalg.yield %[[ALL]] : i8
// CHECK:         %[[FLAG_VALUE:.*]] = tensor.extract %[[FLAG]][] : tensor<i8>
// CHECK:         %[[EXACT:.*]] = arith.cmpi ne, %[[FLAG_VALUE]], %{{.*}} : i8
// CHECK:         %[[LSE:.*]] = scf.if %[[EXACT]] -> (tensor<4xf32>) {
// CHECK:           %[[LOGS:.*]] = linalg.map { math.log } ins(%[[FAST]] : tensor<4xf32>)
// CHECK:           scf.yield %[[LOGS]] : tensor<4xf32>
// CHECK:         } else {
// CHECK:           %[[NEG_INF:.*]] = arith.constant 0xFF800000 : f32
// CHECK:           %[[MAX_INIT:.*]] = linalg.fill ins(%[[NEG_INF]] : f32)
// CHECK:           %[[MAX:.*]] = linalg.reduce ins(%[[INPUT]] : tensor<4x8xf32>) outs(%[[MAX_INIT]] : tensor<4xf32>) dimensions = [1]
// CHECK:             arith.maximumf
// CHECK:           %[[SHIFT:.*]] = linalg.map ins(%[[MAX]] : tensor<4xf32>)
// CHECK-NEXT:        (%[[M:.*]]: f32, %{{.*}}: f32) {
// CHECK-NEXT:          %[[INF:.*]] = arith.constant 0x7F800000 : f32
// CHECK-NEXT:          %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:          %[[ABS:.*]] = math.absf %[[M]] : f32
// CHECK-NEXT:          %[[FINITE:.*]] = arith.cmpf olt, %[[ABS]], %[[INF]] : f32
// CHECK-NEXT:          %[[S:.*]] = arith.select %[[FINITE]], %[[M]], %[[ZERO]] : f32
// CHECK-NEXT:          linalg.yield %[[S]] : f32
// CHECK:           %[[SUM_INIT:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<4xf32>)
// CHECK:           %[[SUM:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%[[INPUT]], %[[SHIFT]] : tensor<4x8xf32>, tensor<4xf32>) outs(%[[SUM_INIT]] : tensor<4xf32>)
// CHECK-NEXT:      ^bb0(%[[X:.*]]: f32, %[[XS:.*]]: f32, %[[ACC:.*]]: f32):
// CHECK-NEXT:        %[[D:.*]] = arith.subf %[[X]], %[[XS]] : f32
// CHECK-NEXT:        %[[E:.*]] = math.exp %[[D]] : f32
// CHECK-NEXT:        %[[ADD:.*]] = arith.addf %[[E]], %[[ACC]] : f32
// CHECK-NEXT:        linalg.yield %[[ADD]] : f32
// CHECK:           %[[SHIFTED:.*]] = linalg.map ins(%[[SUM]], %[[SHIFT]] : tensor<4xf32>, tensor<4xf32>)
// CHECK-NEXT:        (%[[T:.*]]: f32, %[[TS:.*]]: f32, %{{.*}}: f32) {
// CHECK-NEXT:          %[[LOG:.*]] = math.log %[[T]] : f32
// CHECK-NEXT:          %[[R:.*]] = arith.addf %[[LOG]], %[[TS]] : f32
// CHECK-NEXT:          linalg.yield %[[R]] : f32
// CHECK:           scf.yield %[[SHIFTED]] : tensor<4xf32>
// CHECK:         return %[[LSE]]
func.func @log_sum_exp_axis1_f32(%input: tensor<4x8xf32>) -> tensor<4xf32> {
  %0 = reduce.log_sum_exp %input axes [1] : tensor<4x8xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

/// Empty axes: l2 is the elementwise sqrt(x * x), log_sum the elementwise
/// log.
// CHECK-LABEL: func.func @empty_axes_l2_log_sum_f32(
// CHECK-SAME:      %[[INPUT:.*]]: tensor<4xf32>)
// CHECK:         %[[L2:.*]] = linalg.map ins(%[[INPUT]] : tensor<4xf32>)
// CHECK-NEXT:      (%[[X:.*]]: f32, %{{.*}}: f32) {
// CHECK-NEXT:        %[[SQ:.*]] = arith.mulf %[[X]], %[[X]] : f32
// CHECK-NEXT:        %[[ROOT:.*]] = math.sqrt %[[SQ]] : f32
// CHECK-NEXT:        linalg.yield %[[ROOT]] : f32
// CHECK:         %[[LOG:.*]] = linalg.map { math.log } ins(%[[INPUT]] : tensor<4xf32>)
// CHECK:         return %[[L2]], %[[LOG]]
func.func @empty_axes_l2_log_sum_f32(%input: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0 = reduce.l2 %input axes [] : tensor<4xf32> -> tensor<4xf32>
  %1 = reduce.log_sum %input axes [] : tensor<4xf32> -> tensor<4xf32>
  return %0, %1 : tensor<4xf32>, tensor<4xf32>
}

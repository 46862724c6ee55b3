// RUN: reduce-opt %s -split-input-file -verify-diagnostics

/// One case per diagnostic of the reduce ops.

func.func @axis_out_of_range_high(%x: tensor<6x12x10x24xf32>) {
  // expected-error @+1 {{'reduce.sum' op axis 4 is out of range [-4, 3] for input of rank 4}}
  %0 = reduce.sum %x axes [4] : tensor<6x12x10x24xf32> -> tensor<6x12x10x24xf32>
  return
}

// -----

func.func @axis_out_of_range_low(%x: tensor<6x12xf32>) {
  // expected-error @+1 {{'reduce.l1' op axis -3 is out of range [-2, 1] for input of rank 2}}
  %0 = reduce.l1 %x axes [0, -3] : tensor<6x12xf32> -> tensor<f32>
  return
}

// -----

func.func @axis_on_rank0(%x: tensor<f32>) {
  // expected-error @+1 {{'reduce.min' op axis 0 is out of range for input of rank 0 (expected empty axes)}}
  %0 = reduce.min %x axes [0] : tensor<f32> -> tensor<f32>
  return
}

// -----

func.func @axis_i64_max(%x: tensor<6x12xf32>) {
  // expected-error @+1 {{'reduce.sum' op axis 9223372036854775807 is out of range [-2, 1] for input of rank 2}}
  %0 = reduce.sum %x axes [9223372036854775807] : tensor<6x12xf32> -> tensor<f32>
  return
}

// -----

func.func @axis_beyond_i64(%x: tensor<6x12xf32>) {
  // expected-error @+1 {{integer value too large}}
  %0 = reduce.sum %x axes [9223372036854775808] : tensor<6x12xf32> -> tensor<f32>
  return
}

// -----

func.func @duplicate_axes(%x: tensor<6x12xf32>) {
  // expected-error @+1 {{'reduce.sum' op axis 1 (at position 1) duplicates axis 1 (at position 0): both name dimension 1}}
  %0 = reduce.sum %x axes [1, 1] : tensor<6x12xf32> -> tensor<6xf32>
  return
}

// -----

func.func @duplicate_negative_axes(%x: tensor<6x12x10x24xf32>) {
  // expected-error @+1 {{'reduce.min' op axis -1 (at position 1) duplicates axis 3 (at position 0): both name dimension 3}}
  %0 = reduce.min %x axes [3, -1] : tensor<6x12x10x24xf32> -> tensor<6x12x10xf32>
  return
}

// -----

func.func @result_shape_mismatch(%x: tensor<6x12xf32>) {
  // expected-error @+1 {{'reduce.sum' op result type 'tensor<12xf32>' is incompatible with the inferred type 'tensor<6xf32>' (it may be more or less static, never contradict it)}}
  %0 = reduce.sum %x axes [1] : tensor<6x12xf32> -> tensor<12xf32>
  return
}

// -----

func.func @result_rank_mismatch(%x: tensor<6x12xf32>) {
  // expected-error @+1 {{'reduce.l1' op result type 'tensor<6xf32>' is incompatible with the inferred type 'tensor<6x1xf32>'}}
  %0 = reduce.l1 %x axes [1] keep_dims : tensor<6x12xf32> -> tensor<6xf32>
  return
}

// -----

func.func @element_type_mismatch(%x: tensor<6x12xf32>) {
  // expected-error @+1 {{'reduce.sum' op result element type 'f16' does not match input element type 'f32'}}
  %0 = reduce.sum %x axes [1] : tensor<6x12xf32> -> tensor<6xf16>
  return
}

// -----

func.func @non_numeric_i1(%x: tensor<4xi1>) {
  // expected-error @+1 {{'reduce.sum' op operand #0 must be tensor of f16, bf16, f32, f64, i8/i16/i32/i64 or ui8/ui16/ui32/ui64 values, but got 'tensor<4xi1>'}}
  %0 = reduce.sum %x axes [0] : tensor<4xi1> -> tensor<i1>
  return
}

// -----

func.func @non_numeric_index(%x: tensor<4xindex>) {
  // expected-error @+1 {{'reduce.min' op operand #0 must be tensor of f16, bf16, f32, f64, i8/i16/i32/i64 or ui8/ui16/ui32/ui64 values, but got 'tensor<4xindex>'}}
  %0 = reduce.min %x axes [0] : tensor<4xindex> -> tensor<index>
  return
}

// -----

func.func @non_numeric_complex(%x: tensor<4xcomplex<f32>>) {
  // expected-error @+1 {{'reduce.l1' op operand #0 must be tensor of f16, bf16, f32, f64, i8/i16/i32/i64 or ui8/ui16/ui32/ui64 values, but got 'tensor<4xcomplex<f32>>'}}
  %0 = reduce.l1 %x axes [0] : tensor<4xcomplex<f32>> -> tensor<complex<f32>>
  return
}

// -----

func.func @non_numeric_f8(%x: tensor<4xf8E4M3FN>) {
  // expected-error @+1 {{'reduce.sum' op operand #0 must be tensor of f16, bf16, f32, f64, i8/i16/i32/i64 or ui8/ui16/ui32/ui64 values, but got 'tensor<4xf8E4M3FN>'}}
  %0 = reduce.sum %x axes [0] : tensor<4xf8E4M3FN> -> tensor<f8E4M3FN>
  return
}

// -----

func.func @signed_integer(%x: tensor<4xsi32>) {
  // expected-error @+1 {{'reduce.sum' op operand #0 must be tensor of f16, bf16, f32, f64, i8/i16/i32/i64 or ui8/ui16/ui32/ui64 values, but got 'tensor<4xsi32>'}}
  %0 = reduce.sum %x axes [0] : tensor<4xsi32> -> tensor<si32>
  return
}

// -----

func.func @odd_integer_width(%x: tensor<4xi7>) {
  // expected-error @+1 {{'reduce.sum' op operand #0 must be tensor of f16, bf16, f32, f64, i8/i16/i32/i64 or ui8/ui16/ui32/ui64 values, but got 'tensor<4xi7>'}}
  %0 = reduce.sum %x axes [0] : tensor<4xi7> -> tensor<i7>
  return
}

// -----

func.func @not_a_tensor(%x: memref<4xf32>) {
  // expected-error @+1 {{custom op 'reduce.sum' invalid kind of type specified}}
  %0 = reduce.sum %x axes [0] : memref<4xf32> -> tensor<f32>
  return
}

// -----

func.func @axes_operand_float(%x: tensor<6x12xf32>, %a: tensor<1xf32>) {
  // expected-error @+1 {{'reduce.sum' op operand #1 must be tensor of signless integer values, but got 'tensor<1xf32>'}}
  %0 = reduce.sum %x axes %a : tensor<6x12xf32>, tensor<1xf32> -> tensor<?xf32>
  return
}

// -----

func.func @axes_operand_index(%x: tensor<6x12xf32>, %a: tensor<1xindex>) {
  // expected-error @+1 {{'reduce.min' op operand #1 must be tensor of signless integer values, but got 'tensor<1xindex>'}}
  %0 = reduce.min %x axes %a : tensor<6x12xf32>, tensor<1xindex> -> tensor<?xf32>
  return
}

// -----

func.func @axes_operand_rank2(%x: tensor<6x12xf32>, %a: tensor<1x1xi64>) {
  // expected-error @+1 {{'reduce.l1' op expected a 0-D or 1-D axes operand, but got rank 2 ('tensor<1x1xi64>')}}
  %0 = reduce.l1 %x axes %a : tensor<6x12xf32>, tensor<1x1xi64> -> tensor<*xf32>
  return
}

// -----

func.func @axes_operand_on_rank0(%x: tensor<f32>, %a: tensor<i64>) {
  // expected-error @+1 {{'reduce.sum' op axes operand of type 'tensor<i64>' names one axis, but the input has rank 0}}
  %0 = reduce.sum %x axes %a : tensor<f32>, tensor<i64> -> tensor<*xf32>
  return
}

// -----

func.func @axes_operand_result_contradicts(%x: tensor<6x12xf32>, %a: tensor<1xi64>) {
  // expected-error @+1 {{'reduce.sum' op result type 'tensor<?x?xf32>' is incompatible with the inferred type 'tensor<?xf32>'}}
  %0 = reduce.sum %x axes %a : tensor<6x12xf32>, tensor<1xi64> -> tensor<?x?xf32>
  return
}

// -----

func.func @empty_axes_all_with_static_axes(%x: tensor<6x12xf32>) {
  // expected-error @+1 {{'reduce.sum' op 'empty_axes all' requires an axes operand, but the axes are static}}
  %0 = reduce.sum %x axes [] empty_axes all : tensor<6x12xf32> -> tensor<6x12xf32>
  return
}

// -----

func.func @both_axes_forms(%x: tensor<6x12xf32>, %a: tensor<1xi64>) {
  // expected-error @+1 {{'reduce.sum' op expected either static axes or an axes operand, but found both}}
  %0 = "reduce.sum"(%x, %a) <{axes = array<i64: 0>}> : (tensor<6x12xf32>, tensor<1xi64>) -> tensor<12xf32>
  return
}

// -----

func.func @no_axes(%x: tensor<6x12xf32>) {
  // expected-error @+1 {{'reduce.sum' op expected either static axes or an axes operand, but found neither}}
  %0 = "reduce.sum"(%x) : (tensor<6x12xf32>) -> tensor<6x12xf32>
  return
}

// -----

func.func @missing_axes_keyword(%x: tensor<6x12xf32>) {
  // expected-error @+1 {{expected 'axes'}}
  %0 = reduce.sum %x [0] : tensor<6x12xf32> -> tensor<12xf32>
  return
}

// -----

func.func @bad_axes_syntax(%x: tensor<6x12xf32>) {
  // expected-error @+1 {{expected a static axes list '[...]' or an axes operand}}
  %0 = reduce.sum %x axes 0 : tensor<6x12xf32> -> tensor<12xf32>
  return
}

// -----

func.func @bad_nan_mode(%x: tensor<6x12xf32>) {
  // expected-error @+2 {{invalid value for property nan_mode, expected how reduce.min and reduce.max treat NaN inputs}}
  // expected-error @+1 {{expected one of [propagate, ignore] for how reduce.min and reduce.max treat NaN inputs, got: maybe}}
  %0 = reduce.min %x axes [0] nan_mode maybe : tensor<6x12xf32> -> tensor<12xf32>
  return
}

// -----

func.func @nan_mode_on_sum(%x: tensor<6x12xf32>) {
  // expected-error @+1 {{expected ':'}}
  %0 = reduce.sum %x axes [0] nan_mode ignore : tensor<6x12xf32> -> tensor<12xf32>
  return
}

// -----

func.func @bad_empty_axes(%x: tensor<6x12xf32>, %a: tensor<?xi64>) {
  // expected-error @+2 {{invalid value for property empty_axes, expected what an empty runtime axes tensor means}}
  // expected-error @+1 {{expected one of [noop, all] for what an empty runtime axes tensor means, got: some}}
  %0 = reduce.sum %x axes %a empty_axes some : tensor<6x12xf32>, tensor<?xi64> -> tensor<*xf32>
  return
}

// -----

func.func @axes_attr_wrong_kind(%x: tensor<6x12xf32>) {
  // expected-error @+1 {{invalid properties {axes = [0]} for op reduce.sum: Invalid attribute `axes` in property conversion: [0]}}
  %0 = "reduce.sum"(%x) <{axes = [0 : i64]}> : (tensor<6x12xf32>) -> tensor<12xf32>
  return
}

// -----

/// A constant axes operand is checked as a static list is.
func.func @constant_axis_out_of_range(%x: tensor<4x5xf32>) {
  %a = arith.constant dense<[5]> : tensor<1xi64>
  // expected-error @+1 {{'reduce.sum' op axis 5 is out of range [-2, 1] for input of rank 2}}
  %0 = reduce.sum %x axes %a : tensor<4x5xf32>, tensor<1xi64> -> tensor<?xf32>
  return
}

// -----

func.func @constant_0d_axis_out_of_range(%x: tensor<4x5xf32>) {
  %a = arith.constant dense<-3> : tensor<i8>
  // expected-error @+1 {{'reduce.l1' op axis -3 is out of range [-2, 1] for input of rank 2}}
  %0 = reduce.l1 %x axes %a keep_dims : tensor<4x5xf32>, tensor<i8> -> tensor<?x?xf32>
  return
}

// -----

func.func @constant_axis_of_rank0_input(%x: tensor<f32>) {
  %a = arith.constant dense<[0]> : tensor<1xi32>
  // expected-error @+1 {{'reduce.min' op axis 0 is out of range for input of rank 0 (expected empty axes)}}
  %0 = reduce.min %x axes %a : tensor<f32>, tensor<1xi32> -> tensor<*xf32>
  return
}

// -----

/// The static type inferred from constant axes is checked like any other.
func.func @constant_axes_contradicting_result(%x: tensor<3x4x5xf32>) {
  %a = arith.constant dense<[1, 1]> : tensor<2xi16>
  // expected-error @+1 {{'reduce.sum' op result type 'tensor<3x4xf32>' is incompatible with the inferred type 'tensor<3x5xf32>'}}
  %0 = reduce.sum %x axes %a : tensor<3x4x5xf32>, tensor<2xi16> -> tensor<3x4xf32>
  return
}

// -----

/// A written type more static than runtime axes allow is accepted, but not
/// one that contradicts what is known: keep_dims keeps the rank.
func.func @runtime_axes_rank_contradiction(%x: tensor<3x4x5xf32>, %a: tensor<?xi64>) {
  // expected-error @+1 {{'reduce.sum' op result type 'tensor<3x5xf32>' is incompatible with the inferred type 'tensor<?x?x?xf32>'}}
  %0 = reduce.sum %x axes %a keep_dims : tensor<3x4x5xf32>, tensor<?xi64> -> tensor<3x5xf32>
  return
}

// -----

/// One runtime axis leaves rank 2, and a unit dim stays a unit dim.
func.func @runtime_axis_size_contradiction(%x: tensor<3x1x5xf32>, %a: tensor<i64>) {
  // expected-error @+1 {{'reduce.sum' op result dimension 2 has size 7, but runtime axes can only give the input size 5 or 1}}
  %0 = reduce.sum %x axes %a keep_dims : tensor<3x1x5xf32>, tensor<i64> -> tensor<3x1x7xf32>
  return
}

// -----

/// Without keep_dims, the j-th result dim is one of input dims j..j+(r-q).
func.func @runtime_axes_kept_size_contradiction(%x: tensor<3x4x5xf32>, %a: tensor<?xi64>) {
  // expected-error @+1 {{'reduce.min' op result dimension 0 has size 5, but runtime axes can only give one of the input sizes [3, 4] there}}
  %0 = reduce.min %x axes %a : tensor<3x4x5xf32>, tensor<?xi64> -> tensor<5x?xf32>
  return
}

// -----

func.func @runtime_axes_result_rank_too_large(%x: tensor<3x4xf32>, %a: tensor<?xi64>) {
  // expected-error @+1 {{'reduce.sum' op result rank 3 exceeds the input rank 2}}
  %0 = reduce.sum %x axes %a : tensor<3x4xf32>, tensor<?xi64> -> tensor<?x?x?xf32>
  return
}

// -----

/// l2, log_sum and log_sum_exp take the numeric types, not f8 or i1.
func.func @log_sum_exp_f8(%x: tensor<4xf8E5M2>) {
  // expected-error @+1 {{'reduce.log_sum_exp' op operand #0 must be tensor of f16, bf16, f32, f64, i8/i16/i32/i64 or ui8/ui16/ui32/ui64 values, but got 'tensor<4xf8E5M2>'}}
  %0 = reduce.log_sum_exp %x axes [0] : tensor<4xf8E5M2> -> tensor<f8E5M2>
  return
}

// -----

func.func @l2_bool(%x: tensor<4xi1>) {
  // expected-error @+1 {{'reduce.l2' op operand #0 must be tensor of f16, bf16, f32, f64, i8/i16/i32/i64 or ui8/ui16/ui32/ui64 values, but got 'tensor<4xi1>'}}
  %0 = reduce.l2 %x axes [0] : tensor<4xi1> -> tensor<i1>
  return
}

// -----

/// A float norm is not rounded: `rounding` applies to integers only.
func.func @l2_rounding_float(%x: tensor<4xf32>) {
  // expected-error @+1 {{'reduce.l2' op rounding 'nearest_even' applies to integer element types only, found 'f32'}}
  %0 = reduce.l2 %x axes [0] rounding nearest_even : tensor<4xf32> -> tensor<f32>
  return
}

// -----

func.func @l2_rounding_unknown(%x: tensor<4xi32>) {
  // expected-error @+2 {{invalid value for property rounding, expected how reduce.l2 rounds its float result into an integer element type}}
  // expected-error @+1 {{expected one of [toward_zero, nearest_even] for how reduce.l2 rounds its float result into an integer element type, got: up}}
  %0 = reduce.l2 %x axes [0] rounding up : tensor<4xi32> -> tensor<i32>
  return
}

// -----

/// Only reduce.l2 has a rounding property.
func.func @rounding_on_log_sum(%x: tensor<4xi32>) {
  // expected-error @+1 {{expected ':'}}
  %0 = reduce.log_sum %x axes [0] rounding nearest_even : tensor<4xi32> -> tensor<i32>
  return
}

// -----

/// The logical ops take i1 only.
func.func @logical_and_f32(%x: tensor<4xf32>) {
  // expected-error @+1 {{'reduce.logical_and' op operand #0 must be tensor of 1-bit signless integer values, but got 'tensor<4xf32>'}}
  %0 = reduce.logical_and %x axes [0] : tensor<4xf32> -> tensor<f32>
  return
}

// -----

func.func @logical_or_i8(%x: tensor<4xi8>) {
  // expected-error @+1 {{'reduce.logical_or' op operand #0 must be tensor of 1-bit signless integer values, but got 'tensor<4xi8>'}}
  %0 = reduce.logical_or %x axes [0] : tensor<4xi8> -> tensor<i8>
  return
}

// -----

/// The numeric ops reject i1.
func.func @prod_i1(%x: tensor<4xi1>) {
  // expected-error @+1 {{'reduce.prod' op operand #0 must be tensor of f16, bf16, f32, f64, i8/i16/i32/i64 or ui8/ui16/ui32/ui64 values, but got 'tensor<4xi1>'}}
  %0 = reduce.prod %x axes [0] : tensor<4xi1> -> tensor<i1>
  return
}

// -----

func.func @max_index(%x: tensor<4xindex>) {
  // expected-error @+1 {{'reduce.max' op operand #0 must be tensor of f16, bf16, f32, f64, i8/i16/i32/i64 or ui8/ui16/ui32/ui64 values, but got 'tensor<4xindex>'}}
  %0 = reduce.max %x axes [0] : tensor<4xindex> -> tensor<index>
  return
}

// -----

/// Only min and max have a nan_mode.
func.func @nan_mode_on_mean(%x: tensor<6x12xf32>) {
  // expected-error @+1 {{expected ':'}}
  %0 = reduce.mean %x axes [0] nan_mode ignore : tensor<6x12xf32> -> tensor<12xf32>
  return
}

// -----

func.func @nan_mode_on_log_sum_exp(%x: tensor<6x12xf32>) {
  // expected-error @+1 {{expected ':'}}
  %0 = reduce.log_sum_exp %x axes [0] nan_mode propagate : tensor<6x12xf32> -> tensor<12xf32>
  return
}

// -----

func.func @nan_mode_on_logical_or(%x: tensor<6x12xi1>) {
  // expected-error @+1 {{expected ':'}}
  %0 = reduce.logical_or %x axes [0] nan_mode ignore : tensor<6x12xi1> -> tensor<12xi1>
  return
}

// -----

func.func @bad_nan_mode_on_max(%x: tensor<6x12xf32>) {
  // expected-error @+2 {{invalid value for property nan_mode, expected how reduce.min and reduce.max treat NaN inputs}}
  // expected-error @+1 {{expected one of [propagate, ignore] for how reduce.min and reduce.max treat NaN inputs, got: skip}}
  %0 = reduce.max %x axes [0] nan_mode skip : tensor<6x12xf32> -> tensor<12xf32>
  return
}

// -----

/// The result element type is the input's: no wider mean, no f32 l2 of f16.
func.func @mean_wider_result(%x: tensor<6x12xi8>) {
  // expected-error @+1 {{'reduce.mean' op result element type 'i32' does not match input element type 'i8'}}
  %0 = reduce.mean %x axes [1] : tensor<6x12xi8> -> tensor<6xi32>
  return
}

// -----

func.func @l2_wider_result(%x: tensor<6x12xf16>) {
  // expected-error @+1 {{'reduce.l2' op result element type 'f32' does not match input element type 'f16'}}
  %0 = reduce.l2 %x axes [1] : tensor<6x12xf16> -> tensor<6xf32>
  return
}

// -----

func.func @logical_and_shape(%x: tensor<6x12xi1>) {
  // expected-error @+1 {{'reduce.logical_and' op result type 'tensor<12xi1>' is incompatible with the inferred type 'tensor<6xi1>'}}
  %0 = reduce.logical_and %x axes [1] : tensor<6x12xi1> -> tensor<12xi1>
  return
}

// -----

func.func @sum_square_axis_out_of_range(%x: tensor<6x12xf32>) {
  // expected-error @+1 {{'reduce.sum_square' op axis 2 is out of range [-2, 1] for input of rank 2}}
  %0 = reduce.sum_square %x axes [2] : tensor<6x12xf32> -> tensor<6xf32>
  return
}

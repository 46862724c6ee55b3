// RUN: reduce-opt %s --lower-reduce --canonicalize \
// RUN:   --reduce-vectorize="vector-bits=256 accumulators=4" --canonicalize \
// RUN:   --cse --loop-invariant-subset-hoisting --canonicalize | FileCheck %s
// RUN: reduce-opt %s --lower-reduce --canonicalize \
// RUN:   --reduce-vectorize="vector-bits=512" --canonicalize \
// RUN:   | FileCheck %s --check-prefix=ROWS512

// The vectorization stage of reduce-to-llvm for 256-bit registers and four
// accumulators (tiles of 32 f32): the hot loop of each layout works on
// vector values, with one horizontal reduction per output element (innermost
// axis) or none (outer axes).

/// Innermost axis: 4 rows at a time (4 streams), each with a vector<32xf32>
/// accumulator (4 registers of 8 lanes), a vector<4x32xf32> in all; after
/// the loop, each row's registers are added by a tree and the 4 rows share
/// one shuffle tree (no horizontal reduction per row).
// CHECK-LABEL: func.func @sum_innermost_axis(
// CHECK-SAME:      %[[INPUT:.*]]: tensor<64x1024xf32>)
// CHECK-DAG:     %[[ZEROS:.*]] = arith.constant dense<0.000000e+00> : vector<4x32xf32>
// CHECK-DAG:     %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG:     %[[C32:.*]] = arith.constant 32 : index
// CHECK:         scf.for %[[ROW:.*]] = %{{.*}} to %{{.*}} step %[[C4]] iter_args(%[[OUT:.*]] = %{{.*}}) -> (tensor<64xf32>)
// CHECK:           %[[ACC:.*]] = scf.for %[[COL:.*]] = %{{.*}} to %{{.*}} step %[[C32]] iter_args(%[[PARTIAL:.*]] = %[[ZEROS]]) -> (vector<4x32xf32>)
// CHECK-NEXT:        %[[CHUNK:.*]] = vector.transfer_read %[[INPUT]][%[[ROW]], %[[COL]]], %{{.*}} {in_bounds = [true, true]} : tensor<64x1024xf32>, vector<4x32xf32>
// CHECK-NEXT:        %[[ADD:.*]] = arith.addf %[[CHUNK]], %[[PARTIAL]] : vector<4x32xf32>
// CHECK-NEXT:        scf.yield %[[ADD]] : vector<4x32xf32>
// CHECK-NEXT:      }
// CHECK-NOT:       vector.multi_reduction
// CHECK-NOT:       vector.reduction
// CHECK:           vector.shuffle
// CHECK:           vector.transfer_write %{{.*}}, %[[OUT]][%[[ROW]]] {in_bounds = [true]} : vector<4xf32>, tensor<64xf32>
func.func @sum_innermost_axis(%input: tensor<64x1024xf32>) -> tensor<64xf32> {
  %0 = reduce.sum %input axes [1] : tensor<64x1024xf32> -> tensor<64xf32>
  return %0 : tensor<64xf32>
}

/// Outer axis: vectorized across the kept contiguous dim, the accumulator
/// stays in registers across the rows, no horizontal reduction. Each step
/// reads 8 rows and adds them to the accumulator in row order.
// CHECK-LABEL: func.func @l1_outer_axis(
// CHECK-SAME:      %[[INPUT:.*]]: tensor<1024x64xf32>)
// CHECK-DAG:     %[[C8:.*]] = arith.constant 8 : index
// CHECK:         scf.for %[[COL:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%{{.*}}) -> (tensor<64xf32>)
// CHECK:           %[[INIT:.*]] = vector.transfer_read {{.*}} : tensor<64xf32>, vector<32xf32>
// CHECK:           %[[ACC:.*]] = scf.for %[[ROW:.*]] = %{{.*}} to %{{.*}} step %[[C8]] iter_args(%[[PARTIAL:.*]] = %[[INIT]]) -> (vector<32xf32>)
// CHECK-NEXT:        %[[CHUNK:.*]] = vector.transfer_read %[[INPUT]][%[[ROW]], %[[COL]]], %{{.*}} {in_bounds = [true, true]} : tensor<1024x64xf32>, vector<8x32xf32>
// CHECK-NEXT:        %[[ABS:.*]] = math.absf %[[CHUNK]] : vector<8x32xf32>
// CHECK-NEXT:        %[[ROW0:.*]] = vector.extract %[[ABS]][0] : vector<32xf32> from vector<8x32xf32>
// CHECK-NEXT:        %[[ADD0:.*]] = arith.addf %[[PARTIAL]], %[[ROW0]] : vector<32xf32>
// CHECK-NEXT:        %[[ROW1:.*]] = vector.extract %[[ABS]][1] : vector<32xf32> from vector<8x32xf32>
// CHECK-NEXT:        %[[ADD1:.*]] = arith.addf %[[ADD0]], %[[ROW1]] : vector<32xf32>
// CHECK-COUNT-5:     arith.addf
// CHECK-NEXT:        %[[ROW7:.*]] = vector.extract %[[ABS]][7] : vector<32xf32> from vector<8x32xf32>
// CHECK-NEXT:        %[[ADD7:.*]] = arith.addf %{{.*}}, %[[ROW7]] : vector<32xf32>
// CHECK-NEXT:        scf.yield %[[ADD7]] : vector<32xf32>
// CHECK-NEXT:      }
// CHECK-NEXT:      vector.transfer_write %[[ACC]]
// CHECK-NOT:     vector.multi_reduction
// CHECK-NOT:     vector.reduction
// CHECK:         return
func.func @l1_outer_axis(%input: tensor<1024x64xf32>) -> tensor<64xf32> {
  %0 = reduce.l1 %input axes [0] : tensor<1024x64xf32> -> tensor<64xf32>
  return %0 : tensor<64xf32>
}

/// Mixed axes with the innermost dim kept: the outer strategy. The two
/// adjacent reduced dims are collapsed into one of 1024 rows.
// CHECK-LABEL: func.func @sum_mixed_axes_outer(
// CHECK:         %[[ROWS:.*]] = tensor.collapse_shape %{{.*}} {{\[}}[0, 1], [2]] : tensor<16x64x32xf32> into tensor<1024x32xf32>
// CHECK:         scf.for {{.*}} -> (vector<32xf32>)
// CHECK-NEXT:      vector.transfer_read %[[ROWS]]{{.*}} : tensor<1024x32xf32>, vector<8x32xf32>
// CHECK-NEXT:      vector.extract
// CHECK-NEXT:      arith.addf %{{.*}}, %{{.*}} : vector<32xf32>
// CHECK-NOT:     vector.multi_reduction
// CHECK:         return
func.func @sum_mixed_axes_outer(%input: tensor<16x64x32xf32>) -> tensor<32xf32> {
  %0 = reduce.sum %input axes [0, 1] : tensor<16x64x32xf32> -> tensor<32xf32>
  return %0 : tensor<32xf32>
}

/// Outer axis with rows longer than 4 tiles: the accumulators of a block
/// of the row (here all 512) live in memory (L1), and each step of the row
/// loop reads 8 whole rows, 8 streams, one tile of each at a time, so that
/// the accumulators are read and written once per 8 rows. 1003 rows (not a
/// multiple of 8) are read one at a time.
// CHECK-LABEL: func.func @min_outer_axis_long_rows(
// CHECK-SAME:      %[[INPUT:.*]]: tensor<64x512xf32>
// CHECK-DAG:     %[[C8:.*]] = arith.constant 8 : index
// CHECK-DAG:     %[[C32:.*]] = arith.constant 32 : index
// CHECK:         scf.for %[[ROW:.*]] = %{{.*}} to %{{.*}} step %[[C8]] iter_args({{.*}}) -> (tensor<512xf32>)
// CHECK-NEXT:      scf.for %[[COL:.*]] = %{{.*}} to %{{.*}} step %[[C32]] iter_args(%[[OUT:.*]] = %{{.*}}) -> (tensor<512xf32>)
// CHECK-NEXT:        %[[CHUNK:.*]] = vector.transfer_read %[[INPUT]][%[[ROW]], %[[COL]]], %{{.*}} {in_bounds = [true, true]} : tensor<64x512xf32>, vector<8x32xf32>
// CHECK-NEXT:        %[[ACC:.*]] = vector.transfer_read %[[OUT]][%[[COL]]], %{{.*}} {in_bounds = [true]} : tensor<512xf32>, vector<32xf32>
// CHECK-NEXT:        %[[ROW0:.*]] = vector.extract %[[CHUNK]][0] : vector<32xf32> from vector<8x32xf32>
// CHECK-NEXT:        %[[MIN0:.*]] = arith.minimumf %[[ACC]], %[[ROW0]] : vector<32xf32>
// CHECK-COUNT-6:     arith.minimumf
// CHECK-NEXT:        %[[ROW7:.*]] = vector.extract %[[CHUNK]][7] : vector<32xf32> from vector<8x32xf32>
// CHECK-NEXT:        %[[MIN7:.*]] = arith.minimumf %{{.*}}, %[[ROW7]] : vector<32xf32>
// CHECK-NEXT:        vector.transfer_write %[[MIN7]], %[[OUT]][%[[COL]]]
// CHECK-LABEL: func.func @sum_outer_axis_odd_rows(
// CHECK:         scf.for %{{.*}} = %{{.*}} to %{{.*}} step %c1 iter_args({{.*}}) -> (tensor<512xf32>)
// CHECK:           vector.transfer_read {{.*}} : tensor<1003x512xf32>, vector<32xf32>
func.func @min_outer_axis_long_rows(%input: tensor<64x512xf32>) -> tensor<512xf32> {
  %0 = reduce.min %input axes [0] : tensor<64x512xf32> -> tensor<512xf32>
  return %0 : tensor<512xf32>
}
func.func @sum_outer_axis_odd_rows(%input: tensor<1003x512xf32>) -> tensor<512xf32> {
  %0 = reduce.sum %input axes [0] : tensor<1003x512xf32> -> tensor<512xf32>
  return %0 : tensor<512xf32>
}

/// Rows of 100, masked vectors (no tile of 8-lane registers divides 100):
/// one row per step, as a masked vector.multi_reduction must stay the single
/// op of its vector.mask (the differential tester found this).
// CHECK-LABEL: func.func @min_outer_axis_masked(
// CHECK:         scf.for %{{.*}} = %{{.*}} to %{{.*}} step %c1 iter_args({{.*}}) -> (tensor<100xf32>)
// CHECK:           vector.create_mask
// CHECK:           vector.mask %{{.*}} { vector.transfer_read {{.*}} : tensor<64x100xf16>, vector<1x32xf16> }
func.func @min_outer_axis_masked(%input: tensor<64x100xf16>) -> tensor<100xf16> {
  %0 = reduce.min %input axes [0] : tensor<64x100xf16> -> tensor<100xf16>
  return %0 : tensor<100xf16>
}

/// The spec example: adjacent kept dims and adjacent reduced dims are
/// collapsed (72 rows of 240, 4 at a time), and the row is tiled by 16, the
/// largest power of two of 8-lane registers that divides 240, instead of 32
/// with a masked remainder (or 40, whose accumulators LLVM scalarizes).
// CHECK-LABEL: func.func @sum_spec_example(
// CHECK:         tensor.collapse_shape %{{.*}} {{\[}}[0, 1], [2, 3]] : tensor<6x12x10x24xf32> into tensor<72x240xf32>
// CHECK:         scf.for {{.*}} step %c4 {{.*}} -> (tensor<72xf32>)
// CHECK:           scf.for {{.*}} step %c16 {{.*}} -> (vector<4x16xf32>)
// CHECK-NEXT:        vector.transfer_read {{.*}} : tensor<72x240xf32>, vector<4x16xf32>
// CHECK-NEXT:        arith.addf %{{.*}}, %{{.*}} : vector<4x16xf32>
// CHECK-NOT:     vector.mask
// CHECK:         tensor.expand_shape {{.*}} output_shape [6, 12, 1, 1]
// With 512-bit registers the 240 elements are 15 registers, medium rows: 8
// rows per tile. The fill of the init, collapsed with the op, is still
// fused into the tiles: no separate fill, and the loop does not read the
// init.
// ROWS512-LABEL: func.func @sum_spec_example(
// ROWS512-NOT:     linalg.fill
// ROWS512-NOT:     vector.transfer_write
// ROWS512:         scf.for {{.*}} step %c8 iter_args({{.*}}) -> (tensor<72xf32>)
// ROWS512-NOT:       vector.transfer_read {{.*}} : tensor<72xf32>
// ROWS512:           vector.transfer_read {{.*}} : tensor<72x240xf32>, vector<8x240xf32>
// ROWS512-NOT:       vector.transfer_read {{.*}} : tensor<72xf32>
// ROWS512:           vector.transfer_write {{.*}} : vector<8xf32>, tensor<72xf32>
func.func @sum_spec_example(%input: tensor<6x12x10x24xf32>) -> tensor<6x12x1x1xf32> {
  %0 = reduce.sum %input axes [2, 3] keep_dims : tensor<6x12x10x24xf32> -> tensor<6x12x1x1xf32>
  return %0 : tensor<6x12x1x1xf32>
}

/// Mixed axes with the innermost dim reduced: rows of 32 are one vector, 4
/// of the 64 kept rows at a time; the unit reduced dim of the accumulators
/// (vector<4x1x32>) is dropped so that the 4 rows share a shuffle tree. (4
/// outer rows are too few for the split of @l1_short_mixed below.)
// CHECK-LABEL: func.func @min_mixed_axes_inner(
// CHECK-DAG:     %[[MAXES:.*]] = arith.constant dense<2147483647> : vector<4x1x32xi32>
// CHECK:         scf.for {{.*}} step %c4 {{.*}} -> (tensor<64xi32>)
// CHECK:           scf.for {{.*}} iter_args(%{{.*}} = %[[MAXES]]) -> (vector<4x1x32xi32>)
// CHECK-NEXT:        vector.transfer_read {{.*}} : tensor<4x64x32xi32>, vector<4x32xi32>
// CHECK:             arith.minsi %{{.*}}, %{{.*}} : vector<4x32xi32>
// CHECK-NOT:       vector.multi_reduction
// CHECK:           vector.shuffle
// CHECK:           arith.minsi %{{.*}}, %{{.*}} : vector<4xi32>
func.func @min_mixed_axes_inner(%input: tensor<4x64x32xi32>) -> tensor<64xi32> {
  %0 = reduce.min %input axes [0, 2] : tensor<4x64x32xi32> -> tensor<64xi32>
  return %0 : tensor<64xi32>
}

/// All axes: the dims are collapsed into one, with one accumulator and one
/// horizontal reduction.
// CHECK-LABEL: func.func @sum_all_axes(
// CHECK:         tensor.collapse_shape %{{.*}} {{\[}}[0, 1]] : tensor<64x64xf32> into tensor<4096xf32>
// CHECK:         %[[ACC:.*]] = scf.for {{.*}} -> (vector<32xf32>)
// CHECK-NEXT:      vector.transfer_read {{.*}} : tensor<4096xf32>, vector<32xf32>
// CHECK-NEXT:      arith.addf %{{.*}}, %{{.*}} : vector<32xf32>
// CHECK:         vector.multi_reduction <add>, %[[ACC]], %{{.*}} [0] : vector<32xf32> to f32
func.func @sum_all_axes(%input: tensor<64x64xf32>) -> tensor<f32> {
  %0 = reduce.sum %input axes [0, 1] : tensor<64x64xf32> -> tensor<f32>
  return %0 : tensor<f32>
}

/// All axes, at least 4 blocks of 64 vector tiles (2048 f32): split into
/// blocks whose sums are a parallel dim (the 4 blocks read at once, 4
/// streams, and their sums merged by a shuffle tree), then the reduction of
/// the sums.
// CHECK-LABEL: func.func @sum_all_axes_split(
// CHECK:         %[[FLAT:.*]] = tensor.collapse_shape %{{.*}} {{\[}}[0, 1]] : tensor<64x128xf32> into tensor<8192xf32>
// CHECK:         %[[BLOCKS:.*]] = tensor.expand_shape %[[FLAT]] {{\[}}[0, 1]] output_shape [4, 2048] : tensor<8192xf32> into tensor<4x2048xf32>
// CHECK:         scf.for {{.*}} -> (vector<4x32xf32>)
// CHECK-NEXT:      vector.transfer_read %[[BLOCKS]]{{.*}} : tensor<4x2048xf32>, vector<4x32xf32>
// CHECK-NEXT:      arith.addf %{{.*}}, %{{.*}} : vector<4x32xf32>
// CHECK:         vector.shuffle
// CHECK:         vector.multi_reduction <add>, %{{.*}}, %{{.*}} [0] : vector<4xf32> to f32
func.func @sum_all_axes_split(%input: tensor<64x128xf32>) -> tensor<f32> {
  %0 = reduce.sum %input axes [0, 1] : tensor<64x128xf32> -> tensor<f32>
  return %0 : tensor<f32>
}

/// Dynamic sizes: masked vector reads of the row.
// CHECK-LABEL: func.func @min_dynamic(
// CHECK:         scf.for
// CHECK:           scf.for {{.*}} step %{{.*}} iter_args(%{{.*}}) -> (tensor<1x32xf32>)
// CHECK:             %[[MASK:.*]] = vector.create_mask %{{.*}}, %{{.*}} : vector<1x32xi1>
// CHECK:             vector.mask %[[MASK]] { vector.transfer_read {{.*}} : tensor<?x?xf32>, vector<1x32xf32> }
// CHECK:             arith.minimumf %{{.*}}, %{{.*}} : vector<32xf32>
// CHECK:           vector.multi_reduction <minimumf>, %{{.*}}, %{{.*}} [1] : vector<1x32xf32> to vector<1xf32>
func.func @min_dynamic(%input: tensor<?x?xf32>) -> tensor<?xf32> {
  %0 = reduce.min %input axes [1] : tensor<?x?xf32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

/// f16 data: 32 lanes sized after the f32 accumulator, widened in the loop
/// (rows of 256: more than 16 registers, the usual strategy, 4 rows at a
/// time).
// CHECK-LABEL: func.func @sum_f16(
// CHECK:           scf.for {{.*}} -> (vector<4x32xf32>)
// CHECK-NEXT:        vector.transfer_read {{.*}} : tensor<64x256xf16>, vector<4x32xf16>
// CHECK-NEXT:        arith.extf %{{.*}} : vector<4x32xf16> to vector<4x32xf32>
// CHECK-NEXT:        arith.addf %{{.*}}, %{{.*}} : vector<4x32xf32>
// CHECK:         arith.truncf %{{.*}} : vector<32xf32> to vector<32xf16>
func.func @sum_f16(%input: tensor<64x256xf16>) -> tensor<64xf16> {
  %0 = reduce.sum %input axes [1] : tensor<64x256xf16> -> tensor<64xf16>
  return %0 : tensor<64xf16>
}

/// nan_mode ignore vectorizes both reductions of the generic (rows of 256).
// CHECK-LABEL: func.func @min_ignore_nan(
// CHECK:           scf.for {{.*}} -> (vector<4x32xf32>, vector<4x32xi8>)
// CHECK:             arith.cmpf ord, %{{.*}}, %{{.*}} : vector<4x32xf32>
// CHECK:             arith.minimumf %{{.*}}, %{{.*}} : vector<4x32xf32>
// CHECK:             arith.ori %{{.*}}, %{{.*}} : vector<4x32xi8>
// CHECK:           vector.shuffle
// CHECK:           arith.minimumf %{{.*}}, %{{.*}} : vector<4xf32>
// CHECK:           arith.ori %{{.*}}, %{{.*}} : vector<4xi8>
func.func @min_ignore_nan(%input: tensor<64x256xf32>) -> tensor<64xf32> {
  %0 = reduce.min %input axes [1] nan_mode ignore : tensor<64x256xf32> -> tensor<64xf32>
  return %0 : tensor<64xf32>
}

/// A map (l1 over no axes) is collapsed to 1-D and tiled by the vector tile:
/// 1-D vectors, masked for the remainder (3131 has no divisor that is a
/// multiple of the 4 lanes). A whole vector<31x101xi64> reached the LLVM
/// lowering as an n-D math.absi, which it does not unroll, and a big shape
/// would have unrolled into huge code.
// CHECK-LABEL: func.func @l1_no_axes_2d_i64(
// CHECK:         %[[FLAT:.*]] = tensor.collapse_shape %{{.*}} {{\[}}[0, 1]] : tensor<31x101xi64> into tensor<3131xi64>
// CHECK:         scf.for {{.*}} step %c16 iter_args(%{{.*}}) -> (tensor<3131xi64>)
// CHECK:           vector.mask %{{.*}} { vector.transfer_read %[[FLAT]]{{.*}} : tensor<3131xi64>, vector<16xi64> }
// CHECK:           math.absi %{{.*}} : vector<16xi64>
// CHECK-NOT:     math.absi
// CHECK:         tensor.expand_shape {{.*}} output_shape [31, 101]
func.func @l1_no_axes_2d_i64(%input: tensor<31x101xi64>) -> tensor<31x101xi64> {
  %0 = reduce.l1 %input axes [] : tensor<31x101xi64> -> tensor<31x101xi64>
  return %0 : tensor<31x101xi64>
}

/// 3100 is tiled by 20, five registers of 4 lanes, with no mask.
// CHECK-LABEL: func.func @l1_no_axes_100_i64(
// CHECK:         scf.for {{.*}} step %c20
// CHECK-NOT:       vector.mask
// CHECK:           math.absi %{{.*}} : vector<20xi64>
func.func @l1_no_axes_100_i64(%input: tensor<31x100xi64>) -> tensor<31x100xi64> {
  %0 = reduce.l1 %input axes [] : tensor<31x100xi64> -> tensor<31x100xi64>
  return %0 : tensor<31x100xi64>
}

/// Short rows (8 f32, one 256-bit register): tiles of 8 rows read as one
/// vector<8x8xf32>, reduced against each other by a shuffle tree (3 levels of
/// 4, 2 and 1 pairs, then one shuffle into row order) with no horizontal
/// reduction, and the fill of the init fused into the loop as a constant.
// CHECK-LABEL: func.func @sum_short_rows(
// CHECK-NOT:     linalg.fill
// CHECK:         scf.for %[[ROW:.*]] = %{{.*}} to %{{.*}} step %c8 iter_args(%{{.*}}) -> (tensor<64xf32>)
// CHECK:           %[[TILE:.*]] = vector.transfer_read %{{.*}}[%[[ROW]], %{{.*}}], %{{.*}} {in_bounds = [true, true]} : tensor<64x8xf32>, vector<8x8xf32>
// CHECK-COUNT-8:   vector.extract %[[TILE]][{{[0-9]}}] : vector<8xf32> from vector<8x8xf32>
// CHECK:           vector.shuffle {{.*}} [0, 1, 2, 3, 8, 9, 10, 11]
// CHECK:           vector.shuffle {{.*}} [4, 5, 6, 7, 12, 13, 14, 15]
// CHECK-COUNT-7:   arith.addf {{.*}} : vector<8xf32>
// CHECK:           vector.shuffle %[[SUMS:.*]], %[[SUMS]] [0, 4, 2, 6, 1, 5, 3, 7]
// CHECK:           vector.transfer_write {{.*}} : vector<8xf32>, tensor<64xf32>
// CHECK-NOT:     vector.multi_reduction
// CHECK-NOT:     vector.reduction
// CHECK:         return
func.func @sum_short_rows(%input: tensor<64x8xf32>) -> tensor<64xf32> {
  %0 = reduce.sum %input axes [1] : tensor<64x8xf32> -> tensor<64xf32>
  return %0 : tensor<64xf32>
}

/// Short rows, 1 MiB or more (32768 rows of 8 f32): the rows are viewed as
/// 4 consecutive parts and each step reads a tile of 8 rows of every part
/// (4 streams), as one vector<4x8x8xf32>, reduced part by part by the
/// shuffle tree; the results are collapsed back.
// CHECK-LABEL: func.func @sum_short_rows_streams(
// CHECK-SAME:      %[[INPUT:.*]]: tensor<32768x8xf32>)
// CHECK:         %[[PARTS:.*]] = tensor.expand_shape %[[INPUT]] {{\[}}[0, 1], [2]] output_shape [4, 8192, 8] : tensor<32768x8xf32> into tensor<4x8192x8xf32>
// CHECK:         %[[SUMS:.*]] = scf.for %[[ROW:.*]] = %{{.*}} to %{{.*}} step %c8 iter_args(%[[OUT:.*]] = %{{.*}}) -> (tensor<4x8192xf32>)
// CHECK-NEXT:      vector.transfer_read %[[PARTS]][%{{.*}}, %[[ROW]], %{{.*}}], %{{.*}} {in_bounds = [true, true, true]} : tensor<4x8192x8xf32>, vector<4x8x8xf32>
// CHECK-NOT:       vector.multi_reduction
// CHECK:           vector.transfer_write %{{.*}}, %[[OUT]][%{{.*}}, %[[ROW]]] {in_bounds = [true, true]} : vector<4x8xf32>, tensor<4x8192xf32>
// CHECK:         tensor.collapse_shape %[[SUMS]] {{\[}}[0, 1]] : tensor<4x8192xf32> into tensor<32768xf32>
func.func @sum_short_rows_streams(%input: tensor<32768x8xf32>) -> tensor<32768xf32> {
  %0 = reduce.sum %input axes [1] : tensor<32768x8xf32> -> tensor<32768xf32>
  return %0 : tensor<32768xf32>
}

/// Medium rows (40 f32, five 256-bit registers), 24 of them: tiles of 8 rows
/// read as one vector<8x40xf32>; each row is reduced to one register by a
/// tree over its registers, then the 8 rows share one shuffle tree.
// CHECK-LABEL: func.func @sum_medium_rows(
// CHECK:         scf.for %[[ROW:.*]] = %{{.*}} to %{{.*}} step %c8 iter_args(%{{.*}}) -> (tensor<24xf32>)
// CHECK:           %[[TILE:.*]] = vector.transfer_read %{{.*}}[%[[ROW]], %{{.*}}], %{{.*}} {in_bounds = [true, true]} : tensor<24x40xf32>, vector<8x40xf32>
// CHECK:           vector.extract_strided_slice %{{.*}} {offsets = [32], sizes = [8], strides = [1]} : vector<40xf32> to vector<8xf32>
// CHECK:           vector.shuffle
// CHECK:           vector.transfer_write {{.*}} : vector<8xf32>, tensor<24xf32>
// CHECK-NOT:     vector.multi_reduction
// CHECK:         return
func.func @sum_medium_rows(%input: tensor<24x40xf32>) -> tensor<24xf32> {
  %0 = reduce.sum %input axes [1] : tensor<24x40xf32> -> tensor<24xf32>
  return %0 : tensor<24xf32>
}

/// Mixed axes with a short innermost reduced dim: the outer dim is reduced
/// first, streaming the input as 16 rows of 144 contiguous elements (8 rows
/// per step) into a 6x24 partial result; then the rows of 24 of the partial
/// result are summed, without |x| again.
// CHECK-LABEL: func.func @l1_short_mixed(
// CHECK:         tensor.empty() : tensor<6x24xf32>
// CHECK:         scf.for
// CHECK:           vector.transfer_read {{.*}} : tensor<16x144xf32>, vector<8x24xf32>
// CHECK:           math.absf %{{.*}} : vector<8x24xf32>
// CHECK:         %[[PARTIAL:.*]] = tensor.expand_shape %{{.*}} {{\[}}[0, 1]] output_shape [6, 24]
// CHECK:         scf.for
// CHECK:           vector.transfer_read %[[PARTIAL]]{{.*}} : tensor<6x24xf32>, vector<2x24xf32>
// CHECK-NOT:       math.absf
// CHECK:         return
func.func @l1_short_mixed(%input: tensor<16x6x24xf32>) -> tensor<6xf32> {
  %0 = reduce.l1 %input axes [0, 2] : tensor<16x6x24xf32> -> tensor<6xf32>
  return %0 : tensor<6xf32>
}

/// Too few outer elements per result (4 < 8): one reduction.
// CHECK-LABEL: func.func @sum_short_mixed_few(
// CHECK-NOT:     tensor<6x24xf32>
// CHECK:         return
func.func @sum_short_mixed_few(%input: tensor<4x6x24xf32>) -> tensor<6xf32> {
  %0 = reduce.sum %input axes [0, 2] : tensor<4x6x24xf32> -> tensor<6xf32>
  return %0 : tensor<6xf32>
}

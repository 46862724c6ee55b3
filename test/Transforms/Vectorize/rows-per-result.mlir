// RUN: reduce-opt %s --reduce-to-llvm="plan-remarks=true host-profile=false vector-width=256 row-streams=4 accumulators=4 vector-registers=16" \
// RUN:   --mlir-print-op-on-diagnostic=false --mlir-disable-threading -o /dev/null 2>&1 | FileCheck %s --check-prefix=R16
// RUN: reduce-opt %s --reduce-to-llvm="plan-remarks=true host-profile=false vector-width=256 row-streams=4 accumulators=4 vector-registers=32" \
// RUN:   --mlir-print-op-on-diagnostic=false --mlir-disable-threading -o /dev/null 2>&1 | FileCheck %s --check-prefix=R32
// RUN: reduce-opt %s --reduce-to-llvm="plan-remarks=true host-profile=false vector-width=256 row-streams=4 accumulators=2 vector-registers=16" \
// RUN:   --mlir-print-op-on-diagnostic=false --mlir-disable-threading -o /dev/null 2>&1 | FileCheck %s --check-prefix=A2
// RUN: reduce-opt %s --reduce-to-llvm="plan-remarks=true host-profile=false vector-width=256 row-streams=4 accumulators=4 vector-registers=32 result-accumulators=1" \
// RUN:   --mlir-print-op-on-diagnostic=false --mlir-disable-threading -o /dev/null 2>&1 | FileCheck %s --check-prefix=RA1
// RUN: reduce-opt %s --reduce-to-llvm="plan-remarks=true host-profile=false vector-width=256 row-streams=4 accumulators=4 vector-registers=32 result-accumulators=2" \
// RUN:   --mlir-print-op-on-diagnostic=false --mlir-disable-threading -o /dev/null 2>&1 | FileCheck %s --check-prefix=RA2
// RUN: reduce-opt %s --reduce-to-llvm="plan-remarks=true host-profile=false vector-width=256 row-streams=4 accumulators=4 vector-registers=16 result-accumulators=1" \
// RUN:   --mlir-print-op-on-diagnostic=false --mlir-disable-threading -o /dev/null 2>&1 | FileCheck %s --check-prefix=RA1R16

// A fused op with several results reads row_streams / results parts of the
// streamed rows at once (rounded up, then down to a power of two), halved
// while the accumulators of all its results (parts x results x
// accumulators) exceed the target's vector_registers. One result keeps the
// target's row_streams whatever the registers.
//
// With result_accumulators (RA1, RA2, RA1R16) each result keeps the rows at
// once of one result, with at most that many registers a row: the registers
// halved, then the rows, while the accumulators of all results (parts x
// results x registers) exceed half the target's vector_registers. One
// result is left alone.
// RA1: remark: plan #reduce.inner_plan<vector_bits = 256, inner_tile = 32, row_streams = 4{{[,>]}}
// RA1-NOT: result_accumulators
// RA2: remark: plan #reduce.inner_plan<vector_bits = 256, inner_tile = 32, row_streams = 4{{[,>]}}

// R16: remark: plan #reduce.inner_plan<vector_bits = 256, inner_tile = 32, row_streams = 4{{[,>]}}
// R32: remark: plan #reduce.inner_plan<vector_bits = 256, inner_tile = 32, row_streams = 4{{[,>]}}
// A2:  remark: plan #reduce.inner_plan<vector_bits = 256, inner_tile = 16, row_streams = 4{{[,>]}}
func.func @sum(%x: tensor<1024x1024xf32>) -> tensor<1024xf32> {
  %s = reduce.sum %x axes [1] : tensor<1024x1024xf32> -> tensor<1024xf32>
  return %s : tensor<1024xf32>
}

// Two results: 2 parts (16 accumulators).
// R16: remark: plan #reduce.inner_plan<vector_bits = 256, inner_tile = 32, row_streams = 2{{[,>]}}
// R16-SAME: rows at once divided among 2 results (16 registers)
// R32: remark: plan #reduce.inner_plan<vector_bits = 256, inner_tile = 32, row_streams = 2{{[,>]}}
// R32-SAME: rows at once divided among 2 results (32 registers)
// A2:  remark: plan #reduce.inner_plan<vector_bits = 256, inner_tile = 16, row_streams = 2{{[,>]}}
// 1 register a row: 4 parts (8 accumulators); 2: 4 parts (16).
// RA1: remark: plan #reduce.inner_plan<vector_bits = 256, inner_tile = 8, row_streams = 4{{[,>]}}
// RA1-SAME: result_accumulators: each of 2 results keeps the rows at once, registers a row: 1 (32 registers)
// RA2: remark: plan #reduce.inner_plan<vector_bits = 256, inner_tile = 16, row_streams = 4{{[,>]}}
// RA2-SAME: result_accumulators: each of 2 results keeps the rows at once, registers a row: 2 (32 registers)
// RA1R16: remark: plan #reduce.inner_plan<vector_bits = 256, inner_tile = 8, row_streams = 4{{[,>]}}
func.func @min_max(%x: tensor<1024x1024xf32>) -> (tensor<1024xf32>, tensor<1024xf32>) {
  %min = reduce.min %x axes [1] : tensor<1024x1024xf32> -> tensor<1024xf32>
  %max = reduce.max %x axes [1] : tensor<1024x1024xf32> -> tensor<1024xf32>
  return %min, %max : tensor<1024xf32>, tensor<1024xf32>
}

// Three results (the mean's sum and the shifted sums of the variance): 2
// parts would take 24 accumulators of 4 registers a row, 12 of 2.
// R16: remark: plan #reduce.inner_plan<vector_bits = 256, inner_tile = 32>:
// R16-SAME: rows at once divided among 3 results (16 registers)
// R32: remark: plan #reduce.inner_plan<vector_bits = 256, inner_tile = 32, row_streams = 2{{[,>]}}
// R32-SAME: rows at once divided among 3 results (32 registers)
// A2:  remark: plan #reduce.inner_plan<vector_bits = 256, inner_tile = 16, row_streams = 2{{[,>]}}
// 1 register a row: 4 parts (12 accumulators); 2: 1 register, 4 parts (2
// registers would take 24, more than 16); 1 of 16 registers: 2 parts (6).
// RA1: remark: plan #reduce.inner_plan<vector_bits = 256, inner_tile = 8, row_streams = 4{{[,>]}}
// RA2: remark: plan #reduce.inner_plan<vector_bits = 256, inner_tile = 8, row_streams = 4{{[,>]}}
// RA2-SAME: result_accumulators: each of 3 results keeps the rows at once, registers a row: 1 (32 registers)
// RA1R16: remark: plan #reduce.inner_plan<vector_bits = 256, inner_tile = 8, row_streams = 2{{[,>]}}
func.func @mean_var(%x: tensor<1024x1024xf32>) -> (tensor<1024xf32>, tensor<1024xf32>) {
  %mean = reduce.mean %x axes [1] : tensor<1024x1024xf32> -> tensor<1024xf32>
  %init = tensor.empty() : tensor<1024x1024xf32>
  %meanb = linalg.broadcast ins(%mean : tensor<1024xf32>) outs(%init : tensor<1024x1024xf32>) dimensions = [1]
  %d = arith.subf %x, %meanb : tensor<1024x1024xf32>
  %d2 = arith.mulf %d, %d : tensor<1024x1024xf32>
  %var = reduce.mean %d2 axes [1] : tensor<1024x1024xf32> -> tensor<1024xf32>
  return %mean, %var : tensor<1024xf32>, tensor<1024xf32>
}

// Four results: one row at a time.
// R32: remark: plan #reduce.inner_plan<vector_bits = 256, inner_tile = 32>:
// R32-SAME: rows at once divided among 4 results (32 registers)
// RA1: remark: plan #reduce.inner_plan<vector_bits = 256, inner_tile = 8, row_streams = 4{{[,>]}}
// RA2: remark: plan #reduce.inner_plan<vector_bits = 256, inner_tile = 8, row_streams = 4{{[,>]}}
func.func @four(%x: tensor<1024x1024xf32>) -> (tensor<1024xf32>, tensor<1024xf32>, tensor<1024xf32>, tensor<1024xf32>) {
  %min = reduce.min %x axes [1] : tensor<1024x1024xf32> -> tensor<1024xf32>
  %max = reduce.max %x axes [1] : tensor<1024x1024xf32> -> tensor<1024xf32>
  %sum = reduce.sum %x axes [1] : tensor<1024x1024xf32> -> tensor<1024xf32>
  %l1 = reduce.l1 %x axes [1] : tensor<1024x1024xf32> -> tensor<1024xf32>
  return %min, %max, %sum, %l1 : tensor<1024xf32>, tensor<1024xf32>, tensor<1024xf32>, tensor<1024xf32>
}

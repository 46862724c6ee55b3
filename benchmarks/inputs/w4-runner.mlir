// The mlir-runner equivalent of w4.mlir: it builds the same input as
// w4-input.npy (x[i] = (i mod 97) * 0.25 in row-major order), reduces it and
// prints the result. utils/bench.sh lowers it with --reduce-to-llvm once,
// then times mlir-runner on the lowered module.
func.func private @printMemrefF32(tensor<*xf32>)

func.func @main() {
  %empty = tensor.empty() : tensor<6x12x10x24xf32>
  %x = linalg.generic {
      indexing_maps = [affine_map<(a, b, c, d) -> (a, b, c, d)>],
      iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      outs(%empty : tensor<6x12x10x24xf32>) {
  ^bb0(%out: f32):
    %a = linalg.index 0 : index
    %b = linalg.index 1 : index
    %c = linalg.index 2 : index
    %d = linalg.index 3 : index
    %c12 = arith.constant 12 : index
    %c10 = arith.constant 10 : index
    %c24 = arith.constant 24 : index
    %c97 = arith.constant 97 : index
    %ab = arith.muli %a, %c12 : index
    %ab1 = arith.addi %ab, %b : index
    %abc = arith.muli %ab1, %c10 : index
    %abc1 = arith.addi %abc, %c : index
    %abcd = arith.muli %abc1, %c24 : index
    %linear = arith.addi %abcd, %d : index
    %mod = arith.remui %linear, %c97 : index
    %i = arith.index_cast %mod : index to i32
    %f = arith.sitofp %i : i32 to f32
    %quarter = arith.constant 0.25 : f32
    %v = arith.mulf %f, %quarter : f32
    linalg.yield %v : f32
  } -> tensor<6x12x10x24xf32>
  %r = reduce.sum %x axes [2, 3] keep_dims : tensor<6x12x10x24xf32> -> tensor<6x12x1x1xf32>
  %u = tensor.cast %r : tensor<6x12x1x1xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

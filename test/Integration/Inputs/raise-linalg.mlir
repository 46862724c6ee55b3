// linalg reductions as upstream and users write them; raise-linalg.py runs
// them raised (the default) and as written (raise-to-reduce=false).
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>

func.func @l1(%a: tensor<6x40xf32>) -> tensor<6xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<6xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<6xf32>) -> tensor<6xf32>
  %r = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<6x40xf32>) outs(%f : tensor<6xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %abs = math.absf %in : f32
    %s = arith.addf %abs, %acc : f32
    linalg.yield %s : f32
  } -> tensor<6xf32>
  return %r : tensor<6xf32>
}

func.func @sum_square_i32(%a: tensor<6x40xi32>) -> tensor<6xi32> {
  %z = arith.constant 0 : i32
  %e = tensor.empty() : tensor<6xi32>
  %f = linalg.fill ins(%z : i32) outs(%e : tensor<6xi32>) -> tensor<6xi32>
  %r = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<6x40xi32>) outs(%f : tensor<6xi32>) {
  ^bb0(%in: i32, %acc: i32):
    %m = arith.muli %in, %in : i32
    %s = arith.addi %acc, %m : i32
    linalg.yield %s : i32
  } -> tensor<6xi32>
  return %r : tensor<6xi32>
}

func.func @dot(%a: tensor<?x40xf32>, %b: tensor<?x40xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %d = tensor.dim %a, %c0 : tensor<?x40xf32>
  %z = arith.constant 0.0 : f32
  %e = tensor.empty(%d) : tensor<?xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<?xf32>) -> tensor<?xf32>
  %r = linalg.generic {indexing_maps = [#id, #id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%a, %b : tensor<?x40xf32>, tensor<?x40xf32>) outs(%f : tensor<?xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %m = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<?xf32>
  return %r : tensor<?xf32>
}

// tosa-to-linalg's min: from the largest finite float, so a row of +inf
// gives 3.4028235e+38.
func.func @min_finite_init(%a: tensor<6x40xf32>) -> tensor<6xf32> {
  %cst = arith.constant 3.40282347E+38 : f32
  %e = tensor.empty() : tensor<6xf32>
  %f = linalg.fill ins(%cst : f32) outs(%e : tensor<6xf32>) -> tensor<6xf32>
  %r = linalg.reduce ins(%a : tensor<6x40xf32>) outs(%f : tensor<6xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %s = arith.minimumf %in, %acc : f32
      linalg.yield %s : f32
    }
  return %r : tensor<6xf32>
}

// maxnumf from -inf: NaN skipped, a row of NaN gives -inf.
func.func @maxnum(%a: tensor<6x40xf32>) -> tensor<6xf32> {
  %cst = arith.constant 0xFF800000 : f32
  %e = tensor.empty() : tensor<6xf32>
  %f = linalg.fill ins(%cst : f32) outs(%e : tensor<6xf32>) -> tensor<6xf32>
  %r = linalg.reduce ins(%a : tensor<6x40xf32>) outs(%f : tensor<6xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %s = arith.maxnumf %in, %acc : f32
      linalg.yield %s : f32
    }
  return %r : tensor<6xf32>
}

// A widened f16 sum over the rows.
func.func @widened_sum(%a: tensor<6x40xf16>) -> tensor<40xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<40xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<40xf32>) -> tensor<40xf32>
  %r = linalg.reduce ins(%a : tensor<6x40xf16>) outs(%f : tensor<40xf32>) dimensions = [0]
    (%in: f16, %acc: f32) {
      %w = arith.extf %in : f16 to f32
      %s = arith.addf %w, %acc : f32
      linalg.yield %s : f32
    }
  return %r : tensor<40xf32>
}

// tosa-to-linalg's NaN-ignoring max: a row of NaN gives NaN, the others the
// maximum of their numbers and the lowest finite float.
func.func @nan_ignore_max(%x: tensor<6x40xf32>) -> tensor<6xf32> {
  %nan = arith.constant 0x7FC00000 : f32
  %true = arith.constant true
  %lo = arith.constant -3.40282347E+38 : f32
  %e = tensor.empty() : tensor<6xf32>
  %f = linalg.fill ins(%lo : f32) outs(%e : tensor<6xf32>) -> tensor<6xf32>
  %eb = tensor.empty() : tensor<6xi1>
  %fb = linalg.fill ins(%true : i1) outs(%eb : tensor<6xi1>) -> tensor<6xi1>
  %r:2 = linalg.reduce ins(%x, %x : tensor<6x40xf32>, tensor<6x40xf32>) outs(%f, %fb : tensor<6xf32>, tensor<6xi1>) dimensions = [1]
    (%in: f32, %in2: f32, %acc: f32, %all: i1) {
      %m = arith.maximumf %in, %acc : f32
      %n = arith.cmpf uno, %in, %in : f32
      %s = arith.select %n, %acc, %m : f32
      %a = arith.andi %all, %n : i1
      linalg.yield %s, %a : f32, i1
    }
  %fn = linalg.fill ins(%nan : f32) outs(%e : tensor<6xf32>) -> tensor<6xf32>
  %y = linalg.select ins(%r#1, %fn, %r#0 : tensor<6xi1>, tensor<6xf32>, tensor<6xf32>) outs(%e : tensor<6xf32>) -> tensor<6xf32>
  return %y : tensor<6xf32>
}

// minnumf from NaN: NaN skipped, a row of NaN gives NaN.
func.func @minnum_from_nan(%x: tensor<6x40xf32>) -> tensor<6xf32> {
  %nan = arith.constant 0x7FC00000 : f32
  %e = tensor.empty() : tensor<6xf32>
  %f = linalg.fill ins(%nan : f32) outs(%e : tensor<6xf32>) -> tensor<6xf32>
  %r = linalg.reduce ins(%x : tensor<6x40xf32>) outs(%f : tensor<6xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %s = arith.minnumf %in, %acc : f32
      linalg.yield %s : f32
    }
  return %r : tensor<6xf32>
}

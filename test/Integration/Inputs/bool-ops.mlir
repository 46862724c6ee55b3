// Reductions of i1 (bool) tensors written as linalg.reduce with
// arith.andi (all) and arith.ori (any) bodies, the lowering of
// reduce.logical_and / reduce.logical_or. Each entry returns the and and the
// or of its input along the same dims. Run by exec-bool.test.

/// Rows of 4096 bytes (inner reduction, in cache).
func.func @rows_4096(%x: tensor<16x4096xi1>) -> (tensor<16xi1>, tensor<16xi1>) {
  %all_id = arith.constant true
  %all_e = tensor.empty() : tensor<16xi1>
  %all_i = linalg.fill ins(%all_id : i1) outs(%all_e : tensor<16xi1>) -> tensor<16xi1>
  %all = linalg.reduce ins(%x : tensor<16x4096xi1>) outs(%all_i : tensor<16xi1>) dimensions = [1]
    (%in: i1, %acc: i1) {
      %r = arith.andi %in, %acc : i1
      linalg.yield %r : i1
    }
  %any_id = arith.constant false
  %any_e = tensor.empty() : tensor<16xi1>
  %any_i = linalg.fill ins(%any_id : i1) outs(%any_e : tensor<16xi1>) -> tensor<16xi1>
  %any = linalg.reduce ins(%x : tensor<16x4096xi1>) outs(%any_i : tensor<16xi1>) dimensions = [1]
    (%in: i1, %acc: i1) {
      %r = arith.ori %in, %acc : i1
      linalg.yield %r : i1
    }
  return %all, %any : tensor<16xi1>, tensor<16xi1>
}

/// Columns (outer reduction): the results are stored as i1 vectors.
func.func @cols_4096(%x: tensor<64x4096xi1>) -> (tensor<4096xi1>, tensor<4096xi1>) {
  %all_id = arith.constant true
  %all_e = tensor.empty() : tensor<4096xi1>
  %all_i = linalg.fill ins(%all_id : i1) outs(%all_e : tensor<4096xi1>) -> tensor<4096xi1>
  %all = linalg.reduce ins(%x : tensor<64x4096xi1>) outs(%all_i : tensor<4096xi1>) dimensions = [0]
    (%in: i1, %acc: i1) {
      %r = arith.andi %in, %acc : i1
      linalg.yield %r : i1
    }
  %any_id = arith.constant false
  %any_e = tensor.empty() : tensor<4096xi1>
  %any_i = linalg.fill ins(%any_id : i1) outs(%any_e : tensor<4096xi1>) -> tensor<4096xi1>
  %any = linalg.reduce ins(%x : tensor<64x4096xi1>) outs(%any_i : tensor<4096xi1>) dimensions = [0]
    (%in: i1, %acc: i1) {
      %r = arith.ori %in, %acc : i1
      linalg.yield %r : i1
    }
  return %all, %any : tensor<4096xi1>, tensor<4096xi1>
}

/// Odd rows: vector tails.
func.func @odd_rows(%x: tensor<37x1001xi1>) -> (tensor<37xi1>, tensor<37xi1>) {
  %all_id = arith.constant true
  %all_e = tensor.empty() : tensor<37xi1>
  %all_i = linalg.fill ins(%all_id : i1) outs(%all_e : tensor<37xi1>) -> tensor<37xi1>
  %all = linalg.reduce ins(%x : tensor<37x1001xi1>) outs(%all_i : tensor<37xi1>) dimensions = [1]
    (%in: i1, %acc: i1) {
      %r = arith.andi %in, %acc : i1
      linalg.yield %r : i1
    }
  %any_id = arith.constant false
  %any_e = tensor.empty() : tensor<37xi1>
  %any_i = linalg.fill ins(%any_id : i1) outs(%any_e : tensor<37xi1>) -> tensor<37xi1>
  %any = linalg.reduce ins(%x : tensor<37x1001xi1>) outs(%any_i : tensor<37xi1>) dimensions = [1]
    (%in: i1, %acc: i1) {
      %r = arith.ori %in, %acc : i1
      linalg.yield %r : i1
    }
  return %all, %any : tensor<37xi1>, tensor<37xi1>
}

/// Odd columns: vector tails of the stored results.
func.func @odd_cols(%x: tensor<37x1001xi1>) -> (tensor<1001xi1>, tensor<1001xi1>) {
  %all_id = arith.constant true
  %all_e = tensor.empty() : tensor<1001xi1>
  %all_i = linalg.fill ins(%all_id : i1) outs(%all_e : tensor<1001xi1>) -> tensor<1001xi1>
  %all = linalg.reduce ins(%x : tensor<37x1001xi1>) outs(%all_i : tensor<1001xi1>) dimensions = [0]
    (%in: i1, %acc: i1) {
      %r = arith.andi %in, %acc : i1
      linalg.yield %r : i1
    }
  %any_id = arith.constant false
  %any_e = tensor.empty() : tensor<1001xi1>
  %any_i = linalg.fill ins(%any_id : i1) outs(%any_e : tensor<1001xi1>) -> tensor<1001xi1>
  %any = linalg.reduce ins(%x : tensor<37x1001xi1>) outs(%any_i : tensor<1001xi1>) dimensions = [0]
    (%in: i1, %acc: i1) {
      %r = arith.ori %in, %acc : i1
      linalg.yield %r : i1
    }
  return %all, %any : tensor<1001xi1>, tensor<1001xi1>
}

/// 2 MiB of rows: streamed.
func.func @rows_big(%x: tensor<512x4096xi1>) -> (tensor<512xi1>, tensor<512xi1>) {
  %all_id = arith.constant true
  %all_e = tensor.empty() : tensor<512xi1>
  %all_i = linalg.fill ins(%all_id : i1) outs(%all_e : tensor<512xi1>) -> tensor<512xi1>
  %all = linalg.reduce ins(%x : tensor<512x4096xi1>) outs(%all_i : tensor<512xi1>) dimensions = [1]
    (%in: i1, %acc: i1) {
      %r = arith.andi %in, %acc : i1
      linalg.yield %r : i1
    }
  %any_id = arith.constant false
  %any_e = tensor.empty() : tensor<512xi1>
  %any_i = linalg.fill ins(%any_id : i1) outs(%any_e : tensor<512xi1>) -> tensor<512xi1>
  %any = linalg.reduce ins(%x : tensor<512x4096xi1>) outs(%any_i : tensor<512xi1>) dimensions = [1]
    (%in: i1, %acc: i1) {
      %r = arith.ori %in, %acc : i1
      linalg.yield %r : i1
    }
  return %all, %any : tensor<512xi1>, tensor<512xi1>
}

/// 2 MiB of columns: streamed outer reduction.
func.func @cols_big(%x: tensor<1024x2048xi1>) -> (tensor<2048xi1>, tensor<2048xi1>) {
  %all_id = arith.constant true
  %all_e = tensor.empty() : tensor<2048xi1>
  %all_i = linalg.fill ins(%all_id : i1) outs(%all_e : tensor<2048xi1>) -> tensor<2048xi1>
  %all = linalg.reduce ins(%x : tensor<1024x2048xi1>) outs(%all_i : tensor<2048xi1>) dimensions = [0]
    (%in: i1, %acc: i1) {
      %r = arith.andi %in, %acc : i1
      linalg.yield %r : i1
    }
  %any_id = arith.constant false
  %any_e = tensor.empty() : tensor<2048xi1>
  %any_i = linalg.fill ins(%any_id : i1) outs(%any_e : tensor<2048xi1>) -> tensor<2048xi1>
  %any = linalg.reduce ins(%x : tensor<1024x2048xi1>) outs(%any_i : tensor<2048xi1>) dimensions = [0]
    (%in: i1, %acc: i1) {
      %r = arith.ori %in, %acc : i1
      linalg.yield %r : i1
    }
  return %all, %any : tensor<2048xi1>, tensor<2048xi1>
}

/// Dynamic sizes.
func.func @rows_dyn(%x: tensor<?x?xi1>) -> (tensor<?xi1>, tensor<?xi1>) {
  %all_id = arith.constant true
  %all_c0 = arith.constant 0 : index
  %all_d0 = tensor.dim %x, %all_c0 : tensor<?x?xi1>
  %all_e = tensor.empty(%all_d0) : tensor<?xi1>
  %all_i = linalg.fill ins(%all_id : i1) outs(%all_e : tensor<?xi1>) -> tensor<?xi1>
  %all = linalg.reduce ins(%x : tensor<?x?xi1>) outs(%all_i : tensor<?xi1>) dimensions = [1]
    (%in: i1, %acc: i1) {
      %r = arith.andi %in, %acc : i1
      linalg.yield %r : i1
    }
  %any_id = arith.constant false
  %any_c0 = arith.constant 0 : index
  %any_d0 = tensor.dim %x, %any_c0 : tensor<?x?xi1>
  %any_e = tensor.empty(%any_d0) : tensor<?xi1>
  %any_i = linalg.fill ins(%any_id : i1) outs(%any_e : tensor<?xi1>) -> tensor<?xi1>
  %any = linalg.reduce ins(%x : tensor<?x?xi1>) outs(%any_i : tensor<?xi1>) dimensions = [1]
    (%in: i1, %acc: i1) {
      %r = arith.ori %in, %acc : i1
      linalg.yield %r : i1
    }
  return %all, %any : tensor<?xi1>, tensor<?xi1>
}

/// Outer and inner dims reduced together.
func.func @mixed_3d(%x: tensor<6x37x65xi1>) -> (tensor<37xi1>, tensor<37xi1>) {
  %all_id = arith.constant true
  %all_e = tensor.empty() : tensor<37xi1>
  %all_i = linalg.fill ins(%all_id : i1) outs(%all_e : tensor<37xi1>) -> tensor<37xi1>
  %all = linalg.reduce ins(%x : tensor<6x37x65xi1>) outs(%all_i : tensor<37xi1>) dimensions = [0, 2]
    (%in: i1, %acc: i1) {
      %r = arith.andi %in, %acc : i1
      linalg.yield %r : i1
    }
  %any_id = arith.constant false
  %any_e = tensor.empty() : tensor<37xi1>
  %any_i = linalg.fill ins(%any_id : i1) outs(%any_e : tensor<37xi1>) -> tensor<37xi1>
  %any = linalg.reduce ins(%x : tensor<6x37x65xi1>) outs(%any_i : tensor<37xi1>) dimensions = [0, 2]
    (%in: i1, %acc: i1) {
      %r = arith.ori %in, %acc : i1
      linalg.yield %r : i1
    }
  return %all, %any : tensor<37xi1>, tensor<37xi1>
}

/// Whole-tensor reductions of four 37x1001 inputs.
func.func @all_odd(%a: tensor<37x1001xi1>, %b: tensor<37x1001xi1>, %c: tensor<37x1001xi1>, %d: tensor<37x1001xi1>) -> (tensor<i1>, tensor<i1>, tensor<i1>, tensor<i1>, tensor<i1>, tensor<i1>, tensor<i1>, tensor<i1>) {
  %all_a_id = arith.constant true
  %all_a_e = tensor.empty() : tensor<i1>
  %all_a_i = linalg.fill ins(%all_a_id : i1) outs(%all_a_e : tensor<i1>) -> tensor<i1>
  %all_a = linalg.reduce ins(%a : tensor<37x1001xi1>) outs(%all_a_i : tensor<i1>) dimensions = [0, 1]
    (%in: i1, %acc: i1) {
      %r = arith.andi %in, %acc : i1
      linalg.yield %r : i1
    }
  %any_a_id = arith.constant false
  %any_a_e = tensor.empty() : tensor<i1>
  %any_a_i = linalg.fill ins(%any_a_id : i1) outs(%any_a_e : tensor<i1>) -> tensor<i1>
  %any_a = linalg.reduce ins(%a : tensor<37x1001xi1>) outs(%any_a_i : tensor<i1>) dimensions = [0, 1]
    (%in: i1, %acc: i1) {
      %r = arith.ori %in, %acc : i1
      linalg.yield %r : i1
    }
  %all_b_id = arith.constant true
  %all_b_e = tensor.empty() : tensor<i1>
  %all_b_i = linalg.fill ins(%all_b_id : i1) outs(%all_b_e : tensor<i1>) -> tensor<i1>
  %all_b = linalg.reduce ins(%b : tensor<37x1001xi1>) outs(%all_b_i : tensor<i1>) dimensions = [0, 1]
    (%in: i1, %acc: i1) {
      %r = arith.andi %in, %acc : i1
      linalg.yield %r : i1
    }
  %any_b_id = arith.constant false
  %any_b_e = tensor.empty() : tensor<i1>
  %any_b_i = linalg.fill ins(%any_b_id : i1) outs(%any_b_e : tensor<i1>) -> tensor<i1>
  %any_b = linalg.reduce ins(%b : tensor<37x1001xi1>) outs(%any_b_i : tensor<i1>) dimensions = [0, 1]
    (%in: i1, %acc: i1) {
      %r = arith.ori %in, %acc : i1
      linalg.yield %r : i1
    }
  %all_c_id = arith.constant true
  %all_c_e = tensor.empty() : tensor<i1>
  %all_c_i = linalg.fill ins(%all_c_id : i1) outs(%all_c_e : tensor<i1>) -> tensor<i1>
  %all_c = linalg.reduce ins(%c : tensor<37x1001xi1>) outs(%all_c_i : tensor<i1>) dimensions = [0, 1]
    (%in: i1, %acc: i1) {
      %r = arith.andi %in, %acc : i1
      linalg.yield %r : i1
    }
  %any_c_id = arith.constant false
  %any_c_e = tensor.empty() : tensor<i1>
  %any_c_i = linalg.fill ins(%any_c_id : i1) outs(%any_c_e : tensor<i1>) -> tensor<i1>
  %any_c = linalg.reduce ins(%c : tensor<37x1001xi1>) outs(%any_c_i : tensor<i1>) dimensions = [0, 1]
    (%in: i1, %acc: i1) {
      %r = arith.ori %in, %acc : i1
      linalg.yield %r : i1
    }
  %all_d_id = arith.constant true
  %all_d_e = tensor.empty() : tensor<i1>
  %all_d_i = linalg.fill ins(%all_d_id : i1) outs(%all_d_e : tensor<i1>) -> tensor<i1>
  %all_d = linalg.reduce ins(%d : tensor<37x1001xi1>) outs(%all_d_i : tensor<i1>) dimensions = [0, 1]
    (%in: i1, %acc: i1) {
      %r = arith.andi %in, %acc : i1
      linalg.yield %r : i1
    }
  %any_d_id = arith.constant false
  %any_d_e = tensor.empty() : tensor<i1>
  %any_d_i = linalg.fill ins(%any_d_id : i1) outs(%any_d_e : tensor<i1>) -> tensor<i1>
  %any_d = linalg.reduce ins(%d : tensor<37x1001xi1>) outs(%any_d_i : tensor<i1>) dimensions = [0, 1]
    (%in: i1, %acc: i1) {
      %r = arith.ori %in, %acc : i1
      linalg.yield %r : i1
    }
  return %all_a, %any_a, %all_b, %any_b, %all_c, %any_c, %all_d, %any_d : tensor<i1>, tensor<i1>, tensor<i1>, tensor<i1>, tensor<i1>, tensor<i1>, tensor<i1>, tensor<i1>
}

/// Whole-tensor reductions of four 2 MiB inputs (streamed).
func.func @all_big(%a: tensor<2048x1024xi1>, %b: tensor<2048x1024xi1>, %c: tensor<2048x1024xi1>, %d: tensor<2048x1024xi1>) -> (tensor<i1>, tensor<i1>, tensor<i1>, tensor<i1>, tensor<i1>, tensor<i1>, tensor<i1>, tensor<i1>) {
  %all_a_id = arith.constant true
  %all_a_e = tensor.empty() : tensor<i1>
  %all_a_i = linalg.fill ins(%all_a_id : i1) outs(%all_a_e : tensor<i1>) -> tensor<i1>
  %all_a = linalg.reduce ins(%a : tensor<2048x1024xi1>) outs(%all_a_i : tensor<i1>) dimensions = [0, 1]
    (%in: i1, %acc: i1) {
      %r = arith.andi %in, %acc : i1
      linalg.yield %r : i1
    }
  %any_a_id = arith.constant false
  %any_a_e = tensor.empty() : tensor<i1>
  %any_a_i = linalg.fill ins(%any_a_id : i1) outs(%any_a_e : tensor<i1>) -> tensor<i1>
  %any_a = linalg.reduce ins(%a : tensor<2048x1024xi1>) outs(%any_a_i : tensor<i1>) dimensions = [0, 1]
    (%in: i1, %acc: i1) {
      %r = arith.ori %in, %acc : i1
      linalg.yield %r : i1
    }
  %all_b_id = arith.constant true
  %all_b_e = tensor.empty() : tensor<i1>
  %all_b_i = linalg.fill ins(%all_b_id : i1) outs(%all_b_e : tensor<i1>) -> tensor<i1>
  %all_b = linalg.reduce ins(%b : tensor<2048x1024xi1>) outs(%all_b_i : tensor<i1>) dimensions = [0, 1]
    (%in: i1, %acc: i1) {
      %r = arith.andi %in, %acc : i1
      linalg.yield %r : i1
    }
  %any_b_id = arith.constant false
  %any_b_e = tensor.empty() : tensor<i1>
  %any_b_i = linalg.fill ins(%any_b_id : i1) outs(%any_b_e : tensor<i1>) -> tensor<i1>
  %any_b = linalg.reduce ins(%b : tensor<2048x1024xi1>) outs(%any_b_i : tensor<i1>) dimensions = [0, 1]
    (%in: i1, %acc: i1) {
      %r = arith.ori %in, %acc : i1
      linalg.yield %r : i1
    }
  %all_c_id = arith.constant true
  %all_c_e = tensor.empty() : tensor<i1>
  %all_c_i = linalg.fill ins(%all_c_id : i1) outs(%all_c_e : tensor<i1>) -> tensor<i1>
  %all_c = linalg.reduce ins(%c : tensor<2048x1024xi1>) outs(%all_c_i : tensor<i1>) dimensions = [0, 1]
    (%in: i1, %acc: i1) {
      %r = arith.andi %in, %acc : i1
      linalg.yield %r : i1
    }
  %any_c_id = arith.constant false
  %any_c_e = tensor.empty() : tensor<i1>
  %any_c_i = linalg.fill ins(%any_c_id : i1) outs(%any_c_e : tensor<i1>) -> tensor<i1>
  %any_c = linalg.reduce ins(%c : tensor<2048x1024xi1>) outs(%any_c_i : tensor<i1>) dimensions = [0, 1]
    (%in: i1, %acc: i1) {
      %r = arith.ori %in, %acc : i1
      linalg.yield %r : i1
    }
  %all_d_id = arith.constant true
  %all_d_e = tensor.empty() : tensor<i1>
  %all_d_i = linalg.fill ins(%all_d_id : i1) outs(%all_d_e : tensor<i1>) -> tensor<i1>
  %all_d = linalg.reduce ins(%d : tensor<2048x1024xi1>) outs(%all_d_i : tensor<i1>) dimensions = [0, 1]
    (%in: i1, %acc: i1) {
      %r = arith.andi %in, %acc : i1
      linalg.yield %r : i1
    }
  %any_d_id = arith.constant false
  %any_d_e = tensor.empty() : tensor<i1>
  %any_d_i = linalg.fill ins(%any_d_id : i1) outs(%any_d_e : tensor<i1>) -> tensor<i1>
  %any_d = linalg.reduce ins(%d : tensor<2048x1024xi1>) outs(%any_d_i : tensor<i1>) dimensions = [0, 1]
    (%in: i1, %acc: i1) {
      %r = arith.ori %in, %acc : i1
      linalg.yield %r : i1
    }
  return %all_a, %any_a, %all_b, %any_b, %all_c, %any_c, %all_d, %any_d : tensor<i1>, tensor<i1>, tensor<i1>, tensor<i1>, tensor<i1>, tensor<i1>, tensor<i1>, tensor<i1>
}

// RUN: reduce-opt %s --split-input-file --verify-diagnostics --reduce-plan

// reduce-plan applies the register width a function already records
// (reduce.vector_bits), which must be one of the x86 widths.

// expected-error @below {{expected 'reduce.vector_bits' to be an integer of 128, 256 or 512, found 64 : i64}}
func.func @too_narrow(%x: tensor<64xf32>) -> tensor<64xf32>
    attributes {reduce.vector_bits = 64 : i64} {
  return %x : tensor<64xf32>
}

// -----

// expected-error @below {{expected 'reduce.vector_bits' to be an integer of 128, 256 or 512, found [256]}}
func.func @not_integer(%x: tensor<64xf32>) -> tensor<64xf32>
    attributes {reduce.vector_bits = [256]} {
  return %x : tensor<64xf32>
}

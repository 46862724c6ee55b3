func.func @main(%x: tensor<4x3xi8>, %y: tensor<4x3xi8>) -> tensor<4xi8> {
  %c = arith.constant dense<-1> : tensor<4x3xi8>
  %q = arith.ceildivsi %x, %c : tensor<4x3xi8>
  %d = arith.divui %q, %y : tensor<4x3xi8>
  %m = reduce.max %d axes [1] : tensor<4x3xi8> -> tensor<4xi8>
  return %m : tensor<4xi8>
}

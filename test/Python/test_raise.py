"""TOSA and linalg reductions through reduce_mlir.compile: the default
pipeline raises them to reduce ops (raise-to-reduce) and lowers the other
TOSA ops; every result is compared with NumPy, NaN and infinities
included."""

import numpy as np
import pytest

import reduce_mlir as rm

NAN, INF = np.nan, np.inf


def rows():
    x = np.random.default_rng(3).standard_normal((5, 64)).astype(np.float32)
    x[1, 7], x[2, :], x[3, 9] = NAN, NAN, INF
    return x


TOSA = """
func.func @kinds(%x: tensor<5x64xf32>) -> (tensor<5x1xf32>, tensor<5x1xf32>, tensor<1x64xf32>) {
  %s = tosa.reduce_sum %x {axis = 1 : i32} : (tensor<5x64xf32>) -> tensor<5x1xf32>
  %m = tosa.reduce_max %x {axis = 1 : i32, nan_mode = #tosa<nan_mode<IGNORE>>} : (tensor<5x64xf32>) -> tensor<5x1xf32>
  %n = tosa.reduce_min %x {axis = 0 : i32} : (tensor<5x64xf32>) -> tensor<1x64xf32>
  return %s, %m, %n : tensor<5x1xf32>, tensor<5x1xf32>, tensor<1x64xf32>
}

func.func @dot(%a: tensor<5x64xf32>, %b: tensor<5x64xf32>) -> tensor<5xf32> {
  %shift = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %p = tosa.mul %a, %b, %shift : (tensor<5x64xf32>, tensor<5x64xf32>, tensor<1xi8>) -> tensor<5x64xf32>
  %r = tosa.reduce_sum %p {axis = 1 : i32} : (tensor<5x64xf32>) -> tensor<5x1xf32>
  %s = tosa.const_shape {values = dense<[5]> : tensor<1xindex>} : () -> !tosa.shape<1>
  %y = tosa.reshape %r, %s : (tensor<5x1xf32>, !tosa.shape<1>) -> tensor<5xf32>
  return %y : tensor<5xf32>
}

func.func @any(%x: tensor<4x6xi1>) -> tensor<4x1xi1> {
  %r = tosa.reduce_any %x {axis = 1 : i32} : (tensor<4x6xi1>) -> tensor<4x1xi1>
  return %r : tensor<4x1xi1>
}
"""

LINALG = """
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @l1(%x: tensor<?x64xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %d = tensor.dim %x, %c0 : tensor<?x64xf32>
  %z = arith.constant 0.0 : f32
  %e = tensor.empty(%d) : tensor<?xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<?xf32>) -> tensor<?xf32>
  %r = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<?x64xf32>) outs(%f : tensor<?xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %a = math.absf %in : f32
    %s = arith.addf %a, %acc : f32
    linalg.yield %s : f32
  } -> tensor<?xf32>
  return %r : tensor<?xf32>
}
"""


def close(got, want, rtol=1e-5):
    np.testing.assert_allclose(np.asarray(got, np.float64),
                               np.asarray(want, np.float64), rtol=rtol,
                               atol=0, equal_nan=True)


def test_tosa_kinds():
    x = rows()
    s, m, n = rm.compile(TOSA).kinds(x)
    with np.errstate(invalid="ignore"):
        close(s, np.sum(x.astype(np.float64), axis=1, keepdims=True))
    with pytest.warns(RuntimeWarning):
        close(m, np.nanmax(x, axis=1, keepdims=True))
    close(n, np.min(x, axis=0, keepdims=True))
    assert s.shape == (5, 1) and n.shape == (1, 64)


def test_tosa_dot_fused():
    rng = np.random.default_rng(4)
    a = rng.standard_normal((5, 64)).astype(np.float32)
    b = rng.standard_normal((5, 64)).astype(np.float32)
    close(rm.compile(TOSA).dot(a, b),
          np.sum(a.astype(np.float64) * b, axis=1))


def test_tosa_any():
    x = np.zeros((4, 6), np.bool_)
    x[1, 2] = x[3, :] = True
    got = rm.compile(TOSA).any(x)
    assert got.dtype == np.bool_
    assert (got == np.any(x, axis=1, keepdims=True)).all()


@pytest.mark.parametrize("raise_", ["true", "false"])
def test_linalg_l1(raise_):
    x = rows()
    close(rm.compile(LINALG, f"raise-to-reduce={raise_}").l1(x),
          np.sum(np.abs(x.astype(np.float64)), axis=1))


def test_tosa_without_raising():
    with pytest.raises(ValueError, match="'tosa.reduce_sum' op is not supported"):
        rm.compile(TOSA, "raise-to-reduce=false")

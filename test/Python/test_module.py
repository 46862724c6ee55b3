"""reduce_mlir.compile, module entries, the importers and the errors."""

import os

import numpy as np
import pytest

import reduce_mlir as rm

SRC_ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))

SOURCE = """
func.func @f(%x: tensor<2x3xf32>) -> tensor<2xf32> {
  %r = reduce.sum %x axes [1] : tensor<2x3xf32> -> tensor<2xf32>
  return %r : tensor<2xf32>
}
func.func @two(%x: tensor<?x4xi32>, %y: tensor<4xf64>)
    -> (tensor<?xi32>, tensor<f64>) {
  %a = reduce.max %x axes [-1] : tensor<?x4xi32> -> tensor<?xi32>
  %b = reduce.l2 %y axes [0] : tensor<4xf64> -> tensor<f64>
  return %a, %b : tensor<?xi32>, tensor<f64>
}
func.func @g(%x: tensor<?x?x?xf32>, %a: tensor<?xi64>) -> tensor<*xf32> {
  %r = reduce.sum %x axes %a : tensor<?x?x?xf32>, tensor<?xi64> -> tensor<*xf32>
  return %r : tensor<*xf32>
}
func.func @all(%x: tensor<5xi1>) -> tensor<i1> {
  %r = reduce.logical_and %x axes [0] : tensor<5xi1> -> tensor<i1>
  return %r : tensor<i1>
}
func.func @bf(%x: tensor<3xbf16>) -> tensor<bf16> {
  %r = reduce.sum %x axes [0] : tensor<3xbf16> -> tensor<bf16>
  return %r : tensor<bf16>
}
"""


@pytest.fixture(scope="module")
def module():
    return rm.compile(SOURCE)


def test_entries(module):
    assert module.entry_names == ["f", "two", "g", "all", "bf"]
    assert "f" in module and "h" not in module
    assert list(module) == module.entry_names
    assert module["f"] is module.f
    assert module.f.argument_types == ["tensor<2x3xf32>"]
    assert module.two.result_types == ["tensor<?xi32>", "tensor<f64>"]
    assert module.compile_ms > 0
    assert "vector_bits" in module.target
    assert "f" in dir(module)


def test_calls(module):
    x = np.arange(6, dtype=np.float32).reshape(2, 3)
    r = module["f"](x)
    assert isinstance(r, np.ndarray) and r.tolist() == [3.0, 12.0]
    assert module.f(x.tolist()).tolist() == [3.0, 12.0]  # lists convert
    a, b = module.two(np.arange(12, dtype=np.int32).reshape(3, 4),
                      np.array([3.0, 4.0, 0.0, 0.0]))
    assert a.tolist() == [3, 7, 11] and a.dtype == np.int32
    assert b.shape == () and b == 5.0
    r = module.g(np.ones((2, 3, 4), np.float32), np.array([0, -1]))
    assert r.shape == (3,) and r.tolist() == [8.0, 8.0, 8.0]
    assert module.all(np.array([True] * 5)) == np.True_
    assert module.all(np.array([True, False, True, True, True])) == np.False_
    one = 0x3F80  # 1.0 in bf16
    r = module.bf(np.array([one, one, one], np.uint16))
    assert r.dtype == np.uint16 and r == 0x4040  # 3.0
    # Non-contiguous argument.
    big = np.arange(12, dtype=np.float32).reshape(2, 6)
    assert module.f(big[:, ::2]).tolist() == [6.0, 24.0]


def test_call_errors(module):
    x = np.zeros((2, 3), np.float32)
    with pytest.raises(TypeError, match="element type|f64|f32"):
        module.f(x.astype(np.float64))
    with pytest.raises(TypeError, match="rank"):
        module.f(np.zeros((6,), np.float32))
    with pytest.raises(TypeError, match="size"):
        module.f(np.zeros((2, 4), np.float32))
    with pytest.raises(TypeError, match="argument"):
        module.f()
    with pytest.raises(TypeError, match="argument"):
        module.f(x, x)
    with pytest.raises(TypeError, match="unsupported dtype complex"):
        module.f(x.astype(np.complex64))
    with pytest.raises(TypeError, match="unsupported dtype <U"):
        module.f(np.array([["a", "b", "c"]] * 2))
    with pytest.raises(ValueError, match="could not convert"):
        module.f("not an array")  # NumPy's conversion error
    # A runtime check of the kernel: the axis is out of range.
    with pytest.raises(ValueError, match="axis 5 is out of range"):
        module.g(np.ones((2, 3, 4), np.float32), np.array([5]))
    with pytest.raises(KeyError, match="no entry function 'nope'"):
        module["nope"]
    with pytest.raises(AttributeError, match="no entry function 'nope'"):
        module.nope
    # Bytes other than 0 and 1 in a bool array.
    bad = np.array([1, 7, 0, 1, 1], np.uint8).view(np.bool_)
    with pytest.raises(ValueError, match="bool element 1"):
        module.all(bad)
    # The module still works after every error.
    assert module.f(x).tolist() == [0.0, 0.0]


def test_sizes_that_must_agree():
    # The product needs the dynamic sizes equal: checked before the call.
    m = rm.compile("""
func.func @dot(%x: tensor<?xf32>, %y: tensor<?xf32>) -> tensor<f32> {
  %p = arith.mulf %x, %y : tensor<?xf32>
  %r = reduce.sum %p axes [0] : tensor<?xf32> -> tensor<f32>
  return %r : tensor<f32>
}""")
    with pytest.raises(TypeError, match="dim 0 of argument #0 has size 3000000, "
                       "but dim 0 of argument #1 has size 1: 'arith.mulf'"):
        m.dot(np.ones(3000000, np.float32), np.ones(1, np.float32))
    x = np.array([1.5, -2.0, 4.0], np.float32)
    y = np.array([2.0, 0.5, -1.0], np.float32)
    assert m.dot(x, y) == np.dot(x, y)


def test_compile_errors():
    with pytest.raises(ValueError, match="expected"):
        rm.compile("func.func @f(")
    with pytest.raises(ValueError, match="out of range"):
        rm.compile("""
func.func @f(%x: tensor<2x3xf32>) -> tensor<2xf32> {
  %r = reduce.sum %x axes [4] : tensor<2x3xf32> -> tensor<2xf32>
  return %r : tensor<2xf32>
}""")
    with pytest.raises(ValueError):
        rm.compile(SOURCE, options="no-such-option=3")
    with pytest.raises(TypeError):
        rm.compile(b"bytes")


def test_load_onnx():
    path = os.path.join(SRC_ROOT, "examples", "models", "quickstart.onnx")
    model = rm.load_onnx(path)
    assert model.entry_names == ["main"]
    x = np.random.default_rng(1).standard_normal((2, 3, 4)).astype(np.float32)
    mean, l2, mx = model.main(x)
    np.testing.assert_allclose(mean, x.mean(axis=-1), rtol=1e-5)
    np.testing.assert_allclose(
        l2, np.sqrt((x.astype(np.float64) ** 2).sum(axis=1, keepdims=True)),
        rtol=1e-5)
    np.testing.assert_allclose(
        mx, (x.astype(np.float64) ** 2).sum(axis=2).max(keepdims=True),
        rtol=1e-5)


def test_load_openvino(tmp_path):
    """The OpenVINO IR example: the ReduceSum-1 specification cases, the
    weights in the .bin beside the XML (or named by weights=)."""
    path = os.path.join(SRC_ROOT, "examples", "models",
                        "openvino-reduce-sum.xml")
    x = np.random.default_rng(3).standard_normal((6, 12, 10, 24)).astype(
        np.float32)
    xf = x.astype(np.float64)
    want = [xf.sum((2, 3), keepdims=True), xf.sum((2, 3)),
            xf.sum(1, keepdims=True), xf.sum(1), xf.sum(-2, keepdims=True),
            xf.sum(-2)]
    model = rm.load_openvino(path)
    assert len(model.entry_names) == 1
    got = model[model.entry_names[0]](x)
    assert len(got) == len(want)
    for g, w in zip(got, want):
        assert g.shape == w.shape
        np.testing.assert_allclose(g, w, rtol=1e-5, atol=1e-4)
    # The XML elsewhere, its weights named explicitly.
    moved = tmp_path / "moved.xml"
    moved.write_bytes(open(path, "rb").read())
    model = rm.load_openvino(moved, weights=path[:-4] + ".bin")
    np.testing.assert_allclose(model[model.entry_names[0]](x)[1], want[1],
                               rtol=1e-5, atol=1e-4)
    with pytest.raises(ValueError):
        rm.load_openvino(moved)  # no moved.bin beside it


def test_load_errors(tmp_path):
    with pytest.raises(ValueError, match="cannot|No such|open|read"):
        rm.load_onnx(str(tmp_path / "missing.onnx"))
    with pytest.raises(ValueError, match="expected a .onnx file"):
        rm.load_onnx(str(tmp_path / "model.xml"))
    garbage = tmp_path / "garbage.onnx"
    garbage.write_bytes(b"\x01\x02not a model")
    with pytest.raises(ValueError):
        rm.load_onnx(garbage)  # a path-like object
    xml = tmp_path / "model.xml"
    xml.write_text("<net name='n' version='11'><layers>")  # truncated
    with pytest.raises(ValueError, match="model.xml"):
        rm.load_openvino(xml)
    with pytest.raises(ValueError, match="expected a .xml file"):
        rm.load_openvino(garbage)


def test_numpy_style_errors():
    x = np.zeros((2, 3), np.float32)
    with pytest.raises(ValueError, match="axis 2 is out of range"):
        rm.sum(x, axis=2)
    with pytest.raises(ValueError, match="out of range"):
        rm.min(x, axis=(0, -3))
    with pytest.raises(ValueError):
        rm.sum(x, axis=(1, -1))  # the same dim twice
    with pytest.raises(TypeError):
        rm.sum(x, axis=1.5)
    with pytest.raises(TypeError, match="reduce.l2"):
        rm.l2(x > 0)
    with pytest.raises(TypeError, match="reduce.logical_and"):
        rm.logical_and(x)
    with pytest.raises(TypeError, match="reduce.sum"):
        rm.sum(x > 0)
    with pytest.raises(TypeError, match="unsupported dtype complex"):
        rm.sum(x.astype(np.complex128))
    with pytest.raises(TypeError, match="unsupported dtype"):
        rm.sum(np.array(["a", "b"]))
    with pytest.raises(TypeError, match="bfloat16"):
        rm.sum(x, dtype="bfloat16")
    with pytest.raises(TypeError, match="does not match"):
        rm.min(x, dtype=np.float64)
    # sum may widen (dtype=np.float64 accumulates in f64), never narrow.
    with pytest.raises(TypeError, match="narrows"):
        rm.sum(x, dtype=np.float16)
    with pytest.raises(ValueError, match="threads"):
        rm.sum(x, threads=0)
    with pytest.raises(ValueError):
        rm.sum(x, options="vector-width=banana")
    # Still fine afterwards.
    assert rm.sum(x, axis=1, dtype=np.float32).tolist() == [0.0, 0.0]


def test_persistent_cache_across_processes(tmp_path):
    """A second process loads the object the first one compiled."""
    import subprocess
    import sys
    script = (
        "import sys, numpy as np, reduce_mlir as rm\n"
        "m = rm.compile(sys.stdin.read())\n"
        "x = np.arange(6, dtype=np.float32).reshape(2, 3)\n"
        "print(m.cache, m.f(x).tolist(), m.two(np.ones((2, 4), np.int32),"
        " np.full(4, 2.0))[1])\n")
    env = dict(os.environ, REDUCE_CACHE_DIR=str(tmp_path),
               PYTHONPATH=os.pathsep.join(sys.path))
    env.pop("REDUCE_JIT_CACHE", None)
    outputs = [subprocess.run([sys.executable, "-c", script], input=SOURCE,
                              env=env, check=True, capture_output=True,
                              text=True).stdout.split(" ", 1)
               for _ in range(2)]
    assert [status for status, _ in outputs] == ["miss", "hit"]
    assert outputs[0][1] == outputs[1][1] == "[3.0, 12.0] 4.0\n"
    assert rm.compile(SOURCE).cache == "off"  # lit runs with REDUCE_JIT_CACHE=off


def test_not_distributed(module):
    """Without a shard.grid: no grid, rank 0, every block the whole."""
    assert module.grid_shape == () and module.rank == 0
    whole = slice(None, None, None)
    assert module.f.argument_blocks == [(whole, whole)]
    assert module.f.result_blocks == [(whole,)]


def test_time_native(module):
    """The benchmark's in-process timing of the C++ JIT API."""
    x = np.arange(6, dtype=np.float32).reshape(2, 3)
    times = module.f._time_native(x, 5)
    assert len(times) == 5 and all(t > 0 for t in times)
    with pytest.raises(TypeError):
        module.f._time_native(np.zeros(3, np.float32), 1)

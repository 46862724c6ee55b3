"""The kernel cache and calls from many Python threads."""

import threading

import numpy as np

import reduce_mlir as rm


def run_threads(work, count):
    """Runs work(0), ..., work(count - 1) on `count` threads at once and
    waits for all of them."""
    threads = [threading.Thread(target=work, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


def test_second_call_compiles_nothing():
    rm.cache_clear()
    assert rm.cache_info() == (0, 0, 0, 0.0)
    x = np.arange(24, dtype=np.float32).reshape(2, 3, 4)
    first = rm.sum(x, axis=1)
    info = rm.cache_info()
    assert info.misses == 1 and info.entries == 1 and info.hits == 0
    assert info.compile_seconds > 0
    second = rm.sum(x, axis=1)
    info = rm.cache_info()
    assert info.misses == 1 and info.hits == 1
    np.testing.assert_array_equal(first, second)
    # Another spelling of the same axes, a list, new data of the same dtype
    # and shape, a non-contiguous array of that shape: the same kernel.
    rm.sum(x, axis=-2)
    rm.sum(x, axis=[1])
    rm.sum(x + 1, axis=(1,))
    rm.sum(np.ones((2, 4, 3), np.float32).transpose(0, 2, 1), axis=1)
    info = rm.cache_info()
    assert info.misses == 1 and info.hits == 5 and info.entries == 1


def test_key_parts_each_compile():
    """Each part of the key (op, dtype, shape, axes, keepdims, nan_mode,
    options) selects its own kernel."""
    rm.cache_clear()
    x = np.ones((4, 8), np.float32)
    rm.sum(x, axis=0)
    rm.l1(x, axis=0)
    rm.sum(x.astype(np.float64), axis=0)
    rm.sum(np.ones((4, 9), np.float32), axis=0)
    rm.sum(x, axis=1)
    rm.sum(x, axis=0, keepdims=True)
    rm.min(x, axis=0)
    rm.min(x, axis=0, nan_mode="ignore")
    rm.sum(x, axis=0, threads=2)
    rm.sum(x, axis=0, options="strict-fp-order=true")
    info = rm.cache_info()
    assert info.misses == 10 and info.entries == 10 and info.hits == 0
    # Errors are the dialect's diagnostics, raised by the builder: nothing
    # compiles, nothing is cached.
    for _ in range(2):
        try:
            rm.sum(x, axis=5)
        except ValueError:
            pass
    info = rm.cache_info()
    assert info.entries == 10 and info.misses == 10


def test_many_threads_one_kernel():
    rng = np.random.default_rng(7)
    data = [rng.standard_normal((6, 12, 10, 24)).astype(np.float32)
            for _ in range(8)]
    expected = [rm.sum(x, axis=(2, 3), keepdims=True) for x in data]
    misses = rm.cache_info().misses
    errors = []
    start = threading.Barrier(8)

    def work(index):
        try:
            start.wait()
            for step in range(200):
                k = (index + step) % len(data)
                got = rm.sum(data[k], axis=(2, 3), keepdims=True)
                if not np.array_equal(got, expected[k]):
                    errors.append((index, step))
        except Exception as error:  # pragma: no cover - reported below
            errors.append(error)

    run_threads(work, 8)
    assert errors == []
    assert rm.cache_info().misses == misses  # one kernel, compiled once


def test_many_threads_one_module_function():
    module = rm.compile("""
func.func @f(%x: tensor<?x64xf64>) -> tensor<?xf64> {
  %r = reduce.max %x axes [1] : tensor<?x64xf64> -> tensor<?xf64>
  return %r : tensor<?xf64>
}""")
    f = module.f
    errors = []

    def work(index):
        rng = np.random.default_rng(index)
        for _ in range(100):
            x = rng.standard_normal((1 + index, 64))
            if not np.array_equal(f(x), x.max(axis=1)):
                errors.append(index)

    run_threads(work, 8)
    assert errors == []


def test_threads_compile_one_key_once():
    """Threads that miss the same key at once compile it once."""
    rm.cache_clear()
    x = np.ones((3, 5, 7), np.int32)
    results = []
    start = threading.Barrier(6)

    def work(_):
        start.wait()
        results.append(rm.prod(x, axis=(0, 2)))

    run_threads(work, 6)
    assert len(results) == 6
    assert all(r.tolist() == [1] * 5 for r in results)
    info = rm.cache_info()
    assert info.misses == 1 and info.hits == 5


def test_many_threads_on_an_openmp_kernel():
    """Python threads calling a threads=2 kernel (OpenMP inside) at once."""
    x = np.random.default_rng(3).standard_normal((512, 1024)).astype(np.float32)
    options = "min-parallel-bytes=4096"
    expected = rm.sum(x, axis=1, threads=2, options=options)
    np.testing.assert_allclose(expected, x.astype(np.float64).sum(axis=1),
                               rtol=1e-4, atol=1e-3)
    errors = []

    def work(_):
        for _ in range(50):
            got = rm.sum(x, axis=1, threads=2, options=options)
            if not np.array_equal(got, expected):
                errors.append(got)

    run_threads(work, 4)
    assert errors == []

"""The PyTorch contender of reduce-bench's fused workloads: a server that
runs them the way a PyTorch user writes them, on torch's CPU kernels, timed
by itself, with the line protocol of benchmarks/numpy_contender.py (load,
fused, run, save) plus

  threads N          torch.set_num_threads(N) for the next runs

Exits at once when torch cannot be imported (the benchmark then goes on
without this contender). Debian's python3-torch (utils/bench.sh installs it).
"""
import os
import sys

# Torch's OpenMP (libgomp) workers spin at most about a millisecond after a
# parallel region, as every two-thread contender's helpers do in the
# benchmark (docs/tuning.md, "The benchmark's method"): spinning longer, they
# took a core from the contender timed next (the two-thread JIT sum ran 5x
# slower after them on the 2-core VM). Read when libgomp loads, with torch.
os.environ.setdefault("GOMP_SPINCOUNT", "10000")

import numpy as np  # noqa: E402
import torch  # noqa: E402
import torch.nn.functional as F  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from numpy_contender import EPS, serve  # noqa: E402


def make_op(x, op, axes, keep):
    raise ValueError("the torch contender runs the fused workloads only")


def make_fused(x, y, name):
    """The fused workloads as a PyTorch user writes them (no autograd)."""
    def no_grad(fn):
        def run():
            with torch.inference_mode():
                return fn()
        return run
    if name == "minmax":
        return no_grad(lambda: tuple(torch.aminmax(x, dim=1)))
    if name == "dot":
        return no_grad(lambda: (x * y).sum(1))
    if name == "meanvar":
        def mean_var():
            var, mean = torch.var_mean(x, dim=1, unbiased=False)
            return (mean, var)
        return no_grad(mean_var)
    if name == "softmax":
        return no_grad(lambda: torch.softmax(x, dim=1))
    if name == "layernorm":
        return no_grad(lambda: F.layer_norm(x, (x.shape[1],), eps=EPS))
    if name == "rmsnorm":
        return no_grad(
            lambda: x * torch.rsqrt(x.pow(2).mean(1, keepdim=True) + EPS))
    raise ValueError("unknown fused workload " + name)


def threads(words):
    torch.set_num_threads(int(words[0]))
    return "ok"


if __name__ == "__main__":
    # The inputs in torch's own (64-byte aligned) allocation, as a PyTorch
    # user's tensors are, not on np.load's buffer (16 mod 64 here).
    serve(lambda path: torch.from_numpy(np.load(path)).clone(), make_op,
          make_fused, lambda value: value.numpy(), {"threads": threads})

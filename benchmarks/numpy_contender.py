"""The numpy contender of reduce-bench: a server that reduces one array the
way an ML engineer writes it in numpy, timed by itself, on commands from the
benchmark on stdin (one per line, one reply line each on stdout):

  load PATH [y]      load the .npy input x (once per workload), or with y the
                     second input of the fused dot product
  op OP AXES KEEP    the reduction (an op of the reduce dialect: sum, l1,
                     min, max, prod, mean, l2, sum_square, log_sum,
                     log_sum_exp, logical_and, logical_or) over the
                     comma-separated AXES, keepdims when KEEP is 1
  fused NAME         a fused workload over the rows of x (axis 1): minmax,
                     dot (of x and y), meanvar, softmax, layernorm, rmsnorm
  run N              N calls back to back; replies their total seconds
  save PATH [I]      write the last result (its I-th, for the workloads with
                     two results) as .npy

The server loop (serve) is shared with benchmarks/torch_contender.py.
"""
import sys
import time

import numpy as np

# The epsilon of layer norm and RMS norm (benchmarks/Fused.h).
EPS = 1e-5


def make(x, op, axes, keep):
    if op == "sum":
        # The input's dtype, as the dialect: numpy would widen int32 to int64.
        return lambda: np.sum(x, axis=axes, keepdims=keep, dtype=x.dtype)
    if op == "l1":
        return lambda: np.sum(np.abs(x), axis=axes, keepdims=keep,
                              dtype=x.dtype)
    if op == "min":
        return lambda: np.min(x, axis=axes, keepdims=keep)
    if op == "max":
        return lambda: np.max(x, axis=axes, keepdims=keep)
    if op == "prod":
        return lambda: np.prod(x, axis=axes, keepdims=keep, dtype=x.dtype)
    if op == "mean":
        # Accumulates in float32 as the dialect (numpy's default for float32
        # input is float32 too; said explicitly).
        return lambda: np.mean(x, axis=axes, keepdims=keep, dtype=np.float32)
    if op == "l2":
        return lambda: np.sqrt(np.sum(x * x, axis=axes, keepdims=keep))
    if op == "sum_square":
        return lambda: np.sum(x * x, axis=axes, keepdims=keep)
    if op == "log_sum":
        return lambda: np.log(np.sum(x, axis=axes, keepdims=keep))
    if op == "log_sum_exp":
        # The usual numpy spelling, shifted by the max.
        def log_sum_exp():
            m = np.max(x, axis=axes, keepdims=True)
            r = np.log(np.sum(np.exp(x - m), axis=axes, keepdims=True)) + m
            return r if keep else np.squeeze(r, axis=axes)
        return log_sum_exp
    if op == "logical_and":
        return lambda: np.all(x, axis=axes, keepdims=keep)
    if op == "logical_or":
        return lambda: np.any(x, axis=axes, keepdims=keep)
    raise ValueError("unknown op " + op)


def make_fused(x, y, name):
    """The fused workloads as an ML engineer writes them in numpy."""
    if name == "minmax":
        return lambda: (np.min(x, axis=1), np.max(x, axis=1))
    if name == "dot":
        return lambda: np.sum(x * y, axis=1)
    if name == "meanvar":
        return lambda: (x.mean(axis=1), x.var(axis=1))
    if name == "softmax":
        def softmax():
            e = np.exp(x - x.max(axis=1, keepdims=True))
            return e / e.sum(axis=1, keepdims=True)
        return softmax
    if name == "layernorm":
        def layer_norm():
            mean = x.mean(axis=1, keepdims=True)
            var = x.var(axis=1, keepdims=True)
            return (x - mean) / np.sqrt(var + EPS)
        return layer_norm
    if name == "rmsnorm":
        return lambda: x / np.sqrt(np.mean(x * x, axis=1, keepdims=True) + EPS)
    raise ValueError("unknown fused workload " + name)


def serve(load, make_op, make_fused_fn, to_numpy, commands=None):
    """The line protocol: `load(path)` returns an input, `make_op(x, op,
    axes, keep)` and `make_fused_fn(x, y, name)` the function to time,
    `to_numpy` converts a result for saving; `commands` maps more command
    names to handlers of their words, returning the reply."""
    x = y = None
    fn = None
    result = None
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        try:
            if words[0] == "load":
                value = load(words[1])
                if len(words) > 2 and words[2] == "y":
                    y = value
                else:
                    x = value
                reply = "ok"
            elif words[0] == "op":
                axes = tuple(int(a) for a in words[2].split(","))
                fn = make_op(x, words[1], axes, words[3] == "1")
                reply = "ok"
            elif words[0] == "fused":
                fn = make_fused_fn(x, y, words[1])
                reply = "ok"
            elif words[0] == "run":
                # The last result is dropped before each call, so that every
                # call starts from the same heap: kept alive, a large result
                # (the fused workloads') shared glibc's heap with the next,
                # whose pages were then returned to the kernel and faulted in
                # again on most calls (torch's softmax of 16 MiB: 60 ms, 3.4
                # ms once dropped, on the 2-core VM).
                start = time.perf_counter()
                for _ in range(int(words[1])):
                    result = None
                    result = fn()
                reply = repr(time.perf_counter() - start)
            elif words[0] == "save":
                value = result
                if isinstance(value, tuple):
                    value = value[int(words[2]) if len(words) > 2 else 0]
                np.save(words[1], np.ascontiguousarray(to_numpy(value)))
                reply = "ok"
            elif commands and words[0] in commands:
                reply = commands[words[0]](words[1:])
            else:
                reply = "error unknown command " + words[0]
        except Exception as error:  # reported to the benchmark, which goes on
            reply = "error " + str(error).replace("\n", " ")
        sys.stdout.write(reply + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    serve(np.load, make, make_fused, lambda value: value)

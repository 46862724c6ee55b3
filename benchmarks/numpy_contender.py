"""The numpy contender of reduce-bench: a server that reduces one array the
way an ML engineer writes it in numpy, timed by itself, on commands from the
benchmark on stdin (one per line, one reply line each on stdout):

  load PATH          load the .npy input (once per workload)
  op OP AXES KEEP    the reduction (an op of the reduce dialect: sum, l1,
                     min, max, prod, mean, l2, sum_square, log_sum,
                     log_sum_exp, logical_and, logical_or) over the
                     comma-separated AXES, keepdims when KEEP is 1
  run N              N calls back to back; replies their total seconds
  save PATH          write the last result as .npy
"""
import sys
import time

import numpy as np

x = None
reduce_fn = None
result = None


def make(op, axes, keep):
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


for line in sys.stdin:
    words = line.split()
    if not words:
        continue
    try:
        if words[0] == "load":
            x = np.load(words[1])
            reply = "ok"
        elif words[0] == "op":
            axes = tuple(int(a) for a in words[2].split(","))
            reduce_fn = make(words[1], axes, words[3] == "1")
            reply = "ok"
        elif words[0] == "run":
            start = time.perf_counter()
            for _ in range(int(words[1])):
                result = reduce_fn()
            reply = repr(time.perf_counter() - start)
        elif words[0] == "save":
            np.save(words[1], np.ascontiguousarray(result))
            reply = "ok"
        else:
            reply = "error unknown command " + words[0]
    except Exception as error:  # reported to the benchmark, which goes on
        reply = "error " + str(error).replace("\n", " ")
    sys.stdout.write(reply + "\n")
    sys.stdout.flush()

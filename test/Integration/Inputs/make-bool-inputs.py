"""Writes the bool (.npy '|b1') inputs of exec-bool.test into argv[1].

Each line along the reduced dims is one of six kinds, by its index: all
true, all false, true but one false, false but one true, random, true but
the last false. The single odd element sits at the first, the last or a
pseudo-random position, so that the all/any of a line is not the same for
every line and depends on every vector chunk and the tail.
"""
import os
import sys

import numpy as np

out = sys.argv[1]
rng = np.random.default_rng(20261121)


def save(name, array):
    assert array.dtype == np.bool_
    np.save(os.path.join(out, name), array)


def lines(count, length):
    """`count` lines of `length` bools, of the six kinds in turn."""
    x = np.empty((count, length), np.bool_)
    for i in range(count):
        kind = i % 6
        where = (0, length - 1, int(rng.integers(length)))[(i // 6) % 3]
        if kind in (0, 2, 5):
            x[i] = True
        elif kind in (1, 3):
            x[i] = False
        else:
            x[i] = rng.integers(0, 2, length).astype(np.bool_)
        if kind == 2:
            x[i, where] = False
        elif kind == 3:
            x[i, where] = True
        elif kind == 5:
            x[i, -1] = False
    return x


def reduced(shape, dims):
    """A tensor of `shape` whose lines along `dims` come from lines()."""
    kept = [d for d in range(len(shape)) if d not in dims]
    count = int(np.prod([shape[d] for d in kept]))
    length = int(np.prod([shape[d] for d in dims]))
    x = lines(count, length).reshape([shape[d] for d in kept + dims])
    return np.transpose(x, np.argsort(kept + dims)).copy()


save("rows_4096.npy", reduced((16, 4096), [1]))
save("cols_4096.npy", reduced((64, 4096), [0]))
save("odd_rows.npy", reduced((37, 1001), [1]))
save("odd_cols.npy", reduced((37, 1001), [0]))
save("rows_big.npy", reduced((512, 4096), [1]))
save("cols_big.npy", reduced((1024, 2048), [0]))
save("rows_dyn.npy", reduced((13, 777), [1]))
save("mixed_3d.npy", reduced((6, 37, 65), [0, 2]))

# Whole-tensor inputs: all true; true but the last false; all false; false
# but one true (in the middle, for the odd shape at row 17, column 500).
for name, shape, middle in (("odd", (37, 1001), 17 * 1001 + 500),
                            ("big", (2048, 1024), 1234567)):
    ones = np.ones(shape, np.bool_)
    last_false = ones.copy()
    last_false.flat[-1] = False
    zeros = np.zeros(shape, np.bool_)
    one_true = zeros.copy()
    one_true.flat[middle] = True
    for suffix, array in (("a", ones), ("b", last_false), ("c", zeros),
                          ("d", one_true)):
        save(f"all_{name}_{suffix}.npy", array)

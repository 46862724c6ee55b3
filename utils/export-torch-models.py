#!/usr/bin/python3
"""Exports small PyTorch blocks around reductions as ONNX models, with their
inputs and PyTorch's outputs, for test/Import/Onnx/torch-models.test.

  /usr/bin/python3 utils/export-torch-models.py [OUTDIR]

OUTDIR defaults to test/Import/Onnx/Inputs/torch. Every block is exported
with torch.onnx.export (Debian's python3-torch 1.13) at opsets 13 and 17
into OUTDIR/<block>_op<opset>/: model.onnx and test_data_set_0/input_K.pb,
output_K.pb (ONNX TensorProtos, as the ONNX node tests lay them out, so
utils/onnx-conformance.py runs them). The outputs are PyTorch's own. The
inputs are small (3x4x8 and the like) and drawn with a fixed seed, so a rerun
writes the same data; the exporter may still name nodes differently in
another PyTorch release. The test command does not run this script: its
output is committed.

What the exporter writes is what the importer must take: at opset 17
F.layer_norm is one LayerNormalization node, at 13 the decomposed chain
(ReduceMean, Sub, Pow, Sqrt, Div, Mul, Add); torch.var leaves a Shape ->
Gather -> ReduceProd -> Cast chain for the count; views written with
x.shape[...] become Shape -> Gather -> Unsqueeze -> Concat -> Reshape.
"""

import os
import shutil
import sys

import numpy as np
import torch
import torch.nn.functional as F
from onnx import numpy_helper

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OPSETS = (13, 17)
# Blocks whose export PyTorch's own ONNX checker rejects (see export()).
CHECKER_REJECTS = {"layer_norm_plain"}


class Block(torch.nn.Module):
    """A module around a function of its inputs and parameters."""

    def __init__(self, fn, params=()):
        super().__init__()
        self.fn = fn
        self.params = torch.nn.ParameterList(
            [torch.nn.Parameter(p) for p in params])

    def forward(self, *args):
        return self.fn(*args, *self.params)


def rms_norm(x, w, eps=1e-6):
    return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + eps) * w


def group_norm_like(x, w, b, groups=4, eps=1e-5):
    # N, C, L -> N, G, C/G * L (through x.shape: a Shape subgraph).
    n, c, length = x.shape[0], x.shape[1], x.shape[2]
    g = x.reshape(n, groups, -1)
    mean = g.mean(-1, keepdim=True)
    var = g.var(-1, unbiased=False, keepdim=True)
    y = ((g - mean) / torch.sqrt(var + eps)).reshape(n, c, length)
    return y * w.reshape(1, -1, 1) + b.reshape(1, -1, 1)


def mean_var(x):
    return x.mean(dim=-1), x.var(dim=-1, unbiased=False)


def centred_and_scaled(x):
    # The first output is also the input of the second.
    centred = x - x.mean(dim=1, keepdim=True)
    return centred, centred / (centred.abs().amax(dim=1, keepdim=True) + 1.0)


def two_outputs(x):
    return torch.softmax(x, dim=-1), x.sum(dim=(0, 2))


def softmax_expand(x):
    # An Expand of the row maximum to x's shape, then a stable softmax.
    m = x.amax(dim=-1, keepdim=True).expand(x.shape)
    e = torch.exp(x - m)
    return e / e.sum(dim=-1, keepdim=True)


def flatten_mean(x):
    # Flatten the last two dims through a Shape subgraph, then reduce.
    y = x.view(x.shape[0], -1)
    return y.mean(dim=1, keepdim=True), y.unsqueeze(1).squeeze(1) * 2.0


def blocks(rng):
    """(name, module, inputs[, torch.onnx.export options]) for every
    exported block."""
    def randn(*shape):
        return torch.from_numpy(rng.standard_normal(shape).astype(np.float32))

    x = randn(3, 4, 8)
    pos = torch.from_numpy(rng.uniform(0.5, 2.0, (3, 4, 8)).astype(np.float32))
    return [
        ("layer_norm_affine",
         Block(lambda x, w, b: F.layer_norm(x, (8,), w, b, 1e-5),
               [randn(8), randn(8)]), [x]),
        ("layer_norm_plain",
         Block(lambda x: F.layer_norm(x, (8,), eps=1e-5)), [x]),
        ("layer_norm_2d",
         Block(lambda x, w, b: F.layer_norm(x, (4, 8), w, b, 1e-3),
               [randn(4, 8), randn(4, 8)]), [x]),
        ("softmax_last", Block(lambda x: torch.softmax(x, dim=-1)), [x]),
        ("softmax_dim1", Block(lambda x: torch.softmax(x, dim=1)), [x]),
        ("log_softmax_last", Block(lambda x: torch.log_softmax(x, dim=-1)),
         [x]),
        ("log_softmax_dim1", Block(lambda x: torch.log_softmax(x, dim=1)),
         [x]),
        ("rms_norm", Block(rms_norm, [randn(8)]), [x]),
        ("normalize_p2", Block(lambda x: F.normalize(x, p=2.0, dim=-1)), [x]),
        ("normalize_p1", Block(lambda x: F.normalize(x, p=1.0, dim=1)), [x]),
        ("var_unbiased",
         Block(lambda x: torch.var(x, dim=-1, unbiased=True)), [x]),
        ("var_biased_keepdim",
         Block(lambda x: torch.var(x, dim=1, unbiased=False, keepdim=True)),
         [x]),
        ("std_unbiased_keepdim",
         Block(lambda x: torch.std(x, dim=-1, unbiased=True, keepdim=True)),
         [x]),
        ("std_biased", Block(lambda x: torch.std(x, dim=(1, 2),
                                                 unbiased=False)), [x]),
        ("mean_var", Block(mean_var), [x]),
        ("cosine_similarity",
         Block(lambda a, b: F.cosine_similarity(a, b, dim=-1)),
         [x, randn(3, 4, 8)]),
        ("sub_max",
         Block(lambda x: x - x.max(dim=1, keepdim=True).values), [x]),
        ("group_norm_like", Block(group_norm_like, [randn(8), randn(8)]),
         [randn(2, 8, 6)]),
        # The same without PyTorch's constant folding: the views keep their
        # Shape -> Gather -> Unsqueeze -> Concat -> Reshape subgraphs.
        ("group_norm_like_unfolded",
         Block(group_norm_like, [randn(8), randn(8)]), [randn(2, 8, 6)],
         {"do_constant_folding": False}),
        ("flatten_mean_unfolded", Block(flatten_mean), [x],
         {"do_constant_folding": False}),
        ("two_outputs", Block(two_outputs), [x]),
        ("intermediate_output", Block(centred_and_scaled), [x]),
        ("softmax_expand", Block(softmax_expand), [x]),
        ("flatten_mean", Block(flatten_mean), [x]),
        ("log_mean_exp",
         Block(lambda p: torch.log(torch.exp(p).mean(dim=-1)) - p.min(-1)[0]),
         [pos]),
    ]


def save_tensor(array, path):
    with open(path, "wb") as f:
        f.write(numpy_helper.from_array(np.ascontiguousarray(array))
                .SerializeToString())


def export(out_dir, name, module, inputs, opset, options):
    test_dir = os.path.join(out_dir, "%s_op%d" % (name, opset))
    data_dir = os.path.join(test_dir, "test_data_set_0")
    os.makedirs(data_dir)
    module.eval()
    with torch.no_grad():
        outputs = module(*inputs)
    if isinstance(outputs, torch.Tensor):
        outputs = (outputs,)
    input_names = ["x%d" % k for k in range(len(inputs))]
    output_names = ["y%d" % k for k in range(len(outputs))]
    try:
        torch.onnx.export(module, tuple(inputs),
                          os.path.join(test_dir, "model.onnx"),
                          opset_version=opset, input_names=input_names,
                          output_names=output_names, **options)
    except Exception as error:  # onnx's ValidationError, torch's CheckerError
        # PyTorch 1.13 writes F.layer_norm without weight at opset 17 as a
        # LayerNormalization whose Scale input is the empty name, which the
        # checker it runs after writing the file rejects. The model is
        # written; the importer takes it (scale 1). Anything else fails.
        if not (name in CHECKER_REJECTS and "marked single but has an "
                "empty string" in str(error)):
            raise
        print("note: %s_op%d: the ONNX checker rejects PyTorch's export: %s"
              % (name, opset, str(error).splitlines()[0]))
    for k, tensor in enumerate(inputs):
        save_tensor(tensor.numpy(), os.path.join(data_dir, "input_%d.pb" % k))
    for k, tensor in enumerate(outputs):
        save_tensor(tensor.numpy(), os.path.join(data_dir, "output_%d.pb" % k))


def main(argv):
    out_dir = argv[0] if argv else os.path.join(
        ROOT, "test", "Import", "Onnx", "Inputs", "torch")
    torch.manual_seed(0)
    if os.path.isdir(out_dir):
        shutil.rmtree(out_dir)
    os.makedirs(out_dir)
    for opset in OPSETS:
        for name, module, inputs, *options in blocks(
                np.random.default_rng(2024)):
            export(out_dir, name, module, inputs, opset,
                   options[0] if options else {})
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

//===- Workloads.cpp - The benchmark's workloads and inputs -----*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "Workloads.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <functional>
#include <random>

using namespace mlir::reduce;

namespace bench {

std::vector<Workload> allWorkloads(bool quick) {
  int64_t s = quick ? 4 : 1; // --quick divides the big sizes
  return {
      {"W1",
       {4096 / s, 4096},
       {1},
       false,
       ElementType::f32,
       1,
       4096 / s,
       4096,
       "contiguous rows"},
      {"W2",
       {4096 / s, 4096},
       {0},
       false,
       ElementType::f32,
       4096 / s,
       4096,
       1,
       "strided (outer) reduction"},
      {"W3",
       {64 / s, 256, 1024},
       {0, 2},
       false,
       ElementType::f32,
       64 / s,
       256,
       1024,
       "mixed axes"},
      {"W4",
       {6, 12, 10, 24},
       {2, 3},
       true,
       ElementType::f32,
       1,
       72,
       240,
       "tiny, call overhead"},
      {"W5",
       {16777216 / (s * s)},
       {0},
       false,
       ElementType::f32,
       1,
       1,
       16777216 / (s * s),
       "everything to one value"},
      {"W6",
       {1048576 / (s * s), 16},
       {1},
       false,
       ElementType::f32,
       1,
       1048576 / (s * s),
       16,
       "short rows"},
      {"W7",
       {4096 / s, 4096},
       {1},
       false,
       ElementType::i32,
       1,
       4096 / s,
       4096,
       "integers"},
      {"W8",
       {16384 / (s * s), 16384},
       {1},
       false,
       ElementType::f32,
       1,
       16384 / (s * s),
       16384,
       "1 GiB, out of cache"},
  };
}

const char *opName(Op op) { return stringifyReductionKind(op).data(); }

bool runsOn(Op op, const Workload &w, llvm::ArrayRef<std::string> selected) {
  if (w.type == ElementType::i32 && !isLogical(op) && op != Op::sum &&
      op != Op::min && op != Op::max && op != Op::prod)
    return false;
  if (selected.empty())
    return op == Op::sum || op == Op::l1 || op == Op::min || w.id == "W1" ||
           w.id == "W2" || w.id == "W5";
  return llvm::is_contained(selected, "all") ||
         llvm::is_contained(selected, opName(op));
}

InputKind inputKindOf(Op op) {
  switch (op) {
  case Op::prod:
  case Op::log_sum:
    return InputKind::nearOne;
  case Op::logical_and:
    return InputKind::mostlyTrue;
  case Op::logical_or:
    return InputKind::mostlyFalse;
  default:
    return InputKind::normal;
  }
}

Workload withInputKind(const Workload &w, InputKind kind) {
  Workload result = w;
  if (kind == InputKind::mostlyTrue || kind == InputKind::mostlyFalse)
    result.type = ElementType::i1;
  return result;
}

std::string inputName(const Workload &w, InputKind kind) {
  switch (kind) {
  case InputKind::normal:
    return w.id;
  case InputKind::nearOne:
    return w.id + " (1+noise)";
  case InputKind::mostlyTrue:
    return w.id + " (i1, mostly true)";
  case InputKind::mostlyFalse:
    return w.id + " (i1, mostly false)";
  }
  return w.id;
}

void fillInput(Buffer &input, const Workload &w, InputKind kind) {
  std::mt19937_64 rng(42 + std::hash<std::string>()(w.id) % 1000 +
                      1000 * static_cast<int>(kind));
  if (kind == InputKind::mostlyTrue || kind == InputKind::mostlyFalse) {
    uint8_t rare = kind == InputKind::mostlyTrue ? 0 : 1;
    uint8_t *bytes = static_cast<uint8_t *>(input.getData());
    for (int64_t i = 0, e = input.getNumElements(); i < e; ++i)
      bytes[i] = (rng() & 8191) == 0 ? rare : uint8_t(1 - rare);
  } else if (w.type == ElementType::f32) {
    std::normal_distribution<float> normal(0.0f, 1.0f);
    for (float &v : input.getElements<float>())
      v = kind == InputKind::nearOne ? 1.0f + 0.001f * normal(rng)
                                     : normal(rng);
  } else {
    std::uniform_int_distribution<int32_t> ints(-1000, 1000);
    for (int32_t &v : input.getElements<int32_t>())
      v = ints(rng);
  }
}

std::string tensorType(llvm::ArrayRef<int64_t> shape, ElementType type) {
  std::string text = "tensor<";
  for (int64_t size : shape)
    text += std::to_string(size) + "x";
  return text + getMlirName(type).str() + ">";
}

/// The shape of `w`'s result: the kept dims, and the reduced ones as 1 with
/// keep_dims.
static std::vector<int64_t> resultShape(const Workload &w) {
  std::vector<int64_t> result;
  for (size_t d = 0; d < w.shape.size(); ++d) {
    bool reduced = std::count(w.axes.begin(), w.axes.end(), int64_t(d));
    if (!reduced)
      result.push_back(w.shape[d]);
    else if (w.keepDims)
      result.push_back(1);
  }
  return result;
}

std::string moduleFor(const Workload &w, Op op, bool runtimeAxes) {
  std::vector<int64_t> result = resultShape(w);
  std::string in = tensorType(w.shape, w.type);
  std::string out = tensorType(result, w.type);
  std::string axes;
  for (size_t i = 0; i < w.axes.size(); ++i)
    axes += (i ? ", " : "") + std::to_string(w.axes[i]);
  std::string axesType = "tensor<" + std::to_string(w.axes.size()) + "xi64>";
  std::string args = runtimeAxes ? ", %a: " + axesType : "";
  std::string axesUse = runtimeAxes ? "%a" : "[" + axes + "]";
  std::string types = runtimeAxes ? in + ", " + axesType : in;
  return "func.func @main(%x: " + in + args + ") -> " + out +
         " {\n  %r = reduce." + opName(op) + " %x axes " + axesUse +
         (w.keepDims ? " keep_dims" : "") + " : " + types + " -> " + out +
         "\n  return %r : " + out + "\n}\n";
}

const char *tosaOpName(Op op) {
  switch (op) {
  case Op::sum:
    return "reduce_sum";
  case Op::prod:
    return "reduce_product";
  case Op::min:
    return "reduce_min";
  case Op::max:
    return "reduce_max";
  case Op::logical_and:
    return "reduce_all";
  case Op::logical_or:
    return "reduce_any";
  default:
    return nullptr;
  }
}

std::string tosaModuleFor(const Workload &w, Op op) {
  std::vector<int64_t> shape = w.shape, result = resultShape(w);
  std::string body, value = "%x";
  for (size_t i = 0; i < w.axes.size(); ++i) {
    std::string in = tensorType(shape, w.type);
    shape[w.axes[i]] = 1;
    std::string out = tensorType(shape, w.type);
    std::string next = "%r" + std::to_string(i);
    body += "  " + next + " = tosa." + tosaOpName(op) + " " + value +
            " {axis = " + std::to_string(w.axes[i]) + " : i32} : (" + in +
            ") -> " + out + "\n";
    value = next;
  }
  std::string out = tensorType(result, w.type);
  if (!w.keepDims) {
    std::string sizes;
    for (size_t i = 0; i < result.size(); ++i)
      sizes += (i ? ", " : "") + std::to_string(result[i]);
    std::string rank = std::to_string(result.size());
    std::string shapeType = "!tosa.shape<" + rank + ">";
    body += "  %s = tosa.const_shape {values = dense<" +
            (result.empty() ? std::string() : "[" + sizes + "]") +
            "> : tensor<" + rank + "xindex>} : () -> " + shapeType +
            "\n  %r = tosa.reshape " + value + ", %s : (" +
            tensorType(shape, w.type) + ", " + shapeType + ") -> " + out +
            "\n";
    value = "%r";
  }
  return "func.func @main(%x: " + tensorType(w.shape, w.type) + ") -> " + out +
         " {\n" + body + "  return " + value + " : " + out + "\n}\n";
}

} // namespace bench

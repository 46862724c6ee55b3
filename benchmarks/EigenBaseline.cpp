//===- EigenBaseline.cpp - Eigen Tensor reductions --------------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#define EIGEN_USE_THREADS
#include "Kernels.h"

#include <unsupported/Eigen/CXX11/Tensor>

#include <cstdlib>
#include <memory>
#include <type_traits>

namespace bench {

struct EigenReducer::Impl {
  explicit Impl(int threads) {
    if (threads > 1) {
      pool = std::make_unique<Eigen::ThreadPool>(threads);
      device = std::make_unique<Eigen::ThreadPoolDevice>(pool.get(), threads);
    }
  }

  template <typename T>
  void run(Op op, const T *x, int64_t a, int64_t b, int64_t c, T *out) {
    // The natural Eigen spelling of each layout: a 2-D tensor for inner
    // (a == 1) and outer (c == 1) reductions, 3-D for mixed ones.
    if (a == 1)
      return reduce<T, 2>(op, x, {b, c}, Eigen::array<Eigen::Index, 1>{1},
                          out, b);
    if (c == 1)
      return reduce<T, 2>(op, x, {a, b}, Eigen::array<Eigen::Index, 1>{0},
                          out, b);
    return reduce<T, 3>(op, x, {a, b, c}, Eigen::array<Eigen::Index, 2>{0, 2},
                        out, b);
  }

  template <typename T, int Rank, typename Dims>
  void reduce(Op op, const T *x, Eigen::array<Eigen::Index, Rank> shape,
              Dims dims, T *out, int64_t b) {
    Eigen::TensorMap<const Eigen::Tensor<T, Rank, Eigen::RowMajor, Eigen::Index>>
        in(x, shape);
    Eigen::TensorMap<Eigen::Tensor<T, 1, Eigen::RowMajor, Eigen::Index>> result(
        out, b);
    auto assign = [&](auto expression) {
      if (device)
        result.device(*device) = expression;
      else
        result = expression;
    };
    if constexpr (std::is_same_v<T, bool>) {
      if (op == Op::logical_and)
        return assign(in.all(dims));
      if (op == Op::logical_or)
        return assign(in.any(dims));
    } else {
      switch (op) {
      case Op::sum:
        return assign(in.sum(dims));
      case Op::l1:
        return assign(in.abs().sum(dims));
      case Op::min:
        return assign(in.minimum(dims));
      case Op::max:
        // NaN-propagating, as the JIT's default `nan_mode propagate`.
        return assign(in.template maximum<Dims, Eigen::PropagateNaN>(dims));
      case Op::prod:
        return assign(in.prod(dims));
      case Op::mean:
        return assign(in.mean(dims));
      case Op::sum_square:
        return assign(in.square().sum(dims));
      case Op::l2:
        if constexpr (std::is_floating_point_v<T>)
          return assign(in.square().sum(dims).sqrt());
        break;
      case Op::log_sum:
        if constexpr (std::is_floating_point_v<T>)
          return assign(in.sum(dims).log());
        break;
      default:
        break;
      }
    }
    std::abort();
  }

  std::unique_ptr<Eigen::ThreadPool> pool;
  std::unique_ptr<Eigen::ThreadPoolDevice> device;
};

EigenReducer::EigenReducer(int threads) : impl(new Impl(threads)) {}
EigenReducer::~EigenReducer() { delete impl; }

void EigenReducer::reduceF32(Op op, const float *x, int64_t a, int64_t b,
                             int64_t c, float *out) {
  impl->run(op, x, a, b, c, out);
}

void EigenReducer::reduceI32(Op op, const int32_t *x, int64_t a, int64_t b,
                             int64_t c, int32_t *out) {
  impl->run(op, x, a, b, c, out);
}

void EigenReducer::reduceBool(Op op, const uint8_t *x, int64_t a, int64_t b,
                              int64_t c, uint8_t *out) {
  // The bytes hold 0 or 1: Eigen's bool.
  impl->run(op, reinterpret_cast<const bool *>(x), a, b, c,
            reinterpret_cast<bool *>(out));
}

} // namespace bench

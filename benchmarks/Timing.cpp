//===- Timing.cpp - Interleaved timing of the contenders --------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "Timing.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>

namespace bench {

std::vector<double>
measureInterleaved(std::vector<Contender> &contenders, unsigned rounds,
                   const std::function<void()> &beforeEach) {
  std::vector<unsigned> batch;
  for (Contender &c : contenders) {
    // The batch is sized from the faster of two warm-up calls: the first
    // call of a JIT kernel also resolves its runtime symbols (malloc) and
    // faults in its pages, so it is slower than the calls after it and
    // would shrink its batches (docs/tuning.md, "The benchmark's method").
    double warmUp = 0;
    for (int i = 0; i < 2; ++i) {
      double time;
      if (c.timedBatch) {
        time = c.timedBatch(1);
      } else {
        auto start = Clock::now();
        c.run();
        time = std::chrono::duration<double>(Clock::now() - start).count();
      }
      warmUp = i == 0 ? time : std::min(warmUp, time);
    }
    batch.push_back(static_cast<unsigned>(std::clamp(
        std::ceil(kMinMeasurement / std::max(warmUp, 1e-9)), 1.0, 10000.0)));
  }
  // Each round in another order: what a call leaves in the caches and the
  // prefetchers favours the contender after it (docs/tuning.md, "The
  // benchmark's method"), so no contender may always follow the same one.
  std::vector<size_t> order(contenders.size());
  std::iota(order.begin(), order.end(), size_t(0));
  std::mt19937_64 shuffler(contenders.size());
  for (unsigned r = 0; r < rounds; ++r) {
    std::shuffle(order.begin(), order.end(), shuffler);
    for (size_t index : order) {
      Contender &c = contenders[index];
      unsigned calls = batch[index];
      if (beforeEach)
        beforeEach();
      if (c.timedBatch) {
        c.times.push_back(c.timedBatch(calls) / calls);
        continue;
      }
      auto start = Clock::now();
      for (unsigned i = 0; i < calls; ++i)
        c.run();
      c.times.push_back(
          std::chrono::duration<double>(Clock::now() - start).count() / calls);
    }
  }
  std::vector<double> medians;
  for (Contender &c : contenders) {
    std::sort(c.times.begin(), c.times.end());
    medians.push_back(c.times[c.times.size() / 2]);
  }
  return medians;
}

} // namespace bench

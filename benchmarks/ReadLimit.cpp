//===- ReadLimit.cpp - The read-bandwidth limit of an input -----*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "ReadLimit.h"
#include "Timing.h"

#include "reduce/Runtime/Buffer.h"
#include "reduce/Target/HostProfile.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Format.h"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <string>
#include <thread>

#if defined(__linux__)
#include <pthread.h>
#include <sched.h>
#endif

using namespace mlir::reduce;

namespace bench {

namespace {

/// One helper thread that stays alive between calls, as an OpenMP runtime's
/// workers do: starting a thread per call would cost more than a call of
/// the small inputs and put the two-thread limit below the JIT's threads=2. It
/// spins briefly after each task, then sleeps, so that it does not slow the
/// contenders measured between two limit calls.
class HelperThread {
public:
  HelperThread() : worker([this] { loop(); }) {}
  ~HelperThread() {
    {
      std::lock_guard<std::mutex> lock(mutex);
      stop = true;
      ++posted;
    }
    wake.notify_one();
    worker.join();
  }

  /// Runs `fn` on the helper thread; wait() returns when it is done.
  void post(std::function<void()> fn) {
    keepOffCurrentCpu();
    {
      std::lock_guard<std::mutex> lock(mutex);
      task = std::move(fn);
      ++posted;
    }
    wake.notify_one();
  }
  void wait() {
    while (done.load(std::memory_order_acquire) !=
           posted.load(std::memory_order_relaxed))
      ;
  }

private:
  /// Lets the helper run on every CPU but the caller's. Woken from a sleep,
  /// a thread is placed on its waker's CPU (wake-affine) until the load
  /// balancer moves it, which can take longer than a read: both halves then
  /// ran on one core, and the two-thread limit read the 1 GiB W8 at the
  /// one-thread speed.
  void keepOffCurrentCpu() {
#if defined(__linux__)
    int current = sched_getcpu();
    if (current < 0 || current == lastExcluded)
      return;
    cpu_set_t all, others;
    if (sched_getaffinity(0, sizeof(all), &all) != 0)
      return;
    others = all;
    CPU_CLR(current, &others);
    if (CPU_COUNT(&others) == 0)
      return;
    if (pthread_setaffinity_np(worker.native_handle(), sizeof(others),
                               &others) == 0)
      lastExcluded = current;
#endif
  }

  void loop() {
    uint64_t seen = 0;
    for (;;) {
      // Spin for 1 ms (back-to-back calls, as in the calibration), then
      // sleep: a helper spinning longer takes a core from the contender
      // measured next, as libomp's workers do with their default of 200 ms
      // after a parallel region (docs/tuning.md, "The benchmark's method").
      auto start = Clock::now();
      while (posted.load(std::memory_order_acquire) == seen &&
             Clock::now() - start < std::chrono::milliseconds(1))
        ;
      std::function<void()> fn;
      {
        std::unique_lock<std::mutex> lock(mutex);
        wake.wait(lock, [&] { return posted.load() != seen; });
        seen = posted.load();
        if (stop)
          return;
        fn = std::move(task);
      }
      fn();
      done.store(seen, std::memory_order_release);
    }
  }

  std::mutex mutex;
  std::condition_variable wake;
  std::function<void()> task;
  std::atomic<uint64_t> posted{0}, done{0};
  bool stop = false;
  int lastExcluded = -1;
  std::thread worker;
};

} // namespace

void readAtLimit(const ReadKernel &kernel, const void *data, size_t bytes,
                 int threads) {
  static volatile float sink = 0;
  if (threads == 1) {
    sink = sink + kernel.run(data, bytes);
    return;
  }
  static HelperThread helper;
  size_t chunk = (bytes / 2) & ~size_t(4095);
  float second = 0;
  helper.post([&] {
    second = kernel.run(static_cast<const char *>(data) + chunk, bytes - chunk);
  });
  float first = kernel.run(data, chunk);
  helper.wait();
  sink = sink + first + second;
}

size_t calibrateLimit(const void *data, size_t bytes, int threads,
                      std::vector<double> &gbps) {
  const std::vector<ReadKernel> &family = readKernelFamily();
  std::vector<Contender> kernels;
  for (const ReadKernel &kernel : family)
    kernels.push_back(
        {kernel.name, threads,
         [&, threads] { readAtLimit(kernel, data, bytes, threads); },
         [] { return std::string(); }});
  std::vector<double> medians = measureInterleaved(kernels, 5);
  gbps.clear();
  for (double seconds : medians)
    gbps.push_back(bytes / seconds / 1e9);
  return std::min_element(medians.begin(), medians.end()) - medians.begin();
}

const ReadKernel *measureLimitFamily(llvm::StringRef id, const void *data,
                                     size_t bytes, int threads,
                                     llvm::raw_ostream *json) {
  std::vector<double> gbps;
  size_t best = calibrateLimit(data, bytes, threads, gbps);
  const auto &family = readKernelFamily();
  llvm::outs() << id << " limit family, " << threads << " thread(s), " << bytes
               << " bytes: best " << family[best].name << " "
               << llvm::format("%.1f", gbps[best]) << " GB/s of";
  for (auto [kernel, rate] : llvm::zip(family, gbps))
    llvm::outs() << " " << kernel.name << "=" << llvm::format("%.1f", rate);
  llvm::outs() << "\n";
  if (json) {
    *json << "{\"limit_family\":\"" << id << "\",\"threads\":" << threads
          << ",\"bytes\":" << bytes << ",\"best\":\"" << family[best].name
          << "\",\"kernels\":{";
    for (size_t k = 0; k < family.size(); ++k)
      *json << (k ? "," : "") << "\"" << family[k].name
            << "\":" << llvm::format("%.3f", gbps[k]);
    *json << "}}\n";
  }
  return &family[best];
}

InputLimits measureInputLimits(llvm::StringRef id, const void *data,
                               size_t bytes, llvm::raw_ostream *json) {
  InputLimits limits;
  for (int threads : {1, 2}) {
    if (bytes < kMinTwoThreadBytes && threads == 2) {
      limits.kernel[2] = limits.kernel[1];
      continue;
    }
    limits.kernel[threads] = measureLimitFamily(id, data, bytes, threads, json);
  }
  return limits;
}

void measureOutOfCacheLimit(llvm::raw_ostream *json) {
  int64_t l3Bytes = std::max<int64_t>(0, HostKey::getCurrent().l3Bytes);
  size_t bytes = std::clamp<size_t>(4 * static_cast<size_t>(l3Bytes),
                                    size_t(1) << 30, size_t(8) << 30);
  int64_t shape[] = {static_cast<int64_t>(bytes / 4)};
  Buffer large = Buffer::allocateForOverwrite(ElementType::i32, shape);
  llvm::MutableArrayRef<int32_t> words = large.getElements<int32_t>();
  for (size_t i = 0; i < words.size(); ++i)
    words[i] = static_cast<int32_t>(i * 2654435761u) | 1;
  for (int threads : {1, 2})
    measureLimitFamily("4xL3", large.getData(), large.getSizeInBytes(), threads,
                       json);
}

} // namespace bench

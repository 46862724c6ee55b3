//===- reduce-bench.cpp - Reductions against the bandwidth limit -*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// One program, one run, all contenders on the same inputs: for each workload
// and op, the median of at least --repeats timed calls after a warm-up call
// (calls under 50 us are timed in batches of back-to-back calls),
// effective GB/s = input bytes / median time, and the ratio to the
// read-bandwidth limit measured in the same run with the same thread count.
//
// Contenders: limit (read-bandwidth kernel, 1 and 2 threads), jit (our
// kernels through the C++ API, JitFunction::callInto into a result buffer
// allocated once, as the C++ contenders' are; compile time excluded,
// printed separately; with the host profile, calibrated on first use),
// jit-static (the same with the static default target, host-profile=false),
// jit-2t (the threads=2 pipeline option, when the pipeline has it), scalar
// (our lower-to-loops path), cpp and cpp-fastmath (plain loops, clang -O3
// -march=native, without / with -ffast-math), eigen and eigen-2t, numpy.
//
// Ops: every op of the dialect (--ops); by default sum, l1 and min on every
// workload and the other ops on W1, W2 and W5. prod and log_sum read inputs
// near 1, the logical ops the bool version of the workload (InputKind);
// each input has its own limit, measured on its bytes.
//
// Output: a human table on stdout and, with --json FILE, one JSON object per
// measurement.
//
//===----------------------------------------------------------------------===//

#include "Kernels.h"
#include "NumpyProcess.h"

#include "reduce/Dialect/Reduce/IR/ReduceOps.h"
#include "reduce/JIT/Calibrate.h"
#include "reduce/JIT/JIT.h"
#include "reduce/Pipelines/Pipelines.h"
#include "reduce/Runtime/Npy.h"
#include "reduce/Target/HostProfile.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <numeric>
#include <random>
#include <thread>

#if defined(__linux__)
#include <pthread.h>
#include <sched.h>
#endif

using namespace mlir::reduce;
namespace cl = llvm::cl;

static cl::list<std::string> workloadIds(
    "workloads", cl::desc("Workload ids to run (default: all)"),
    cl::CommaSeparated);
static cl::list<std::string> opNames(
    "ops",
    cl::desc("Ops to run on every selected workload (any op of the dialect, "
             "or `all`); default: sum, l1 and min on every workload, the "
             "other ops on W1, W2 and W5"),
    cl::CommaSeparated);
static cl::opt<unsigned> repeats("repeats",
                                 cl::desc("Timed calls per measurement"),
                                 cl::init(11));
static cl::opt<std::string> jsonPath("json",
                                     cl::desc("Write JSON lines to this file"),
                                     cl::init(""));
static cl::opt<bool> recalibrate(
    "recalibrate",
    cl::desc("Calibrate the host profile (as reduce-tune) and store it "
             "before the run, whatever profile is there"));
static cl::list<std::string> extraJit(
    "extra-jit",
    cl::desc("Also run the JIT with these pipeline options, one contender "
             "per occurrence (e.g. --extra-jit=accumulators=8), for exploring "
             "the pipeline; not part of the report"));
static cl::opt<bool> largeLimit(
    "large-limit",
    cl::desc("Also measure the read-kernel family on at least four times "
             "the L3 cache (and at least 1 GiB), out of every cache, when "
             "all workloads run or --workloads names 4xL3"),
    cl::init(true));
static cl::opt<bool> quick("quick",
                           cl::desc("Shrink the large workloads 16x (for "
                                    "tests of the benchmark itself)"));

namespace {

struct Workload {
  std::string id;
  std::vector<int64_t> shape;
  std::vector<int64_t> axes;
  bool keepDims;
  ElementType type;
  int64_t a, b, c; // x[a][b][c] -> out[b]
  std::string what;
};

std::vector<Workload> allWorkloads() {
  int64_t s = quick ? 4 : 1; // --quick divides the big sizes
  return {
      {"W1", {4096 / s, 4096}, {1}, false, ElementType::f32, 1, 4096 / s, 4096,
       "contiguous rows"},
      {"W2", {4096 / s, 4096}, {0}, false, ElementType::f32, 4096 / s, 4096, 1,
       "strided (outer) reduction"},
      {"W3", {64 / s, 256, 1024}, {0, 2}, false, ElementType::f32, 64 / s, 256,
       1024, "mixed axes"},
      {"W4", {6, 12, 10, 24}, {2, 3}, true, ElementType::f32, 1, 72, 240,
       "tiny, call overhead"},
      {"W5", {16777216 / (s * s)}, {0}, false, ElementType::f32, 1, 1,
       16777216 / (s * s), "everything to one value"},
      {"W6", {1048576 / (s * s), 16}, {1}, false, ElementType::f32, 1,
       1048576 / (s * s), 16, "short rows"},
      {"W7", {4096 / s, 4096}, {1}, false, ElementType::i32, 1, 4096 / s, 4096,
       "integers"},
      {"W8", {16384 / (s * s), 16384}, {1}, false, ElementType::f32, 1,
       16384 / (s * s), 16384, "1 GiB, out of cache"},
  };
}

using bench::Op;

/// Every op of the dialect, in the order the benchmark runs them.
constexpr Op kAllOps[] = {Op::sum,         Op::l1,          Op::min,
                          Op::max,         Op::prod,        Op::mean,
                          Op::l2,          Op::sum_square,  Op::log_sum,
                          Op::log_sum_exp, Op::logical_and, Op::logical_or};

/// The op's name in the dialect ("sum", "log_sum_exp", ...).
const char *opName(Op op) {
  return stringifyReductionKind(op).data();
}

/// Whether `op` runs on `w` (by the workload's element type: integer
/// workloads measure sum, min, max and prod; the logical ops run on the bool
/// version of every workload) and is selected by --ops, or, without --ops,
/// is in the default set: sum, l1 and min on every workload (the original
/// matrix), the other ops on W1 (rows), W2 (outer) and W5 (all).
bool runsOn(Op op, const Workload &w) {
  if (w.type == ElementType::i32 && !bench::isLogical(op) && op != Op::sum &&
      op != Op::min && op != Op::max && op != Op::prod)
    return false;
  if (opNames.empty())
    return op == Op::sum || op == Op::l1 || op == Op::min || w.id == "W1" ||
           w.id == "W2" || w.id == "W5";
  return llvm::is_contained(opNames, "all") ||
         llvm::is_contained(opNames, opName(op));
}

/// The data of an op's input. Normal floats (integers in [-1000, 1000]) for
/// most ops; for prod and log_sum 1 + 0.001 * normal (the product of 2^24
/// such values stays within f32's range, and their sum is positive); bool
/// data for the logical ops: mostly true (one false in 8192) for
/// logical_and, mostly false for logical_or, so that rows of 4096 give both
/// results.
enum class InputKind { normal, nearOne, mostlyTrue, mostlyFalse };
constexpr InputKind kAllInputKinds[] = {InputKind::normal, InputKind::nearOne,
                                        InputKind::mostlyTrue,
                                        InputKind::mostlyFalse};

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

/// The name of the input of `w` with `kind` in the limit family's records.
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

/// Fills `input` with the data of `kind` (one seed per workload and kind:
/// the data do not depend on which workloads and ops run).
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

/// The f64 reference of float `op` over x[a][b][c] and the tolerance of
/// each result. Sums (sum, l1, mean, sum_square, and inside l2 and log_sum)
/// within 1e-4 of the sum of the magnitudes of their terms (any sane
/// summation order is far closer; a sequential f32 loop over 2^24 values is
/// not), a product within max(1e-4, 4 sqrt(count) 2^-24) of its magnitude
/// (every rounding reaches a product, in any order), l2 within 1e-4
/// relative (half the relative error of its sum of squares, with margin),
/// log_sum and log_sum_exp within 1e-4 absolute (the relative error of
/// their positive sums, shifted by the max for log_sum_exp) plus 2^-20
/// relative for the rounding of the result; min and max exactly.
void floatReference(Op op, const Workload &w, const float *x,
                    std::vector<double> &reference,
                    std::vector<double> &tolerance) {
  reference.assign(w.b, 0.0);
  tolerance.assign(w.b, 0.0);
  std::vector<double> magnitude(w.b, 0.0);
  auto forEach = [&](auto fn) {
    for (int64_t i = 0; i < w.a; ++i)
      for (int64_t j = 0; j < w.b; ++j)
        for (int64_t k = 0; k < w.c; ++k)
          fn(j, double(x[(i * w.b + j) * w.c + k]));
  };
  double count = double(w.a * w.c);
  constexpr double inf = std::numeric_limits<double>::infinity();
  switch (op) {
  case Op::min:
  case Op::max:
  case Op::log_sum_exp: {
    bool isMin = op == Op::min;
    reference.assign(w.b, isMin ? inf : -inf);
    forEach([&](int64_t j, double v) {
      double &r = reference[j];
      r = std::isnan(v) || std::isnan(r) ? NAN
          : isMin                        ? std::min(r, v)
                                         : std::max(r, v);
    });
    if (op != Op::log_sum_exp)
      return;
    std::vector<double> shift = reference, sum(w.b, 0.0);
    for (double &v : shift)
      v = std::isfinite(v) ? v : 0.0;
    forEach([&](int64_t j, double v) { sum[j] += std::exp(v - shift[j]); });
    for (int64_t j = 0; j < w.b; ++j) {
      reference[j] = std::log(sum[j]) + shift[j];
      tolerance[j] = 1e-4 + std::ldexp(std::fabs(reference[j]), -20);
    }
    return;
  }
  case Op::prod: {
    reference.assign(w.b, 1.0);
    forEach([&](int64_t j, double v) { reference[j] *= v; });
    // Every one of the count - 1 roundings (at most 2^-24 relative each)
    // reaches the product whatever the order, so a random walk of
    // sqrt(count) of them is what any f32 product gets: allow 4 times its
    // bound (about 7 standard deviations), and at least 1e-4.
    double relative = std::max(1e-4, 4 * std::sqrt(count) * 0x1p-24);
    for (int64_t j = 0; j < w.b; ++j)
      tolerance[j] = relative * std::fabs(reference[j]);
    return;
  }
  case Op::sum_square:
  case Op::l2:
    forEach([&](int64_t j, double v) { reference[j] += v * v; });
    for (int64_t j = 0; j < w.b; ++j) {
      if (op == Op::l2)
        reference[j] = std::sqrt(reference[j]);
      tolerance[j] = 1e-4 * reference[j];
    }
    return;
  case Op::sum:
  case Op::l1:
  case Op::mean:
  case Op::log_sum:
    forEach([&](int64_t j, double v) {
      reference[j] += op == Op::l1 ? std::fabs(v) : v;
      magnitude[j] += std::fabs(v);
    });
    for (int64_t j = 0; j < w.b; ++j) {
      tolerance[j] = 1e-4 * magnitude[j];
      if (op == Op::mean) {
        reference[j] /= count;
        tolerance[j] /= count;
      } else if (op == Op::log_sum) {
        tolerance[j] /= std::fabs(reference[j]);
        reference[j] = std::log(reference[j]);
        tolerance[j] += std::ldexp(std::fabs(reference[j]), -20);
      }
    }
    return;
  case Op::logical_and:
  case Op::logical_or:
    break;
  }
}

std::string tensorType(llvm::ArrayRef<int64_t> shape, ElementType type) {
  std::string text = "tensor<";
  for (int64_t size : shape)
    text += std::to_string(size) + "x";
  return text + getMlirName(type).str() + ">";
}

/// The module of `w` with op `op`: static axes, or with `runtimeAxes` the
/// axes as a second argument (tensor<Kxi64>) and the same static result.
std::string moduleFor(const Workload &w, Op op, bool runtimeAxes) {
  std::vector<int64_t> result;
  for (size_t d = 0; d < w.shape.size(); ++d) {
    bool reduced = std::count(w.axes.begin(), w.axes.end(), int64_t(d));
    if (!reduced)
      result.push_back(w.shape[d]);
    else if (w.keepDims)
      result.push_back(1);
  }
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

using Clock = std::chrono::steady_clock;

/// One contender of a (workload, op) measurement.
struct Contender {
  std::string name;
  int threads;
  std::function<void()> run;
  /// Checks the last result; returns "" or a description of the problem.
  std::function<std::string()> verify;
  std::string note = "";
  std::vector<double> times = {};
  /// When set, times `calls` calls itself (in seconds) instead of `run`
  /// being timed here (the numpy server, whose pipe is not counted).
  std::function<double(unsigned calls)> timedBatch = nullptr;
};

/// Times the contenders round-robin: one warm-up call each, then `rounds`
/// rounds of one measurement per contender, in a new order each round, so
/// that machine noise (the machines are shared) and the state one call
/// leaves to the next hit every contender alike. A measurement is one
/// call, or for calls shorter than `kMinMeasurement` (the tiny W4) a batch
/// of back-to-back calls sized from the warm-up call, whose time is divided
/// by the batch size: a single microsecond call is below the resolution of
/// the clock and its noise. Returns the median seconds per call of each.
constexpr double kMinMeasurement = 50e-6;
std::vector<double> measureInterleaved(std::vector<Contender> &contenders,
                                       unsigned rounds) {
  std::vector<unsigned> batch;
  for (Contender &c : contenders) {
    // The batch is sized from the faster of two warm-up calls: the first
    // call of a JIT kernel also resolves its runtime symbols (malloc) and
    // faults in its pages (8 us against 1-3 us on W4), which shrank its
    // batches to a few calls.
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
  // prefetchers favours the contender after it (on the Zen 4 VM the last
  // contender of a fixed order read up to 1.2x faster than the same kernel
  // earlier in the round), so no contender may always follow the same one.
  std::vector<size_t> order(contenders.size());
  std::iota(order.begin(), order.end(), size_t(0));
  std::mt19937_64 shuffler(contenders.size());
  for (unsigned r = 0; r < rounds; ++r) {
    std::shuffle(order.begin(), order.end(), shuffler);
    for (size_t index : order) {
      Contender &c = contenders[index];
      unsigned calls = batch[index];
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

/// One helper thread that stays alive between calls, as an OpenMP runtime's
/// workers do: starting a thread per call (tens of microseconds) would put
/// the two-thread limit below the JIT's threads=2. It spins briefly after
/// each task, then sleeps, so that it does not slow the contenders measured
/// between two limit calls.
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
      // measured next (libomp's workers spin 200 ms after a parallel
      // region, which slowed the two-thread JIT kernel to a third).
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

/// Reads `bytes` bytes with `kernel` on `threads` (1 or 2) threads, each its
/// own contiguous part, cut at a 4 KiB boundary.
void readAtLimit(const bench::ReadKernel &kernel, const void *data,
                 size_t bytes, int threads) {
  static volatile float sink = 0;
  if (threads == 1) {
    sink = sink + kernel.run(data, bytes);
    return;
  }
  static HelperThread helper;
  size_t chunk = (bytes / 2) & ~size_t(4095);
  float second = 0;
  helper.post([&] {
    second = kernel.run(static_cast<const char *>(data) + chunk,
                        bytes - chunk);
  });
  float first = kernel.run(data, chunk);
  helper.wait();
  sink = sink + first + second;
}

/// Times every kernel of the read family on `bytes` bytes at `data` on
/// `threads` threads, round-robin, and returns the index of the fastest
/// (the limit for that size and thread count) and each one's GB/s.
size_t calibrateLimit(const void *data, size_t bytes, int threads,
                      std::vector<double> &gbps) {
  const std::vector<bench::ReadKernel> &family = bench::readKernelFamily();
  std::vector<Contender> kernels;
  for (const bench::ReadKernel &kernel : family)
    kernels.push_back({kernel.name, threads,
                       [&, threads] {
                         readAtLimit(kernel, data, bytes, threads);
                       },
                       [] { return std::string(); }});
  std::vector<double> medians = measureInterleaved(kernels, 5);
  gbps.clear();
  for (double seconds : medians)
    gbps.push_back(bytes / seconds / 1e9);
  return std::min_element(medians.begin(), medians.end()) - medians.begin();
}

/// Calibrates the read-kernel family on `bytes` bytes at `data` on
/// `threads` threads (calibrateLimit), prints every kernel's speed and
/// writes the JSON record of `id`; returns the fastest kernel.
const bench::ReadKernel *measureLimitFamily(llvm::StringRef id,
                                            const void *data, size_t bytes,
                                            int threads,
                                            llvm::raw_ostream *json) {
  std::vector<double> gbps;
  size_t best = calibrateLimit(data, bytes, threads, gbps);
  const auto &family = bench::readKernelFamily();
  llvm::outs() << id << " limit family, " << threads << " thread(s), "
               << bytes << " bytes: best " << family[best].name << " "
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

struct Row {
  std::string workload, op, contender;
  int threads;
  double seconds, gbps, ratio;
  std::string note;
};

} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  cl::ParseCommandLineOptions(argc, argv, "reduce benchmark\n");
  // Every two-thread contender's helpers spin at most 1 ms after a call
  // (the limit's HelperThread too): libomp's default of 200 ms takes a core
  // from whatever runs next in the round-robin, which halved the two-thread
  // limit measured after the JIT's threads=2. Read when libomp loads.
  setenv("KMP_BLOCKTIME", "1", /*overwrite=*/0);

  // The host profile: calibrated here when asked, or on the JIT's first use
  // when there is none; `jit` uses it, `jit-static` the static default.
  if (recalibrate) {
    ProfileLocation location = ProfileLocation::fromEnvironment();
    llvm::Expected<HostProfile> profile = calibrateHost();
    llvm::Error err =
        !profile ? profile.takeError()
        : location.kind == ProfileLocation::Kind::Disabled
            ? llvm::createStringError(llvm::inconvertibleErrorCode(),
                                      "the host profile is disabled")
            : writeHostProfile(*profile, location.path);
    if (err) {
      llvm::errs() << "reduce-bench: error: cannot recalibrate: "
                   << llvm::toString(std::move(err)) << "\n";
      return 1;
    }
  }
  for (const std::string &name : opNames)
    if (name != "all" &&
        llvm::none_of(kAllOps, [&](Op op) { return name == opName(op); })) {
      llvm::errs() << "reduce-bench: error: unknown op '" << name << "'\n";
      return 1;
    }
  auto runStart = Clock::now();
  ensureHostProfile();
  std::string profileInUse;
  ReduceTarget target =
      resolveReduceTarget(ReduceToLLVMOptions(), &profileInUse);

  std::unique_ptr<llvm::raw_fd_ostream> json;
  if (!jsonPath.empty()) {
    std::error_code ec;
    json = std::make_unique<llvm::raw_fd_ostream>(jsonPath, ec);
    if (ec) {
      llvm::errs() << "reduce-bench: error: cannot write '" << jsonPath
                   << "': " << ec.message() << "\n";
      return 1;
    }
  }
  // Does the pipeline know threads=N?
  bool jitThreads = false;
  {
    JitOptions probe;
    probe.pipelineOptions = "threads=2";
    probe.persistentCache = false;
    auto module = JitModule::compile(
        "func.func @f(%x: tensor<4xf32>) -> tensor<f32> {\n"
        "  %r = reduce.sum %x axes [0] : tensor<4xf32> -> tensor<f32>\n"
        "  return %r : tensor<f32>\n}\n",
        probe);
    jitThreads = bool(module);
    if (!module)
      llvm::consumeError(module.takeError());
  }

  bench::EigenReducer eigen1(1), eigen2(2);
  bench::NumpyProcess numpy(REDUCE_BENCH_PYTHON, REDUCE_BENCH_NUMPY_SCRIPT);
  if (!numpy.ok())
    llvm::errs() << "reduce-bench: no numpy contender (" << REDUCE_BENCH_PYTHON
                 << " cannot import numpy)\n";
  // The numpy server reads each input from a file (removed once loaded)
  // and writes its results to another.
  llvm::SmallString<128> numpyResult;
  if (numpy.ok() && llvm::sys::fs::createTemporaryFile("reduce-bench-numpy",
                                                      "npy", numpyResult))
    numpyResult.clear();
  std::string targetJSON = targetToJSON(target);
  std::string staticJSON = targetToJSON(getStaticReduceTarget());
  llvm::outs() << "profile: " << profileInUse << "\ntarget: " << targetJSON
               << "\nstatic: " << staticJSON << "\n";
  if (json) {
    *json << "{\"profile\":";
    llvm::json::OStream(*json).value(profileInUse);
    *json << ",\"target\":" << targetJSON << ",\"static_target\":" << staticJSON
          << "}\n";
  }
  llvm::outs() << llvm::format("%-4s %-4s %-13s %3s %12s %9s %7s  %s\n", "id",
                               "op", "contender", "thr", "time_us", "GB/s",
                               "ratio", "note");
  // The limit out of every cache: the family on at least four times the L3
  // (and at least 1 GiB, at most 8 GiB), written with non-zero data before
  // it is read. Not a workload: the workloads' limits are their own sizes'.
  bool largeSelected =
      workloadIds.empty() ||
      std::find(workloadIds.begin(), workloadIds.end(), "4xL3") !=
          workloadIds.end();
  if (largeLimit && largeSelected && !quick) {
    int64_t l3Bytes = std::max<int64_t>(0, HostKey::getCurrent().l3Bytes);
    size_t bytes = std::clamp<size_t>(4 * static_cast<size_t>(l3Bytes),
                                      size_t(1) << 30, size_t(8) << 30);
    int64_t shape[] = {static_cast<int64_t>(bytes / 4)};
    Buffer large = Buffer::allocateForOverwrite(ElementType::i32, shape);
    llvm::MutableArrayRef<int32_t> words = large.getElements<int32_t>();
    for (size_t i = 0; i < words.size(); ++i)
      words[i] = static_cast<int32_t>(i * 2654435761u) | 1;
    for (int threads : {1, 2})
      measureLimitFamily("4xL3", large.getData(), large.getSizeInBytes(),
                         threads, json.get());
  }

  for (const Workload &base : allWorkloads()) {
    if (!workloadIds.empty() &&
        std::find(workloadIds.begin(), workloadIds.end(), base.id) ==
            workloadIds.end())
      continue;
    // Each input kind of the ops that run on this workload: its data, the
    // numpy server's copy and its limit, then those ops.
    for (InputKind kind : kAllInputKinds) {
      std::vector<Op> ops;
      for (Op op : kAllOps)
        if (inputKindOf(op) == kind && runsOn(op, base))
          ops.push_back(op);
      if (ops.empty())
        continue;
      // The logical ops read the bool version of the workload: the same
      // shape, one byte per element.
      Workload w = base;
      if (kind == InputKind::mostlyTrue || kind == InputKind::mostlyFalse)
        w.type = ElementType::i1;
      Buffer input(w.type, w.shape);
      size_t bytes = input.getSizeInBytes();
      fillInput(input, w, kind);

      bool numpyLoaded = false;
      if (numpy.ok() && !numpyResult.empty()) {
        llvm::SmallString<128> inputPath;
        if (!llvm::sys::fs::createTemporaryFile("reduce-bench-input", "npy",
                                                inputPath)) {
          if (llvm::Error err = writeNpyFile(inputPath, input.getView()))
            llvm::consumeError(std::move(err));
          else
            numpyLoaded =
                numpy.request("load " + inputPath.str().str()) == "ok";
          llvm::sys::fs::remove(inputPath);
        }
      }

      // The limit of these bytes: the best read kernel on 1 and 2 threads.
      // Below 1 MiB a call takes microseconds, less than waking a thread:
      // only the JIT's threads=2 runs there (to show it does not get
      // slower), measured against the 1-thread limit.
      bool small = bytes < (size_t(1) << 20);
      const bench::ReadKernel *limitKernel[3] = {nullptr, nullptr, nullptr};
      for (int threads : {1, 2}) {
        if (small && threads == 2) {
          limitKernel[2] = limitKernel[1];
          continue;
        }
        limitKernel[threads] = measureLimitFamily(
            inputName(w, kind), input.getData(), bytes, threads, json.get());
      }

      for (Op op : ops) {
        auto runLoops = [&](auto f32, auto i32, auto i1, void *out) {
          if (w.type == ElementType::f32)
            f32(op, static_cast<const float *>(input.getData()), w.a, w.b, w.c,
                static_cast<float *>(out));
          else if (w.type == ElementType::i32)
            i32(op, static_cast<const int32_t *>(input.getData()), w.a, w.b,
                w.c, static_cast<int32_t *>(out));
          else
            i1(op, static_cast<const uint8_t *>(input.getData()), w.a, w.b, w.c,
               static_cast<uint8_t *>(out));
        };
        // Reference of the result checks: f64 for floats (floatReference);
        // integer results from the plain loop (exact, wrapping); bool
        // results computed here.
        std::vector<double> reference(w.b, 0.0), tolerance(w.b, 0.0);
        if (w.type == ElementType::f32) {
          floatReference(op, w, static_cast<const float *>(input.getData()),
                         reference, tolerance);
        } else if (w.type == ElementType::i32) {
          Buffer exactOut(w.type, {w.b});
          runLoops(bench::plain::reduceF32, bench::plain::reduceI32,
                   bench::plain::reduceBool, exactOut.getData());
          for (int64_t j = 0; j < w.b; ++j)
            reference[j] = loadAsDouble(w.type, exactOut.getData(), j);
        } else {
          const uint8_t *x = static_cast<const uint8_t *>(input.getData());
          bool isAnd = op == Op::logical_and;
          reference.assign(w.b, isAnd ? 1.0 : 0.0);
          for (int64_t i = 0; i < w.a; ++i)
            for (int64_t j = 0; j < w.b; ++j)
              for (int64_t k = 0; k < w.c; ++k)
                if ((x[(i * w.b + j) * w.c + k] != 0) != isAnd)
                  reference[j] = isAnd ? 0.0 : 1.0;
        }
        auto check = [&](const void *got) -> std::string {
          for (int64_t j = 0; j < w.b; ++j) {
            double value = loadAsDouble(w.type, got, j);
            if (!(std::fabs(reference[j] - value) <= tolerance[j])) {
              char text[96];
              std::snprintf(text, sizeof(text),
                            "INACCURATE at %lld: %.9g, reference %.9g",
                            static_cast<long long>(j), value, reference[j]);
              return text;
            }
          }
          return "";
        };

        std::vector<Contender> contenders;
        auto noCheck = [] { return std::string(); };
        for (int threads : {1, 2}) {
          const bench::ReadKernel *kernel = limitKernel[threads];
          contenders.push_back({"limit", threads,
                                [&, threads, kernel] {
                                  readAtLimit(*kernel, input.getData(), bytes,
                                              small ? 1 : threads);
                                },
                                noCheck, kernel->name});
        }
        Buffer plainOut(w.type, {w.b}), fastOut(w.type, {w.b});
        contenders.push_back(
            {"cpp", 1,
             [&] {
               runLoops(bench::plain::reduceF32, bench::plain::reduceI32,
                        bench::plain::reduceBool, plainOut.getData());
             },
             [&] { return check(plainOut.getData()); }});
        contenders.push_back(
            {"cpp-fastmath", 1,
             [&] {
               runLoops(bench::fastmath::reduceF32, bench::fastmath::reduceI32,
                        bench::fastmath::reduceBool, fastOut.getData());
             },
             [&] { return check(fastOut.getData()); }});
        std::string axesList;
        for (int64_t axis : w.axes)
          axesList += (axesList.empty() ? "" : ",") + std::to_string(axis);
        if (numpyLoaded &&
            numpy.request("op " + std::string(opName(op)) + " " + axesList +
                          (w.keepDims ? " 1" : " 0")) == "ok") {
          auto numpyError = std::make_shared<std::string>();
          auto timed = [&numpy, numpyError](unsigned calls) {
            std::string reply = numpy.request("run " + std::to_string(calls));
            if (reply.rfind("error", 0) == 0) {
              *numpyError = reply;
              return 1e9;
            }
            return std::strtod(reply.c_str(), nullptr);
          };
          contenders.push_back({"numpy",
                                1,
                                [timed] { timed(1); },
                                [&, numpyError]() -> std::string {
                                  if (!numpyError->empty())
                                    return *numpyError;
                                  std::string saved = numpy.request(
                                      "save " + numpyResult.str().str());
                                  if (saved != "ok")
                                    return saved;
                                  llvm::Expected<Buffer> result =
                                      readNpyFile(numpyResult);
                                  if (!result)
                                    return llvm::toString(result.takeError());
                                  if (result->getElementType() != w.type ||
                                      result->getNumElements() != w.b)
                                    return "MISMATCH: numpy returned " +
                                           formatShape(result->getShape());
                                  return check(result->getData());
                                },
                                "",
                                {},
                                timed});
        }
        Buffer eigenOut[2] = {Buffer(w.type, {w.b}), Buffer(w.type, {w.b})};
        for (int threads : {1, 2}) {
          if ((small && threads == 2) || !bench::EigenReducer::has(op))
            continue;
          bench::EigenReducer *eigen = threads == 1 ? &eigen1 : &eigen2;
          void *out = eigenOut[threads - 1].getData();
          contenders.push_back(
              {"eigen", threads,
               [&, eigen, out] {
                 runLoops([&](auto... args) { eigen->reduceF32(args...); },
                          [&](auto... args) { eigen->reduceI32(args...); },
                          [&](auto... args) { eigen->reduceBool(args...); },
                          out);
               },
               [&, out] { return check(out); }});
        }

        struct JitVariant {
          const char *name;
          int threads;
          std::string options;
          bool runtimeAxes = false;
        };
        // jit-static: the static default target beside the calibrated one.
        std::vector<JitVariant> variants = {
            {"jit", 1, ""},
            {"jit-static", 1, "host-profile=false"},
            {"scalar", 1, "lower-to-loops=true"}};
        // W1-W3 also with the axes as a runtime argument (the kernel reads
        // them and dispatches), against the static axes of `jit`.
        if (w.id == "W1" || w.id == "W2" || w.id == "W3")
          variants.push_back({"jit-rtaxes", 1, "", true});
        if (jitThreads)
          variants.push_back({"jit", 2, "threads=2"});
        // W5 float sums: also with f64 accumulation, for its accuracy and cost.
        bool accuracyCase = w.id == "W5" && (op == Op::sum || op == Op::l1);
        if (accuracyCase)
          variants.push_back({"jit-f64", 1, "f64-accumulation=true"});
        JitFunction *f64Function = nullptr;
        std::vector<std::string> extraNames;
        for (const std::string &extra : extraJit)
          extraNames.push_back("jit{" + extra + "}");
        for (auto [extra, name] : llvm::zip(extraJit, extraNames))
          variants.push_back({name.c_str(), 1, extra});
        std::vector<std::unique_ptr<JitModule>> modules;
        std::vector<std::unique_ptr<JitFunction>> functions;
        // Each JIT contender writes into its own result buffer, allocated once
        // as for the C++ contenders (JitFunction::callInto), and keeps the
        // error of its last call; both are checked after the timing.
        std::vector<std::unique_ptr<Buffer>> jitOutputs;
        std::vector<std::unique_ptr<llvm::Error>> lastErrors;
        BufferView view = input.getView();
        Buffer axesBuffer(ElementType::i64, {int64_t(w.axes.size())});
        llvm::copy(w.axes, axesBuffer.getElements<int64_t>().begin());
        BufferView axesView = axesBuffer.getView();
        for (const JitVariant &variant : variants) {
          JitOptions options;
          options.pipelineOptions = variant.options;
          // The compile times reported are those of a compilation.
          options.persistentCache = false;
          auto module = JitModule::compile(
              moduleFor(w, op, variant.runtimeAxes), options);
          auto fn = module ? (*module)->lookup("main")
                           : llvm::Expected<JitFunction>(module.takeError());
          if (!fn) {
            llvm::errs() << w.id << " " << opName(op) << " " << variant.name
                         << ": " << llvm::toString(fn.takeError()) << "\n";
            continue;
          }
          modules.push_back(std::move(*module));
          functions.push_back(std::make_unique<JitFunction>(std::move(*fn)));
          JitFunction *function = functions.back().get();
          if (std::string(variant.name) == "jit-f64")
            f64Function = function;
          const TensorSignature &result = function->getResults()[0];
          Buffer *out = jitOutputs
                            .emplace_back(std::make_unique<Buffer>(
                                result.elementType, result.shape))
                            .get();
          llvm::Error *last = lastErrors
                                  .emplace_back(std::make_unique<llvm::Error>(
                                      llvm::Error::success()))
                                  .get();
          char compile[64];
          std::snprintf(compile, sizeof(compile), "compile %.0f ms",
                        modules.back()->getCompileMillis());
          llvm::SmallVector<BufferView, 2> args = {view};
          if (variant.runtimeAxes)
            args.push_back(axesView);
          contenders.push_back({variant.name, variant.threads,
                                [=] {
                                  llvm::consumeError(std::move(*last));
                                  *last = function->callInto(
                                      args, {out->getMutableView()});
                                },
                                [=, &check]() -> std::string {
                                  if (*last)
                                    return llvm::toString(std::move(*last));
                                  return check(out->getData());
                                },
                                compile});
        }

        std::vector<double> medians =
            measureInterleaved(contenders, std::max(10u, unsigned(repeats)));
        double limit[3] = {0, medians[0], medians[small ? 0 : 1]};
        std::vector<Row> rows;
        for (size_t i = 0; i < contenders.size(); ++i) {
          Contender &c = contenders[i];
          std::string problem = c.verify();
          std::string note = problem.empty()  ? c.note
                             : c.note.empty() ? problem
                                              : problem + "; " + c.note;
          rows.push_back({w.id, opName(op), c.name, c.threads, medians[i],
                          bytes / medians[i] / 1e9,
                          limit[c.threads] / medians[i], note});
        }
        // Accuracy on W5: f32 sum and l1 of 2^24 values against an f64
        // reference, for our kernel and a sequential C++ loop.
        // The default kernel and the f64-accumulation one (the last JIT
        // variant), with the ratio of the latter to the limit.
        if (accuracyCase && !functions.empty() && f64Function) {
          double exact = 0, magnitude = 0;
          for (float v : input.getElements<float>()) {
            exact += op == Op::l1 ? std::fabs(double(v)) : double(v);
            magnitude += std::fabs(double(v));
          }
          auto results = functions.front()->call({view});
          auto f64Results = f64Function->call({view});
          if (results && f64Results) {
            double jitValue = (*results)[0].getElements<float>()[0];
            double f64Value = (*f64Results)[0].getElements<float>()[0];
            double loopValue = plainOut.getElements<float>()[0];
            auto relative = [&](double value) {
              return std::fabs(value - exact) / std::fabs(exact);
            };
            double f64Ratio = 0;
            for (const Row &row : rows)
              if (row.contender == "jit-f64")
                f64Ratio = row.ratio;
            llvm::outs() << llvm::format(
                "accuracy W5 %s: f64 reference %.9g (sum of |x| %.9g), jit "
                "%.9g (relative error %.3g), jit-f64 %.9g (relative error "
                "%.3g, ratio %.2f), sequential C++ loop %.9g (relative error "
                "%.3g)\n",
                opName(op), exact, magnitude, jitValue, relative(jitValue),
                f64Value, relative(f64Value), f64Ratio, loopValue,
                relative(loopValue));
            if (json)
              *json << "{\"accuracy\":\"W5\",\"op\":\"" << opName(op)
                    << "\",\"reference\":" << llvm::format("%.17g", exact)
                    << ",\"magnitude\":" << llvm::format("%.17g", magnitude)
                    << ",\"jit\":" << llvm::format("%.9g", jitValue)
                    << ",\"jit_rel_error\":"
                    << llvm::format("%.3g", relative(jitValue))
                    << ",\"jit_f64\":" << llvm::format("%.9g", f64Value)
                    << ",\"jit_f64_rel_error\":"
                    << llvm::format("%.3g", relative(f64Value))
                    << ",\"jit_f64_ratio\":" << llvm::format("%.3f", f64Ratio)
                    << ",\"loop\":" << llvm::format("%.9g", loopValue)
                    << ",\"loop_rel_error\":"
                    << llvm::format("%.3g", relative(loopValue)) << "}\n";
          }
          if (!results)
            llvm::consumeError(results.takeError());
          if (!f64Results)
            llvm::consumeError(f64Results.takeError());
        }

        for (const Row &row : rows) {
          llvm::outs() << llvm::format(
              "%-4s %-4s %-13s %3d %12.1f %9.2f %7.3f  %s\n",
              row.workload.c_str(), row.op.c_str(), row.contender.c_str(),
              row.threads, row.seconds * 1e6, row.gbps, row.ratio,
              row.note.c_str());
          if (json)
            *json << "{\"workload\":\"" << row.workload << "\",\"op\":\""
                  << row.op << "\",\"contender\":\"" << row.contender
                  << "\",\"threads\":" << row.threads
                  << ",\"seconds\":" << llvm::format("%.9f", row.seconds)
                  << ",\"gbps\":" << llvm::format("%.3f", row.gbps)
                  << ",\"ratio\":" << llvm::format("%.4f", row.ratio)
                  << ",\"bytes\":" << bytes << ",\"shape\":\""
                  << tensorType(w.shape, w.type) << "\",\"what\":\"" << w.what
                  << "\",\"note\":\"" << row.note << "\"}\n";
        }
        llvm::outs().flush();
      }
    }
  }
  if (!numpyResult.empty())
    llvm::sys::fs::remove(numpyResult);
  llvm::outs() << llvm::format(
      "reduce-bench: %.0f s\n",
      std::chrono::duration<double>(Clock::now() - runStart).count());
  return 0;
}

//===- Calibrate.cpp - Measure the host profile -----------------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Coordinate descent over the target fields that decide the speed of
// streamed reductions: for each field in turn, the kernels are compiled with
// every candidate value (the other fields at their current choice), timed
// interleaved, and the fastest candidate is kept unless the current choice
// (at first the field's first candidate: the static default, or no
// prefetch, or one prefetch per line) is within the tolerance of it, in
// that measurement or in a second one.
//
//===----------------------------------------------------------------------===//

#include "reduce/JIT/Calibrate.h"

#include "reduce/JIT/CacheSweep.h"
#include "reduce/Target/TargetFieldNames.h"

#include "reduce/JIT/JIT.h"
#include "reduce/Pipelines/Pipelines.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Host.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <map>
#include <mutex>
#include <numeric>
#include <optional>
#include <random>

#if defined(__unix__) || defined(__APPLE__)
#include <time.h>
#endif

using namespace mlir;
using namespace mlir::reduce;
namespace json = llvm::json;
using Clock = std::chrono::steady_clock;

namespace {
/// The kernels a field changes, and so the kernels that score it: a
/// kernel the field leaves alone would only add its noise to the score.
/// `streamed`: the reductions of the large input (the fields of streamed
/// reductions); `minKernels`: every minimum, in cache too (the lowering of
/// the minimum applies to all); `streamedRows`: the streamed reductions
/// over rows; `writes`: the elementwise kernel that writes a result as large
/// as the input; `severalResults`: the streamed kernel with two results.
enum class Affects {
  streamed,
  minKernels,
  streamedRows,
  writes,
  severalResults
};

/// A target field the calibration chooses, with its pipeline option and its
/// candidate values, the first the choice the others must beat (the static
/// default but for the prefetch distance and stride).
struct Field {
  /// Its key and option (ReduceTargetFields.def).
  TargetFieldNames names;
  llvm::SmallVector<int64_t> candidates;
  Affects affects = Affects::streamed;
};

/// One kernel of the calibration module.
struct Kernel {
  const char *name;
  bool isMin;
  /// Reduces the innermost dim (rows), else the outer one.
  bool rows;
  /// Reads the small in-cache input (many calls per timing), else the
  /// large streamed one.
  bool inCache;
  /// An elementwise map of the streamed input (its square), not a
  /// reduction: its result has the input's shape.
  bool writes = false;
  /// The minimum and the maximum of the same rows, fused into one op with
  /// two results (the minimum kernels' fields leave it alone: it only
  /// scores how several results share the registers).
  bool minAndMax = false;

  bool isAffectedBy(const Field &field) const {
    switch (field.affects) {
    case Affects::streamed:
      return !inCache && !writes && !minAndMax;
    case Affects::minKernels:
      return isMin && !minAndMax;
    case Affects::streamedRows:
      return rows && !inCache && !writes && !minAndMax;
    case Affects::writes:
      return writes;
    case Affects::severalResults:
      return minAndMax;
    }
    return true;
  }
};
} // namespace

/// The seconds the calling thread has run: a calibration kernel's call is
/// timed by it, not by the wall clock, which on a shared machine also
/// counts the time the thread waits for a core (docs/tuning.md). The
/// kernels are single-threaded, and a memory-bound call runs while it
/// waits for memory, so this is its time alone. The wall clock where the
/// system has no thread clock.
static double getThreadSeconds() {
#if defined(CLOCK_THREAD_CPUTIME_ID)
  timespec now;
  if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now) == 0)
    return static_cast<double>(now.tv_sec) + 1e-9 * now.tv_nsec;
#endif
  return std::chrono::duration<double>(Clock::now().time_since_epoch())
      .count();
}

static constexpr Kernel kKernels[] = {{"rows_sum", false, true, false},
                                      {"rows_min", true, true, false},
                                      {"cols_sum", false, false, false},
                                      {"cols_min", true, false, false},
                                      {"tile_min", true, true, true},
                                      {"square", false, true, false, true},
                                      {"rows_min_max", true, true, false,
                                       false, true}};

/// Passes of the coordinate descent at most.
static constexpr int kMaxPasses = 2;

/// Columns of the streamed calibration input: rows of 16 KiB, like the
/// 4096x4096 workloads of the benchmark.
static constexpr int64_t kColumns = 4096;

/// The in-cache input: 72 rows of 240 f32 (67.5 KiB, medium rows of 15
/// 512-bit registers), like the benchmark's W4; calls of it are timed
/// `kInCacheCalls` at a time.
static constexpr int64_t kInCacheShape[] = {72, 240};
static constexpr int kInCacheCalls = 256;

/// The kernels: f32 sums and NaN-propagating minimums over the innermost
/// dim (rows) and over the outer dim (columns) of a `rows` x kColumns input,
/// the minimum of the rows of the in-cache input, the square of each
/// element of the large input, and the minimum and maximum of its rows.
static std::string getKernelSource(int64_t rows) {
  auto tensor = [](ArrayRef<int64_t> shape) {
    std::string text = "tensor<";
    for (int64_t size : shape)
      text += std::to_string(size) + "x";
    return text + "f32>";
  };
  std::string text;
  for (const Kernel &kernel : kKernels) {
    int64_t shape[] = {kernel.inCache ? kInCacheShape[0] : rows,
                       kernel.inCache ? kInCacheShape[1] : kColumns};
    std::string in = tensor(shape);
    if (kernel.writes) {
      text += std::string("func.func @") + kernel.name + "(%x: " + in +
              ") -> " + in + " {\n  %r = arith.mulf %x, %x : " + in +
              "\n  return %r : " + in + "\n}\n";
      continue;
    }
    std::string out = tensor(shape[kernel.rows ? 0 : 1]);
    if (kernel.minAndMax) {
      text += std::string("func.func @") + kernel.name + "(%x: " + in +
              ") -> (" + out + ", " + out +
              ") {\n  %a = reduce.min %x axes [1] : " + in + " -> " + out +
              "\n  %b = reduce.max %x axes [1] : " + in + " -> " + out +
              "\n  return %a, %b : " + out + ", " + out + "\n}\n";
      continue;
    }
    text += std::string("func.func @") + kernel.name + "(%x: " + in + ") -> " +
            out + " {\n  %r = reduce." + (kernel.isMin ? "min" : "sum") +
            " %x axes [" + (kernel.rows ? "1" : "0") + "] : " + in + " -> " +
            out + "\n  return %r : " + out + "\n}\n";
  }
  return text;
}

namespace {
/// Takes the streamed input out of the caches before each timed call, so
/// that every candidate reads it from memory, as it reads an input larger
/// than the caches: on a host whose last-level cache holds the input, every
/// candidate would read it from that cache alike, and the choice would not
/// hold for the inputs that do not fit. Nothing to do for an input larger
/// than twice the caches; else its lines are flushed (x86 `clflushopt`), or
/// a buffer of twice the caches is read through.
class Evictor {
public:
  Evictor(const void *data, int64_t bytes, const HostKey &key)
      : data(static_cast<const char *>(data)), bytes(bytes) {
    int64_t caches = key.l2Bytes + key.l3Bytes;
    if (bytes > 2 * caches)
      return;
    if (hostHasFlush()) {
      method = Method::flush;
      return;
    }
    method = Method::sweep;
    sweep.emplace(static_cast<size_t>(2 * caches));
  }

  void evict() {
    switch (method) {
    case Method::none:
      return;
    case Method::flush:
      flush(data, bytes);
      return;
    case Method::sweep:
      (*sweep)();
      return;
    }
  }

  /// How the input leaves the caches (the profile records it).
  const char *getMethodName() const {
    switch (method) {
    case Method::none:
      return "none";
    case Method::flush:
      return "flush";
    case Method::sweep:
      return "sweep";
    }
    return "none";
  }

private:
  enum class Method { none, flush, sweep };

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
  static bool hostHasFlush() {
    llvm::StringMap<bool> features = llvm::sys::getHostCPUFeatures();
    auto it = features.find("clflushopt");
    return it != features.end() && it->second;
  }
  __attribute__((target("clflushopt"))) static void flush(const char *data,
                                                          int64_t bytes) {
    for (int64_t offset = 0; offset < bytes; offset += 64)
      __builtin_ia32_clflushopt(data + offset);
    __builtin_ia32_mfence();
  }
#else
  static bool hostHasFlush() { return false; }
  static void flush(const char *, int64_t) {}
#endif

  const char *data;
  int64_t bytes;
  Method method = Method::none;
  std::optional<CacheSweep> sweep;
};
} // namespace

/// A field with `values` as its candidates, in that order, without repeats.
static Field makeField(const TargetFieldNames &names,
                       std::initializer_list<int64_t> values,
                       Affects affects = Affects::streamed) {
  Field field{names, {}, affects};
  for (int64_t value : values)
    if (!llvm::is_contained(field.candidates, value))
      field.candidates.push_back(value);
  return field;
}

/// The pipeline option's value for `value` of `field`.
static std::string getOptionValue(const Field &field, int64_t value) {
  if (field.names.key == targetfields::rangeMinimum.key)
    return value ? "range" : "or";
  return std::to_string(value);
}

/// The bytes of the streamed input, a whole number of rows of kColumns f32.
static int64_t getInputBytes(const CalibrationOptions &options,
                             const HostKey &key) {
  int64_t inputBytes = options.inputBytes;
  if (inputBytes <= 0)
    inputBytes = std::clamp<int64_t>(4 * key.l2Bytes, 64 << 20, 128 << 20);
  int64_t rows = std::max<int64_t>(1, inputBytes / (kColumns * 4));
  return rows * kColumns * 4;
}

/// The fields, in the order they are chosen. Candidates the host cannot run
/// (512-bit registers without AVX-512, range without AVX-512DQ/VL) are left
/// out; a field with one candidate is not measured.
static llvm::SmallVector<Field> getFields(const ReduceTarget &staticTarget,
                                          const HostKey &key) {
  llvm::SmallVector<Field> fields;
  // The stream registers are scored on the kernels over rows: there the
  // backend is held to them (docs/tuning.md), and the width decides how the
  // input is read; over columns it only changes the size of the tile.
  fields.push_back(makeField(
      targetfields::streamVectorBits,
      {staticTarget.streamVectorBits,
       std::max(staticTarget.streamVectorBits, staticTarget.vectorBits)},
      Affects::streamedRows));
  Field minimum = makeField(targetfields::rangeMinimum,
                            {staticTarget.rangeMinimum}, Affects::minKernels);
  if (hostHasRange())
    minimum.candidates.push_back(!staticTarget.rangeMinimum);
  fields.push_back(minimum);
  fields.push_back(
      makeField(targetfields::accumulators, {staticTarget.accumulators, 8}));
  // No prefetch first: a software prefetch costs instructions on every
  // read, so it must pay for them by more than the tolerance (the static
  // default keeps one, for hosts without a profile).
  // The distances are measured with one prefetch per 64-byte line (the
  // stride's first candidate), then the stride: one prefetch of two lines
  // leaves the other to the hardware, which was no faster than no prefetch
  // where every line's was (docs/tuning.md).
  fields.push_back(makeField(targetfields::prefetchDistance,
                             {0, staticTarget.prefetchDistance, 4096}));
  fields.push_back(makeField(targetfields::prefetchStride,
                             {64, staticTarget.prefetchStride}));
  // Parts of the rows read side by side by the innermost-reduction
  // strategy on streamed 2-D rows (also the row-tile strategy's, which no
  // calibration kernel uses): long streams for the prefetchers, or fewer
  // (1: one row at a time, then `stream_rows` adjacent rows at once).
  fields.push_back(makeField(targetfields::rowStreams,
                             {staticTarget.rowStreams, 2, 1},
                             Affects::streamedRows));
  // Rows of the innermost-reduction strategy read at once where the rows
  // are not read as parts: streams for the prefetchers, or fewer (1: one
  // row at a time), fewer instructions in flight. Only the kernels over
  // rows use that strategy.
  fields.push_back(makeField(targetfields::streamRows,
                             {staticTarget.streamRows, 2, 1},
                             Affects::streamedRows));
  // Several results of one streamed op (min and max): each result keeps
  // the rows at once of one result with 1 or 2 registers a row, or the
  // results divide the rows at once among them (0, the static default).
  fields.push_back(makeField(targetfields::resultAccumulators,
                             {staticTarget.resultAccumulators, 1, 2},
                             Affects::severalResults));
  // Non-temporal stores of large results: a result of a few L2s
  // (at least a streamed input's size) is written past the caches, or
  // none is. Measured on a result of the input's size: the choice assumes
  // that a result that large leaves the caches before it is read.
  fields.push_back(
      makeField(targetfields::nontemporalStoreBytes,
                {staticTarget.nontemporalStoreBytes,
                 std::max(staticTarget.minStreamBytes, 4 * key.l2Bytes)},
                Affects::writes));
  return fields;
}

namespace {
/// The buffers the kernels read and write: the streamed input (non-zero
/// data, no NaN, written before it is read, 64-byte aligned as the
/// runtime's buffers are: a std::vector's misaligned data splits a vector
/// read in two across cache lines, which favours other tiles than aligned
/// data do), the in-cache input, and a result buffer of each shape.
struct KernelBuffers {
  explicit KernelBuffers(int64_t rows)
      : rows(rows),
        input(Buffer::allocateForOverwrite(ElementType::f32, {rows, kColumns})),
        inCacheInput(
            Buffer::allocateForOverwrite(ElementType::f32, kInCacheShape)),
        squares(
            Buffer::allocateForOverwrite(ElementType::f32, {rows, kColumns})),
        rowResults(rows), otherRowResults(rows), columnResults(kColumns),
        inCacheResults(kInCacheShape[0]) {
    fill(input);
    fill(inCacheInput);
  }

  static void fill(Buffer &buffer) {
    llvm::MutableArrayRef<float> elements = buffer.getElements<float>();
    for (size_t i = 0; i < elements.size(); ++i)
      elements[i] =
          1.0f + static_cast<float>((i * 2654435761u) % 1021) / 1021.0f;
  }

  /// The result buffers of `kernel`, in the order of its results.
  llvm::SmallVector<MutableBufferView, 2> getResults(const Kernel &kernel) {
    if (kernel.inCache)
      return {MutableBufferView{ElementType::f32, inCacheRowShape,
                                inCacheResults.data()}};
    if (kernel.writes)
      return {squares.getMutableView()};
    if (!kernel.rows)
      return {MutableBufferView{ElementType::f32, columnShape,
                                columnResults.data()}};
    llvm::SmallVector<MutableBufferView, 2> results = {
        MutableBufferView{ElementType::f32, rowShape, rowResults.data()}};
    if (kernel.minAndMax)
      results.push_back(MutableBufferView{ElementType::f32, rowShape,
                                          otherRowResults.data()});
    return results;
  }

  int64_t rows;
  Buffer input, inCacheInput;
  /// The result of the writing kernel: aligned, as the runtime's are (the
  /// non-temporal stores need it).
  Buffer squares;
  std::vector<float> rowResults, otherRowResults, columnResults, inCacheResults;
  int64_t rowShape[1] = {rows};
  int64_t columnShape[1] = {kColumns};
  int64_t inCacheRowShape[1] = {kInCacheShape[0]};
};

/// One calibration: the kernels' buffers, the modules compiled so far (one
/// per set of pipeline options) and the current choice of every field.
class Calibration {
public:
  Calibration(const CalibrationOptions &options, const HostKey &key,
              llvm::SmallVector<Field> fields, int64_t rows)
      : options(options), fields(std::move(fields)), buffers(rows),
        evictor(buffers.input.getView().data, rows * kColumns * 4, key),
        source(getKernelSource(rows)) {
    for (const Field &field : this->fields)
      current[field.names.key] = field.candidates.front();
  }

  /// Runs the coordinate descent: every field in turn, a second pass
  /// under the choices of the first unless the first changed nothing
  /// (fields interact: the best number of rows at once depends on how the
  /// minimum is lowered). The second pass's modules are mostly the
  /// first's, compiled once.
  llvm::Error run() {
    for (bool changed = true; changed && passes < kMaxPasses; ++passes) {
      changed = false;
      for (const Field &field : fields) {
        llvm::Expected<bool> fieldChanged = chooseField(field);
        if (!fieldChanged)
          return fieldChanged.takeError();
        changed |= *fieldChanged;
      }
    }
    return llvm::Error::success();
  }

  /// The choice of every field measured.
  const std::map<llvm::StringRef, int64_t> &getChoices() const {
    return chosen;
  }
  /// The relative times of each field's candidates, by their option values
  /// (permille of the first candidate), for the profile's readers.
  json::Object takeMeasured() { return std::move(measured); }
  int64_t getPasses() const { return passes; }
  const char *getEvictionName() const { return evictor.getMethodName(); }

private:
  /// The pipeline options of the choices `values`: every calibrated field
  /// explicit, and no host profile, so that none biases the calibration.
  std::string
  getPipelineOptions(const std::map<llvm::StringRef, int64_t> &values) const {
    std::string text = "host-profile=false";
    for (const Field &field : fields)
      text += (" " + field.names.flag + "=").str() +
              getOptionValue(field, values.at(field.names.key));
    return text;
  }

  llvm::Expected<JitModule *> getModule(const std::string &pipelineOptions);
  llvm::Expected<llvm::SmallVector<double>> timeCandidates(const Field &field);
  llvm::Expected<bool> chooseField(const Field &field);
  void log(const Field &field, llvm::ArrayRef<double> relative,
           std::optional<llvm::ArrayRef<double>> confirmation, size_t choice);

  const CalibrationOptions &options;
  llvm::SmallVector<Field> fields;
  KernelBuffers buffers;
  Evictor evictor;
  std::string source;
  llvm::StringMap<std::unique_ptr<JitModule>> modules;
  std::map<llvm::StringRef, int64_t> current, chosen;
  json::Object measured;
  int64_t passes = 0;
  std::mt19937_64 shuffler{42};
};
} // namespace

llvm::Expected<JitModule *>
Calibration::getModule(const std::string &pipelineOptions) {
  std::unique_ptr<JitModule> &module = modules[pipelineOptions];
  if (!module) {
    JitOptions jitOptions;
    jitOptions.pipelineOptions = pipelineOptions;
    jitOptions.calibrateOnFirstUse = false;
    // Candidates of one calibration: nothing another process would load.
    jitOptions.persistentCache = false;
    llvm::Expected<std::unique_ptr<JitModule>> compiled =
        JitModule::compile(source, jitOptions, "<calibration>");
    if (!compiled)
      return compiled.takeError();
    module = std::move(*compiled);
  }
  return module.get();
}

/// The median time of each candidate of `field` (the other fields as chosen
/// so far) relative to the field's first candidate, averaged over the
/// kernels the field affects.
llvm::Expected<llvm::SmallVector<double>>
Calibration::timeCandidates(const Field &field) {
  struct Run {
    size_t candidate;
    JitFunction function;
    BufferView input;
    llvm::SmallVector<MutableBufferView, 2> results;
    int calls;
    std::vector<double> times = {};
  };
  BufferView inputView = buffers.input.getView();
  std::vector<Run> runs;
  for (size_t c = 0; c < field.candidates.size(); ++c) {
    std::map<llvm::StringRef, int64_t> values = current;
    values[field.names.key] = field.candidates[c];
    llvm::Expected<JitModule *> module = getModule(getPipelineOptions(values));
    if (!module)
      return module.takeError();
    for (const Kernel &kernel : kKernels) {
      if (!kernel.isAffectedBy(field))
        continue;
      llvm::Expected<JitFunction> function = (*module)->lookup(kernel.name);
      if (!function)
        return function.takeError();
      runs.push_back(
          {c, *function,
           kernel.inCache ? buffers.inCacheInput.getView() : inputView,
           buffers.getResults(kernel), kernel.inCache ? kInCacheCalls : 1});
    }
  }
  // One warm-up call each, then `rounds` rounds in a new order each: a
  // call leaves caches and prefetchers in a state that favours the next
  // one, so no run may always follow the same other one.
  unsigned rounds = std::max(1u, options.rounds);
  std::vector<size_t> order(runs.size());
  std::iota(order.begin(), order.end(), size_t(0));
  for (unsigned round = 0; round <= rounds; ++round) {
    std::shuffle(order.begin(), order.end(), shuffler);
    for (size_t index : order) {
      Run &run = runs[index];
      if (run.input.data == inputView.data)
        evictor.evict();
      double callStart = getThreadSeconds();
      for (int call = 0; call < run.calls; ++call)
        if (llvm::Error err = run.function.callInto({run.input}, run.results))
          return std::move(err);
      double seconds = getThreadSeconds() - callStart;
      if (round > 0)
        run.times.push_back(seconds);
    }
  }
  // The median of each run: what a call usually costs, as the benchmark
  // reports it (the best round rewards a candidate that is only sometimes
  // fast).
  std::vector<double> medians;
  for (Run &run : runs) {
    std::sort(run.times.begin(), run.times.end());
    medians.push_back(run.times[run.times.size() / 2]);
  }
  // The runs of a candidate are in kernel order.
  size_t kernels = runs.size() / field.candidates.size();
  llvm::SmallVector<double> relative(field.candidates.size(), 0.0);
  for (size_t i = 0; i < runs.size(); ++i)
    relative[runs[i].candidate] += medians[i] / medians[i % kernels];
  for (double &value : relative)
    value /= static_cast<double>(kernels);
  return relative;
}

/// Measures the candidates of `field` and keeps the current choice (the
/// first candidate in the first pass) unless another is faster by more than
/// the tolerance, in that measurement and in a second, independent one (on
/// a shared machine one measurement can be off by more than the
/// tolerance). Returns whether the choice changed.
llvm::Expected<bool> Calibration::chooseField(const Field &field) {
  if (field.candidates.size() < 2)
    return false;
  // No prefetch: no stride to measure (the profile keeps the static
  // default's).
  if (field.names.key == targetfields::prefetchStride.key &&
      current[targetfields::prefetchDistance.key] == 0)
    return false;
  llvm::Expected<llvm::SmallVector<double>> relative = timeCandidates(field);
  if (!relative)
    return relative.takeError();
  size_t fastest =
      std::min_element(relative->begin(), relative->end()) - relative->begin();
  size_t incumbent = llvm::find(field.candidates, current[field.names.key]) -
                     field.candidates.begin();
  auto beatsIncumbent = [&](llvm::ArrayRef<double> times) {
    return times[incumbent] > times[fastest] * (1 + options.tolerance);
  };
  size_t choice = beatsIncumbent(*relative) ? fastest : incumbent;
  std::optional<llvm::SmallVector<double>> confirmation;
  if (choice != incumbent) {
    llvm::Expected<llvm::SmallVector<double>> again = timeCandidates(field);
    if (!again)
      return again.takeError();
    confirmation = std::move(*again);
    if (!beatsIncumbent(*confirmation))
      choice = incumbent;
  }
  bool changed = current[field.names.key] != field.candidates[choice];
  current[field.names.key] = field.candidates[choice];
  chosen[field.names.key] = field.candidates[choice];

  json::Object times;
  for (size_t c = 0; c < field.candidates.size(); ++c)
    times[getOptionValue(field, field.candidates[c])] =
        static_cast<int64_t>(std::lround((*relative)[c] * 1000));
  measured[field.names.key] = std::move(times);
  log(field, *relative,
      confirmation ? std::optional<llvm::ArrayRef<double>>(*confirmation)
                   : std::nullopt,
      choice);
  return changed;
}

/// Writes one line on the measurement of `field` to the options' log.
void Calibration::log(const Field &field, llvm::ArrayRef<double> relative,
                      std::optional<llvm::ArrayRef<double>> confirmation,
                      size_t choice) {
  if (!options.log)
    return;
  llvm::raw_ostream &os = *options.log;
  auto logTimes = [&](llvm::ArrayRef<double> times) {
    for (size_t c = 0; c < field.candidates.size(); ++c)
      os << " " << getOptionValue(field, field.candidates[c]) << "="
         << llvm::format("%.3f", times[c]);
  };
  os << "pass " << passes + 1 << ": " << field.names.key << ":";
  logTimes(relative);
  if (confirmation) {
    os << "; again:";
    logTimes(*confirmation);
  }
  os << " -> " << getOptionValue(field, field.candidates[choice]) << "\n";
}

llvm::Expected<HostProfile>
mlir::reduce::calibrateHost(const CalibrationOptions &options) {
  Clock::time_point start = Clock::now();
  HostProfile profile;
  profile.key = HostKey::getCurrent();
  int64_t inputBytes = getInputBytes(options, profile.key);
  Calibration calibration(options, profile.key,
                          getFields(getStaticReduceTarget(), profile.key),
                          inputBytes / (kColumns * 4));
  if (llvm::Error err = calibration.run())
    return std::move(err);
  for (const auto &[key, value] : calibration.getChoices())
    profile.settings[key.str()] = value;

  double seconds = std::chrono::duration<double>(Clock::now() - start).count();
  profile.calibration = json::Object{
      {"input_bytes", inputBytes},
      {"input_evicted", calibration.getEvictionName()},
      {"rounds", static_cast<int64_t>(std::max(1u, options.rounds))},
      {"passes", calibration.getPasses()},
      {"millis", static_cast<int64_t>(std::lround(seconds * 1000))},
      {"relative_time_permille", calibration.takeMeasured()},
  };
  return profile;
}

void mlir::reduce::ensureHostProfile() {
  static std::once_flag once;
  std::call_once(once, [] {
    ProfileLookup lookup = lookupHostProfile();
    if (lookup.profile ||
        lookup.location.kind != ProfileLocation::Kind::Default)
      return;
    // REDUCE_CALIBRATION_BYTES (tests): a smaller input than the default.
    CalibrationOptions options;
    if (std::optional<std::string> bytes =
            llvm::sys::Process::GetEnv("REDUCE_CALIBRATION_BYTES")) {
      int64_t value = 0;
      if (!llvm::StringRef(*bytes).getAsInteger(10, value) &&
          value >= (int64_t(1) << 20))
        options.inputBytes = value;
    }
    // The first compilation waits for the calibration: say why, for how
    // long, and how not to wait (docs/tuning.md, "The host profile").
    llvm::errs() << "reduce: calibrating the JIT for this host, once "
                    "(several seconds; `reduce-tune` does it ahead of time, "
                    "REDUCE_PROFILE=off skips it)\n";
    llvm::Expected<HostProfile> profile = calibrateHost(options);
    if (!profile) {
      // The static default stays in use; say why once per process.
      llvm::errs() << "reduce: warning: no host profile: "
                   << llvm::toString(profile.takeError()) << "\n";
      return;
    }
    std::optional<int64_t> millis = profile->calibration.getInteger("millis");
    if (llvm::Error err = writeHostProfile(*profile, lookup.location.path)) {
      llvm::errs() << "reduce: warning: no host profile: "
                   << llvm::toString(std::move(err))
                   << " (every process calibrates again; set REDUCE_CACHE_DIR "
                      "to a writable directory, or REDUCE_PROFILE=off)\n";
      return;
    }
    llvm::errs() << "reduce: calibrated in "
                 << llvm::format("%.1f", millis.value_or(0) / 1000.0)
                 << " s; host profile written to " << lookup.location.path
                 << "\n";
  });
}

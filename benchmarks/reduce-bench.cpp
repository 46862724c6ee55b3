//===- reduce-bench.cpp - Reductions against the read limit -----*- C++ -*-===//
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
// The fused workloads F1-F6 (--fused, or their ids in --workloads; not in
// the default run): reduce ops beside elementwise ops on tensors over the
// rows of a 4096x4096 f32 input, against our own one-read reduce.sum of the
// same input, numpy, PyTorch and ONNX Runtime (Fused.h, FusedRun.h).
//
// Ops: every op of the dialect (--ops); by default sum, l1 and min on every
// workload and the other ops on W1, W2 and W5. prod and log_sum read inputs
// near 1, the logical ops the bool version of the workload (InputKind);
// each input has its own limit, measured on its bytes.
//
// Output: a human table on stdout and, with --json FILE, one JSON object per
// measurement.
//
// This file holds the flags and the steps of the run; the workloads and
// their inputs are in Workloads.h, the result checks in Reference.h, the
// interleaved timing in Timing.h, the read limit in ReadLimit.h, the
// other contenders in Kernels.h and ServerProcess.h, and the fused workloads
// in Fused.h and FusedRun.h.
//
//===----------------------------------------------------------------------===//

#include "FusedRun.h"
#include "Kernels.h"
#include "ReadLimit.h"
#include "Reference.h"
#include "ServerProcess.h"
#include "Timing.h"
#include "Workloads.h"

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
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

using namespace mlir::reduce;
using namespace bench;
namespace cl = llvm::cl;

//===----------------------------------------------------------------------===//
// Flags
//===----------------------------------------------------------------------===//

static cl::list<std::string> workloadIds(
    "workloads",
    cl::desc("Workload ids to run (default: W1-W8, and F1-F6 with --fused)"),
    cl::CommaSeparated);
static cl::opt<bool>
    fused("fused", cl::desc("Also run the fused workloads F1-F6 (all of them "
                            "unless --workloads names some)"));
static cl::list<std::string> opNames(
    "ops",
    cl::desc("Ops to run on every selected workload (any op of the dialect, "
             "or `all`); default: sum, l1 and min on every workload, the "
             "other ops on W1, W2 and W5"),
    cl::CommaSeparated);
static cl::opt<unsigned>
    repeats("repeats", cl::desc("Timed calls per measurement"), cl::init(11));
static cl::opt<std::string>
    jsonPath("json", cl::desc("Write JSON lines to this file"), cl::init(""));
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
static cl::opt<bool> printFused(
    "print-fused",
    cl::desc("Print the modules of the fused workloads (F1-F6, or those "
             "--workloads names), separated by `// -----`, and exit"));
static cl::opt<bool> quick("quick",
                           cl::desc("Shrink the large workloads 16x (for "
                                    "tests of the benchmark itself)"));

namespace {

/// Checks the --ops names; prints the error and returns false on an unknown
/// one.
bool checkOpNames() {
  for (const std::string &name : opNames)
    if (name != "all" &&
        llvm::none_of(kAllOps, [&](Op op) { return name == opName(op); })) {
      llvm::errs() << "reduce-bench: error: unknown op '" << name << "'\n";
      return false;
    }
  return true;
}

/// Whether --workloads selects `id` (all workloads without it).
bool isSelected(llvm::StringRef id) {
  return workloadIds.empty() ||
         std::find(workloadIds.begin(), workloadIds.end(), id) !=
             workloadIds.end();
}

/// The fused workloads to run: those --workloads names, or with --fused all
/// of them when it names none.
std::vector<FusedWorkload> selectedFusedWorkloads() {
  std::vector<FusedWorkload> all = allFusedWorkloads(quick), selected;
  bool named = llvm::any_of(all, [](const FusedWorkload &w) {
    return llvm::is_contained(workloadIds, w.id);
  });
  for (const FusedWorkload &w : all)
    if (named ? llvm::is_contained(workloadIds, w.id) : bool(fused))
      selected.push_back(w);
  return selected;
}

/// Whether --workloads names only fused workloads (then no W row runs).
bool onlyFusedNamed() {
  return !workloadIds.empty() &&
         llvm::all_of(workloadIds, [](const std::string &id) {
           return llvm::StringRef(id).starts_with("F");
         });
}

//===----------------------------------------------------------------------===//
// Setting up the run
//===----------------------------------------------------------------------===//

/// With --recalibrate, calibrates the host profile (as reduce-tune) and
/// stores it, whatever profile is there; prints the error and returns false
/// when that fails. Without it the profile is calibrated on the JIT's first
/// use when there is none; `jit` uses it, `jit-static` the static default.
bool recalibrateIfAsked() {
  if (!recalibrate)
    return true;
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
    return false;
  }
  return true;
}

/// Opens the --json file into `json` (left null without --json); prints the
/// error and returns false when it cannot be written.
bool openJson(std::unique_ptr<llvm::raw_fd_ostream> &json) {
  if (jsonPath.empty())
    return true;
  std::error_code ec;
  json = std::make_unique<llvm::raw_fd_ostream>(jsonPath, ec);
  if (!ec)
    return true;
  llvm::errs() << "reduce-bench: error: cannot write '" << jsonPath
               << "': " << ec.message() << "\n";
  return false;
}

/// Whether the pipeline knows the option threads=N (then `jit` also runs on
/// two threads).
bool pipelineHasThreads() {
  JitOptions probe;
  probe.pipelineOptions = "threads=2";
  probe.persistentCache = false;
  auto module = JitModule::compile(
      "func.func @f(%x: tensor<4xf32>) -> tensor<f32> {\n"
      "  %r = reduce.sum %x axes [0] : tensor<4xf32> -> tensor<f32>\n"
      "  return %r : tensor<f32>\n}\n",
      probe);
  if (!module)
    llvm::consumeError(module.takeError());
  return bool(module);
}

/// What every measurement of the run shares: the JSON stream, the
/// contenders that live for the whole run (Eigen's thread pools, the numpy
/// server and the file it writes its results to) and whether the pipeline
/// has threads=N.
struct RunContext {
  RunContext(llvm::raw_ostream *json, bool jitThreads)
      : json(json), jitThreads(jitThreads) {
    if (!numpy.ok())
      llvm::errs() << "reduce-bench: no numpy contender ("
                   << REDUCE_BENCH_PYTHON << " cannot import numpy)\n";
    // The numpy server reads each input from a file (removed once loaded)
    // and writes its results to another.
    if (numpy.ok() && llvm::sys::fs::createTemporaryFile("reduce-bench-numpy",
                                                         "npy", numpyResult))
      numpyResult.clear();
  }
  /// Removes the numpy server's result file.
  void removeNumpyResult() {
    if (!numpyResult.empty())
      llvm::sys::fs::remove(numpyResult);
  }

  llvm::raw_ostream *json;
  bool jitThreads;
  EigenReducer eigen1{1}, eigen2{2};
  ServerProcess numpy{{REDUCE_BENCH_PYTHON, REDUCE_BENCH_NUMPY_SCRIPT}};
  llvm::SmallString<128> numpyResult;
};

/// Prints the host profile in use, the target it gives and the static
/// default target (and their JSON record), then the table's header.
void printTargetsAndHeader(const RunContext &run, llvm::StringRef profileInUse,
                           const ReduceTarget &target) {
  std::string targetJSON = targetToJSON(target);
  std::string staticJSON = targetToJSON(getStaticReduceTarget());
  llvm::outs() << "profile: " << profileInUse << "\ntarget: " << targetJSON
               << "\nstatic: " << staticJSON << "\n";
  if (run.json) {
    *run.json << "{\"profile\":";
    llvm::json::OStream(*run.json).value(profileInUse);
    *run.json << ",\"target\":" << targetJSON
              << ",\"static_target\":" << staticJSON << "}\n";
  }
  if (!onlyFusedNamed())
    llvm::outs() << llvm::format("%-4s %-4s %-13s %3s %12s %9s %7s  %s\n", "id",
                                 "op", "contender", "thr", "time_us", "GB/s",
                                 "ratio", "note");
}

//===----------------------------------------------------------------------===//
// One input: its data and its limit
//===----------------------------------------------------------------------===//

/// One input of a workload: the workload as its ops read it, its data,
/// whether the numpy server holds a copy, and its limit kernels.
struct Input {
  /// The input of `kind` of `base`, filled with its data (fillInput).
  Input(const Workload &base, InputKind kind)
      : w(withInputKind(base, kind)), kind(kind), data(w.type, w.shape),
        bytes(data.getSizeInBytes()) {
    fillInput(data, w, kind);
  }

  Workload w;
  InputKind kind;
  Buffer data;
  size_t bytes;
  bool numpyLoaded = false;
  InputLimits limits;
};

/// The ops that run on `w` and read the input of `kind`, in kAllOps order.
std::vector<Op> opsReading(const Workload &w, InputKind kind) {
  std::vector<Op> ops;
  for (Op op : kAllOps)
    if (inputKindOf(op) == kind && runsOn(op, w, opNames))
      ops.push_back(op);
  return ops;
}

/// Hands `data` to the numpy server through a temporary file; returns
/// whether it loaded it.
bool loadIntoNumpy(RunContext &run, const Buffer &data) {
  if (!run.numpy.ok() || run.numpyResult.empty())
    return false;
  llvm::SmallString<128> inputPath;
  if (llvm::sys::fs::createTemporaryFile("reduce-bench-input", "npy",
                                         inputPath))
    return false;
  bool loaded = false;
  if (llvm::Error err = writeNpyFile(inputPath, data.getView()))
    llvm::consumeError(std::move(err));
  else
    loaded = run.numpy.request("load " + inputPath.str().str()) == "ok";
  llvm::sys::fs::remove(inputPath);
  return loaded;
}

//===----------------------------------------------------------------------===//
// One (workload, op) measurement: its contenders
//===----------------------------------------------------------------------===//

/// Everything one (workload, op) measurement owns: the reference of its
/// result checks, its contenders, their result buffers and the compiled JIT
/// kernels. The contenders point into it, so it stays in place until its
/// rows are printed.
struct OpMeasurement {
  OpMeasurement(const Input &input, Op op)
      : input(input), w(input.w), op(op),
        checker(op, input.w, input.data.getData()),
        plainOut(input.w.type, {input.w.b}),
        fastOut(input.w.type, {input.w.b}), eigenOut{Buffer(input.w.type,
                                                            {input.w.b}),
                                                     Buffer(input.w.type,
                                                            {input.w.b})},
        axesBuffer(ElementType::i64, {int64_t(input.w.axes.size())}) {
    llvm::copy(w.axes, axesBuffer.getElements<int64_t>().begin());
  }
  OpMeasurement(const OpMeasurement &) = delete;
  OpMeasurement &operator=(const OpMeasurement &) = delete;

  /// Checks out[b] at `got` against the reference.
  std::string check(const void *got) const { return checker.check(got); }
  /// W5 float sums also run with f64 accumulation, for its accuracy and
  /// cost.
  bool isAccuracyCase() const {
    return w.id == "W5" && (op == Op::sum || op == Op::l1);
  }

  const Input &input;
  const Workload &w;
  Op op;
  ResultChecker checker;
  std::vector<Contender> contenders;
  /// The results of cpp (the sequential loop of the accuracy line),
  /// cpp-fastmath and eigen on 1 and 2 threads.
  Buffer plainOut, fastOut, eigenOut[2];
  /// The JIT contenders' kernels. Each writes into its own result buffer,
  /// allocated once as for the C++ contenders (JitFunction::callInto), and
  /// keeps the error of its last call; both are checked after the timing.
  std::vector<std::unique_ptr<JitModule>> modules;
  std::vector<std::unique_ptr<JitFunction>> functions;
  std::vector<std::unique_ptr<Buffer>> jitOutputs;
  std::vector<std::unique_ptr<llvm::Error>> lastErrors;
  /// The jit-f64 kernel of the accuracy case.
  JitFunction *f64Function = nullptr;
  /// The axes, for the kernels that take them as an argument.
  Buffer axesBuffer;
};

/// `limit`: the input's best read kernel on 1 and 2 threads (on one thread
/// below kMinTwoThreadBytes). Always the first two contenders: their times
/// are the limits of the ratios.
void addLimitContenders(OpMeasurement &m) {
  const Input &input = m.input;
  bool small = input.bytes < kMinTwoThreadBytes;
  for (int threads : {1, 2}) {
    const ReadKernel *kernel = input.limits.kernel[threads];
    m.contenders.push_back({"limit", threads,
                            [&input, threads, kernel, small] {
                              readAtLimit(*kernel, input.data.getData(),
                                          input.bytes, small ? 1 : threads);
                            },
                            [] { return std::string(); }, kernel->name});
  }
}

/// `cpp` and `cpp-fastmath`: the plain loops without and with -ffast-math.
void addCppContenders(OpMeasurement &m) {
  m.contenders.push_back({"cpp", 1,
                          [&m] {
                            runKernel(m.w, m.op, m.input.data.getData(),
                                      plain::reduceF32, plain::reduceI32,
                                      plain::reduceBool, m.plainOut.getData());
                          },
                          [&m] { return m.check(m.plainOut.getData()); }});
  m.contenders.push_back({"cpp-fastmath", 1,
                          [&m] {
                            runKernel(m.w, m.op, m.input.data.getData(),
                                      fastmath::reduceF32, fastmath::reduceI32,
                                      fastmath::reduceBool,
                                      m.fastOut.getData());
                          },
                          [&m] { return m.check(m.fastOut.getData()); }});
}

/// `numpy`, when the server holds the input and knows the op: the server
/// times its own calls; its result comes back through the result file.
void addNumpyContender(RunContext &run, OpMeasurement &m) {
  const Workload &w = m.w;
  std::string axesList;
  for (int64_t axis : w.axes)
    axesList += (axesList.empty() ? "" : ",") + std::to_string(axis);
  if (!m.input.numpyLoaded ||
      run.numpy.request("op " + std::string(opName(m.op)) + " " + axesList +
                        (w.keepDims ? " 1" : " 0")) != "ok")
    return;
  ServerProcess &numpy = run.numpy;
  auto numpyError = std::make_shared<std::string>();
  auto timed = [&numpy, numpyError](unsigned calls) {
    std::string reply = numpy.request("run " + std::to_string(calls));
    if (reply.rfind("error", 0) == 0) {
      *numpyError = reply;
      return 1e9;
    }
    return std::strtod(reply.c_str(), nullptr);
  };
  auto verify = [&run, &m, numpyError]() -> std::string {
    if (!numpyError->empty())
      return *numpyError;
    std::string saved =
        run.numpy.request("save " + run.numpyResult.str().str());
    if (saved != "ok")
      return saved;
    llvm::Expected<Buffer> result = readNpyFile(run.numpyResult);
    if (!result)
      return llvm::toString(result.takeError());
    if (result->getElementType() != m.w.type ||
        result->getNumElements() != m.w.b)
      return "MISMATCH: numpy returned " + formatShape(result->getShape());
    return m.check(result->getData());
  };
  m.contenders.push_back(
      {"numpy", 1, [timed] { timed(1); }, verify, "", {}, timed});
}

/// `eigen` on 1 and 2 threads (one thread below kMinTwoThreadBytes), when
/// Eigen has the op.
void addEigenContenders(RunContext &run, OpMeasurement &m) {
  bool small = m.input.bytes < kMinTwoThreadBytes;
  for (int threads : {1, 2}) {
    if ((small && threads == 2) || !EigenReducer::has(m.op))
      continue;
    EigenReducer *eigen = threads == 1 ? &run.eigen1 : &run.eigen2;
    void *out = m.eigenOut[threads - 1].getData();
    m.contenders.push_back(
        {"eigen", threads,
         [&m, eigen, out] {
           runKernel(
               m.w, m.op, m.input.data.getData(),
               [&](auto... args) { eigen->reduceF32(args...); },
               [&](auto... args) { eigen->reduceI32(args...); },
               [&](auto... args) { eigen->reduceBool(args...); }, out);
         },
         [&m, out] { return m.check(out); }});
  }
}

/// One JIT contender: a name, its thread count, its pipeline options and
/// whether the axes are a runtime argument.
struct JitVariant {
  std::string name;
  int threads;
  std::string options;
  bool runtimeAxes = false;
  /// The module written in TOSA (tosaModuleFor), raised by the pipeline.
  bool tosa = false;
};

/// The JIT contenders of `m`: `jit` (the host profile), `jit-static` (the
/// static default target), `scalar` (lower-to-loops); on W1-W3
/// `jit-rtaxes` (the axes as a runtime argument: the kernel reads them and
/// dispatches); `jit-tosa` (the same reduction written in TOSA, raised
/// by the pipeline) for the ops TOSA has; `jit` on 2 threads when the
/// pipeline has threads=N;
/// `jit-f64` in the accuracy case; one per --extra-jit.
std::vector<JitVariant> jitVariants(const RunContext &run,
                                    const OpMeasurement &m) {
  std::vector<JitVariant> variants = {{"jit", 1, ""},
                                      {"jit-static", 1, "host-profile=false"},
                                      {"scalar", 1, "lower-to-loops=true"}};
  if (m.w.id == "W1" || m.w.id == "W2" || m.w.id == "W3")
    variants.push_back({"jit-rtaxes", 1, "", true});
  if (tosaOpName(m.op))
    variants.push_back({"jit-tosa", 1, "", false, true});
  if (run.jitThreads)
    variants.push_back({"jit", 2, "threads=2"});
  if (m.isAccuracyCase())
    variants.push_back({"jit-f64", 1, "f64-accumulation=true"});
  for (const std::string &extra : extraJit)
    variants.push_back({"jit{" + extra + "}", getPipelineThreads(extra),
                        extra});
  return variants;
}

/// Compiles `variant` for `m` (without the persistent cache: the compile
/// times reported are those of a compilation) and adds its contender, or
/// prints why it cannot.
void addJitContender(OpMeasurement &m, const JitVariant &variant) {
  JitOptions options;
  options.pipelineOptions = variant.options;
  options.persistentCache = false;
  auto module = JitModule::compile(
      variant.tosa ? tosaModuleFor(m.w, m.op)
                   : moduleFor(m.w, m.op, variant.runtimeAxes),
      options);
  auto fn = module ? (*module)->lookup("main")
                   : llvm::Expected<JitFunction>(module.takeError());
  if (!fn) {
    llvm::errs() << m.w.id << " " << opName(m.op) << " " << variant.name << ": "
                 << llvm::toString(fn.takeError()) << "\n";
    return;
  }
  m.modules.push_back(std::move(*module));
  m.functions.push_back(std::make_unique<JitFunction>(std::move(*fn)));
  JitFunction *function = m.functions.back().get();
  if (variant.name == "jit-f64")
    m.f64Function = function;
  const TensorSignature &result = function->getResults()[0];
  Buffer *out = m.jitOutputs
                    .emplace_back(std::make_unique<Buffer>(result.elementType,
                                                           result.shape))
                    .get();
  llvm::Error *last =
      m.lastErrors
          .emplace_back(std::make_unique<llvm::Error>(llvm::Error::success()))
          .get();
  char compile[64];
  std::snprintf(compile, sizeof(compile), "compile %.0f ms",
                m.modules.back()->getCompileMillis());
  llvm::SmallVector<BufferView, 2> args = {m.input.data.getView()};
  if (variant.runtimeAxes)
    args.push_back(m.axesBuffer.getView());
  m.contenders.push_back({variant.name, variant.threads,
                          [=] {
                            llvm::consumeError(std::move(*last));
                            *last = function->callInto(args,
                                                       {out->getMutableView()});
                          },
                          [=, &m]() -> std::string {
                            if (*last)
                              return llvm::toString(std::move(*last));
                            return m.check(out->getData());
                          },
                          compile});
}

//===----------------------------------------------------------------------===//
// The results: rows, the accuracy line, the table and the JSON records
//===----------------------------------------------------------------------===//

/// One line of the table (and one JSON record).
struct Row {
  std::string workload, op, contender;
  int threads;
  double seconds, gbps, ratio;
  std::string note;
};

/// The rows of `m`'s contenders from their median times: GB/s of the
/// input's bytes, the ratio to the limit with the same thread count (the
/// first two contenders), and the note with the result check's problem.
std::vector<Row> makeRows(OpMeasurement &m,
                          const std::vector<double> &medians) {
  size_t bytes = m.input.bytes;
  bool small = bytes < kMinTwoThreadBytes;
  double limit[3] = {0, medians[0], medians[small ? 0 : 1]};
  std::vector<Row> rows;
  for (size_t i = 0; i < m.contenders.size(); ++i) {
    Contender &c = m.contenders[i];
    std::string problem = c.verify();
    std::string note = problem.empty()  ? c.note
                       : c.note.empty() ? problem
                                        : problem + "; " + c.note;
    rows.push_back({m.w.id, opName(m.op), c.name, c.threads, medians[i],
                    bytes / medians[i] / 1e9, limit[c.threads] / medians[i],
                    note});
  }
  return rows;
}

/// Accuracy on W5: f32 sum and l1 of 2^24 values against an f64 reference,
/// for our default kernel (the first JIT contender), the f64-accumulation
/// one (with its ratio to the limit) and the sequential C++ loop (`cpp`).
void reportAccuracy(const RunContext &run, OpMeasurement &m,
                    const std::vector<Row> &rows) {
  if (m.functions.empty() || !m.f64Function)
    return;
  Op op = m.op;
  double exact = 0, magnitude = 0;
  for (float v : m.input.data.getElements<float>()) {
    exact += op == Op::l1 ? std::fabs(double(v)) : double(v);
    magnitude += std::fabs(double(v));
  }
  BufferView view = m.input.data.getView();
  auto results = m.functions.front()->call({view});
  auto f64Results = m.f64Function->call({view});
  if (results && f64Results) {
    double jitValue = (*results)[0].getElements<float>()[0];
    double f64Value = (*f64Results)[0].getElements<float>()[0];
    double loopValue = m.plainOut.getElements<float>()[0];
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
        opName(op), exact, magnitude, jitValue, relative(jitValue), f64Value,
        relative(f64Value), f64Ratio, loopValue, relative(loopValue));
    if (run.json)
      *run.json << "{\"accuracy\":\"W5\",\"op\":\"" << opName(op)
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

/// Prints `rows` as lines of the table and, with --json, as JSON records.
void printRows(const RunContext &run, const Input &input,
               const std::vector<Row> &rows) {
  const Workload &w = input.w;
  for (const Row &row : rows) {
    llvm::outs() << llvm::format(
        "%-4s %-4s %-13s %3d %12.1f %9.2f %7.3f  %s\n", row.workload.c_str(),
        row.op.c_str(), row.contender.c_str(), row.threads, row.seconds * 1e6,
        row.gbps, row.ratio, row.note.c_str());
    if (!run.json)
      continue;
    *run.json << "{\"workload\":\"" << row.workload << "\",\"op\":\"" << row.op
              << "\",\"contender\":\"" << row.contender
              << "\",\"threads\":" << row.threads
              << ",\"seconds\":" << llvm::format("%.9f", row.seconds)
              << ",\"gbps\":" << llvm::format("%.3f", row.gbps)
              << ",\"ratio\":" << llvm::format("%.4f", row.ratio)
              << ",\"bytes\":" << input.bytes << ",\"shape\":\""
              << tensorType(w.shape, w.type) << "\",\"what\":\"" << w.what
              << "\",\"note\":";
    // The note may hold an error message (quotes): escaped as JSON.
    llvm::json::OStream(*run.json).value(row.note);
    *run.json << "}\n";
  }
  llvm::outs().flush();
}

//===----------------------------------------------------------------------===//
// The run
//===----------------------------------------------------------------------===//

/// Measures `op` on `input`: every contender, interleaved, then the rows,
/// the accuracy line of the accuracy case, and the output.
void measureOp(RunContext &run, const Input &input, Op op) {
  OpMeasurement m(input, op);
  addLimitContenders(m);
  addCppContenders(m);
  addNumpyContender(run, m);
  addEigenContenders(run, m);
  for (const JitVariant &variant : jitVariants(run, m))
    addJitContender(m, variant);

  std::vector<double> medians =
      measureInterleaved(m.contenders, std::max(10u, unsigned(repeats)));
  std::vector<Row> rows = makeRows(m, medians);
  if (m.isAccuracyCase())
    reportAccuracy(run, m, rows);
  printRows(run, input, rows);
}

/// Measures the ops of `base` that read the input of `kind`: its data, the
/// numpy server's copy and its limit, then those ops.
void measureInput(RunContext &run, const Workload &base, InputKind kind) {
  std::vector<Op> ops = opsReading(base, kind);
  if (ops.empty())
    return;
  Input input(base, kind);
  input.numpyLoaded = loadIntoNumpy(run, input.data);
  input.limits = measureInputLimits(
      inputName(input.w, kind), input.data.getData(), input.bytes, run.json);
  for (Op op : ops)
    measureOp(run, input, op);
}

} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  cl::ParseCommandLineOptions(argc, argv, "reduce benchmark\n");
  // Every two-thread contender's helpers spin at most 1 ms after a call
  // (the limit's HelperThread too): libomp's default of 200 ms takes a core
  // from whatever runs next in the round-robin (docs/tuning.md, "The
  // benchmark's method"). Read when libomp loads.
  setenv("KMP_BLOCKTIME", "1", /*overwrite=*/0);
  if (!recalibrateIfAsked() || !checkOpNames())
    return 1;

  if (printFused) {
    bool named = llvm::any_of(workloadIds, [](const std::string &id) {
      return llvm::StringRef(id).starts_with("F");
    });
    bool first = true;
    for (const FusedWorkload &w : allFusedWorkloads(quick))
      if (!named || llvm::is_contained(workloadIds, w.id)) {
        llvm::outs() << (first ? "" : "// -----\n") << "// " << w.id << " "
                     << w.name << ": " << w.what << "\n"
                     << fusedModule(w);
        first = false;
      }
    return 0;
  }

  auto runStart = Clock::now();
  ensureHostProfile();
  std::string profileInUse;
  ReduceTarget target =
      resolveReduceTarget(ReduceToLLVMOptions(), &profileInUse);
  std::unique_ptr<llvm::raw_fd_ostream> json;
  if (!openJson(json))
    return 1;
  RunContext run(json.get(), pipelineHasThreads());
  printTargetsAndHeader(run, profileInUse, target);

  if (largeLimit && isSelected("4xL3") && !quick && !onlyFusedNamed())
    measureOutOfCacheLimit(run.json);
  for (const Workload &base : allWorkloads(quick))
    if (isSelected(base.id))
      for (InputKind kind : kAllInputKinds)
        measureInput(run, base, kind);
  FusedRunOptions fusedOptions;
  fusedOptions.workloads = selectedFusedWorkloads();
  fusedOptions.rounds = repeats;
  fusedOptions.quick = quick;
  fusedOptions.jitThreads = run.jitThreads;
  fusedOptions.numpy = &run.numpy;
  fusedOptions.json = run.json;
  fusedOptions.extraJit.assign(extraJit.begin(), extraJit.end());
  runFusedWorkloads(fusedOptions);

  run.removeNumpyResult();
  llvm::outs() << llvm::format(
      "reduce-bench: %.0f s\n",
      std::chrono::duration<double>(Clock::now() - runStart).count());
  return 0;
}

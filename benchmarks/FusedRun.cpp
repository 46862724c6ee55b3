//===- FusedRun.cpp - The fused workloads' measurements ---------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "FusedRun.h"
#include "Timing.h"

#include "reduce/Import/ImportModel.h"
#include "reduce/Import/ModelBuilder.h"
#include "reduce/JIT/CacheSweep.h"
#include "reduce/JIT/JIT.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "reduce/Runtime/Npy.h"
#include "reduce/Target/HostProfile.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <memory>
#include <optional>
#include <string>

using namespace mlir::reduce;

namespace bench {
namespace {

//===----------------------------------------------------------------------===//
// The contenders' servers
//===----------------------------------------------------------------------===//

/// A contender server of the fused workloads beside the numpy one: its
/// name, whether it takes `threads N` (then it runs on 1 and 2 threads) and
/// its process (null when it cannot run).
struct FusedServer {
  std::string name;
  bool threaded;
  ServerProcess *process;
};

/// Starts PyTorch's server; prints one line and returns null when it cannot
/// run.
std::unique_ptr<ServerProcess> startTorch() {
  auto torch = std::make_unique<ServerProcess>(
      std::vector<std::string>{REDUCE_BENCH_PYTHON, REDUCE_BENCH_TORCH_SCRIPT},
      /*keepStderr=*/false);
  if (torch->ok())
    return torch;
  llvm::errs() << "reduce-bench: no torch contender (" << REDUCE_BENCH_PYTHON
               << " cannot import torch: apt-get install python3-torch)\n";
  return nullptr;
}

/// The folder of the ONNX models of the fused workloads (utils/bench.sh
/// writes them with make_fused_onnx.py): static shapes, the rows of --quick
/// in their own folder.
std::string getModelDir(bool quick) {
  return std::string(REDUCE_BENCH_ORT_DIR) + (quick ? "/models/quick" : "/models");
}

/// Starts ONNX Runtime's server (node on ort_contender.js, the models in
/// `modelDir` and the package under REDUCE_BENCH_ORT_DIR, which
/// utils/bench.sh fills); prints one line and returns null when it cannot
/// run.
std::unique_ptr<ServerProcess> startOrt(const std::string &modelDir) {
  std::string dir = REDUCE_BENCH_ORT_DIR;
  std::string node = REDUCE_BENCH_NODE;
  std::string package = dir + "/node_modules/onnxruntime-node";
  std::string why;
  if (node.empty() || !llvm::sys::fs::can_execute(node))
    why = "no node program";
  else if (!llvm::sys::fs::exists(package))
    why = "no " + package + ": utils/bench.sh installs onnxruntime-node";
  else if (!llvm::sys::fs::exists(modelDir + "/softmax.onnx"))
    why = "no models in " + modelDir +
          ": utils/bench.sh writes them with make_fused_onnx.py";
  if (why.empty()) {
    auto ort = std::make_unique<ServerProcess>(
        std::vector<std::string>{node, REDUCE_BENCH_ORT_SCRIPT, modelDir,
                                 package},
        /*keepStderr=*/false);
    if (ort->ok())
      return ort;
    why = node + " cannot load " + package;
  }
  llvm::errs() << "reduce-bench: no ort contender (" << why << ")\n";
  return nullptr;
}

/// Hands `inputs` to `server` (x, then y) through temporary files; returns
/// whether it loaded them.
bool loadInto(ServerProcess &server, const std::vector<Buffer> &inputs) {
  for (size_t i = 0; i < inputs.size(); ++i) {
    llvm::SmallString<128> path;
    if (llvm::sys::fs::createTemporaryFile("reduce-bench-fused", "npy", path))
      return false;
    bool loaded = false;
    if (llvm::Error err = writeNpyFile(path, inputs[i].getView()))
      llvm::consumeError(std::move(err));
    else
      loaded = server.request("load " + path.str().str() +
                              (i == 1 ? " y" : "")) == "ok";
    llvm::sys::fs::remove(path);
    if (!loaded)
      return false;
  }
  return true;
}

//===----------------------------------------------------------------------===//
// One fused workload
//===----------------------------------------------------------------------===//

/// One row of the fused table: a contender's median time, or (time unset)
/// why it has none.
struct FusedRow {
  std::string contender;
  int threads;
  std::optional<double> seconds;
  std::string note;
};

/// Everything the measurement of one fused workload owns: its inputs, the
/// reference, the contenders and their state, and the rows of those that
/// could not run. The contenders point into it.
struct FusedMeasurement {
  explicit FusedMeasurement(const FusedWorkload &w)
      : w(w), inputs(makeFusedInputs(w)), checker(w, inputs) {}

  const FusedWorkload &w;
  std::vector<Buffer> inputs;
  FusedChecker checker;
  std::vector<Contender> contenders;
  std::vector<FusedRow> failed;
  std::vector<std::unique_ptr<JitModule>> modules;
  std::vector<std::unique_ptr<JitFunction>> functions;
  std::vector<std::unique_ptr<std::vector<Buffer>>> outputs;
  std::vector<std::unique_ptr<llvm::Error>> lastErrors;
};

/// The first line of `message` that says something.
std::string firstLine(const std::string &message) {
  llvm::StringRef rest = message;
  while (!rest.empty()) {
    auto [line, tail] = rest.split('\n');
    if (!line.trim().empty())
      return line.trim().str();
    rest = tail;
  }
  return message;
}

/// Adds the contender `name` on `threads` of the compiled `module`, called
/// on the first `numArgs` inputs and checked by `check` on its results; a
/// module that did not compile is a failed row.
void addCompiled(FusedMeasurement &m, const std::string &name, int threads,
                 llvm::Expected<std::unique_ptr<JitModule>> module,
                 unsigned numArgs,
                 std::function<std::string(llvm::ArrayRef<Buffer>)> check) {
  auto fn = module ? (*module)->lookup("main")
                   : llvm::Expected<JitFunction>(module.takeError());
  if (!fn) {
    m.failed.push_back(
        {name, threads, std::nullopt,
         "compile failed: " + firstLine(llvm::toString(fn.takeError()))});
    return;
  }
  m.modules.push_back(std::move(*module));
  JitFunction *function =
      m.functions.emplace_back(std::make_unique<JitFunction>(std::move(*fn)))
          .get();
  std::vector<Buffer> *outs =
      m.outputs.emplace_back(std::make_unique<std::vector<Buffer>>()).get();
  for (const TensorSignature &result : function->getResults())
    outs->emplace_back(result.elementType, result.shape);
  llvm::Error *last =
      m.lastErrors
          .emplace_back(std::make_unique<llvm::Error>(llvm::Error::success()))
          .get();
  char compile[64];
  std::snprintf(compile, sizeof(compile), "compile %.0f ms",
                m.modules.back()->getCompileMillis());
  llvm::SmallVector<BufferView, 2> args;
  for (unsigned i = 0; i < numArgs; ++i)
    args.push_back(m.inputs[i].getView());
  m.contenders.push_back({name, threads,
                          [=] {
                            llvm::SmallVector<MutableBufferView, 2> results;
                            for (Buffer &out : *outs)
                              results.push_back(out.getMutableView());
                            llvm::consumeError(std::move(*last));
                            *last = function->callInto(args, results);
                          },
                          [=]() -> std::string {
                            if (*last)
                              return llvm::toString(std::move(*last));
                            return check(*outs);
                          },
                          compile});
}

/// The JIT's options for the pipeline `options`, without the persistent
/// cache (each compile is timed).
JitOptions getJitOptions(const std::string &options) {
  JitOptions jitOptions;
  jitOptions.pipelineOptions = options;
  jitOptions.persistentCache = false;
  return jitOptions;
}

/// Compiles `source` with the pipeline `options` and adds its contender
/// (see addCompiled).
void addJit(FusedMeasurement &m, const std::string &name, int threads,
            const std::string &options, const std::string &source,
            unsigned numArgs,
            std::function<std::string(llvm::ArrayRef<Buffer>)> check) {
  addCompiled(m, name, threads,
              JitModule::compile(source, getJitOptions(options), m.w.id),
              numArgs, std::move(check));
}

/// Imports the ONNX model file `path` (the one ONNX Runtime runs) as
/// `reduce-run model.onnx` does, compiles it with the pipeline `options`
/// and adds its contender "model" (see addCompiled).
void addModel(FusedMeasurement &m, int threads, const std::string &options,
              const std::string &path, unsigned numArgs,
              std::function<std::string(llvm::ArrayRef<Buffer>)> check) {
  if (!llvm::sys::fs::exists(path)) {
    m.failed.push_back({"model", threads, std::nullopt,
                        "no " + path + ": utils/bench.sh writes it"});
    return;
  }
  mlir::DialectRegistry registry;
  registerImportDialects(registry);
  mlir::MLIRContext context(registry);
  auto imported = importModelFile(&context, path);
  if (!imported) {
    m.failed.push_back(
        {"model", threads, std::nullopt,
         "import failed: " + firstLine(llvm::toString(imported.takeError()))});
    return;
  }
  addCompiled(m, "model", threads,
              JitModule::compile(**imported, getJitOptions(options)), numArgs,
              std::move(check));
}

/// The server contender `server` on `threads` (it runs the workload of the
/// last `fused` command it got, which the caller sends).
void addServer(FusedMeasurement &m, ServerProcess &server,
               const std::string &name, bool threaded, int threads,
               const std::string &resultPath) {
  std::string threadsCommand =
      threaded ? "threads " + std::to_string(threads) : "";
  auto serverError = std::make_shared<std::string>();
  auto timed = [&server, threadsCommand, serverError](unsigned calls) {
    if (!threadsCommand.empty())
      server.request(threadsCommand);
    std::string reply = server.request("run " + std::to_string(calls));
    if (reply.rfind("error", 0) == 0) {
      *serverError = reply;
      return 1e9;
    }
    return std::strtod(reply.c_str(), nullptr);
  };
  auto verify = [&m, &server, serverError, resultPath]() -> std::string {
    if (!serverError->empty())
      return *serverError;
    for (unsigned i = 0; i < m.w.results.size(); ++i) {
      std::string saved =
          server.request("save " + resultPath + " " + std::to_string(i));
      if (saved != "ok")
        return saved;
      llvm::Expected<Buffer> result = readNpyFile(resultPath);
      if (!result)
        return llvm::toString(result.takeError());
      if (result->getElementType() != ElementType::f32 ||
          result->getShape() != llvm::ArrayRef<int64_t>(m.w.results[i]))
        return "MISMATCH: result " + std::to_string(i) + " has shape " +
               formatShape(result->getShape());
      std::string problem =
          m.checker.check(i, static_cast<const float *>(result->getData()));
      if (!problem.empty())
        return problem;
    }
    return "";
  };
  m.contenders.push_back(
      {name, threads, [timed] { timed(1); }, verify, "", {}, timed});
}

/// Loads the inputs into `server` and selects the workload; adds its
/// contenders (on 1 and 2 threads when `threaded`) or a failed row.
void addServerContenders(FusedMeasurement &m, const FusedServer &server,
                         const std::string &resultPath) {
  if (!server.process || !server.process->ok())
    return;
  std::string reply = loadInto(*server.process, m.inputs)
                          ? server.process->request("fused " + m.w.name)
                          : "error cannot load the inputs";
  if (reply == "ok" && server.threaded)
    for (int threads : {2, 1})
      if (reply == "ok")
        reply = server.process->request("threads " + std::to_string(threads));
  if (reply != "ok") {
    m.failed.push_back({server.name, 1, std::nullopt, reply});
    return;
  }
  for (int threads : {1, 2})
    if (threads == 1 || server.threaded)
      addServer(m, *server.process, server.name, server.threaded, threads,
                resultPath);
}

/// Prints `rows` of `w` and their JSON records; the ratio of each is its
/// time over our sum's on the same thread count (`sum[threads]`).
void printRows(const FusedRunOptions &options, const FusedWorkload &w,
               const std::vector<FusedRow> &rows, const double sum[3]) {
  size_t bytes = size_t(w.inputs) * w.rows * w.cols * sizeof(float);
  std::string shape = "tensor<" + std::to_string(w.rows) + "x" +
                      std::to_string(w.cols) + "xf32>";
  for (const FusedRow &row : rows) {
    std::optional<double> ratio;
    if (row.seconds && sum[row.threads] > 0)
      ratio = *row.seconds / sum[row.threads];
    if (row.seconds)
      llvm::outs() << llvm::format(
          "%-3s %-9s %-9s %3d %12.1f %9.2f %7s %6.2f  %s\n", w.id.c_str(),
          w.name.c_str(), row.contender.c_str(), row.threads,
          *row.seconds * 1e6, bytes / *row.seconds / 1e9,
          ratio ? llvm::formatv("{0:F2}", *ratio).str().c_str() : "-", w.target,
          row.note.c_str());
    else
      llvm::outs() << llvm::format(
          "%-3s %-9s %-9s %3d %12s %9s %7s %6.2f  %s\n", w.id.c_str(),
          w.name.c_str(), row.contender.c_str(), row.threads, "-", "-", "-",
          w.target, row.note.c_str());
    // The --extra-jit rows are for exploring: not in the report.
    if (!options.json || llvm::StringRef(row.contender).starts_with("jit{"))
      continue;
    llvm::json::Object record{
        {"fused", w.id},          {"name", w.name},
        {"what", w.what},         {"contender", row.contender},
        {"threads", row.threads}, {"bytes", int64_t(bytes)},
        {"shape", shape},         {"target", w.target},
        {"note", row.note}};
    record["seconds"] = row.seconds ? llvm::json::Value(*row.seconds) : nullptr;
    record["ratio_to_sum"] = ratio ? llvm::json::Value(*ratio) : nullptr;
    *options.json << llvm::json::Value(std::move(record)) << "\n";
  }
  llvm::outs().flush();
}

/// Measures `w`: every contender, interleaved, then its rows.
void measureFused(const FusedRunOptions &options, const FusedWorkload &w,
                  llvm::ArrayRef<FusedServer> servers,
                  const std::string &resultPath, const CacheSweep *sweep) {
  FusedMeasurement m(w);
  // Our sum of x first, on 1 and 2 threads: the yardstick.
  auto checkSum = [&m](llvm::ArrayRef<Buffer> outs) {
    return m.checker.checkSum(static_cast<const float *>(outs[0].getData()));
  };
  auto checkAll = [&m](llvm::ArrayRef<Buffer> outs) -> std::string {
    for (unsigned i = 0; i < outs.size(); ++i) {
      std::string problem =
          m.checker.check(i, static_cast<const float *>(outs[i].getData()));
      if (!problem.empty())
        return problem;
    }
    return "";
  };
  std::string sumSource = fusedSumModule(w), source = fusedModule(w);
  for (int threads : {1, 2}) {
    if (threads == 2 && !options.jitThreads)
      continue;
    std::string pipeline = threads == 2 ? "threads=2" : "";
    addJit(m, "sum", threads, pipeline, sumSource, 1, checkSum);
    addJit(m, "jit", threads, pipeline, source, w.inputs, checkAll);
    addModel(m, threads, pipeline,
             getModelDir(options.quick) + "/" + w.name + ".onnx", w.inputs,
             checkAll);
  }
  for (const std::string &extra : options.extraJit) {
    int threads = getPipelineThreads(extra);
    addJit(m, "jit{" + extra + "}", threads, extra, source, w.inputs,
           checkAll);
  }
  for (const FusedServer &server : servers)
    addServerContenders(m, server, resultPath);

  std::vector<FusedRow> rows;
  if (!m.contenders.empty()) {
    std::vector<double> medians =
        measureInterleaved(m.contenders, std::max(10u, options.rounds),
                           sweep ? std::function<void()>([sweep] { (*sweep)(); })
                                 : nullptr);
    for (size_t i = 0; i < m.contenders.size(); ++i) {
      Contender &c = m.contenders[i];
      std::string problem = c.verify();
      std::string note = problem.empty()  ? c.note
                         : c.note.empty() ? problem
                                          : problem + "; " + c.note;
      rows.push_back({c.name, c.threads, medians[i], note});
    }
  }
  double sum[3] = {0, 0, 0};
  for (const FusedRow &row : rows)
    if (row.contender == "sum")
      sum[row.threads] = *row.seconds;
  // The rows in a fixed order (sum, jit, model, numpy, torch, ort, each on
  // 1 then 2 threads), the failed ones where they would be.
  llvm::append_range(rows, m.failed);
  std::vector<FusedRow> ordered;
  for (const char *name : {"sum", "jit", "model", "numpy", "torch", "ort"})
    for (int threads : {1, 2})
      for (const FusedRow &row : rows)
        if (row.contender == name && row.threads == threads)
          ordered.push_back(row);
  for (const FusedRow &row : rows)
    if (llvm::StringRef(row.contender).starts_with("jit{"))
      ordered.push_back(row);
  rows = std::move(ordered);
  printRows(options, w, rows, sum);
}

} // namespace

int getPipelineThreads(const std::string &options) {
  int threads = 1;
  llvm::SmallVector<llvm::StringRef> words;
  llvm::StringRef(options).split(words, ' ', -1, /*KeepEmpty=*/false);
  for (llvm::StringRef word : words)
    if (word.consume_front("threads="))
      word.getAsInteger(10, threads);
  return std::clamp(threads, 1, 2);
}

void runFusedWorkloads(const FusedRunOptions &options) {
  if (options.workloads.empty())
    return;
  std::unique_ptr<ServerProcess> torch = startTorch();
  std::unique_ptr<ServerProcess> ort = startOrt(getModelDir(options.quick));
  std::vector<FusedServer> servers = {
      {"numpy", false,
       options.numpy && options.numpy->ok() ? options.numpy : nullptr},
      {"torch", true, torch.get()},
      {"ort", true, ort.get()}};
  llvm::SmallString<128> resultPath;
  if (llvm::sys::fs::createTemporaryFile("reduce-bench-fused-result", "npy",
                                         resultPath))
    servers.clear();
  // Every call reads its inputs from memory (docs/tuning.md, "The
  // benchmark's method"): what a contender's call leaves in the L3 would
  // favour the one after it, whichever its process. Rows of --quick are
  // small: no sweep.
  std::unique_ptr<CacheSweep> sweep;
  if (!options.quick) {
    HostKey key = HostKey::getCurrent();
    int64_t caches = key.l2Bytes + key.l3Bytes;
    sweep = std::make_unique<CacheSweep>(
        caches > 0 ? size_t(2 * caches) : size_t(512) << 20);
    llvm::outs() << "fused inputs leave the caches before every call: a "
                    "sweep of "
                 << (sweep->getBytes() >> 20) << " MiB\n";
  }
  llvm::outs() << "fused workloads: rows of the input reduced over axis 1; "
                  "x_sum = time / the time of our reduce.sum of the same "
                  "input on the same thread count (lower is better), target "
                  "the issue's bound on it\n"
               << llvm::format("%-3s %-9s %-9s %3s %12s %9s %7s %6s  %s\n",
                               "id", "name", "contender", "thr", "time_us",
                               "GB/s", "x_sum", "target", "note");
  for (const FusedWorkload &w : options.workloads)
    measureFused(options, w, servers, resultPath.str().str(), sweep.get());
  if (!resultPath.empty())
    llvm::sys::fs::remove(resultPath);
}

} // namespace bench

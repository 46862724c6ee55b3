//===- reduce-tune.cpp - Calibrate the host profile -------------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
//   reduce-tune [--output PATH] [--dry-run] [--input-bytes N] [--rounds N]
//   reduce-tune --print
//
// Calibrates the host (calibrateHost, reduce/JIT/Calibrate.h) and writes the
// host profile where the pipeline and the JIT look for it (the default path,
// or the REDUCE_PROFILE pin, or --output), or prints the profile in use and
// where it is. Every error is one line on stderr and exit code 1.
//
//===----------------------------------------------------------------------===//

#include "reduce/JIT/Calibrate.h"
#include "reduce/Pipelines/Pipelines.h"
#include "reduce/Target/HostProfile.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>

using namespace mlir::reduce;
namespace cl = llvm::cl;

static cl::OptionCategory category("reduce-tune options");
static cl::opt<bool> print("print",
                           cl::desc("Print the profile in use and where it "
                                    "is, without calibrating"),
                           cl::cat(category));
static cl::opt<bool> dryRun("dry-run",
                            cl::desc("Calibrate and print the profile, but "
                                     "do not write it"),
                            cl::cat(category));
static cl::opt<std::string>
    output("output",
           cl::desc("Write the profile to this path instead of where the "
                    "pipeline looks for it"),
           cl::value_desc("path"), cl::cat(category));
static cl::opt<int64_t> inputBytes(
    "input-bytes",
    cl::desc("Bytes each calibration kernel reads (default: 4x the L2 "
             "cache, in [64 MiB, 128 MiB]; at least 1 MiB, the stream "
             "threshold)"),
    cl::init(0), cl::cat(category));
static cl::opt<unsigned> rounds("rounds",
                                cl::desc("Timed calls of each kernel and "
                                         "candidate (the best counts)"),
                                cl::init(7), cl::cat(category));

static int fail(const llvm::Twine &message) {
  llvm::errs() << "reduce-tune: error: " << message << "\n";
  return 1;
}

/// Prints where the profile is, whether it is used (or why not), its
/// settings and the target the pipeline resolves with it.
static int printProfile() {
  ProfileLookup lookup = lookupHostProfile();
  const ProfileLocation &location = lookup.location;
  llvm::outs() << "location: ";
  switch (location.kind) {
  case ProfileLocation::Kind::Disabled:
    llvm::outs() << "disabled\n";
    break;
  case ProfileLocation::Kind::Default:
    llvm::outs() << location.path << " (default)\n";
    break;
  case ProfileLocation::Kind::Pinned:
    llvm::outs() << location.path << " (pinned by REDUCE_PROFILE)\n";
    break;
  }
  llvm::outs() << "profile: " << lookup.describe() << "\n";
  if (!lookup.profile) {
    llvm::outs() << "reason: " << lookup.problem << "\n";
  } else {
    llvm::outs() << "settings:";
    for (const auto &[name, value] : lookup.profile->settings)
      llvm::outs() << " " << name << "=" << value;
    llvm::outs() << "\n";
  }
  ReduceToLLVMOptions options;
  std::string profile;
  ReduceTarget target = resolveReduceTarget(options, &profile);
  llvm::outs() << "target: " << targetToJSON(target) << "\n";
  return 0;
}

int main(int argc, char **argv) {
  llvm::InitLLVM initLLVM(argc, argv);
  cl::HideUnrelatedOptions(category);
  cl::ParseCommandLineOptions(
      argc, argv,
      "reduce-tune: calibrate the host profile of the reduce pipeline\n");
  if (print)
    return printProfile();

  constexpr int64_t kMinInputBytes = int64_t(1) << 20;
  if (inputBytes.getNumOccurrences() && inputBytes < kMinInputBytes)
    return fail("expected --input-bytes of at least " +
                llvm::Twine(kMinInputBytes) +
                " (the stream threshold), "
                "found " +
                llvm::Twine(int64_t(inputBytes)));
  if (rounds == 0)
    return fail("expected --rounds of at least 1, found 0");
  std::string path = output;
  if (path.empty() && !dryRun) {
    ProfileLocation location = ProfileLocation::fromEnvironment();
    if (location.kind == ProfileLocation::Kind::Disabled)
      return fail("the host profile is disabled (REDUCE_PROFILE=off or no "
                  "cache directory); expected --output or --dry-run");
    path = location.path;
  }

  CalibrationOptions options;
  options.inputBytes = inputBytes;
  options.rounds = rounds;
  options.log = &llvm::outs();
  llvm::Expected<HostProfile> profile = calibrateHost(options);
  if (!profile)
    return fail("calibration failed: " + llvm::toString(profile.takeError()));
  if (dryRun) {
    llvm::outs() << profile->toJSON();
    return 0;
  }
  if (llvm::Error err = writeHostProfile(*profile, path))
    return fail(llvm::toString(std::move(err)));
  std::optional<int64_t> millis = profile->calibration.getInteger("millis");
  llvm::outs() << "wrote " << path << " (calibrated in "
               << llvm::format("%.2f", millis.value_or(0) / 1000.0) << " s)\n";
  return 0;
}

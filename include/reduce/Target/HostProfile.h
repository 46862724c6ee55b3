//===- HostProfile.h - Calibrated tuning of the host CPU --------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The host profile: the fields of the target description (ReduceTarget) that
// a calibration on this machine measured, stored as JSON in the user's cache
// directory and keyed on what makes the measurement valid (CPU vendor, family,
// model, features, cache sizes, LLVM version, schema version). The pipeline
// uses it between its static default and the explicit options
// (resolveReduceTarget in Pipelines.h); `reduce-tune` and the JIT write it
// (calibrateHost in reduce/JIT/Calibrate.h). See docs/tuning.md.
//
// Environment:
//   REDUCE_PROFILE       unset or empty: the profile at the default path, if
//                        it is valid and made for this host; `off`: no
//                        profile; anything else: the path of a profile
//                        used whatever its key (tests pin one this way)
//   REDUCE_CACHE_DIR     directory of the default profile, else
//   XDG_CACHE_HOME       ($XDG_CACHE_HOME/reduce), else
//   HOME                 ($HOME/.cache/reduce)
//
//===----------------------------------------------------------------------===//

#ifndef REDUCE_TARGET_HOSTPROFILE_H
#define REDUCE_TARGET_HOSTPROFILE_H

#include "reduce/Target/ReduceTarget.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>

namespace mlir {
class DictionaryAttr;
class MLIRContext;
} // namespace mlir

namespace mlir::reduce {

/// The schema version of the profile file; a file of another version is
/// ignored (and replaced by the JIT's calibration). Version 2: the register
/// widths the calibration measured hold in the backend (docs/tuning.md), so
/// a stream width measured before means another kernel. Version 3: streamed
/// rows are read as `row_streams` parts side by side, which the calibration
/// measures; a version 2 profile measured `stream_rows` on adjacent rows
/// only. Version 4: the calibration measures `nontemporal_store_bytes`,
/// which a version 3 profile leaves at the static default (none). Version
/// 5: the calibration reads its streamed input from memory on every host
/// (an input that the last-level cache held scored every candidate alike)
/// and measures `result_accumulators`.
inline constexpr int64_t kHostProfileSchema = 5;

/// What a calibration's results depend on. Two hosts with equal keys may
/// share a profile.
struct HostKey {
  /// CPUID vendor string ("GenuineIntel", "AuthenticAMD"; "unknown" off
  /// x86).
  std::string vendor = "unknown";
  /// CPUID family and model, with the extended fields added in.
  int64_t family = 0;
  int64_t model = 0;
  /// The host CPU's features as LLVM names them, enabled ones only, sorted,
  /// comma-separated ("avx,avx2,...").
  std::string features;
  /// Cache sizes in bytes from sysconf (CPUID); 0 when unknown.
  int64_t l1dBytes = 0;
  int64_t l2Bytes = 0;
  int64_t l3Bytes = 0;
  /// LLVM_VERSION_STRING of the LLVM the code generator is.
  std::string llvmVersion;

  /// The key of the CPU this process runs on.
  static HostKey getCurrent();

  /// Returns the name of the first field that differs from `other`, or an
  /// empty string if the keys are equal.
  std::string diff(const HostKey &other) const;
};

/// A profile: a key and the target fields it sets.
struct HostProfile {
  HostKey key;
  /// Target fields by their names in forEachTargetField (bools as 0 or 1),
  /// each within the field's range.
  std::map<std::string, int64_t> settings;
  /// What the calibration measured, kept in the file for people (read back
  /// as it is, never interpreted).
  llvm::json::Object calibration;

  /// Sets the fields of `target` that this profile sets.
  void applyTo(ReduceTarget &target) const;

  /// Sets `settings` to every field of `target`.
  void setAll(const ReduceTarget &target);

  /// The profile as a JSON document (schema, key, target, calibration).
  std::string toJSON() const;

  /// Parses a profile written by toJSON; an error says what is wrong (not
  /// JSON, another schema, a missing or malformed key field, an unknown
  /// target field or a value out of its range).
  static llvm::Expected<HostProfile> parse(llvm::StringRef json);
};

/// Where the profile comes from, from the environment.
struct ProfileLocation {
  enum class Kind {
    /// REDUCE_PROFILE=off, or no cache directory can be found.
    Disabled,
    /// The default path in the cache directory, used when its key matches.
    Default,
    /// REDUCE_PROFILE=<path>, used whatever its key.
    Pinned,
  };
  Kind kind = Kind::Disabled;
  /// The profile's path (empty when disabled).
  std::string path;

  /// Reads REDUCE_PROFILE, REDUCE_CACHE_DIR, XDG_CACHE_HOME and HOME.
  static ProfileLocation fromEnvironment();
};

/// The outcome of looking up the profile.
struct ProfileLookup {
  ProfileLocation location;
  /// The profile, when there is a usable one.
  std::optional<HostProfile> profile;
  /// Why there is none: "disabled", "no file", or why the file was
  /// ignored ("cannot parse ...", "made for another host: family differs").
  std::string problem;

  /// "static default" or the path of the profile in use.
  std::string describe() const;
};

/// Looks the profile up as the environment says. Never fails: a missing,
/// unreadable, corrupt, truncated, other-schema or (at the default path)
/// other-host file is reported in `problem` and not used.
ProfileLookup lookupHostProfile();

/// Writes `profile` to `path` atomically: a temporary file in the same
/// directory (created if needed) renamed over `path`, so that a reader, or
/// another process writing at the same time, sees either the old or a whole
/// new file.
llvm::Error writeHostProfile(const HostProfile &profile, llvm::StringRef path);

/// The `reduce.target` attribute that records a target in a module: one
/// entry per field (forEachTargetField names; bools as BoolAttr) and
/// `profile`, the profile in use ("static default" or its path).
DictionaryAttr getTargetAttr(MLIRContext *context, const ReduceTarget &target,
                             llvm::StringRef profile);

/// The target description as one line of JSON, fields in forEachTargetField
/// order.
std::string targetToJSON(const ReduceTarget &target);

} // namespace mlir::reduce

#endif // REDUCE_TARGET_HOSTPROFILE_H

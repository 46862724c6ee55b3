//===- HostProfile.cpp - Calibrated tuning of the host CPU ------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The host key, the profile's JSON form, where the profile lives, and its
// atomic write. Reading never fails: whatever is wrong with the file is a
// reason not to use it.
//
//===----------------------------------------------------------------------===//

#include "reduce/Target/HostProfile.h"

#include "reduce/Support/CacheFiles.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/MLIRContext.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Host.h"

#include <cstring>
#include <type_traits>
#include <unistd.h>

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

using namespace mlir;
using namespace mlir::reduce;
namespace json = llvm::json;

//===----------------------------------------------------------------------===//
// HostKey
//===----------------------------------------------------------------------===//

/// Returns sysconf(`name`) in bytes, or 0 when it is unknown.
static int64_t getSysconfBytes(int name) {
  long value = sysconf(name);
  return value > 0 ? value : 0;
}

static HostKey computeHostKey() {
  HostKey key;
#if defined(__x86_64__) || defined(__i386__)
  unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
  if (__get_cpuid(0, &eax, &ebx, &ecx, &edx)) {
    char vendor[13] = {};
    std::memcpy(vendor, &ebx, 4);
    std::memcpy(vendor + 4, &edx, 4);
    std::memcpy(vendor + 8, &ecx, 4);
    key.vendor = vendor;
  }
  if (__get_cpuid(1, &eax, &ebx, &ecx, &edx)) {
    unsigned family = (eax >> 8) & 0xf;
    unsigned model = (eax >> 4) & 0xf;
    if (family == 0x6 || family == 0xf)
      model += ((eax >> 16) & 0xf) << 4;
    if (family == 0xf)
      family += (eax >> 20) & 0xff;
    key.family = family;
    key.model = model;
  }
#endif
  llvm::StringMap<bool> features = llvm::sys::getHostCPUFeatures();
  llvm::SmallVector<llvm::StringRef> enabled;
  for (const auto &feature : features)
    if (feature.getValue())
      enabled.push_back(feature.getKey());
  llvm::sort(enabled);
  key.features = llvm::join(enabled, ",");
#ifdef _SC_LEVEL1_DCACHE_SIZE
  key.l1dBytes = getSysconfBytes(_SC_LEVEL1_DCACHE_SIZE);
  key.l2Bytes = getSysconfBytes(_SC_LEVEL2_CACHE_SIZE);
  key.l3Bytes = getSysconfBytes(_SC_LEVEL3_CACHE_SIZE);
#else
  (void)getSysconfBytes;
#endif
  key.llvmVersion = LLVM_VERSION_STRING;
  return key;
}

HostKey HostKey::getCurrent() {
  // CPUID and the feature list do not change while the process runs.
  static const HostKey current = computeHostKey();
  return current;
}

std::string HostKey::diff(const HostKey &other) const {
  // In the order of the JSON key's fields, which these names are.
  const std::pair<const char *, bool> equal[] = {
      {"vendor", vendor == other.vendor},
      {"family", family == other.family},
      {"model", model == other.model},
      {"features", features == other.features},
      {"l1d_bytes", l1dBytes == other.l1dBytes},
      {"l2_bytes", l2Bytes == other.l2Bytes},
      {"l3_bytes", l3Bytes == other.l3Bytes},
      {"llvm_version", llvmVersion == other.llvmVersion}};
  for (const auto &[name, same] : equal)
    if (!same)
      return name;
  return "";
}

//===----------------------------------------------------------------------===//
// HostProfile
//===----------------------------------------------------------------------===//

void HostProfile::applyTo(ReduceTarget &target) const {
  forEachTargetField(target,
                     [&](llvm::StringRef name, auto &field, int64_t, int64_t) {
                       auto it = settings.find(name.str());
                       if (it == settings.end())
                         return;
                       using FieldT = std::remove_reference_t<decltype(field)>;
                       field = static_cast<FieldT>(it->second);
                     });
}

void HostProfile::setAll(const ReduceTarget &target) {
  forEachTargetField(
      target, [&](llvm::StringRef name, const auto &field, int64_t, int64_t) {
        settings[name.str()] = static_cast<int64_t>(field);
      });
}

/// Returns true if the field named `name` is a bool.
static bool isBoolField(llvm::StringRef name) {
  bool result = false;
  ReduceTarget target;
  forEachTargetField(target, [&](llvm::StringRef field, auto &value, int64_t,
                                 int64_t) {
    if (field == name)
      result = std::is_same_v<std::remove_reference_t<decltype(value)>, bool>;
  });
  return result;
}

/// The JSON value of a target field.
static json::Value getFieldValue(llvm::StringRef name, int64_t value) {
  if (isBoolField(name))
    return value != 0;
  return value;
}

std::string HostProfile::toJSON() const {
  json::Object keyObject{
      {"vendor", key.vendor},      {"family", key.family},
      {"model", key.model},        {"features", key.features},
      {"l1d_bytes", key.l1dBytes}, {"l2_bytes", key.l2Bytes},
      {"l3_bytes", key.l3Bytes},   {"llvm_version", key.llvmVersion},
  };
  json::Object targetObject;
  for (const auto &[name, value] : settings)
    targetObject[name] = getFieldValue(name, value);
  json::Object document{{"schema", kHostProfileSchema},
                        {"key", std::move(keyObject)},
                        {"target", std::move(targetObject)}};
  if (!calibration.empty())
    document["calibration"] = json::Object(calibration);
  std::string text;
  llvm::raw_string_ostream os(text);
  os << llvm::formatv("{0:2}", json::Value(std::move(document))) << "\n";
  return text;
}

llvm::Expected<HostProfile> HostProfile::parse(llvm::StringRef text) {
  llvm::Expected<json::Value> value = json::parse(text);
  if (!value)
    return llvm::createStringError("not JSON: " +
                                   llvm::toString(value.takeError()));
  json::Object *document = value->getAsObject();
  if (!document)
    return llvm::createStringError(
        "expected a JSON object, found another value");
  std::optional<int64_t> schema = document->getInteger("schema");
  if (!schema)
    return llvm::createStringError("expected an integer 'schema', found none");
  if (*schema != kHostProfileSchema)
    return llvm::createStringError("expected schema " +
                                   llvm::Twine(kHostProfileSchema) +
                                   ", found " + llvm::Twine(*schema));

  HostProfile profile;
  json::Object *keyObject = document->getObject("key");
  if (!keyObject)
    return llvm::createStringError("expected an object 'key', found none");
  auto getString = [&](llvm::StringRef name,
                       std::string &field) -> llvm::Error {
    std::optional<llvm::StringRef> found = keyObject->getString(name);
    if (!found)
      return llvm::createStringError("expected a string key field '" + name +
                                     "', found none");
    field = found->str();
    return llvm::Error::success();
  };
  auto getInteger = [&](llvm::StringRef name, int64_t &field) -> llvm::Error {
    std::optional<int64_t> found = keyObject->getInteger(name);
    if (!found)
      return llvm::createStringError("expected an integer key field '" + name +
                                     "', found none");
    field = *found;
    return llvm::Error::success();
  };
  HostKey &key = profile.key;
  if (llvm::Error err = llvm::joinErrors(
          llvm::joinErrors(getString("vendor", key.vendor),
                           getInteger("family", key.family)),
          llvm::joinErrors(getInteger("model", key.model),
                           getString("features", key.features))))
    return std::move(err);
  if (llvm::Error err = llvm::joinErrors(
          llvm::joinErrors(getInteger("l1d_bytes", key.l1dBytes),
                           getInteger("l2_bytes", key.l2Bytes)),
          llvm::joinErrors(getInteger("l3_bytes", key.l3Bytes),
                           getString("llvm_version", key.llvmVersion))))
    return std::move(err);

  json::Object *targetObject = document->getObject("target");
  if (!targetObject)
    return llvm::createStringError("expected an object 'target', found none");
  // Sorted, so that the first problem reported does not depend on the
  // hash order of the object.
  llvm::SmallVector<llvm::StringRef> names;
  for (const auto &entry : *targetObject)
    names.push_back(entry.first);
  llvm::sort(names);
  ReduceTarget known;
  for (llvm::StringRef name : names) {
    const json::Value &entry = *targetObject->get(name);
    std::optional<std::string> problem =
        "unknown target field '" + name.str() + "'";
    forEachTargetField(known, [&](llvm::StringRef field, auto &fieldRef,
                                  int64_t min, int64_t max) {
      if (field != name)
        return;
      using FieldT = std::remove_reference_t<decltype(fieldRef)>;
      std::optional<int64_t> number;
      if constexpr (std::is_same_v<FieldT, bool>) {
        if (std::optional<bool> flag = entry.getAsBoolean())
          number = *flag;
      } else {
        number = entry.getAsInteger();
      }
      if (!number) {
        problem = llvm::formatv("expected {0} for target field '{1}', found "
                                "another value",
                                std::is_same_v<FieldT, bool> ? "a bool"
                                                             : "an integer",
                                name)
                      .str();
        return;
      }
      if (*number < min || *number > max) {
        problem = llvm::formatv("target field '{0}' is {1}, expected a value "
                                "in [{2}, {3}]",
                                name, *number, min, max)
                      .str();
        return;
      }
      if (field.ends_with("_bits") && !llvm::isPowerOf2_64(*number)) {
        problem = llvm::formatv("target field '{0}' is {1}, expected a power "
                                "of two",
                                name, *number)
                      .str();
        return;
      }
      profile.settings[name.str()] = *number;
      problem.reset();
    });
    if (problem)
      return llvm::createStringError(*problem);
  }
  if (json::Object *calibration = document->getObject("calibration"))
    profile.calibration = *calibration;
  return profile;
}

//===----------------------------------------------------------------------===//
// Location and lookup
//===----------------------------------------------------------------------===//

/// Returns the value of the environment variable `name`, or an empty string.
ProfileLocation ProfileLocation::fromEnvironment() {
  ProfileLocation location;
  std::string pinned = getEnvironment("REDUCE_PROFILE");
  if (pinned == "off")
    return location;
  if (!pinned.empty()) {
    location.kind = Kind::Pinned;
    location.path = pinned;
    return location;
  }
  std::optional<std::string> cacheDir = getCacheDirectory();
  if (!cacheDir)
    return location;
  llvm::SmallString<256> dir(*cacheDir);
  llvm::sys::path::append(dir, "host-profile.json");
  location.kind = Kind::Default;
  location.path = dir.str().str();
  return location;
}

std::string ProfileLookup::describe() const {
  return profile ? location.path : std::string("static default");
}

ProfileLookup mlir::reduce::lookupHostProfile() {
  ProfileLookup lookup;
  lookup.location = ProfileLocation::fromEnvironment();
  if (lookup.location.kind == ProfileLocation::Kind::Disabled) {
    lookup.problem = getEnvironment("REDUCE_PROFILE") == "off"
                         ? "disabled by REDUCE_PROFILE=off"
                         : "disabled: no REDUCE_CACHE_DIR, XDG_CACHE_HOME "
                           "or HOME";
    return lookup;
  }
  const std::string &path = lookup.location.path;
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buffer =
      llvm::MemoryBuffer::getFile(path, /*IsText=*/true);
  if (!buffer) {
    lookup.problem =
        buffer.getError() == std::errc::no_such_file_or_directory
            ? "no profile at " + path
            : "cannot read " + path + ": " + buffer.getError().message();
    return lookup;
  }
  llvm::Expected<HostProfile> profile =
      HostProfile::parse((*buffer)->getBuffer());
  if (!profile) {
    lookup.problem =
        "ignored " + path + ": " + llvm::toString(profile.takeError());
    return lookup;
  }
  if (lookup.location.kind == ProfileLocation::Kind::Default) {
    std::string field = profile->key.diff(HostKey::getCurrent());
    if (!field.empty()) {
      lookup.problem =
          "ignored " + path + ": made for another host (" + field + " differs)";
      return lookup;
    }
  }
  lookup.profile = std::move(*profile);
  return lookup;
}

llvm::Error mlir::reduce::writeHostProfile(const HostProfile &profile,
                                           llvm::StringRef path) {
  return writeFileAtomically(path, profile.toJSON());
}

//===----------------------------------------------------------------------===//
// Recording the target
//===----------------------------------------------------------------------===//

DictionaryAttr mlir::reduce::getTargetAttr(MLIRContext *context,
                                           const ReduceTarget &target,
                                           llvm::StringRef profile) {
  Builder builder(context);
  SmallVector<NamedAttribute> entries;
  forEachTargetField(target, [&](llvm::StringRef name, const auto &field,
                                 int64_t, int64_t) {
    using FieldT = std::remove_cv_t<std::remove_reference_t<decltype(field)>>;
    if constexpr (std::is_same_v<FieldT, bool>)
      entries.push_back(builder.getNamedAttr(name, builder.getBoolAttr(field)));
    else
      entries.push_back(builder.getNamedAttr(
          name, builder.getI64IntegerAttr(static_cast<int64_t>(field))));
  });
  entries.push_back(
      builder.getNamedAttr("profile", builder.getStringAttr(profile)));
  return builder.getDictionaryAttr(entries);
}

std::string mlir::reduce::targetToJSON(const ReduceTarget &target) {
  std::string text;
  llvm::raw_string_ostream os(text);
  json::OStream out(os);
  out.object([&] {
    forEachTargetField(target, [&](llvm::StringRef name, const auto &field,
                                   int64_t, int64_t) {
      using FieldT = std::remove_cv_t<std::remove_reference_t<decltype(field)>>;
      if constexpr (std::is_same_v<FieldT, bool>)
        out.attribute(name, bool(field));
      else
        out.attribute(name, static_cast<int64_t>(field));
    });
  });
  return text;
}

//===- CacheFiles.cpp - The user's cache directory and its files *- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "reduce/Support/CacheFiles.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir::reduce;

std::string mlir::reduce::getEnvironment(const char *name) {
  std::optional<std::string> value = llvm::sys::Process::GetEnv(name);
  return value ? *value : std::string();
}

std::optional<std::string> mlir::reduce::getCacheDirectory() {
  llvm::SmallString<256> dir(getEnvironment("REDUCE_CACHE_DIR"));
  if (!dir.empty())
    return dir.str().str();
  dir = getEnvironment("XDG_CACHE_HOME");
  if (!dir.empty()) {
    llvm::sys::path::append(dir, "reduce");
    return dir.str().str();
  }
  dir = getEnvironment("HOME");
  if (dir.empty())
    return std::nullopt;
  llvm::sys::path::append(dir, ".cache", "reduce");
  return dir.str().str();
}

llvm::Error mlir::reduce::writeFileAtomically(llvm::StringRef path,
                                              llvm::StringRef bytes) {
  llvm::SmallString<256> dir = llvm::sys::path::parent_path(path);
  if (dir.empty())
    dir = ".";
  if (std::error_code ec = llvm::sys::fs::create_directories(dir))
    return llvm::createStringError("cannot create directory '" + dir +
                                   "': " + ec.message());
  // The temporary file is in the same directory, so that the rename is
  // atomic (same file system), and named after `path`.
  llvm::SmallString<256> model(path);
  model += "-%%%%%%%%.tmp";
  int fd = -1;
  llvm::SmallString<256> temporary;
  if (std::error_code ec =
          llvm::sys::fs::createUniqueFile(model, fd, temporary))
    return llvm::createStringError("cannot create a temporary file in '" + dir +
                                   "': " + ec.message());
  {
    llvm::raw_fd_ostream os(fd, /*shouldClose=*/true);
    os << bytes;
    os.close();
    if (os.has_error()) {
      std::string message = os.error().message();
      os.clear_error();
      llvm::sys::fs::remove(temporary);
      return llvm::createStringError("cannot write '" + temporary +
                                     "': " + message);
    }
  }
  if (std::error_code ec = llvm::sys::fs::rename(temporary, path)) {
    llvm::sys::fs::remove(temporary);
    return llvm::createStringError("cannot rename '" + temporary + "' to '" +
                                   path + "': " + ec.message());
  }
  return llvm::Error::success();
}

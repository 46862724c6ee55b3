//===- CacheFiles.h - The user's cache directory and its files --*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Where the project keeps what it computes once per machine (the host
// profile, the JIT's compiled objects), and how it writes there so that
// processes running at once never see a partial file.
//
// Environment:
//   REDUCE_CACHE_DIR     the cache directory, else
//   XDG_CACHE_HOME       ($XDG_CACHE_HOME/reduce), else
//   HOME                 ($HOME/.cache/reduce)
//
//===----------------------------------------------------------------------===//

#ifndef REDUCE_SUPPORT_CACHEFILES_H
#define REDUCE_SUPPORT_CACHEFILES_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>

namespace mlir::reduce {

/// The value of the environment variable `name`, or an empty string.
std::string getEnvironment(const char *name);

/// The cache directory the environment names (it may not exist yet), or
/// none when none of REDUCE_CACHE_DIR, XDG_CACHE_HOME and HOME is set.
std::optional<std::string> getCacheDirectory();

/// Writes `bytes` to `path` atomically: a temporary file in the same
/// directory (created if needed) renamed over `path`, so that a reader, or
/// another process writing at the same time, sees either the old file or a
/// whole new one.
llvm::Error writeFileAtomically(llvm::StringRef path, llvm::StringRef bytes);

} // namespace mlir::reduce

#endif // REDUCE_SUPPORT_CACHEFILES_H

//===- reduce-npy-fuzzer.cpp - Fuzzes the .npy reader ---------------------===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// libFuzzer target: arbitrary bytes go to parseNpy. A rejected file is the
// expected outcome; a file that is accepted must serialize and parse back to
// the same element type, shape and bytes.
//
//===----------------------------------------------------------------------===//

#include "reduce/Runtime/Npy.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>

using namespace mlir::reduce;

/// Prints `what` and aborts, so that libFuzzer records the input.
[[noreturn]] static void reportBug(const char *what) {
  llvm::errs() << "reduce-npy-fuzzer: " << what << "\n";
  std::abort();
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  llvm::Expected<Buffer> buffer =
      parseNpy(llvm::StringRef(reinterpret_cast<const char *>(data), size));
  if (!buffer) {
    llvm::consumeError(buffer.takeError());
    return 0;
  }
  std::string serialized = serializeNpy(buffer->getView());
  llvm::Expected<Buffer> again = parseNpy(serialized);
  if (!again) {
    llvm::consumeError(again.takeError());
    reportBug("a file we accept does not parse back after serialization");
  }
  if (again->getElementType() != buffer->getElementType() ||
      !llvm::equal(again->getShape(), buffer->getShape()) ||
      again->getSizeInBytes() != buffer->getSizeInBytes() ||
      (buffer->getSizeInBytes() &&
       std::memcmp(again->getData(), buffer->getData(),
                   buffer->getSizeInBytes())))
    reportBug("serialization changed the element type, shape or data");
  return 0;
}

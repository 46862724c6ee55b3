//===- ParseHazards.cpp - Text that crashes upstream parsers ----*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "reduce/Support/ParseHazards.h"

#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace mlir::reduce;

static bool isIdentifierChar(char c) {
  return llvm::isAlnum(c) || c == '_' || c == '$' || c == '.';
}

/// Returns true if `value` starts with a list of integers in brackets.
static bool startsWithIntegerList(llvm::StringRef value) {
  if (!value.consume_front("["))
    return false;
  value = value.ltrim();
  if (value.consume_front("]"))
    return true;
  while (true) {
    value.consume_front("-");
    size_t digits = value.find_if_not(llvm::isDigit);
    if (digits == 0)
      return false;
    value = value.drop_front(digits).ltrim();
    if (value.consume_front("]"))
      return true;
    if (!value.consume_front(","))
      return false;
    value = value.ltrim();
  }
}

std::optional<ParseHazard> mlir::reduce::findParseHazard(llvm::StringRef text) {
  for (size_t i = 0, e = text.size(); i < e; ++i) {
    char c = text[i];
    if (c == '/' && text.substr(i).starts_with("//")) {
      i = std::min(text.find('\n', i), e);
      continue;
    }
    if (c == '"') {
      for (++i; i < e && text[i] != '"' && text[i] != '\n'; ++i)
        if (text[i] == '\\')
          ++i;
      continue;
    }
    if (i > 0 && isIdentifierChar(text[i - 1]))
      continue;
    llvm::StringRef rest = text.substr(i);
    llvm::StringRef keyword;
    for (llvm::StringRef candidate : {"dimensions", "permutation"})
      if (rest.starts_with(candidate) &&
          !(rest.size() > candidate.size() &&
            isIdentifierChar(rest[candidate.size()])))
        keyword = candidate;
    if (keyword.empty())
      continue;
    llvm::StringRef value = rest.drop_front(keyword.size()).ltrim();
    if (!value.consume_front("="))
      continue;
    value = value.ltrim();
    if (startsWithIntegerList(value) || value.starts_with("array<") ||
        value.starts_with("affine_map<"))
      continue;
    return ParseHazard{
        i, ("expected a list of integers such as [0, 1] after '" + keyword +
            " =' (MLIR 22's parsers of linalg.reduce, linalg.broadcast and "
            "linalg.transpose crash on anything else)")
               .str()};
  }
  return std::nullopt;
}

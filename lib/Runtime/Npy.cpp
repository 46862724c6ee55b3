//===- Npy.cpp - NumPy .npy files -------------------------------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// A strict reader and a writer of the .npy format
// (https://numpy.org/doc/stable/reference/generated/numpy.lib.format.html).
// The header is a Python dict literal; we parse exactly the subset NumPy
// writes (string, bool and tuple-of-int values) and reject anything else.
//
//===----------------------------------------------------------------------===//

#include "reduce/Runtime/Npy.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <cstring>

using namespace mlir;
using namespace mlir::reduce;
using llvm::Expected;
using llvm::ArrayRef;
using llvm::SmallVector;
using llvm::StringRef;

static constexpr StringRef kMagic("\x93NUMPY", 6);

namespace {
/// The values of the header dict.
struct NpyHeader {
  std::string descr;
  std::optional<bool> fortranOrder;
  std::optional<llvm::SmallVector<int64_t>> shape;
};

/// A cursor over the header text with the few token kinds it needs.
class HeaderParser {
public:
  explicit HeaderParser(StringRef text) : text(text) {}

  llvm::Error parse(NpyHeader &header) {
    skipSpace();
    if (!consume('{'))
      return error("expected '{' at the start of the header dict");
    bool hasDescr = false;
    while (true) {
      skipSpace();
      if (consume('}'))
        break;
      std::string key;
      if (auto err = parseString(key))
        return err;
      skipSpace();
      if (!consume(':'))
        return error("expected ':' after key '" + key + "'");
      skipSpace();
      if (key == "descr") {
        if (auto err = parseString(header.descr))
          return err;
        hasDescr = true;
      } else if (key == "fortran_order") {
        if (consumeWord("True"))
          header.fortranOrder = true;
        else if (consumeWord("False"))
          header.fortranOrder = false;
        else
          return error("expected True or False for 'fortran_order'");
      } else if (key == "shape") {
        llvm::SmallVector<int64_t> shape;
        if (auto err = parseShape(shape))
          return err;
        header.shape = std::move(shape);
      } else {
        return error("unexpected key '" + key +
                     "' (expected 'descr', 'fortran_order' and 'shape')");
      }
      skipSpace();
      if (consume(','))
        continue;
      skipSpace();
      if (consume('}'))
        break;
      return error("expected ',' or '}' in the header dict");
    }
    skipSpace();
    if (!text.empty())
      return error("unexpected text after the header dict");
    if (!hasDescr || !header.fortranOrder || !header.shape)
      return error("the header dict must have 'descr', 'fortran_order' and "
                   "'shape'");
    return llvm::Error::success();
  }

private:
  llvm::Error error(const llvm::Twine &message) {
    return llvm::createStringError("malformed .npy header: " + message);
  }

  void skipSpace() { text = text.ltrim(" \t\n\r"); }

  bool consume(char c) { return text.consume_front(StringRef(&c, 1)); }

  bool consumeWord(StringRef word) { return text.consume_front(word); }

  llvm::Error parseString(std::string &out) {
    if (text.empty() || (text.front() != '\'' && text.front() != '"'))
      return error("expected a quoted string");
    char quote = text.front();
    size_t end = text.find(quote, 1);
    if (end == StringRef::npos)
      return error("unterminated string");
    out = text.substr(1, end - 1).str();
    text = text.drop_front(end + 1);
    return llvm::Error::success();
  }

  llvm::Error parseShape(llvm::SmallVector<int64_t> &shape) {
    if (!consume('('))
      return error("expected '(' for 'shape'");
    while (true) {
      skipSpace();
      if (consume(')'))
        return llvm::Error::success();
      size_t digits = text.find_first_not_of("0123456789");
      StringRef number = text.substr(0, digits);
      int64_t size;
      if (number.empty() || number.getAsInteger(10, size) || size < 0)
        return error("expected a non-negative dimension size in 'shape'");
      shape.push_back(size);
      text = text.drop_front(number.size());
      skipSpace();
      if (consume(','))
        continue;
      if (consume(')'))
        return llvm::Error::success();
      return error("expected ',' or ')' in 'shape'");
    }
  }

  StringRef text;
};
} // namespace

/// Maps a NumPy descr to an element type.
static Expected<ElementType> parseDescr(StringRef descr) {
  if (descr == "bfloat16")
    return ElementType::bf16;
  if (descr.size() < 3)
    return llvm::createStringError("unsupported dtype '" + descr + "'");
  char order = descr.front();
  StringRef kind = descr.drop_front();
  static const std::pair<StringRef, ElementType> kinds[] = {
      {"f2", ElementType::f16}, {"f4", ElementType::f32},
      {"f8", ElementType::f64}, {"V2", ElementType::bf16},
      {"i1", ElementType::i8},  {"i2", ElementType::i16},
      {"i4", ElementType::i32}, {"i8", ElementType::i64},
      {"u1", ElementType::u8},  {"u2", ElementType::u16},
      {"u4", ElementType::u32}, {"u8", ElementType::u64},
      {"b1", ElementType::i1}};
  for (auto [spelling, type] : kinds) {
    if (kind != spelling)
      continue;
    // Byte order does not apply to one-byte types and raw void data (what
    // NumPy writes as '|').
    bool orderFree = getByteWidth(type) == 1 || kind.starts_with("V");
    if (order == '<' || order == '=' || (orderFree && order == '|') ||
        (getByteWidth(type) == 1 && order == '>'))
      return type;
    if (order == '>')
      return llvm::createStringError(
          "big-endian dtype '" + descr +
          "' is not supported (expected little-endian '<" + kind + "')");
    return llvm::createStringError("unsupported byte order in dtype '" + descr +
                                   "'");
  }
  return llvm::createStringError(
      "unsupported dtype '" + descr +
      "' (expected one of <f2 <f4 <f8 |V2 |i1 <i2 <i4 <i8 |u1 "
      "<u2 <u4 <u8 |b1)");
}

namespace {
/// The element type, shape and data bytes of a `.npy` file.
struct NpyLayout {
  ElementType type;
  SmallVector<int64_t> shape;
  StringRef payload;
};
} // namespace

/// Parses the preamble and header of a `.npy` file and checks that its data
/// has the size they give.
static Expected<NpyLayout> parseLayout(StringRef bytes) {
  if (!bytes.starts_with(kMagic))
    return llvm::createStringError(
        "not a .npy file (missing the \\x93NUMPY magic string)");
  if (bytes.size() < 10)
    return llvm::createStringError(
        "truncated .npy file: " + llvm::Twine(bytes.size()) +
        " bytes, shorter than the preamble");
  unsigned major = static_cast<unsigned char>(bytes[6]);
  size_t headerLength, preamble;
  if (major == 1) {
    headerLength = static_cast<unsigned char>(bytes[8]) |
                   static_cast<unsigned char>(bytes[9]) << 8;
    preamble = 10;
  } else if (major == 2 || major == 3) {
    if (bytes.size() < 12)
      return llvm::createStringError(
          "truncated .npy file: shorter than the preamble");
    headerLength = 0;
    for (int i = 3; i >= 0; --i)
      headerLength = headerLength << 8 | static_cast<unsigned char>(bytes[8 + i]);
    preamble = 12;
  } else {
    return llvm::createStringError("unsupported .npy format version " +
                                   llvm::Twine(major) +
                                   " (expected 1, 2 or 3)");
  }
  if (bytes.size() - preamble < headerLength)
    return llvm::createStringError(
        "truncated .npy file: the header needs " + llvm::Twine(headerLength) +
        " bytes, " + llvm::Twine(bytes.size() - preamble) + " are left");

  NpyHeader header;
  if (auto err = HeaderParser(bytes.substr(preamble, headerLength)).parse(header))
    return std::move(err);
  Expected<ElementType> type = parseDescr(header.descr);
  if (!type)
    return type.takeError();
  if (*header.fortranOrder)
    return llvm::createStringError(
        "Fortran-order arrays are not supported (expected "
        "'fortran_order': False)");
  std::optional<int64_t> count = getNumElements(*header.shape);
  size_t width = getByteWidth(*type);
  if (!count || *count > INT64_MAX / static_cast<int64_t>(width))
    return llvm::createStringError("shape (" + formatShape(*header.shape) +
                                   ") has too many elements");

  StringRef payload = bytes.drop_front(preamble + headerLength);
  uint64_t expected = static_cast<uint64_t>(*count) * width;
  if (payload.size() < expected)
    return llvm::createStringError(
        "truncated .npy file: shape " + formatShape(*header.shape) + " of " +
        getMlirName(*type) + " needs " + llvm::Twine(expected) +
        " data bytes, found " + llvm::Twine(payload.size()));
  if (payload.size() > expected)
    return llvm::createStringError(
        ".npy file has " + llvm::Twine(payload.size() - expected) +
        " bytes after the data of shape " + formatShape(*header.shape));

  return NpyLayout{*type, SmallVector<int64_t>(*header.shape), payload};
}

/// Checks that the `count` bytes at `data`, bools, are 0 or 1; `index`
/// gives the C-order index of the n-th of them in the file.
static llvm::Error checkBools(const char *data, int64_t count,
                              llvm::function_ref<int64_t(int64_t)> index) {
  // A bool is the byte 0 or 1; compiled code reads any other byte as an
  // undefined i1.
  if (std::optional<int64_t> bad = findInvalidBool(data, count))
    return llvm::createStringError(
        "bool element " + llvm::Twine(index(*bad)) +
        " (in C order) is the byte " +
        llvm::Twine(
            static_cast<unsigned>(static_cast<unsigned char>(data[*bad]))) +
        " (expected 0 or 1)");
  return llvm::Error::success();
}

Expected<Buffer> mlir::reduce::parseNpy(StringRef bytes) {
  Expected<NpyLayout> layout = parseLayout(bytes);
  if (!layout)
    return layout.takeError();
  size_t size = layout->payload.size();
  if (layout->type == ElementType::i1)
    if (llvm::Error err = checkBools(layout->payload.data(),
                                     static_cast<int64_t>(size),
                                     [](int64_t i) { return i; }))
      return std::move(err);
  Buffer buffer(layout->type, layout->shape);
  if (size)
    std::memcpy(buffer.getData(), layout->payload.data(), size);
  return std::move(buffer);
}

Expected<Buffer> mlir::reduce::readNpyFile(StringRef path) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> file =
      llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                  /*RequiresNullTerminator=*/false);
  if (!file)
    return llvm::createStringError("cannot read '" + path +
                                   "': " + file.getError().message());
  Expected<Buffer> buffer = parseNpy((*file)->getBuffer());
  if (!buffer)
    return llvm::createStringError("'" + path +
                                   "': " + llvm::toString(buffer.takeError()));
  return buffer;
}

Expected<Buffer> mlir::reduce::readNpyFileSlice(StringRef path,
                                                 ArrayRef<int64_t> fullShape,
                                                 ArrayRef<int64_t> offsets,
                                                 ArrayRef<int64_t> sizes) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> file =
      llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                  /*RequiresNullTerminator=*/false);
  if (!file)
    return llvm::createStringError("cannot read '" + path +
                                   "': " + file.getError().message());
  auto fail = [&](const llvm::Twine &message) {
    return llvm::createStringError("'" + path + "': " + message);
  };
  Expected<NpyLayout> layout = parseLayout((*file)->getBuffer());
  if (!layout)
    return fail(llvm::toString(layout.takeError()));
  ArrayRef<int64_t> shape = layout->shape;
  bool matches = shape.size() == fullShape.size() &&
                 shape.size() == offsets.size() &&
                 shape.size() == sizes.size();
  std::string expected;
  for (size_t dim = 0; dim < fullShape.size(); ++dim) {
    expected += (dim ? "x" : "") + (fullShape[dim] < 0
                                        ? std::string("?")
                                        : std::to_string(fullShape[dim]));
    matches &= fullShape[dim] < 0 || (dim < shape.size() &&
                                      fullShape[dim] == shape[dim]);
  }
  if (!matches)
    return fail("the array has shape " + formatShape(shape) + ", expected " +
                (fullShape.empty() ? "scalar" : expected));
  // A size the caller does not know is the array's, whole.
  SmallVector<int64_t> wholeSizes(sizes);
  for (size_t dim = 0; dim < shape.size(); ++dim)
    if (wholeSizes[dim] < 0 && offsets[dim] == 0)
      wholeSizes[dim] = shape[dim];
  sizes = wholeSizes;
  for (size_t dim = 0; dim < shape.size(); ++dim)
    if (offsets[dim] < 0 || sizes[dim] < 0 ||
        offsets[dim] + sizes[dim] > shape[dim])
      return fail("the slice [" + llvm::Twine(offsets[dim]) + ", " +
                  llvm::Twine(offsets[dim] + sizes[dim]) + ") of dim " +
                  llvm::Twine(dim) + " is outside the array of shape " +
                  formatShape(shape));
  Buffer buffer(layout->type, sizes);
  int64_t count = buffer.getNumElements();
  if (count == 0)
    return std::move(buffer);
  // Only the pages of the slice are read.
  size_t width = getByteWidth(layout->type);
  int64_t rank = shape.size();
  char *out = static_cast<char *>(buffer.getData());
  copyBlock(const_cast<char *>(layout->payload.data()), shape, out, offsets,
            sizes, width, /*toBlock=*/true);
  SmallVector<int64_t> strides(rank, 1);
  for (int64_t dim = rank - 2; dim >= 0; --dim)
    strides[dim] = strides[dim + 1] * shape[dim + 1];
  if (layout->type == ElementType::i1)
    if (llvm::Error err = checkBools(out, count, [&](int64_t i) {
          int64_t source = 0;
          for (int64_t dim = rank - 1; dim >= 0; --dim) {
            source += (offsets[dim] + i % sizes[dim]) * strides[dim];
            i /= sizes[dim];
          }
          return source;
        }))
      return fail(llvm::toString(std::move(err)));
  return std::move(buffer);
}

/// The NumPy descr we write for `type`.
static StringRef getDescr(ElementType type) {
  switch (type) {
  case ElementType::f16:
    return "<f2";
  case ElementType::bf16:
    return "|V2";
  case ElementType::f32:
    return "<f4";
  case ElementType::f64:
    return "<f8";
  case ElementType::i8:
    return "|i1";
  case ElementType::i16:
    return "<i2";
  case ElementType::i32:
    return "<i4";
  case ElementType::i64:
    return "<i8";
  case ElementType::u8:
    return "|u1";
  case ElementType::u16:
    return "<u2";
  case ElementType::u32:
    return "<u4";
  case ElementType::u64:
    return "<u8";
  case ElementType::i1:
    return "|b1";
  }
  llvm_unreachable("unknown element type");
}

std::string mlir::reduce::serializeNpy(const BufferView &view) {
  std::string dict;
  llvm::raw_string_ostream os(dict);
  os << "{'descr': '" << getDescr(view.elementType)
     << "', 'fortran_order': False, 'shape': (";
  for (int64_t size : view.shape)
    os << size << (view.shape.size() == 1 ? "," : ", ");
  if (view.shape.size() > 1)
    dict.resize(dict.size() - 2);
  os << "), }";
  // Pad with spaces and a final newline so that the data is 64-byte aligned.
  size_t total = llvm::alignTo(10 + dict.size() + 1, 64);
  dict.append(total - 10 - dict.size() - 1, ' ');
  dict.push_back('\n');

  std::string bytes(kMagic);
  bytes.push_back(1);
  bytes.push_back(0);
  bytes.push_back(static_cast<char>(dict.size() & 0xff));
  bytes.push_back(static_cast<char>(dict.size() >> 8));
  bytes += dict;
  size_t dataBytes = static_cast<size_t>(getNumElements(view.shape).value_or(0)) *
                     getByteWidth(view.elementType);
  if (dataBytes)
    bytes.append(static_cast<const char *>(view.data), dataBytes);
  return bytes;
}

llvm::Error mlir::reduce::writeNpyFile(StringRef path, const BufferView &view) {
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec, llvm::sys::fs::OF_None);
  if (ec)
    return llvm::createStringError("cannot write '" + path +
                                   "': " + ec.message());
  os << serializeNpy(view);
  os.close();
  if (os.has_error())
    return llvm::createStringError("cannot write '" + path +
                                   "': " + os.error().message());
  return llvm::Error::success();
}

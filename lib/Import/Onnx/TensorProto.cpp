//===- TensorProto.cpp - ONNX tensors as runtime buffers --------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "TensorProto.h"

#include "reduce/Import/ModelBuilder.h"
#include "reduce/Import/Onnx.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <climits>
#include <cstring>

using namespace mlir;
using namespace mlir::reduce;
using namespace mlir::reduce::onnx_import;

std::optional<ElementType> onnx_import::getElementType(int32_t dataType) {
  switch (dataType) {
  case onnx::TensorProto::FLOAT:
    return ElementType::f32;
  case onnx::TensorProto::UINT8:
    return ElementType::u8;
  case onnx::TensorProto::INT8:
    return ElementType::i8;
  case onnx::TensorProto::UINT16:
    return ElementType::u16;
  case onnx::TensorProto::INT16:
    return ElementType::i16;
  case onnx::TensorProto::INT32:
    return ElementType::i32;
  case onnx::TensorProto::INT64:
    return ElementType::i64;
  case onnx::TensorProto::BOOL:
    return ElementType::i1;
  case onnx::TensorProto::FLOAT16:
    return ElementType::f16;
  case onnx::TensorProto::DOUBLE:
    return ElementType::f64;
  case onnx::TensorProto::UINT32:
    return ElementType::u32;
  case onnx::TensorProto::UINT64:
    return ElementType::u64;
  case onnx::TensorProto::BFLOAT16:
    return ElementType::bf16;
  default:
    return std::nullopt;
  }
}

std::string onnx_import::getDataTypeName(int32_t dataType) {
  if (onnx::TensorProto::DataType_IsValid(dataType))
    return onnx::TensorProto::DataType_Name(
        static_cast<onnx::TensorProto::DataType>(dataType));
  return "data type " + std::to_string(dataType);
}

llvm::StringRef onnx_import::getSupportedDataTypesText() {
  return "FLOAT, DOUBLE, FLOAT16, BFLOAT16, INT8, INT16, INT32, INT64, UINT8, "
         "UINT16, UINT32, UINT64 or BOOL";
}

namespace {
/// What a message calls `tensor`.
std::string describe(const onnx::TensorProto &tensor) {
  return "tensor '" + tensor.name() + "'";
}

/// Reads the external data of `tensor` (`byteSize` bytes) from a file inside
/// `modelDir`.
llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>>
readExternalData(const onnx::TensorProto &tensor, llvm::StringRef modelDir,
                 uint64_t byteSize) {
  std::string location;
  uint64_t offset = 0;
  std::optional<uint64_t> length;
  for (const onnx::StringStringEntryProto &entry : tensor.external_data()) {
    const std::string &key = entry.key();
    if (key == "location") {
      location = entry.value();
    } else if (key == "offset" || key == "length") {
      uint64_t value;
      if (llvm::StringRef(entry.value()).getAsInteger(10, value))
        return makeImportError(describe(tensor) + ": external data " + key +
                               " '" + entry.value() +
                               "' is not a non-negative integer");
      (key == "offset" ? offset : length.emplace()) = value;
    } else if (key != "checksum") {
      return makeImportError(describe(tensor) +
                             ": unsupported external data key '" + key + "'");
    }
  }
  if (location.empty())
    return makeImportError(describe(tensor) +
                           ": external data without a location");
  if (modelDir.empty())
    return makeImportError(describe(tensor) +
                           ": external data is only read for a model file");
  // The location is relative to the model's folder and must stay inside it,
  // symbolic links resolved.
  if (llvm::sys::path::is_absolute(location) ||
      llvm::is_contained(llvm::make_range(llvm::sys::path::begin(location),
                                          llvm::sys::path::end(location)),
                         ".."))
    return makeImportError(describe(tensor) + ": external data location '" +
                           location + "' leaves the model's folder");
  llvm::SmallString<256> path(modelDir);
  llvm::sys::path::append(path, location);
  llvm::SmallString<256> realDir, realPath;
  if (llvm::sys::fs::real_path(modelDir, realDir) ||
      llvm::sys::fs::real_path(path, realPath))
    return makeImportError(describe(tensor) + ": cannot open external data '" +
                           path + "'");
  if (!llvm::StringRef(realPath).starts_with(realDir.str().str() + "/"))
    return makeImportError(describe(tensor) + ": external data location '" +
                           location + "' leaves the model's folder");
  if (length && *length != byteSize)
    return makeImportError(describe(tensor) + ": external data length " +
                           llvm::Twine(*length) + " does not match the " +
                           llvm::Twine(byteSize) +
                           " bytes its shape and data type need");
  uint64_t fileSize;
  if (llvm::sys::fs::file_size(realPath, fileSize))
    return makeImportError(describe(tensor) + ": cannot open external data '" +
                           path + "'");
  if (offset > fileSize || byteSize > fileSize - offset)
    return makeImportError(describe(tensor) + ": external data needs " +
                           llvm::Twine(byteSize) + " bytes at offset " +
                           llvm::Twine(offset) + ", but '" + location +
                           "' has " + llvm::Twine(fileSize) + " bytes");
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> slice =
      llvm::MemoryBuffer::getFileSlice(realPath, byteSize, offset);
  if (!slice)
    return makeImportError(describe(tensor) + ": cannot read external data '" +
                           path + "': " + slice.getError().message());
  return std::move(*slice);
}

/// Copies the typed field `values` into `buffer`, converting each value to
/// the element type (the 16-bit floats are stored as their bit patterns).
template <typename Field>
void copyTypedValues(const Field &values, Buffer &buffer) {
  char *data = static_cast<char *>(buffer.getData());
  size_t width = getByteWidth(buffer.getElementType());
  for (int64_t i = 0, e = buffer.getNumElements(); i < e; ++i) {
    auto value = values.Get(static_cast<int>(i));
    if (isBool(buffer.getElementType())) {
      data[i] = value != 0;
      continue;
    }
    // Little-endian hosts: the low bytes of an integer are the narrower
    // integer; float and double fields hold exactly the element type.
    std::memcpy(data + i * width, &value, width);
  }
}
} // namespace

llvm::Expected<Buffer> onnx_import::readTensor(const onnx::TensorProto &tensor,
                                               llvm::StringRef modelDir) {
  std::optional<ElementType> elementType = getElementType(tensor.data_type());
  if (!elementType)
    return makeImportError(describe(tensor) + " has data type " +
                           getDataTypeName(tensor.data_type()) +
                           ", which is not supported: expected " +
                           getSupportedDataTypesText());
  if (tensor.has_segment())
    return makeImportError(describe(tensor) +
                           " is segmented, which is not supported");
  SmallVector<int64_t> shape(tensor.dims().begin(), tensor.dims().end());
  for (int64_t dim : shape)
    if (dim < 0)
      return makeImportError(describe(tensor) + " has a negative dimension " +
                             llvm::Twine(dim));
  std::optional<int64_t> count = getNumElements(shape);
  size_t width = getByteWidth(*elementType);
  if (!count || *count > INT64_MAX / int64_t(width))
    return makeImportError(describe(tensor) + " of shape " +
                           formatShape(shape) + " has too many elements");
  uint64_t byteSize = uint64_t(*count) * width;
  std::string shapeText = " of shape " + formatShape(shape) + " and type " +
                          getDataTypeName(tensor.data_type());

  // The bytes of the dense data, when it is stored as bytes.
  std::optional<llvm::StringRef> raw;
  std::unique_ptr<llvm::MemoryBuffer> external;
  if (tensor.data_location() == onnx::TensorProto::EXTERNAL) {
    llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>> data =
        readExternalData(tensor, modelDir, byteSize);
    if (!data)
      return data.takeError();
    external = std::move(*data);
    raw = external->getBuffer();
  } else if (tensor.has_raw_data()) {
    raw = tensor.raw_data();
  }
  if (raw) {
    if (raw->size() != byteSize)
      return makeImportError(describe(tensor) + shapeText + " needs " +
                             llvm::Twine(byteSize) + " bytes of data, but has " +
                             llvm::Twine(raw->size()));
    Buffer buffer = Buffer::allocateForOverwrite(*elementType, shape);
    if (byteSize)
      std::memcpy(buffer.getData(), raw->data(), byteSize);
    if (isBool(*elementType))
      if (std::optional<int64_t> bad = findInvalidBool(buffer.getData(), *count))
        return makeImportError(describe(tensor) + ": bool element " +
                               llvm::Twine(*bad) + " is neither 0 nor 1");
    return std::move(buffer);
  }

  // Otherwise the values are in the typed field of the data type, checked
  // before anything is allocated.
  auto readField = [&](const auto &field,
                       llvm::StringRef fieldName) -> llvm::Expected<Buffer> {
    if (field.size() != *count)
      return makeImportError(describe(tensor) + shapeText + " needs " +
                             llvm::Twine(*count) + " values, but " + fieldName +
                             " has " + llvm::Twine(field.size()));
    Buffer buffer = Buffer::allocateForOverwrite(*elementType, shape);
    copyTypedValues(field, buffer);
    return std::move(buffer);
  };
  switch (tensor.data_type()) {
  case onnx::TensorProto::FLOAT:
    return readField(tensor.float_data(), "float_data");
  case onnx::TensorProto::DOUBLE:
    return readField(tensor.double_data(), "double_data");
  case onnx::TensorProto::INT64:
    return readField(tensor.int64_data(), "int64_data");
  case onnx::TensorProto::UINT32:
  case onnx::TensorProto::UINT64:
    return readField(tensor.uint64_data(), "uint64_data");
  default:
    return readField(tensor.int32_data(), "int32_data");
  }
}

llvm::Expected<Buffer> mlir::reduce::readTensorProtoFile(llvm::StringRef path) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> file =
      llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                  /*RequiresNullTerminator=*/false);
  if (!file)
    return makeImportError("cannot read '" + path +
                           "': " + file.getError().message());
  llvm::StringRef bytes = (*file)->getBuffer();
  onnx::TensorProto tensor;
  if (bytes.size() > INT_MAX ||
      !tensor.ParseFromArray(bytes.data(), static_cast<int>(bytes.size())))
    return makeImportError("'" + path +
                           "' is not a serialized ONNX TensorProto");
  llvm::StringRef folder = llvm::sys::path::parent_path(path);
  llvm::Expected<Buffer> buffer =
      readTensor(tensor, folder.empty() ? llvm::StringRef(".") : folder);
  if (!buffer)
    return makeImportError("'" + path +
                           "': " + llvm::toString(buffer.takeError()));
  return buffer;
}

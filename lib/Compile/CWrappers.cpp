//===- CWrappers.cpp - Exported C entry points of compiled code -*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The lowered calling convention (--reduce-to-llvm{out-params}, read by the
// JIT the same way): each memref argument is expanded into (allocated,
// aligned, offset, sizes..., strides...). A function whose results all have
// static shapes takes them, then the status (a memref<5xi64>, when it has
// runtime checks), as more such arguments and returns nothing. Any other
// function returns the descriptors of its results and then of its status,
// as one struct of descriptors (or the descriptor alone when there is one);
// each of them is a fresh allocation of the callee (reduce-fresh-results),
// which the wrapper copies into the caller's buffer and frees.
//
//===----------------------------------------------------------------------===//

#include "reduce/Compile/CWrappers.h"

#include "reduce/Compile/RuntimeSupport.h"
#include "reduce/Conversion/ReduceToLinalg/RuntimeStatus.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"
#include "mlir/IR/SymbolTable.h"

using namespace mlir;
using namespace mlir::reduce;

/// What memref.get_global stores as the allocated pointer of a constant
/// (never freed; reduce-fresh-results should leave none among the results).
static constexpr int64_t kGlobalAllocatedPointer = 0xdeadbeef;

std::string mlir::reduce::getImplementationName(llvm::StringRef mlirName) {
  return ("__reduce_aot_impl." + mlirName).str();
}

/// The libc `free`, declared if the module does not declare it yet.
static LLVM::LLVMFuncOp getOrDeclareFree(ModuleOp module) {
  if (auto free = module.lookupSymbol<LLVM::LLVMFuncOp>("free"))
    return free;
  MLIRContext *context = module.getContext();
  auto builder = ImplicitLocOpBuilder::atBlockEnd(UnknownLoc::get(context),
                                                  module.getBody());
  auto type = LLVM::LLVMFunctionType::get(
      LLVM::LLVMVoidType::get(context), {LLVM::LLVMPointerType::get(context)});
  return LLVM::LLVMFuncOp::create(builder, "free", type);
}

namespace {
/// The parts of one memref descriptor, in the order of the expanded
/// calling convention.
struct Descriptor {
  Value allocated, aligned, offset;
  SmallVector<Value> sizes, strides;

  void appendTo(SmallVectorImpl<Value> &operands) const {
    operands.append({allocated, aligned, offset});
    operands.append(sizes.begin(), sizes.end());
    operands.append(strides.begin(), strides.end());
  }
};

/// Builds the body of the wrapper of one function.
class WrapperBuilder {
public:
  WrapperBuilder(const CFunction &fn, LLVM::LLVMFuncOp wrapper,
                 LLVM::LLVMFuncOp impl, LLVM::LLVMFuncOp copy,
                 LLVM::LLVMFuncOp free)
      : fn(fn), wrapper(wrapper), impl(impl), copy(copy), free(free),
        b(wrapper.getLoc(), wrapper.getContext()) {
    MLIRContext *context = wrapper.getContext();
    ptrType = LLVM::LLVMPointerType::get(context);
    i64Type = IntegerType::get(context, 64);
    i32Type = IntegerType::get(context, 32);
    i8Type = IntegerType::get(context, 8);
    i1Type = IntegerType::get(context, 1);
  }

  llvm::Error build();

private:
  Value i64(int64_t value) {
    return LLVM::ConstantOp::create(b, i64Type, value);
  }
  Value i32(int32_t value) {
    return LLVM::ConstantOp::create(b, i32Type, value);
  }
  Value i1(bool value) { return LLVM::ConstantOp::create(b, i1Type, value); }
  Value code(CReturnCode value) { return i32(static_cast<int32_t>(value)); }
  /// `base` + `bytes`.
  /// (Descriptor offsets: a few words, far below 2^31.)
  Value byteAddress(Value base, int64_t bytes) {
    return LLVM::GEPOp::create(
        b, ptrType, i8Type, base,
        ArrayRef<LLVM::GEPArg>{static_cast<int32_t>(bytes)});
  }
  Value loadI64(Value address) {
    return LLVM::LoadOp::create(b, i64Type, address);
  }
  Value icmp(LLVM::ICmpPredicate predicate, Value lhs, Value rhs) {
    return LLVM::ICmpOp::create(b, predicate, lhs, rhs);
  }
  /// An alloca of `count` i64 words in the entry block.
  Value allocaWords(int64_t count);
  /// Ends the current block with a branch to the return block with `value`
  /// when `condition` holds, and continues in a new block.
  void returnIf(Value condition, Value value);

  /// The row-major strides of `sizes`.
  SmallVector<Value> rowMajorStrides(ArrayRef<Value> sizes);
  /// The descriptor of argument `index`, from a plain pointer or from a C
  /// descriptor whose sizes are checked against the type (`shapeBad`) and
  /// strides against a dense layout (`nonDense`).
  Descriptor unpackArgument(size_t index, Value &shapeBad, Value &nonDense);
  /// The return code of runtime status code `status`.
  Value mapStatus(Value status);
  /// Calls a function with out-params; returns the code.
  Value callWithOutParams(ArrayRef<Descriptor> arguments);
  /// Calls a function returning its results, copies them out and frees
  /// them; returns the code.
  Value callReturningResults(ArrayRef<Descriptor> arguments);

  const CFunction &fn;
  LLVM::LLVMFuncOp wrapper, impl, copy, free;
  ImplicitLocOpBuilder b;
  Block *entry = nullptr;
  Block *returnBlock = nullptr;
  Type ptrType, i64Type, i32Type, i8Type, i1Type;
};
} // namespace

Value WrapperBuilder::allocaWords(int64_t count) {
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(entry);
  Value one = i64(1);
  auto arrayType = LLVM::LLVMArrayType::get(i64Type, count);
  return LLVM::AllocaOp::create(b, ptrType, arrayType, one, /*alignment=*/8);
}

void WrapperBuilder::returnIf(Value condition, Value value) {
  Block *next = b.getBlock()->splitBlock(b.getInsertionPoint());
  b.setInsertionPointToEnd(next->getPrevNode());
  LLVM::CondBrOp::create(b, condition, returnBlock, ValueRange{value}, next,
                         ValueRange{});
  b.setInsertionPointToStart(next);
}

SmallVector<Value> WrapperBuilder::rowMajorStrides(ArrayRef<Value> sizes) {
  SmallVector<Value> strides(sizes.size());
  Value stride = i64(1);
  for (int64_t dim = static_cast<int64_t>(sizes.size()) - 1; dim >= 0; --dim) {
    strides[dim] = stride;
    if (dim > 0)
      stride = LLVM::MulOp::create(b, stride, sizes[dim]);
  }
  return strides;
}

Descriptor WrapperBuilder::unpackArgument(size_t index, Value &shapeBad,
                                          Value &nonDense) {
  const CTensor &tensor = fn.arguments[index];
  Value param = wrapper.getArgument(index);
  Descriptor descriptor;
  descriptor.offset = i64(0);
  if (tensor.isStatic()) {
    descriptor.allocated = descriptor.aligned = param;
    for (int64_t size : tensor.shape)
      descriptor.sizes.push_back(i64(size));
    descriptor.strides = rowMajorStrides(descriptor.sizes);
    return descriptor;
  }
  // { const T *data; int64_t sizes[R]; int64_t strides[R]; }
  int64_t rank = tensor.getRank();
  descriptor.allocated = descriptor.aligned =
      LLVM::LoadOp::create(b, ptrType, param);
  Value expectedStride = i64(1);
  Value zero = i64(0), one = i64(1);
  SmallVector<Value> sizes(rank);
  for (int64_t dim = rank - 1; dim >= 0; --dim) {
    Value size = loadI64(byteAddress(param, 8 + 8 * dim));
    Value stride = loadI64(byteAddress(param, 8 + 8 * rank + 8 * dim));
    sizes[dim] = size;
    Value bad = icmp(LLVM::ICmpPredicate::slt, size, zero);
    int64_t typeSize = tensor.shape[dim];
    if (!ShapedType::isDynamic(typeSize))
      bad = LLVM::OrOp::create(
          b, bad, icmp(LLVM::ICmpPredicate::ne, size, i64(typeSize)));
    shapeBad = LLVM::OrOp::create(b, shapeBad, bad);
    Value dense = LLVM::OrOp::create(
        b, icmp(LLVM::ICmpPredicate::eq, size, one),
        icmp(LLVM::ICmpPredicate::eq, stride, expectedStride));
    nonDense = LLVM::OrOp::create(
        b, nonDense, LLVM::XOrOp::create(b, dense, i1(true)));
    expectedStride = LLVM::MulOp::create(b, expectedStride, size);
  }
  descriptor.sizes = sizes;
  // The kernel gets the dense strides: they equal the given ones wherever
  // they matter.
  descriptor.strides = rowMajorStrides(sizes);
  return descriptor;
}

Value WrapperBuilder::mapStatus(Value status) {
  // 0 -> ok, 1..3 and 8..10 -> the same code, anything else ->
  // unknownStatus.
  auto inRange = [&](CReturnCode first, CReturnCode last) {
    int64_t low = static_cast<int64_t>(first);
    int64_t count = static_cast<int64_t>(last) - low + 1;
    return icmp(LLVM::ICmpPredicate::ult,
                LLVM::SubOp::create(b, status, i64(low)), i64(count));
  };
  Value isOk = icmp(LLVM::ICmpPredicate::eq, status, i64(0));
  Value known = LLVM::OrOp::create(
      b,
      inRange(CReturnCode::axisOutOfRange, CReturnCode::resultSizeMismatch),
      inRange(CReturnCode::emptyReducedDim,
              CReturnCode::integerDivisionOverflow));
  Value truncated = LLVM::TruncOp::create(b, i32Type, status);
  Value mapped = LLVM::SelectOp::create(b, known, truncated,
                                        code(CReturnCode::unknownStatus));
  return LLVM::SelectOp::create(b, isOk, code(CReturnCode::ok), mapped);
}

Value WrapperBuilder::callWithOutParams(ArrayRef<Descriptor> arguments) {
  SmallVector<Value> operands;
  for (const Descriptor &argument : arguments)
    argument.appendTo(operands);
  for (auto [index, tensor] : llvm::enumerate(fn.results)) {
    Descriptor result;
    result.allocated = result.aligned =
        wrapper.getArgument(fn.arguments.size() + index);
    result.offset = i64(0);
    for (int64_t size : tensor.shape)
      result.sizes.push_back(i64(size));
    result.strides = rowMajorStrides(result.sizes);
    result.appendTo(operands);
  }
  Value status;
  if (fn.hasRuntimeStatus) {
    status = allocaWords(kRuntimeStatusWords);
    Descriptor statusDescriptor{status, status, i64(0),
                                {i64(kRuntimeStatusWords)}, {i64(1)}};
    statusDescriptor.appendTo(operands);
  }
  LLVM::CallOp::create(b, impl, operands);
  if (!status)
    return code(CReturnCode::ok);
  return mapStatus(loadI64(status));
}

Value WrapperBuilder::callReturningResults(ArrayRef<Descriptor> arguments) {
  SmallVector<Value> operands;
  for (const Descriptor &argument : arguments)
    argument.appendTo(operands);
  Value returned = LLVM::CallOp::create(b, impl, operands).getResult();
  size_t numLowered = fn.results.size() + (fn.hasRuntimeStatus ? 1 : 0);
  auto getDescriptor = [&](size_t index) -> Value {
    if (numLowered == 1)
      return returned;
    return LLVM::ExtractValueOp::create(b, returned,
                                        ArrayRef<int64_t>{int64_t(index)});
  };
  auto field = [&](Value descriptor, ArrayRef<int64_t> position) -> Value {
    return LLVM::ExtractValueOp::create(b, descriptor, position);
  };

  // The status, read from the callee's allocation.
  SmallVector<Value> allocations;
  Value statusOk = i1(true);
  Value statusCode = code(CReturnCode::ok);
  if (fn.hasRuntimeStatus) {
    Value descriptor = getDescriptor(numLowered - 1);
    allocations.push_back(field(descriptor, {0}));
    Value address =
        LLVM::GEPOp::create(b, ptrType, i64Type, field(descriptor, {1}),
                            ValueRange{field(descriptor, {2})});
    Value status = loadI64(address);
    statusOk = icmp(LLVM::ICmpPredicate::eq, status, i64(0));
    statusCode = mapStatus(status);
  }

  // Each result: its sizes to the caller, its elements when they fit.
  Value tooSmall = i1(false);
  for (auto [index, tensor] : llvm::enumerate(fn.results)) {
    int64_t rank = tensor.getRank();
    Value descriptor = getDescriptor(index);
    allocations.push_back(field(descriptor, {0}));
    SmallVector<Value> sizes, strides;
    for (int64_t dim = 0; dim < rank; ++dim) {
      sizes.push_back(field(descriptor, {3, dim}));
      strides.push_back(field(descriptor, {4, dim}));
    }
    Value count = i64(1);
    for (Value size : sizes)
      count = LLVM::MulOp::create(b, count, size);
    Value param = wrapper.getArgument(fn.arguments.size() + index);
    Value data, capacity;
    if (tensor.isStatic()) {
      data = param;
      capacity = i64(tensor.getNumElements());
    } else {
      // { T *data; int64_t capacity; int64_t sizes[R]; int64_t strides[R]; }
      data = LLVM::LoadOp::create(b, ptrType, param);
      capacity = loadI64(byteAddress(param, 8));
      SmallVector<Value> denseStrides = rowMajorStrides(sizes);
      for (int64_t dim = 0; dim < rank; ++dim) {
        LLVM::StoreOp::create(b, sizes[dim], byteAddress(param, 16 + 8 * dim));
        LLVM::StoreOp::create(b, denseStrides[dim],
                              byteAddress(param, 16 + 8 * rank + 8 * dim));
      }
    }
    Value fits = icmp(LLVM::ICmpPredicate::sle, count, capacity);
    tooSmall = LLVM::OrOp::create(
        b, tooSmall, LLVM::XOrOp::create(b, fits, i1(true)));

    // if (statusOk && fits) copy(data, element pointer, ...)
    Block *before = b.getBlock();
    Block *after = before->splitBlock(b.getInsertionPoint());
    Block *copyBlock = b.createBlock(after);
    b.setInsertionPointToEnd(before);
    LLVM::CondBrOp::create(b, LLVM::AndOp::create(b, statusOk, fits),
                           copyBlock, ValueRange{}, after, ValueRange{});
    b.setInsertionPointToStart(copyBlock);
    // The helper takes i64 arrays: the sizes, the callee's strides and the
    // caller's dense ones.
    Value sizesAddress, stridesAddress, denseAddress;
    if (rank > 0) {
      sizesAddress = allocaWords(rank);
      stridesAddress = allocaWords(rank);
      denseAddress = allocaWords(rank);
      SmallVector<Value> denseStrides = rowMajorStrides(sizes);
      auto store = [&](Value value, Value array, int64_t dim) {
        LLVM::StoreOp::create(
            b, value,
            LLVM::GEPOp::create(
                b, ptrType, i64Type, array,
                ArrayRef<LLVM::GEPArg>{static_cast<int32_t>(dim)}));
      };
      for (int64_t dim = 0; dim < rank; ++dim) {
        store(sizes[dim], sizesAddress, dim);
        store(strides[dim], stridesAddress, dim);
        store(denseStrides[dim], denseAddress, dim);
      }
    } else {
      sizesAddress = stridesAddress = denseAddress =
          LLVM::ZeroOp::create(b, ptrType);
    }
    int64_t width = getByteWidth(tensor.elementType);
    Value offsetBytes =
        LLVM::MulOp::create(b, field(descriptor, {2}), i64(width));
    Value source = LLVM::GEPOp::create(b, ptrType, i8Type,
                                       field(descriptor, {1}),
                                       ValueRange{offsetBytes});
    LLVM::CallOp::create(b, copy,
                         ValueRange{data, denseAddress, source, stridesAddress,
                                    sizesAddress, i64(rank), i64(width)});
    LLVM::BrOp::create(b, after);
    b.setInsertionPointToStart(after);
  }

  // Free what the callee allocated: not an argument, not a constant, not
  // freed already (free(NULL) does nothing).
  SmallVector<Value> notOwned = {
      LLVM::ZeroOp::create(b, ptrType),
      LLVM::IntToPtrOp::create(b, ptrType, i64(kGlobalAllocatedPointer))};
  for (const Descriptor &argument : arguments)
    notOwned.push_back(argument.allocated);
  Value null = notOwned.front();
  for (Value allocation : allocations) {
    Value owned = i1(true);
    for (Value other : notOwned)
      owned = LLVM::AndOp::create(
          b, owned, icmp(LLVM::ICmpPredicate::ne, allocation, other));
    Value freed = LLVM::SelectOp::create(b, owned, allocation, null);
    LLVM::CallOp::create(b, free, ValueRange{freed});
    notOwned.push_back(allocation);
  }
  Value copied = LLVM::SelectOp::create(
      b, tooSmall, code(CReturnCode::capacityTooSmall), code(CReturnCode::ok));
  return LLVM::SelectOp::create(b, statusOk, copied, statusCode);
}

llvm::Error WrapperBuilder::build() {
  // Check the lowered signature against the interface before using it.
  auto descriptorWords = [](const CTensor &tensor) {
    return 3 + 2 * static_cast<size_t>(tensor.getRank());
  };
  size_t expectedParams = 0;
  for (const CTensor &tensor : fn.arguments)
    expectedParams += descriptorWords(tensor);
  bool outParams = fn.hasOutParams();
  if (outParams) {
    for (const CTensor &tensor : fn.results)
      expectedParams += descriptorWords(tensor);
    if (fn.hasRuntimeStatus)
      expectedParams += 5;
  }
  LLVM::LLVMFunctionType implType = impl.getFunctionType();
  bool returnsValue = !isa<LLVM::LLVMVoidType>(implType.getReturnType());
  if (implType.getNumParams() != expectedParams || returnsValue == outParams)
    return llvm::createStringError(
        "function '" + fn.mlirName + "': the lowered function takes " +
        llvm::Twine(implType.getNumParams()) + " parameters" +
        (returnsValue ? " and returns a value" : "") + "; expected " +
        llvm::Twine(expectedParams) +
        (outParams ? " returning nothing" : " returning results"));

  entry = wrapper.addEntryBlock(b);
  returnBlock = b.createBlock(&wrapper.getBody(), wrapper.getBody().end(),
                              {i32Type}, {wrapper.getLoc()});
  LLVM::ReturnOp::create(b, returnBlock->getArgument(0));
  b.setInsertionPointToEnd(entry);

  Value shapeBad = i1(false), nonDense = i1(false);
  SmallVector<Descriptor> arguments;
  for (size_t index = 0, e = fn.arguments.size(); index < e; ++index)
    arguments.push_back(unpackArgument(index, shapeBad, nonDense));
  // The sizes the ops need equal, as the static ones.
  for (const EqualDimsCheck &check : fn.equalDims) {
    Value size = arguments[check.argument].sizes[check.dim];
    Value expected =
        check.otherArgument
            ? arguments[*check.otherArgument].sizes[check.otherDimOrSize]
            : i64(check.otherDimOrSize);
    shapeBad = LLVM::OrOp::create(
        b, shapeBad, icmp(LLVM::ICmpPredicate::ne, size, expected));
  }
  auto isDynamic = [](const CTensor &t) { return !t.isStatic(); };
  if (llvm::any_of(fn.arguments, isDynamic)) {
    returnIf(shapeBad, code(CReturnCode::shapeMismatch));
    returnIf(nonDense, code(CReturnCode::nonContiguous));
  }
  Value result = outParams ? callWithOutParams(arguments)
                           : callReturningResults(arguments);
  LLVM::BrOp::create(b, ValueRange{result}, returnBlock);
  return llvm::Error::success();
}

llvm::Error mlir::reduce::emitCWrappers(ModuleOp lowered,
                                        const CInterface &interface) {
  SymbolTable symbols(lowered);
  SmallVector<LLVM::LLVMFuncOp> impls;
  for (const CFunction &fn : interface.functions) {
    auto impl = symbols.lookup<LLVM::LLVMFuncOp>(fn.mlirName);
    if (!impl)
      return llvm::createStringError(
          "function '" + fn.mlirName +
          "' is missing after lowering to the LLVM dialect");
    std::string implName = getImplementationName(fn.mlirName);
    if (symbols.lookup(implName) || failed(symbols.rename(impl, implName)))
      return llvm::createStringError("function '" + fn.mlirName +
                                     "': cannot rename it to '" + implName +
                                     "'");
    impls.push_back(impl);
  }
  for (const CFunction &fn : interface.functions)
    if (Operation *clash = symbols.lookup(fn.cName))
      return llvm::createStringError(
          "the exported name '" + fn.cName +
          "' is already a symbol of the lowered module (" +
          clash->getName().getStringRef() +
          "); expected another name or --prefix");
  auto copy = symbols.lookup<LLVM::LLVMFuncOp>(kCopyHelperName);
  if (!copy)
    return llvm::createStringError(
        "the copy helper '" + kCopyHelperName +
        "' is missing; expected defineRuntimeSupport first");
  LLVM::LLVMFuncOp free = getOrDeclareFree(lowered);
  for (auto [fn, impl] : llvm::zip_equal(interface.functions, impls)) {
    auto builder = ImplicitLocOpBuilder::atBlockEnd(impl.getLoc(),
                                                    lowered.getBody());
    MLIRContext *context = lowered.getContext();
    SmallVector<Type> params(fn.arguments.size() + fn.results.size(),
                             LLVM::LLVMPointerType::get(context));
    auto type =
        LLVM::LLVMFunctionType::get(IntegerType::get(context, 32), params);
    auto wrapper = LLVM::LLVMFuncOp::create(builder, fn.cName, type);
    if (llvm::Error err = WrapperBuilder(fn, wrapper, impl, copy, free).build())
      return err;
  }
  return llvm::Error::success();
}

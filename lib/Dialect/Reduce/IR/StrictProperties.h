//===- StrictProperties.h - Refuse unknown properties -----------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The properties of an op written in the generic form (`<{...}>`) are read
// by the op's generated setPropertiesFromAttr, which skips the names it does
// not know: `<{axes = array<i64: 1>, bogus = 3}>` parsed as if `bogus` were
// not there. The ops of the dialect are registered through
// StrictPropertiesModel, the upstream model of the op with one change: a
// property dictionary that names anything but the op's properties is an
// error naming it.
//
//===----------------------------------------------------------------------===//

#ifndef LIB_DIALECT_REDUCE_IR_STRICTPROPERTIES_H
#define LIB_DIALECT_REDUCE_IR_STRICTPROPERTIES_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/OperationSupport.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

#include <string>

namespace mlir::reduce {

/// Holds the upstream model of `OpTy`, constructed before the Impl base of
/// StrictPropertiesModel, which takes over its interface map.
template <typename OpTy> struct UpstreamModelHolder {
  explicit UpstreamModelHolder(Dialect *dialect) : model(dialect) {}
  RegisteredOperationName::Model<OpTy> model;
};

/// The model of `OpTy`: every hook is the upstream one, but
/// setPropertiesFromAttr first checks the names of the dictionary.
template <typename OpTy>
class StrictPropertiesModel : private UpstreamModelHolder<OpTy>,
                              public OperationName::Impl {
  using UpstreamModelHolder<OpTy>::model;

public:
  explicit StrictPropertiesModel(Dialect *dialect)
      : UpstreamModelHolder<OpTy>(dialect),
        Impl(OpTy::getOperationName(), dialect, TypeID::get<OpTy>(),
             std::move(model.getInterfaceMap())) {}

  LogicalResult
  setPropertiesFromAttr(OperationName name, OpaqueProperties properties,
                        Attribute attr,
                        function_ref<InFlightDiagnostic()> emitError) final {
    if (auto dict = dyn_cast_if_present<DictionaryAttr>(attr)) {
      // The attribute-backed properties, then the others, which the
      // dictionary of default properties names.
      SmallVector<StringRef> known(OpTy::getAttributeNames());
      if (auto defaults =
              dyn_cast_if_present<DictionaryAttr>(OpTy::getPropertiesAsAttr(
                  name.getContext(), typename OpTy::Properties())))
        for (NamedAttribute entry : defaults)
          if (!llvm::is_contained(known, entry.getName().getValue()))
            known.push_back(entry.getName().getValue());
      for (NamedAttribute entry : dict) {
        if (llvm::is_contained(known, entry.getName().getValue()))
          continue;
        llvm::sort(known);
        return emitError() << "unknown property '" << entry.getName().getValue()
                           << "': expected "
                           << (known.empty() ? std::string("none")
                                             : llvm::join(known, ", "));
      }
    }
    return model.setPropertiesFromAttr(name, properties, attr, emitError);
  }

  // Everything else is the upstream model's.
  LogicalResult foldHook(Operation *op, ArrayRef<Attribute> operands,
                         SmallVectorImpl<OpFoldResult> &results) final {
    return model.foldHook(op, operands, results);
  }
  void getCanonicalizationPatterns(RewritePatternSet &set,
                                   MLIRContext *context) final {
    model.getCanonicalizationPatterns(set, context);
  }
  bool hasTrait(TypeID id) final { return model.hasTrait(id); }
  OperationName::ParseAssemblyFn getParseAssemblyFn() final {
    return model.getParseAssemblyFn();
  }
  void populateDefaultAttrs(const OperationName &name,
                            NamedAttrList &attrs) final {
    model.populateDefaultAttrs(name, attrs);
  }
  void printAssembly(Operation *op, OpAsmPrinter &printer,
                     StringRef prefix) final {
    model.printAssembly(op, printer, prefix);
  }
  LogicalResult verifyInvariants(Operation *op) final {
    return model.verifyInvariants(op);
  }
  LogicalResult verifyRegionInvariants(Operation *op) final {
    return model.verifyRegionInvariants(op);
  }
  std::optional<Attribute> getInherentAttr(Operation *op,
                                           StringRef name) final {
    return model.getInherentAttr(op, name);
  }
  void setInherentAttr(Operation *op, StringAttr name, Attribute value) final {
    model.setInherentAttr(op, name, value);
  }
  void populateInherentAttrs(Operation *op, NamedAttrList &attrs) final {
    model.populateInherentAttrs(op, attrs);
  }
  LogicalResult
  verifyInherentAttrs(OperationName name, NamedAttrList &attrs,
                      function_ref<InFlightDiagnostic()> emitError) final {
    return model.verifyInherentAttrs(name, attrs, emitError);
  }
  int getOpPropertyByteSize() final { return model.getOpPropertyByteSize(); }
  void initProperties(OperationName name, OpaqueProperties storage,
                      OpaqueProperties init) final {
    model.initProperties(name, storage, init);
  }
  void deleteProperties(OpaqueProperties properties) final {
    model.deleteProperties(properties);
  }
  void populateDefaultProperties(OperationName name,
                                 OpaqueProperties properties) final {
    model.populateDefaultProperties(name, properties);
  }
  Attribute getPropertiesAsAttr(Operation *op) final {
    return model.getPropertiesAsAttr(op);
  }
  void copyProperties(OpaqueProperties lhs, OpaqueProperties rhs) final {
    model.copyProperties(lhs, rhs);
  }
  bool compareProperties(OpaqueProperties lhs, OpaqueProperties rhs) final {
    return model.compareProperties(lhs, rhs);
  }
  llvm::hash_code hashProperties(OpaqueProperties properties) final {
    return model.hashProperties(properties);
  }
};

/// Registers `OpTys` in `dialect` through StrictPropertiesModel.
template <typename... OpTys> void addStrictOperations(Dialect &dialect) {
  (RegisteredOperationName::insert(
       std::make_unique<StrictPropertiesModel<OpTys>>(&dialect),
       OpTys::getAttributeNames()),
   ...);
}

} // namespace mlir::reduce

#endif // LIB_DIALECT_REDUCE_IR_STRICTPROPERTIES_H

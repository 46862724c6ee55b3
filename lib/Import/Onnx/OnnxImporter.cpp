// Placeholder, replaced by the ONNX importer.
#include "reduce/Import/Onnx.h"
#include "reduce/Import/ModelBuilder.h"
using namespace mlir;
using namespace mlir::reduce;
llvm::Expected<OwningOpRef<ModuleOp>>
mlir::reduce::importOnnxModel(MLIRContext *, llvm::StringRef, llvm::StringRef p) {
  return makeImportError("'" + p + "': the ONNX importer is not built yet");
}
llvm::Expected<OwningOpRef<ModuleOp>>
mlir::reduce::importOnnxModelFile(MLIRContext *c, llvm::StringRef p) {
  return importOnnxModel(c, "", p);
}
